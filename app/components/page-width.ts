/**
 * The admin's page widths, one per kind of page, so that pages of a kind line up as the admin
 * moves between them; on a phone every page is the screen's width.
 * - wide: lists, tables and dashboards, the gallery editor's grid, plans side by side, settings
 *   drawn beside their live preview;
 * - form: a column of fields or settings sections (company data, security, the team, a new item,
 *   an event).
 */
const PAGE_WIDTHS = { wide: 'mx-auto max-w-7xl', form: 'mx-auto max-w-3xl' } as const
export type PageWidth = keyof typeof PAGE_WIDTHS

/** The classes of the column an admin page's content sits in, centred beside the sidebar. */
export function pageWidth(kind: PageWidth) {
  return PAGE_WIDTHS[kind]
}
