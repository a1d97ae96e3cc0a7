/**
 * Routes: `"<METHOD> <URL>"` strings such as `"POST /repos/{owner}/{repo}/issues"`.
 *
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import { EndpointError } from "./EndpointError.js"
import { attempt } from "./internal/attempt.js"
import { kindOf, quote } from "./internal/describe.js"
import { isToken } from "./internal/token.js"

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

/**
 * A parsed route. For a literal route the types are exact:
 * `Route.parse("POST /x")` is a `Route<"POST", "/x">`.
 *
 * @example
 * import { Route } from "fp-endpoint"
 *
 * const r: Route.Route<"POST", "/user/repos"> = { method: "POST", url: "/user/repos" }
 *
 * @since 0.1.0
 */
export interface Route<M extends string = string, U extends string = string> {
  readonly method: M
  readonly url: U
}

type Space = " " | "\t" | "\n" | "\r" | "\f" | "\v"
type TrimStart<S extends string> = S extends `${Space}${infer R}` ? TrimStart<R> : S
type TrimEnd<S extends string> = S extends `${infer R}${Space}` ? TrimEnd<R> : S

/** The text before the first `X`, or all of `S`. */
type Before<S extends string, X extends string> = S extends `${infer A}${X}${string}` ? A : S

/** The first token of a trimmed route: the text before its first whitespace (no recursion). */
type FirstToken<S extends string> = Before<Before<Before<Before<Before<Before<S, " ">, "\t">, "\n">, "\r">, "\f">, "\v">

/** A trimmed route as a `Route`; a single token is a url with method `GET`. Distributes over a union. */
type Split<T extends string> = T extends string
  ? FirstToken<T> extends infer M extends string
    ? T extends `${M}${infer U}`
      ? U extends ""
        ? Route<"GET", T>
        : Route<M, TrimStart<U>>
      : never
    : never
  : never

/**
 * The type of `Route.parse(R)` for a route literal `R`: `Route<"POST", "/x">`
 * for `"POST /x"`, `Route<"GET", "/x">` for `"/x"`, and `Route` (string
 * method and url) for a route typed as plain `string`.
 *
 * @example
 * import type { Route } from "fp-endpoint"
 *
 * type P = Route.Parsed<"POST /repos/{owner}/{repo}/issues"> // Route<"POST", "/repos/{owner}/{repo}/issues">
 *
 * @since 0.1.0
 */
export type Parsed<R extends string> = string extends R ? Route : Split<TrimEnd<TrimStart<R>>>

// -------------------------------------------------------------------------------------
// constructors
// -------------------------------------------------------------------------------------

const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11

/** @internal throwing form, used on the hot path. */
export const parseOrThrow = (route: unknown): Route => {
  if (typeof route !== "string") throw new EndpointError("route", `expected a string, got ${kindOf(route)}`)
  const tokens: Array<string> = []
  const n = route.length
  let i = 0
  while (i < n) {
    while (i < n && isSpace(route.charCodeAt(i))) i++
    if (i >= n) break
    const start = i
    while (i < n && !isSpace(route.charCodeAt(i))) i++
    if (tokens.length === 2) {
      throw new EndpointError("route", `expected "<METHOD> <URL>", got more than two parts in ${quote(route)}`)
    }
    tokens.push(route.slice(start, i))
  }
  if (tokens.length === 0) throw new EndpointError("route", "expected \"<METHOD> <URL>\", got an empty route")
  if (tokens.length === 1) return { method: "GET", url: tokens[0]! }
  const method = tokens[0]!
  if (!isToken(method)) throw new EndpointError("route", `method ${quote(method)} is not an HTTP method token`)
  return { method, url: tokens[1]! }
}

/**
 * Parses a route. A single token is a url with method `GET`; more than two
 * tokens, an empty route, or a method that is not an RFC 9110 token is an
 * `EndpointError`.
 *
 * @example
 * import { Route } from "fp-endpoint"
 *
 * Route.parse("POST /repos/{owner}/{repo}/issues")
 * // right({ method: "POST", url: "/repos/{owner}/{repo}/issues" })
 * Route.parse("/user") // right({ method: "GET", url: "/user" })
 * Route.parse("GET / x") // left(EndpointError: route: expected "<METHOD> <URL>", ...)
 *
 * @since 0.1.0
 */
export const parse = <R extends string>(route: R): Either<EndpointError, Parsed<R>> =>
  attempt(() => parseOrThrow(route) as Parsed<R>)
