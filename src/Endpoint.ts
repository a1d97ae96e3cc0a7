/**
 * The `endpoint` function: `endpoint(route, options)`, `endpoint(options)`,
 * and its `defaults`, `DEFAULTS`, `merge` and `parse`.
 *
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import type { EndpointError } from "./EndpointError.js"
import { attempt, run } from "./internal/attempt.js"
import { combine, mergeOrThrow, routeAndOptions, type Merged } from "./Merge.js"
import { frozenCopy, normalise, Semigroup, type Options } from "./Options.js"
import { build, type RequestOptions } from "./Parse.js"
import { VERSION } from "./version.js"

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

/**
 * A request builder with its defaults.
 *
 * @since 0.1.0
 */
export interface Endpoint {
  /** Builds request options from a route and parameters; throws `EndpointError`. */
  (route: string, options?: object): RequestOptions
  /** Builds request options from options that carry `url` (and `method`). */
  (options: object): RequestOptions
  /** The current defaults, deeply frozen. */
  readonly DEFAULTS: Options
  /** A new endpoint whose defaults are `concat(DEFAULTS, options)`. */
  defaults(options: object): Endpoint
  /** Defaults, route and options merged, not parsed. */
  merge(route: string, options?: object): Merged
  merge(options: object): Merged
  /** Merged options to request options; reads no defaults. */
  parse(options: object): RequestOptions
  /** `endpoint(route, options)` as an Either: never throws. */
  either(route: string, options?: object): Either<EndpointError, RequestOptions>
  either(options: object): Either<EndpointError, RequestOptions>
}

// -------------------------------------------------------------------------------------
// constructors
// -------------------------------------------------------------------------------------

/**
 * The built-in defaults (SPEC §2).
 *
 * @since 0.1.0
 */
export const BUILT_IN_DEFAULTS: Options = frozenCopy({
  method: "GET",
  baseUrl: "https://api.github.com",
  headers: {
    accept: "application/vnd.github.v3+json",
    "user-agent": `fp-endpoint/${VERSION}`,
  },
  mediaType: { format: "", previews: [] },
})

const make = (DEFAULTS: Options): Endpoint => {
  const call = (first?: unknown, second?: unknown): RequestOptions =>
    run(() => {
      const [route, options] = routeAndOptions(first, second)
      return build(combine(DEFAULTS, route, options))
    })
  const endpoint = call as Endpoint
  Object.defineProperties(endpoint, {
    DEFAULTS: { value: DEFAULTS, enumerable: true },
    defaults: {
      value: (options: unknown): Endpoint =>
        run(() => make(frozenCopy(Semigroup.concat(DEFAULTS, normalise(options))))),
    },
    merge: {
      value: (first?: unknown, second?: unknown): Merged =>
        run(() => {
          const [route, options] = routeAndOptions(first, second)
          return mergeOrThrow(DEFAULTS, route, options)
        }),
    },
    parse: { value: (options: unknown): RequestOptions => run(() => build(normalise(options))) },
    either: {
      value: (first?: unknown, second?: unknown): Either<EndpointError, RequestOptions> =>
        attempt(() => {
          const [route, options] = routeAndOptions(first, second)
          return build(combine(DEFAULTS, route, options))
        }),
    },
  })
  return endpoint
}

/**
 * An endpoint with the given defaults on top of the built-in ones.
 *
 * @example
 * import { withDefaults } from "fp-endpoint"
 *
 * const ghe = withDefaults({ baseUrl: "https://ghe.example/api/v3" })
 * ghe("GET /user").url // "https://ghe.example/api/v3/user"
 *
 * @since 0.1.0
 */
export const withDefaults = (options: object): Endpoint => endpoint.defaults(options)

/**
 * The endpoint with the built-in defaults.
 *
 * @example
 * import { endpoint } from "fp-endpoint"
 *
 * endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Bug" })
 * // { method: "post", url: "https://api.github.com/repos/octokit/rest.js/issues",
 * //   headers: { accept: "application/vnd.github.v3+json", "user-agent": "fp-endpoint/0.1.0",
 * //              "content-type": "application/json; charset=utf-8" },
 * //   body: { title: "Bug" } }
 *
 * @since 0.1.0
 */
export const endpoint: Endpoint = make(BUILT_IN_DEFAULTS)

