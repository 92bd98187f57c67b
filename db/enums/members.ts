/*
 * Value lists of members (app/features/members) that the database constrains its columns
 * to (db/schema.ts): the app reads the same lists, so what it writes and what the database
 * accepts cannot drift apart. Plain arrays, one file a domain: fans' pages may import them.
 */

export const ROLES = ['admin', 'manager', 'user'] as const
