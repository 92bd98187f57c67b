import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customDomain, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { freePort, type AppProcess } from '../support/app-process'
import { activateSubdomain, createCompanyAdmin } from '../support/fixtures'
import { startSecondApp } from '../support/second-app'
import { waitUntil } from '../support/wait'

const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy'
/** The platform's apex in this test (PLATFORM_DOMAIN of the app behind Caddy). */
const PLATFORM = 'afterglow-caddy.test'
const run = promisify(execFile)

/** What curl gets from Caddy for `host`, resolved to this machine as a real client would be sent. */
async function curlThroughCaddy(host: string, httpsPort: number, path = '/') {
  // The header block's Location too: a redirect is an answer of its own.
  try {
    const { stdout } = await run('curl', [
      '--silent',
      '--show-error',
      '--insecure',
      '--max-time',
      '20',
      '--resolve',
      `${host}:${httpsPort}:127.0.0.1`,
      '--write-out',
      '\n%{redirect_url}\n%{http_code}',
      `https://${host}:${httpsPort}${path}`,
    ])
    const lines = stdout.split('\n')
    return {
      ok: true as const,
      status: Number(lines.at(-1)),
      redirectTo: lines.at(-2) ?? '',
      body: lines.slice(0, -2).join('\n'),
    }
  } catch (error) {
    // curl's exit status: 35 is a failed TLS handshake (no certificate for that name).
    return {
      ok: false as const,
      code: (error as { code?: number }).code,
      stderr: String((error as { stderr?: string }).stderr ?? ''),
    }
  }
}

/**
 * The shipped deploy/Caddyfile as it is, with the test's ports, the app's address and domain, and
 * Caddy's own local certificate authority instead of Let's Encrypt, which this machine cannot reach.
 */
async function testCaddyfile(ports: { http: number; https: number; app: number }) {
  const shipped = await fs.readFile(path.join(process.cwd(), 'deploy', 'Caddyfile'), 'utf8')
  const local = `admin off
	http_port ${ports.http}
	https_port ${ports.https}
	local_certs
	skip_install_trust`
  const adapted = shipped
    .replace(/^\s*email .*$/m, local)
    .replaceAll('127.0.0.1:3000', `127.0.0.1:${ports.app}`)
    .replaceAll('afterglow.example', PLATFORM)
  // Each change must have found its place: a reshaped Caddyfile fails here, not by chance below.
  expect(adapted).toContain('local_certs')
  expect(adapted).not.toMatch(/afterglow\.example|:3000\b/)
  return adapted
}

describe('HTTPS through Caddy with on-demand certificates', () => {
  let caddy: ChildProcess
  let app: AppProcess
  let httpsPort = 0
  let work = ''
  let logs = ''

  beforeAll(async () => {
    if (!existsSync(CADDY))
      throw new Error(`Caddy is needed at ${CADDY} (Debian: apt-get install caddy); npm test installs it when it can.`)
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-caddy-'))
    // An app of its own with a real apex (the one under test has an address), www. of it announced.
    const started = await startSecondApp({ PLATFORM_DOMAIN: PLATFORM, PLATFORM_WWW: 'true' })
    app = started.app
    httpsPort = await freePort()
    const caddyfile = await testCaddyfile({ http: await freePort(), https: httpsPort, app: started.port })
    await fs.writeFile(path.join(work, 'Caddyfile'), caddyfile)
    caddy = spawn(CADDY, ['run', '--config', path.join(work, 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: {
        ...process.env,
        HOME: work,
        XDG_DATA_HOME: path.join(work, 'data'),
        XDG_CONFIG_HOME: path.join(work, 'config'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    caddy.stdout!.on('data', (chunk) => (logs += chunk))
    caddy.stderr!.on('data', (chunk) => (logs += chunk))
    await waitUntil(() => /serving initial configuration|server running/.test(logs) || caddy.exitCode !== null, {
      timeoutMs: 20_000,
      message: () => `Caddy did not start:\n${logs}`,
    })
    if (caddy.exitCode !== null) throw new Error(`Caddy exited:\n${logs}`)
  })

  afterAll(async () => {
    if (caddy && caddy.exitCode === null) {
      const exited = new Promise((resolve) => caddy.once('exit', resolve))
      caddy.kill('SIGTERM')
      await exited
    }
    await app?.stop()
    if (work) await fs.rm(work, { recursive: true, force: true })
  })

  /** The first answer through Caddy for `host` that `accept` takes, waiting out the certificate's issue. */
  const servedThroughCaddy = (host: string, accept: (status: number) => boolean) =>
    waitUntil(
      async () => {
        const answer = await curlThroughCaddy(host, httpsPort)
        return answer.ok && accept(answer.status) ? answer : null
      },
      { timeoutMs: 30_000, message: () => `no answer for ${host} through Caddy:\n${logs}` },
    )

  it("serves the platform's own site at its apex, and sends www. of it there", async () => {
    const apex = await servedThroughCaddy(PLATFORM, (status) => status === 200)
    expect(apex.body).toContain('Afterglow')
    const www = await servedThroughCaddy(`www.${PLATFORM}`, (status) => status === 301)
    expect(www.redirectTo).toBe(`https://${PLATFORM}/`)
  })

  it("issues certificates for a company's active subdomain and verified custom domain and serves its pages; refuses one for a name it does not know", async () => {
    const admin = await createCompanyAdmin('caddy')
    await withSystem((tx) =>
      tx.update(organization).set({ plan: 'enterprise' }).where(eq(organization.id, admin.company.id)),
    )
    const label = await activateSubdomain(admin.company)
    const host = `photos.${admin.company.slug}.test`
    await withSystem((tx) =>
      tx.insert(customDomain).values({
        companyId: admin.company.id,
        host,
        token: randomBytes(8).toString('hex'),
        state: 'verified',
        verifiedAt: new Date(),
      }),
    )

    const onSubdomain = await servedThroughCaddy(`${label}.${PLATFORM}`, (status) => status === 200)
    expect(onSubdomain.body).toContain(admin.company.name)
    const served = await servedThroughCaddy(host, (status) => status === 200)
    expect(served.body).toContain(admin.company.name)
    await waitUntil(
      async () =>
        (
          await withSystem((tx) =>
            tx.select({ tls: customDomain.tlsState }).from(customDomain).where(eq(customDomain.host, host)),
          )
        )[0]?.tls === 'active',
    )
    // A visitor asking the question through Caddy reaches the app from loopback, but is not Caddy.
    const askedFromOutside = await curlThroughCaddy(host, httpsPort, `/api/tls/ask?domain=${host}`)
    expect(askedFromOutside).toMatchObject({ ok: true, status: 403 })

    // curl's exit status 35: the TLS handshake failed, Caddy had no certificate to offer.
    for (const unknown of [`not-ours-${admin.company.slug}.example.test`, `nobody-${label}.${PLATFORM}`]) {
      const refused = await curlThroughCaddy(unknown, httpsPort)
      expect(refused.ok, unknown).toBe(false)
      if (!refused.ok) expect(refused.code, unknown).toBe(35)
    }
  })
})
