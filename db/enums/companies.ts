/*
 * Value lists of companies (app/features/companies) that the database constrains its columns
 * to (db/schema.ts): the app reads the same lists, so what it writes and what the database
 * accepts cannot drift apart. Plain arrays, one file a domain: fans' pages may import them.
 */

export const EMPLOYEE_COUNTS = ['1-10', '11-50', '51-200', '201-500', '500+'] as const
