/** Routes: `"<METHOD> <URL>"` strings such as `"POST /repos/{owner}/{repo}/issues"`.
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import type { EndpointError } from "./EndpointError.js"
import { kindOf, quote } from "./internal/describe.js"
import { fail, right } from "./internal/either.js"
import { isToken } from "./internal/token.js"

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
type TrimStart<S extends string> = S extends `${Spaces}${infer R}` ? TrimStart<R> : S extends `${Space}${infer R}` ? TrimStart<R> : S
type TrimEnd<S extends string> = S extends `${infer R}${Spaces}` ? TrimEnd<R> : S extends `${infer R}${Space}` ? TrimEnd<R> : S
/** The text before the first `X`, or all of `S`. */
type Before<S extends string, X extends string> = S extends `${infer A}${X}${string}` ? A : S
/** The text before a trimmed route's first whitespace (no recursion). */
type FirstToken<S extends string> = Before<Before<Before<Before<Before<Before<S, " ">, "\t">, "\n">, "\r">, "\f">, "\v">
/** A trimmed route as a `Route`; a single token is a url with method `GET`. Distributes over a union. */
type Split<T extends string> = T extends string
  ? T extends `${FirstToken<T>}${infer U}` ? (U extends "" ? Route<"GET", T> : Route<FirstToken<T>, TrimStart<U>>) : never
  : never

/** The type of `Route.parse(R)`: `Route<"POST", "/x">` for `"POST /x"`, `Route<"GET", "/x">`
 * for `"/x"`, and `Route` for a route typed as plain `string`.
 * @example
 * import type { Route } from "fp-endpoint"
 * type P = Route.Parsed<"POST /repos/{owner}/{repo}/issues"> // Route<"POST", "/repos/{owner}/{repo}/issues">
 * @since 0.1.0
 */
export type Parsed<R extends string> = string extends R ? Route : Split<TrimEnd<TrimStart<R>>>

/** Parses a route. A single token is a url with method `GET`; an empty route, more than two
 * tokens, a method that is not an RFC 9110 token, or anything but printable ASCII and ASCII
 * whitespace before the url's first `/`, `?` or `#` (a pasted no-break space would otherwise make
 * `"POST\u00a0/x"` one url, sent with `GET`) is an `EndpointError`.
 * @example
 * import { Route } from "fp-endpoint"
 * Route.parse("POST /repos/{owner}/{repo}/issues") // right({ method: "POST", url: "/repos/{owner}/{repo}/issues" })
 * Route.parse("/user") // right({ method: "GET", url: "/user" })
 * Route.parse("GET / x") // left(EndpointError: route: expected "<METHOD> <URL>", ...)
 * @since 0.1.0
 */
export const parse = <R extends string>(route: R): Either<EndpointError, Parsed<R>> => {
  if (typeof route !== "string") return fail("route", `expected a string, got ${kindOf(route)}`)
  const odd = NOT_PRINTABLE_ASCII.exec(route.slice(0, route.search(/[/?#]|$/)))
  if (odd !== null) return fail("route", `${codePoint(odd[0])} at index ${odd.index}, before the url's first "/", "?" or "#", is not printable ASCII: separate the method and the url with an ASCII space`)
  const parts = route.split(/[ \t\n\r\f\v]+/).filter((p) => p !== "")
  const [first, second] = parts
  if (first === undefined) return fail("route", 'expected "<METHOD> <URL>", got an empty route')
  if (parts.length > 2) return fail("route", `expected "<METHOD> <URL>", got more than two parts in ${quote(route)}`)
  if (second === undefined) return right({ method: "GET", url: first } as Parsed<R>)
  if (!isToken(first)) return fail("route", `method ${quote(first)} is not an HTTP method token`)
  return right({ method: first, url: second } as Parsed<R>)
}

/**
 * What may not stand before a route's first `/`, `?` or `#`, where the method and the url meet:
 * anything but printable ASCII and ASCII whitespace. A pasted invisible or space character there
 * (U+00A0, U+200B, U+3164) would glue the method to the url, sent with `GET`; after it, such text
 * is the url's, percent-encoded.
 */
const NOT_PRINTABLE_ASCII = /[^\x21-\x7e \t\n\r\f\v]/u
const codePoint = (c: string): string => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`
