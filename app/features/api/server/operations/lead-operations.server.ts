import {
  decodeCursor,
  encodeCursor,
  ZIdParam,
  ZLeadDetail,
  ZLeadExportQuery,
  ZLeadListQuery,
  ZLeadPage,
} from '#app/features/api/api-v1.schema'
import { deleteLead } from '#app/features/leads/server/delete-lead.server'
import { exportLeadsCsv } from '#app/features/leads/server/export-leads.server'
import { findLeads } from '#app/features/leads/server/find-leads.server'
import { getLead } from '#app/features/leads/server/get-lead.server'
import { CSV_CONTENT_TYPE } from '#app/lib/csv'
import { AppError } from '#app/lib/errors'
import { getFixedT } from '#app/lib/i18n.server'
import { defineOperation } from '../api-operation.server'
import { INVALID, iso, NOT_FOUND, withProblems } from './responses.server'

/* Leads through the API: the same list, erasure and export as the admin's Leads, audited alike. */

function leadOf(row: {
  id: string
  fullName: string
  email: string
  phone: string | null
  organisation: string | null
  contentItemId: string | null
  eventId: string | null
  privacyAcceptedAt: Date | null
  dataProcessingConsent: boolean
  marketingConsent: boolean
  createdAt: Date
}) {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    organisation: row.organisation,
    contentItemId: row.contentItemId,
    eventId: row.eventId,
    privacyAcceptedAt: iso(row.privacyAcceptedAt),
    dataProcessingConsent: row.dataProcessingConsent,
    marketingConsent: row.marketingConsent,
    createdAt: iso(row.createdAt)!,
  }
}

export const leadOperations = [
  defineOperation({
    operationId: 'listLeads',
    method: 'get',
    path: '/leads',
    tag: 'Leads',
    summary: 'List leads',
    description:
      'Newest first, with the filters of the Leads screen; `nextCursor` gives the next page. Audited as a look at fans’ data.',
    permission: findLeads.need,
    scope: 'leads:read',
    query: ZLeadListQuery,
    responses: withProblems({ 200: { description: 'A page of leads', schema: ZLeadPage } }, INVALID),
    async handle(context, { query, origin }) {
      const after = decodeCursor(query.cursor)
      if (query.cursor && !after) throw new AppError('BAD_REQUEST', 'api.errors.cursor')
      const { q, content, event, marketing } = query
      const result = await findLeads(context, { q, content, event, marketing }, origin, {
        after,
        limit: query.limit,
      })
      const page = result.leads.slice(0, query.limit)
      const last = page.at(-1)
      return {
        status: 200,
        body: {
          items: page.map(leadOf),
          total: result.total,
          matching: result.matching,
          nextCursor: result.leads.length > query.limit && last ? encodeCursor(last.position, last.id) : null,
        },
      }
    },
  }),
  defineOperation({
    operationId: 'exportLeads',
    method: 'get',
    path: '/leads/export.csv',
    tag: 'Leads',
    summary: 'Export leads as CSV',
    description:
      'The same CSV as the Leads screen (UTF-8 with BOM, header in the language of Accept-Language), with its filters.',
    permission: exportLeadsCsv.need,
    scope: 'leads:read',
    query: ZLeadExportQuery,
    responses: withProblems({ 200: { description: 'CSV, streamed', contentType: 'text/csv' } }, INVALID),
    async handle(context, { query, origin, language }) {
      const { stream, fileName } = await exportLeadsCsv(
        context,
        { q: query.q, content: query.content, event: query.event, marketing: query.marketing },
        { t: getFixedT(language), origin: origin },
      )
      return {
        status: 200,
        stream: { contentType: CSV_CONTENT_TYPE, body: stream },
        headers: { 'Content-Disposition': `attachment; filename="${fileName}"` },
      }
    },
  }),
  defineOperation({
    operationId: 'getLead',
    method: 'get',
    path: '/leads/{id}',
    tag: 'Leads',
    summary: 'Get one lead with its consent record',
    permission: 'leads.read',
    scope: 'leads:read',
    params: ZIdParam,
    responses: withProblems({ 200: { description: 'The lead', schema: ZLeadDetail } }, NOT_FOUND),
    async handle(context, { params, origin }) {
      const found = await getLead(context, params.id, origin)
      return {
        status: 200,
        body: {
          ...leadOf(found),
          policyVersion: found.policyVersion,
          language: found.language,
          sourceUrl: found.sourceUrl,
        },
      }
    },
  }),
  defineOperation({
    operationId: 'deleteLead',
    method: 'delete',
    path: '/leads/{id}',
    tag: 'Leads',
    summary: "Erase a lead (a data subject's request)",
    permission: deleteLead.need,
    scope: 'leads:write',
    params: ZIdParam,
    responses: withProblems({ 204: { description: 'Erased' } }, NOT_FOUND),
    async handle(context, { params, origin }) {
      await deleteLead(context, params.id, origin)
      return { status: 204 }
    },
  }),
]
