/**
 * Query strings for GET and HEAD parameters (SPEC §6.6).
 *
 * @since 0.1.0
 */
import { EndpointError } from "./EndpointError.js"
import { kindOf, shown } from "./internal/describe.js"
import { encodeComponent } from "./internal/encode.js"
import { scalarString } from "./internal/scalar.js"
import { isArray } from "./internal/object.js"

// -------------------------------------------------------------------------------------
// utils
// -------------------------------------------------------------------------------------

/** `u` as a query value; `field` makes the name of what `u` is in an error. */
const scalar = (u: unknown, field: () => string): string => {
  const s = scalarString(u)
  if (s === undefined) {
    throw new EndpointError(
      field(),
      `cannot be sent as a query parameter: expected a string, number, boolean, bigint or an array of them, got ${kindOf(u)}`,
    )
  }
  return s
}

/** `q` keeps its `+` separators: each piece is encoded, then joined by `+`. */
const encodeValue = (name: string, value: string): string => {
  if (name !== "q" || !value.includes("+")) return encodeComponent(value, name)
  return value
    .split("+")
    .map((piece) => encodeComponent(piece, name))
    .join("+")
}

/**
 * One `name=value` pair, or several for an array under a name ending in
 * `[]`; `""` when the value is `null` or `undefined`.
 *
 * @example
 * import { queryPair } from "fp-endpoint/Query"
 *
 * queryPair("fields[]", [1, 2]) // "fields%5B%5D=1&fields%5B%5D=2"
 * queryPair("labels", ["a", "b"]) // "labels=a%2Cb"
 * queryPair("q", "is:open+label:bug") // "q=is%3Aopen+label%3Abug"
 *
 * @since 0.1.0
 */
export const queryPair = (name: string, value: unknown): string => {
  if (value === undefined || value === null) return ""
  const key = encodeComponent(name, name)
  // a scalar, the usual case, before anything else: no error text is made unless there is an error
  const s = scalarString(value)
  if (s !== undefined) return key + "=" + encodeValue(name, s)
  if (!isArray(value)) return key + "=" + encodeValue(name, scalar(value, () => shown(name)))
  const repeat = name.endsWith("[]")
  let out = ""
  let joined = ""
  let count = 0
  for (let i = 0; i < value.length; i++) {
    const member: unknown = value[i]
    if (member === undefined || member === null) continue
    const m = scalar(member, () => `${shown(name)}[${i}]`)
    if (repeat) out += (out === "" ? "" : "&") + key + "=" + encodeValue(name, m)
    else joined += (count === 0 ? "" : ",") + m
    count++
  }
  return repeat ? out : key + "=" + encodeValue(name, joined)
}

/**
 * Appends `query` (already encoded, without `?`) to a url: after `?`, or `&`
 * when the url has a query already, and always before a `#fragment`.
 *
 * @example
 * import { appendQuery } from "fp-endpoint/Query"
 *
 * appendQuery("/x#top", "a=1") // "/x?a=1#top"
 * appendQuery("/x?b=2", "a=1") // "/x?b=2&a=1"
 *
 * @since 0.1.0
 */
export const appendQuery = (url: string, query: string): string => {
  if (query === "") return url
  const hash = url.indexOf("#")
  const base = hash < 0 ? url : url.slice(0, hash)
  const fragment = hash < 0 ? "" : url.slice(hash)
  const q = base.indexOf("?")
  const last = base.charCodeAt(base.length - 1)
  const separator = q < 0 ? "?" : last === 63 || last === 38 ? "" : "&"
  return base + separator + query + fragment
}
