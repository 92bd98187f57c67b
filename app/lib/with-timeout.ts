/** Rejects with `onTimeout()` when `work` has not settled within `ms`. */
export async function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => unknown): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms)
  })
  try {
    return await Promise.race([work, deadline])
  } finally {
    clearTimeout(timer)
  }
}
