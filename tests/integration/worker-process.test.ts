import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { isProcessAlive } from '../../server/embedded-postgres'
import { startSecondApp } from '../support/second-app'
import { waitUntil } from '../support/wait'

/** The node processes `pid` started (its children). */
function childrenOf(pid: number) {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number)
  } catch {
    return []
  }
}

describe('the worker process beside the web process (PROCESS_ROLE=all)', () => {
  it('runs at a lower priority, is started again when it dies, and ends with its web process, even one killed outright', async () => {
    const { app } = await startSecondApp({ PROCESS_ROLE: 'all' })
    const web = app.child.pid!
    const [worker] = await waitUntil(() => (childrenOf(web).length === 1 ? childrenOf(web) : undefined), {
      message: 'no worker process',
    })
    const niceOf = (pid: number) =>
      Number(execFileSync('ps', ['-o', 'ni=', '-p', String(pid)], { encoding: 'utf8' }).trim())
    expect(niceOf(worker)).toBeGreaterThan(niceOf(web))

    process.kill(worker, 'SIGKILL')
    const [again] = await waitUntil(
      () => (childrenOf(web).find((pid) => pid !== worker) ? childrenOf(web) : undefined),
      { timeoutMs: 10_000, message: 'the worker was not started again' },
    )
    expect(again).not.toBe(worker)

    process.kill(web, 'SIGKILL')
    await waitUntil(() => !isProcessAlive(again), { timeoutMs: 15_000, message: 'the worker outlived its web process' })
  })
})
