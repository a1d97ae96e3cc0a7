/** Merging: defaults, a route and caller options folded with the Options Monoid. Nothing is
 * parsed: the method stays as written and the url a template.
 * @since 0.1.0
 */
import * as E from "#fp-ts/Either.js"
import { pipe } from "#fp-ts/function.js"
import type { Either } from "fp-ts/lib/Either.js"
import { decode, rebuild, type Options } from "./Codec.js"
import { EndpointError } from "./EndpointError.js"
import { quote } from "./internal/describe.js"
import { concat, concatAll, empty } from "./Options.js"
import * as Route from "./Route.js"

/** The options a route stands for: its method and url.
 * @example
 * import { Merge } from "fp-endpoint"
 * Merge.fromRoute("POST /repos/{owner}/{repo}/issues")
 * // right({ ...Options.empty, method: "POST", url: "/repos/{owner}/{repo}/issues" })
 * @since 0.1.0
 */
export const fromRoute = (route: string): Either<EndpointError, Options> =>
  E.map(({ method, url }: Route.Route) => routed(empty, method, url))(Route.parse(route))

/** `o` with a route's method and url: `concat(fromRoute(route), o)` when `o` keeps them (see {@link keptRoute}). */
const routed = (o: Options, method: string, url: string): Options => ({
  method,
  url,
  baseUrl: o.baseUrl,
  headers: o.headers,
  mediaType: o.mediaType,
  data: o.data,
  request: o.request,
  params: o.params,
})

const moved = (key: string, was: string, now: string): Either<EndpointError, never> =>
  E.left(
    new EndpointError(
      key,
      `set to ${quote(was)} by the route, the options give ${quote(now)}; a body field of that name goes in data`,
    ),
  )

/** Options after a route, which fixes the url and the method: they may repeat them (a method in any
 * case), never change them; a body field named `url` would otherwise send the request elsewhere. */
const keptRoute = ({ method, url }: Route.Route, o: Options): Either<EndpointError, Options> => {
  if (o.url !== undefined && o.url !== url) return moved("url", url, o.url)
  if (o.method !== undefined && o.method.toUpperCase() !== method.toUpperCase())
    return moved("method", method, o.method)
  return E.right(routed(o, method, url))
}

const decoded = (u: unknown): Either<EndpointError, Options> => (u === undefined ? E.right(empty) : decode(u))

const hasUrl = (o: Options): Either<EndpointError, Options> =>
  o.url === undefined ? E.left(new EndpointError("url", "required, got nothing")) : E.right(o)

/** {@link merge} over defaults an endpoint made and keeps, which are not read again.
 * @internal */
export const mergeOver = (defaults: Options, first: unknown, second: unknown): Either<EndpointError, Options> => {
  if (typeof first !== "string") {
    const [a, b] = [decoded(first), decoded(second)]
    return E.isLeft(a) ? a : E.isLeft(b) ? b : hasUrl(concatAll([defaults, a.right, b.right]))
  }
  const [route, options] = [Route.parseKnown(first), decoded(second)]
  if (E.isLeft(route) || E.isLeft(options)) return E.isLeft(route) ? route : options
  const kept = keptRoute(route.right, options.right)
  return E.isLeft(kept) ? kept : E.right(concat(defaults, kept.right))
}

/** `concatAll([defaults, fromRoute(route), decode(options)])`; when the first argument is options,
 * the second is concatenated on top of it. The result needs a url. Never throws.
 * @example
 * import { Merge, Options, endpoint } from "fp-endpoint"
 * import * as E from "fp-ts/lib/Either.js"
 * import { pipe } from "fp-ts/lib/function.js"
 * const merged = (d: Options.Options) => Merge.merge(d, "GET /orgs/{org}/repos", { org: "octokit" })
 * pipe(Options.decode(endpoint.DEFAULTS), E.flatMap(merged))
 * // right({ ...defaults, method: "GET", url: "/orgs/{org}/repos", params: { org: "octokit" } })
 * @since 0.1.0
 */
export const merge = (defaults: Options, first?: unknown, second?: unknown): Either<EndpointError, Options> =>
  pipe(
    rebuild(defaults),
    E.mapLeft((e) => new EndpointError(e.path === "options" ? "defaults" : `defaults.${e.path}`, e.problem)),
    E.flatMap((d) => mergeOver(d, first, second)),
  )
