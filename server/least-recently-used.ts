/**
 * Values kept by key within a byte budget, the least recently used out first. A Map keeps its
 * keys in insertion order: using a key moves it to the end, so the oldest come first when it trims.
 * Shared by the page cache and the hot photos' bytes.
 */
export class LeastRecentlyUsed<V> {
  private readonly values = new Map<string, V>()
  private totalBytes = 0

  constructor(
    private readonly maxBytes: number,
    private readonly bytesOf: (value: V) => number,
  ) {}

  /** The value kept for `key`, without counting it as used. */
  peek(key: string) {
    return this.values.get(key)
  }

  has(key: string) {
    return this.values.has(key)
  }

  get size() {
    return this.values.size
  }

  /** Counts `key` as just used. */
  touch(key: string, value: V) {
    this.values.delete(key)
    this.values.set(key, value)
  }

  set(key: string, value: V) {
    this.delete(key)
    this.values.set(key, value)
    this.grow(this.bytesOf(value))
  }

  /** Counts `bytes` more of what is kept (a value that grew by that much), then trims to the budget. */
  grow(bytes: number) {
    this.totalBytes += bytes
    for (const [oldest] of this.values) {
      if (this.totalBytes <= this.maxBytes) break
      this.delete(oldest)
    }
  }

  delete(key: string) {
    const value = this.values.get(key)
    if (value === undefined) return
    this.totalBytes -= this.bytesOf(value)
    this.values.delete(key)
  }
}
