import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionMail, createMailSender } from '#app/lib/mail.server'
import { freePort } from '../support/app-process'

type Received = { from: string; to: string[]; raw: string }

describe('real e-mail over SMTP', () => {
  const received: Received[] = []
  let server: SMTPServer
  let port: number

  beforeAll(async () => {
    port = await freePort()
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, callback) {
        callback(auth.username === 'mailer' && auth.password === 'secret' ? null : new Error('bad credentials'), {
          user: auth.username,
        })
      },
      onData(stream, session, callback) {
        let raw = ''
        stream.on('data', (chunk) => (raw += chunk))
        stream.on('end', () => {
          received.push({
            from: String(session.envelope.mailFrom && session.envelope.mailFrom.address),
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  })

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  it('delivers through the server named by SMTP_URL, with the configured sender', async () => {
    const send = createMailSender({
      SMTP_URL: `smtp://mailer:secret@127.0.0.1:${port}`,
      MAIL_FROM: 'Afterglow <hello@afterglow.example>',
    })
    await send(
      actionMail({
        to: 'fan@example.test',
        subject: 'Confirm your e-mail for Afterglow',
        greeting: 'Hi Ana,',
        body: 'Please confirm.',
        action: 'Confirm e-mail',
        url: 'http://localhost:3000/email-confirmation?token=abc',
        footer: 'Valid for 24 hours.',
      }),
    )
    expect(received).toHaveLength(1)
    expect(received[0].from).toBe('hello@afterglow.example')
    expect(received[0].to).toEqual(['fan@example.test'])
    expect(received[0].raw).toContain('Subject: Confirm your e-mail for Afterglow')
    expect(received[0].raw).toContain('http://localhost:3000/email-confirmation?token=abc')
  })
})
