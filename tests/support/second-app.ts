import { inject } from 'vitest'
import { AS_DEPLOYED, freePort, startAppProcess } from './app-process'

/**
 * Another `node server.js` on the same database, data directory and secret as the app under test:
 * a web process alone unless `extraEnv` asks for its worker (PROCESS_ROLE=all), since the app under
 * test's worker already takes the jobs queued on that database. A worker costs a second start.
 */
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
    PROCESS_ROLE: 'web',
    ...extraEnv,
  }
  return { port, env, url: `http://127.0.0.1:${port}`, app: await startAppProcess(env, { port }) }
}
