import { data } from 'react-router'
import { ZAccountClosureAction } from '#app/features/companies/account-closure'
import { closeCompanyAccount } from '#app/features/companies/server/close-company-account.server'
import { reopenCompanyAccount } from '#app/features/companies/server/reopen-company-account.server'
import { actionSuccess, type ActionResult } from '#app/lib/action-result'
import { AppError } from '#app/lib/errors'
import { intentAction } from '#app/lib/intent-action.server'
import { withActor } from '#app/access/member-route.server'
import { resilientClientAction } from '#app/lib/resilient-client-action'
import type { Route } from './+types/settings.account-closure'

// Closing the company account (company data's danger section) and reopening it (the admin's banner).
export const action = withActor({ kind: 'person' }, async (member, { request }: Route.ActionArgs) =>
  intentAction(request, ZAccountClosureAction, {
    close: async ({ confirmSlug }) => {
      try {
        await closeCompanyAccount(member, { confirmSlug })
      } catch (error) {
        // The payment provider did not answer: nothing was closed, and the admin is told so.
        if (error instanceof AppError && error.code === 'UNAVAILABLE')
          return data<ActionResult>({ ok: false, errors: { form: [error.messageKey] } }, { status: error.status })
        throw error
      }
      return actionSuccess('accountClosure.toasts.closed')
    },
    reopen: async () => {
      await reopenCompanyAccount(member)
      return actionSuccess('accountClosure.toasts.reopened')
    },
  }),
)

export const clientAction = resilientClientAction('errors.updateFailed')
