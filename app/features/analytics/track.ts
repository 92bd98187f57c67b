import { hasConsent } from '#app/features/consent/consent-storage'
import type { z } from 'zod'
import type { ZBrowserEvent } from './analytics.schema'
import { MAX_EVENTS_PER_BATCH as MAX_BATCH, VISITOR_COOKIE, VISITOR_COOKIE_MONTHS } from './analytics-sender'

/*
 * Fans' pages report what fans do (ADR 040): events wait here and leave together, on `pagehide`
 * (or the tab going to the background) with `navigator.sendBeacon`, which the browser delivers
 * even as the page goes away, and every 15 s on a long visit. A few hundred bytes of code, no
 * dependency; the page never waits for it and a failed send is simply lost.
 */

type Input = z.input<typeof ZBrowserEvent>

const ENDPOINT = '/api/events'
const SEND_EVERY_MS = 15_000
const VISITOR_COOKIE_SECONDS = VISITOR_COOKIE_MONTHS * 31 * 24 * 3600

let waiting: Input[] = []
let company: string | null = null
let timer: ReturnType<typeof setTimeout> | null = null
let listening = false

/** The consented visitor cookie: made with analytics consent, removed without it. */
function keepVisitorCookie() {
  const present = document.cookie.split('; ').some((pair) => pair.startsWith(`${VISITOR_COOKIE}=`))
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  if (hasConsent('analytics')) {
    if (present) return
    const bytes = crypto.getRandomValues(new Uint8Array(18))
    const id = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
    document.cookie = `${VISITOR_COOKIE}=${id}; Max-Age=${VISITOR_COOKIE_SECONDS}; Path=/; SameSite=Lax${secure}`
  } else if (present) {
    document.cookie = `${VISITOR_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`
  }
}

/** Sends what waits now. */
export function sendEvents() {
  if (timer) clearTimeout(timer)
  timer = null
  if (!company || waiting.length === 0) return
  keepVisitorCookie()
  while (waiting.length > 0) {
    const body = JSON.stringify({
      company,
      webdriver: navigator.webdriver === true || undefined,
      events: waiting.splice(0, MAX_BATCH),
    })
    // A string body goes as text/plain (the beacon and fetch alike): no preflight, and the beacon survives the page.
    if (!navigator.sendBeacon?.(ENDPOINT, body))
      void fetch(ENDPOINT, { method: 'POST', body, keepalive: true }).catch(() => undefined)
  }
}

function listen() {
  if (listening) return
  listening = true
  addEventListener('pagehide', sendEvents)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendEvents()
  })
}

/** Notes one thing a fan did on `companyId`'s pages. */
export function track(companyId: string, event: Input) {
  if (typeof window === 'undefined') return
  listen()
  if (company && company !== companyId) sendEvents()
  company = companyId
  waiting.push(event)
  if (waiting.length >= MAX_BATCH) sendEvents()
  else timer ??= setTimeout(sendEvents, SEND_EVERY_MS)
}

/** For tests: forget what waits. */
export function forgetEvents() {
  waiting = []
}
