/** Request options as a value: the model and its codec (from `Codec`), and the Monoid that
 * combines them. `defaults()` and `merge()` are nothing but its `concat`.
 * @since 0.1.0
 */
import * as RR from "#fp-ts/ReadonlyRecord.js"
import * as S from "#fp-ts/Semigroup.js"
import type * as Mo from "fp-ts/lib/Monoid.js"
import type * as Se from "fp-ts/lib/Semigroup.js"
import type { Options } from "./Codec.js"

export { Codec, decode, encode, rebuild } from "./Codec.js"
export type { FlatOptions, Headers, MediaType, Options, ReservedKey } from "./Codec.js"

// constructors ------------------------------------------------------------------------------------

/** Options with nothing set, frozen: the Monoid's identity, what `decode({})` gives.
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

/** The second value when it is set: fp-ts' `last`, over a value that may be `undefined`. */
const lastSet = <A>(): Se.Semigroup<A | undefined> => ({
  concat: (first, second) => (second === undefined ? first : second),
})

/** Each name once, in order of first appearance. */
const previews: Se.Semigroup<ReadonlyArray<string>> = {
  concat: (first, second) =>
    second.length === 0 ? first : first.length === 0 ? second : [...new Set([...first, ...second])],
}

/** A key-wise union one level deep, the second's value winning whole. */
const union = RR.getUnionSemigroup(S.last<unknown>())

/** The semigroup of each field: `method`, `url`, `baseUrl`, `data` and the format take the second
 * when it is set; `headers`, `request` and the parameters are key-wise unions one level deep, the
 * second's values winning whole; previews are an ordered union.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.fieldSemigroups.params.concat({ a: 1, c: { x: 1 } }, { c: { y: 2 } }) // { a: 1, c: { y: 2 } }
 * @since 0.1.0
 */
export const fieldSemigroups: { readonly [K in keyof Options]: Se.Semigroup<Options[K]> } = {
  method: lastSet(),
  url: lastSet(),
  baseUrl: lastSet(),
  headers: RR.getUnionSemigroup(S.last()),
  mediaType: {
    concat: (first, second) =>
      second.format === undefined && second.previews.length === 0
        ? first
        : { format: second.format ?? first.format, previews: previews.concat(first.previews, second.previews) },
  },
  data: lastSet(),
  request: {
    concat: (first, second) =>
      first === undefined ? second : second === undefined ? first : union.concat(first, second),
  },
  params: union,
}

const fields = fieldSemigroups

/** Options combine field by field: fp-ts' `Semigroup.struct(fieldSemigroups)`, written out because
 * `struct`'s loop over keys costs four times as much a call (a property test checks they agree).
 * @example
 * import { Options } from "fp-endpoint"
 * const [a, b] = [{ ...Options.empty, params: { c: { x: 1 } } }, { ...Options.empty, params: { c: { y: 2 } } }]
 * Options.Semigroup.concat(a, b).params
 * // { c: { y: 2 } }
 * @since 0.1.0
 */
export const Semigroup: Se.Semigroup<Options> = {
  concat: (a, b) => ({
    method: fields.method.concat(a.method, b.method),
    url: fields.url.concat(a.url, b.url),
    baseUrl: fields.baseUrl.concat(a.baseUrl, b.baseUrl),
    headers: fields.headers.concat(a.headers, b.headers),
    mediaType: fields.mediaType.concat(a.mediaType, b.mediaType),
    data: fields.data.concat(a.data, b.data),
    request: fields.request.concat(a.request, b.request),
    params: fields.params.concat(a.params, b.params),
  }),
}

/** The Options Monoid, with {@link empty} as its identity.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.Monoid.concat(Options.Monoid.empty, Options.empty) // Options.empty
 * @since 0.1.0
 */
export const Monoid: Mo.Monoid<Options> = { concat: Semigroup.concat, empty }

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
export const concatAll = (all: ReadonlyArray<Options>): Options =>
  all.reduce((a, b) => (b === empty ? a : a === empty ? b : Semigroup.concat(a, b)), empty)
