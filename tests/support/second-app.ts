import { inject } from 'vitest'
import { AS_DEPLOYED, freePort, startAppProcess } from './app-process'

/** Another `node server.js` on the same database, data directory and secret as the app under test. */
export async function startSecondApp(extraEnv: Record<string, string> = {}) {
  const port = await freePort()
  const env = {
    ...AS_DEPLOYED,
    DATABASE_URL: inject('databaseUrl'),
    DATA_DIR: inject('dataDir'),
    PORT: String(port),
    APP_URL: inject('baseUrl'),
    SESSION_SECRET: inject('sessionSecret'),
    SEED_DEMO: 'false',
    SMTP_URL: undefined,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  }
  return { port, env, url: `http://127.0.0.1:${port}`, app: await startAppProcess(env, { port }) }
}
