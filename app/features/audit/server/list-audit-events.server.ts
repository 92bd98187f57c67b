import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { auditEvent, contentItem, customDomain, member, user } from '#db/schema'
import { needs, actorUserId, type TenantContext } from '#app/access/context'
import type { TAuditFilters } from '../audit.schema'
import { describeAuditSubject } from '../audit-subject'
import { recordAuditEvent } from './record-audit-event.server'

export const AUDIT_PAGE_SIZE = 100

/**
 * The company's most recent audit events, newest first (row-level security fences them), each
 * with who did it and what it was about (a link while that still exists), and the people who
 * appear in the log for the person filter. Reading the audit log is itself recorded in it.
 */
export const listAuditEvents = needs(
  'audit.read',
  async function listAuditEvents(context: TenantContext, filters: TAuditFilters = {}) {
    const subjectUser = alias(user, 'subject_user')
    const result = await context.withTenant(async (tx) => {
      const ownCompany = eq(auditEvent.companyId, context.company.id)
      const where = and(
        ownCompany,
        filters.category ? eq(auditEvent.category, filters.category) : undefined,
        filters.actor ? eq(auditEvent.actorUserId, filters.actor) : undefined,
      )
      const rows = await tx
        .select({
          id: auditEvent.id,
          category: auditEvent.category,
          action: auditEvent.action,
          actorName: user.name,
          actorEmail: user.email,
          tableName: auditEvent.tableName,
          details: auditEvent.details,
          ipAddress: auditEvent.ipAddress,
          createdAt: auditEvent.createdAt,
          contentId: contentItem.id,
          contentTitle: contentItem.title,
          memberName: subjectUser.name,
          domainHost: customDomain.host,
        })
        .from(auditEvent)
        .leftJoin(user, eq(user.id, auditEvent.actorUserId))
        // Compared as text: details are free-form JSON and must never fail a uuid cast.
        .leftJoin(
          contentItem,
          and(
            eq(contentItem.companyId, context.company.id),
            sql`${contentItem.id}::text = ${auditEvent.details}->>'contentItemId'`,
          ),
        )
        .leftJoin(
          member,
          and(
            eq(auditEvent.tableName, 'members'),
            eq(member.organizationId, context.company.id),
            eq(member.id, auditEvent.recordId),
          ),
        )
        .leftJoin(subjectUser, eq(subjectUser.id, member.userId))
        .leftJoin(
          customDomain,
          and(
            eq(auditEvent.tableName, 'custom_domains'),
            eq(customDomain.companyId, context.company.id),
            sql`${customDomain.id}::text = ${auditEvent.recordId}`,
          ),
        )
        .where(where)
        .orderBy(desc(auditEvent.createdAt))
        .limit(AUDIT_PAGE_SIZE)
      const people = await tx
        .selectDistinct({ id: user.id, name: user.name, email: user.email })
        .from(auditEvent)
        .innerJoin(user, eq(user.id, auditEvent.actorUserId))
        .where(ownCompany)
        .orderBy(asc(user.name), asc(user.email), asc(user.id))
      return { rows, people }
    })
    await recordAuditEvent({
      category: 'company_sensitive_data_access',
      action: 'audit.read',
      companyId: context.company.id,
      actorUserId: actorUserId(context),
      tableName: 'audit_events',
    })
    const events = result.rows.map(
      ({ details, contentId, contentTitle, memberName, domainHost, tableName, ...event }) => ({
        ...event,
        subject: describeAuditSubject({
          action: event.action,
          tableName,
          details,
          content: contentId && contentTitle !== null ? { id: contentId, title: contentTitle } : null,
          memberName,
          domainHost,
        }),
      }),
    )
    return { events, people: result.people }
  },
)
