import { and, count, desc, eq, inArray, max, sql, sum } from 'drizzle-orm'
import { asset, contentItem, download, lead, organization } from '#db/schema'
import { companyPublicBase } from '#app/features/sharing/server/public-url.server'
import { actorCan, type TenantContext } from '#app/access/context'

/** The first steps of a new company, in the order they are usually taken. */
export const GUIDE_STEPS = ['branding', 'gallery', 'upload', 'publish', 'share', 'lead'] as const
export type GuideStep = (typeof GUIDE_STEPS)[number]

export type ActivityEntry =
  | { kind: 'processed'; at: Date; count: number; content: { id: string; title: string } }
  | { kind: 'lead'; at: Date; name: string | null; content: { id: string; title: string } | null }
  | { kind: 'download'; at: Date; zip: boolean; content: { id: string; title: string } | null }

const ACTIVITY_SIZE = 8
const FILES = ['gallery-media', 'content-file'] as const

/**
 * What the dashboard guides with, all read from the company's own rows: which first steps are
 * done, the latest things that happened (photos ready, fans registered, downloads), and the
 * address of the company's public page.
 */
export async function getDashboardGuide(context: TenantContext) {
  const companyId = context.company.id
  const canSeeLeads = actorCan(context, 'leads.read')
  const result = await context.withTenant(async (tx) => {
    const [company] = await tx
      .select({
        logo: organization.logo,
        primary: organization.brandPrimaryColor,
        accent: organization.brandAccentColor,
        slug: organization.slug,
        subdomain: organization.subdomain,
        subdomainStatus: organization.subdomainStatus,
      })
      .from(organization)
      .where(eq(organization.id, companyId))
    const [content] = await tx
      .select({
        galleries: sql<number>`count(*) filter (where ${contentItem.kind} = 'gallery')`.mapWith(Number),
        published: sql<number>`count(*) filter (where ${contentItem.status} = 'published')`.mapWith(Number),
        views: sum(contentItem.viewCount).mapWith(Number),
        downloads: sum(contentItem.downloadCount).mapWith(Number),
      })
      .from(contentItem)
      .where(eq(contentItem.companyId, companyId))
    const [files] = await tx
      .select({ files: count() })
      .from(asset)
      .where(and(eq(asset.companyId, companyId), inArray(asset.purpose, FILES)))
    const [leads] = await tx.select({ leads: count() }).from(lead).where(eq(lead.companyId, companyId))
    // Where "upload" and "publish" lead: the gallery worked on last.
    const [latestGallery] = await tx
      .select({ id: contentItem.id })
      .from(contentItem)
      .where(and(eq(contentItem.companyId, companyId), eq(contentItem.kind, 'gallery')))
      .orderBy(desc(contentItem.updatedAt))
      .limit(1)

    // Photos and videos made ready, per content item and day, rather than one line per file.
    const day = sql`date_trunc('day', ${asset.updatedAt})`
    const processed = await tx
      .select({ at: max(asset.updatedAt), count: count(), id: contentItem.id, title: contentItem.title })
      .from(asset)
      .innerJoin(contentItem, eq(contentItem.id, asset.contentItemId))
      .where(and(eq(asset.companyId, companyId), eq(asset.processingStatus, 'ready'), inArray(asset.purpose, FILES)))
      .groupBy(contentItem.id, contentItem.title, day)
      .orderBy(desc(max(asset.updatedAt)))
      .limit(ACTIVITY_SIZE)
    const recentLeads = await tx
      .select({ at: lead.createdAt, name: lead.fullName, id: contentItem.id, title: contentItem.title })
      .from(lead)
      .leftJoin(contentItem, eq(contentItem.id, lead.contentItemId))
      .where(eq(lead.companyId, companyId))
      .orderBy(desc(lead.createdAt))
      .limit(ACTIVITY_SIZE)
    const recentDownloads = await tx
      .select({ at: download.createdAt, kind: download.kind, id: contentItem.id, title: contentItem.title })
      .from(download)
      .leftJoin(contentItem, eq(contentItem.id, download.contentItemId))
      .where(eq(download.companyId, companyId))
      .orderBy(desc(download.createdAt))
      .limit(ACTIVITY_SIZE)
    return {
      company,
      content,
      files: files.files,
      leads: leads.leads,
      latestGalleryId: latestGallery?.id ?? null,
      processed,
      recentLeads,
      recentDownloads,
    }
  })

  const { company, content } = result
  const views = content.views ?? 0
  const downloads = content.downloads ?? 0
  const done: Record<GuideStep, boolean> = {
    branding: Boolean(company.logo || company.primary || company.accent),
    gallery: content.galleries > 0,
    upload: result.files > 0,
    publish: content.published > 0,
    // Shared is what fans did with the link or code: opened a page, downloaded or registered.
    share: views > 0 || downloads > 0 || result.leads > 0,
    lead: result.leads > 0,
  }
  const item = (id: string | null, title: string | null) => (id && title !== null ? { id, title } : null)
  const activity: ActivityEntry[] = [
    ...result.processed.map(
      (row): ActivityEntry => ({
        kind: 'processed',
        at: row.at ?? new Date(0),
        count: row.count,
        content: { id: row.id, title: row.title },
      }),
    ),
    ...result.recentLeads.map(
      (row): ActivityEntry => ({
        kind: 'lead',
        at: row.at,
        name: canSeeLeads ? row.name : null,
        content: item(row.id, row.title),
      }),
    ),
    ...result.recentDownloads.map(
      (row): ActivityEntry => ({
        kind: 'download',
        at: row.at,
        zip: row.kind === 'zip',
        content: item(row.id, row.title),
      }),
    ),
  ]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, ACTIVITY_SIZE)
  return {
    steps: GUIDE_STEPS.map((step) => ({ step, done: done[step] })),
    activity,
    publicUrl: companyPublicBase(company),
    latestGalleryId: result.latestGalleryId,
    can: {
      brand: actorCan(context, 'company.manage'),
      publish: actorCan(context, 'content.publish'),
      events: actorCan(context, 'events.manage'),
    },
  }
}
