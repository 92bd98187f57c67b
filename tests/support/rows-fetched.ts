import { sql } from 'drizzle-orm'
import type { Transaction } from '#app/lib/db.server'

/**
 * The rows of `assets` this connection has fetched so far, through any of its indexes or bitmaps,
 * as PostgreSQL counts them. Counts not yet reported carry over between a connection's
 * transactions, so a read's own rows are the difference between a count before it and one after
 * it, in its transaction.
 */
export async function assetRowsFetched(tx: Transaction) {
  const { rows } = await tx.execute(
    sql`select sum(pg_stat_get_xact_tuples_fetched(relation))::int as fetched from (select 'assets'::regclass::oid as relation union all select indexrelid from pg_index where indrelid = 'assets'::regclass) as assets_and_indexes`,
  )
  return (rows[0] as { fetched: number }).fetched
}
