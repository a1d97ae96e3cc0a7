/**
 * Parsing: merged options to request options, in small named steps: expand
 * the url, join the base, place the other parameters in the query or the
 * body, then the headers (content type, accept). Pure: it reads no defaults.
 *
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import * as Accept from "./Accept.js"
import type { EndpointError } from "./EndpointError.js"
import { shown } from "./internal/describe.js"
import { attemptEither, fail, right } from "./internal/either.js"
import { byFrozenAndText, byObject, byText } from "./internal/memo.js"
import { isOpaqueBody as isBinaryOrForm } from "./internal/body.js"
import { has, own, put } from "./internal/object.js"
import type { Headers, MediaType, Options } from "./Options.js"
import * as Query from "./Query.js"
import * as Template from "./Template.js"

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

/**
 * What `endpoint()` returns: plain request options for any HTTP client.
 *
 * @example
 * import type { RequestOptions } from "fp-endpoint"
 *
 * const r: RequestOptions = { method: "get", url: "https://api.github.com/user", headers: { accept: "application/json" } }
 *
 * @since 0.1.0
 */
export interface RequestOptions<M extends string = string> {
  method: M
  url: string
  headers: { [name: string]: string | number }
  body?: unknown
  request?: { readonly [key: string]: unknown }
}

// -------------------------------------------------------------------------------------
// steps
// -------------------------------------------------------------------------------------

/** The url's template, parsed in route mode; remembered by its text (never handed out). */
const templateOf = byText((url: string) => Template.parse(url, "route"), (parsed) => parsed._tag === "Right")

/**
 * A base url and a path joined with exactly one `/` between them; a path
 * that is empty or starts with `?` or `#` is appended as it is.
 *
 * @example
 * import { Parse } from "fp-endpoint"
 *
 * Parse.joinBase("https://ghe.example/api/v3", "user") // "https://ghe.example/api/v3/user"
 * Parse.joinBase("https://ghe.example/api/v3/", "/user") // "https://ghe.example/api/v3/user"
 *
 * @since 0.1.0
 */
export const joinBase = (baseUrl: string, path: string): string => {
  if (baseUrl === "" || path === "" || path.startsWith("?") || path.startsWith("#")) return baseUrl + path
  const slashes = (baseUrl.endsWith("/") ? 1 : 0) + (path.startsWith("/") ? 1 : 0)
  return slashes === 2 ? baseUrl + path.slice(1) : slashes === 1 ? baseUrl + path : baseUrl + "/" + path
}

/** Whether a method's other parameters go to the query (`GET`, `HEAD`) rather than the body. */
const sendsQuery = (method: string): boolean =>
  method === "GET" || method === "HEAD" || ((method.length === 3 || method.length === 4) && /^(get|head)$/i.test(method))

/** A template's variable names, for membership tests: a few are compared one by one, many through a Set. */
interface Names {
  has(name: string): boolean
}
const namesOf = byObject((t: Template.Template): Names => (t.names.length > 8 ? new Set(t.names) : { has: (name) => t.names.includes(name) }))

/** The query text of the parameters that the template does not name. */
const queryOf = (params: Options["params"], names: Names): Either<EndpointError, string> => {
  let query = ""
  for (const key of Object.keys(params)) {
    if (names.has(key)) continue
    let text = Query.quickPair(key, params[key])
    if (text === undefined) {
      const p = Query.pair(key, params[key])
      if (p._tag === "Left") return p
      text = p.right
    }
    if (text !== "") query += (query === "" ? "" : "&") + text
  }
  return right(query)
}

/** The body built from the parameters that the template does not name, or `undefined` for none. */
const bodyOf = (params: Options["params"], names: Names): Record<string, unknown> | undefined => {
  let body: Record<string, unknown> | undefined
  for (const key of Object.keys(params)) if (!names.has(key)) put((body ??= {}), key, params[key])
  return body
}

/** The url, expanded and joined to the base when it has no scheme of its own. */
const urlOf = (t: Template.Template, o: Options): Either<EndpointError, string> => {
  const path = Template.expandWith(t, (name) => (has(o.params, name) ? o.params[name] : undefined))
  return path._tag === "Left" || Template.hasScheme(path.right) ? path : right(joinBase(o.baseUrl ?? "", path.right))
}

/**
 * Whether `data` is a form or binary body (`FormData`, `URLSearchParams`,
 * `Blob`, `ArrayBuffer`, a typed array or `DataView`, `ReadableStream`),
 * whose content type the HTTP client sets itself.
 *
 * @example
 * import { Parse } from "fp-endpoint"
 *
 * Parse.isOpaqueBody(new URLSearchParams("a=1")) // true
 * Parse.isOpaqueBody({ a: 1 }) // false
 *
 * @since 0.1.0
 */
export const isOpaqueBody = (data: unknown): boolean => isBinaryOrForm(data)

const CONTENT_TYPE_JSON = "application/json; charset=utf-8"

type HeaderRecord = Readonly<Record<string, string | number>>

/**
 * The headers without `null` values and with the amended accept, for a
 * request without a body and for one with a JSON body (the content type
 * added unless the headers name one, `null` included); remembered for frozen
 * inputs. Kept private and copied for each result: adding a key to a copy
 * costs V8 far more than copying a ready object.
 */
/** The result's headers: no `null` values, the amended accept, the JSON content type when `json` and none is named. */
const finalHeaders = (headers: Headers, mediaType: MediaType, json: boolean): Either<EndpointError, Record<string, string | number>> => {
  const out: Record<string, string | number> = {}
  for (const name of Object.keys(headers)) {
    const value = headers[name]
    if (value === null || value === undefined) continue
    if (typeof value === "string" && value.length > Accept.MAX_HEADER_LENGTH) {
      return fail(`headers.${shown(name)}`, `longer than ${Accept.MAX_HEADER_LENGTH} characters`)
    }
    put(out, name, value)
  }
  const accept = own(headers, "accept") as Headers[string] | undefined
  const amended = Accept.amend(typeof accept === "number" ? String(accept) : accept ?? undefined, mediaType)
  if (amended._tag === "Left") return amended
  if (amended.right !== undefined && amended.right !== accept) put(out, "accept", amended.right)
  if (json && !has(headers, "content-type")) put(out, "content-type", CONTENT_TYPE_JSON)
  return right(out)
}

type Ready = Either<EndpointError, readonly [HeaderRecord, HeaderRecord]>

/** A media type as text, `format` then each preview on a line of its own: no part can hold a line break. */
const mediaTypeText = (m: MediaType): string => (m.previews.length === 0 ? (m.format ?? "") : [m.format ?? "", ...m.previews].join("\n"))

const fromText = (text: string): MediaType => {
  const [format, ...previews] = text.split("\n")
  return { format: format === "" ? undefined : format, previews }
}

/**
 * The result's headers without and with a JSON body, remembered for frozen
 * headers (defaults' are) and the media type's text. Kept private and copied
 * for each result: adding a key to a copy costs V8 far more than copying a
 * ready object.
 */
const readyHeaders = byFrozenAndText((headers: Headers, text: string): Ready => {
  const mediaType = fromText(text)
  const plain = finalHeaders(headers, mediaType, false)
  const json = finalHeaders(headers, mediaType, true)
  return plain._tag === "Left" ? plain : json._tag === "Left" ? json : right([plain.right, json.right])
})

/** A fresh object of headers for one result. */
const headersOf = (o: Options, body: unknown, hasBody: boolean): Either<EndpointError, RequestOptions["headers"]> => {
  const json = hasBody && !isOpaqueBody(body)
  if (!Object.isFrozen(o.headers)) return finalHeaders(o.headers, o.mediaType, json)
  const ready = readyHeaders(o.headers, mediaTypeText(o.mediaType))
  return ready._tag === "Left" ? ready : right({ ...ready.right[json ? 1 : 0] })
}

// -------------------------------------------------------------------------------------
// destructors
// -------------------------------------------------------------------------------------

/**
 * Merged options to request options. Parameters that the url names fill it;
 * for `GET` and `HEAD` the others become the query, for other methods the
 * JSON body (unless `data` is the body). Reads no defaults.
 *
 * @example
 * import { Parse, Options } from "fp-endpoint"
 *
 * Parse.parse({ ...Options.empty, method: "GET", baseUrl: "https://api.github.com", url: "/orgs/{org}/repos", params: { org: "octokit", page: 2 } })
 * // right({ method: "get", url: "https://api.github.com/orgs/octokit/repos?page=2", headers: {} })
 *
 * @since 0.1.0
 */
export const parse = (o: Options): Either<EndpointError, RequestOptions> => attemptEither(() => parseOptions(o))

/**
 * {@link parse} without the guard: a getter or Proxy trap inside a parameter
 * value (read only when the url or the query is built) may throw.
 */
const parseOptions = (o: Options): Either<EndpointError, RequestOptions> => {
  if (o.url === undefined) return fail("url", "required, got nothing")
  const method = o.method ?? "GET"
  const t = templateOf(o.url)
  if (t._tag === "Left") return t
  const url = urlOf(t.right, o)
  if (url._tag === "Left") return url
  if (sendsQuery(method)) {
    const query = queryOf(o.params, namesOf(t.right))
    return query._tag === "Left" ? query : finish(o, method, Query.append(url.right, query.right), undefined, false)
  }
  const body = o.data !== undefined ? o.data : bodyOf(o.params, namesOf(t.right))
  return finish(o, method, url.right, body, o.data !== undefined || body !== undefined)
}

const finish = (o: Options, method: string, url: string, body: unknown, hasBody: boolean): Either<EndpointError, RequestOptions> => {
  if (url.length > Template.MAX_LENGTH) return fail("url", `the url is longer than ${Template.MAX_LENGTH} characters`) // base, path and query
  const headers = headersOf(o, body, hasBody)
  if (headers._tag === "Left") return headers
  const result: RequestOptions = { method: method.toLowerCase(), url, headers: headers.right }
  if (hasBody) put(result as unknown as Record<string, unknown>, "body", body) // defined, never through Object.prototype
  if (o.request !== undefined) put(result as unknown as Record<string, unknown>, "request", o.request)
  return right(result)
}
