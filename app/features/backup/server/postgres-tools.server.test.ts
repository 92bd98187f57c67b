import { describe, expect, it } from 'vitest'
import { postgresToolEnv } from './postgres-tools.server'

describe('the connection pg_dump and pg_restore are given', () => {
  it('names a server on the network by its host and port, the password kept out of the arguments', () => {
    const env = postgresToolEnv('postgresql://backup%40ops:s%3Acret@db.internal:6543/afterglow?sslmode=require')
    expect(env).toMatchObject({
      PGHOST: 'db.internal',
      PGPORT: '6543',
      PGUSER: 'backup@ops',
      PGPASSWORD: 's:cret',
      PGDATABASE: 'afterglow',
      PGSSLMODE: 'require',
    })
    expect(env.PGOPTIONS).toContain('-c app.bypass_rls=on')
  })

  it('reaches the embedded server through the Unix socket its URL names (ADR 073)', () => {
    const env = postgresToolEnv(
      `postgresql://afterglow:pw@localhost:41234/afterglow?host=${encodeURIComponent('/srv/afterglow data/postgres')}`,
    )
    expect(env).toMatchObject({
      PGHOST: '/srv/afterglow data/postgres',
      PGPORT: '41234',
      PGUSER: 'afterglow',
      PGDATABASE: 'afterglow',
    })
  })
})
