import { nothingHere } from '#app/lib/nothing-here.server'
import { getRequestT } from '#app/lib/i18n.server'
import type { Readable } from 'node:stream'
import { makeZip } from 'client-zip'
import { AppError } from '#app/lib/errors'
import { logger } from '#app/lib/logger.server'
import { contentDisposition, serveObject } from '#app/lib/serve-object.server'
import { getStorage, type Storage } from '#app/lib/storage.server'
import { safeFileBase } from '#app/features/galleries/downloads/download-names'
import { LEAD_REQUIRED, leadFormPath } from '#app/features/galleries/downloads/downloads'
import { visitOf } from '#app/access/visit.server'
import { downloadPinPath, PIN_REQUIRED, PIN_REQUIRED_STATUS } from '#app/features/galleries/protection/protection-paths'
import type { DownloadEntry } from '#app/features/galleries/downloads/server/find-download.server'
import { zipLength } from '#app/features/galleries/downloads/server/zip-length.server'
import { prepareDownload, type WantedDownload } from '#app/features/galleries/downloads/server/prepare-download.server'
import { recordDownload } from '#app/features/galleries/downloads/server/record-download.server'
import { queueWebDownloadFiles } from '#app/features/galleries/downloads/server/queue-web-download-files.server'
import type { WebFilesToMake } from '#app/features/galleries/downloads/server/find-download.server'
import { peekFindMeSetFiles, takeFindMeSetFiles } from '#app/features/faces/server/find-me-set-files.server'
import { findChapterFiles } from '#app/features/galleries/setlist/server/find-chapter-files.server'
import { PUBLIC_DOOR } from '#app/access/public-visitor.server'

/*
 * The HTTP side of fans' downloads (ADR 027 names it as an adapter): byte ranges of one file,
 * or a ZIP streamed while it is built. What may be downloaded is decided by `prepareDownload`.
 */

// What a fan gets depends on the plan and their lead cookie: never cached by anyone in between.
const DOWNLOAD_CACHE = 'private, no-store'

/**
 * A stored file's bytes, opened only when the ZIP reaches it, checked against the size the
 * archive's length was computed from (a mismatch aborts the download instead of corrupting it).
 */
async function* exactBytes(storage: Storage, entry: DownloadEntry) {
  let stream: Readable | undefined
  try {
    stream = await storage.read(entry.storageKey)
    let seen = 0
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      seen += chunk.length
      if (seen > entry.sizeBytes) break
      yield chunk
    }
    if (seen !== entry.sizeBytes)
      throw new Error(`${entry.storageKey} has ${seen} or more bytes, ${entry.sizeBytes} expected`)
  } catch (error) {
    // Headers are gone already: the fan's download breaks off, and this says why.
    logger.error({ err: error, assetId: entry.assetId }, 'zip entry could not be read')
    throw error
  } finally {
    stream?.destroy()
  }
}

/**
 * A whole gallery as one ZIP, streamed while it is built: files are stored, not recompressed
 * (JPEG, WebP and MP4 are compressed already), read one at a time, so the first bytes leave at
 * once and memory stays flat whatever the gallery's size. Stored entries make the archive's
 * size computable up front, so it goes out with an exact Content-Length (ADR 018).
 */
export function zipResponse(
  request: Request,
  entries: DownloadEntry[],
  fileName: string,
  storage: Storage = getStorage(),
) {
  const headers = new Headers({
    'Content-Type': 'application/zip',
    'Content-Length': String(zipLength(entries)),
    'Content-Disposition': contentDisposition(fileName),
    'Cache-Control': DOWNLOAD_CACHE,
  })
  if (request.method === 'HEAD') return new Response(null, { headers })
  const files = entries.map((entry) => ({
    name: entry.name,
    size: entry.sizeBytes,
    lastModified: entry.lastModified,
    input: exactBytes(storage, entry),
  }))
  return new Response(makeZip(files), { headers })
}

/** `chapter`: one set-list chapter of a gallery instead of all of it (ADR 061); `set`: a fan's Find me set (ADR 103). */
export type DownloadRequest = WantedDownload & { path: string; chapter?: string | null; set?: string | null }

// A count that fails to be written must not cost the fan their download.
const notRecorded = (contentItemId: string) => (error: unknown) =>
  logger.error({ err: error, contentItemId }, 'download not recorded')

/**
 * Queues what this download lacked at web size (queue-web-download-files.server.ts), after its
 * answer is under way: the fan's first byte does not wait for the queue.
 */
function makeWhatWasMissing(companyId: string, toMake: WebFilesToMake) {
  if (toMake.photos.length === 0 && toMake.videos.length === 0) return
  queueWebDownloadFiles(companyId, toMake).catch((error) =>
    logger.error({ err: error, companyId }, 'missing web-size files not queued'),
  )
}

function isPageNavigation(request: Request) {
  return (request.headers.get('accept') ?? '').includes('text/html')
}

/** Whether a file response is a new download (not a HEAD, a resumed range or a revalidation). */
function isNewDownload(request: Request, response: Response) {
  if (request.method !== 'GET') return false
  if (response.status === 200) return true
  return response.status === 206 && (response.headers.get('content-range') ?? '').startsWith('bytes 0-')
}

/** A download link that leads nowhere: a fan opened it, so it says so in their language. */
export const downloadNotFound = nothingHere

/**
 * Answers a fan's download: one file (with byte ranges) or a gallery's ZIP, in the quality of
 * the company's plan, after the lead form where the item asks for one. Every download started is
 * counted; HEAD requests (the page checking before it starts one) are not.
 */
export async function serveDownload(request: Request, wanted: DownloadRequest): Promise<Response> {
  const visit = await visitOf(request)
  let prepared
  try {
    prepared = await prepareDownload(PUBLIC_DOOR, visit, wanted)
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return downloadNotFound(request)
    throw error
  }
  if (prepared.outcome === 'pin-required') {
    if (isPageNavigation(request))
      return new Response(null, {
        status: 303,
        headers: { Location: downloadPinPath(wanted.path), 'Cache-Control': 'no-store' },
      })
    return Response.json(
      { code: PIN_REQUIRED, messageKey: 'public.protection.pinTitle' },
      { status: PIN_REQUIRED_STATUS, headers: { 'Cache-Control': 'no-store' } },
    )
  }
  if (prepared.outcome === 'lead-required') {
    // Without JavaScript the link itself leads here: the fan gets the form, then the file.
    if (isPageNavigation(request))
      return new Response(null, {
        status: 303,
        headers: { Location: leadFormPath(wanted.path), 'Cache-Control': 'no-store' },
      })
    return Response.json(
      { code: LEAD_REQUIRED, messageKey: 'downloads.errors.leadRequired' },
      { status: 403, headers: { 'Cache-Control': 'no-store' } },
    )
  }
  const { target, leadId } = prepared
  const { context, item, file, toMake } = target
  let { entries } = target
  let zipName = `${safeFileBase(item.title)}.zip`
  let song: string | null = null
  if (wanted.chapter) {
    const chapter = await findChapterFiles(context, item.id, wanted.chapter)
    entries = chapter ? entries.filter((entry) => chapter.assetIds.has(entry.assetId)) : []
    if (!chapter || entries.length === 0) return downloadNotFound(request)
    song = chapter.song
    const t = getRequestT(request)
    zipName = `${safeFileBase(`${item.title} - ${chapter.number === null ? t('setlistFans.more') : t('setlistFans.chapterName', { number: chapter.number, title: chapter.title })}`)}.zip`
  }
  if (wanted.set && !file) {
    // Only what a ZIP asks for counts the set's download: the page's HEAD check does not.
    const inSet =
      request.method === 'GET'
        ? await takeFindMeSetFiles(context, item.id, wanted.set)
        : await peekFindMeSetFiles(context, item.id, wanted.set)
    entries = inSet ? entries.filter((entry) => inSet.has(entry.assetId)) : []
    if (entries.length === 0) return downloadNotFound(request)
    zipName = `${safeFileBase(`${item.title} - ${getRequestT(request)('findMe.zipName')}`)}.zip`
  }

  if (file) {
    const response = await serveObject(request, getStorage(), file.storageKey, {
      cacheControl: DOWNLOAD_CACHE,
      downloadName: file.name,
    })
    if (isNewDownload(request, response)) {
      // One photo asked for: only its own JPEG, not its whole gallery's (a video without its web version is no file to serve).
      makeWhatWasMissing(context.company.id, { photos: toMake.photos.filter((id) => id === file.assetId), videos: [] })
      await recordDownload(context, visit, {
        contentItemId: item.id,
        assetId: file.assetId,
        leadId,
        kind: 'file',
        quality: file.quality,
        fileCount: 1,
      }).catch(notRecorded(item.id))
    }
    return response
  }

  const response = zipResponse(request, entries, zipName)
  if (request.method === 'GET') {
    const inZip = new Set(entries.map((entry) => entry.assetId))
    // A chapter's ZIP asks for its own photos; its videos without a web version are not in
    // `entries` at all, so the gallery's are queued (a few, and made once).
    makeWhatWasMissing(context.company.id, {
      photos: wanted.chapter || wanted.set ? toMake.photos.filter((id) => inZip.has(id)) : toMake.photos,
      videos: toMake.videos,
    })
    const quality = entries.some((entry) => entry.quality === 'web') ? 'web' : 'original'
    await recordDownload(context, visit, {
      contentItemId: item.id,
      assetId: null,
      leadId,
      kind: 'zip',
      quality,
      fileCount: entries.length,
      song,
    }).catch(notRecorded(item.id))
  }
  return response
}
