import type { NextFunction, Request, Response } from 'express'
import { resolveHost } from '#app/features/companies/server/resolve-host.server'
import { LIVE_RETRY_MS, ZLiveCursor } from '#app/features/live/live.schema'
import { findLiveGallery } from '#app/features/live/server/find-live-gallery.server'
import { findWallStream } from '#app/features/live/server/find-wall.server'
import { joinLiveStream } from '#app/features/live/server/join-live-stream.server'
import { resolvePublicCompany } from '#app/features/public/server/public-pages.server'
import { AppError } from '#app/lib/errors'
import { openEventStream } from '#app/lib/event-stream.server'
import { getFixedT } from '#app/lib/i18n.server'
import { detectLanguage } from '#app/lib/i18n'
import { logger } from '#app/lib/logger.server'

/*
 * The live streams (ADR 057): `GET /{company}/galeria/{slug}/live`, `/galeria/{slug}/live` on a
 * company's host, and the venue wall's `/wall/{token}/live`. Answered here, ahead of the page
 * stack, as fans' files and analytics events are: a stream is held open for hours, ten thousand
 * at once, and a request through the page stack (a Fetch request, its signal, a web stream piped
 * back) cost about 90 KB each where a bare response costs a few (npm run bench, BENCH_ONLY=live).
 * `?poll=1` (the fallback) and the fans' POST go on to the route module `routes/tenant/gallery-live.ts`.
 */

const GALLERY_STREAM = /^\/(?:([^/]+)\/)?galeria\/([^/]+)\/live\/?$/
const WALL_STREAM = /^\/wall\/([^/]+)\/live\/?$/

/** Where a stream starts: after the browser's `Last-Event-ID`, else `?after=`, else now. */
function startOf(req: Request, now: number) {
  const from = req.get('last-event-id') ?? (typeof req.query.after === 'string' ? req.query.after : null)
  return from === null ? now : ZLiveCursor.parse(from)
}

async function galleryStream(req: Request, clientSlug: string | undefined, gallerySlug: string) {
  const context = await resolvePublicCompany({ host: await resolveHost(req.get('host') ?? ''), path: req.path }, clientSlug)
  const gallery = await findLiveGallery(context, gallerySlug)
  return { galleryId: gallery.id, after: startOf(req, gallery.cursor) }
}

async function wallStream(req: Request, token: string) {
  const { galleryId, cursor } = await findWallStream(token)
  return { galleryId, after: startOf(req, cursor) }
}

export function liveStreams() {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || 'poll' in req.query) return next()
    const gallery = GALLERY_STREAM.exec(req.path)
    const wall = gallery ? null : WALL_STREAM.exec(req.path)
    if (!gallery && !wall) return next()
    let parts: Array<string | undefined>
    try {
      parts = (gallery ?? wall!).slice(1).map((part) => (part === undefined ? undefined : decodeURIComponent(part)))
    } catch {
      // A broken escape names no gallery: the page stack answers it as any unknown address.
      return next()
    }
    try {
      const { galleryId, after } = gallery ? await galleryStream(req, parts[0], parts[1]!) : await wallStream(req, parts[0]!)
      // Held for hours: no idle timeout on the socket (pings keep proxies from cutting it).
      req.socket.setTimeout(0)
      openEventStream(res, (writer) => joinLiveStream(galleryId, after, writer), { retryMs: LIVE_RETRY_MS })
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) {
        logger.error({ err: error, path: req.path }, 'live stream not opened')
        return void res.status(500).set('Cache-Control', 'no-store').json({ error: 'INTERNAL' })
      }
      const t = getFixedT(detectLanguage({ headers: new Headers({ cookie: req.get('cookie') ?? '', 'accept-language': req.get('accept-language') ?? '' }) }))
      // A company's former address moved for good; anything else is not (or no longer) a live stream.
      if (error.code === 'MOVED' && typeof error.details.location === 'string') return void res.redirect(301, `${error.details.location}${req.url.slice(req.path.length)}`)
      res.status(error.status).set('Cache-Control', 'no-store').json({ error: error.code, messageKey: error.messageKey, message: t(error.messageKey) })
    }
  }
}
