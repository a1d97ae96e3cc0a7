// Text for error messages, bounded in length (a 100 000-character hostile key stays short)
// and with control characters escaped (a message cannot forge lines or terminal codes).

import { LONE_SURROGATE } from "./encode.js"

const MAX_SHOWN = 60

/** What a message may not hold as it is, as `\uXXXX`: a message stays one line of well-formed text, read in its order. */
export const escapeControls = (s: string): string =>
  s.replace(UNSHOWABLE, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"))

/** What a message may not hold as it is: a control character (C0, DEL, C1), a line or paragraph separator, a bidirectional control, or a lone surrogate. */
export const UNSHOWABLE = new RegExp(`[\\0-\\x1f\\x7f-\\x9f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]|${LONE_SURROGATE.source}`, "g")

const cut = (s: string): string => (s.length > MAX_SHOWN ? `${sliceWhole(s, 0, MAX_SHOWN)}…` : s)

/** Whether index `i` of `s` stands between the two halves of a surrogate pair. */
const splitsPair = (s: string, i: number): boolean =>
  i > 0 && i < s.length && (s.charCodeAt(i - 1) & 0xfc00) === 0xd800 && (s.charCodeAt(i) & 0xfc00) === 0xdc00

/** `s.slice(start, end)` with neither end inside a surrogate pair: a cut name leaves no lone surrogate in a message. */
export const sliceWhole = (s: string, start: number, end = s.length): string =>
  s.slice(splitsPair(s, start) ? start + 1 : start, splitsPair(s, end) ? end - 1 : end)

/** A string quoted for a message. */
export const quote = (s: string): string => escapeControls(JSON.stringify(cut(s)))

/** A name as a field path. */
export const shown = (name: string): string => escapeControls(cut(name))

/** A path and a key: `headers` + `accept` is `headers.accept`, an unusual key is `headers["a b"]`. */
export const child = (path: string, key: string): string =>
  /^[A-Za-z_$-][\w$-]{0,59}$/.test(key) ? (path === "" ? key : `${path}.${key}`) : `${path}[${quote(key)}]`

/** A path and a key of an array (`body.list[0]`) or an object: an array's own key that is no index is named as an object's. */
export const childOf = (path: string, key: string, list: boolean): string => (list && /^\d+$/.test(key) ? `${path}[${key}]` : child(path, key))

/** What kind of value this is, in words: "null", "array", "function", "Date", ... Never throws. */
export const kindOf = (u: unknown): string => {
  if (typeof u === "number" && !Number.isFinite(u)) return String(u) // NaN, Infinity: what went wrong, not just a number
  if (u === null || typeof u !== "object") return u === null ? "null" : typeof u
  try {
    if (Array.isArray(u)) return "array"
  } catch {
    return "revoked Proxy" // the one value Array.isArray throws on
  }
  try {
    const name: unknown = Object.getPrototypeOf(u)?.constructor?.name
    return typeof name === "string" && name !== "" && name !== "Object" && name.length <= MAX_SHOWN ? shown(name) : "object"
  } catch {
    return "object" // a hostile getter on the way to the name
  }
}

/** The kind of a value with its article, for a message: "an object", "a Map". */
export const aKind = (u: unknown): string => {
  const kind = kindOf(u)
  return `${/^(?:[aei]|o(?!ne)|un(?!i))/i.test(kind) ? "an" : "a"} ${kind}` // "an object", "an undefined", "a Uint8Array", "a UnixSocket"
}

/** The message for a key that names a header another key of `headers` named already: it names that key (read again only on this error). */
export const sameHeader = (headers: object, name: string, lower: string): string => {
  const other = Object.keys(headers).find((key) => key !== name && key.toLowerCase() === lower)
  return `names the same header as the key ${quote(other ?? lower)}: one value would be lost`
}
