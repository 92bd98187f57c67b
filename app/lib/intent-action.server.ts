import type { z } from 'zod'
import { actionFailure, actionInvalid, type ActionAnswer } from './action-result'
import { AppError } from './errors'
import { readForm, type FormFields } from './read-form.server'

/*
 * The admin's many-button forms post one action with an `intent` (save, publish, delete…).
 * `intentAction` is their one shape: parse the form against the route's discriminated union,
 * run the handler of that intent, and turn a user-facing AppError into the fetcher's outcome.
 */

export type { FormFields }

export type IntentHandlers<T extends { intent: string }> = {
  [K in T['intent']]: (input: Extract<T, { intent: K }>, form: FormFields) => Promise<ActionAnswer>
}

export type IntentActionOptions = {
  /**
   * How a form the schema refuses is answered: `generic` (default) for buttons and hidden
   * fields, whose values no one types (a generic "try again"); `fields` for forms people fill
   * in (the problems per field).
   */
  invalid?: 'generic' | 'fields'
}

export async function intentAction<T extends { intent: string }>(
  request: Request,
  schema: z.ZodType<T>,
  handlers: IntentHandlers<T>,
  options: IntentActionOptions = {},
): Promise<ActionAnswer> {
  const form = await readForm(request)
  const parsed = schema.safeParse(form)
  if (!parsed.success)
    return options.invalid === 'fields'
      ? actionInvalid(parsed.error)
      : actionFailure(new AppError('BAD_REQUEST', 'errors.generic'))
  const handler = handlers[parsed.data.intent as T['intent']] as (input: T, form: FormFields) => Promise<ActionAnswer>
  try {
    return await handler(parsed.data, form)
  } catch (error) {
    return actionFailure(error)
  }
}
