/**
 * Merged options → request options (SPEC §6). Stateless: it reads no defaults.
 *
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import { amendAccept } from "./Accept.js"
import { EndpointError } from "./EndpointError.js"
import { attempt, run } from "./internal/attempt.js"
import { has, put } from "./internal/object.js"
import type { Merged } from "./Merge.js"
import { normalise, RESERVED_KEYS, type HeaderValue, type Options } from "./Options.js"
import { appendQuery, queryPair } from "./Query.js"
import { compile, expandWith } from "./Template.js"

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

/**
 * What `endpoint()` returns: plain request options any HTTP client can send.
 * `method` is lowercase; header names are lowercase.
 *
 * @since 0.1.0
 */
export interface RequestOptions {
  method: string
  url: string
  headers: { [name: string]: HeaderValue }
  body?: unknown
  request?: { readonly [key: string]: unknown }
}

// -------------------------------------------------------------------------------------
// utils
// -------------------------------------------------------------------------------------

const isAlpha = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122)

/** Whether a url starts with an RFC 3986 scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":". */
export const hasScheme = (url: string): boolean => {
  if (url.length === 0 || !isAlpha(url.charCodeAt(0))) return false
  for (let i = 1; i < url.length; i++) {
    const c = url.charCodeAt(i)
    if (c === 58) return true
    if (!(isAlpha(c) || (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46)) return false
  }
  return false
}

/** `baseUrl` followed by `path`; a `/` on both sides of the seam collapses into one. */
export const joinBase = (baseUrl: string, path: string): string =>
  baseUrl.endsWith("/") && path.startsWith("/") ? baseUrl + path.slice(1) : baseUrl + path

const CONTENT_TYPE_JSON = "application/json; charset=utf-8"

/**
 * The whole of parsing; throws `EndpointError` for values it cannot place.
 *
 * @internal
 */
export const build = (o: Options): RequestOptions => {
  const template = o.url
  if (template === undefined) throw new EndpointError("url", "required, got nothing")
  const t = compile(template)
  const names = t.nameSet
  const expanded = expandWith(t, (name) => (RESERVED_KEYS.has(name) || !has(o, name) ? undefined : o[name]))
  let url = hasScheme(expanded) ? expanded : joinBase(o.baseUrl ?? "", expanded)

  const method = o.method ?? "GET"
  const upper = method.toUpperCase()
  const sendsQuery = upper === "GET" || upper === "HEAD"

  let query = ""
  let body: Record<string, unknown> | undefined
  for (const key of Object.keys(o)) {
    if (RESERVED_KEYS.has(key) || names.has(key)) continue
    const value = o[key]
    if (sendsQuery) {
      const pair = queryPair(key, value)
      if (pair !== "") query += (query === "" ? "" : "&") + pair
    } else {
      if (body === undefined) body = {}
      put(body, key, value)
    }
  }
  if (query !== "") url = appendQuery(url, query)

  const headers: { [name: string]: HeaderValue } = {}
  const source = o.headers
  if (source !== undefined) for (const name of Object.keys(source)) put(headers, name, source[name]!)

  const result: RequestOptions = { method: method.toLowerCase(), url, headers }
  if (!sendsQuery) {
    const payload: unknown = has(o, "data") ? o.data : body
    if (payload !== undefined || has(o, "data")) {
      result.body = payload
      if (!has(headers, "content-type")) headers["content-type"] = CONTENT_TYPE_JSON
    }
  }
  const accept = headers.accept
  const acceptText = accept === undefined ? undefined : String(accept)
  const amended = amendAccept(acceptText, o.mediaType)
  if (amended !== undefined && amended !== acceptText) headers.accept = amended
  if (o.request !== undefined) result.request = o.request
  return result
}

// -------------------------------------------------------------------------------------
// destructors
// -------------------------------------------------------------------------------------

/**
 * Turns merged options into request options. Total: a `Merged` value has
 * already been checked by `Merge.merge`, so nothing here can fail.
 *
 * @example
 * import { Merge, Parse, endpoint } from "fp-endpoint"
 * import * as E from "fp-ts/Either"
 * import { pipe } from "fp-ts/function"
 *
 * pipe(
 *   Merge.merge(endpoint.DEFAULTS, "GET /orgs/{org}/repos", { org: "octokit" }),
 *   E.map(Parse.parse),
 * ) // right({ method: "get", url: "https://api.github.com/orgs/octokit/repos", headers: {...} })
 *
 * @since 0.1.0
 */
export const parse = (merged: Merged): RequestOptions => run(() => build(merged))

/**
 * Parses any object as merged options: it is validated and normalised first,
 * then parsed. This is `endpoint.parse`.
 *
 * @example
 * import { Parse } from "fp-endpoint"
 *
 * Parse.parseUnknown({ method: "POST", url: "/x", baseUrl: "", a: 1 })
 * // right({ method: "post", url: "/x", headers: { "content-type": "application/json; charset=utf-8" }, body: { a: 1 } })
 *
 * @since 0.1.0
 */
export const parseUnknown = (u: unknown): Either<EndpointError, RequestOptions> => attempt(() => build(normalise(u)))
