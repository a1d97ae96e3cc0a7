// What kind of body a value is, for the content type parse defaults and for what the fetch
// adapters send: as it is (text, a form or binary body), refused (shared memory, which fetch
// would send as the text "[object SharedArrayBuffer]"), or serialised as JSON. Buffers are known
// by internal slot, which no object can fake; form bodies, blobs and streams by class or tag, so
// a body from another realm or another copy of fetch (undici's) is known too.
import { isArray, isPlainObject } from "./object.js"

type Getter = ((this: unknown) => unknown) | undefined
const getter = (proto: object | undefined, name: string): Getter =>
  proto && (Object.getOwnPropertyDescriptor(proto, name)?.get as Getter)
/** Built-in getters that read an internal slot: calling one on a value is a brand check that holds across realms. */
const SLOTS = {
  arrayBuffer: getter(ArrayBuffer.prototype, "byteLength"),
  shared: getter((globalThis as { SharedArrayBuffer?: { prototype: object } }).SharedArrayBuffer?.prototype, "byteLength"),
  viewBuffer: getter(Object.getPrototypeOf(Uint8Array.prototype) as object, "buffer"),
  dataViewBuffer: getter(DataView.prototype, "buffer"),
  stringValue: String.prototype.valueOf as Getter, // methods, not getters, but as much a check of a slot
  bigintValue: BigInt.prototype.valueOf as Getter,
  numberValue: Number.prototype.valueOf as Getter,
  symbolValue: Symbol.prototype.valueOf as Getter,
  dateValue: Date.prototype.getTime as Getter,
}
/** What a slot getter reads from `u`; `undefined` when `u` lacks the slot. */
const slot = (get: Getter, u: unknown): unknown => {
  try {
    return get?.call(u)
  } catch {
    return undefined
  }
}

const WEB_BODIES = ["Blob", "FormData", "URLSearchParams", "ReadableStream"]
const WEB_BODY_TAG = /^\[object (Blob|File|FormData|URLSearchParams|ReadableStream)\]$/

/** The name in a web body's tag (`Blob` for `[object Blob]`); `undefined` for any other object. */
export const webBodyTag = (u: unknown): string | undefined => WEB_BODY_TAG.exec(tagOf(u))?.[1]

const isBlobLike = (u: Record<string, unknown>): boolean => typeof u.stream === "function" || typeof u.arrayBuffer === "function"
/** What fetch (undici) reads of a form body or blob it knows by its tag alone: without it, fetch sends the text `[object FormData]`. */
const FETCH_READS: Readonly<Record<string, (u: Record<string, unknown>) => boolean>> = {
  FormData: (u) => ["append", "delete", "get", "getAll", "has", "set"].every((name) => typeof u[name] === "function"),
  Blob: isBlobLike,
  File: isBlobLike,
}

/** Whether fetch can read a body of this tag: the methods it reads are there (a getter or trap that throws: it cannot). */
const fetchReads = (tag: string, u: object): boolean => {
  try {
    return FETCH_READS[tag]?.(u as Record<string, unknown>) ?? true
  } catch {
    return false
  }
}

/** The built-in tag of an object, `[object Blob]`; `""` when reading it throws (a revoked Proxy). */
export const tagOf = (u: unknown): string => {
  try {
    return Object.prototype.toString.call(u)
  } catch {
    return ""
  }
}

const isWebBody = (u: object): boolean => {
  try {
    return WEB_BODIES.some((name) => {
      const ctor = (globalThis as Record<string, unknown>)[name]
      return typeof ctor === "function" && u instanceof ctor
    })
  } catch {
    return false // a Proxy whose getPrototypeOf trap throws
  }
}

/** Whether `u` is a boxed string (`new String("x")`, which JSON writes as the string), by its slot. */
export const isBoxedString = (u: unknown): boolean => slot(SLOTS.stringValue, u) !== undefined

/** The number a boxed number (`new Number(NaN)`) holds, by its slot; `undefined` for anything else. */
export const numberIn = (u: unknown): number | undefined => slot(SLOTS.numberValue, u) as number | undefined

/** Whether `u` is a boxed bigint (`Object(1n)`, which JSON cannot write either), by its slot. */
export const isBoxedBigInt = (u: unknown): boolean => slot(SLOTS.bigintValue, u) !== undefined

/** Whether `u` is a boxed symbol (`Object(Symbol())`), known by its internal slot. */
export const isBoxedSymbol = (u: unknown): boolean => slot(SLOTS.symbolValue, u) !== undefined

/** Whether `u` is a Date whose time is not a number (`new Date("junk")`), known by its internal slot: its `toJSON` gives `null`. */
export const isInvalidDate = (u: unknown): boolean => Number.isNaN(slot(SLOTS.dateValue, u))

/** Whether `u` is a typed array (not a DataView), by its slot: JSON keeps its members, as index keys. */
export const isTypedArray = (u: unknown): boolean => slot(SLOTS.viewBuffer, u) !== undefined

/** Whether `u` is a SharedArrayBuffer, by its slot. */
export const isSharedBuffer = (u: unknown): boolean => slot(SLOTS.shared, u) !== undefined

/** A body sent as it is, shared memory, one tagged as a form body or blob that fetch cannot read (the form-data package's, for Node streams), or JSON. */
export type BodyKind = "as-is" | "shared" | "unreadable" | "json"

export const bodyKind = (u: unknown): BodyKind => {
  if (typeof u === "string") return "as-is"
  if (typeof u !== "object" || u === null || isPlainObject(u) || isArray(u)) return "json"
  if (isSharedBuffer(u)) return "shared"
  if (ArrayBuffer.isView(u)) return isSharedBuffer(slot(SLOTS.viewBuffer, u) ?? slot(SLOTS.dataViewBuffer, u)) ? "shared" : "as-is"
  if (slot(SLOTS.arrayBuffer, u) !== undefined || isWebBody(u)) return "as-is"
  const tag = webBodyTag(u)
  return tag === undefined ? "json" : fetchReads(tag, u) ? "as-is" : "unreadable"
}

/** Whether a body is a form or binary body, whose content type the HTTP client sets itself. */
export const isOpaqueBody = (u: unknown): boolean => typeof u === "object" && u !== null && bodyKind(u) !== "json"
