import net from 'node:net'
import { z } from 'zod'

/** The demo start's platform operator (seeded with the demo company). */
export const DEMO_OPERATOR_EMAIL = 'operator@afterglow.local'

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of true/false, 1/0, yes/no, on/off',
  })
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value))

const urlWithoutTrailingSlash = z
  .url({ error: 'must be an absolute URL such as http://localhost:3000' })
  .refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://')
  .transform((value) => value.replace(/\/+$/, ''))

const TRUST_PROXY_FORMS =
  'write how many proxies are in front (1 for one balancer), loopback for a proxy on this machine, or the proxies’ addresses and ranges (10.0.0.0/8, 192.168.1.5)'
// Express's names for address ranges.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** An address (`10.0.0.5`, `fd00::1`) or a range of them (`10.0.0.0/8`). */
function isAddressRange(entry: string) {
  const [address, prefix, ...rest] = entry.split('/')
  const family = net.isIP(address)
  if (!family || rest.length) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

/**
 * TRUST_PROXY as Express takes it: a hop count, or a list of address ranges (`loopback` among
 * them). Never `true`: that trusts every address, so any client writes its own X-Forwarded-For and
 * each request comes from somewhere new, past every per-address limit (sign-in, forms, API keys).
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): number | string[] {
  const refuse = (message: string) => {
    ctx.addIssue({ code: 'custom', message })
    return z.NEVER
  }
  const trimmed = value.trim()
  if (/^(true|yes|on)$/i.test(trimmed))
    return refuse(
      `must not be ${trimmed}: it would trust any client's X-Forwarded-For, so every per-address limit could be escaped; ${TRUST_PROXY_FORMS}`,
    )
  if (/^(false|no|off|0)$/i.test(trimmed))
    return refuse(`must not be ${trimmed}: leave it unset when no proxy is in front`)
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  const entries = trimmed.split(',').map((entry) => entry.trim())
  const wrong = entries.find((entry) => !PROXY_RANGE_NAMES.has(entry) && !isAddressRange(entry))
  if (wrong !== undefined)
    return refuse(`has "${wrong}", which is no hop count, loopback or address range: ${TRUST_PROXY_FORMS}`)
  return entries
}

export const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./.data'),
  APP_URL: urlWithoutTrailingSlash.optional(),
  PLATFORM_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'must be a bare host name such as afterglow.example (no scheme, no path)')
    .optional(),
  /**
   * The platform also answers at www.PLATFORM_DOMAIN: Caddy may get a certificate for it (and the
   * shipped Caddyfile sends it on to the apex). Off by default: a name nobody announced gets none.
   */
  PLATFORM_WWW: booleanFlag.default(false),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example:587')
    .optional(),
  /**
   * Keep every mail in the outbox (/dev/outbox) instead of sending it, knowingly, in production:
   * a staging copy, or the tests, which run the production build as deployments do.
   */
  MAIL_OUTBOX: booleanFlag.optional(),
  MAIL_FROM: z.string().min(3).default('Afterglow <no-reply@afterglow.local>'),
  /** Receives the marketing site's interest, newsletter and contact submissions. */
  OPERATOR_EMAIL: z
    .email({ error: 'must be an e-mail address such as team@afterglow.example' })
    .default('operator@afterglow.local'),
  /* Media storage: S3-compatible when S3_BUCKET is set, else local disk under DATA_DIR/media. */
  S3_ENDPOINT: z.url({ error: 'must be a URL such as https://s3.eu-west-1.amazonaws.com' }).optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a valid bucket name (lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /**
   * With S3 storage: a CDN (or the bucket's public address) serving the same keys. Fans' photos
   * and streams are then redirected there once the app has said they are public; keys hold
   * random ids, so nothing can be found there without being told.
   */
  MEDIA_PUBLIC_URL: z.url({ error: 'must be a URL such as https://media.example.com' }).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  SEED_DEMO: booleanFlag.optional(),
  /**
   * What this process does: `web` answers requests, `worker` runs background jobs (photo and
   * video processing) and answers only /api/health, `all` (the default) does both.
   */
  PROCESS_ROLE: z.enum(['web', 'worker', 'all'], { error: 'must be web, worker or all' }).default('all'),
  /** Express `trust proxy`: how many proxies are in front, or which addresses they speak from. */
  TRUST_PROXY: z.string().transform(parseTrustProxy).optional(),
  /**
   * DNS resolvers for the subdomain and custom-domain checks, comma-separated (`1.1.1.1`,
   * `127.0.0.1:5353`); unset, the system's. Tests point it at a DNS server of their own.
   */
  DNS_SERVERS: z
    .string()
    .regex(
      /^\s*[0-9a-f.:[\]]+(\s*,\s*[0-9a-f.:[\]]+)*\s*$/i,
      'must be a comma-separated list of IP addresses, each with an optional :port',
    )
    .transform((value) => value.split(',').map((server) => server.trim()))
    .optional(),
  /** Requested subdomains go live without the platform operator's approval (default: on with the embedded database). */
  SUBDOMAIN_AUTO_APPROVE: booleanFlag.optional(),
  /** Accounts (e-mail addresses, comma-separated) that run the platform's operator console at /operator. */
  OPERATOR_EMAILS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' })))
    .optional(),
  /** A LibreTranslate server that fills a company's texts in missing languages (optional). */
  TRANSLATE_URL: urlWithoutTrailingSlash.optional(),
  TRANSLATE_API_KEY: z.string().min(1).optional(),
  /** Stripe takes card payments when set; without it the built-in test provider stands in (issue 13). */
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', { error: 'must be a Stripe secret key (sk_…)' }).optional(),
  /** The signing secret of the webhook endpoint at /api/billing/webhook (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where the Stripe SDK sends its calls (default Stripe's API); a local server speaking its API in tests. */
  STRIPE_API_URL: urlWithoutTrailingSlash.optional(),
  /** How many months fans' raw analytics events are kept (whole months are dropped; rollups stay). */
  ANALYTICS_RETENTION_MONTHS: z.coerce
    .number({ error: 'must be a number of months' })
    .int()
    .min(1, 'must be at least 1 month')
    .max(120, 'must be at most 120 months')
    .default(13),
  /**
   * Webhooks may go to private, loopback and link-local addresses. Off by default (a company's
   * URL must not reach the platform's own network); for development and tests with a local receiver.
   */
  WEBHOOKS_ALLOW_PRIVATE_URLS: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** JSON lines, or the same entries for a person to read; unset: pretty when stdout is a terminal (logger.server.ts). */
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional(),
  /**
   * The bearer token the operator's monitoring sends: with it the health checks say why a check
   * failed (their error text is the platform's internals, kept from anyone else).
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters long').optional(),
})

export type TEnv = z.infer<typeof ZEnv> & {
  APP_URL: string
  PLATFORM_DOMAIN: string
  SEED_DEMO: boolean
  SUBDOMAIN_AUTO_APPROVE: boolean
  OPERATOR_EMAILS: string[]
  /** No DATABASE_URL: the app runs its own PostgreSQL under DATA_DIR. */
  isEmbeddedDatabase: boolean
}

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'EnvError'
  }
}

/** Turns unset-or-empty into undefined so `FOO=` behaves like an absent variable. */
function withoutEmptyValues(source: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''))
}

export function parseEnv(source: Record<string, string | undefined>): TEnv {
  const result = ZEnv.safeParse(withoutEmptyValues(source))
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`))
  }
  const parsed = result.data
  const appUrl = parsed.APP_URL ?? `http://localhost:${parsed.PORT}`
  const isEmbeddedDatabase = !parsed.DATABASE_URL
  if (parsed.STRIPE_SECRET_KEY && !parsed.STRIPE_WEBHOOK_SECRET) {
    throw new EnvError([
      'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY: without it no payment would ever reach the company',
    ])
  }
  if (parsed.NODE_ENV === 'production' && !isEmbeddedDatabase && !parsed.SMTP_URL && !parsed.MAIL_OUTBOX) {
    throw new EnvError([
      'SMTP_URL is required in production with an external database: without it nobody can confirm an e-mail address (MAIL_OUTBOX=true keeps every mail in the outbox instead, for a staging copy)',
    ])
  }
  if (parsed.SMTP_URL && parsed.MAIL_OUTBOX) {
    throw new EnvError(['MAIL_OUTBOX=true keeps mail in the outbox, yet SMTP_URL says to send it: set one of them'])
  }
  return {
    ...parsed,
    APP_URL: appUrl,
    PLATFORM_DOMAIN: parsed.PLATFORM_DOMAIN ?? new URL(appUrl).host,
    SEED_DEMO: parsed.SEED_DEMO ?? isEmbeddedDatabase,
    // On a laptop (no DATABASE_URL) nobody runs an operator console: requests go live at once.
    SUBDOMAIN_AUTO_APPROVE: parsed.SUBDOMAIN_AUTO_APPROVE ?? isEmbeddedDatabase,
    // The demo start's operator account (server/demo/seed.ts) runs the console; elsewhere, only those named.
    OPERATOR_EMAILS: parsed.OPERATOR_EMAILS ?? ((parsed.SEED_DEMO ?? isEmbeddedDatabase) ? [DEMO_OPERATOR_EMAIL] : []),
    isEmbeddedDatabase,
  }
}

const ENV_KEY = Symbol.for('afterglow.env')
type GlobalWithEnv = typeof globalThis & { [ENV_KEY]?: TEnv }

/** The configuration, parsed once per process. */
export function getEnv(): TEnv {
  const store = globalThis as GlobalWithEnv
  store[ENV_KEY] ??= parseEnv(process.env)
  return store[ENV_KEY]
}

/** The dev outbox replaces real mail when no SMTP server is configured. */
export function usesDevOutbox(env: Pick<TEnv, 'SMTP_URL'> = getEnv()) {
  return !env.SMTP_URL
}
