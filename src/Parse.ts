/** Parsing: merged options to request options, in small named steps: expand the url, join the
 * base, place the other parameters in the query or the body, then the headers (content type,
 * accept). Pure: it reads no defaults.
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import type { EndpointError } from "./EndpointError.js"
import { build } from "./internal/build.js"
import { chain } from "./internal/either.js"
import { recheck } from "./internal/recheck.js"
import type { Options } from "./Options.js"
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
export const parse = (o: Options): Either<EndpointError, RequestOptions> => chain(recheck(o), build)
