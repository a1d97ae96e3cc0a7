/** Parsing: merged options to request options, in named steps: expand the url and judge it, add
 * the query or build the body, then the headers. Pure: it reads no defaults.
 * @since 0.1.0
 */
import * as E from "#fp-ts/Either.js"
import type { Either } from "fp-ts/lib/Either.js"
import { rebuild, type Options } from "./Codec.js"
import { EndpointError } from "./EndpointError.js"
import { isFormOrBinary, requestHeaders } from "./Headers.js"
import type { Reads } from "./Template.js"
import * as Url from "./Url.js"

export { MAX_HEADER_LENGTH } from "./Codec.js"

/** What `endpoint()` returns: plain request options for any HTTP client.
 * @example
 * import type { RequestOptions } from "fp-endpoint"
 * const r: RequestOptions = { method: "get", url: "https://api.github.com/user", headers: {} }
 * @since 0.1.0
 */
export interface RequestOptions<M extends string = string> {
  method: M
  url: string
  headers: { [name: string]: string | number }
  body?: unknown
  request?: { readonly [key: string]: unknown } | undefined
}

/** The parameters the template does not name, as a body; `undefined` when there are none. */
const bodyOf = (params: Options["params"], names: ReadonlySet<string>): Record<string, unknown> | undefined => {
  let body: Record<string, unknown> | undefined
  for (const key of Object.keys(params)) if (!names.has(key)) (body ??= {})[key] = params[key]
  return body
}

/** {@link parse} for options the codec made, which are not read again. Parameter lists and records
 * are read here, once each (see `Template.definedMembers`).
 * @internal */
export const build = (o: Options): Either<EndpointError, RequestOptions> => {
  if (o.url === undefined) return E.left(new EndpointError("url", "required, got nothing"))
  const compiled = Url.compile(o.url)
  if (E.isLeft(compiled)) return compiled
  const { names } = compiled.right
  const method = (o.method ?? "GET").toLowerCase()
  const query = method === "get" || method === "head"
  const reads: Reads = {}
  const path = Url.expanded(compiled.right, o.params, o.baseUrl ?? "", reads)
  const url = query && E.isRight(path) ? Url.withQuery(path.right, o.params, names, reads) : path
  if (E.isLeft(url)) return url
  const body = query ? undefined : o.data !== undefined ? o.data : bodyOf(o.params, names)
  const json = body !== undefined && (o.data === undefined || !isFormOrBinary(body)) // a body of parameters is a record
  const headers = requestHeaders(o.headers, o.mediaType, json)
  if (E.isLeft(headers)) return headers
  const result: RequestOptions = { method, url: url.right, headers: headers.right }
  if (body !== undefined) result.body = body
  if (o.request !== undefined) result.request = o.request
  return E.right(result)
}

/** Merged options to request options. Parameters the url names fill it; for `GET` and `HEAD` the
 * others become the query, for other methods the JSON body (unless `data` is the body). The options
 * are read once and checked as `Options.decode` checks them. Reads no defaults; never throws.
 * @example
 * import { Parse, Options } from "fp-endpoint"
 * const merged = { ...Options.empty, baseUrl: "https://api.github.com", url: "/orgs/{org}/repos" }
 * Parse.parse({ ...merged, params: { org: "octokit", page: 2 } })
 * // right({ method: "get", url: "https://api.github.com/orgs/octokit/repos?page=2", headers: {} })
 * @since 0.1.0
 */
export const parse = (o: Options): Either<EndpointError, RequestOptions> => E.flatMap(build)(rebuild(o))
