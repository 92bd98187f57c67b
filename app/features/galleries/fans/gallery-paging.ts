/**
 * Photos and videos per page of a gallery: the first page is in the HTML, the rest come as the
 * fan scrolls. Fifty fill about three screens of a desktop's rows and five of a phone's before
 * the next page is asked for; and a gallery of 5,000 then renders the same first page as one of
 * 50, so its page costs what a small gallery's does, plus the sizes of the pages held ahead.
 */
export const GALLERY_PAGE_SIZE = 50

/**
 * How many pages ahead of what a fan has the gallery holds the space of, tile for tile: a fan who
 * scrolls past the page on its way still finds the next page's tiles below it, not the footer
 * that the following page's tiles would push down.
 */
export const PAGES_HELD_AHEAD = 2

/**
 * `items` cut into blocks of `size` (the last may be shorter), each with where it starts: a
 * gallery's pages, each laid out as a grid of its own, shown or held.
 */
export function inBlocks<T>(items: readonly T[], size: number) {
  const blocks: { start: number; items: T[] }[] = []
  for (let start = 0; start < items.length; start += size)
    blocks.push({ start, items: items.slice(start, start + size) })
  return blocks
}
