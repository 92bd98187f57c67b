import { redirect } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { actionSuccess, type ActionAnswer, type ActionResult } from './action-result'
import { AppError } from './errors'
import { intentAction } from './intent-action.server'

const ZAction = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('save') }),
  z.object({ intent: z.literal('rename'), name: z.string().min(1, 'validation.required') }),
  z.object({ intent: z.literal('delete') }),
])

const post = (fields: Record<string, string>) =>
  new Request('https://app.example.test/admin/things/1', { method: 'POST', body: new URLSearchParams(fields) })

/** The status and body of a `data()` outcome. */
function outcome(answer: ActionAnswer) {
  if (answer instanceof Response) throw new Error('expected an outcome, got a response')
  return { status: answer.init?.status ?? 200, result: answer.data as ActionResult }
}

const handlers = () => ({
  save: vi.fn(async () => actionSuccess('things.saved')),
  rename: vi.fn(async ({ name }: { name: string }) => actionSuccess(`renamed:${name}`)),
  delete: vi.fn(async () => redirect('/admin/things')),
})

describe('intentAction', () => {
  it('runs the handler of the posted intent with its parsed input and the whole form', async () => {
    const run = handlers()
    expect(outcome(await intentAction(post({ intent: 'rename', name: 'Night show' }), ZAction, run))).toEqual({
      status: 200,
      result: { ok: true, messageKey: 'renamed:Night show' },
    })
    expect(run.rename).toHaveBeenCalledWith(
      { intent: 'rename', name: 'Night show' },
      { intent: 'rename', name: 'Night show' },
    )
    await intentAction(post({ intent: 'save', title: 'Hello' }), ZAction, run)
    expect(run.save).toHaveBeenCalledWith({ intent: 'save' }, { intent: 'save', title: 'Hello' })
    expect(run.delete).not.toHaveBeenCalled()
  })

  it('passes a redirect through', async () => {
    const answer = await intentAction(post({ intent: 'delete' }), ZAction, handlers())
    expect(answer).toBeInstanceOf(Response)
    expect((answer as Response).headers.get('Location')).toBe('/admin/things')
  })

  it('answers an unknown intent or refused values with a generic 400', async () => {
    const run = handlers()
    const refused: Array<Record<string, string>> = [{ intent: 'explode' }, {}, { intent: 'rename', name: '' }]
    for (const fields of refused) {
      expect(outcome(await intentAction(post(fields), ZAction, run))).toEqual({
        status: 400,
        result: { ok: false, errors: { form: ['errors.generic'] } },
      })
    }
    expect(run.rename).not.toHaveBeenCalled()
  })

  it('answers refused values per field when the form is typed in', async () => {
    const answer = await intentAction(post({ intent: 'rename', name: '' }), ZAction, handlers(), { invalid: 'fields' })
    expect(outcome(answer)).toEqual({ status: 400, result: { ok: false, errors: { name: ['validation.required'] } } })
  })

  it('turns a user-facing AppError into the outcome, on its field when it names one', async () => {
    const run = handlers()
    run.save.mockRejectedValueOnce(new AppError('NOT_FOUND', 'things.notFound'))
    expect(outcome(await intentAction(post({ intent: 'save' }), ZAction, run))).toEqual({
      status: 404,
      result: { ok: false, errors: { form: ['things.notFound'] } },
    })
    run.save.mockRejectedValueOnce(new AppError('CONFLICT', 'things.nameTaken', { field: 'name' }))
    expect(outcome(await intentAction(post({ intent: 'save' }), ZAction, run))).toEqual({
      status: 409,
      result: { ok: false, errors: { name: ['things.nameTaken'] } },
    })
  })

  it('rethrows what is not for the user: a server failure, a bug', async () => {
    const run = handlers()
    const failure = new AppError('INTERNAL', 'errors.generic')
    run.save.mockRejectedValueOnce(failure)
    await expect(intentAction(post({ intent: 'save' }), ZAction, run)).rejects.toBe(failure)
    const bug = new TypeError('boom')
    run.save.mockRejectedValueOnce(bug)
    await expect(intentAction(post({ intent: 'save' }), ZAction, run)).rejects.toBe(bug)
  })
})
