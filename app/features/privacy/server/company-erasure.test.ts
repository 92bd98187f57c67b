import { getTableColumns, getTableName, is } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import * as schema from '#db/schema'
import { ERASED_BY_NAME, KEPT_WITHOUT_COMPANY } from './erase-closed-companies.server'

/** How a table's company_id follows the company's row when it is deleted: 'cascade', 'set null'…, or null without a foreign key. */
function onCompanyDelete(table: PgTable) {
  const { foreignKeys } = getTableConfig(table)
  for (const key of foreignKeys) {
    const reference = key.reference()
    if (
      getTableName(reference.foreignTable) === 'companies' &&
      reference.columns.some((column) => column.name === 'company_id')
    )
      return key.onDelete ?? 'no action'
  }
  return null
}

describe('erasing a closed company', () => {
  it('leaves none of its rows behind: each company table cascades from its row, is deleted by name, or is kept on purpose', () => {
    const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable))
    const companyTables = tables.filter(
      (table) => 'companyId' in getTableColumns(table) || 'organizationId' in getTableColumns(table),
    )
    const byName = new Set<string>(ERASED_BY_NAME.map((table) => getTableName(table)))
    const unaccounted = companyTables
      .map((table) => ({ name: getTableName(table), rule: onCompanyDelete(table) }))
      .filter(
        ({ name, rule }) =>
          rule !== 'cascade' &&
          !byName.has(name) &&
          name !== 'audit_events' &&
          !(KEPT_WITHOUT_COMPANY as readonly string[]).includes(name),
      )
    expect(unaccounted).toEqual([])
  })

  it('names only tables that need it, and keeps only what says so', () => {
    for (const table of ERASED_BY_NAME) expect(onCompanyDelete(table), getTableName(table)).toBeNull()
    expect(onCompanyDelete(schema.billingEvent)).toBe('set null')
  })
})
