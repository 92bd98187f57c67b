import type http from 'node:http'
import { LANGUAGE_PARAMETER } from '#app/lib/i18n'
import { logger } from '#app/lib/logger.server'
import { isMalformedAddress } from './malformed-addresses'

/*
 * What a burst of fans asks for, thousands of times a second, is the same few answers already
 * made: a kept gallery page and its photos in memory. The server's listener offers each request
 * to those (`answers`, registered by createApp) before Express sees it, so a hit costs the write
 * of its bytes instead of a walk through Express's router and every middleware before the cache.
 * Whatever they do not answer goes to Express unchanged, where the same middlewares answer it as
 * before: only a request none of those middlewares would act on is offered here.
 */

/** Answers a request and says so (true), or leaves it untouched (false). */
export type FirstAnswer = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>

const answersOf = new WeakMap<object, FirstAnswer[]>()

/** What `fansFirst` offers an app's requests to, in order. */
export function answerFirst(app: object, answers: FirstAnswer[]) {
  answersOf.set(app, answers)
}

// Addresses Express reads otherwise than a split at `?` (see live-streams.ts).
const UNUSUAL_ADDRESS = /[\t\n\f\r #\u00a0\ufeff]/

/** A request the middlewares ahead of the kept answers would all pass on: a bodiless GET or HEAD of a plain address. */
export function isPlainFanRequest(req: http.IncomingMessage) {
  const url = req.url ?? ''
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    url[0] === '/' &&
    // answerAfterBody holds an answer until a body is read; a fan's GET has none.
    req.headers['content-length'] === undefined &&
    req.headers['transfer-encoding'] === undefined &&
    !UNUSUAL_ADDRESS.test(url) &&
    // A language chosen by address: languageChoice answers it with a redirect before the cache.
    !url.includes(`${LANGUAGE_PARAMETER}=`) &&
    !isMalformedAddress(url)
  )
}

/** The server's listener: `app`'s registered answers first, then `app` itself. */
export function fansFirst(app: http.RequestListener & object): http.RequestListener {
  const answers = answersOf.get(app) ?? []
  if (answers.length === 0) return app
  return (req, res) => {
    if (!isPlainFanRequest(req)) return void app(req, res)
    const offer = async () => {
      for (const answer of answers) if (await answer(req, res)) return
      app(req, res)
    }
    offer().catch((error: unknown) => {
      // A kept answer that failed before its first byte is Express's to answer, as any other.
      if (!res.headersSent) return void app(req, res)
      // The path alone: a query may carry what is not the log's (a link's token).
      logger.error({ err: error, path: req.url?.split('?')[0] }, 'kept answer failed')
      res.destroy()
    })
  }
}
