import net from 'node:net'

export type TcpProxy = {
  port: number
  /** Cuts every connection open now, as a server that restarts or fails over does. */
  severAll: () => void
  /** The server away: every connection cut, new ones refused until `resume`. */
  pause: () => void
  resume: () => void
  close: () => Promise<void>
}

/** A TCP proxy to `target` on 127.0.0.1 whose connections a test can cut at once. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>()
  let paused = false
  const server = net.createServer((client) => {
    if (paused) return void client.destroy()
    const upstream = net.connect(target.port, target.host)
    for (const socket of [client, upstream]) {
      open.add(socket)
      socket.on('close', () => open.delete(socket))
      socket.on('error', () => undefined)
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as net.AddressInfo).port,
    severAll: () => {
      for (const socket of open) socket.destroy()
    },
    pause: () => {
      paused = true
      for (const socket of open) socket.destroy()
    },
    resume: () => {
      paused = false
    },
    close: async () => {
      for (const socket of open) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
