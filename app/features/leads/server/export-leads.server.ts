import { and, desc, eq, sql } from 'drizzle-orm'
import type { TFunction } from '#app/lib/translator'
import { contentItem, event, lead } from '#db/schema'
import { CSV_BOM, csvRow } from '#app/lib/csv'
import { logger } from '#app/lib/logger.server'
import { needs, type TenantContext } from '#app/access/context'
import type { RequestOrigin } from '#app/access/visit.server'
import type { TLeadFilters } from '../leads.schema'
import { leadConditions } from './lead-conditions.server'
import { auditableFilters, recordLeadAccess } from './record-lead-access.server'

/** Rows per query: the export never holds more than this in memory, however long the list. */
export const EXPORT_BATCH_SIZE = 1000

const HEADER_KEYS = [
  'name',
  'email',
  'phone',
  'company',
  'content',
  'event',
  'date',
  'privacyAcceptedAt',
  'dataProcessingConsent',
  'marketingConsent',
  'policyVersion',
  'language',
  'sourceUrl',
] as const

/** Sortable and unambiguous in every spreadsheet: UTC, said so in the header. */
function csvDate(value: Date | null) {
  return value ? value.toISOString().slice(0, 19).replace('T', ' ') : ''
}

export function leadsExportFileName(companySlug: string, now = new Date()) {
  return `leads-${companySlug}-${now.toISOString().slice(0, 10)}.csv`
}

type Cursor = { createdAt: string; id: string }

/**
 * The leads matching the list's filters as CSV (see app/lib/csv.ts), header in the user's
 * language. Streamed batch by batch, each read as the client takes the previous one, so a list of
 * any length costs one batch of memory. Pages follow (created_at, id): rows are never skipped or
 * repeated between batches. The export is audited before the first byte goes out.
 */
export const exportLeadsCsv = needs(
  'leads.read',
  async function exportLeadsCsv(
    context: TenantContext,
    filters: TLeadFilters,
    options: { t: TFunction; origin: RequestOrigin },
  ) {
    const { t } = options
    const where = leadConditions(context.company.id, filters)
    await recordLeadAccess(context, options.origin, 'leads.export', auditableFilters(filters))
    const yesNo = (value: boolean) => (value ? t('leads.csv.yes') : t('leads.csv.no'))
    const encoder = new TextEncoder()
    let cursor: Cursor | null = null
    let started = false
    let done = false

    async function nextBatch() {
      const after: Cursor | null = cursor
      return context.withTenant((tx) =>
        tx
          .select({
            id: lead.id,
            // As text: PostgreSQL keeps microseconds, a JS Date would round them and break the cursor.
            cursorAt: sql<string>`${lead.createdAt}::text`,
            createdAt: lead.createdAt,
            fullName: lead.fullName,
            email: lead.email,
            phone: lead.phone,
            organisation: lead.organisation,
            contentTitle: contentItem.title,
            eventTitle: event.title,
            privacyAcceptedAt: lead.privacyAcceptedAt,
            dataProcessingConsent: lead.dataProcessingConsent,
            marketingConsent: lead.marketingConsent,
            policyVersion: lead.policyVersion,
            language: lead.language,
            sourceUrl: lead.sourceUrl,
          })
          .from(lead)
          .leftJoin(contentItem, eq(contentItem.id, lead.contentItemId))
          .leftJoin(event, eq(event.id, lead.eventId))
          .where(
            after
              ? and(where, sql`(${lead.createdAt}, ${lead.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`)
              : where,
          )
          .orderBy(desc(lead.createdAt), desc(lead.id))
          .limit(EXPORT_BATCH_SIZE),
      )
    }

    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          if (!started) {
            started = true
            controller.enqueue(
              encoder.encode(CSV_BOM + csvRow(HEADER_KEYS.map((key) => t(`leads.csv.columns.${key}`)))),
            )
            return
          }
          if (done) return controller.close()
          const rows = await nextBatch()
          if (rows.length < EXPORT_BATCH_SIZE) done = true
          if (rows.length === 0) return controller.close()
          const last = rows[rows.length - 1]
          cursor = { createdAt: last.cursorAt, id: last.id }
          const text = rows
            .map((row) =>
              csvRow([
                row.fullName,
                row.email,
                row.phone,
                row.organisation,
                row.contentTitle,
                row.eventTitle,
                csvDate(row.createdAt),
                csvDate(row.privacyAcceptedAt),
                yesNo(row.dataProcessingConsent),
                yesNo(row.marketingConsent),
                row.policyVersion,
                row.language,
                row.sourceUrl,
              ]),
            )
            .join('')
          controller.enqueue(encoder.encode(text))
        } catch (error) {
          logger.error({ err: error, companyId: context.company.id }, 'lead export failed mid-stream')
          controller.error(error)
        }
      },
    })

    return { stream, fileName: leadsExportFileName(context.company.slug) }
  },
)
