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
const enumerable = Object.prototype.propertyIsEnumerable

/** Whether `o` has an own enumerable property `key` now (a getter may have hidden it since its keys were listed). */
export const isEnumerable = (o: object, key: PropertyKey): boolean => enumerable.call(o, key)

/** Defines an own, enumerable, writable data property, whatever `Object.prototype` has under its key. */
export const define = (o: object, key: PropertyKey, value: unknown): void => {
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

/** Whether `o` has more than `n` own enumerable string keys. */
export const hasMoreKeysThan = (o: object, n: number): boolean => {
  let count = 0
  for (const key in o) if (hasOwn.call(o, key) && ++count > n) return true
  return false
}

/**
 * An empty object in V8's dictionary mode, where adding a key costs the same
 * however many there are: deleting a key that is not the last one turns an
 * object into a dictionary.
 */
export const dictionary = (): Record<string, unknown> => {
  const out: Record<string, unknown> = { a: 0, b: 0 }
  delete out.a
  delete out.b
  return out
}
