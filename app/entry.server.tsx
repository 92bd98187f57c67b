import { Transform, type TransformCallback } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from 'react-router'
import { NonceProvider } from './lib/nonce'
import { detectLanguage, LANGUAGE_PARAMETER } from './lib/i18n'
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from './lib/errors'
import { RequestLanguageProvider } from './lib/request-language'
import { serverTracing } from './lib/tracing.server'
import { logger } from './lib/logger.server'

export const streamTimeout = 10_000

// With traces on, React Router's handling of each request, its loaders and its actions are spans
// (server/tracing.ts); off, React Router is handed none and wraps nothing.
const tracing = serverTracing()
export const instrumentations = tracing ? [tracing.reactRouter] : undefined

/**
 * What failed in a loader, an action or a render: one log line with the request's id and the
 * error's stack (React Router's own handler printed the bare stack, and a thrown response's whole
 * object). A request its client gave up on is not a failure of ours.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  // A response thrown by a loader (a 404) is an answer, not a failure; what it wraps may be one.
  const thrown = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : error
  if (thrown === undefined) return
  logger.error({ err: thrown }, 'request failed')
}

/**
 * Until the page hydrates, a language chosen in the switcher asks for the same page in that
 * language (server/language-choice.ts): on a phone still loading the page's scripts the choice is
 * not lost. Once hydrated the switcher changes the page in place. On the window, capturing: React,
 * once called, stops the events that reach the document of a page not yet hydrated. React writes
 * it into the page as it does its own bootstrap: the browser's bundle does not carry it.
 */
const LANGUAGE_BEFORE_HYDRATION = `addEventListener('change',function(e){var s=e.target,u;if(s.name==='${LANGUAGE_PARAMETER}'&&s.form&&!document.documentElement.dataset.hydrated){u=new URL(location.href);u.searchParams.set(s.name,s.value);location.assign(u)}},true)`

/**
 * React writes a page in pieces of at most 4 KB and calls `flush()` once it has written all it
 * has for now. Each piece on its own through the web stream, gzip and the socket cost more than
 * its bytes (about a hundred for a gallery), so they are gathered and passed on at each flush:
 * the same bytes, streamed at the same moments, in one piece per pass.
 */
class Gathered extends Transform {
  private pieces: Buffer[] = []
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.pieces.push(chunk)
    done()
  }
  flush() {
    if (this.pieces.length === 0) return
    this.push(this.pieces.length === 1 ? this.pieces[0] : Buffer.concat(this.pieces))
    this.pieces = []
  }
  override _flush(done: TransformCallback) {
    this.flush()
    done()
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce ?? ''
  // A loader that met the database away, whether it said so (toHttpError's 503, whose headers a
  // thrown answer loses) or not: the page asks to be tried again shortly.
  const awayFor = (error: unknown) =>
    isDatabaseUnavailable(error) ||
    (isRouteErrorResponse(error) && error.status === 503 && error.data?.code === 'UNAVAILABLE')
  if (Object.values(routerContext.staticHandlerContext.errors ?? {}).some(awayFor)) {
    responseStatusCode = 503
    responseHeaders.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
  }
  return new Promise((resolve, reject) => {
    let shellRendered = false
    // Crawlers (link previews) get the whole document at once; people get it streamed.
    const readyEvent =
      isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestLanguageProvider value={detectLanguage(request)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RequestLanguageProvider>
      </NonceProvider>,
      {
        nonce,
        bootstrapScriptContent: LANGUAGE_BEFORE_HYDRATION,
        // React otherwise sends a large finished Suspense boundary apart from the page, for a script
        // to put in place: fans without JavaScript (and link previews) would never see it.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyEvent]() {
          shellRendered = true
          const body = new Gathered()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Before the shell, React Router hears of it (handleError); after, only here.
          if (shellRendered) logger.error({ err: error }, 'page failed while streaming')
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}
