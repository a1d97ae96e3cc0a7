// Plain-object helpers shared by normalisation, merging and parsing.

const hasOwn = Object.prototype.hasOwnProperty

/** Own-property test that a hostile object cannot fool with its own `hasOwnProperty`. */
export const has = (o: object, key: string): boolean => hasOwn.call(o, key)

/** A plain object: created by `{}`, `Object.create(null)` or `JSON.parse`. Never throws. */
export const isPlainObject = (u: unknown): u is Record<string, unknown> => {
  if (typeof u !== "object" || u === null || Array.isArray(u)) return false
  try {
    const proto = Object.getPrototypeOf(u)
    return proto === null || proto === Object.prototype
  } catch {
    return false
  }
}

/**
 * Writes an own, enumerable data property. `o[key] = value` would call the
 * `__proto__` setter for the key `"__proto__"`; this never does.
 */
export const put = (o: Record<string, unknown>, key: string, value: unknown): void => {
  if (key === "__proto__") {
    Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true })
  } else {
    o[key] = value
  }
}
