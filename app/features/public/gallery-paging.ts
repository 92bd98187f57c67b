/** Photos and videos per page of a gallery: the first page is in the HTML, the rest come as the fan scrolls. */
export const GALLERY_PAGE_SIZE = 60
