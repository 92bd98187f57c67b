import { describe, expect, it } from 'vitest'
import { ZContactForm, sanitizeFormText, wasSanitized } from './marketing-forms.schema'

describe('sanitizeFormText', () => {
  it('removes script blocks, javascript: and inline handlers, and trims', () => {
    expect(sanitizeFormText('  Hi <script type="x">alert(1)</script>there  ')).toBe('Hi there')
    expect(sanitizeFormText('<SCRIPT>x')).toBe('x')
    expect(sanitizeFormText('<a href="JavaScript :alert(1)">x</a>')).toBe('<a href="alert(1)">x</a>')
    expect(sanitizeFormText('<img src=x onerror=alert(1)>')).toBe('<img src=x>')
    expect(sanitizeFormText(`<div onclick='go()' onMouseOver="x">y</div>`)).toBe('<div>y</div>')
    expect(sanitizeFormText('<svg/onload=alert(1)>')).toBe('<svg/>')
  })

  it('cannot be fooled by patterns rebuilt from what is left', () => {
    expect(sanitizeFormText('javajavascript:script:alert(1)')).toBe('alert(1)')
    expect(sanitizeFormText('<scr<script></script>ipt>alert(1)</script>')).toBe('alert(1)')
  })

  it('leaves ordinary text alone and only reports real changes', () => {
    const text = 'We play on 12/03 — can fans download "everything"? Yes: on stage = phones away.'
    expect(sanitizeFormText(text)).toBe(text)
    expect(wasSanitized(`  ${text}\n`)).toBe(false)
    expect(wasSanitized('hi <script>x</script>')).toBe(true)
  })
})

describe('ZContactForm', () => {
  it('checks lengths after sanitising, with the spec’s messages', () => {
    const result = ZContactForm.safeParse({
      name: `${'n'.repeat(100)}<script>x</script>`,
      email: 'A@Example.com',
      message: ' ',
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['message', 'validation.empty'],
    ])
    const ok = ZContactForm.parse({ name: ' Ana ', email: ' A@Example.com ', message: 'Hello' })
    expect(ok).toEqual({ name: 'Ana', email: 'a@example.com', message: 'Hello' })
    const long = ZContactForm.safeParse({ name: 'n'.repeat(101), email: 'x', message: 'm'.repeat(1001) })
    expect(long.error?.issues.map((issue) => issue.message)).toEqual([
      'validation.nameTooLong',
      'validation.email',
      'validation.messageTooLong',
    ])
  })
})
