/* Waiting in tests for what the app does in the background (jobs, deletes, processes starting). */

export function sleep(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms))
}

export type WaitOptions = { timeoutMs?: number; intervalMs?: number; message?: string | (() => string) }

/**
 * Asks `probe` again every `intervalMs` until it answers something truthy, and returns that answer.
 * After `timeoutMs` it throws, so a test fails where it waited rather than at a later assertion.
 */
export async function waitUntil<T>(
  probe: () => T | Promise<T>,
  { timeoutMs = 20_000, intervalMs = 200, message = 'timed out' }: WaitOptions = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const answer = await probe()
    if (answer) return answer as NonNullable<T>
    if (Date.now() > deadline) throw new Error(typeof message === 'function' ? message() : message)
    await sleep(intervalMs)
  }
}
