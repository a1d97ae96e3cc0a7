// Reading a caller's objects without being fooled, and writing ours without going through
// Object.prototype.

const hasOwn = Object.prototype.hasOwnProperty

/** Own-property test that an object's own `hasOwnProperty` cannot fool. */
export const has = (o: object, key: PropertyKey): boolean => hasOwn.call(o, key)

/** `Object.freeze`, typed so that an object literal it is given keeps the type its declaration expects. */
export const frozen = <A extends object>(a: A): A => Object.freeze(a)

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

/**
 * The prototype of a record that replaces what it lands on when options are concatenated, where a
 * plain object would merge into it (see `Options`). To everything else it is a plain object: its
 * keys are own and enumerable, JSON and `util.inspect` show it as `{ … }`.
 */
export const REPLACING: object = Object.freeze(Object.create(Object.prototype))

/** The prototype of a non-array object; `undefined` for anything else, and where reading it throws (a revoked Proxy). */
const prototypeOf = (u: unknown): unknown => {
  if (typeof u !== "object" || u === null) return undefined
  try {
    return Array.isArray(u) ? undefined : Object.getPrototypeOf(u)
  } catch {
    return undefined
  }
}

/** A plain object that is no replacing record: made by `{}`, `Object.create(null)` or `JSON.parse`. It merges key by key into a record it lands on. Never throws. */
export const isMergingRecord = (u: unknown): u is Record<string, unknown> => {
  const proto = prototypeOf(u)
  return proto === null || proto === Object.prototype
}

/** A record that replaces what it lands on (see {@link REPLACING}). Never throws. */
export const isReplacing = (u: unknown): u is Record<string, unknown> => prototypeOf(u) === REPLACING

/** A plain object: a merging or a replacing record. Never throws. */
export const isPlainObject = (u: unknown): u is Record<string, unknown> => {
  const proto = prototypeOf(u)
  return proto === null || proto === Object.prototype || proto === REPLACING
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

/** An array's `length`, read once; -1 when it is no array length (a Proxy may answer anything). */
const lengthOf = (a: ReadonlyArray<unknown>): number => {
  const n: unknown = a.length
  return typeof n === "number" && Number.isInteger(n) && n >= 0 && n < 2 ** 32 ? n : -1
}

/**
 * Whether an array of length `n` has no holes, in time that follows what it holds, never its
 * declared length: a long array is dense when its own keys, which list indices first, reach its end.
 */
const isDenseTo = (a: ReadonlyArray<unknown>, n: number): boolean => {
  if (n < 0) return false
  if (n > 64) return Object.keys(a)[n - 1] === String(n - 1)
  for (let i = 0; i < n; i++) if (!hasOwn.call(a, i)) return false // own: a hole is one though Object.prototype has the index
  return true
}

/** Whether an array has no holes; `length` is read once, so a Proxy that grows it cannot keep the check going. */
export const isDense = (a: ReadonlyArray<unknown>): boolean => isDenseTo(a, lengthOf(a))

/**
 * The members of a dense array, each read once by index, `length` read once; `undefined` for a
 * sparse one. None of the caller's methods or iterators runs, and the walk ends where the check did.
 */
export const membersOf = (a: ReadonlyArray<unknown>): Array<unknown> | undefined => {
  const n = lengthOf(a)
  return isDenseTo(a, n) ? tabulate(n, (i) => a[i]) : undefined
}

/**
 * The defined members (neither `null` nor `undefined`) of a list or a record, each a key and its value, as RFC 6570
 * (§2.3) counts them; `undefined` for a sparse list. A list's members are its indices only (a regular expression's
 * match has `index` and `input` too).
 */
export const definedMembersOf = (value: object): Array<readonly [string, unknown]> | undefined => {
  const all: object | undefined = isArray(value) ? membersOf(value) : value
  if (all === undefined) return undefined
  const defined: Array<readonly [string, unknown]> = []
  for (const key of Object.keys(all)) {
    const m: unknown = (all as Record<string, unknown>)[key]
    if (m !== undefined && m !== null) defined.push([key, m])
  }
  return defined
}

/**
 * Whether a value is defined to RFC 6570 (§2.3), as the expansion has it: not `null` or `undefined`, nor a list or a
 * record with no member that is neither. For a value expanded already; where reading it again throws, it counts.
 */
export const hasValue = (u: unknown): boolean => {
  if (u === undefined || u === null) return false
  if (typeof u !== "object") return true
  try {
    const members = definedMembersOf(u)
    return members === undefined || members.length > 0
  } catch {
    return true
  }
}

/** {@link hasValue}, each value judged once: a large list or record that many names share is walked once, not once a name. */
export const hasValueOnce = (): ((u: unknown) => boolean) => {
  const judged = new Map<unknown, boolean>()
  return (u) => {
    if (!judged.has(u)) judged.set(u, hasValue(u))
    return judged.get(u)!
  }
}

/** `[f(0), …, f(n - 1)]` by a loop: `Array.from({ length: n }, f)` would ask `Object.prototype` for an iterator, which a caller may have added. */
export const tabulate = <A>(n: number, f: (i: number) => A): Array<A> => {
  const out: Array<A> = []
  for (let i = 0; i < n; i++) out.push(f(i))
  return out
}
