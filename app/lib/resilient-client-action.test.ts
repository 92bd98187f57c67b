import { data, redirect, UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router'
import { describe, expect, it } from 'vitest'
import { resilientClientAction } from './resilient-client-action'

const action = resilientClientAction('errors.updateFailed', {
  delete: 'errors.deleteFailed',
  invite: 'errors.saveFailed',
})

/** A post of `fields` (as a fetcher sends it) answered by `outcome`, which reads the body as the real serverAction does. */
function posting(fields: Record<string, string>, outcome: () => unknown) {
  const request = new Request('http://localhost/admin/content/1', { method: 'POST', body: new URLSearchParams(fields) })
  return action({
    request,
    serverAction: async () => {
      await request.formData()
      return (await outcome()) as never
    },
  })
}

const serverFailure = () => Promise.reject(new ErrorResponse(500, 'Internal Server Error', null))

describe('a save that fails on the way or on the server', () => {
  it('answers the form with "network error" when the request never arrives, whatever the button', async () => {
    for (const intent of ['save', 'delete', 'invite']) {
      expect(await posting({ intent }, () => Promise.reject(new TypeError('Failed to fetch')))).toEqual({
        ok: false,
        errors: { form: ['errors.network'] },
      })
    }
  })

  it("answers a server failure with the failure text of the button's intent, else the page's own", async () => {
    expect(await posting({ intent: 'delete' }, serverFailure)).toEqual({
      ok: false,
      errors: { form: ['errors.deleteFailed'] },
    })
    expect(await posting({ intent: 'invite', email: 'a@example.com' }, serverFailure)).toEqual({
      ok: false,
      errors: { form: ['errors.saveFailed'] },
    })
    expect(await posting({ intent: 'save', title: 'Night 1' }, serverFailure)).toEqual({
      ok: false,
      errors: { form: ['errors.updateFailed'] },
    })
    expect(await posting({ title: 'A form with one purpose' }, () => Promise.reject(new Error('boom')))).toEqual({
      ok: false,
      errors: { form: ['errors.updateFailed'] },
    })
  })

  it('takes the text for what the address says is saved, when the page names it so', async () => {
    const creating = resilientClientAction((request) =>
      new URL(request.url).searchParams.get('kind') === 'gallery' ? 'content.errors.gallerySave' : 'errors.saveFailed',
    )
    const post = (url: string) => new Request(url, { method: 'POST', body: new URLSearchParams({ title: 'Encore' }) })
    expect(
      await creating({ request: post('http://localhost/admin/content/new?kind=gallery'), serverAction: serverFailure }),
    ).toEqual({ ok: false, errors: { form: ['content.errors.gallerySave'] } })
    expect(
      await creating({ request: post('http://localhost/admin/content/new?kind=single'), serverAction: serverFailure }),
    ).toEqual({ ok: false, errors: { form: ['errors.saveFailed'] } })
  })

  it('says "save failed" by default', async () => {
    const request = new Request('http://localhost/admin/settings/company-data', {
      method: 'POST',
      body: new URLSearchParams({ name: 'Acme' }),
    })
    expect(await resilientClientAction()({ request, serverAction: serverFailure })).toEqual({
      ok: false,
      errors: { form: ['errors.saveFailed'] },
    })
  })

  it("lets the server's own answers through: results, refusals and redirects", async () => {
    const saved = { ok: true, messageKey: 'settings.toasts.saved' }
    expect(await posting({ intent: 'save' }, () => saved)).toBe(saved)
    const refused = new ErrorResponse(403, 'Forbidden', null)
    await expect(posting({ intent: 'delete' }, () => Promise.reject(refused))).rejects.toBe(refused)
    const moved = redirect('/admin/events')
    await expect(posting({ intent: 'delete' }, () => Promise.reject(moved))).rejects.toBe(moved)
    const invalid = data({ ok: false, errors: { name: ['validation.required'] } }, { status: 400 })
    expect(await posting({ intent: 'save' }, () => invalid)).toBe(invalid)
  })
})
