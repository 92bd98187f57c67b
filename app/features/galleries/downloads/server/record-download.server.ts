import { eq, sql } from 'drizzle-orm'
import { contentItem, download } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import type { PublicContext } from '#app/access/context'
import type { Visit } from '#app/access/visit.server'
import { emitWebhookEvent } from '#app/features/webhooks/server/emit-webhook-event.server'
import { recordServerEvent } from '#app/features/analytics/server/record-server-event.server'
import type { DownloadQuality } from '../downloads'

type DownloadRecord = {
  contentItemId: string
  assetId: string | null
  leadId: string | null
  kind: 'file' | 'zip'
  quality: DownloadQuality
  fileCount: number
  /** A set-list chapter's ZIP: its song, counted for it in analytics (ADR 063). */
  song?: string | null
}

/**
 * Counts one download a fan started: a row for analytics, the item's counter, an entry in the
 * audit trail's "download tracking" category, and an event in the analytics pipeline (ADR 040).
 */
export async function recordDownload(
  fans: Pick<PublicContext, 'company' | 'record'>,
  visit: Pick<Visit, 'origin' | 'cookies'>,
  record: DownloadRecord,
) {
  const { origin } = visit
  const companyId = fans.company.id
  const id = await fans.record(async (tx) => {
    const [row] = await tx
      .insert(download)
      .values({
        companyId,
        contentItemId: record.contentItemId,
        assetId: record.assetId,
        leadId: record.leadId,
        kind: record.kind,
        quality: record.quality,
      })
      .returning({ id: download.id })
    await tx
      .update(contentItem)
      .set({ downloadCount: sql`${contentItem.downloadCount} + 1` })
      .where(eq(contentItem.id, record.contentItemId))
    await emitWebhookEvent(tx, companyId, 'download.completed', {
      id: row.id,
      contentId: record.contentItemId,
      assetId: record.assetId,
      leadId: record.leadId,
      kind: record.kind,
      quality: record.quality,
      files: record.fileCount,
    })
    return row.id
  })
  await recordAuditEvent({
    category: 'download_tracking',
    action: record.kind === 'zip' ? 'download.zip' : 'download.file',
    companyId,
    tableName: 'downloads',
    recordId: id,
    details: {
      contentItemId: record.contentItemId,
      assetId: record.assetId,
      leadId: record.leadId,
      quality: record.quality,
      files: record.fileCount,
    },
    ...origin,
  })
  await recordServerEvent(companyId, visit, {
    type: 'download',
    contentId: record.contentItemId,
    assetId: record.assetId,
    kind: record.kind,
    song: record.song,
  })
  return id
}
