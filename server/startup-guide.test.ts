import { describe, expect, it } from 'vitest'
import { startupGuide } from './startup-guide'

describe('startupGuide', () => {
  it('names the demo page, its sign-ins with their passwords and the outbox for a first start', () => {
    const lines = startupGuide({
      APP_URL: 'http://localhost:3000',
      SEED_DEMO: true,
      OPERATOR_EMAILS: ['operator@afterglow.local'],
      SMTP_URL: undefined,
    })
    expect(lines.join('\n')).toContain('http://localhost:3000/demo')
    expect(lines.join('\n')).toContain('http://localhost:3000/auth   demo@afterglow.local / Afterglow-demo-1')
    expect(lines.join('\n')).toContain(
      'http://localhost:3000/operator   operator@afterglow.local / Afterglow-operator-1',
    )
    expect(lines.join('\n')).toContain('http://localhost:3000/dev/outbox')
  })
  it('says nothing of a demo or an outbox a deployment does not have', () => {
    expect(
      startupGuide({
        APP_URL: 'https://photos.example',
        SEED_DEMO: false,
        OPERATOR_EMAILS: ['ops@example.com'],
        SMTP_URL: 'smtp://mail.example:587',
      }),
    ).toEqual([])
  })
})
