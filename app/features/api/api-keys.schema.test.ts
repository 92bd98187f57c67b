import { describe, expect, it } from 'vitest'
import { accessLevelOf, scopeForPermission, ZCreateApiKey } from './api-keys.schema'

describe('API key scopes', () => {
  it('reads the form: write includes read, "none" gives nothing, at least one area', () => {
    expect(
      ZCreateApiKey.parse({ name: ' CRM ', content: 'write', events: 'read', leads: 'none', analytics: 'none' }),
    ).toEqual({ name: 'CRM', scopes: ['content:read', 'content:write', 'events:read'] })
    const none = ZCreateApiKey.safeParse({
      name: 'Nothing',
      content: 'none',
      events: 'none',
      leads: 'none',
      analytics: 'none',
    })
    expect(none.success).toBe(false)
    expect(none.error?.issues[0]).toMatchObject({ message: 'apiKeys.errors.noScope', path: ['scopes'] })
    expect(ZCreateApiKey.safeParse({ name: '', content: 'read' }).error?.issues[0].message).toBe(
      'apiKeys.errors.nameRequired',
    )
    // A hand-made level is no access, never more.
    expect(ZCreateApiKey.parse({ name: 'Odd', content: 'admin', leads: 'read' }).scopes).toEqual(['leads:read'])
  })

  it('shows the level a key has per area', () => {
    expect(accessLevelOf(['content:read', 'content:write'], 'content')).toBe('write')
    expect(accessLevelOf(['leads:read'], 'leads')).toBe('read')
    expect(accessLevelOf(['leads:read'], 'events')).toBe('none')
  })

  it('maps what a role may do to the scope a key needs, and company settings to none', () => {
    expect(scopeForPermission('content.publish')).toBe('content:write')
    expect(scopeForPermission('leads.delete')).toBe('leads:write')
    expect(scopeForPermission('leads.read')).toBe('leads:read')
    for (const permission of [
      'company.manage',
      'team.manage',
      'billing.manage',
      'audit.read',
      'api.manage',
      'comments.moderate',
    ])
      expect(scopeForPermission(permission)).toBeNull()
  })
})
