/**
 * Merging: defaults, a route and caller options folded with the Options
 * Monoid (SPEC §4). The result is checked, so that `Parse.parse` on it is total.
 *
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import type { EndpointError } from "./EndpointError.js"
import { attempt } from "./internal/attempt.js"
import { SecondSightCache } from "./internal/cache.js"
import { own, put } from "./internal/object.js"
import { normalise, Semigroup, type Options } from "./Options.js"
import { build, buildOn, layerOf, markImmutable, NONE, type Layer, type RequestOptions } from "./Parse.js"
import { parseOrThrow } from "./Route.js"

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

declare const MergedBrand: unique symbol

/**
 * Options that `Merge.merge` produced and checked: they have a `method` and a
 * `url`, and every parameter can be placed. Only `merge` makes them, which is
 * why `Parse.parse` on them cannot fail.
 *
 * @example
 * import { endpoint, type Merged } from "fp-endpoint"
 *
 * const m: Merged = endpoint.merge("GET /orgs/{org}/repos", { org: "octokit" })
 * m.url // "/orgs/{org}/repos": still a template
 *
 * @since 0.1.0
 */
export interface Merged extends Options {
  readonly method: string
  readonly url: string
  readonly [MergedBrand]: "Merged"
}

// -------------------------------------------------------------------------------------
// internals
// -------------------------------------------------------------------------------------

/**
 * `concatAll([defaults, fromRoute(route), options])` without the checks of
 * `build`; throws `EndpointError`. `defaults` must be normalised already.
 *
 * @internal
 */
export const combine = (defaults: Options, route: unknown, options: unknown): Options => {
  const base = route === undefined ? defaults : withRoute(defaults, route)
  return options === undefined ? base : Semigroup.concat(base, normalise(options))
}

/** How many routes each endpoint remembers (from their second sighting on). */
const ROUTE_CACHE_SIZE = 1000
/** The longest route string that is remembered. */
const ROUTE_MAX_LENGTH = 16_384
/** The remembered routes' lengths add up to at most this many characters. */
const ROUTE_MAX_TOTAL_LENGTH = 1_048_576

/**
 * What an endpoint remembers between calls: its defaults' layer, and the
 * layer of `concat(defaults, fromRoute(route))` for each route seen twice.
 *
 * @internal
 */
export interface Remembered {
  readonly defaults: Layer
  readonly routes: SecondSightCache<string, Layer>
}

/**
 * A fresh memory for (deeply frozen) defaults, which are marked immutable.
 *
 * @internal
 */
export const remember = (defaults: Options): Remembered => {
  const r: Remembered = { defaults: layerOf(markImmutable(defaults)), routes: new SecondSightCache(ROUTE_CACHE_SIZE, ROUTE_MAX_TOTAL_LENGTH) }
  remembered.set(defaults, r) // merge() on the same defaults shares it
  return r
}

const remembered = new WeakMap<Options, Remembered>()

/**
 * The layer of `concat(defaults, fromRoute(route))`, remembered once a route
 * is seen a second time: a route used again is parsed and merged into given
 * defaults once. Both are immutable values, so the remembered layer is too;
 * one-off routes cost no cache churn.
 */
const routeLayer = (r: Remembered, route: unknown): Layer => {
  const hit = typeof route === "string" ? r.routes.get(route) : undefined
  if (hit !== undefined) return hit
  const layer = layerOf(Semigroup.concat(r.defaults.options, fromRoute(route)))
  if (typeof route === "string" && route.length <= ROUTE_MAX_LENGTH) r.routes.offer(route, layer, route.length)
  return layer
}

/** `concat(defaults, fromRoute(route))`, through the routes remembered for an endpoint's defaults. */
const withRoute = (defaults: Options, route: unknown): Options => {
  const r = remembered.get(defaults)
  return r === undefined ? Semigroup.concat(defaults, fromRoute(route)) : routeLayer(r, route).options
}

const fromRoute = (route: unknown): Options => {
  const { method, url } = parseOrThrow(route)
  return { method, url }
}

/**
 * `build(combine(defaults, route, options))` without making the merged
 * object: the route's layer is remembered and the options are read as a
 * layer over it. This is `endpoint()`.
 *
 * @internal
 */
export const buildFrom = (r: Remembered, first: unknown, second: unknown): RequestOptions => {
  // routeAndOptions, without the tuple: this is the hot path
  const routed = isRouteCall(first, second)
  const b = routed ? routeLayer(r, first) : r.defaults
  const options = routed ? second : (first ?? second)
  return buildOn(b, options === undefined ? NONE : options)
}

/**
 * A copy of merged options that shares nothing mutable with the defaults at
 * the top level, in `headers` or in `mediaType`.
 *
 * @internal
 */
export const fresh = (o: Options): Options => {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(o)) put(out, key, o[key])
  // own properties only: a polluted Object.prototype adds nothing
  const headers = own(o, "headers") as Options["headers"]
  const media = own(o, "mediaType") as Options["mediaType"]
  if (headers !== undefined) out.headers = { ...headers }
  if (media !== undefined) {
    const mediaType: { format?: string; previews?: ReadonlyArray<string> } = { ...media }
    const previews = own(media, "previews") as ReadonlyArray<string> | undefined
    if (previews !== undefined) mediaType.previews = previews.slice()
    out.mediaType = mediaType
  }
  return out as Options
}

/**
 * Reads the two call forms `(route, options?)` and `(options)`.
 *
 * @internal
 */
export const routeAndOptions = (first: unknown, second: unknown): [route: unknown, options: unknown] =>
  isRouteCall(first, second) ? [first, second] : [undefined, first ?? second]

/** Whether a call's first argument is a route: a string, or anything followed by options. */
const isRouteCall = (first: unknown, second: unknown): boolean =>
  typeof first === "string" || (first !== undefined && second !== undefined)

/**
 * The throwing form of {@link merge}.
 *
 * @internal
 */
export const mergeOrThrow = (defaults: Options, route: unknown, options: unknown): Merged => {
  const merged = combine(defaults, route, options)
  build(merged)
  return fresh(merged) as Merged
}

// -------------------------------------------------------------------------------------
// constructors
// -------------------------------------------------------------------------------------

/**
 * Folds defaults, a route and options into merged options: method as
 * written, url still a template, headers lowercased, every parameter a
 * top-level key. Fails when `endpoint()` would fail on the same input.
 *
 * @example
 * import { Merge, endpoint } from "fp-endpoint"
 *
 * Merge.merge(endpoint.DEFAULTS, "GET /orgs/{org}/repos", { org: "octokit" })
 * // right({ method: "GET", baseUrl: "https://api.github.com", headers: {...},
 * //         mediaType: {...}, url: "/orgs/{org}/repos", org: "octokit" })
 *
 * @since 0.1.0
 */
export const merge: {
  (defaults: Options, route: string, options?: unknown): Either<EndpointError, Merged>
  (defaults: Options, options?: unknown): Either<EndpointError, Merged>
} = (defaults: Options, first?: unknown, second?: unknown): Either<EndpointError, Merged> =>
  attempt(() => {
    const [route, options] = routeAndOptions(first, second)
    return mergeOrThrow(normalise(defaults), route, options)
  })
