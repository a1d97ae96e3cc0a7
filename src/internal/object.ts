// Reading a caller's objects without being fooled, and writing ours without going through
// Object.prototype.

const hasOwn = Object.prototype.hasOwnProperty

/** Own-property test that an object's own `hasOwnProperty` cannot fool. */
export const has = (o: object, key: string): boolean => hasOwn.call(o, key)

/** Whether an object has no own enumerable string key, without listing its keys. */
export const isEmpty = (o: object): boolean => {
  for (const key in o) if (hasOwn.call(o, key)) return false
  return true
}

/** An own property's value: never one a polluted prototype supplies. */
export const own = (o: object, key: string): unknown => (hasOwn.call(o, key) ? (o as Record<string, unknown>)[key] : undefined)

/** `Array.isArray`, false for a revoked Proxy (where it throws). */
export const isArray = (u: unknown): u is ReadonlyArray<unknown> => {
  try {
    return Array.isArray(u)
  } catch {
    return false
  }
}

/** A plain object: made by `{}`, `Object.create(null)` or `JSON.parse`. Never throws. */
export const isPlainObject = (u: unknown): u is Record<string, unknown> => {
  if (typeof u !== "object" || u === null) return false
  try {
    const proto = Array.isArray(u) ? undefined : Object.getPrototypeOf(u)
    return proto === null || proto === Object.prototype
  } catch {
    return false
  }
}

/**
 * Writes an own, enumerable data property, as a spread does. Assignment would go through
 * `Object.prototype` for a key it has (the `__proto__` setter, a setter someone added, a
 * read-only member of a frozen prototype): such keys are defined instead.
 */
export const put = (o: Record<string, unknown>, key: string, value: unknown): void => {
  if (key in Object.prototype) Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true })
  else o[key] = value
}

/** A copy of an array read by index, `length` once: none of the caller's methods or iterators runs. */
export const copyOf = (a: ReadonlyArray<unknown>): Array<unknown> => Array.from({ length: a.length }, (_, i) => a[i])

/**
 * Whether an array has no holes, in time that follows what it holds, never its declared
 * length: a long array is dense when its own keys, which list indices first, reach its end.
 */
export const isDense = (a: ReadonlyArray<unknown>): boolean => {
  if (a.length > 64) return Object.keys(a)[a.length - 1] === String(a.length - 1)
  for (let i = 0; i < a.length; i++) if (!(i in a)) return false
  return true
}
