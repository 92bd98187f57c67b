/** Sessions end after 30 minutes without activity; the activity ping slides the window. */
export const SESSION_IDLE_SECONDS = 30 * 60
