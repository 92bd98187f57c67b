/*
 * Value lists of media (app/features/media) that the database constrains its columns
 * to (db/schema.ts): the app reads the same lists, so what it writes and what the database
 * accepts cannot drift apart. Plain arrays, one file a domain: fans' pages may import them.
 */

export const UPLOAD_PURPOSES = ['content-file', 'gallery-media', 'cover', 'thumbnail', 'logo', 'hero'] as const
export const MEDIA_TYPES = ['image', 'video', 'audio', 'pdf', 'other'] as const
/**
 * Whether fans may see a gallery file: `pending` waits in a live gallery's tray, `hidden` is kept
 * from them by the company (the editor's "Hide"); only `approved` reaches a fan (migration 0050).
 */
export const ASSET_MODERATIONS = ['pending', 'approved', 'hidden'] as const
