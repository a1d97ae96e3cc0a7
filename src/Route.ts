/** Routes: `"<METHOD> <URL>"` strings such as `"POST /repos/{owner}/{repo}/issues"`.
 * @since 0.1.0
 */
import * as E from "#fp-ts/Either.js"
import type { Either } from "fp-ts/lib/Either.js"
import { EndpointError } from "./EndpointError.js"
import { kindOf, quote } from "./internal/describe.js"

/** A parsed route; for a literal route the types are exact.
 * @example
 * import { Route } from "fp-endpoint"
 * const r: Route.Route<"POST", "/user/repos"> = { method: "POST", url: "/user/repos" }
 * @since 0.1.0
 */
export interface Route<M extends string = string, U extends string = string> {
  readonly method: M
  readonly url: U
}

type Space = " " | "\t" | "\n" | "\r" | "\f" | "\v"
/** Sixteen spaces: a run of them is trimmed sixteen at a time, far from the compiler's limit of 1000 steps. */
type Spaces = "                "
type TrimStart<S extends string> = S extends `${Spaces}${infer R}`
  ? TrimStart<R>
  : S extends `${Space}${infer R}`
    ? TrimStart<R>
    : S
type TrimEnd<S extends string> = S extends `${infer R}${Spaces}`
  ? TrimEnd<R>
  : S extends `${infer R}${Space}`
    ? TrimEnd<R>
    : S
type Before<S extends string, X extends string> = S extends `${infer A}${X}${string}` ? A : S
type FirstToken<S extends string> = Before<Before<Before<Before<Before<Before<S, " ">, "\t">, "\n">, "\r">, "\f">, "\v">
type Split<T extends string> = T extends string
  ? T extends `${FirstToken<T>}${infer U}`
    ? U extends ""
      ? Route<"GET", T>
      : Route<FirstToken<T>, TrimStart<U>>
    : never
  : never

/** The type of `Route.parse(R)`: `Route<"POST", "/x">` for `"POST /x"`, `Route<"GET", "/x">` for
 * `"/x"`, and `Route` for a route typed as plain `string`.
 * @example
 * import type { Route } from "fp-endpoint"
 * type P = Route.Parsed<"POST /repos/{owner}/{repo}/issues"> // Route<"POST", "/repos/{owner}/{repo}/issues">
 * @since 0.1.0
 */
export type Parsed<R extends string> = string extends R ? Route : Split<TrimEnd<TrimStart<R>>>

const TOKEN = /^[\w!#$%&'*+.^`|~-]+$/
/** One or two parts, separated and surrounded by ASCII whitespace (a no-break space is no separator). */
const SPACE = /[ \t\n\r\f\v]/g
const ROUTE = /^[ \t\n\r\f\v]*([^ \t\n\r\f\v]+)(?:[ \t\n\r\f\v]+([^ \t\n\r\f\v]+))?[ \t\n\r\f\v]*$/
/** What a route's url starts with: a `/`, a `{` or a scheme. */
const URL_START = /^(?:[/{]|[A-Za-z][A-Za-z\d+.-]*:)/

const fail = (problem: string): Either<EndpointError, never> => E.left(new EndpointError("route", problem))

/** Parses a route: the method and the url, separated by ASCII whitespace. A single token is a url
 * with method `GET`. The url starts with `/`, `{` or a scheme, so that a method alone (`"GET"`) or a
 * method glued to its path (`"GET/user"`) is an `EndpointError`, as are an empty route, more than
 * two tokens, and a method that is not an RFC 9110 token.
 * @example
 * import { Route } from "fp-endpoint"
 * Route.parse("POST /repos/{owner}/{repo}/issues") // right({ method: "POST", url: "/repos/{owner}/{repo}/issues" })
 * Route.parse("/user") // right({ method: "GET", url: "/user" })
 * Route.parse("GET/user") // left(EndpointError: route: expected a url that starts with "/", "{" or a scheme, ...)
 * @since 0.1.0
 */
export const parse = <R extends string>(route: R): Either<EndpointError, Parsed<R>> => {
  if (typeof route !== "string") return fail(`expected a string, got ${kindOf(route)}`)
  const space = route.indexOf(" ")
  SPACE.lastIndex = space + 1
  if (space > 0 && space + 1 < route.length && !SPACE.test(route))
    return checked(route.slice(0, space), route.slice(space + 1))
  const parts = ROUTE.exec(route)
  if (parts === null) {
    const empty = /^[ \t\n\r\f\v]*$/.test(route)
    return fail(`expected "<METHOD> <URL>", got ${empty ? "an empty route" : `more than two parts in ${quote(route)}`}`)
  }
  return parts[2] === undefined ? checked("GET", parts[1]!) : checked(parts[1]!, parts[2])
}

const checked = <R extends string>(method: string, url: string): Either<EndpointError, Parsed<R>> => {
  if (!TOKEN.test(method)) return fail(`method ${quote(method)} is not an HTTP method token`)
  if (!URL_START.test(url)) return fail(`expected a url that starts with "/", "{" or a scheme, got ${quote(url)}`)
  return E.right({ method, url } as Parsed<R>)
}

const known = new Map<string, Route>()

/** {@link parse}, remembered by the route's text like compiled templates (at most 1000 routes of at most
 * 16 384 characters): the url it gives is then one string, which the template cache finds at once.
 * @internal */
export const parseKnown = (route: string): Either<EndpointError, Route> => {
  const hit = known.get(route)
  if (hit !== undefined) return E.right(hit)
  const parsed = parse(route)
  if (E.isLeft(parsed) || route.length > 16_384) return parsed
  if (known.size >= 1000) known.clear()
  known.set(route, Object.freeze(parsed.right))
  return parsed
}
