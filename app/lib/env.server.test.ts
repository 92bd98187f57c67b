import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv, usesDevOutbox } from './env.server'

describe('parseEnv', () => {
  it('runs with no configuration at all: embedded database, local URL, demo seeded', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './.data',
      APP_URL: 'http://localhost:3000',
      PLATFORM_DOMAIN: 'localhost:3000',
      SEED_DEMO: true,
      isEmbeddedDatabase: true,
    })
    expect(env.SMTP_URL).toBeUndefined()
  })

  it('does not seed the demo against an external database unless asked', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://u:p@db/app' }).SEED_DEMO).toBe(false)
    expect(parseEnv({ DATABASE_URL: 'postgres://u:p@db/app', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true)
  })

  it('derives APP_URL from PORT and strips a trailing slash', () => {
    expect(parseEnv({ PORT: '4100' }).APP_URL).toBe('http://localhost:4100')
    expect(parseEnv({ APP_URL: 'https://afterglow.example/' }).APP_URL).toBe('https://afterglow.example')
  })

  it('sends form submissions to OPERATOR_EMAIL, a local address unless configured', () => {
    expect(parseEnv({}).OPERATOR_EMAIL).toBe('operator@afterglow.local')
    expect(parseEnv({ OPERATOR_EMAIL: 'team@afterglow.example' }).OPERATOR_EMAIL).toBe('team@afterglow.example')
    expect(() => parseEnv({ OPERATOR_EMAIL: 'team at afterglow' })).toThrow(
      'OPERATOR_EMAIL must be an e-mail address such as team@afterglow.example',
    )
  })

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', SMTP_URL: '' }).isEmbeddedDatabase).toBe(true)
  })

  it('names every bad value with a clear message', () => {
    try {
      parseEnv({
        PORT: '70000',
        APP_URL: 'ftp://x',
        SMTP_URL: 'mail.example',
        SESSION_SECRET: 'short',
        SEED_DEMO: 'maybe',
      })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError)
      const problems = (error as EnvError).problems.join('\n')
      expect(problems).toContain('PORT must be between 1 and 65535')
      expect(problems).toContain('APP_URL must start with http:// or https://')
      expect(problems).toContain('SMTP_URL must be an smtp:// or smtps:// URL')
      expect(problems).toContain('SESSION_SECRET must be at least 32 characters long')
      expect(problems).toContain('SEED_DEMO must be one of true/false')
    }
  })

  it('takes TRUST_PROXY as a hop count or address ranges, and refuses true, naming the variable and what to write', () => {
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(parseEnv({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback'])
    expect(parseEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8,192.168.1.5, fd00::/8' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.168.1.5',
      'fd00::/8',
    ])
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined()
    const problem = (value: string) => {
      try {
        parseEnv({ TRUST_PROXY: value })
      } catch (error) {
        return (error as EnvError).problems.join('\n')
      }
      return null
    }
    for (const value of ['true', 'TRUE', 'yes', 'on']) {
      expect(problem(value), value).toContain(
        `TRUST_PROXY must not be ${value}: it would trust any client's X-Forwarded-For`,
      )
      expect(problem(value), value).toContain('1 for one balancer), loopback for a proxy on this machine')
    }
    expect(problem('false')).toContain('TRUST_PROXY must not be false: leave it unset when no proxy is in front')
    for (const value of ['everything', '10.0.0.0/33', '10.0.0.0/8/1', 'loopback,nginx', '1.2'])
      expect(problem(value), value).toMatch(/^TRUST_PROXY has ".*", which is no hop count, loopback or address range/)
  })

  it('requires real mail in production with an external database', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@db/app' })).toThrow(
      /SMTP_URL is required/,
    )
    expect(parseEnv({ NODE_ENV: 'production' }).isEmbeddedDatabase).toBe(true)
  })

  it('keeps mail in the outbox in production only when told so, and never while also told to send it', () => {
    const staging = parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@db/app', MAIL_OUTBOX: 'true' })
    expect(usesDevOutbox(staging)).toBe(true)
    expect(() =>
      parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@db/app', MAIL_OUTBOX: 'false' }),
    ).toThrow(/SMTP_URL is required/)
    expect(() =>
      parseEnv({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://u:p@db/app',
        MAIL_OUTBOX: 'yes',
        SMTP_URL: 'smtp://mail.example:587',
      }),
    ).toThrow(/set one of them/)
  })
})
