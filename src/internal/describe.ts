// Caller text in error messages: cut short, quoted, and with the characters that could forge a line
// or steer a terminal escaped, so that a message is always one short line of well-formed text.
import { safely } from "./read.js"

/** A lone surrogate: a high one without its low half after it, or a low one without its high half before it. */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
/** Controls, bidirectional marks and characters that show as nothing or as a space (U+00A0, U+200B, U+FEFF, …). */
const CONTROLS =
  /[\0-\x1f\x7f-\xa0\xad\u061c\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u2066-\u2069\u2800\u3000\u3164\ufeff]/
const UNSHOWABLE = new RegExp(`${CONTROLS.source}|${LONE_SURROGATE.source}`, "g")

/** `s` with controls, invisible characters and lone surrogates written as `\uXXXX`. */
export const escaped = (s: string): string =>
  s.replace(UNSHOWABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)

/** At most `n` characters of `s`, never ending inside a surrogate pair. */
export const cut = (s: string, n = 60): string => {
  if (s.length <= n) return s
  const end = (s.charCodeAt(n - 1) & 0xfc00) === 0xd800 ? n - 1 : n
  return `${s.slice(0, end)}…`
}

/** A caller's string quoted for a message. */
export const quote = (s: string): string => escaped(JSON.stringify(cut(s)))

/** A caller's name as (part of) a field path. */
export const shown = (name: string): string => escaped(cut(name))

/** A path and a key: `headers` and `accept` give `headers.accept`, an unusual key `headers["a b"]`. */
export const child = (path: string, key: string): string =>
  /^[A-Za-z_$][\w$-]{0,59}$/.test(key) ? (path === "" ? key : `${path}.${key}`) : `${path}[${quote(key)}]`

/** What kind of value `u` is, in a word or two: `null`, `NaN`, `array`, `Date`, `object`. Never throws. */
export const kindOf = (u: unknown): string => {
  if (typeof u === "number" && !Number.isFinite(u)) return String(u)
  if (typeof u !== "object" || u === null) return u === null ? "null" : typeof u
  return safely(() => {
    if (Array.isArray(u)) return "array"
    const name: unknown = Object.getPrototypeOf(u)?.constructor?.name
    return typeof name === "string" && name !== "" && name !== "Object" ? shown(name) : "object"
  }, "object")
}

/** {@link kindOf} with its article: `an object`, `a Map`. */
export const aKind = (u: unknown): string => {
  const kind = kindOf(u)
  return `${/^[aeiou]/i.test(kind) ? "an" : "a"} ${kind}`
}
