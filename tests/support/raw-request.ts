import http from 'node:http'
import express from 'express'

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** A request whose answer comes back as sent: fetch would decode the body and hide its encoding. */
export function rawRequest(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<RawResponse>((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers: { 'accept-encoding': 'identity', ...headers } },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        )
      },
    )
    request.on('error', reject)
    request.end()
  })
}

/** `middleware` alone on a local port, with a 418 marker behind it for what it passes on. */
export async function serveAlone(middleware: express.RequestHandler) {
  const app = express()
  app.use(middleware)
  app.use((_req, res) => void res.status(418).end('behind'))
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  return { server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}` }
}
