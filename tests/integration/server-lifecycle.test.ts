import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { isProcessAlive, startEmbeddedPostgres } from '../../server/embedded-postgres'
import { freePort, startAppProcess } from '../support/app-process'
import { signIn } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { waitUntil } from '../support/wait'

const noConfiguration = {
  DATABASE_URL: undefined,
  TEST_DATABASE_URL: undefined,
  APP_URL: undefined,
  SESSION_SECRET: undefined,
  SMTP_URL: undefined,
  SEED_DEMO: undefined,
  NODE_ENV: undefined,
  LOG_LEVEL: 'warn',
}

/** Processes alive now in the process group `group`, or whose command line names `text`. */
async function processesOf(group: number, text: string) {
  const found: string[] = []
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const [stat, cmdline] = await Promise.all([
      fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => ''),
      fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => ''),
    ])
    // After the command's name in brackets: state, parent, process group.
    const processGroup = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2])
    if (processGroup === group || cmdline.includes(text)) found.push(`${entry}: ${cmdline.replaceAll('\0', ' ')}`)
  }
  return found
}

describe('the server process with no configuration (embedded PostgreSQL)', () => {
  const dataDirs: string[] = []
  afterAll(async () => {
    for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true })
  })

  it('starts, seeds the demo, survives a crash, and shuts down cleanly on SIGTERM and on Ctrl-C', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-lifecycle-'))
    await fs.chmod(dataDir, 0o755)
    dataDirs.push(dataDir)
    const port = await freePort()
    const env = { ...noConfiguration, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' }

    // A first start creates the database cluster and draws the demo's photos: on a busy 2-core machine that can pass a minute and a half.
    const first = await startAppProcess(env, { port, timeoutMs: 180_000 })
    // The start says where to go and who can sign in, the operator included, in plain lines.
    await waitUntil(() => first.output().includes('Platform operator:'), {
      timeoutMs: 30_000,
      message: () => first.output(),
    })
    expect(first.output()).toContain(`Fans' demo page:   http://localhost:${port}/demo`)
    expect(first.output()).toContain(`/auth   demo@afterglow.local / Afterglow-demo-1`)
    expect(first.output()).toContain(`/operator   operator@afterglow.local / Afterglow-operator-1`)
    expect(first.output()).toContain(`http://localhost:${port}/dev/outbox`)
    const home = await fetch(`http://127.0.0.1:${port}/`)
    expect(home.status).toBe(200)
    // It reaches its PostgreSQL through a Unix socket in the cluster's folder, not TCP.
    const clusterDir = path.join(dataDir, 'postgres')
    const socket = (await fs.readdir(clusterDir)).find((name) => /^\.s\.PGSQL\.\d+$/.test(name))
    expect(socket).toBeDefined()
    const { appPassword } = JSON.parse(readFileSync(path.join(dataDir, 'postgres-credentials.json'), 'utf8')) as {
      appPassword: string
    }
    const db = new pg.Client({
      host: clusterDir,
      port: Number(socket!.split('.').pop()),
      user: 'afterglow',
      password: appPassword,
      database: 'afterglow',
    })
    await db.connect()
    try {
      const { rows } = await db.query<{ socket: number; tcp: number }>(
        `select count(*) filter (where client_port = -1)::int as socket, count(*) filter (where client_port <> -1)::int as tcp from pg_stat_activity where usename = 'afterglow' and pid <> pg_backend_pid()`,
      )
      expect(rows[0].socket).toBeGreaterThan(0)
      expect(rows[0].tcp).toBe(0)
    } finally {
      await db.end()
    }
    const demoLogin = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email: 'demo@afterglow.local', password: 'Afterglow-demo-1' }),
    })
    expect(demoLogin.status).toBe(200)
    // The demo company comes with published galleries and an event.
    const cookie = demoLogin.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    const highlights = await (
      await fetch(`http://127.0.0.1:${port}/admin/content?status=published`, { headers: { cookie } })
    ).text()
    expect(highlights).toContain('Night Owls — Live at the Roundhouse')
    expect(highlights).toContain('Backstage')
    expect(await (await fetch(`http://127.0.0.1:${port}/admin/events`, { headers: { cookie } })).text()).toContain(
      'Night Owls World Tour — London',
    )
    expect(existsSync(path.join(dataDir, 'session-secret'))).toBe(true)
    // The printed operator password opens the operator console.
    const operatorLogin = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email: 'operator@afterglow.local', password: 'Afterglow-operator-1' }),
    })
    expect(operatorLogin.status).toBe(200)
    const operatorCookie = operatorLogin.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    expect(
      (await fetch(`http://127.0.0.1:${port}/operator/status`, { headers: { cookie: operatorCookie } })).status,
    ).toBe(200)

    // A crash: the app dies without stopping its PostgreSQL, which keeps the data directory locked.
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid')
    const orphanPid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
    await first.stop('SIGKILL')
    expect(isProcessAlive(orphanPid)).toBe(true)

    const second = await startAppProcess(env, { port, timeoutMs: 90_000 })
    expect(isProcessAlive(orphanPid)).toBe(false)
    const health = await fetch(`http://127.0.0.1:${port}/api/health`)
    expect((await health.json()).checks.database.status).toBe('ok')

    // A second process on the same data directory is refused instead of stopping this one's database.
    const otherPort = await freePort()
    await expect(
      startAppProcess({ ...env, PORT: String(otherPort) }, { port: otherPort, timeoutMs: 30_000 }),
    ).rejects.toThrow(/Another Afterglow process \(pid \d+\) is using DATA_DIR/)
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200)

    // Its PostgreSQL killed under it (an OOM kill): the app starts it again and answers as before.
    const killedPid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
    process.kill(killedPid, 'SIGKILL')
    await waitUntil(
      async () => {
        const answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null)
        return answer?.status === 200 && (await answer.json()).checks.database.status === 'ok'
      },
      { timeoutMs: 30_000, message: () => `the database did not come back:\n${second.output()}` },
    )
    // A member's page too, within seconds: a pooled connection to the old server fails once (503
    // with Retry-After) and is replaced, as the health check's was.
    let memberStatus = 0
    await waitUntil(
      async () => {
        memberStatus = (await fetch(`http://127.0.0.1:${port}/admin/events`, { headers: { cookie } })).status
        return memberStatus !== 503
      },
      {
        timeoutMs: 15_000,
        message: () => `a member's page answered ${memberStatus}:\n${second.output().slice(-4000)}`,
      },
    )
    expect(memberStatus, second.output().slice(-4000)).toBe(200)
    expect(Number(readFileSync(pidFile, 'utf8').split('\n')[0])).not.toBe(killedPid)
    expect(second.output()).toContain('starting it again')

    const postgresPid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
    const code = await second.stop('SIGTERM')
    expect(code).toBe(0)
    expect(second.output()).toContain('Shut down cleanly')
    expect(isProcessAlive(postgresPid)).toBe(false)
    expect(existsSync(pidFile)).toBe(false)

    // Ctrl-C reaches every process of the terminal's group: the database must still stop last,
    // after the requests and the worker's job, with nothing but the plain shutdown lines.
    // It is stopped while photos just uploaded are being made into web sizes.
    const third = await startAppProcess(env, { port, timeoutMs: 90_000 })
    const demo = new TestClient(`http://localhost:${port}`)
    await signIn(demo, { email: 'demo@afterglow.local', password: 'Afterglow-demo-1' })
    const galleryId = /data-content-id="([0-9a-f-]{36})"/.exec(
      (await demo.get('/admin/content?kind=gallery')).text,
    )?.[1]
    expect(galleryId).toBeDefined()
    for (const color of ['#aa3311', '#335577', '#118844']) {
      const sent = await tusUpload(demo, await makePhoto(4000, 3000, color), {
        filename: `late-${color.slice(1)}.jpg`,
        purpose: 'gallery-media',
        contentItemId: galleryId!,
      })
      expect(sent.ok, JSON.stringify(sent)).toBe(true)
    }
    const before = third.output().length
    expect(await third.interrupt()).toBe(0)
    const stopping = third.output().slice(before)
    expect(stopping).toContain('Shut down cleanly')
    expect(stopping).not.toMatch(/error|unhandled|\n\s+at /i)
    expect(existsSync(pidFile)).toBe(false)
  }, 300_000)

  it('stops its worker and its PostgreSQL and says why in one line when its port is taken', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-port-taken-'))
    await fs.chmod(dataDir, 0o755)
    dataDirs.push(dataDir)
    const port = await freePort()
    const holder = net.createServer()
    await new Promise<void>((resolve) => holder.listen(port, resolve))
    try {
      let output = ''
      const app = spawn(process.execPath, ['server.js'], {
        env: Object.fromEntries(
          Object.entries({
            ...process.env,
            ...noConfiguration,
            DATA_DIR: dataDir,
            PORT: String(port),
            PROCESS_ROLE: 'all',
            SEED_DEMO: 'false',
            LOG_LEVEL: 'info',
          }).filter(([, value]) => value !== undefined),
        ),
        stdio: ['ignore', 'pipe', 'pipe'],
        // A group of its own, as a terminal gives `npm start`: the worker it forks joins it.
        detached: true,
      })
      app.stdout.on('data', (chunk) => (output += chunk))
      app.stderr.on('data', (chunk) => (output += chunk))
      const code = await new Promise<number | null>((resolve) => app.once('exit', resolve))
      expect(code, output).toBe(1)
      // Its worker had started on the embedded database before the port was tried.
      expect(output).toMatch(/"role":"worker"[^\n]*"msg":"database ready"/)
      const said = output.split('\n').filter((line) => line && !line.startsWith('{'))
      expect(said).toEqual([`Port ${port} is in use: set PORT or stop the other process`])
      expect(output).not.toContain('starting it again')
      // Nothing it started outlives it: no worker in its group, no PostgreSQL on its data directory.
      expect(await processesOf(app.pid!, dataDir)).toEqual([])
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false)
      expect(existsSync(path.join(dataDir, 'afterglow.pid'))).toBe(false)
    } finally {
      await new Promise((resolve) => holder.close(resolve))
    }
  }, 180_000)

  it('refuses to start on bad configuration and names each bad value', async () => {
    const port = await freePort()
    await expect(
      startAppProcess(
        {
          ...noConfiguration,
          PORT: 'eighty',
          APP_URL: 'not a url',
          DATABASE_URL: 'mysql://x',
          DATA_DIR: os.tmpdir(),
          TRUST_PROXY: 'true',
        },
        { port, timeoutMs: 20_000 },
      ),
    ).rejects.toThrow(
      /PORT must be a number[\s\S]*DATABASE_URL must be a postgres:\/\/[\s\S]*APP_URL must be an absolute URL[\s\S]*TRUST_PROXY must not be true: it would trust any client's X-Forwarded-For[\s\S]*loopback for a proxy on this machine/,
    )
  })

  it('refuses a production start whose DATABASE_URL role is a superuser or may bypass row-level security, before writing anything', async () => {
    const clusterDir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-role-'))
    // As root, PostgreSQL runs as its own user, who must be able to enter the folder.
    await fs.chmod(clusterDir, 0o755)
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-role-app-'))
    dataDirs.push(clusterDir, dataDir)
    const database = await startEmbeddedPostgres(clusterDir)
    try {
      const { superPassword } = JSON.parse(readFileSync(path.join(clusterDir, 'postgres-credentials.json'), 'utf8'))
      const at = `127.0.0.1:${new URL(database.url).port}/afterglow`
      const superuser = `postgresql://postgres:${superPassword}@${at}`
      const admin = new pg.Client({ connectionString: superuser })
      await admin.connect()
      try {
        await admin.query(`create role bypasser login bypassrls password 'bypass-it'`)
        await admin.query('grant all on database afterglow to bypasser')
        for (const [url, said] of [
          [
            superuser,
            /DATABASE_URL connects as the role "postgres", which is a superuser and allowed BYPASSRLS: PostgreSQL then ignores row-level security/,
          ],
          [
            `postgresql://bypasser:bypass-it@${at}`,
            /DATABASE_URL connects as the role "bypasser", which is allowed BYPASSRLS: /,
          ],
        ] as const) {
          const port = await freePort()
          await expect(
            startAppProcess(
              {
                ...noConfiguration,
                NODE_ENV: 'production',
                MAIL_OUTBOX: 'true',
                DATABASE_URL: url,
                DATA_DIR: dataDir,
                PORT: String(port),
              },
              { port, timeoutMs: 30_000 },
            ),
          ).rejects.toThrow(said)
        }
        // Nothing was migrated: the start stopped before its first write.
        expect(
          (await admin.query(`select to_regclass('drizzle.__drizzle_migrations') as migrations`)).rows[0].migrations,
        ).toBeNull()
      } finally {
        await admin.end()
      }
    } finally {
      await database.stop()
    }
  }, 120_000)
})
