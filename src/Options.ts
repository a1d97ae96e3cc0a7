/**
 * Request options as a value, and the Monoid that combines them.
 * `defaults()` and `merge()` are nothing but this Monoid's `concat`.
 *
 * @since 0.1.0
 */
import type * as Mo from "fp-ts/lib/Monoid.js"
import type * as Se from "fp-ts/lib/Semigroup.js"
import { has, put } from "./internal/object.js"

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

/**
 * A header value: a string, a finite number, or `null`, which removes the
 * header (a default one included) when the options are parsed.
 *
 * @example
 * import type { Options } from "fp-endpoint"
 *
 * const values: Array<Options.HeaderValue> = ["token 0000", 14, null]
 *
 * @since 0.1.0
 */
export type HeaderValue = string | number | null

/**
 * Headers with lowercase names.
 *
 * @example
 * import type { Options } from "fp-endpoint"
 *
 * const h: Options.Headers = { accept: "application/vnd.github.v3+json", "user-agent": null }
 *
 * @since 0.1.0
 */
export type Headers = { readonly [name: string]: HeaderValue }

/**
 * The media type selection: a format (`""` for none) and preview names,
 * each once.
 *
 * @example
 * import type { Options } from "fp-endpoint"
 *
 * const m: Options.MediaType = { format: "raw", previews: ["symmetra"] }
 *
 * @since 0.1.0
 */
export interface MediaType {
  readonly format: string | undefined
  readonly previews: ReadonlyArray<string>
}

/**
 * Decoded options. Every field is present; `undefined` means "not set",
 * `{}` and `[]` mean "none". `params` holds every key of the flat options
 * that is not one of the other fields, in order.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * const o: Options.Options = { ...Options.empty, url: "/orgs/{org}/repos", params: { org: "octokit" } }
 *
 * @since 0.1.0
 */
export interface Options {
  readonly method: string | undefined
  readonly url: string | undefined
  readonly baseUrl: string | undefined
  readonly headers: Headers
  readonly mediaType: MediaType
  /** The request body as given; `undefined` when not set (`null` is a body). */
  readonly data: unknown
  /** Options for the HTTP client, returned as they are; `undefined` when not set. */
  readonly request: Readonly<Record<string, unknown>> | undefined
  readonly params: Readonly<Record<string, unknown>>
}

/**
 * The names of the fields other than `params`: the reserved keys of flat
 * options. Every other key of flat options is a parameter.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.RESERVED_KEYS.includes("headers") // true
 *
 * @since 0.1.0
 */
export type ReservedKey = Exclude<keyof Options, "params">

/**
 * The options with nothing set: the Monoid's identity.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.concat(Options.empty, Options.empty) // Options.empty
 *
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
}) // deeply frozen: shared by every decoded value that sets nothing

// -------------------------------------------------------------------------------------
// combinators
// -------------------------------------------------------------------------------------

/**
 * The second value unless it is `undefined` ("not set"): fp-ts' `last`,
 * lifted over an optional value.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.lastSet<string>().concat("GET", undefined) // "GET"
 *
 * @since 0.1.0
 */
export const lastSet = <A>(): Se.Semigroup<A | undefined> => ({
  concat: (first, second) => (second === undefined ? first : second),
})

/**
 * Key-wise union of records, a key in both taking the second's value: fp-ts'
 * `ReadonlyRecord.getUnionSemigroup(last())`, except that keys are defined,
 * never assigned, so `"__proto__"` stays an ordinary key. Keys keep the first
 * record's order, then the second's new ones. An empty side returns the
 * other as it is.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.RecordSemigroup.concat({ a: 1, b: 1 }, { b: 2 }) // { a: 1, b: 2 }
 *
 * @since 0.1.0
 */
export const RecordSemigroup: Se.Semigroup<Readonly<Record<string, unknown>>> = {
  concat: (first, second) => {
    const keys = Object.keys(second)
    if (keys.length === 0) return first
    if (Object.keys(first).length === 0) return second
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(first)) put(out, key, has(second, key) ? second[key] : first[key])
    for (const key of keys) if (!has(first, key)) put(out, key, second[key])
    return out
  },
}

/**
 * Ordered union of preview lists: each name once, in order of first
 * appearance. Associative on any lists.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.PreviewsSemigroup.concat(["a", "b"], ["b", "c"]) // ["a", "b", "c"]
 *
 * @since 0.1.0
 */
export const PreviewsSemigroup: Se.Semigroup<ReadonlyArray<string>> = {
  concat: (first, second) => (second.length === 0 ? first : first.length === 0 ? second : unique([...first, ...second])),
}

/**
 * Each string once, the first occurrence kept: how previews are normalised.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.unique(["a", "b", "a"]) // ["a", "b"]
 *
 * @since 0.1.0
 */
export const unique = (names: ReadonlyArray<string>): ReadonlyArray<string> => Array.from(new Set(names))

/**
 * `format`: the second's when set; `previews`: ordered union.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.MediaTypeSemigroup.concat({ format: "raw", previews: ["a"] }, { format: undefined, previews: ["b"] })
 * // { format: "raw", previews: ["a", "b"] }
 *
 * @since 0.1.0
 */
export const MediaTypeSemigroup: Se.Semigroup<MediaType> = {
  concat: (first, second) =>
    second.format === undefined && second.previews.length === 0
      ? first
      : {
          format: second.format === undefined ? first.format : second.format,
          previews: PreviewsSemigroup.concat(first.previews, second.previews),
        },
}

const requestSemigroup: Se.Semigroup<Options["request"]> = {
  concat: (first, second) =>
    first === undefined ? second : second === undefined ? first : RecordSemigroup.concat(first, second),
}

// -------------------------------------------------------------------------------------
// instances
// -------------------------------------------------------------------------------------

/**
 * One semigroup per field, which `Semigroup` combines as a struct. A new
 * field of `Options` does not compile until it has one here.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Object.keys(Options.fieldSemigroups) // ["method", "url", ..., "params"]
 *
 * @since 0.1.0
 */
export const fieldSemigroups: { readonly [K in keyof Options]: Se.Semigroup<Options[K]> } = {
  method: lastSet(),
  url: lastSet(),
  baseUrl: lastSet(),
  headers: RecordSemigroup as Se.Semigroup<Headers>,
  mediaType: MediaTypeSemigroup,
  data: lastSet(),
  request: requestSemigroup,
  params: RecordSemigroup,
}

/**
 * The reserved keys of flat options, derived from the model.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.RESERVED_KEYS // ["method", "url", "baseUrl", "headers", "mediaType", "data", "request"]
 *
 * @since 0.1.0
 */
export const RESERVED_KEYS = Object.keys(fieldSemigroups).filter((k) => k !== "params") as ReadonlyArray<ReservedKey>

/**
 * Whether a flat key is reserved (not a parameter).
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.isReserved("data") // true
 * Options.isReserved("owner") // false
 *
 * @since 0.1.0
 */
export const isReserved = (key: string): key is ReservedKey => has(fieldSemigroups, key) && key !== "params"

/**
 * Options combine field by field (fp-ts' `struct`): `method`, `url`,
 * `baseUrl` and `data` take the second when set, `headers`, `request` and
 * `params` are key-wise unions, previews an ordered union.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.Semigroup.concat({ ...Options.empty, url: "/a" }, { ...Options.empty, headers: { b: "2" } })
 * // { ...Options.empty, url: "/a", headers: { b: "2" } }
 *
 * @since 0.1.0
 */
export const Semigroup: Se.Semigroup<Options> = {
  // fp-ts' struct(fieldSemigroups), written out: struct's generic keyed loop costs
  // ten times as much on the hot path. A test checks the two agree.
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

/**
 * The Options Monoid; `empty` is {@link empty}.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.Monoid.concat(Options.Monoid.empty, Options.empty) // Options.empty
 *
 * @since 0.1.0
 */
export const Monoid: Mo.Monoid<Options> = { concat: Semigroup.concat, empty }

/**
 * Concatenates options; the second wins. Data-last for `pipe`:
 * `pipe(a, concat(b))` is `concat(a, b)`.
 *
 * @example
 * import { Options } from "fp-endpoint"
 * import { pipe } from "fp-ts/lib/function.js"
 *
 * const a = { ...Options.empty, params: { per_page: 10 } }
 * const b = { ...Options.empty, params: { page: 2 } }
 * pipe(a, Options.concat(b)).params // { per_page: 10, page: 2 }
 *
 * @since 0.1.0
 */
export const concat: {
  (that: Options): (self: Options) => Options
  (self: Options, that: Options): Options
} = function (self: Options, that?: Options) {
  return that === undefined ? (s: Options) => Semigroup.concat(s, self) : Semigroup.concat(self, that)
} as never

/**
 * Folds a list of options with the Monoid.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.concatAll([Options.empty, { ...Options.empty, url: "/x" }]).url // "/x"
 *
 * @since 0.1.0
 */
export const concatAll = (all: ReadonlyArray<Options>): Options => all.reduce(Semigroup.concat, empty) // fp-ts' Monoid.concatAll, without its module
