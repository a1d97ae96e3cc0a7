/**
 * Query strings: the parameters that no placeholder takes, for `GET` and `HEAD`.
 *
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import type { EndpointError } from "./EndpointError.js"
import { kindOf, shown } from "./internal/describe.js"
import { encodeComponent, loneSurrogateAt } from "./internal/encode.js"
import { fail, right } from "./internal/either.js"
import { isArray, isDense } from "./internal/object.js"
import { scalarString } from "./internal/scalar.js"

const text = (u: unknown, field: string): Either<EndpointError, string> => {
  const s = scalarString(u)
  if (s !== undefined) return right(s)
  return fail(shown(field), `cannot be sent as a query parameter: expected a string, number, boolean, bigint or an array of them, got ${kindOf(u)}`)
}

/** `s` percent-encoded as a query component; GitHub's search syntax keeps `+` in `q`. */
const encoded = (name: string, s: string): Either<EndpointError, string> => {
  const out = name === "q" && s.includes("+") ? s.split("+").map((p) => encodeComponent(p)) : encodeComponent(s)
  if (out === undefined || (typeof out !== "string" && out.includes(undefined))) {
    return fail(shown(name), `lone surrogate at index ${loneSurrogateAt(s)} cannot be percent-encoded`)
  }
  return right(typeof out === "string" ? out : out.join("+"))
}

/**
 * One parameter as query text: `name=value`; an array is joined with `,`
 * (repeated as `name[]=a&name[]=b` when the name ends in `[]`), its `null`
 * members left out; `null` and `undefined` give `""` (no pair).
 *
 * @example
 * import { Query } from "fp-endpoint"
 *
 * Query.pair("labels", ["bug", "ui"]) // right("labels=bug%2Cui")
 * Query.pair("ids[]", [1, 2]) // right("ids%5B%5D=1&ids%5B%5D=2")
 *
 * @since 0.1.0
 */
export const pair = (name: string, value: unknown): Either<EndpointError, string> => {
  if (value === undefined || value === null) return right("")
  const quick = quickPair(name, value)
  if (quick !== undefined) return right(quick)
  const key = encoded("", name)
  if (key._tag === "Left") return fail(shown(name), "lone surrogate in the parameter name cannot be percent-encoded")
  if (!isArray(value)) {
    const s = text(value, name)
    const v = s._tag === "Right" ? encoded(name, s.right) : s
    return v._tag === "Left" ? v : right(key.right + "=" + v.right)
  }
  if (!isDense(value)) return fail(shown(name), "a sparse array (with holes) cannot be sent as a query parameter")
  const members: Array<string> = []
  for (let i = 0; i < value.length; i++) {
    if (value[i] === undefined || value[i] === null) continue
    const s = text(value[i], `${name}[${i}]`)
    if (s._tag === "Left") return s
    members.push(s.right)
  }
  if (!name.endsWith("[]")) return chainPair(key.right, name, members.join(","))
  const pairs: Array<string> = []
  for (const m of members) {
    const p = chainPair(key.right, name, m)
    if (p._tag === "Left") return p
    pairs.push(p.right)
  }
  return right(pairs.join("&"))
}

/**
 * `name=value` for a scalar that encodes without trouble, the commonest case;
 * `undefined` when {@link pair} must look closer (arrays, errors, `q` with `+`).
 *
 * @example
 * import { Query } from "fp-endpoint"
 *
 * Query.quickPair("per_page", 100) // "per_page=100"
 * Query.quickPair("labels", ["a"]) // undefined
 *
 * @since 0.1.0
 */
export const quickPair = (name: string, value: unknown): string | undefined => {
  const s = scalarString(value)
  if (s === undefined || (name === "q" && s.includes("+"))) return undefined
  const k = encodeComponent(name)
  const v = encodeComponent(s)
  return k === undefined || v === undefined ? undefined : k + "=" + v
}

const chainPair = (key: string, name: string, value: string): Either<EndpointError, string> => {
  const v = encoded(name, value)
  return v._tag === "Left" ? v : right(key + "=" + v.right)
}

/**
 * Appends query text to a url, before its fragment, with `?` or `&` as
 * needed (none after a trailing `?` or `&`).
 *
 * @example
 * import { Query } from "fp-endpoint"
 *
 * Query.append("/search?q=x#top", "page=2") // "/search?q=x&page=2#top"
 *
 * @since 0.1.0
 */
export const append = (url: string, query: string): string => {
  if (query === "") return url
  const hash = url.indexOf("#")
  const base = hash < 0 ? url : url.slice(0, hash)
  const fragment = hash < 0 ? "" : url.slice(hash)
  const separator = !base.includes("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&"
  return base + separator + query + fragment
}
