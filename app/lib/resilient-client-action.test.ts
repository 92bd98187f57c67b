import { data, redirect, UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router'
import { describe, expect, it } from 'vitest'
import { resilientClientAction } from './resilient-client-action'

const action = resilientClientAction('errors.saveFailed')
const answering = (outcome: () => unknown) => action({ serverAction: async () => outcome() as never })

describe('a save that fails on the way or on the server', () => {
  it('answers the form with "network error" when the request never arrives, and "save failed" for a server failure', async () => {
    expect(await answering(() => Promise.reject(new TypeError('Failed to fetch')))).toEqual({ ok: false, errors: { form: ['errors.network'] } })
    expect(await answering(() => Promise.reject(new ErrorResponse(500, 'Internal Server Error', null)))).toEqual({ ok: false, errors: { form: ['errors.saveFailed'] } })
    expect(await answering(() => Promise.reject(new Error('boom')))).toEqual({ ok: false, errors: { form: ['errors.saveFailed'] } })
  })

  it("lets the server's own answers through: results, refusals and redirects", async () => {
    const saved = { ok: true, messageKey: 'settings.toasts.saved' }
    expect(await answering(() => saved)).toBe(saved)
    const refused = new ErrorResponse(403, 'Forbidden', null)
    await expect(answering(() => Promise.reject(refused))).rejects.toBe(refused)
    const moved = redirect('/admin/events')
    await expect(answering(() => Promise.reject(moved))).rejects.toBe(moved)
    const invalid = data({ ok: false, errors: { name: ['validation.required'] } }, { status: 400 })
    expect(await answering(() => invalid)).toBe(invalid)
  })
})
