/** Sending the result: request options as a WHATWG `Request`, or as the `[url, init]` arguments of
 * `fetch`. The platform's own `Request` checks what it is given; what fetch would send otherwise
 * than given (a header it replaces or drops, a bad port, a body JSON would change) is refused first.
 * @since 0.1.0
 */
import * as E from "#fp-ts/Either.js"
import type { Either } from "fp-ts/lib/Either.js"
import { orThrow } from "./Endpoint.js"
import { EndpointError } from "./EndpointError.js"
import { isFormOrBinary } from "./Headers.js"
import { aKind, child, kindOf, quote } from "./internal/describe.js"
import { attempt, isPlainObject, safely } from "./internal/read.js"
import type { RequestOptions } from "./Parse.js"

type PlatformInit = typeof globalThis extends { Request: new (input: never, init?: infer I) => unknown }
  ? NonNullable<I>
  : {}
type InitField<K extends string> = PlatformInit extends { readonly [P in K]?: infer V } ? V : unknown
type PlatformRequest = typeof globalThis extends { Request: { prototype: infer R } } ? R : unknown

/** The fetch options `request` may carry; `dispatcher` is undici's (an `Agent`, a `ProxyAgent`, ...). */
const FETCH_OPTIONS = [
  "signal",
  "redirect",
  "credentials",
  "cache",
  "keepalive",
  "referrerPolicy",
  "priority",
  "mode",
  "integrity",
  "referrer",
  "dispatcher",
] as const
type FetchOptions = { [K in (typeof FETCH_OPTIONS)[number]]?: InitField<K> }

/** The init `toRequestInit` makes: an uppercase method, lowercase header names, a body only when one is sent
 * (with `duplex: "half"` for a stream, as Node's `fetch` requires) and the fetch options of `request`.
 * @example
 * import type { FetchInit } from "fp-endpoint"
 * const init: FetchInit = { method: "PUT", headers: { "content-type": "text/plain" }, body: "hi", redirect: "manual" }
 * @since 0.1.0
 */
export interface FetchInit extends FetchOptions {
  method: string
  headers: Record<string, string>
  body?: Exclude<InitField<"body">, null>
  duplex?: "half"
}

/** The arguments of `fetch`: `fetch(...toRequestInit(result))`.
 * @example
 * import { endpoint, toRequestInit, type FetchArgs } from "fp-endpoint"
 * const args: FetchArgs = toRequestInit(endpoint("GET /user"))
 * @since 0.1.0
 */
export type FetchArgs = [url: string, init: FetchInit]

/** Headers fetch sets itself (a value given is replaced), refuses when it sends, or loses (`__proto__`). */
const NOT_SENT = [
  "host",
  "content-length",
  "sec-fetch-mode",
  "connection",
  "transfer-encoding",
  "expect",
  "keep-alive",
  "upgrade",
  "__proto__",
]
/** The ports fetch will not connect to (the WHATWG fetch standard's "bad ports"). */
const PORTS = `1 7 9 11 13 15 17 19 20 21 22 23 25 37 42 43 53 69 77 79 87 95 101 102 103 104 109 110 111 113 115
  117 119 123 135 137 139 143 161 179 389 427 465 512 513 514 515 526 530 531 532 540 548 554 556 563 587 601 636
  989 990 993 995 1719 1720 1723 2049 3659 4045 4190 5060 5061 6000 6566 6665 6666 6667 6668 6669 6679 6697 10080`
export const BAD_PORTS = new Set(PORTS.split(/\s+/))
const MAX_JSON_VALUES = 2 ** 21
/** The most characters of strings and keys a JSON body may hold: JSON writes a string once per place it stands. */
const MAX_JSON_CHARACTERS = 2 ** 26

const fail = (path: string, problem: string): Either<EndpointError, never> => E.left(new EndpointError(path, problem))

/** What JSON would send otherwise than it is, or refuse, of a value inside a body. */
const notJson = (value: unknown, inList: boolean): string | undefined => {
  const kind = typeof value
  if (kind === "bigint") return "a bigint cannot be serialised as JSON"
  if (kind === "number" && !Number.isFinite(value)) return `${value} would be sent as null`
  if (kind === "function" || kind === "symbol" || (inList && value === undefined))
    return `${aKind(value)} would be ${inList ? "sent as null" : "left out"}`
  if (value instanceof Map || value instanceof Set || value instanceof WeakMap || value instanceof WeakSet)
    return `${aKind(value)} would be sent as {}`
  if (typeof value === "object" && value !== null && Symbol.asyncIterator in value)
    return `${aKind(value)} is a stream, not JSON: send a web ReadableStream as data, or read it first`
  return undefined
}

/** `body` as JSON text, refusing what JSON would change (naming where it is), more than 2^21 values and more
 * than 2^26 characters of strings and keys. */
export const toJson = (body: unknown): Either<EndpointError, string> => {
  const paths = new Map<object, string>()
  let [values, characters, refusal]: [number, number, EndpointError | undefined] = [0, 0, undefined]
  function refuse(this: object, key: string, value: unknown): unknown {
    const inList = Array.isArray(this) || ArrayBuffer.isView(this)
    const path = paths.has(this) ? (inList ? `${paths.get(this)}[${key}]` : child(paths.get(this)!, key)) : "body"
    characters += (inList ? 0 : key.length) + (typeof value === "string" ? value.length : 0)
    const problem =
      ++values > MAX_JSON_VALUES
        ? `more than ${MAX_JSON_VALUES} values to serialise`
        : characters > MAX_JSON_CHARACTERS
          ? `more than ${MAX_JSON_CHARACTERS} characters of strings and keys to serialise`
          : notJson(value, inList)
    if (problem !== undefined) throw (refusal = new EndpointError(path, problem))
    if (typeof value === "object" && value !== null) paths.set(value, path)
    return value
  }
  return attempt(
    () => {
      const text = JSON.stringify(body, refuse) as string | undefined
      return text === undefined ? fail("body", `${aKind(body)} cannot be serialised as JSON`) : E.right(text)
    },
    () => refusal?.path ?? "body",
    (why) => refusal?.problem ?? `cannot be serialised as JSON (${why})`,
  )
}

/** The body fetch is given: a string, form or binary body as it is; anything else as JSON, when the content type is
 * JSON. */
const bodyFor = (body: unknown, contentType: string | undefined): Either<EndpointError, unknown> => {
  if (typeof body === "string")
    return body.isWellFormed() ? E.right(body) : fail("body", "a lone surrogate, which fetch would send as U+FFFD")
  const shared = safely(
    () => /SharedArrayBuffer/.test(Object.prototype.toString.call(ArrayBuffer.isView(body) ? body.buffer : body)),
    false,
  )
  if (shared) return fail("body", "shared memory cannot be sent by fetch; copy it into an ArrayBuffer")
  if (isFormOrBinary(body)) return E.right(body)
  if (/^\s*(?:application\/json|[^/;]+\/[^;]+\+json)\s*(?:;|$)/i.test(contentType ?? "")) return toJson(body)
  const got = contentType === undefined ? "no content-type" : `content-type ${quote(contentType)}`
  return fail(
    "body",
    `${aKind(body)} is sent as JSON only with a JSON content type, got ${got}; pass a string or binary body instead`,
  )
}

/** Lowercase names and string values; a header fetch would not send as given is an error. */
const headersFor = (
  source: unknown,
  reading: (path: string) => void,
): Either<EndpointError, Record<string, string>> => {
  if (!isPlainObject(source)) return fail("headers", `expected a plain object, got ${kindOf(source)}`)
  const out: Record<string, string> = {}
  for (const name of Object.keys(source)) {
    const path = child("headers", name)
    reading(path)
    const [value, lower] = [source[name], name.toLowerCase()]
    if (value === undefined || value === null) continue
    if (typeof value !== "string" && (typeof value !== "number" || !Number.isFinite(value)))
      return fail(path, `expected a string or a finite number, got ${kindOf(value)}`)
    if (NOT_SENT.includes(lower))
      return fail(
        path,
        "fetch writes this header itself, refuses it or loses it: the request would not carry this value",
      )
    if (Object.hasOwn(out, lower)) return fail(path, "names a header another key names: one value would be lost")
    out[lower] = String(value)
  }
  return E.right(out)
}

/** The `[url, init]` of request options, checked as fetch checks them; `forCurl` keeps the body a caller's
 * stream out of the check. Reads the options once, inside the one `try` around caller code. */
export const initOf = (result: RequestOptions): Either<EndpointError, FetchArgs> => {
  let at = "options"
  const read = (o: object, key: string): unknown =>
    Object.hasOwn(o, key) ? (o as Record<string, unknown>)[key] : undefined
  return attempt(
    () => {
      if (typeof result !== "object" || result === null)
        return fail("options", `expected request options, got ${kindOf(result)}`)
      const [method, url] = [read(result, (at = "method")), read(result, (at = "url"))]
      if (typeof method !== "string" || typeof url !== "string")
        return fail(typeof url === "string" ? "method" : "url", "expected a string")
      const port = safely(() => new URL(url).port, "")
      if (BAD_PORTS.has(port)) return fail("url", `fetch refuses to connect to port ${port}`)
      const fields = headersFor(read(result, (at = "headers")) ?? {}, (path) => (at = path))
      if (E.isLeft(fields)) return fields
      const init: FetchInit = { method: method.toUpperCase(), headers: fields.right }
      const request = read(result, (at = "request"))
      for (at of FETCH_OPTIONS) {
        const value = typeof request === "object" && request !== null ? read(request, at) : undefined
        if (value != null) (init as unknown as Record<string, unknown>)[at] = value
      }
      const refused = platformCheck(url, init)
      if (E.isLeft(refused)) return refused
      const body = init.method === "GET" || init.method === "HEAD" ? undefined : read(result, (at = "body"))
      const sent = body === undefined ? undefined : bodyFor(body, fields.right["content-type"])
      if (sent === undefined || E.isLeft(sent)) return sent ?? E.right([url, init])
      const stream = safely(() => sent.right instanceof ReadableStream, false)
      return E.right([url, Object.assign(init, { body: sent.right }, stream ? { duplex: "half" } : {})])
    },
    () =>
      ["options", "method", "url", "headers", "request", "body"].includes(at) || at.startsWith("headers.")
        ? at
        : `request.${at}`,
  )
}

/** What the platform's `Request` refuses of an init (the body aside), named by its field: the url, the
 * method, a header, a fetch option, else the request. */
const platformCheck = (url: string, init: FetchInit): Either<EndpointError, unknown> => {
  const made = attempt(
    () => E.right(new Request(url, init as RequestInit)),
    () => "request",
    (why) => `fetch refuses it: ${why}`,
  )
  if (E.isRight(made)) return made
  const refuses = (f: () => unknown) =>
    E.isLeft(
      attempt(
        () => E.right(f()),
        () => "",
      ),
    )
  const option = FETCH_OPTIONS.find(
    (k) => k in init && refuses(() => new Request(url, { method: init.method, [k]: init[k] })),
  )
  const header = Object.keys(init.headers).find((k) => refuses(() => new Headers({ [k]: init.headers[k]! })))
  const field = refuses(() => new Request(url))
    ? "url"
    : refuses(() => new Request(url, { method: init.method }))
      ? "method"
      : header !== undefined
        ? child("headers", header)
        : option !== undefined
          ? `request.${option}`
          : "request"
  return E.left(new EndpointError(field, made.left.problem))
}

/** `toRequestInit` as an `Either`: never throws.
 * @example
 * import { endpoint, toRequestInitEither } from "fp-endpoint"
 * toRequestInitEither(endpoint("GET /user"))
 * // right(["https://api.github.com/user", { method: "GET", headers: {...} }])
 * @since 0.1.0
 */
export const toRequestInitEither = (result: RequestOptions): Either<EndpointError, FetchArgs> => initOf(result)

/** `toRequest` as an `Either`: never throws.
 * @example
 * import { endpoint, toRequestEither } from "fp-endpoint"
 * toRequestEither(endpoint("GET /user")) // right(Request)
 * @since 0.1.0
 */
export const toRequestEither = (result: RequestOptions): Either<EndpointError, PlatformRequest> => {
  const args = initOf(result)
  return E.isLeft(args)
    ? args
    : attempt(
        () => E.right(new Request(...args.right) as PlatformRequest),
        () => "body",
        (why) => `fetch refuses it: ${why}`,
      )
}

/** Request options as the arguments of `fetch`: the method uppercased, the body serialised as JSON under a JSON
 * content type, the fetch options of `request`. Throws `EndpointError` for what fetch would refuse or send otherwise.
 * @example
 * import { endpoint, toRequestInit } from "fp-endpoint"
 * const [url, init] = toRequestInit(endpoint("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", name: "n" }))
 * const response = await fetch(url, init) // init: { method: "PATCH", headers: {...}, body: '{"name":"n"}' }
 * @since 0.1.0
 */
export const toRequestInit = (result: RequestOptions): FetchArgs => orThrow(initOf(result))

/** Request options as a WHATWG `Request` (the platform's type; `unknown` without DOM or `@types/node`), under the
 * rules of `toRequestInit`.
 * @example
 * import { endpoint, toRequest } from "fp-endpoint"
 * const response = await fetch(toRequest(endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" })))
 * @since 0.1.0
 */
export const toRequest = (result: RequestOptions): PlatformRequest => orThrow(toRequestEither(result))
