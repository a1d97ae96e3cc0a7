// What kind of body a value is, for the content type parse defaults and for what the fetch
// adapters send: as it is (text, a form or binary body), refused (shared memory, which fetch
// would send as the text "[object SharedArrayBuffer]"), or serialised as JSON. Known by the
// built-in tag, so a body from another realm or another copy of fetch (undici's) is known too.
import { isArray, isPlainObject } from "./object.js"

const AS_IS = /^\[object (?:ArrayBuffer|Blob|File|FormData|URLSearchParams|ReadableStream)\]$/

/** The built-in tag of an object, `[object Blob]`; `""` when reading it throws (a revoked Proxy). */
export const tagOf = (u: unknown): string => {
  try {
    return Object.prototype.toString.call(u)
  } catch {
    return ""
  }
}

export type BodyKind = "as-is" | "shared" | "json"

export const bodyKind = (u: unknown): BodyKind => {
  if (typeof u === "string") return "as-is"
  if (typeof u !== "object" || u === null || isPlainObject(u) || isArray(u)) return "json"
  const view = ArrayBuffer.isView(u) // a typed array or a DataView, by internal slot
  const tag = tagOf(view ? (u as ArrayBufferView).buffer : u)
  return tag === "[object SharedArrayBuffer]" ? "shared" : view || AS_IS.test(tag) ? "as-is" : "json"
}

/** Whether a body is a form or binary body, whose content type the HTTP client sets itself. */
export const isOpaqueBody = (u: unknown): boolean => typeof u === "object" && u !== null && bodyKind(u) !== "json"
