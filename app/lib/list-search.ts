import { z } from 'zod'

/** The longest search the admin's lists run; a longer one matches nothing and the page says why. */
export const SEARCH_MAX_LENGTH = 100

/** A list's search from the page address: trimmed, empty as none, kept whole so a long one can be told apart. */
export const ZListSearch = z
  .string()
  .trim()
  .optional()
  .catch(undefined)
  .transform((value) => value || undefined)

export function isSearchTooLong(search: string | undefined) {
  return (search?.length ?? 0) > SEARCH_MAX_LENGTH
}
