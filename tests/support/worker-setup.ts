import { inject } from 'vitest'
import { configureSessionSecret } from '#app/lib/session-secret.server'
import { connectDatabase } from '#app/lib/db.server'

// Test files talk to the same database as the app under test, to arrange data and to check it.
Object.assign(process.env, {
  NODE_ENV: 'test',
  DATABASE_URL: inject('databaseUrl'),
  APP_URL: inject('baseUrl'),
  DATA_DIR: inject('dataDir'),
  SESSION_SECRET: inject('sessionSecret'),
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
})
delete process.env.SMTP_URL
connectDatabase(inject('databaseUrl'), { max: 4 })
configureSessionSecret(inject('sessionSecret'))
