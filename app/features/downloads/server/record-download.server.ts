import { eq, sql } from 'drizzle-orm'
import { contentItem, download } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { CLIENT_IP_HEADER } from '#app/lib/auth.server'
import { withTenant } from '#app/lib/db.server'
import type { DownloadQuality } from '../downloads'

type DownloadRecord = {
  companyId: string
  contentItemId: string
  assetId: string | null
  leadId: string | null
  kind: 'file' | 'zip'
  quality: DownloadQuality
  fileCount: number
}

/**
 * Counts one download a fan started: a row for analytics, the item's counter, and an entry in
 * the audit trail's "download tracking" category.
 */
export async function recordDownload(request: Request, record: DownloadRecord) {
  const id = await withTenant(record.companyId, async (tx) => {
    const [row] = await tx
      .insert(download)
      .values({ companyId: record.companyId, contentItemId: record.contentItemId, assetId: record.assetId, leadId: record.leadId, kind: record.kind, quality: record.quality })
      .returning({ id: download.id })
    await tx
      .update(contentItem)
      .set({ downloadCount: sql`${contentItem.downloadCount} + 1` })
      .where(eq(contentItem.id, record.contentItemId))
    return row.id
  })
  await recordAuditEvent({
    category: 'download_tracking',
    action: record.kind === 'zip' ? 'download.zip' : 'download.file',
    companyId: record.companyId,
    tableName: 'downloads',
    recordId: id,
    details: { contentItemId: record.contentItemId, assetId: record.assetId, leadId: record.leadId, quality: record.quality, files: record.fileCount },
    ipAddress: request.headers.get(CLIENT_IP_HEADER) || null,
    userAgent: request.headers.get('user-agent')?.slice(0, 500) || null,
  })
  return id
}
