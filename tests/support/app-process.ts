import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import { sleep } from './wait'

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

export type AppProcess = {
  child: ChildProcess
  output: () => string
  stop: (signal?: NodeJS.Signals) => Promise<number | null>
  /** Ctrl-C in the terminal it was started from: SIGINT to its whole process group. */
  interrupt: () => Promise<number | null>
}

// Apps still running, each in a group of its own: a test run stopped midway (a failure elsewhere
// in npm test, Ctrl-C) takes them down with it instead of leaving them serving and holding their
// databases.
const running = new Set<ChildProcess>()
function stopAllApps() {
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // Already gone.
    }
  }
}
process.once('exit', stopAllApps)
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    stopAllApps()
    process.kill(process.pid, signal)
  })
}

/**
 * How the tests' apps run: as deployed (React's production build and everything else that reads
 * NODE_ENV), with their mail kept in the outbox the tests read instead of sent.
 */
export const AS_DEPLOYED = { NODE_ENV: 'production', MAIL_OUTBOX: 'true' } as const

/** Starts `node server.js` (the production build) exactly as `npm start` does, and waits until it is healthy. */
export async function startAppProcess(
  env: Record<string, string | undefined>,
  options: { port: number; timeoutMs?: number },
): Promise<AppProcess> {
  let output = ''
  const merged = Object.fromEntries(
    Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined),
  ) as NodeJS.ProcessEnv
  // A group of its own, as a terminal gives `npm start`.
  const child = spawn(process.execPath, ['server.js'], {
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  running.add(child)
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child)
      resolve(code)
    }),
  )
  const deadline = Date.now() + (options.timeoutMs ?? 60_000)
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited during start (code ${child.exitCode}):\n${output}`)
    try {
      const response = await fetch(`http://127.0.0.1:${options.port}/api/health`)
      if (response.status === 200) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the app did not become healthy in time:\n${output}`)
    }
    await sleep(200)
  }
  return {
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal)
      return exited
    },
    async interrupt() {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGINT')
      return exited
    },
  }
}
