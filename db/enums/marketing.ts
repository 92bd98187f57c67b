/*
 * Value lists of marketing (app/features/marketing) that the database constrains its columns
 * to (db/schema.ts): the app reads the same lists, so what it writes and what the database
 * accepts cannot drift apart. Plain arrays, one file a domain: fans' pages may import them.
 */

export const MARKETING_FORM_KINDS = ['interest', 'newsletter', 'contact'] as const
