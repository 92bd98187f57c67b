// The fans' gallery page under load and in Lighthouse: requests/s of the app next to nginx serving
// the very same HTML bytes (same run, same load), then Lighthouse's mobile performance audit.
import { Buffer } from 'node:buffer'
import { execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)

function findNginx() {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate
  if (process.getuid?.() === 0) {
    console.log('Installing nginx-light (Debian) for the static baseline…')
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    return '/usr/sbin/nginx'
  }
  return null
}

async function load(url) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, pipelining: 1 })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors under load`)
  return result.requests.average
}

/** nginx with one worker, like the app's one Node process, serving one file with no logging. */
async function startNginx(nginx, work, port, html) {
  const root = path.join(work, 'nginx')
  await fs.mkdir(path.join(root, 'html'), { recursive: true })
  await fs.writeFile(path.join(root, 'html', 'page.html'), html)
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
  client_body_temp_path ${root}/tmp;
  proxy_temp_path ${root}/tmp;
  fastcgi_temp_path ${root}/tmp;
  uwsgi_temp_path ${root}/tmp;
  scgi_temp_path ${root}/tmp;
  server {
    listen 127.0.0.1:${port};
    root ${root}/html;
    location / { default_type text/html; try_files /page.html =404; }
  }
}
`,
  )
  const child = spawn(nginx, ['-p', root, '-c', config], { stdio: 'inherit' })
  for (let i = 0; ; i++) {
    if ((await fetch(`http://127.0.0.1:${port}/`).catch(() => null))?.ok) break
    if (i > 50) throw new Error('nginx did not start')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return async () => {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
}

export async function benchPageLoad({ baseUrl, pagePath, work, freePort, report }) {
  const pageUrl = `${baseUrl}${pagePath}`
  const first = await fetch(pageUrl)
  const html = Buffer.from(await first.arrayBuffer())
  if (first.status !== 200) throw new Error(`${pageUrl} answered ${first.status}`)
  const nginx = findNginx()
  if (!nginx) {
    console.log('Skipping requests/s: nginx is not installed (apt-get install nginx-light).')
    return
  }
  const port = await freePort()
  const stopNginx = await startNginx(nginx, work, port, html)
  try {
    const staticUrl = `http://127.0.0.1:${port}/`
    console.log(`Load: ${CONNECTIONS} connections for ${SECONDS} s each on ${pagePath} (${(html.length / 1024).toFixed(1)} KB of HTML)…`)
    await load(pageUrl) // warm-up: JIT, pool, page cache
    const app = [await load(pageUrl)]
    const plain = [await load(staticUrl)]
    app.push(await load(pageUrl))
    plain.push(await load(staticUrl))
    report(`demo gallery page served by the app (${pagePath})`, Math.max(...app), 'requests/s', 'nginx (1 worker) serving the same HTML bytes', Math.max(...plain), 0.5)
  } finally {
    await stopNginx()
  }
}

export async function benchLighthouse({ baseUrl, pagePath, goals }) {
  if (!existsSync('/usr/bin/chromium')) {
    console.log('Skipping Lighthouse: Debian chromium is not installed (apt-get install chromium).')
    return []
  }
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  try {
    const url = `${baseUrl}${pagePath}`
    // Lighthouse's default: a mid-range phone on slow 4G (simulated throttling).
    const runs = []
    for (let i = 0; i < 3; i++) runs.push((await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })).lhr)
    // The median run by score, as Lighthouse recommends.
    const lhr = runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score)[1]
    const scripts = lhr.audits['network-requests'].details.items.filter((item) => item.resourceType === 'Script')
    let gzipBytes = 0
    for (const script of scripts) gzipBytes += gzipSync(Buffer.from(await (await fetch(script.url)).arrayBuffer()), { level: 9 }).length
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
    console.log(`  JavaScript ${figures.jsGzipKB.toFixed(1)} KB gzip in ${figures.scripts} files (goal ≤ ${goals.jsGzipKB} KB) ${verdict(figures.jsGzipKB <= goals.jsGzipKB)}`)
    return figures
  } finally {
    await chrome.kill()
  }
}
