import type { Duplex } from 'node:stream'
import type express from 'express'
import { DEFAULT_LANGUAGE } from '#app/lib/i18n'
import { getFixedT } from '#app/lib/i18n.server'
import { visitorTexts } from './visitor-language'
import { logParserRefusal, nameRoute } from './request-log'

/*
 * The methods something in the app answers: pages and forms (GET, HEAD, POST), the public API
 * (PUT, PATCH, DELETE) and resumable uploads (PATCH, DELETE, OPTIONS). Any other method names no
 * page here. TRACE used to reach React Router, whose Request cannot carry it: a 500 with a stack
 * in the log for anyone, signed in or not. Refused first, before any middleware reads a cookie,
 * a session or a body, and before TRACE could echo a cookie back.
 */
export const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const
const ALLOW = KNOWN_METHODS.join(', ')
const KNOWN = new Set<string>(KNOWN_METHODS)

/** 405 with `Allow` and a line in the visitor's language for any method the app does not take. */
export function knownMethods(): express.RequestHandler {
  return (req, res, next) => {
    if (KNOWN.has(req.method)) return next()
    nameRoute(res, 'unknown method')
    const t = visitorTexts(req)
    res
      .status(405)
      .set({ Allow: ALLOW, 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' })
      .end(t('refusal.methodNotAllowed'))
  }
}

// Node's own answers to what its parser refuses, as it writes them when nobody listens for
// `clientError` (a listener replaces them all).
const PARSER_ANSWERS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
}

/**
 * The HTTP server's `clientError` listener. A method Node's parser does not know (TRACK, BREW)
 * never becomes a request: Node answered a bare 400. It gets the 405 and `Allow` every other
 * unknown method gets (in English: no header was read, so no language is known). Every other
 * parser error is answered as Node answers it.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  // An answer already under way on this connection (a pipelined request) must not be corrupted.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (socket.writable && !inFlight?.headersSent) {
    let answer: string
    if (error.code === 'HPE_INVALID_METHOD') {
      const body = getFixedT(DEFAULT_LANGUAGE)('refusal.methodNotAllowed')
      answer =
        `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW}\r\nCache-Control: no-store\r\n` +
        `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`
    } else answer = `HTTP/1.1 ${PARSER_ANSWERS[error.code ?? ''] ?? '400 Bad Request'}\r\nConnection: close\r\n\r\n`
    socket.write(answer)
    logParserRefusal(Number(answer.slice(9, 12)), Buffer.byteLength(answer))
  }
  socket.destroy(error)
}
