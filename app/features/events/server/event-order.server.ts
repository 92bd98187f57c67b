import { asc, sql } from 'drizzle-orm'
import { contentItem } from '#db/schema'

/** The order of an event's content, on its page and in its editor: the places chosen, then what was attached before places were kept, by title (then id: one order, for its batches). */
export const eventOrder = [
  sql`${contentItem.eventPosition} asc nulls last`,
  asc(contentItem.title),
  asc(contentItem.id),
]
