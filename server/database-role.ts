import pg from 'pg'
import { EnvError } from '#app/lib/env.server'
import { logger } from '#app/lib/logger.server'

/*
 * Row-level security keeps each company to its own rows (ADR 005, 027), and PostgreSQL sets it
 * aside for a superuser and for a role with BYPASSRLS: with such a DATABASE_URL every fence in
 * the app would silently stand open. A production start refuses it; elsewhere (a laptop, a
 * scratch database) it is said loudly and the start goes on. The embedded database passes: the
 * app connects to it as an ordinary role of its own (server/embedded-postgres.ts), never as its
 * `postgres` superuser, so the same check serves both.
 */

export type DatabaseRole = { name: string; superuser: boolean; bypassRls: boolean }

/** What is wrong with connecting as `role`, in words an operator acts on, or null. */
export function roleProblem(role: DatabaseRole) {
  const powers = [role.superuser ? 'a superuser' : null, role.bypassRls ? 'allowed BYPASSRLS' : null].filter(Boolean)
  if (powers.length === 0) return null
  return (
    `DATABASE_URL connects as the role "${role.name}", which is ${powers.join(' and ')}: PostgreSQL then ignores ` +
    'row-level security, which keeps each company to its own rows. Connect as an ordinary role that owns the ' +
    `database (or run ALTER ROLE "${role.name}" NOSUPERUSER NOBYPASSRLS); see docs/architecture/deployment.md`
  )
}

/** The role a connection string logs in as, and the powers that would set row-level security aside. */
export async function readDatabaseRole(databaseUrl: string): Promise<DatabaseRole> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ name: string; superuser: boolean; bypass_rls: boolean }>(
      'select rolname as name, rolsuper as superuser, rolbypassrls as bypass_rls from pg_roles where rolname = current_user',
    )
    const [row] = rows
    return { name: row.name, superuser: row.superuser, bypassRls: row.bypass_rls }
  } finally {
    await client.end()
  }
}

/** At boot, before anything is written: a role above row-level security stops a production start. */
export async function checkDatabaseRole(databaseUrl: string, options: { production: boolean }) {
  const problem = roleProblem(await readDatabaseRole(databaseUrl))
  if (!problem) return
  if (options.production) throw new EnvError([problem])
  logger.warn(`${problem}. Allowed outside production only (NODE_ENV=production refuses to start).`)
}
