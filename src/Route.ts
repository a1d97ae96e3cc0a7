/**
 * Routes: `"<METHOD> <URL>"` strings such as `"POST /repos/{owner}/{repo}/issues"`.
 *
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import type { EndpointError } from "./EndpointError.js"
import { fail, right } from "./internal/either.js"
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

/** The whitespace-separated parts of a route, at most three (a third means too many). */
const partsOf = (route: string): Array<string> => {
  const parts: Array<string> = []
  let i = 0
  while (i < route.length && parts.length < 3) {
    while (i < route.length && isSpace(route.charCodeAt(i))) i++
    const start = i
    while (i < route.length && !isSpace(route.charCodeAt(i))) i++
    if (i > start) parts.push(route.slice(start, i))
  }
  return parts
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
export const parse = <R extends string>(route: R): Either<EndpointError, Parsed<R>> => {
  if (typeof route !== "string") return fail("route", `expected a string, got ${kindOf(route)}`)
  const [first, second, third] = partsOf(route)
  if (first === undefined) return fail("route", 'expected "<METHOD> <URL>", got an empty route')
  if (third !== undefined) return fail("route", `expected "<METHOD> <URL>", got more than two parts in ${quote(route)}`)
  if (second === undefined) return right({ method: "GET", url: first } as Parsed<R>)
  if (!isToken(first)) return fail("route", `method ${quote(first)} is not an HTTP method token`)
  return right({ method: first, url: second } as Parsed<R>)
}
