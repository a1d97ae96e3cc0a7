// Plain-object helpers shared by normalisation, merging and parsing.

const hasOwn = Object.prototype.hasOwnProperty

/** Own-property test that a hostile object cannot fool with its own `hasOwnProperty`. */
export const has = (o: object, key: string): boolean => hasOwn.call(o, key)

/** An own property's value; never one inherited from a prototype someone else polluted. */
export const own = (o: object, key: string): unknown => (hasOwn.call(o, key) ? (o as Record<string, unknown>)[key] : undefined)

/** `Array.isArray` that cannot throw (it throws on a revoked Proxy, which is then no array). */
export const isArray = (u: unknown): u is ReadonlyArray<unknown> => {
  try {
    return Array.isArray(u)
  } catch {
    return false
  }
}

/** A plain object: created by `{}`, `Object.create(null)` or `JSON.parse`. Never throws. */
export const isPlainObject = (u: unknown): u is Record<string, unknown> => {
  if (typeof u !== "object" || u === null) return false
  try {
    // both can throw on a Proxy: Array.isArray on a revoked one, getPrototypeOf through its trap
    if (Array.isArray(u)) return false
    const proto = Object.getPrototypeOf(u)
    return proto === null || proto === Object.prototype
  } catch {
    return false
  }
}

const objectPrototype = Object.prototype


/** Defines an own, enumerable, writable data property, whatever `Object.prototype` has under its key. */
const define = (o: object, key: PropertyKey, value: unknown): void => {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true })
}

/**
 * Writes an own, enumerable data property, as a spread or `JSON.parse` would.
 * `o[key] = value` goes through `Object.prototype` for a key it has: the
 * `__proto__` setter, a setter someone else added, or a read-only property
 * of a frozen `Object.prototype` (`Object.freeze(Object.prototype)`), which
 * throws. Such keys are defined instead; any other key is assigned, which is
 * faster.
 */
export const put = (o: Record<string, unknown>, key: string, value: unknown): void => {
  if (key in objectPrototype) define(o, key, value)
  else o[key] = value
}

/**
 * Whether an array has no holes. A sparse array's cost is its real size, never
 * its declared length: short arrays are checked index by index, long ones by
 * counting their own keys, which V8 does in the number of elements it holds.
 */
export const isDense = (a: ReadonlyArray<unknown>): boolean => {
  if (a.length > 64) {
    // index keys come first, ascending: the array is dense when its last index is the length-th key
    const keys = Object.keys(a)
    return keys[a.length - 1] === String(a.length - 1)
  }
  for (let i = 0; i < a.length; i++) if (!(i in a)) return false
  return true
}
