import { describe, expect, it } from 'vitest'
import { can, maxSessionsFor } from './permissions'

describe('the permission matrix of docs/product.md', () => {
  it('lets everyone view and create, managers publish and see leads, only admins run the company', () => {
    expect(['dashboard.read', 'content.read', 'content.write'].every((p) => can('user', p as never))).toBe(true)
    expect(can('user', 'content.publish')).toBe(false)
    expect(can('user', 'events.manage')).toBe(false)
    expect(can('user', 'leads.read')).toBe(false)
    expect(can('manager', 'content.publish')).toBe(true)
    expect(can('manager', 'events.manage')).toBe(true)
    expect(can('manager', 'leads.read')).toBe(true)
    expect(can('manager', 'leads.delete')).toBe(true)
    expect(can('admin', 'leads.delete')).toBe(true)
    expect(can('user', 'leads.delete')).toBe(false)
    for (const adminOnly of ['company.manage', 'team.manage', 'billing.manage', 'audit.read'] as const) {
      expect(can('manager', adminOnly)).toBe(false)
      expect(can('user', adminOnly)).toBe(false)
      expect(can('admin', adminOnly)).toBe(true)
    }
  })

  it('allows admins 2 concurrent sessions and everyone else 3', () => {
    expect(maxSessionsFor(['admin'])).toBe(2)
    expect(maxSessionsFor(['manager', 'admin'])).toBe(2)
    expect(maxSessionsFor(['manager'])).toBe(3)
    expect(maxSessionsFor([])).toBe(3)
  })
})
