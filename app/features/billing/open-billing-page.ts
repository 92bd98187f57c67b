import { toast } from '#app/lib/toast'

type Translate = (key: string, values?: Record<string, unknown>) => string

/**
 * Opens the payment provider's checkout or portal in a new tab (the spec's behaviour). The tab is
 * opened on the click itself, so browsers do not block it, and pointed at the provider once the
 * server answers; on an error it closes and the admin reads the spec's message in a toast.
 */
export async function openBillingPage(
  operation: 'create-checkout' | 'customer-portal',
  body: Record<string, unknown>,
  t: Translate,
) {
  const tab = window.open('', '_blank')
  try {
    const response = await fetch(`/api/billing/${operation}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    const answer = (await response.json().catch(() => null)) as { url?: string; error?: { message?: string } } | null
    if (!response.ok || !answer?.url) throw new Error(answer?.error?.message ?? '')
    if (tab) {
      // The provider's page gets no handle on the admin's.
      tab.opener = null
      tab.location.href = answer.url
    } else window.location.assign(answer.url)
  } catch (error) {
    tab?.close()
    const fallback = navigator.onLine
      ? operation === 'create-checkout'
        ? 'billing.errors.checkout'
        : 'billing.errors.portal'
      : 'errors.network'
    toast.error(t('billing.errors.title'), { description: (error as Error).message || t(fallback) })
  }
}
