/** Merging: defaults, a route and caller options folded with the Options Monoid. The method
 * stays as written and the url a template: nothing is parsed.
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import type { EndpointError } from "./EndpointError.js"
import { quote } from "./internal/describe.js"
import { chain, fail, left, right, toEndpointError } from "./internal/either.js"
import { recheck } from "./internal/recheck.js"
import { concat, decode, empty, type Options } from "./Options.js"
import * as Route from "./Route.js"

/** The options a route string stands for: its method and url.
 * @example
 * import { Merge } from "fp-endpoint"
 * Merge.fromRoute("POST /repos/{owner}/{repo}/issues") // right({ ...Options.empty, method: "POST", url: "/repos/{owner}/{repo}/issues" })
 * @since 0.1.0
 */
export const fromRoute = (route: string): Either<EndpointError, Options> =>
  chain(Route.parse(route), (r) => right({ ...empty, method: r.method, url: r.url }))

/** A route's url and method, once set, stay: `options` may repeat them, never change them (a body
 * field named `url` would otherwise send the request, credentials included, elsewhere). A method
 * repeated in another case is the same method: the route's spelling is kept, as `merge()` shows it.
 * @example
 * import { Merge, Options } from "fp-endpoint"
 * Merge.keepRoute({ ...Options.empty, url: "/a" }, { ...Options.empty, url: "/b" }) // left(EndpointError: url: set to "/a" already, ...)
 * Merge.keepRoute({ ...Options.empty, method: "GET" }, { ...Options.empty, method: "get" }) // right({ ...Options.empty, method: "GET" })
 * @since 0.1.0
 */
export const keepRoute = (route: Options, options: Options): Either<EndpointError, Options> => {
  const { url, method } = options
  if (url !== undefined && route.url !== undefined && url !== route.url) return moved("url", route.url, url)
  if (method === undefined || route.method === undefined || method === route.method) return right(options)
  return method.toUpperCase() === route.method.toUpperCase() ? right({ ...options, method: route.method }) : moved("method", route.method, method)
}

const moved = (key: string, was: string, now: string): Either<EndpointError, never> =>
  fail(key, `set to ${quote(was)} already, the options give ${quote(now)}; to send a body field of that name, put the body in data`)

/** `base` with caller options decoded and concatenated on top. When `routed`, `base` ends with
 * a route's options, whose method and url the caller's may not change.
 * @example
 * import { Merge, Options } from "fp-endpoint"
 * Merge.withOptions(Options.empty, { url: "/x", page: 2 }, false) // right({ ...Options.empty, url: "/x", params: { page: 2 } })
 * @since 0.1.0
 */
export const withOptions = (base: Options, options: unknown, routed: boolean): Either<EndpointError, Options> => {
  if (options === undefined) return right(base) // concat(base, empty) is base
  const decoded = decode(options)
  const checked = routed && decoded._tag === "Right" ? keepRoute(base, decoded.right) : decoded
  if (checked._tag === "Left") return checked
  try {
    return right(concat(base, checked.right))
  } catch (e) {
    return left(toEndpointError(e)) // concat reads the keys of a caller's request object, where a Proxy may throw
  }
}

/** Merged options that have a url, as `merge()` and `endpoint()` need; else an `EndpointError` on `url`.
 * @example
 * import { Merge, Options } from "fp-endpoint"
 * Merge.hasUrl({ ...Options.empty, url: "/x" }) // right({ ...Options.empty, url: "/x" })
 * Merge.hasUrl(Options.empty) // left(EndpointError: url: required, got nothing)
 * @since 0.1.0
 */
export const hasUrl = (o: Options): Either<EndpointError, Options> => (o.url === undefined ? fail("url", "required, got nothing") : right(o))

/** `concatAll([defaults, fromRoute(route), decode(options)])`; when the first argument is
 * options, the second is concatenated on top of it. The defaults are checked first, as
 * `Parse.parse` checks its options (an error names them `defaults.<path>`). The method stays as
 * written, the url a template; merged options without a url are an `EndpointError`, as for
 * `endpoint()`. Never throws.
 * @example
 * import { Merge, Options, endpoint } from "fp-endpoint"
 * import * as E from "fp-ts/lib/Either.js"
 * import { pipe } from "fp-ts/lib/function.js"
 * pipe(Options.decode(endpoint.DEFAULTS), E.flatMap((d) => Merge.merge(d, "GET /orgs/{org}/repos", { org: "octokit" })))
 * // right({ ...defaults, method: "GET", url: "/orgs/{org}/repos", params: { org: "octokit" } })
 * @since 0.1.0
 */
export const merge = (defaults: Options, first?: unknown, second?: unknown): Either<EndpointError, Options> =>
  chain(checkedDefaults(defaults), (d) =>
    chain(
      typeof first === "string"
        ? chain(fromRoute(first), (route) => withOptions(concat(d, route), second, true))
        : chain(withOptions(d, first, false), (base) => withOptions(base, second, false)),
      hasUrl,
    ))

/** The defaults read once and decoded again: anyone can hand over a value of the model's type. */
const checkedDefaults = (defaults: Options): Either<EndpointError, Options> => {
  const checked = recheck(defaults)
  return checked._tag === "Right" ? checked : fail(checked.left.path === "options" ? "defaults" : `defaults.${checked.left.path}`, checked.left.problem)
}
