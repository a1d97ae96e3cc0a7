/** Request options as a value, and the Monoid that combines them: `defaults()` and `merge()`
 * are nothing but its `concat`.
 * @since 0.1.0
 */
import type * as Mo from "fp-ts/lib/Monoid.js"
import type * as Se from "fp-ts/lib/Semigroup.js"
import { isEmpty } from "./internal/object.js"

// model -------------------------------------------------------------------------------------------

/** Headers with lowercase names; `null` removes a header (a default one too) when parsed.
 * @example
 * import type { Options } from "fp-endpoint"
 * const h: Options.Headers = { accept: "application/vnd.github.v3+json", "user-agent": null }
 * @since 0.1.0
 */
export type Headers = { readonly [name: string]: string | number | null }

/** A media type: a format (`undefined` or `""` for none) and preview names, each once.
 * @example
 * import type { Options } from "fp-endpoint"
 * const m: Options.MediaType = { format: "raw", previews: ["symmetra"] }
 * @since 0.1.0
 */
export interface MediaType {
  readonly format: string | undefined
  readonly previews: ReadonlyArray<string>
}

/** Decoded options, every field present: `undefined` means "not set". `params` holds the other
 * keys of flat options, in order; `data` is the body (`null` is one); `request` is returned as it is.
 * @example
 * import { Options } from "fp-endpoint"
 * const o: Options.Options = { ...Options.empty, url: "/orgs/{org}/repos", params: { org: "octokit" } }
 * @since 0.1.0
 */
export interface Options {
  readonly method: string | undefined
  readonly url: string | undefined
  readonly baseUrl: string | undefined
  readonly headers: Headers
  readonly mediaType: MediaType
  readonly data: unknown
  readonly request: Readonly<Record<string, unknown>> | undefined
  readonly params: Readonly<Record<string, unknown>>
}

/** The fields but `params`: the reserved keys of flat options.
 * @example
 * import type { Options } from "fp-endpoint"
 * const k: Options.ReservedKey = "mediaType"
 * @since 0.1.0
 */
export type ReservedKey = Exclude<keyof Options, "params">

/** Options with nothing set, deeply frozen: the Monoid's identity.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.concat(Options.empty, Options.empty) // Options.empty
 * @since 0.1.0
 */
export const empty: Options = Object.freeze({
  method: undefined,
  url: undefined,
  baseUrl: undefined,
  headers: Object.freeze({}),
  mediaType: Object.freeze({ format: undefined, previews: Object.freeze([]) }),
  data: undefined,
  request: undefined,
  params: Object.freeze({}),
})

// instances ---------------------------------------------------------------------------------------

/** The second value unless it is `undefined`: fp-ts' `last`, over an optional value. */
const lastSet = <A>(): Se.Semigroup<A | undefined> => ({ concat: (first, second) => (second === undefined ? first : second) })

/**
 * fp-ts' `ReadonlyRecord.getUnionSemigroup(last())`: a spread defines keys, never assigns them
 * (so `"__proto__"` is an ordinary key), and keeps the first's keys first. An empty side gives the other.
 */
const union: Se.Semigroup<Readonly<Record<string, unknown>>> = {
  concat: (first, second) => (isEmpty(second) ? first : isEmpty(first) ? second : { ...first, ...second }),
}

/** Each name once, in order of first appearance: associative on any lists. */
const previews: Se.Semigroup<ReadonlyArray<string>> = {
  concat: (first, second) => (second.length === 0 ? first : first.length === 0 ? second : [...new Set([...first, ...second])]),
}

/** One semigroup per field: `method`, `url`, `baseUrl` and `data` take the second when set;
 * `headers`, `request` and `params` are key-wise unions; a media type takes the second's format
 * when set and the ordered union of previews. A new field does not compile until it has one.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.fieldSemigroups.params.concat({ a: 1, b: 1 }, { b: 2 }) // { a: 1, b: 2 }
 * @since 0.1.0
 */
export const fieldSemigroups: { readonly [K in keyof Options]: Se.Semigroup<Options[K]> } = {
  method: lastSet(),
  url: lastSet(),
  baseUrl: lastSet(),
  headers: union as Se.Semigroup<Headers>,
  mediaType: {
    concat: (first, second) =>
      second.format === undefined && second.previews.length === 0
        ? first
        : { format: second.format ?? first.format, previews: previews.concat(first.previews, second.previews) },
  },
  data: lastSet(),
  request: { concat: (first, second) => (first === undefined ? second : second === undefined ? first : union.concat(first, second)) },
  params: union,
}

/** The reserved keys of flat options, derived from the model.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.RESERVED_KEYS // ["method", "url", "baseUrl", "headers", "mediaType", "data", "request"]
 * @since 0.1.0
 */
export const RESERVED_KEYS = Object.keys(fieldSemigroups).filter((k) => k !== "params") as ReadonlyArray<ReservedKey>

const RESERVED: ReadonlySet<string> = new Set(RESERVED_KEYS)

/** Whether a key of flat options is reserved, not a parameter.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.isReserved("data") // true
 * Options.isReserved("owner") // false
 * @since 0.1.0
 */
export const isReserved = (key: string): key is ReservedKey => RESERVED.has(key)

/** Options combine field by field: fp-ts' `Semigroup.struct(fieldSemigroups)`, written out
 * because `struct`'s keyed loop costs five times as much per call (a property checks they agree).
 * @example
 * import { Options } from "fp-endpoint"
 * Options.Semigroup.concat({ ...Options.empty, url: "/a" }, { ...Options.empty, headers: { b: "2" } })
 * // { ...Options.empty, url: "/a", headers: { b: "2" } }
 * @since 0.1.0
 */
export const Semigroup: Se.Semigroup<Options> = {
  concat: (first, second) => ({
    method: fieldSemigroups.method.concat(first.method, second.method),
    url: fieldSemigroups.url.concat(first.url, second.url),
    baseUrl: fieldSemigroups.baseUrl.concat(first.baseUrl, second.baseUrl),
    headers: fieldSemigroups.headers.concat(first.headers, second.headers),
    mediaType: fieldSemigroups.mediaType.concat(first.mediaType, second.mediaType),
    data: fieldSemigroups.data.concat(first.data, second.data),
    request: fieldSemigroups.request.concat(first.request, second.request),
    params: fieldSemigroups.params.concat(first.params, second.params),
  }),
}

/** The Options Monoid, with {@link empty} as its identity.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.Monoid.concat(Options.Monoid.empty, Options.empty) // Options.empty
 * @since 0.1.0
 */
export const Monoid: Mo.Monoid<Options> = { concat: (first, second) => Semigroup.concat(first, second), empty }

// combinators -------------------------------------------------------------------------------------

/** Concatenates options, the second winning; dual: `pipe(a, concat(b))` is `concat(a, b)`.
 * @example
 * import { Options } from "fp-endpoint"
 * import { pipe } from "fp-ts/lib/function.js"
 * const a = { ...Options.empty, params: { per_page: 10 } }
 * pipe(a, Options.concat({ ...Options.empty, params: { page: 2 } })).params // { per_page: 10, page: 2 }
 * @since 0.1.0
 */
export const concat: {
  (that: Options): (self: Options) => Options
  (self: Options, that: Options): Options
} = ((self: Options, that?: Options) =>
  that === undefined ? (s: Options) => Semigroup.concat(s, self) : Semigroup.concat(self, that)) as never

/** Folds options with the Monoid: fp-ts' `concatAll(Monoid)`.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.concatAll([Options.empty, { ...Options.empty, url: "/x" }]).url // "/x"
 * @since 0.1.0
 */
export const concatAll = (all: ReadonlyArray<Options>): Options => all.reduce(Semigroup.concat, empty)
