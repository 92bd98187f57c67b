import { z } from 'zod'

/** What a key can reach, and how: read, or read and write. */
export const API_AREAS = ['content', 'events', 'leads', 'analytics'] as const
export type ApiArea = (typeof API_AREAS)[number]
export const API_ACCESS_LEVELS = ['none', 'read', 'write'] as const
export type ApiAccessLevel = (typeof API_ACCESS_LEVELS)[number]

export const API_SCOPES = API_AREAS.flatMap((area) => [`${area}:read`, `${area}:write`] as const)
export type ApiScope = `${ApiArea}:${'read' | 'write'}`

/** Recognisable in a leaked log or repository (secret scanners match the prefix). */
export const API_KEY_PREFIX = 'ag_live_'

export function isApiScope(value: unknown): value is ApiScope {
  return typeof value === 'string' && (API_SCOPES as readonly string[]).includes(value)
}

/** Write includes read: a key that may change galleries may also list them. */
export function scopesOf(levels: Record<ApiArea, ApiAccessLevel>): ApiScope[] {
  return API_AREAS.flatMap((area): ApiScope[] =>
    levels[area] === 'write' ? [`${area}:read`, `${area}:write`] : levels[area] === 'read' ? [`${area}:read`] : [],
  )
}

export function accessLevelOf(scopes: readonly string[], area: ApiArea): ApiAccessLevel {
  return scopes.includes(`${area}:write`) ? 'write' : scopes.includes(`${area}:read`) ? 'read' : 'none'
}

const level = z.enum(API_ACCESS_LEVELS, { error: 'apiKeys.errors.scope' }).catch('none')

/** The "new key" form: a name and, per area, none / read / read and write (at least one). */
export const ZCreateApiKey = z
  .object({
    name: z
      .string({ error: 'apiKeys.errors.nameRequired' })
      .trim()
      .min(1, 'apiKeys.errors.nameRequired')
      .max(80, 'apiKeys.errors.nameLength'),
    content: level,
    events: level,
    leads: level,
    analytics: level,
  })
  .transform(({ name, ...levels }) => ({ name, scopes: scopesOf(levels) }))
  .refine((key) => key.scopes.length > 0, { message: 'apiKeys.errors.noScope', path: ['scopes'] })
export type TCreateApiKey = z.infer<typeof ZCreateApiKey>

export const ZApiKeyAction = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create') }),
  z.object({ intent: z.literal('revoke'), keyId: z.uuid() }),
])

/**
 * The scope a key needs for what a member's role would need `permission` for; null where no key
 * may act (company settings, team, billing, the audit log, moderation).
 */
export function scopeForPermission(permission: string): ApiScope | null {
  switch (permission) {
    case 'dashboard.read':
      return 'analytics:read'
    case 'content.read':
      return 'content:read'
    case 'content.write':
    case 'content.publish':
      return 'content:write'
    case 'events.manage':
      return 'events:write'
    case 'leads.read':
      return 'leads:read'
    case 'leads.delete':
      return 'leads:write'
    default:
      return null
  }
}
