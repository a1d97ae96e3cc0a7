// The package's only caches. Each wraps a pure function and is keyed only on
// immutable values (strings, frozen objects), so a hit returns what the function
// would compute; each is bounded in entries and in the length of its keys.
// Callers never receive a cached object itself: they get copies.

/** A Map that keeps at most `entries` keys whose lengths add up to at most `length`, dropping the oldest first. */
export class Bounded<V> {
  private readonly map = new Map<string, V>()
  private total = 0
  constructor(
    private readonly entries: number,
    private readonly length: number,
  ) {}

  get(key: string): V | undefined {
    return this.map.get(key)
  }

  /** Remembers `value` under `key` when the key is short enough to be worth it; returns `value`. */
  set(key: string, value: V): V {
    if (key.length > this.length / 64 || this.map.has(key)) return value
    while (this.map.size >= this.entries || this.total + key.length > this.length) {
      const oldest = this.map.keys().next().value as string
      this.map.delete(oldest)
      this.total -= oldest.length
    }
    this.map.set(key, value)
    this.total += key.length
    return value
  }

  get size(): number {
    return this.map.size
  }
}

/** The default bounds: 1000 entries, keys adding up to 1 MiB characters (so one key of at most 16 384). */
export const ENTRIES = 1000
export const LENGTH = 1 << 20
