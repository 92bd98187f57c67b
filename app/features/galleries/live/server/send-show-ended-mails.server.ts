import { and, eq, isNull } from 'drizzle-orm'
import { contentItem, lead, liveFollower, organization } from '#db/schema'
import { galleryPublicUrl } from '#app/features/sharing/server/public-url.server'
import { getFixedT } from '#app/lib/i18n.server'
import { isLanguage } from '#app/lib/i18n'
import { actionMail, sendMail } from '#app/lib/mail.server'
import type { SystemActor, TenantContext } from '#app/access/context'

/**
 * The show is over: each fan who asked on the live page gets one e-mail with the gallery's link,
 * in the language they asked in. Each follower is claimed before the mail goes, so a retried job
 * never sends twice; a mail that fails is released again and the job retries.
 */
export async function sendShowEndedMails(system: TenantContext<SystemActor>, contentItemId: string) {
  const companyId = system.company.id
  const gallery = await system.withTenant(async (tx) => {
    const [row] = await tx
      .select({
        title: contentItem.title,
        slug: contentItem.slug,
        status: contentItem.status,
        liveMode: contentItem.liveMode,
        companyName: organization.name,
        companySlug: organization.slug,
        subdomain: organization.subdomain,
        subdomainStatus: organization.subdomainStatus,
      })
      .from(contentItem)
      .innerJoin(organization, eq(organization.id, contentItem.companyId))
      .where(and(eq(contentItem.id, contentItemId), eq(contentItem.companyId, companyId)))
    return row
  })
  // Gone, unpublished, or live again before the job ran: the fans wait for the real end.
  if (!gallery || gallery.liveMode || gallery.status !== 'published' || !gallery.slug) return 0
  const url = galleryPublicUrl(
    { slug: gallery.companySlug, subdomain: gallery.subdomain, subdomainStatus: gallery.subdomainStatus },
    gallery.slug,
  )
  const waiting = await system.withTenant((tx) =>
    tx
      .select({ id: liveFollower.id, language: liveFollower.language, email: lead.email, fullName: lead.fullName })
      .from(liveFollower)
      .innerJoin(lead, eq(lead.id, liveFollower.leadId))
      .where(and(eq(liveFollower.contentItemId, contentItemId), isNull(liveFollower.notifiedAt))),
  )
  let sent = 0
  for (const follower of waiting) {
    const claimed = await system.withTenant((tx) =>
      tx
        .update(liveFollower)
        .set({ notifiedAt: new Date() })
        .where(and(eq(liveFollower.id, follower.id), isNull(liveFollower.notifiedAt)))
        .returning({ id: liveFollower.id }),
    )
    if (claimed.length === 0) continue
    const t = getFixedT(isLanguage(follower.language) ? follower.language : 'en')
    const values = { company: gallery.companyName, title: gallery.title, name: follower.fullName }
    try {
      await sendMail(
        actionMail({
          to: follower.email,
          subject: t('liveStudio.mail.subject', values),
          greeting: t('liveStudio.mail.greeting', values),
          body: t('liveStudio.mail.body', values),
          action: t('liveStudio.mail.action'),
          url,
          footer: t('liveStudio.mail.footer', values),
        }),
      )
      sent++
    } catch (error) {
      await system.withTenant((tx) =>
        tx.update(liveFollower).set({ notifiedAt: null }).where(eq(liveFollower.id, follower.id)),
      )
      throw error
    }
  }
  return sent
}
