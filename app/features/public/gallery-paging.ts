/** Photos and videos per page of a gallery: the first page is in the HTML, the rest come as the fan scrolls. */
export const GALLERY_PAGE_SIZE = 60

/**
 * How many pages ahead of what a fan has the gallery holds the space of, tile for tile: a fan who
 * scrolls past the page on its way still finds the next page's tiles below it, not the footer
 * that the following page's tiles would push down.
 */
export const PAGES_HELD_AHEAD = 2
