/** Header the HTTP layer sets to the client address, so rate limits are per visitor. */
export const CLIENT_IP_HEADER = 'x-afterglow-client-ip'
