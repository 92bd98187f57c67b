import { actionFailure, actionInvalid, actionSuccess } from '#app/lib/action-result'
import { AppError } from '#app/lib/errors'
import { ZOperatorCompanyAction } from '../operator.schema'
import { decideCustomDomain } from './decide-custom-domain.server'
import { decideSubdomain } from './decide-subdomain.server'
import type { OperatorContext } from '#app/access/context'
import { setCompanySuspension } from './suspend-company.server'
import type { FormFields } from '#app/lib/read-form.server'

/** The operator's company forms (detail page and requests list: subdomains and custom domains) answered in one place. */
export async function runOperatorCompanyAction(operator: OperatorContext, form: FormFields, companyIdOfPage?: string) {
  const parsed = ZOperatorCompanyAction.safeParse(form)
  if (!parsed.success) return actionInvalid(parsed.error)
  const input = parsed.data
  try {
    if (input.intent === 'suspend' || input.intent === 'reactivate') {
      if (!companyIdOfPage) return actionFailure(new AppError('BAD_REQUEST', 'errors.generic'))
      await setCompanySuspension(
        operator,
        companyIdOfPage,
        input.intent === 'suspend' ? { suspend: true, reason: input.reason } : { suspend: false },
      )
      return actionSuccess(`operator.toasts.${input.intent}`)
    }
    if (input.intent === 'approve-domain' || input.intent === 'reject-domain') {
      await decideCustomDomain(
        operator,
        input.domainId,
        input.intent === 'approve-domain' ? { approve: true } : { approve: false, reason: input.reason },
      )
      return actionSuccess(
        input.intent === 'approve-domain' ? 'operator.toasts.domainApproved' : 'operator.toasts.domainRejected',
      )
    }
    await decideSubdomain(
      operator,
      input.companyId,
      input.intent === 'approve' ? { approve: true } : { approve: false, reason: input.reason },
    )
    return actionSuccess(`operator.toasts.${input.intent}`)
  } catch (error) {
    return actionFailure(error)
  }
}
