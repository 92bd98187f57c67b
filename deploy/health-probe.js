// `node deploy/health-probe.js [path]` asks this machine's Afterglow process (PORT, else 3000) for
// /api/health/live (or the path given) and exits 0 on a 2xx answer, 1 otherwise: the container's
// HEALTHCHECK and compose's health checks, with no curl in the image. The live check asks nothing
// the process depends on, so a database outage never gets every container restarted.
/* global AbortSignal */
const path = process.argv[2] || '/api/health/live'
const url = `http://127.0.0.1:${process.env.PORT || 3000}${path}`

try {
  const response = await fetch(url, { signal: AbortSignal.timeout(4000) })
  if (!response.ok) {
    console.error(`${url} answered ${response.status}`)
    process.exit(1)
  }
} catch (error) {
  console.error(`${url}: ${error.cause?.code ?? error.message}`)
  process.exit(1)
}
