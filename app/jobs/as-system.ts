/**
 * The platform acting for one company in a job: the context its use-case is handed (ADR 079).
 * Null when the company no longer exists (a job queued before it was deleted has nothing to do).
 * Loaded when a job runs, so a feature that queues a job does not load the sign-in system.
 */
export async function asSystem(companyId: string, reason: string) {
  const access = await import('#app/access/tenant.server')
  return access.asSystem(companyId, reason)
}

/** The platform acting across every company for a named sweep (PlatformContext), loaded as asSystem is. */
export async function asPlatform(reason: string) {
  const access = await import('#app/access/tenant.server')
  return access.asPlatform(reason)
}
