// Fans' pages and photos under load and in Lighthouse: requests/s of the app next to nginx serving
// the very same bytes (same run, same load), then Lighthouse's mobile performance audit.
import { Buffer } from 'node:buffer'
import { execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, chromiumFor } from './chromium.js'
import { median } from './median.js'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)

export function findNginx() {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate
  if (process.getuid?.() === 0) {
    console.log('Installing nginx (Debian) for the static baseline…')
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    return '/usr/sbin/nginx'
  }
  return null
}

/**
 * One load run: requests/s and p99 latency (ms) of `url` as `headers` ask. With `clickIds`, each
 * request carries its own `fbclid`, as each fan tapping a post on Facebook or Instagram does.
 */
async function load(url, headers = {}, { clickIds = false } = {}) {
  let fan = 0
  const requests = clickIds
    ? [{ setupRequest: (request) => ({ ...request, path: `${request.path}?fbclid=IwAR${(fan++).toString(36)}` }) }]
    : undefined
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    pipelining: 1,
    headers,
    requests,
  })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors under load`)
  return { rps: result.requests.average, p99: result.latency.p99 }
}

/** nginx with one worker, like the app's one Node process, serving the same files with no logging (and, if given, a listen backlog). */
export async function startNginx(nginx, work, port, files, { backlog } = {}) {
  const root = path.join(work, 'nginx')
  await fs.mkdir(path.join(root, 'html'), { recursive: true })
  for (const [name, bytes] of Object.entries(files)) await fs.writeFile(path.join(root, 'html', name), bytes)
  const config = path.join(root, 'nginx.conf')
  await fs.writeFile(
    config,
    `worker_processes 1;
daemon off;
pid ${root}/nginx.pid;
error_log ${root}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  types { text/html html; image/webp webp; }
  gzip on;
  client_body_temp_path ${root}/tmp;
  proxy_temp_path ${root}/tmp;
  fastcgi_temp_path ${root}/tmp;
  uwsgi_temp_path ${root}/tmp;
  scgi_temp_path ${root}/tmp;
  server {
    listen 127.0.0.1:${port}${backlog ? ` backlog=${backlog}` : ''};
    root ${root}/html;
  }
}
`,
  )
  const child = spawn(nginx, ['-p', root, '-c', config], { stdio: 'inherit' })
  for (let i = 0; ; i++) {
    if ((await fetch(`http://127.0.0.1:${port}/page.html`).catch(() => null))?.ok) break
    if (i > 50) throw new Error('nginx did not start')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return async () => {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
}

// What a fan's browser carries after a first visit: a lead, cookie consent, sometimes a session.
const FAN_COOKIES =
  'lang=en; ag_lead_0123456789abcdef=6b1f0c1e-5d2a-4f7e-9c3b-1a2b3c4d5e6f.1830000000.c2lnbmF0dXJl; tracking-consent=accepted; afterglow.session_token=bench.session'

/**
 * Fans' pages and photos under load, each next to nginx serving the very same bytes in the same
 * round: a photo rendition, and the cached gallery page for a bare fan, for a fan carrying
 * cookies, plain and gzip, and for fans arriving from a shared post, each link with its own click
 * id. Rounds are interleaved so the machine's noise hits both alike; the median of the rounds is
 * reported with the load average.
 */
export async function benchFansPages({ baseUrl, pagePath, work, freePort, report, rounds = 3 }) {
  const pageUrl = `${baseUrl}${pagePath}`
  const first = await fetch(pageUrl)
  const html = Buffer.from(await first.arrayBuffer())
  if (first.status !== 200) throw new Error(`${pageUrl} answered ${first.status}`)
  const photoPath = /\/p\/[0-9a-f-]{36}\/w1200\.webp/.exec(html.toString())?.[0]
  if (!photoPath) throw new Error(`${pagePath} shows no photo rendition`)
  const photo = Buffer.from(await (await fetch(`${baseUrl}${photoPath}`)).arrayBuffer())
  const nginx = findNginx()
  if (!nginx) {
    console.log('Skipping requests/s: nginx is not installed (apt-get install nginx).')
    return
  }
  const port = await freePort()
  const stopNginx = await startNginx(nginx, work, port, { 'page.html': html, 'photo.webp': photo })
  const gzip = { 'accept-encoding': 'gzip' }
  const cases = [
    {
      name: `photo rendition ${photoPath.slice(-11)} (${(photo.length / 1024).toFixed(0)} KB)`,
      app: [`${baseUrl}${photoPath}`],
      nginx: [`http://127.0.0.1:${port}/photo.webp`],
      goal: 0.5,
    },
    {
      name: 'cached gallery page, bare fan, plain',
      app: [pageUrl],
      nginx: [`http://127.0.0.1:${port}/page.html`],
      goal: 0.5,
    },
    {
      name: 'cached gallery page, fan with lead, consent and session cookies, plain',
      app: [pageUrl, { cookie: FAN_COOKIES }],
      nginx: [`http://127.0.0.1:${port}/page.html`],
      goal: 0.5,
    },
    {
      name: 'cached gallery page, bare fan, gzip',
      app: [pageUrl, gzip],
      nginx: [`http://127.0.0.1:${port}/page.html`, gzip],
      goal: 0.5,
    },
    {
      name: 'cached gallery page, fan with cookies, gzip',
      app: [pageUrl, { ...gzip, cookie: FAN_COOKIES }],
      nginx: [`http://127.0.0.1:${port}/page.html`, gzip],
      goal: 0.5,
    },
    {
      name: 'cached gallery page, fans from a shared post (a click id each), gzip',
      app: [pageUrl, { ...gzip, cookie: FAN_COOKIES }, { clickIds: true }],
      nginx: [`http://127.0.0.1:${port}/page.html`, gzip],
      goal: 0.5,
    },
  ]
  try {
    console.log(
      `Load: ${CONNECTIONS} connections for ${SECONDS} s per run, ${rounds} interleaved rounds; page ${pagePath} (${(html.length / 1024).toFixed(1)} KB of HTML)…`,
    )
    for (const test of cases) await load(...test.app) // warm-up: JIT, pool, page cache, compressed copies
    const figures = cases.map(() => ({ app: [], nginx: [], p99: [] }))
    for (let round = 0; round < rounds; round++) {
      for (const [index, test] of cases.entries()) {
        const app = await load(...test.app)
        const plain = await load(...test.nginx)
        figures[index].app.push(app.rps)
        figures[index].p99.push(app.p99)
        figures[index].nginx.push(plain.rps)
      }
    }
    for (const [index, test] of cases.entries()) {
      const figure = figures[index]
      report(
        `${test.name} (p99 ${median(figure.p99)} ms)`,
        median(figure.app),
        'requests/s',
        'nginx (1 worker), same bytes',
        median(figure.nginx),
        test.goal,
      )
    }
  } finally {
    await stopNginx()
  }
}

export async function benchLighthouse({ baseUrl, pagePath, goals }) {
  if (!chromiumFor('Lighthouse')) return []
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  })
  try {
    const url = `${baseUrl}${pagePath}`
    // The page as a burst of fans gets it: kept, with its compressed copies (made on its first
    // hit), so each run measures the page fans get, not its first render.
    for (let i = 0; i < 50; i++) {
      const response = await fetch(url, {
        headers: { 'accept-encoding': 'br, gzip, deflate', 'accept-language': 'en-US,en;q=0.9' },
      })
      await response.arrayBuffer()
      if (response.headers.get('x-afterglow-cache') === 'hit' && response.headers.get('content-encoding')) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    // Lighthouse's default: a mid-range phone on slow 4G (simulated throttling).
    const runs = []
    for (let i = 0; i < 3; i++)
      runs.push(
        (
          await lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
          })
        ).lhr,
      )
    // The median run by score, as Lighthouse recommends.
    const lhr = runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score)[1]
    const scripts = lhr.audits['network-requests'].details.items.filter((item) => item.resourceType === 'Script')
    let gzipBytes = 0
    const files = []
    for (const script of scripts) {
      const bytes = gzipSync(Buffer.from(await (await fetch(script.url)).arrayBuffer()), { level: 9 }).length
      gzipBytes += bytes
      files.push(`${new URL(script.url).pathname.split('/').pop()} ${(bytes / 1024).toFixed(1)}`)
    }
    const figures = {
      score: Math.round(lhr.categories.performance.score * 100),
      lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      tbtMs: lhr.audits['total-blocking-time'].numericValue,
      jsGzipKB: gzipBytes / 1024,
      scripts: scripts.length,
    }
    const verdict = (met) => (met ? 'MET' : 'NOT MET')
    console.log(`Lighthouse (mobile, median of 3) on ${pagePath}:`)
    console.log(`  performance score ${figures.score} (goal ≥ ${goals.score}) ${verdict(figures.score >= goals.score)}`)
    console.log(`  LCP ${(figures.lcpMs / 1000).toFixed(2)} s, TBT ${figures.tbtMs.toFixed(0)} ms`)
    console.log(`  CLS ${figures.cls.toFixed(3)} (goal ${goals.cls}) ${verdict(figures.cls <= goals.cls)}`)
    console.log(
      `  JavaScript ${figures.jsGzipKB.toFixed(1)} KB gzip in ${figures.scripts} files (goal ≤ ${goals.jsGzipKB} KB) ${verdict(figures.jsGzipKB <= goals.jsGzipKB)}`,
    )
    console.log(`    ${files.join(', ')}`)
    return figures
  } finally {
    await chrome.kill()
  }
}
