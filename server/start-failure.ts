import { EnvError } from '#app/lib/env.server'

/** A start that cannot go on, with the one line that tells an operator what to do about it. */
export class StartFailure extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'StartFailure'
  }
}

type SystemError = Error & { code?: string; syscall?: string; port?: number }

// What pg and Node say when no database answers at the address given.
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOENT'])

/**
 * Why the start failed, in one line (a bad configuration lists each bad value on lines of its
 * own): what server.js prints before it stops what it started and exits non-zero.
 */
export function describeStartFailure(error: unknown, port: number): string {
  if (error instanceof EnvError || error instanceof StartFailure) return error.message
  const failure = error as SystemError
  if (failure?.syscall === 'listen' && failure.code === 'EADDRINUSE')
    return `Port ${failure.port ?? port} is in use: set PORT or stop the other process`
  if (failure?.syscall === 'listen' && failure.code === 'EACCES')
    return `Port ${failure.port ?? port} may not be opened by this user: set PORT to one above 1023`
  if (failure?.code && UNREACHABLE.has(failure.code) && failure.syscall !== 'listen')
    return `The database could not be reached (${failure.message}): check DATABASE_URL and that the server is running`
  const message = failure instanceof Error ? failure.message : String(error)
  return `Afterglow could not start: ${message.split('\n')[0]}`
}
