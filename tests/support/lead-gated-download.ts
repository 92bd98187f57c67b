import { randomBytes, randomUUID } from 'node:crypto'
import { asset, contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { getStorage, mediaKey } from '#app/lib/storage.server'

/**
 * A published gallery that asks fans for their details before a download, with one ready video:
 * its page, the lead form's address and the form a fan fills in.
 */
export async function createLeadGatedDownload(company: { id: string; slug: string }) {
  const [gallery] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({
        companyId: company.id,
        kind: 'gallery',
        slug: `g-${randomBytes(3).toString('hex')}`,
        title: 'Show night',
        status: 'published',
        publishedAt: new Date(),
        requireLead: true,
      })
      .returning({ id: contentItem.id, slug: contentItem.slug }),
  )
  const fileId = await storedVideo(company.id, gallery.id, 'encore.mp4')
  const next = `/download/file/${fileId}`
  const tag = randomBytes(3).toString('hex')
  return {
    galleryId: gallery.id,
    page: `/${company.slug}/galeria/${gallery.slug}`,
    formPath: `/download/lead?next=${encodeURIComponent(next)}`,
    leadForm: (who: string) => ({
      next,
      fullName: `Fan ${who}`,
      email: `${who}-${tag}@fans.test`,
      privacyAccepted: 'on',
      dataProcessingConsent: 'on',
    }),
  }
}

/** A processed video stored directly in an item (a video needs no renditions to be downloaded). */
export async function storedVideo(companyId: string, contentItemId: string, originalName = 'clip.mp4') {
  const id = randomUUID()
  const storageKey = mediaKey(companyId, id, 'original', 'mp4')
  await getStorage().put(storageKey, randomBytes(2000), { contentType: 'application/octet-stream' })
  await withSystem((tx) =>
    tx.insert(asset).values({
      id,
      companyId,
      contentItemId,
      purpose: 'gallery-media',
      mediaType: 'video',
      originalName,
      mimeType: 'video/mp4',
      sizeBytes: 2000,
      storageKey,
      position: 0,
      width: 1920,
      height: 1080,
      processingStatus: 'ready',
    }),
  )
  return id
}
