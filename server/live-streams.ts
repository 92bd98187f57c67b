import type http from 'node:http'
import querystring from 'node:querystring'
import type { NextFunction, Request, Response } from 'express'
import { resolveHost } from '#app/access/resolve-host.server'
import { ZLiveCursor } from '#app/features/galleries/live/live.schema'
import { findLiveGallery } from '#app/features/galleries/live/server/find-live-gallery.server'
import { findWallStream } from '#app/features/galleries/live/server/find-wall.server'
import { joinLiveStream } from '#app/features/galleries/live/server/join-live-stream.server'
import { resolvePublicCompany } from '#app/access/public-visitor.server'
import { AppError } from '#app/lib/errors'
import { logger } from '#app/lib/logger.server'
import { isMalformedAddress } from './malformed-addresses'
import { visitorTexts } from './visitor-language'
import { nameRoute } from './request-log'

/*
 * The live streams (ADR 057): `GET /{company}/galeria/{slug}/live`, `/galeria/{slug}/live` on a
 * company's host, and the venue wall's `/wall/{token}/live`. A stream is held open for hours, ten
 * thousand at once, so each must cost its socket and little else. Through the page stack (a Fetch
 * request, its signal, a web stream piped back) one cost far more memory; through Express, still
 * more than a bare response (Express gives each request and response its own prototype, so V8
 * gives each its own hidden class, and its router's state stays on the request). So the server's
 * request listener opens them before Express sees them (`liveStreamsFirst`); a refusal (404, 301,
 * 500) goes on to Express, where `liveStreams` answers it in the visitor's language, as it answers
 * the addresses only Express reads (an absolute URL). Streams asked for at once share their
 * look-up (and, in join-live-stream.server.ts, their catch-up read): ten thousand opened 200 at a
 * time made 30,000 transactions, whose garbage kept more memory resident a stream and made the
 * opening slow (npm run bench, BENCH_ONLY=live). `?poll=1` (the fallback) and the fans' POST go on to
 * the route module `routes/tenant/gallery-live.ts`.
 */

const GALLERY_STREAM = /^\/(?:([^/]+)\/)?galeria\/([^/]+)\/live\/?$/
const WALL_STREAM = /^\/wall\/([^/]+)\/live\/?$/
// Where Express reads an address otherwise than a split at `?` (parseurl): left to Express.
const UNUSUAL_ADDRESS = /[\t\n\f\r #\u00a0\ufeff]/

type Query = Record<string, string | string[] | undefined>
type Asked = { wall: boolean; parts: Array<string | undefined> }

/** The stream an address asks for (its parts decoded), or null: a broken escape names no gallery, and the page stack answers it as any unknown address. */
function streamAsked(path: string): Asked | null {
  const gallery = GALLERY_STREAM.exec(path)
  const wall = gallery ? null : WALL_STREAM.exec(path)
  if (!gallery && !wall) return null
  try {
    return {
      wall: Boolean(wall),
      parts: (gallery ?? wall!).slice(1).map((part) => (part === undefined ? undefined : decodeURIComponent(part))),
    }
  } catch {
    return null
  }
}

/** Where a stream starts: after the browser's `Last-Event-ID`, else `?after=`, else now. */
function startOf(headers: http.IncomingHttpHeaders, query: Query, now: number) {
  const lastEventId = headers['last-event-id']
  const from = typeof lastEventId === 'string' ? lastEventId : typeof query.after === 'string' ? query.after : null
  return from === null ? now : ZLiveCursor.parse(from)
}

type Found = { galleryId: string; cursor: number }

/** Look-ups under way, by what they look up: streams asked for at once (a wall's screens, fans coming back after a deploy) share one. */
const lookups = new Map<string, Promise<Found>>()

function lookUp(key: string, find: () => Promise<Found>) {
  let lookup = lookups.get(key)
  if (!lookup) {
    lookup = find().finally(() => lookups.delete(key))
    lookups.set(key, lookup)
  }
  return lookup
}

async function findGalleryStream(
  host: string,
  path: string,
  [clientSlug, gallerySlug]: Asked['parts'],
): Promise<Found> {
  const context = await resolvePublicCompany({ host: await resolveHost(host), path }, clientSlug)
  const gallery = await findLiveGallery(context, gallerySlug!)
  return { galleryId: gallery.id, cursor: gallery.cursor }
}

/** The gallery a stream follows and the place it starts after; throws what refuses it. */
async function findStream(asked: Asked, headers: http.IncomingHttpHeaders, path: string, query: Query) {
  const host = headers.host ?? ''
  const token = asked.parts[0]!
  const { galleryId, cursor } = asked.wall
    ? await lookUp(`wall ${token}`, () => findWallStream(token))
    : await lookUp(`gallery ${host} ${path}`, () => findGalleryStream(host, path, asked.parts))
  return { galleryId, after: startOf(headers, query, cursor) }
}

function openStream(req: http.IncomingMessage, res: http.ServerResponse, stream: { galleryId: string; after: number }) {
  nameRoute(res, 'live stream')
  // Held for hours: no idle timeout on the socket (pings keep proxies from cutting it).
  req.socket.setTimeout(0)
  joinLiveStream(res, stream.galleryId, stream.after)
}

/** Streams refused before Express saw them, with what refused them: `liveStreams` answers them. */
const refusals = new WeakMap<http.IncomingMessage, { error: unknown }>()

/** The server's request listener: live streams opened here, everything else (and their refusals) handed to `app`. */
export function liveStreamsFirst(app: http.RequestListener): http.RequestListener {
  return (req, res) => {
    const url = req.url ?? ''
    if (req.method !== 'GET' || url[0] !== '/' || UNUSUAL_ADDRESS.test(url) || isMalformedAddress(url))
      return void app(req, res)
    const mark = url.indexOf('?')
    const path = mark < 0 ? url : url.slice(0, mark)
    const query = querystring.parse(mark < 0 ? '' : url.slice(mark + 1))
    const asked = 'poll' in query ? null : streamAsked(path)
    if (!asked) return void app(req, res)
    findStream(asked, req.headers, path, query)
      .then(
        (stream) => openStream(req, res, stream),
        (error: unknown) => {
          refusals.set(req, { error })
          app(req, res)
        },
      )
      .catch((error: unknown) => {
        logger.error({ err: error, path }, 'live stream not opened')
        res.destroy()
      })
  }
}

/** Express's part: the refusals `liveStreamsFirst` handed on, and streams at addresses only Express reads. */
export function liveStreams() {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || 'poll' in req.query) return next()
    const asked = streamAsked(req.path)
    if (!asked) return next()
    nameRoute(res, 'live stream')
    try {
      const refused = refusals.get(req)
      if (refused) throw refused.error
      openStream(req, res, await findStream(asked, req.headers, req.path, req.query as Query))
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) {
        logger.error({ err: error, path: req.path }, 'live stream not opened')
        return void res.status(500).set('Cache-Control', 'no-store').json({ error: 'INTERNAL' })
      }
      const t = visitorTexts(req)
      // A company's former address moved for good; anything else is not (or no longer) a live stream.
      if (error.code === 'MOVED' && typeof error.details.location === 'string')
        return void res.redirect(301, `${error.details.location}${req.url.slice(req.path.length)}`)
      res
        .status(error.status)
        .set('Cache-Control', 'no-store')
        .json({ error: error.code, messageKey: error.messageKey, message: t(error.messageKey) })
    }
  }
}
