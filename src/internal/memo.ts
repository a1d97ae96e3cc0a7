// The package's only caches. Each wraps a pure function and is keyed only on
// immutable values (strings, and objects the package froze), so a hit returns
// what the function would compute. Each is bounded in entries and in the length
// of its keys. A cached value is never handed to a caller as it is: the callers
// of these functions copy what they return, or keep it private.

/** The default bounds: 1000 entries, keys adding up to 1 MiB characters (so one key of at most 16 384). */
const ENTRIES = 1000
const LENGTH = 1 << 20

/**
 * A Map of at most `entries` string keys whose lengths add up to at most
 * `length`, dropping the oldest first. A key is admitted the second time it
 * is offered within the last `entries` offers: a process that bakes ids into
 * its urls (`/repos/o/r/issues/123`) neither churns the cache nor pays for it.
 */
export class Bounded<V> {
  private readonly map = new Map<string, V>()
  private readonly seen = new Set<string>()
  private total = 0
  constructor(
    private readonly entries: number = ENTRIES,
    private readonly length: number = LENGTH,
  ) {}

  get(key: string): V | undefined {
    return this.map.get(key)
  }

  /** Offers `value` for `key`; returns `value`. */
  set(key: string, value: V): V {
    if (key.length > this.length / 64 || this.map.has(key)) return value
    if (!this.seen.delete(key)) {
      if (this.seen.size >= this.entries) this.seen.delete(this.seen.values().next().value as string)
      this.seen.add(key)
      return value
    }
    while (this.map.size >= this.entries || this.total + key.length > this.length) {
      const oldest = this.map.keys().next().value as string
      this.map.delete(oldest)
      this.total -= oldest.length
    }
    this.map.set(key, value)
    this.total += key.length
    return value
  }
}

/** `f`, remembered by its string argument for results that `keep` accepts (an error is never remembered). */
export const byText = <A>(f: (key: string) => A, keep: (a: A) => boolean): ((key: string) => A) => {
  const memo = new Bounded<A>()
  return (key) => {
    const known = memo.get(key)
    if (known !== undefined) return known
    const computed = f(key)
    return keep(computed) ? memo.set(key, computed) : computed
  }
}

/**
 * `f`, remembered for a frozen object and a short text (at most 64 texts of
 * at most 256 characters per object; the object is held weakly). For an
 * object that is not frozen, `f` runs every time.
 */
export const byFrozenAndText = <K extends object, A>(f: (object: K, text: string) => A): ((object: K, text: string) => A) => {
  const memo = new WeakMap<K, Map<string, A>>()
  return (object, text) => {
    if (!Object.isFrozen(object) || text.length > 256) return f(object, text)
    let byText = memo.get(object)
    if (byText === undefined) memo.set(object, (byText = new Map()))
    const known = byText.get(text)
    if (known !== undefined) return known
    const computed = f(object, text)
    if (byText.size < 64) byText.set(text, computed)
    return computed
  }
}

/** `f`, remembered for each object, held weakly (for objects the package froze and never hands out). */
export const byObject = <K extends object, A>(f: (object: K) => A): ((object: K) => A) => {
  const memo = new WeakMap<K, A>()
  return (object) => {
    let known = memo.get(object)
    if (known === undefined) memo.set(object, (known = f(object)))
    return known
  }
}
