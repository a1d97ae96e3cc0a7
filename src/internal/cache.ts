// A bounded cache that admits a key only the second time it is seen.
//
// One-off keys (urls with ids baked in, routes built per call) would otherwise
// fill the cache, evict the hot keys and pay for promotion to V8's old
// generation without ever being reused. Both the entries and the "seen once"
// filter are FIFO rings: eviction is O(1), with no scan over a Map's deleted slots.

/** A FIFO map of at most `size` entries. */
class Ring<K, V> {
  private readonly map = new Map<K, V>()
  private readonly keys: Array<K> = []
  private head = 0
  constructor(private readonly size: number) {}

  get(key: K): V | undefined {
    return this.map.get(key)
  }
  /** Removes `key`; whether it was there. Its ring slot is reused in turn. */
  take(key: K): boolean {
    return this.map.delete(key)
  }
  set(key: K, value: V): void {
    if (!this.map.has(key)) {
      if (this.keys.length < this.size) {
        this.keys.push(key)
      } else {
        this.map.delete(this.keys[this.head]!)
        this.keys[this.head] = key
        this.head = (this.head + 1) % this.size
      }
    }
    this.map.set(key, value)
  }
  get count(): number {
    return this.map.size
  }
}

/** A cache of at most `size` entries that stores a value the second time its key is seen. */
export class SecondSightCache<K, V> {
  private readonly entries: Ring<K, V>
  private readonly seenOnce: Ring<K, true>
  constructor(size: number) {
    this.entries = new Ring(size)
    this.seenOnce = new Ring(size)
  }
  get(key: K): V | undefined {
    return this.entries.get(key)
  }
  /** Offers a freshly computed value: kept if `key` was seen once recently; returns whether it was kept. */
  offer(key: K, value: V): boolean {
    if (this.seenOnce.take(key)) {
      this.entries.set(key, value)
      return true
    }
    this.seenOnce.set(key, true)
    return false
  }
  /** How many values are kept now. */
  get size(): number {
    return this.entries.count
  }
}
