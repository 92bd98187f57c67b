import { createAccessControl } from 'better-auth/plugins/access'
import { ROLES } from '#db/enums/members'
export { ROLES }

export type Role = (typeof ROLES)[number]

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

/** The permission matrix of docs/product.md: what each company role may do. */
const MATRIX = {
  'dashboard.read': ['admin', 'manager', 'user'],
  'content.read': ['admin', 'manager', 'user'],
  'content.write': ['admin', 'manager', 'user'],
  'content.publish': ['admin', 'manager'],
  'events.manage': ['admin', 'manager'],
  'leads.read': ['admin', 'manager'],
  /** Erasing a lead on request (GDPR art. 17). */
  'leads.delete': ['admin', 'manager'],
  /** Fans' comments: approve, hide, delete (like publishing content). */
  'comments.moderate': ['admin', 'manager'],
  /** Whether comments go live without review: a company setting. */
  'comments.settings': ['admin'],
  'company.manage': ['admin'],
  'team.manage': ['admin'],
  'billing.manage': ['admin'],
  'audit.read': ['admin'],
  /** Keys to the public API (Enterprise): create, list, revoke. */
  'api.manage': ['admin'],
} as const satisfies Record<string, readonly Role[]>

export type Permission = keyof typeof MATRIX

export function can(role: Role, permission: Permission) {
  return (MATRIX[permission] as readonly Role[]).includes(role)
}

/** Admins keep at most 2 live sessions, everyone else 3 (docs/product.md). */
export function maxSessionsFor(roles: Role[]) {
  return roles.includes('admin') ? 2 : 3
}

/* Better Auth checks its own organization endpoints (invite, change role, remove) against these. */
export const accessControl = createAccessControl({
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
} as const)

export const authRoles = {
  admin: accessControl.newRole({
    organization: ['update'],
    member: ['create', 'update', 'delete'],
    invitation: ['create', 'cancel'],
  }),
  manager: accessControl.newRole({}),
  user: accessControl.newRole({}),
}
