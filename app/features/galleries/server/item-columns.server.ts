import { sql } from 'drizzle-orm'

/*
 * What fans' lists show of a content item, as SQL the landing, the event page and the gallery
 * page select alike: its cover, its file's type and its counts.
 */

// Sub-selects are written out in full: drizzle's unqualified column names would bind to the inner table.
/**
 * The cover fans see: the chosen one, else the first photo or video that is ready and theirs to
 * see (not hidden, not waiting in a live tray; the editor shows the same). Fans' reads of it run `withoutSorting` (see there).
 */
export const coverOf = sql<string | null>`coalesce(content_items.cover_asset_id, (
  select first.id from assets as first
  where first.content_item_id = content_items.id and first.processing_status = 'ready' and first.media_type in ('image', 'video')
    and first.moderation = 'approved'
  order by first.position limit 1))`

/** The media type of a single item's file (its newest one, should an old one linger). */
export const fileTypeOf = sql<string | null>`(select file.media_type from assets as file
  where file.content_item_id = content_items.id and file.purpose = 'content-file'
  order by file.created_at desc limit 1)`

/** How many photos or videos an item shows, as the database keeps them (gallery_file_counts, migration 0040). */
export const keptCount = (column: 'photos' | 'videos') =>
  sql<number>`coalesce((select counts.${sql.raw(column)} from gallery_file_counts as counts where counts.content_item_id = content_items.id), 0)`

/** How many audio files an item has: the kept counts hold photos and videos only (migration 0038's index serves this count). */
export const audioFiles = sql<number>`(select count(*)::int from assets as files where files.content_item_id = content_items.id and files.media_type = 'audio')`
