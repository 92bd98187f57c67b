import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm'
import { asset, contentItem, event } from '#db/schema'
import { removeStoredFiles } from '#app/features/media/server/remove-stored-files.server'
import { AppError } from '#app/lib/errors'
import type { MemberContext } from '#app/lib/tenant.server'
import type { EventStatus, TEventForm } from '../events.schema'

export async function listEvents(member: MemberContext) {
  return member.withTenant((tx) =>
    tx
      .select({
        id: event.id,
        title: event.title,
        slug: event.slug,
        status: event.status,
        startsAt: event.startsAt,
        venue: event.venue,
        location: event.location,
        isFree: event.isFree,
        spots: event.spots,
        contentCount: sql<number>`(select count(*)::int from content_items as attached where attached.event_id = events.id)`,
      })
      .from(event)
      .where(eq(event.companyId, member.company.id))
      .orderBy(desc(event.startsAt), desc(event.createdAt)),
  )
}

/** Events to choose from in content forms. */
export async function listEventOptions(member: MemberContext) {
  return member.withTenant((tx) =>
    tx.select({ id: event.id, title: event.title }).from(event).where(eq(event.companyId, member.company.id)).orderBy(desc(event.startsAt), asc(event.title)),
  )
}

/** An event id from a form is used only if the event is this company's. */
export async function ensureCompanyEvent(member: MemberContext, eventId: string | null) {
  if (!eventId) return
  const [found] = await member.withTenant((tx) => tx.select({ id: event.id }).from(event).where(and(eq(event.id, eventId), eq(event.companyId, member.company.id))))
  if (!found) throw new AppError('NOT_FOUND', 'events.errors.notFound', { field: 'eventId' })
}

export async function getEvent(member: MemberContext, eventId: string) {
  return member.withTenant(async (tx) => {
    const [found] = await tx
      .select()
      .from(event)
      .where(and(eq(event.id, eventId), eq(event.companyId, member.company.id)))
    if (!found) throw new AppError('NOT_FOUND', 'events.errors.notFound')
    const attached = await tx
      .select({ id: contentItem.id, title: contentItem.title, kind: contentItem.kind, status: contentItem.status })
      .from(contentItem)
      .where(and(eq(contentItem.companyId, member.company.id), eq(contentItem.eventId, found.id)))
      .orderBy(asc(contentItem.title))
    const available = await tx
      .select({ id: contentItem.id, title: contentItem.title, kind: contentItem.kind })
      .from(contentItem)
      .where(and(eq(contentItem.companyId, member.company.id), or(isNull(contentItem.eventId), sql`${contentItem.eventId} <> ${found.id}`)))
      .orderBy(asc(contentItem.title))
    return { event: found, attached, available }
  })
}

async function ensureSlugFree(member: MemberContext, slug: string, exceptId?: string) {
  const [taken] = await member.withTenant((tx) =>
    tx
      .select({ id: event.id })
      .from(event)
      .where(and(eq(event.companyId, member.company.id), eq(event.slug, slug))),
  )
  if (taken && taken.id !== exceptId) throw new AppError('CONFLICT', 'events.errors.slugTaken', { field: 'slug' })
}

export async function createEvent(member: MemberContext, form: TEventForm) {
  await ensureSlugFree(member, form.slug)
  const [created] = await member.withTenant((tx) => tx.insert(event).values({ companyId: member.company.id, ...form }).returning({ id: event.id }))
  return created
}

export async function updateEvent(member: MemberContext, eventId: string, form: TEventForm) {
  await getEvent(member, eventId)
  await ensureSlugFree(member, form.slug, eventId)
  await member.withTenant((tx) => tx.update(event).set({ ...form, updatedAt: new Date() }).where(eq(event.id, eventId)))
}

export async function changeEventStatus(member: MemberContext, eventId: string, status: EventStatus) {
  await getEvent(member, eventId)
  await member.withTenant((tx) => tx.update(event).set({ status, updatedAt: new Date() }).where(eq(event.id, eventId)))
}

/** Galleries and content keep existing when their event is deleted; they are only detached. */
export async function deleteEvent(member: MemberContext, eventId: string) {
  const { event: found } = await getEvent(member, eventId)
  await member.withTenant(async (tx) => {
    await tx.delete(event).where(eq(event.id, eventId))
    if (found.coverAssetId) await tx.delete(asset).where(eq(asset.id, found.coverAssetId))
  })
  if (found.coverAssetId) await removeStoredFiles(member.company.id, [found.coverAssetId])
}

export async function attachContent(member: MemberContext, eventId: string, contentItemId: string, attach: boolean) {
  await getEvent(member, eventId)
  const updated = await member.withTenant((tx) =>
    tx
      .update(contentItem)
      .set({ eventId: attach ? eventId : null, updatedAt: new Date() })
      .where(and(eq(contentItem.id, contentItemId), eq(contentItem.companyId, member.company.id), attach ? sql`true` : eq(contentItem.eventId, eventId)))
      .returning({ id: contentItem.id }),
  )
  if (updated.length === 0) throw new AppError('NOT_FOUND', 'content.errors.notFound')
}
