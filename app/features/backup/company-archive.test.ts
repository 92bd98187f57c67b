import { getTableColumns, getTableName, is } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import * as schema from '#db/schema'
import { ARCHIVE_TABLES, TABLES_LEFT_OUT } from './company-archive'

describe('a company archive', () => {
  it('holds every table of a company, or says why one is left out', () => {
    const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable))
    const companyTables = tables
      .filter((table) => 'companyId' in getTableColumns(table))
      .map((table) => getTableName(table))
    const accounted: string[] = [...ARCHIVE_TABLES, ...Object.keys(TABLES_LEFT_OUT)]
    expect(companyTables.filter((name) => !accounted.includes(name))).toEqual([])
    expect(accounted.filter((name) => !companyTables.includes(name))).toEqual([])
  })
})
