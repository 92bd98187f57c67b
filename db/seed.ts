import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { getAuth } from '#app/lib/auth.server'
import { getDb } from '#app/lib/db.server'
import { logger } from '#app/lib/logger.server'
import { seedDemoContent } from './demo-content'
import { account, member, organization, user } from './schema'

/** The local demo login, printed in the README. Seeded only in the embedded (local) mode. */
export const DEMO_ADMIN = { email: 'demo@afterglow.local', password: 'Afterglow-demo-1', name: 'Demo Admin' }
export const DEMO_COMPANY = { slug: 'demo', name: 'Afterglow Demo' }

export async function seedDemo() {
  const db = getDb()
  const [existing] = await db.select({ id: organization.id }).from(organization).where(eq(organization.slug, DEMO_COMPANY.slug))
  if (existing) {
    const [admin] = await db.select({ id: member.userId }).from(member).where(eq(member.organizationId, existing.id)).limit(1)
    await seedDemoContent(existing.id, admin?.id ?? 'seed')
    return
  }
  const context = await getAuth().$context
  const passwordHash = await context.password.hash(DEMO_ADMIN.password)
  const created = await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(user)
      .values({ id: randomUUID(), name: DEMO_ADMIN.name, email: DEMO_ADMIN.email, emailVerified: true })
      .onConflictDoUpdate({ target: user.email, set: { emailVerified: true } })
      .returning({ id: user.id })
    const hasPassword = await tx.select({ id: account.id }).from(account).where(eq(account.userId, admin.id))
    if (hasPassword.length === 0) {
      await tx.insert(account).values({ id: randomUUID(), accountId: admin.id, providerId: 'credential', userId: admin.id, password: passwordHash })
    }
    const companyId = randomUUID()
    await tx.insert(organization).values({ id: companyId, name: DEMO_COMPANY.name, slug: DEMO_COMPANY.slug })
    await tx.insert(member).values({ id: randomUUID(), organizationId: companyId, userId: admin.id, role: 'admin' })
    return { companyId, adminId: admin.id }
  })
  logger.info({ email: DEMO_ADMIN.email }, 'demo company seeded')
  await seedDemoContent(created.companyId, created.adminId)
}
