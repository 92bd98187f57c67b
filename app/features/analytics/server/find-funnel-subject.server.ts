import { and, eq } from 'drizzle-orm'
import { contentItem, event } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import type { TFunnelSubject } from './read-funnel.server'

/** The title of the company's event or item whose funnel is asked for; another company's, or none, is not found. */
export async function findFunnelSubjectTitle(context: TenantContext, subject: TFunnelSubject) {
  const companyId = context.company.id
  const [found] = await context.withTenant((tx) =>
    subject.scope === 'item'
      ? tx
          .select({ title: contentItem.title })
          .from(contentItem)
          .where(and(eq(contentItem.companyId, companyId), eq(contentItem.id, subject.id)))
      : tx
          .select({ title: event.title })
          .from(event)
          .where(and(eq(event.companyId, companyId), eq(event.id, subject.id))),
  )
  if (!found) throw new AppError('NOT_FOUND', 'analytics.admin.errors.funnelNotFound')
  return found.title
}
