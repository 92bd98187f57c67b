import type { NextFunction, Request, Response } from 'express'

/*
 * A request refused before its body is read (a role without the right, a malformed address) is
 * answered at once. When the connection closes after that answer (the client or a proxy asked for
 * `Connection: close`), Linux resets a socket that is closed with unread bytes and drops whatever
 * of the answer is still in flight: under load, a 150 KB refusal page arrived cut off. So the end
 * of such an answer waits until the body has come in, like a web server's lingering close.
 */

/** Bodies larger than this are not waited for: a refused upload is not worth receiving whole. */
const MAX_BODY_BYTES = 1024 * 1024

type Options = { waitMs?: number }

export function answerAfterBody({ waitMs = 5_000 }: Options = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    const length = Number(req.headers['content-length'] ?? 0)
    const hasBody = length > 0 || req.headers['transfer-encoding'] !== undefined
    if (!hasBody || length > MAX_BODY_BYTES) return next()
    const end = res.end
    // Overload-shaped on purpose: res.end has several signatures and this passes them all through.
    res.end = function (this: Response, ...args: unknown[]) {
      if (req.complete) return (end as (...a: unknown[]) => Response).apply(this, args)
      let ended = false
      const finish = () => {
        if (ended) return
        ended = true
        clearTimeout(timer)
        ;(end as (...a: unknown[]) => Response).apply(this, args)
      }
      const timer = setTimeout(finish, waitMs)
      req.once('end', finish)
      req.once('error', finish)
      req.once('close', finish)
      // Whoever read the body before (React Router's adapter turns it into a web stream that
      // pauses the request until it is read) will not read it now that the answer is written:
      // drop their readers, or the body stalls and the answer waits out the timer.
      req.removeAllListeners('data')
      req.on('data', () => undefined)
      req.resume()
      return this
    } as Response['end']
    next()
  }
}
