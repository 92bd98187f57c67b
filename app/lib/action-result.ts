import { useEffect, useRef } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { data, type ShouldRevalidateFunctionArgs } from 'react-router'
import { toast } from '#app/lib/toast'
import type { z } from 'zod'
import { actionChangedNothing, staysOnPage } from './action-changed-nothing'
import { AppError } from './errors'
import { fieldErrors } from './form-errors'

export { actionChangedNothing }

/**
 * Revalidate after an action unless it changed nothing (see actionChangedNothing) and the page
 * stays. Here, not beside actionChangedNothing: only staff pages use it, and that file is in every
 * fans' page's first download.
 */
export function revalidateUnlessUnchanged(
  args: Pick<ShouldRevalidateFunctionArgs, 'currentUrl' | 'nextUrl' | 'actionResult' | 'defaultShouldRevalidate'>,
) {
  return actionChangedNothing(args.actionResult) && staysOnPage(args) ? false : args.defaultShouldRevalidate
}

/*
 * What admin actions answer to their fetchers: a message to toast, or i18n-keyed errors per
 * field ("form" for the whole form). One shape, one toast hook, one error mapping.
 */

/** `changed` marks a refusal that was nonetheless recorded (a subdomain refused on the spot). */
/** `upgrade`: the plan does not include it; where to change plan. */
export type ActionResult =
  | { ok: true; messageKey: string }
  | { ok: false; errors: Record<string, string[]>; changed?: true; upgrade?: string }

/** What an admin action may answer: an outcome for its fetcher, or a redirect. */
export type ActionAnswer = ReturnType<typeof actionSuccess> | Response

export function actionSuccess(messageKey: string) {
  return data<ActionResult>({ ok: true, messageKey })
}

export function actionInvalid(error: z.ZodError) {
  return data<ActionResult>({ ok: false, errors: fieldErrors(error) }, { status: 400 })
}

/** A user-facing AppError becomes field errors with its status; anything else is rethrown. */
export function actionFailure(error: unknown) {
  if (error instanceof AppError && error.status < 500) {
    const field = typeof error.details.field === 'string' ? error.details.field : 'form'
    const upgrade =
      error.code === 'PAYMENT_REQUIRED' && typeof error.details.upgradeUrl === 'string'
        ? { upgrade: error.details.upgradeUrl }
        : {}
    return data<ActionResult>(
      { ok: false, errors: { [field]: [error.messageKey] }, ...upgrade },
      { status: error.status },
    )
  }
  throw error
}

/** Toasts an action's outcome once, in the user's language. */
export function useOutcomeToast(result: ActionResult | undefined, onSuccess?: () => void) {
  const { t } = useTranslation()
  const seen = useRef<ActionResult | undefined>(undefined)
  useEffect(() => {
    if (!result || seen.current === result) return
    seen.current = result
    if (result.ok) {
      toast.success(t(result.messageKey))
      onSuccess?.()
    } else if (result.errors.form) {
      const upgrade = result.upgrade
      toast.error(
        t(result.errors.form[0]),
        upgrade
          ? { action: { label: t('billing.plans.see'), onClick: () => window.location.assign(upgrade) } }
          : undefined,
      )
    }
  }, [result, t, onSuccess])
}
