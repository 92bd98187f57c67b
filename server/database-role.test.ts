import { describe, expect, it } from 'vitest'
import { roleProblem } from './database-role'

describe('roleProblem', () => {
  it('lets an ordinary role through', () => {
    expect(roleProblem({ name: 'afterglow', superuser: false, bypassRls: false })).toBeNull()
  })

  it('names the role, what it may do, why it matters and what to write instead', () => {
    expect(roleProblem({ name: 'postgres', superuser: true, bypassRls: true })).toBe(
      'DATABASE_URL connects as the role "postgres", which is a superuser and allowed BYPASSRLS: PostgreSQL then ' +
        'ignores row-level security, which keeps each company to its own rows. Connect as an ordinary role that ' +
        'owns the database (or run ALTER ROLE "postgres" NOSUPERUSER NOBYPASSRLS); see docs/architecture/deployment.md',
    )
    expect(roleProblem({ name: 'ops', superuser: false, bypassRls: true })).toMatch(
      /^DATABASE_URL connects as the role "ops", which is allowed BYPASSRLS: /,
    )
    expect(roleProblem({ name: 'root', superuser: true, bypassRls: false })).toMatch(/which is a superuser: /)
  })
})
