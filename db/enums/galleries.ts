/*
 * Value lists of galleries and single items (app/features/galleries) that the database constrains its columns
 * to (db/schema.ts): the app reads the same lists, so what it writes and what the database
 * accepts cannot drift apart. Plain arrays, one file a domain: fans' pages may import them.
 */

export const CONTENT_KINDS = ['single', 'gallery'] as const
export const CONTENT_STATUSES = ['draft', 'published', 'archived'] as const
