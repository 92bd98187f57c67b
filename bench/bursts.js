// Bursts (issue 43, item 5): a thousand and two thousand fans opening one gallery page, or one of
// its photos, at the same moment, against nginx serving the very same bytes in the same run.
// Each case is a burst of BENCH_BURST_SECONDS (5) in which every connection is opened at once
// (autocannon, keep-alive, one request in flight each); BENCH_BURST_ROUNDS (3) interleaved rounds,
// the median reported. Goals: no connection errors, throughput ≥ 0.7× nginx's, p99 ≤ 2× nginx's;
// the web process's resident memory under 500 MB at its peak and back under 300 MB a minute after.
// Every connection holds a file descriptor on both sides: the part is skipped, saying what to run,
// when the open-file limit of the bench (which the app inherits) is below what the largest burst needs.
import { Buffer } from 'node:buffer'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import autocannon from 'autocannon'
import { peakMemoryDuring, residentMB } from './fans-under-load.js'
import { median } from './median.js'
import { findNginx, startNginx } from './public-pages.js'

const SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 5)
const ROUNDS = Number(process.env.BENCH_BURST_ROUNDS ?? 3)
const FANS = (process.env.BENCH_BURST_FANS ?? '1000,2000').split(',').map(Number)
const SETTLE_MS = 60_000

/** The soft open-file limit of this process (Linux), or null where /proc says nothing. */
export function openFileLimit(pid = 'self') {
  try {
    const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('Max open files'))
    const soft = line?.split(/\s{2,}/)[1]
    return soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft)
  } catch {
    return null
  }
}

/** One burst: `connections` fans at once on `url` for SECONDS, with what went wrong counted. */
async function burst(url, connections) {
  const result = await autocannon({ url, connections, duration: SECONDS, pipelining: 1, timeout: 10 })
  return {
    // Over the whole run: a burst's requests/s per second sampled leave out the seconds its last
    // connections spent being opened.
    rps: result.requests.total / result.duration,
    p99: result.latency.p99,
    // Refused, reset or timed-out connections, as a fan's browser would show them.
    errors: result.errors,
    non2xx: result.non2xx,
    // Taken at the end of each run, where report() would take it once for all of them.
    load: os.loadavg()[0],
  }
}

/** Whether the server still answers (a burst must not have taken the process down). */
async function answers(url) {
  const response = await fetch(url).catch(() => null)
  await response?.arrayBuffer()
  return response?.status === 200
}

export async function benchBursts({ baseUrl, pagePath, pid, work, freePort, report }) {
  const largest = Math.max(...FANS)
  const limits = { bench: openFileLimit(), app: openFileLimit(pid) }
  // Each burst's sockets, on the client's side and the server's, plus what else each process holds.
  const needed = largest + 512
  const short = Object.entries(limits).filter(([, limit]) => limit !== null && limit < needed)
  if (short.length > 0) {
    // Measured anyway, the figures would be the limit's refusals, not the app's.
    console.log(
      `Skipping bursts: the open-file limit (${short.map(([who, limit]) => `${who} ${limit}`).join(', ')}) is under the ${needed} a burst of ${largest} fans needs; run \`ulimit -n ${Math.max(needed, 8192)}\` in this shell first (the app inherits it).`,
    )
    return
  }
  console.log(`Bursts: open-file limits, bench ${limits.bench}, app ${limits.app}`)
  const nginx = findNginx()
  if (!nginx) {
    console.log('Skipping bursts: nginx is not installed (apt-get install nginx).')
    return
  }
  const pageUrl = `${baseUrl}${pagePath}`
  const first = await fetch(pageUrl)
  const html = Buffer.from(await first.arrayBuffer())
  if (first.status !== 200) throw new Error(`${pageUrl} answered ${first.status}`)
  const photoPath = /\/p\/[0-9a-f-]{36}\/w1200\.webp/.exec(html.toString())?.[0]
  if (!photoPath) throw new Error(`${pagePath} shows no photo rendition`)
  const photo = Buffer.from(await (await fetch(`${baseUrl}${photoPath}`)).arrayBuffer())
  const port = await freePort()
  // With the app's listen backlog: the two are compared on what they do with a connection, not on
  // how many the kernel queues for them.
  const stopNginx = await startNginx(nginx, work, port, { 'page.html': html, 'photo.webp': photo }, { backlog: 65_535 })
  const targets = {
    page: { app: pageUrl, nginx: `http://127.0.0.1:${port}/page.html`, what: 'gallery page (kept)' },
    photo: {
      app: `${baseUrl}${photoPath}`,
      nginx: `http://127.0.0.1:${port}/photo.webp`,
      what: `photo ${photoPath.slice(-11)} (${(photo.length / 1024).toFixed(0)} KB)`,
    },
  }
  const cases = FANS.flatMap((fans) => Object.entries(targets).map(([target, urls]) => ({ fans, target, ...urls })))
  try {
    console.log(
      `Bursts: ${FANS.join(' and ')} fans at once for ${SECONDS} s per run, ${ROUNDS} interleaved rounds; page ${pagePath} (${(html.length / 1024).toFixed(1)} KB), ${targets.photo.what}…`,
    )
    // Warm-up: the page kept with its compressed copies, the photo in memory, the JIT.
    for (const target of Object.values(targets)) await burst(target.app, 50)
    const figures = cases.map(() => ({ app: [], nginx: [] }))
    const peak = await peakMemoryDuring(pid, async () => {
      for (let round = 0; round < ROUNDS; round++)
        for (const [index, test] of cases.entries()) {
          figures[index].app.push(await burst(test.app, test.fans))
          if (!(await answers(test.app))) throw new Error(`the app stopped answering after ${test.fans} fans`)
          figures[index].nginx.push(await burst(test.nginx, test.fans))
        }
    })
    for (const [index, test] of cases.entries()) {
      const { app, nginx: plain } = figures[index]
      const of = (runs, key) => median(runs.map((run) => run[key]))
      // Errors are counted over every round: one fan refused in any of them is one too many.
      const all = (runs) => runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0)
      const name = `${test.fans} fans at once, ${test.what}`
      const each = (runs, key, digits = 0) => runs.map((run) => run[key].toFixed(digits)).join('/')
      console.log(
        `  ${name}, by round: app ${each(app, 'rps')} requests/s, p99 ${each(app, 'p99')} ms, errors ${each(app, 'errors')}, non-2xx ${each(app, 'non2xx')}; nginx ${each(plain, 'rps')} requests/s, p99 ${each(plain, 'p99')} ms, errors ${each(plain, 'errors')}; load ${each([...app, ...plain], 'load', 1)}`,
      )
      report(`${name}: errors in ${ROUNDS} rounds (nginx: ${all(plain)})`, all(app), 'errors', 'goal', 0, null, {
        lowerIsBetter: true,
        absolute: true,
      })
      report(`${name}: throughput`, of(app, 'rps'), 'requests/s', 'nginx (1 worker), same bytes', of(plain, 'rps'), 0.7)
      report(`${name}: p99 latency`, of(app, 'p99'), 'ms', 'nginx (1 worker), same bytes', of(plain, 'p99'), 2, {
        lowerIsBetter: true,
      })
    }
    report('web process resident memory, peak during the bursts', peak, 'MB', 'goal', 500, 1, { lowerIsBetter: true })
    // What the bursts left behind once their sockets and garbage are gone.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
    report('web process resident memory, a minute after the bursts', residentMB(pid), 'MB', 'goal', 300, 1, {
      lowerIsBetter: true,
    })
  } finally {
    await stopNginx()
  }
}
