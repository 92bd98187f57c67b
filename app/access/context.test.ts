import { describe, expect, it, vi } from 'vitest'
import { AppError } from '#app/lib/errors'
import { needs, requirePermission, type Actor, type TenantContext } from './context'

function contextOf(actor: Actor): TenantContext {
  return {
    actor,
    company: { id: 'company-1', name: 'Porto Nights', slug: 'porto-nights', logo: null },
    entitlements: {} as TenantContext['entitlements'],
    withTenant: () => Promise.reject(new Error('no database in this test')),
    companyRecords: () => Promise.reject(new Error('no database in this test')),
  }
}

const manager = contextOf({ kind: 'person', userId: 'u1', role: 'manager' })
const user = contextOf({ kind: 'person', userId: 'u2', role: 'user' })
const leadsKey = contextOf({ kind: 'api-key', keyId: 'k1', name: 'CRM', role: 'manager', scopes: ['leads:read'] })
const job = contextOf({ kind: 'system', reason: 'test' })

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

describe('a use-case that declares its need', () => {
  it('runs for an actor who may, and carries its permission for a page that shows its form', async () => {
    const run = vi.fn(async (_context: TenantContext, query: string) => `leads for ${query}`)
    const findLeads = needs('leads.read', run)
    expect(findLeads.need).toBe('leads.read')
    await expect(findLeads(manager, 'porto')).resolves.toBe('leads for porto')
    await expect(findLeads(leadsKey, 'porto')).resolves.toBe('leads for porto')
    await expect(findLeads(job, 'porto')).resolves.toBe('leads for porto')
    expect(run).toHaveBeenCalledTimes(3)
  })

  it('refuses a role without it before any of its work, saying who was refused and why', async () => {
    const run = vi.fn(async () => 'never')
    const error = await refusal(needs('leads.read', run)(user))
    expect(run).not.toHaveBeenCalled()
    expect(error.code).toBe('FORBIDDEN')
    expect(error.messageKey).toBe('errors.forbidden')
    expect(error.details).toEqual({ role: 'user', companyId: 'company-1', status: 'insufficient_role' })
  })

  it("says the use-case's own message to a person, and the missing scope to a key", async () => {
    const person = await refusal(needs('api.manage', async () => 'never', 'settings.errors.adminOnly')(manager))
    expect(person.messageKey).toBe('settings.errors.adminOnly')
    const key = await refusal(needs('events.manage', async () => 'never')(leadsKey))
    expect(key.messageKey).toBe('api.errors.scope')
    expect(key.details).toEqual({ scope: 'events:write' })
  })

  it('checks a need that depends on the input as the wrapper does', () => {
    expect(() => requirePermission(manager, 'content.publish')).not.toThrow()
    expect(() => requirePermission(user, 'content.publish', 'content.errors.draftsOnly')).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN', messageKey: 'content.errors.draftsOnly' }),
    )
  })
})
