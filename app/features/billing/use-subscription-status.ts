import { useEffect, useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { toast } from '#app/lib/toast'
import type { SubscriptionStatusAnswer } from './server/get-subscription-status.server'
import { createSubscriptionChecker, FIRST_CHECK_DELAY_MS } from './subscription-check'

/** The stored answer the admin's page came with: the check's fallback. */
let stored: SubscriptionStatusAnswer | null = null
/** How the mounted admin says the check failed, in the person's language. */
let reportFailure: (() => void) | null = null

async function checkSubscription(): Promise<SubscriptionStatusAnswer> {
  const response = await fetch('/api/billing/check-subscription', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  })
  if (!response.ok) throw new Error(`check-subscription ${response.status}`)
  return (await response.json()) as SubscriptionStatusAnswer
}

// One checker for the whole admin session: navigating between pages does not check again.
const checker = createSubscriptionChecker({
  check: checkSubscription,
  readStored: async () => {
    if (!stored) throw new Error('no stored subscription')
    return stored
  },
  onCheckFailed: () => reportFailure?.(),
})

/** Sign-out: the next person on this browser starts with nothing. */
export function forgetSubscriptionStatus() {
  checker.clear()
  stored = null
}

/**
 * The company's subscription as the admin shows it: the stored answer the page came with, then
 * the spec's check about 2 s later (once per session, see subscription-check.ts).
 */
export function useSubscriptionStatus(storedAnswer: SubscriptionStatusAnswer) {
  stored = storedAnswer
  const { t } = useTranslation()
  // The spec's destructive notice, titled "Error".
  useEffect(() => {
    reportFailure = () => toast.error(t('billing.errors.title'), { description: t('billing.errors.check') })
    return () => {
      reportFailure = null
    }
  }, [t])
  const [status, setStatus] = useState<SubscriptionStatusAnswer>(checker.latest ?? storedAnswer)
  // New page data (a trial just started) is the freshest answer.
  useEffect(() => setStatus(storedAnswer), [storedAnswer])
  useEffect(() => {
    if (checker.latest) return
    let live = true
    const timer = setTimeout(
      () => void checker.request()?.then((answer) => live && setStatus(answer)),
      FIRST_CHECK_DELAY_MS,
    )
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [])
  return status
}
