import { AsyncLocalStorage } from 'node:async_hooks'

/*
 * Every fan's page in the page cache's scope starts with a read of its company's versions (the
 * page cache's key). Any change to what fans see of the company's own row bumps its version
 * (migration 0011's trigger), so a row read before under the same version is still the row:
 * the render that follows a miss takes it instead of reading it again (one round trip fewer).
 * The media version moves alone while photos are processed (migration 0008 changes no other
 * column with it): a row of an earlier one is the row with the version just read.
 * The read travels with the request it was made for, never with another one, so only a version
 * read for this very request (never older than it) can vouch for a kept row.
 */

/** A company's versions as read from the database for the request under way. */
export type CompanyVersionRead = { slug: string; id: string; publicVersion: number; publicMediaVersion: number }

const readForRequest = new AsyncLocalStorage<CompanyVersionRead>()

/** Runs `continuation` (the rest of the request's handling) with `read` as its company's versions. */
export function withCompanyVersionRead<T>(read: CompanyVersionRead, continuation: () => T): T {
  return readForRequest.run(read, continuation)
}

/** The versions read for this request of the company at `slug`, if its page cache read them. */
export function companyVersionReadFor(slug: string): CompanyVersionRead | undefined {
  const read = readForRequest.getStore()
  return read?.slug === slug ? read : undefined
}

/** Rows kept at most: one per company whose pages fans open (they start over when full). */
const MAX_KEPT = 2000

/** Rows of companies, by slug, each with the versions it was read under. */
export class KeptCompanyRows<Row extends { id: string; publicVersion: number; publicMediaVersion: number }> {
  private rows = new Map<string, Row>()

  /** The row kept for `slug`, if it is the one `read` vouches for (same company, same version of its edits), with the media version read. */
  current(slug: string, read: CompanyVersionRead | undefined): Row | undefined {
    if (!read) return undefined
    const row = this.rows.get(slug)
    if (!row || row.id !== read.id || row.publicVersion !== read.publicVersion) return undefined
    if (row.publicMediaVersion === read.publicMediaVersion) return row
    const current = { ...row, publicMediaVersion: read.publicMediaVersion }
    this.rows.set(slug, current)
    return current
  }

  keep(slug: string, row: Row) {
    if (this.rows.size >= MAX_KEPT && !this.rows.has(slug)) this.rows.clear()
    this.rows.set(slug, row)
  }
}
