/** Parsing: merged options to request options, in small named steps: expand the url, join the
 * base, place the other parameters in the query or the body, then the headers (content type,
 * accept). Pure: it reads no defaults.
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import type { EndpointError } from "./EndpointError.js"
import { build } from "./internal/build.js"
import { chain, fail, left, toEndpointError } from "./internal/either.js"
import { child, shown } from "./internal/describe.js"
import { has, isPlainObject, put } from "./internal/object.js"
import { decode, fieldSemigroups, isReserved, RESERVED_KEYS, type Options } from "./Options.js"
import type { RequestOptions } from "./internal/build.js"

export { MAX_HEADER_LENGTH, type RequestOptions } from "./internal/build.js"

// destructors -------------------------------------------------------------------------------------

/** Merged options to request options. Parameters that the url names fill it; for `GET` and
 * `HEAD` the others become the query, for other methods the JSON body (unless `data` is the
 * body). Reads no defaults; never throws (a caller's getter inside a value becomes a `Left`).
 * The options are checked as `Options.decode` checks flat options, each field and parameter read once,
 * so a hand-built header value with CR LF, or a method that is no token, is an `EndpointError` too.
 * @example
 * import { Parse, Options } from "fp-endpoint"
 * Parse.parse({ ...Options.empty, method: "GET", baseUrl: "https://api.github.com", url: "/orgs/{org}/repos", params: { org: "octokit", page: 2 } })
 * // right({ method: "get", url: "https://api.github.com/orgs/octokit/repos?page=2", headers: {} })
 * Parse.parse({ ...Options.empty, url: "/x", headers: { "x-a": "1\r\nx-b: 2" } }) // left(EndpointError: headers.x-a: header value contains CR, LF or NUL)
 * @since 0.1.0
 */
export const parse = (o: Options): Either<EndpointError, RequestOptions> => chain(normal(o), build)

/**
 * Options decoded again from their flat form, read once (a getter that answered a check differently
 * from the build cannot pass one and inject in the other): the parameters, then each field that is
 * set. A key that is no field (`repo` beside `params`) or a parameter named as an option would be
 * lost or become that option, and is refused.
 */
const normal = (o: Options): Either<EndpointError, Options> => {
  let reading = "options" // where a getter or Proxy trap that throws stands
  try {
    const params: unknown = isPlainObject(o) ? o.params : undefined
    if (!isPlainObject(o) || !isPlainObject(params)) return fail("options", "expected options in the model's form, with params (Options.decode makes them)")
    const stray = Object.keys(o).find((key) => !has(fieldSemigroups, key))
    if (stray !== undefined) return fail(stray, "is no field of Options: a parameter goes in params")
    const flat: Record<string, unknown> = {}
    for (reading of Object.keys(params)) {
      if (isReserved(reading)) return fail(child("params", reading), "is named as an option: an option goes in its own field")
      put(flat, reading, params[reading])
    }
    for (reading of RESERVED_KEYS) {
      const value = o[reading as keyof Options]
      if (value !== undefined) put(flat, reading, value)
    }
    return decode(flat)
  } catch (e) {
    return left(toEndpointError(e, shown(reading)))
  }
}
