/** The `endpoint` function: `endpoint(route, options)`, `endpoint(options)`, and its `defaults`,
 * `DEFAULTS`, `merge`, `parse` and `either`. Each call is `parse(merge(defaults, route, options))`.
 * @since 0.1.0
 */
import * as E from "#fp-ts/Either.js"
import { pipe } from "#fp-ts/function.js"
import type { Either } from "fp-ts/lib/Either.js"
import { decode, encode, snapshot, type Options } from "./Codec.js"
import type { EndpointError } from "./EndpointError.js"
import type { BuiltInDefaults, Defaulted, Endpoint, Given, LowerHeaders, Merged } from "./EndpointTypes.js"
import { mergeOver } from "./Merge.js"
import { concat } from "./Options.js"
import { build, type RequestOptions } from "./Parse.js"
import { VERSION } from "./version.js"

/** The value, or the error thrown: the throwing edge of the `Either` API. */
export const orThrow = <A>(result: Either<EndpointError, A>): A => {
  if (E.isLeft(result)) throw result.left
  return result.right
}

/** `endpoint.either(route, options)`: the request options, or the error, as an `Either`. */
const either = (defaults: Options, first?: unknown, second?: unknown): Either<EndpointError, RequestOptions> => {
  const merged = mergeOver(defaults, first, second)
  return E.isLeft(merged) ? merged : build(merged.right)
}

/** `endpoint(route, options)`: the request options; throws `EndpointError`. */
const request = (defaults: Options, first?: unknown, second?: unknown): RequestOptions =>
  orThrow(either(defaults, first, second))

/** `endpoint.merge(route, options)`: the defaults, route and options merged, as flat options. */
const merge = (defaults: Options, first?: unknown, second?: unknown): Merged =>
  orThrow(E.map(encode)(mergeOver(defaults, first, second))) as Merged

/** `endpoint.parse(options)`: merged options to request options, reading no defaults. */
const parse = (options: unknown): RequestOptions => orThrow(pipe(decode(options), E.flatMap(build)))

/** `endpoint.defaults(options)`: an endpoint over `concat(DEFAULTS, options)`, a frozen snapshot. */
const defaults = (current: Options, options: unknown): Endpoint =>
  orThrow(
    pipe(
      decode(options),
      E.flatMap(snapshot),
      E.map((o) => endpointOver(concat(current, o))),
    ),
  )

/** Flat options as `DEFAULTS` shows them: the objects the encoding made frozen too. */
const frozenFlat = (o: Options): object => {
  const flat = encode(o) as Record<string, object>
  for (const key of ["headers", "mediaType"]) if (flat[key] !== undefined) Object.freeze(flat[key])
  Object.freeze((flat.mediaType as { previews?: object } | undefined)?.previews)
  return Object.freeze(flat)
}

/** The endpoint over decoded defaults, whose every object is the endpoint's own. */
const endpointOver = (options: Options): Endpoint =>
  Object.freeze(
    Object.assign(request.bind(undefined, options), {
      DEFAULTS: frozenFlat(options),
      defaults: defaults.bind(undefined, options),
      merge: merge.bind(undefined, options),
      parse,
      either: either.bind(undefined, options),
    }),
  ) as unknown as Endpoint

/** The built-in defaults, frozen.
 * @example
 * import { BUILT_IN_DEFAULTS } from "fp-endpoint"
 * BUILT_IN_DEFAULTS.baseUrl // "https://api.github.com"
 * BUILT_IN_DEFAULTS.headers.accept // "application/vnd.github.v3+json"
 * @since 0.1.0
 */
export const BUILT_IN_DEFAULTS: BuiltInDefaults = Object.freeze({
  method: "GET",
  baseUrl: "https://api.github.com",
  headers: Object.freeze({ accept: "application/vnd.github.v3+json", "user-agent": `fp-endpoint/${VERSION}` }),
  mediaType: Object.freeze({ format: "", previews: Object.freeze([]) }),
})

/** The endpoint with the built-in defaults.
 * @example
 * import { endpoint } from "fp-endpoint"
 * endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Bug" })
 * // { method: "post", url: "https://api.github.com/repos/octokit/rest.js/issues",
 * //   headers: { accept: "application/vnd.github.v3+json", "user-agent": "fp-endpoint/0.1.0",
 * //              "content-type": "application/json; charset=utf-8" },
 * //   body: { title: "Bug" } }
 * @since 0.1.0
 */
export const endpoint: Endpoint = endpointOver(orThrow(decode(BUILT_IN_DEFAULTS)))

/** An endpoint with the given defaults on top of the built-in ones: `endpoint.defaults(options)`.
 * @example
 * import { withDefaults } from "fp-endpoint"
 * const ghe = withDefaults({ baseUrl: "https://ghe.example/api/v3" })
 * ghe("GET /user").url // "https://ghe.example/api/v3/user"
 * @since 0.1.0
 */
export const withDefaults = <const O extends Given>(
  options: O,
): Endpoint<Defaulted<BuiltInDefaults, LowerHeaders<O>>> => endpoint.defaults(options)
