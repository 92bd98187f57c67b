import { eq } from 'drizzle-orm'
import { organization, subscription } from '#db/schema'
import { syncCompanyPlan } from '#app/features/billing/server/sync-company-plan.server'
import { withSystem } from '#app/lib/db.server'
import type { TestClient } from './http-client'

const DAY = 86_400_000

/** Puts a company on a paid plan the way billing leaves it (an active subscription, synced). */
export async function putOnPlan(companyId: string, plan: 'professional' | 'enterprise') {
  await withSystem(async (tx) => {
    await tx.delete(subscription).where(eq(subscription.companyId, companyId))
    await tx.insert(subscription).values({
      companyId,
      provider: 'test',
      customerId: `cus_${companyId}`,
      subscriptionId: `sub_${companyId}_${plan}`,
      plan,
      status: 'active',
      currency: 'EUR',
      unitAmount: 3700,
      currentPeriodEnd: new Date(Date.now() + 20 * DAY),
      pastDueSince: null,
    })
    await syncCompanyPlan(tx, companyId)
  })
  const [row] = await withSystem((tx) =>
    tx.select({ plan: organization.plan }).from(organization).where(eq(organization.id, companyId)),
  )
  if (row.plan !== plan) throw new Error(`company is on ${row.plan}, not ${plan}`)
}

export type Levels = Partial<Record<'content' | 'events' | 'leads' | 'analytics', 'none' | 'read' | 'write'>>

/** Creates a key through the admin's own page, as a browser without JavaScript posts it; the key is read from the page shown once. */
export async function createKeyThroughPage(admin: TestClient, name: string, levels: Levels = { content: 'write' }) {
  const response = await admin.postForm('/admin/settings/api', {
    intent: 'create',
    name,
    content: 'none',
    events: 'none',
    leads: 'none',
    analytics: 'none',
    ...levels,
  })
  const key = /ag_live_[A-Za-z0-9_-]{43}/.exec(response.text)?.[0]
  if (!key) throw new Error(`no key shown: ${response.status} ${response.text.slice(0, 300)}`)
  return key
}

/** A JSON request to the public API with a key. */
export function apiRequest(
  client: TestClient,
  key: string | null,
  path: string,
  options: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...(key ? { authorization: `Bearer ${key}` } : {}), ...options.headers }
  // A script, not a page: no Origin header.
  return client.request(`/api/v1${path}`, {
    method: options.method ?? (options.json !== undefined ? 'POST' : 'GET'),
    ...(options.json !== undefined ? { raw: JSON.stringify(options.json) } : {}),
    headers: { 'content-type': 'application/json', origin: '', ...headers },
  })
}
