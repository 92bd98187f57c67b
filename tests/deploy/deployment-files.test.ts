import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import Ajv from 'ajv'
import draft07 from 'ajv/lib/refs/json-schema-draft-07.json'
import { parse as parseYaml } from 'yaml'
import { describe, expect, it } from 'vitest'
import { parseEnv, ZEnv } from '#app/lib/env.server'
import composeSpec from './compose-spec.schema.json'

/*
 * The deployment's files (ADR 094), checked where no container engine runs: compose.yaml against
 * the Compose Specification's own schema (compose-spec.schema.json, Apache 2.0, from the
 * compose-spec repository) and against the app's configuration schema, the systemd units with
 * systemd-analyze, the Caddyfile with Caddy, and the Dockerfile against the build steps' script.
 * deploy/check-image-steps.sh (run by .ci/run) builds and starts what the Dockerfile would.
 */

const root = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0

type Service = {
  image?: string
  environment?: Record<string, string>
  healthcheck?: { test: string[] }
  volumes?: string[]
  depends_on?: Record<string, { condition: string }>
  network_mode?: string
  ports?: string[]
  restart?: string
}
type ComposeFile = { services: Record<string, Service>; volumes: Record<string, unknown> }

const loadCompose = (): ComposeFile => parseYaml(read('compose.yaml'), { merge: true })

/** KEY=value lines of an env file, as compose reads `.env` (comments and blank lines skipped). */
function readEnvFile(text: string) {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^[A-Z_][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  ) as Record<string, string>
}

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, and $$ for a dollar. */
function interpolate(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string')
    return value.replace(/\$\$|\$\{([A-Z_][A-Z0-9_]*)(?:(:?[-?])([^}]*))?\}/g, (whole, name, operator, argument) => {
      if (whole === '$$') return '$'
      const set = vars[name]
      const unset = operator?.startsWith(':') ? !set : set === undefined
      if (!unset) return set
      if (operator?.endsWith('?')) throw new Error(`required variable ${name} is missing a value: ${argument}`)
      return operator ? argument : ''
    })
  if (Array.isArray(value)) return value.map((item) => interpolate(item, vars))
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, vars)]))
  return value
}

/** The example env file, filled in as an operator would. */
const filledIn = () => ({
  ...readEnvFile(read('deploy/compose.env.example')),
  SESSION_SECRET: 'a-session-secret-of-at-least-thirty-two-characters',
  POSTGRES_PASSWORD: 'postgres0superuser0password',
  AFTERGLOW_DB_PASSWORD: 'afterglow0role0password',
  MINIO_ROOT_PASSWORD: 'minio0root0password',
  S3_SECRET_ACCESS_KEY: 'afterglow0key0secret',
  MAIL_OUTBOX: 'true',
  METRICS_TOKEN: 'a-metrics-token-0123456789',
})

describe('compose.yaml', () => {
  it('is a Compose file by the Compose Specification, and a broken one is told apart', () => {
    const ajv = new Ajv({ allErrors: true })
    ajv.addMetaSchema(draft07, 'https://json-schema.org/draft-07/schema')
    const validate = ajv.compile(composeSpec)
    const compose = loadCompose()
    expect(validate(compose), ajv.errorsText(validate.errors)).toBe(true)

    const misspelt = loadCompose() as unknown as { services: { web: { healthcheck: Record<string, unknown> } } }
    misspelt.services.web.healthcheck.intervall = '15s'
    expect(validate(misspelt)).toBe(false)
    expect(ajv.errorsText(validate.errors)).toContain('healthcheck')
  })

  it('runs the web process, its worker, PostgreSQL 15, the S3 store and Caddy, each with a health check', () => {
    const { services, volumes } = loadCompose()
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(['web', 'worker', 'postgres', 'minio', 'minio-setup', 'caddy']),
    )
    expect(services.postgres.image).toMatch(/^postgres:15\b/)
    for (const [name, service] of Object.entries(services)) {
      // The bucket's one-shot setup ends; everything else keeps running and says how it is.
      if (name === 'minio-setup') expect(service.restart).toBe('no')
      else expect(service.healthcheck?.test, name).toBeDefined()
      for (const dependency of Object.keys(service.depends_on ?? {})) expect(services).toHaveProperty(dependency)
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]
        if (source.startsWith('./')) expect(existsSync(path.join(root, source)), `${name}: ${source}`).toBe(true)
        else expect(volumes, `${name}: volume ${source}`).toHaveProperty(source)
      }
    }
    // The app's processes are probed where the image's HEALTHCHECK probes them: the live check.
    for (const name of ['web', 'worker']) {
      expect(services[name].healthcheck?.test).toEqual(['CMD', 'node', 'deploy/health-probe.js'])
      expect(services[name].depends_on?.postgres.condition).toBe('service_healthy')
      expect(services[name].depends_on?.['minio-setup'].condition).toBe('service_completed_successfully')
    }
    // Caddy asks /api/tls/ask, which the app answers on loopback only: they share one network.
    expect(services.web.network_mode).toBe('service:caddy')
    expect(services.web.depends_on).toHaveProperty('caddy')
    expect(services.caddy.ports).toEqual(expect.arrayContaining([expect.stringMatching(/:443$/)]))
  })

  it("gives the web process and the worker a configuration the app's own schema accepts", () => {
    const { services } = interpolate(loadCompose(), filledIn()) as ComposeFile
    const known = new Set(Object.keys(ZEnv.shape))
    const configurations = ['web', 'worker'].map((name) => {
      const environment = services[name].environment ?? {}
      expect(Object.keys(environment).filter((key) => !known.has(key))).toEqual([])
      return parseEnv(environment)
    })
    const [web, worker] = configurations
    expect(web.PROCESS_ROLE).toBe('web')
    expect(worker.PROCESS_ROLE).toBe('worker')
    expect(web.TRUST_PROXY).toEqual(['loopback'])
    expect(web.APP_URL).toBe('https://afterglow.example')
    expect(web.isEmbeddedDatabase).toBe(false)
    // One bucket and one secret for both: the worker processes what the web process received.
    expect(worker.S3_BUCKET).toBe(web.S3_BUCKET)
    expect(worker.SESSION_SECRET).toBe(web.SESSION_SECRET)
    expect(web.DATABASE_URL).toBe('postgresql://afterglow:afterglow0role0password@postgres:5432/afterglow')
  })

  it('refuses to start without the secrets it cannot make up', () => {
    const vars: Record<string, string> = filledIn()
    delete vars.SESSION_SECRET
    expect(() => interpolate(loadCompose(), vars)).toThrow(/SESSION_SECRET/)
  })

  const composeCommand = spawnSync('docker', ['compose', 'version']).status === 0 ? ['docker', 'compose'] : null
  it.skipIf(!composeCommand && !has('docker-compose'))('is accepted by `docker compose config`', () => {
    const [command, ...args] = composeCommand ?? ['docker-compose']
    const result = spawnSync(command, [...args, '-f', 'compose.yaml', 'config', '-q'], {
      cwd: root,
      env: { ...process.env, ...filledIn() },
      encoding: 'utf8',
    })
    expect(result.status, result.stderr).toBe(0)
  })
})

describe('the Caddyfile', () => {
  it.skipIf(!has('caddy'))(
    "adapts, asks the app before each certificate, and refuses to run without Let's Encrypt's contact",
    () => {
      const adapt = (env: Record<string, string>) =>
        spawnSync('caddy', ['adapt', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
          cwd: root,
          env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
          encoding: 'utf8',
        })
      const adapted = adapt({ ACME_EMAIL: 'ops@afterglow.example' })
      expect(adapted.status, adapted.stderr).toBe(0)
      const config = JSON.parse(adapted.stdout)
      expect(JSON.stringify(config.apps.tls)).toContain('http://127.0.0.1:3000/api/tls/ask')
      expect(JSON.stringify(config.apps.tls)).toContain('ops@afterglow.example')
      expect(adapt({}).status).not.toBe(0)
    },
  )
})

/** The steps deploy/build-image-steps.sh knows, and the files it puts in a production copy. */
function readBuildSteps() {
  const script = read('deploy/build-image-steps.sh')
  const steps = [...script.matchAll(/^ {2}([a-z]+)\)/gm)].map((match) => match[1])
  const files = /RUNTIME_FILES=\(([^)]*)\)/.exec(script)?.[1].split(/\s+/).filter(Boolean) ?? []
  return { steps, files }
}

describe('the systemd units', () => {
  const units = readdirSync(path.join(root, 'deploy/systemd'))
  const services = units.filter((unit) => unit.endsWith('.service'))

  it('run as the afterglow user from the env file, confined to their own folders', () => {
    expect(services.sort()).toEqual(['afterglow-backup.service', 'afterglow-web.service', 'afterglow-worker.service'])
    for (const unit of services) {
      const text = read(`deploy/systemd/${unit}`)
      for (const line of [
        'User=afterglow',
        'EnvironmentFile=/etc/afterglow/env',
        'NoNewPrivileges=yes',
        'ProtectSystem=strict',
        'ProtectHome=yes',
        'PrivateTmp=yes',
        'CapabilityBoundingSet=',
      ])
        expect(text.split('\n'), `${unit}: ${line}`).toContain(line)
    }
    // The app stops its worker and the embedded PostgreSQL itself: systemd signals the server alone.
    expect(read('deploy/systemd/afterglow-web.service')).toContain('KillMode=mixed')
    expect(read('deploy/systemd/afterglow-worker.service')).toContain('PROCESS_ROLE=worker')
  })

  it('back up daily with what a production copy holds, and prune after', () => {
    const backup = read('deploy/systemd/afterglow-backup.service')
    const { files } = readBuildSteps()
    const scripts = [...backup.matchAll(/^ExecStart=\/usr\/bin\/node (\S+)/gm)].map((match) => match[1])
    expect(scripts).toEqual(['scripts/backup.js', 'scripts/prune-backups.js'])
    for (const script of scripts) expect(files).toContain(script)
    const timer = read('deploy/systemd/afterglow-backup.timer')
    expect(timer).toMatch(/^OnCalendar=\S+/m)
    expect(timer).toContain('Persistent=true')
  })

  it.skipIf(!has('systemd-analyze'))('pass systemd-analyze verify without a warning', () => {
    for (const unit of units) {
      const result = spawnSync('systemd-analyze', ['verify', '--man=no', path.join(root, 'deploy/systemd', unit)], {
        encoding: 'utf8',
      })
      expect(result.status, result.stderr).toBe(0)
      expect(result.stderr.trim(), unit).toBe('')
    }
  })
})

describe('the Dockerfile', () => {
  const dockerfile = read('Dockerfile')

  it('runs only steps the build script has, and ships what its health check and command need', () => {
    const { steps, files } = readBuildSteps()
    const used = [...dockerfile.matchAll(/^RUN bash \S*build-image-steps\.sh (\w+)/gm)].map((match) => match[1])
    expect(used).toEqual(['dependencies', 'app', 'runtime'])
    for (const step of used) expect(steps).toContain(step)
    expect(dockerfile).toMatch(/^HEALTHCHECK .*CMD \["node", "deploy\/health-probe\.js"\]$/m)
    expect(files).toEqual(expect.arrayContaining(['deploy/health-probe.js', 'server.js', 'build', 'db/migrations']))
    for (const file of files.filter((file) => !['build', 'node_modules'].includes(file)))
      expect(existsSync(path.join(root, file)), file).toBe(true)
  })

  it('runs the final stage as an ordinary user, with production dependencies only', () => {
    const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))
    expect(finalStage).toMatch(/^USER 10001:10001$/m)
    expect(finalStage).toContain('COPY --from=build /app /app')
    expect(finalStage).not.toMatch(/npm (ci|install)/)
    // The image's user is the one the runtime step makes.
    expect(read('deploy/build-image-steps.sh')).toMatch(/ids=\(--uid 10001\) group_ids=\(--gid 10001\)/)
    expect(execFileSync('bash', ['-n', path.join(root, 'deploy/build-image-steps.sh')]).toString()).toBe('')
  })
})
