import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type ReceivedWebhook = { path: string; headers: Record<string, string>; body: string; at: number }

/**
 * A company's receiving system on 127.0.0.1: keeps every request and answers with `status`
 * (changeable, e.g. 500 to play a receiver that is down, 302 to send the caller elsewhere).
 */
export async function startWebhookReceiver(options: { status?: number; location?: string } = {}) {
  const received: ReceivedWebhook[] = []
  const answer = { status: options.status ?? 200, location: options.location }
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]))
      received.push({ path: request.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() })
      response.writeHead(answer.status, answer.location ? { location: answer.location } : {})
      response.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    received,
    answerWith(status: number, location?: string) {
      answer.status = status
      answer.location = location
    },
    ofType: (type: string) =>
      received.filter((request) => (JSON.parse(request.body) as { type: string }).type === type),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>
