import type pg from 'pg'
import { logger } from './logger.server'

export type ChangeHandlers = {
  /** Per channel, what to do with a notification's payload. */
  channels: Record<string, (payload: string) => void>
  /** Notifications may have been missed (first start, lost connection): forget everything kept. */
  onGap: () => void
}

/**
 * What this process keeps in memory from the database (host answers, which files are public)
 * stays current through PostgreSQL LISTEN/NOTIFY: one connection of its own listens on every
 * channel, and reconnects (after `onGap`) when the connection drops. Returns the function that
 * stops listening.
 */
export async function listenForChanges(connect: () => Promise<pg.Client>, handlers: ChangeHandlers) {
  let client: pg.Client | undefined
  let stopped = false
  let retry: ReturnType<typeof setTimeout> | undefined
  const start = async () => {
    try {
      client = await connect()
      client.on('notification', (message) => handlers.channels[message.channel]?.(message.payload ?? ''))
      client.on('error', (error) => {
        logger.warn({ err: error }, 'change listener lost its connection')
        reconnect()
      })
      for (const channel of Object.keys(handlers.channels))
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`)
      handlers.onGap()
    } catch (error) {
      logger.warn({ err: error }, 'change listener could not connect')
      reconnect()
    }
  }
  const reconnect = () => {
    handlers.onGap()
    void client?.end().catch(() => undefined)
    client = undefined
    if (!stopped) retry = setTimeout(() => void start(), 1000)
  }
  await start()
  return async () => {
    stopped = true
    clearTimeout(retry)
    await client?.end().catch(() => undefined)
  }
}
