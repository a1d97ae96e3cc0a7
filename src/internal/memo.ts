// The package's only caches. Each wraps a pure function and is keyed on immutable values only
// (strings, and objects the package froze), so a hit returns what the function would compute.
// Each is bounded in entries and in the length of its keys. What they return is kept private or
// copied by their callers: nothing a caller receives is a cache's own object.

/**
 * A Map of at most 1000 string keys of at most 16 384 characters each, 1 MiB characters in
 * all; when it is full it starts afresh, so memory stays bounded whatever keys callers send.
 */
export class Bounded<V> {
  private readonly map = new Map<string, V>()
  private length = 0

  get(key: string): V | undefined {
    return this.map.get(key)
  }

  /** Offers `value` for `key`; returns `value`. */
  set(key: string, value: V): V {
    if (key.length > 16_384) return value
    if (this.map.size >= 1000 || this.length + key.length > 1 << 20) {
      this.map.clear()
      this.length = 0
    }
    this.map.set(key, value)
    this.length += key.length
    return value
  }
}

/** `f`, remembered by its string argument when `keep` accepts the result (an error is not kept). */
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
 * `f`, remembered for a frozen object and a text of at most 256 characters (64 texts an
 * object, which is held weakly) when `keep` accepts the result; `undefined` for any other
 * object or text, which the caller then serves itself.
 */
export const byFrozenAndText = <K extends object, A>(f: (object: K, text: string) => A, keep: (a: A) => boolean): ((object: K, text: string) => A | undefined) => {
  const memo = new WeakMap<K, Map<string, A>>() // holds frozen objects only, which stay frozen
  return (object, text) => {
    let byText = memo.get(object)
    const known = byText?.get(text)
    if (known !== undefined || text.length > 256 || (byText === undefined && !Object.isFrozen(object))) return known
    if (byText === undefined) memo.set(object, (byText = new Map()))
    const computed = f(object, text)
    if (byText.size < 64 && keep(computed)) byText.set(text, computed)
    return computed
  }
}
