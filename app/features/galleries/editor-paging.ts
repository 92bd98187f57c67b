/**
 * Tiles the gallery editor draws at first, and adds each time the admin scrolls near the end or
 * asks for more. A festival's gallery holds thousands of photos: drawn whole, 5,000 made a page
 * far too heavy for the browser to finish (500 alone made 29,000 elements).
 */
export const FILES_SHOWN_AT_ONCE = 120
