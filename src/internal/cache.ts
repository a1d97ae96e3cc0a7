// A bounded cache that admits a key only the second time it is seen.
//
// One-off keys (urls with ids baked in, routes built per call) would otherwise
// fill the cache, evict the hot keys and pay for promotion to V8's old
// generation without ever being reused. Both the entries and the "seen once"
// filter are FIFO rings, bounded in count and in total weight (for strings,
// their length): eviction is O(1) per entry, with no scan over a Map's deleted
// slots, and one long key can be kept without letting a thousand of them in.

/** A FIFO map of at most `size` entries whose weights add up to at most `budget`. */
class Ring<K, V> {
  /** Each live key's slot in the ring. */
  private readonly slots = new Map<K, number>()
  private readonly keys: Array<K | undefined> = []
  private readonly values: Array<V | undefined> = []
  private readonly weights: Array<number> = []
  /** The oldest slot. */
  private head = 0
  /** Slots in use from `head` on, including those whose key was taken. */
  private used = 0
  private total = 0
  constructor(
    private readonly size: number,
    private readonly budget: number,
  ) {}

  get(key: K): V | undefined {
    const slot = this.slots.get(key)
    return slot === undefined ? undefined : this.values[slot]
  }
  /** Removes `key`; whether it was there. Its slot stays in use until it is the oldest. */
  take(key: K): boolean {
    const slot = this.slots.get(key)
    if (slot === undefined) return false
    this.slots.delete(key)
    this.total -= this.weights[slot]!
    this.clear(slot)
    return true
  }
  /** Adds or replaces `key`, evicting the oldest entries until it fits; a weight over the budget is never kept. */
  set(key: K, value: V, weight: number): void {
    this.take(key)
    if (weight > this.budget) return
    while (this.used > 0 && (this.used === this.size || this.total + weight > this.budget)) this.evictOldest()
    const slot = (this.head + this.used) % this.size
    this.keys[slot] = key
    this.values[slot] = value
    this.weights[slot] = weight
    this.slots.set(key, slot)
    this.used++
    this.total += weight
  }
  get count(): number {
    return this.slots.size
  }
  /** The sum of the live entries' weights. */
  get weight(): number {
    return this.total
  }

  private evictOldest(): void {
    const slot = this.head
    const key = this.keys[slot]
    // a slot whose key was taken (or taken and set again elsewhere) holds no live entry
    if (this.used > 0 && this.slots.get(key as K) === slot) {
      this.slots.delete(key as K)
      this.total -= this.weights[slot]!
    }
    this.clear(slot)
    this.head = (slot + 1) % this.size
    this.used--
  }
  private clear(slot: number): void {
    this.keys[slot] = undefined
    this.values[slot] = undefined
    this.weights[slot] = 0
  }
}

/**
 * A cache of at most `size` entries, whose weights add up to at most
 * `budget`, that stores a value the second time its key is seen.
 */
export class SecondSightCache<K, V> {
  private readonly entries: Ring<K, V>
  private readonly seenOnce: Ring<K, true>
  constructor(size: number, budget = Infinity) {
    this.entries = new Ring(size, budget)
    this.seenOnce = new Ring(size, budget)
  }
  get(key: K): V | undefined {
    return this.entries.get(key)
  }
  /**
   * Offers a freshly computed value of the given weight: kept if `key` was
   * seen once recently (and the weight is within the budget); returns whether
   * it was kept.
   */
  offer(key: K, value: V, weight = 1): boolean {
    if (this.seenOnce.take(key)) {
      this.entries.set(key, value, weight)
      return this.entries.get(key) !== undefined
    }
    this.seenOnce.set(key, true, weight)
    return false
  }
  /** How many values are kept now. */
  get size(): number {
    return this.entries.count
  }
  /** The sum of the kept values' weights. */
  get weight(): number {
    return this.entries.weight
  }
}
