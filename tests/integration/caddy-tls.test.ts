import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { customDomain, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { freePort } from '../support/app-process'
import { createCompanyAdmin } from '../support/fixtures'
import { waitUntil } from '../support/wait'

const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy'
const run = promisify(execFile)

/** What curl gets from Caddy for `host`, resolved to this machine as a real client would be sent. */
async function curlThroughCaddy(host: string, httpsPort: number, path = '/') {
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
      '\n%{http_code}',
      `https://${host}:${httpsPort}${path}`,
    ])
    const lines = stdout.split('\n')
    return { ok: true as const, status: Number(lines.at(-1)), body: lines.slice(0, -1).join('\n') }
  } catch (error) {
    // curl's exit status: 35 is a failed TLS handshake (no certificate for that name).
    return {
      ok: false as const,
      code: (error as { code?: number }).code,
      stderr: String((error as { stderr?: string }).stderr ?? ''),
    }
  }
}

describe('HTTPS through Caddy with on-demand certificates', () => {
  let caddy: ChildProcess
  let httpsPort = 0
  let work = ''
  let logs = ''

  beforeAll(async () => {
    if (!existsSync(CADDY))
      throw new Error(`Caddy is needed at ${CADDY} (Debian: apt-get install caddy); npm test installs it when it can.`)
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-caddy-'))
    const app = new URL(inject('baseUrl'))
    httpsPort = await freePort()
    const httpPort = await freePort()
    // The deployment's Caddyfile (deploy/Caddyfile) with the test's ports and Caddy's own local
    // certificate authority instead of Let's Encrypt, which this machine cannot reach.
    const caddyfile = `{
	admin off
	http_port ${httpPort}
	https_port ${httpsPort}
	local_certs
	skip_install_trust
	on_demand_tls {
		ask http://127.0.0.1:${app.port}/api/tls/ask
	}
}

https:// {
	tls internal {
		on_demand
	}
	reverse_proxy 127.0.0.1:${app.port}
}
`
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
    if (work) await fs.rm(work, { recursive: true, force: true })
  })

  it("issues a certificate for a verified custom domain and serves the company's page; refuses one for a name it does not know", async () => {
    const admin = await createCompanyAdmin('caddy')
    await withSystem((tx) =>
      tx.update(organization).set({ plan: 'enterprise' }).where(eq(organization.id, admin.company.id)),
    )
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

    const served = await waitUntil(
      async () => {
        const answer = await curlThroughCaddy(host, httpsPort)
        return answer.ok && answer.status === 200 ? answer : null
      },
      { timeoutMs: 30_000, message: () => `no page for ${host} through Caddy:\n${logs}` },
    )
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

    const unknown = await curlThroughCaddy(`not-ours-${admin.company.slug}.example.test`, httpsPort)
    expect(unknown.ok).toBe(false)
    if (!unknown.ok) expect(unknown.code).toBe(35)
  })
})
