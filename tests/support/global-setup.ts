import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { AS_DEPLOYED, freePort, startAppProcess } from './app-process'
import { createTestDatabase } from './test-database'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    databaseUrl: string
    sessionSecret: string
    dataDir: string
  }
}

/**
 * Starts the production build (`node server.js`) against a fresh database, as a deployment
 * with DATABASE_URL would run it, and hands its address to the tests.
 */
export default async function setup(project: TestProject) {
  // Resolved as server.js resolves it: relative to the working directory, or absolute.
  const serverEntry = path.resolve(process.env.AFTERGLOW_BUILD_DIR || 'build', 'server', 'index.js')
  if (!existsSync(serverEntry))
    throw new Error(
      `No build found at ${serverEntry}: run \`npm run build\` before the integration and e2e tests (npm test does).`,
    )
  const database = await createTestDatabase()
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-test-'))
  const sessionSecret = randomBytes(32).toString('base64url')
  const app = await startAppProcess(
    {
      ...AS_DEPLOYED,
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      APP_URL: baseUrl,
      SESSION_SECRET: sessionSecret,
      SEED_DEMO: 'false',
      SMTP_URL: undefined,
      // The operator console's tests sign in as this account (tests/integration/operator.test.ts).
      OPERATOR_EMAILS: 'operator@afterglow.test',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // The webhook tests' receivers listen on 127.0.0.1 (tests/integration/webhooks-*.test.ts).
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
    },
    // A fresh database is migrated first; on a busy shared machine that alone can take a long while.
    { port, timeoutMs: 180_000 },
  )
  project.provide('baseUrl', baseUrl)
  project.provide('databaseUrl', database.url)
  project.provide('sessionSecret', sessionSecret)
  project.provide('dataDir', dataDir)

  return async () => {
    const code = await app.stop('SIGTERM')
    if (code !== 0) console.error(`the app exited with code ${code} on SIGTERM:\n${app.output()}`)
    // What the app logged (warnings and errors), beside the tests' reports: a test that saw a 500
    // is explained here.
    await fs.mkdir('test-results', { recursive: true })
    await fs.writeFile(path.join('test-results', `app-${project.name || 'tests'}.log`), app.output())
    await database.drop()
    await fs.rm(dataDir, { recursive: true, force: true })
  }
}
