// Large options, read once: their own enumerable string keys and the values read under them, side by
// side in two arrays.
//
// The build copies small options with a spread, which V8 makes whole while that spread has met few
// shapes of object. An application that calls many routes shows it many more; V8 then adds the keys
// one at a time, each costing more than the last once there are more than about a hundred. Writing
// into two arrays costs the same per key in every state, so options past a threshold are read this
// way (see `Parse.buildOn`). Small options stay with the spread, which the common call needs: a
// second loop over arrays after the read costs it about 10% (README, "Shapes").
import { startsWithDigit } from "./encode.js"
import { dictionary, isEnumerable, put } from "./object.js"

/** The keys and values of one object, each read once, and an index of the keys made when one is looked up. */
export interface Snapshot {
  readonly keys: ReadonlyArray<string>
  readonly values: ReadonlyArray<unknown>
  /** Whether a key may be integer-like (starts with a digit). */
  readonly indexed: boolean
  /** Where each key is: made by {@link valueIn} on its first lookup. */
  index: Map<string, number> | undefined
}

/**
 * Reads `o` as a spread copy reads it: its own keys once, then each one that
 * is enumerable when its turn comes, its value read once, in the order of
 * that list (a getter that hides or adds a key after it changes nothing
 * before). Symbol-keyed values are read and dropped: a symbol is never an
 * option. The string keys come in the order of an ordinary object's keys,
 * integer-like ones first and ascending, whatever order a Proxy gives.
 */
export const snapshotOf = (o: object): Snapshot => {
  // Object.entries reads string keys exactly as a spread does, and V8 does it in linear time; a
  // spread also reads symbol-keyed properties, in the order of the object's own keys, so an object
  // that has any is read key by key in that order instead (slower, and as rare as a symbol option)
  if (Object.getOwnPropertySymbols(o).length > 0) return inKeyOrder(o)
  const entries = Object.entries(o)
  const keys = new Array<string>(entries.length)
  const values = new Array<unknown>(entries.length)
  let indexed = false
  for (let i = 0; i < entries.length; i++) {
    const [key, value] = entries[i]!
    keys[i] = key
    values[i] = value
    if (startsWithDigit(key)) indexed = true
  }
  return snapshot(keys, values, indexed)
}

/** {@link snapshotOf} for an object with symbol keys: every own key, in the object's order. */
const inKeyOrder = (o: object): Snapshot => {
  const keys: Array<string> = []
  const values: Array<unknown> = []
  let indexed = false
  for (const key of Reflect.ownKeys(o)) {
    if (!isEnumerable(o, key)) continue
    const value: unknown = (o as Record<string | symbol, unknown>)[key]
    if (typeof key === "symbol") continue
    keys.push(key)
    values.push(value)
    if (startsWithDigit(key)) indexed = true
  }
  return snapshot(keys, values, indexed)
}

/** A snapshot of these keys and values, put in an ordinary object's order when one may be integer-like. */
const snapshot = (keys: ReadonlyArray<string>, values: ReadonlyArray<unknown>, indexed: boolean): Snapshot =>
  indexed ? inObjectOrder(keys, values) : { keys, values, indexed, index: undefined }

/** The same keys and values in an ordinary object's order (as rare as an integer-like key). */
const inObjectOrder = (keys: ReadonlyArray<string>, values: ReadonlyArray<unknown>): Snapshot => {
  const ordered = dictionary() // integer-like keys first, ascending, then the others in the order put
  for (let i = 0; i < keys.length; i++) put(ordered, keys[i]!, values[i])
  const orderedKeys = Object.keys(ordered)
  return { keys: orderedKeys, values: orderedKeys.map((key) => ordered[key]), indexed: true, index: undefined }
}

/** The value read under `key`, `undefined` when there is none. */
export const valueIn = (s: Snapshot, key: string): unknown => {
  if (s.index === undefined) {
    s.index = new Map()
    for (let i = 0; i < s.keys.length; i++) s.index.set(s.keys[i]!, i)
  }
  const i = s.index.get(key)
  return i === undefined ? undefined : s.values[i]
}

/** The entries whose key passes `keep`, as an object in the snapshot's order. */
export const objectOf = (s: Snapshot, keep: (key: string) => boolean): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (let i = 0; i < s.keys.length; i++) if (keep(s.keys[i]!)) put(out, s.keys[i]!, s.values[i])
  return out
}
