// What kind of body a value is, for the content type `parse` defaults and for what
// the fetch adapters send. Checked by internal slots and tags, not by class alone,
// so a body from another realm or another copy of fetch (undici's) is known too.
import { isArray, isPlainObject } from "./object.js"

export const isInstance = (u: unknown, name: string): boolean => {
  const ctor: unknown = (globalThis as Record<string, unknown>)[name]
  return typeof ctor === "function" && u instanceof (ctor as new (...args: never[]) => unknown)
}

type Getter = (this: unknown) => unknown

const getterOf = (proto: object | undefined, name: string): Getter | undefined =>
  proto === undefined ? undefined : (Object.getOwnPropertyDescriptor(proto, name)?.get as Getter | undefined)

/**
 * Built-in getters that read an internal slot: calling one on a value is a
 * brand check that no object can fake and that holds across realms.
 */
export const slots = {
  arrayBuffer: getterOf(ArrayBuffer.prototype, "byteLength"),
  shared: getterOf((globalThis as { SharedArrayBuffer?: { prototype: object } }).SharedArrayBuffer?.prototype, "byteLength"),
  typedArrayBuffer: getterOf(Object.getPrototypeOf(Uint8Array.prototype) as object, "buffer"),
  dataViewBuffer: getterOf(DataView.prototype, "buffer"),
}

/** What the getter reads from `u`, or `undefined` when `u` lacks the slot. */
const readSlot = (getter: Getter | undefined, u: unknown): unknown => {
  if (getter === undefined) return undefined
  try {
    return getter.call(u)
  } catch {
    return undefined
  }
}

export const hasSlot = (getter: Getter | undefined, u: unknown): boolean => readSlot(getter, u) !== undefined

/** Bodies of fetch's own classes, checked by class and, for another copy of fetch (undici's), by tag. */
const WEB_BODIES = ["FormData", "URLSearchParams", "Blob", "ReadableStream"]
const WEB_BODY_TAGS: ReadonlySet<string> = new Set([
  "[object FormData]",
  "[object URLSearchParams]",
  "[object Blob]",
  "[object File]",
  "[object ReadableStream]",
])

const isWebBody = (u: object): boolean =>
  WEB_BODIES.some((name) => isInstance(u, name)) || WEB_BODY_TAGS.has(Object.prototype.toString.call(u))

export const isStream = (u: unknown): boolean => {
  try {
    return isInstance(u, "ReadableStream") || Object.prototype.toString.call(u) === "[object ReadableStream]"
  } catch {
    return false
  }
}

/** How a body goes out: as it is (text, a form or binary body), refused (shared memory), or as JSON. */
export type BodyKind = "as-is" | "shared" | "json"

export const bodyKind = (u: unknown): BodyKind => {
  if (typeof u === "string") return "as-is"
  if (typeof u !== "object" || u === null || isPlainObject(u) || isArray(u)) return "json"
  try {
    if (hasSlot(slots.shared, u)) return "shared"
    if (ArrayBuffer.isView(u)) {
      const buffer = readSlot(slots.typedArrayBuffer, u) ?? readSlot(slots.dataViewBuffer, u)
      return hasSlot(slots.shared, buffer) ? "shared" : "as-is"
    }
    return hasSlot(slots.arrayBuffer, u) || isWebBody(u) ? "as-is" : "json"
  } catch {
    return "json" // a Proxy whose traps throw: serialising it reports the failure
  }
}


/** Whether `data` is a form or binary body, whose content type the HTTP client sets itself. */
export const isOpaqueBody = (data: unknown): boolean => typeof data === "object" && data !== null && bodyKind(data) !== "json"
