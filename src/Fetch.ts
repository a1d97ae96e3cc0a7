/**
 * Sending the result: `endpoint()` request options as a WHATWG `Request`, or
 * as the `[url, init]` arguments of `fetch`.
 *
 * - The method is uppercased: `fetch` normalises only `delete`, `get`, `head`,
 *   `options`, `post` and `put`, so a lowercase `patch` would go out as
 *   `patch`, which Node's HTTP server rejects with 400.
 * - An object body is serialised as JSON when the content type is JSON
 *   (`application/json` or any `+json` type, parameters allowed). Strings and
 *   form or binary bodies (`FormData`, `URLSearchParams`, `Blob`,
 *   `ArrayBuffer`, typed arrays, `DataView`, `ReadableStream`, from any realm
 *   or copy of fetch) are passed through as they are, and no content type is
 *   added: the HTTP client writes its own (a multipart boundary, for one).
 *   Shared memory (`SharedArrayBuffer`) is refused: fetch cannot send it.
 * - Fetch options in `request` (`signal`, `redirect`, `credentials`, `cache`,
 *   `keepalive`, `referrerPolicy`, `priority`, `mode`, `integrity`,
 *   `referrer`, undici's `dispatcher`) are carried into the init; its other
 *   keys (`timeout`, ...) are meant for other clients and stay out.
 * - GET and HEAD never carry a body; numeric header values become strings.
 * - Work follows the input's real size: a sparse array is refused when it is
 *   met, never walked to its declared `length`.
 * - Nothing but `EndpointError` is thrown.
 * - The declarations need no DOM and no `@types/node`: where the platform
 *   declares `RequestInit` and `Request`, the fields and `toRequest`'s result
 *   have the platform's types.
 *
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import { EndpointError } from "./EndpointError.js"
import { attempt, errorText, run } from "./internal/either.js"
import { child, kindOf, quote } from "./internal/describe.js"
import { bodyKind, hasSlot, isInstance, isStream, slots } from "./internal/body.js"
import { has, isArray, isPlainObject, own, put } from "./internal/object.js"
import type { RequestOptions } from "./Parse.js"

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

/** The platform's `RequestInit` (the DOM's, or undici's through `@types/node`); `{}` without one. */
type PlatformInit = typeof globalThis extends { Request: new (input: never, init?: infer I) => unknown } ? NonNullable<I> : {}

/** The type of a `RequestInit` field on this platform; `unknown` where the platform has none. */
type InitField<K extends string> = PlatformInit extends { readonly [P in K]?: infer V } ? V : unknown

/** The platform's `Request`; `unknown` where it declares none (no DOM, no `@types/node`). */
type PlatformRequest = typeof globalThis extends { Request: { prototype: infer R } } ? R : unknown

/**
 * The init that `toRequestInit` makes: an uppercase method, header values as
 * strings under lowercase names, a body only when one is sent, `duplex:
 * "half"` for a `ReadableStream` body (Node's `fetch` requires it), and the
 * fetch options found in `request`. Each field has the platform's
 * `RequestInit` type where the platform declares one, so the init is
 * assignable to it; without DOM or `@types/node` they are `unknown`.
 *
 * @example
 * import type { FetchInit } from "fp-endpoint"
 *
 * const init: FetchInit = { method: "PUT", headers: { "content-type": "text/plain" }, body: "hi", redirect: "manual" }
 *
 * @since 0.1.0
 */
export interface FetchInit {
  method: string
  headers: Record<string, string>
  body?: Exclude<InitField<"body">, null>
  duplex?: "half"
  signal?: InitField<"signal">
  redirect?: InitField<"redirect">
  credentials?: InitField<"credentials">
  cache?: InitField<"cache">
  keepalive?: InitField<"keepalive">
  referrerPolicy?: InitField<"referrerPolicy">
  priority?: InitField<"priority">
  mode?: InitField<"mode">
  integrity?: InitField<"integrity">
  referrer?: InitField<"referrer">
  /** undici's `Dispatcher` (an `Agent`, a `ProxyAgent`, ...), for undici's `fetch` and Node's. */
  dispatcher?: InitField<"dispatcher">
}

/**
 * The arguments of `fetch`: `fetch(...toRequestInit(result))`.
 *
 * @example
 * import { endpoint, toRequestInit, type FetchArgs } from "fp-endpoint"
 *
 * const args: FetchArgs = toRequestInit(endpoint("GET /user"))
 * await fetch(...args)
 *
 * @since 0.1.0
 */
export type FetchArgs = [url: string, init: FetchInit]

// -------------------------------------------------------------------------------------
// utils
// -------------------------------------------------------------------------------------

/** Methods the Fetch standard refuses to send. */
const FORBIDDEN_METHODS: ReadonlySet<string> = new Set(["CONNECT", "TRACE", "TRACK"])

const describeError = (e: unknown): string => {
  try {
    return errorText(e) ?? kindOf(e)
  } catch {
    return "unknown error"
  }
}

/** `o[key]`, where a getter or a trap that throws is an error that names the field. */
const read = (o: object, key: string, path: string): unknown => {
  try {
    return (o as Record<string, unknown>)[key]
  } catch (e) {
    throw new EndpointError(path, `reading it failed (${describeError(e)})`)
  }
}

/** An own property of `o`, read as {@link read} does; `undefined` for one it does not have. */
const readOwn = (o: object, key: string, path: string): unknown => {
  try {
    return own(o, key)
  } catch (e) {
    throw new EndpointError(path, `reading it failed (${describeError(e)})`)
  }
}

/** A value in a message: a string quoted, anything else named by its kind. */
const shownValue = (u: unknown): string => (typeof u === "string" ? quote(u) : kindOf(u))

/**
 * Whether a content type is JSON: `application/json` or `<type>/<subtype>+json`,
 * case-insensitive, parameters allowed.
 */
const isJsonContentType = (value: string): boolean => {
  const semi = value.indexOf(";")
  const essence = (semi === -1 ? value : value.slice(0, semi)).trim().toLowerCase()
  if (essence === "application/json") return true
  const slash = essence.indexOf("/")
  return slash > 0 && essence.endsWith("+json") && essence.length > slash + "+json".length + 1
}

// -------------------------------------------------------------------------------------
// JSON
// -------------------------------------------------------------------------------------

const MAX_DEPTH = 1000

/**
 * The longest array JSON can hold: each element takes at least one character
 * and a comma, and V8's strings end at 2 ** 29 - 24 characters.
 */
const MAX_ARRAY_LENGTH = 2 ** 28

/** After a foreign failure, at most this many values are read again to find the field. */
const SEARCH_BUDGET = 10_000

/**
 * Where `JSON.stringify` is, as its replacer sees it: `objects[0]` is the
 * wrapper `JSON.stringify` makes (its one key, `""`, holds the body), and
 * `objects[i]` sits under `keys[i]` in `objects[i - 1]`. `open` holds the
 * objects being serialised, to find a cycle; `error` is the one this walk threw.
 */
interface Walk {
  readonly objects: Array<object>
  readonly keys: Array<string>
  readonly open: Set<object>
  error: EndpointError | undefined
}

const segment = (path: string, holder: object, key: string): string => (isArray(holder) ? `${path}[${key}]` : child(path, key))

/** The path of `key` in `objects[at]`. */
const pathIn = (objects: ReadonlyArray<object>, keys: ReadonlyArray<string>, at: number, key: string): string => {
  if (at === 0) return "body"
  let path = "body"
  for (let i = 2; i <= at; i++) path = segment(path, objects[i - 1]!, keys[i]!)
  return segment(path, objects[at]!, key)
}

const failAt = (w: Walk, key: string, problem: string): EndpointError =>
  (w.error = new EndpointError(pathIn(w.objects, w.keys, w.objects.length - 1, key), problem))

/** How many indices of an array too long for JSON are looked at, to say whether it has holes. */
const PROBE = 1024

/**
 * Why an array cannot be serialised, found within its real size plus one
 * step (the first hole ends the search); `undefined` when it can be.
 */
const arrayProblem = (a: ReadonlyArray<unknown>): string | undefined => {
  const length = a.length
  const end = length > MAX_ARRAY_LENGTH ? PROBE : length
  for (let i = 0; i < end; i++) if (!(i in a)) return "a sparse array (with holes) cannot be serialised as JSON"
  return length > MAX_ARRAY_LENGTH ? `an array of ${length} elements is too long to serialise as JSON` : undefined
}

/** The replacer's work for one value: checked before `JSON.stringify` walks into it. */
const visit = (w: Walk, holder: object, key: string, value: unknown): unknown => {
  if (typeof value !== "object" || value === null) {
    if (typeof value !== "bigint") return value
  }
  const { objects, keys, open } = w
  if (objects.length === 0) {
    objects.push(holder)
    keys.push("")
  }
  // the holder is open; anything above it has been serialised
  while (objects.length > 1 && objects[objects.length - 1] !== holder) {
    open.delete(objects.pop()!)
    keys.pop()
  }
  if (typeof value === "bigint") throw failAt(w, key, "a bigint cannot be serialised as JSON")
  const object = value as object
  if (open.has(object)) throw failAt(w, key, "a circular reference cannot be serialised as JSON")
  if (objects.length > MAX_DEPTH) throw failAt(w, key, "nested too deeply to serialise as JSON")
  let problem: string | undefined
  try {
    problem = isArray(object) ? arrayProblem(object) : undefined
  } catch (e) {
    problem = `reading it failed (${describeError(e)})`
  }
  if (problem !== undefined) throw failAt(w, key, problem)
  objects.push(object)
  keys.push(key)
  open.add(object)
  return value
}

/** The keys `JSON.stringify` reads of an open object, at most `budget` of them. */
const keysOf = (o: object, budget: number): ReadonlyArray<string> => {
  if (!isArray(o)) return Object.keys(o).slice(0, budget)
  return Array.from({ length: Math.min(o.length, budget) }, (_, i) => String(i))
}

/** The first value of `o` whose reading or `toJSON` throws again, as an error naming it. */
const recheck = (o: object, path: (key: string) => string, keys: ReadonlyArray<string>): EndpointError | undefined => {
  for (const key of keys) {
    let v: unknown
    try {
      v = (o as Record<string, unknown>)[key]
    } catch (e) {
      return new EndpointError(path(key), `reading it failed (${describeError(e)})`)
    }
    if ((typeof v !== "object" || v === null) && typeof v !== "bigint") continue
    let toJSON: unknown
    try {
      toJSON = (v as { toJSON?: unknown }).toJSON
    } catch (e) {
      return new EndpointError(path(key), `reading toJSON failed (${describeError(e)})`)
    }
    if (typeof toJSON !== "function") continue
    try {
      toJSON.call(v, key)
    } catch (e) {
      return new EndpointError(path(key), `toJSON threw (${describeError(e)})`)
    }
  }
  return undefined
}

/**
 * After `JSON.stringify` threw something of the caller's (a getter, a trap, a
 * `toJSON`): the field, found by reading again the values of the objects it
 * had open, innermost first, within {@link SEARCH_BUDGET} reads.
 */
const locate = (w: Walk, body: unknown, e: unknown): EndpointError => {
  const objects = w.objects.length > 0 ? w.objects : [{ "": body }]
  let budget = SEARCH_BUDGET
  for (let at = objects.length - 1; at >= 0 && budget > 0; at--) {
    const o = objects[at]!
    let keys: ReadonlyArray<string>
    try {
      keys = keysOf(o, budget)
    } catch (e2) {
      return new EndpointError(pathIn(objects, w.keys, at - 1, w.keys[at] ?? ""), `reading its keys failed (${describeError(e2)})`)
    }
    budget -= keys.length
    const found = recheck(o, (key) => pathIn(objects, w.keys, at, key), keys)
    if (found !== undefined) return found
  }
  return new EndpointError("body", `cannot be serialised as JSON (${describeError(e)})`)
}

/**
 * The body as JSON text. The replacer refuses what cannot be serialised as
 * it meets it (a bigint, a cycle, a sparse array, too deep a nesting), so the
 * work never exceeds the body's real size.
 */
const toJson = (body: unknown): string => {
  const w: Walk = { objects: [], keys: [], open: new Set(), error: undefined }
  let text: string | undefined
  try {
    text = JSON.stringify(body, function (this: object, key: string, value: unknown) {
      return visit(w, this, key, value)
    })
  } catch (e) {
    if (w.error !== undefined && e === w.error) throw e
    throw locate(w, body, e)
  }
  if (text === undefined) throw new EndpointError("body", `a ${kindOf(body)} cannot be serialised as JSON`)
  return text
}

// -------------------------------------------------------------------------------------
// fields
// -------------------------------------------------------------------------------------

/** Lowercase names, string values, each checked the way `Headers` checks it. */
const toHeaderRecord = (source: unknown): Record<string, string> => {
  if (!isPlainObject(source)) throw new EndpointError("headers", `expected a plain object, got ${kindOf(source)}`)
  const out: Record<string, string> = {}
  const probe = typeof Headers === "function" ? new Headers() : undefined
  let names: ReadonlyArray<string>
  try {
    names = Object.keys(source)
  } catch (e) {
    throw new EndpointError("headers", `reading its keys failed (${describeError(e)})`)
  }
  for (const name of names) {
    const path = child("headers", name)
    const raw = read(source, name, path)
    if (raw === undefined || raw === null) continue
    if (typeof raw !== "string" && typeof raw !== "number") {
      throw new EndpointError(path, `expected string or number, got ${kindOf(raw)}`)
    }
    const value = String(raw)
    const lower = name.toLowerCase()
    if (has(out, lower)) throw new EndpointError(path, `names the same header as another key (${quote(lower)})`)
    if (probe !== undefined) {
      try {
        probe.set(name, value)
      } catch (e) {
        throw new EndpointError(path, `rejected by Headers (${describeError(e)}): ${quote(value)}`)
      }
    }
    put(out, lower, value)
  }
  return out
}

const contentTypeOf = (headers: Record<string, string>): string | undefined =>
  has(headers, "content-type") ? headers["content-type"] : undefined

const toBody = (body: unknown, contentType: string | undefined): unknown => {
  const kind = bodyKind(body)
  if (kind === "as-is") return body
  if (kind === "shared") {
    const what = hasSlot(slots.shared, body) ? "a SharedArrayBuffer" : `a ${kindOf(body)} on a SharedArrayBuffer`
    throw new EndpointError("body", `${what} cannot be sent by fetch; copy it into an ArrayBuffer`)
  }
  if (contentType !== undefined && isJsonContentType(contentType)) return toJson(body)
  throw new EndpointError(
    "body",
    `a ${kindOf(body)} body is sent as JSON only with a JSON content type, got ${
      contentType === undefined ? "no content-type" : `content-type ${quote(contentType)}`
    }; pass a string or binary body instead`,
  )
}

/** A check of a fetch option's value: the problem, or `undefined` when fetch takes it. */
type Check = (u: unknown) => string | undefined

const oneOf =
  (...values: ReadonlyArray<string>): Check =>
  (u) =>
    typeof u === "string" && values.includes(u)
      ? undefined
      : `expected ${values.slice(0, -1).map(quote).join(", ")} or ${quote(values[values.length - 1]!)}, got ${shownValue(u)}`

const ofType =
  (type: "boolean" | "string"): Check =>
  (u) =>
    typeof u === type ? undefined : `expected a ${type}, got ${shownValue(u)}`

const isSignal: Check = (u) => {
  if (typeof u === "object" && u !== null) {
    if (isInstance(u, "AbortSignal")) return undefined
    const s = u as { aborted?: unknown; addEventListener?: unknown }
    if (typeof s.aborted === "boolean" && typeof s.addEventListener === "function") return undefined
  }
  return `expected an AbortSignal, got ${shownValue(u)}`
}

const isDispatcher: Check = (u) =>
  typeof u === "object" && u !== null ? undefined : `expected an undici Dispatcher (an object), got ${shownValue(u)}`

/** The fields of `RequestInit` that `request` may carry, each with the values fetch accepts. */
const FETCH_OPTIONS: ReadonlyArray<readonly [name: keyof FetchInit, check: Check]> = [
  ["signal", isSignal],
  ["redirect", oneOf("follow", "error", "manual")],
  ["credentials", oneOf("omit", "same-origin", "include")],
  ["cache", oneOf("default", "no-store", "reload", "no-cache", "force-cache", "only-if-cached")],
  ["keepalive", ofType("boolean")],
  ["referrerPolicy", oneOf("", "no-referrer", "no-referrer-when-downgrade", "same-origin", "origin", "strict-origin",
    "origin-when-cross-origin", "strict-origin-when-cross-origin", "unsafe-url")],
  ["priority", oneOf("high", "low", "auto")],
  ["mode", oneOf("cors", "no-cors", "same-origin")],
  ["integrity", ofType("string")],
  ["referrer", ofType("string")],
  ["dispatcher", isDispatcher],
]

/** Copies the fetch options of `request` (own properties, neither `null` nor `undefined`) into the init. */
const copyFetchOptions = (request: unknown, init: Record<string, unknown>): void => {
  if (request === undefined || request === null) return
  if (typeof request !== "object") throw new EndpointError("request", `expected an object, got ${kindOf(request)}`)
  for (const [name, check] of FETCH_OPTIONS) {
    const path = child("request", name)
    const value = readOwn(request, name, path)
    if (value === undefined || value === null) continue
    let problem: string | undefined
    try {
      problem = check(value)
    } catch (e) {
      problem = `reading it failed (${describeError(e)})`
    }
    if (problem !== undefined) throw new EndpointError(path, problem)
    put(init, name, value)
  }
}

const buildInit = (result: RequestOptions): FetchArgs => {
  if (typeof result !== "object" || result === null) {
    throw new EndpointError("", `expected request options, got ${kindOf(result)}`)
  }
  const method = read(result, "method", "method")
  const url = read(result, "url", "url")
  if (typeof method !== "string") throw new EndpointError("method", `expected string, got ${kindOf(method)}`)
  if (typeof url !== "string") throw new EndpointError("url", `expected string, got ${kindOf(url)}`)
  const upper = method.toUpperCase()
  if (FORBIDDEN_METHODS.has(upper)) throw new EndpointError("method", `${quote(upper)} cannot be sent by fetch`)
  const headers = toHeaderRecord(read(result, "headers", "headers") ?? {})
  const init: FetchInit = { method: upper, headers }
  // put, not assignment: Object.prototype may have been given a setter for any of these names
  const fields = init as unknown as Record<string, unknown>
  const raw = upper === "GET" || upper === "HEAD" ? undefined : readOwn(result, "body", "body")
  if (raw !== undefined) {
    const body = toBody(raw, contentTypeOf(headers))
    put(fields, "body", body)
    if (isStream(body)) put(fields, "duplex", "half")
  }
  copyFetchOptions(readOwn(result, "request", "request"), fields)
  return [url, init]
}

const buildRequest = (result: RequestOptions): PlatformRequest => {
  const [url, init] = buildInit(result)
  const Ctor = (globalThis as { Request?: new (url: string, init?: object) => PlatformRequest }).Request
  if (typeof Ctor !== "function") throw new EndpointError("", "this runtime has no Request; use toRequestInit")
  try {
    return new Ctor(url, init)
  } catch (e) {
    let urlOk = true
    try {
      new Ctor(url)
    } catch {
      urlOk = false
    }
    throw urlOk
      ? new EndpointError("", `fetch rejected the request (${describeError(e)})`)
      : new EndpointError("url", `fetch rejected ${quote(url)} (${describeError(e)})`)
  }
}

// -------------------------------------------------------------------------------------
// conversions
// -------------------------------------------------------------------------------------

/**
 * Request options as the arguments of `fetch`: the url and an init with an
 * uppercase method, string header values, a sendable body and the fetch
 * options found in `request`. Throws `EndpointError` for a header value
 * `Headers` rejects (a character above U+00FF), a body that cannot be
 * serialised as JSON (a cycle, a bigint, a sparse array), an object body
 * without a JSON content type, or a fetch option fetch would reject.
 *
 * @example
 * import { endpoint, toRequestInit } from "fp-endpoint"
 *
 * const controller = new AbortController()
 * const [url, init] = toRequestInit(
 *   endpoint("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", name: "ünï", request: { signal: controller.signal } }),
 * )
 * // url  === "https://api.github.com/repos/o/r"
 * // init === { method: "PATCH", headers: { accept: "application/vnd.github.v3+json", ... },
 * //            body: '{"name":"ünï"}', signal: controller.signal }
 * const response = await fetch(url, init)
 *
 * @since 0.1.0
 */
export const toRequestInit = (result: RequestOptions): FetchArgs => run(() => buildInit(result))

/**
 * Request options as a WHATWG `Request`, ready for `fetch`. Same rules as
 * `toRequestInit`; also throws `EndpointError` when `fetch` itself rejects
 * the url, the method or an option. Typed as the platform's `Request`
 * (`unknown` without DOM or `@types/node`).
 *
 * @example
 * import { endpoint, toRequest } from "fp-endpoint"
 *
 * const request = toRequest(endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open" }))
 * request.method // "GET"
 * request.url // "https://api.github.com/repos/o/r/issues?state=open"
 * const response = await fetch(request)
 *
 * @since 0.1.0
 */
export const toRequest = (result: RequestOptions): PlatformRequest => run(() => buildRequest(result))

/**
 * `toRequestInit` as an `Either`: never throws.
 *
 * @example
 * import { endpoint, toRequestInitEither } from "fp-endpoint"
 * import * as E from "fp-ts/lib/Either.js"
 * import { pipe } from "fp-ts/lib/function.js"
 *
 * pipe(
 *   endpoint.either("POST /markdown/raw", { data: "# hi", headers: { "content-type": "text/plain" } }),
 *   E.flatMap(toRequestInitEither),
 * ) // right(["https://api.github.com/markdown/raw", { method: "POST", headers: {...}, body: "# hi" }])
 *
 * @since 0.1.0
 */
export const toRequestInitEither = (result: RequestOptions): Either<EndpointError, FetchArgs> =>
  attempt(() => buildInit(result))

/**
 * `toRequest` as an `Either`: never throws.
 *
 * @example
 * import { endpoint, toRequestEither } from "fp-endpoint"
 * import * as E from "fp-ts/lib/Either.js"
 * import { pipe } from "fp-ts/lib/function.js"
 *
 * pipe(
 *   endpoint.either("GET /user"),
 *   E.flatMap(toRequestEither),
 *   E.map((request) => request.method),
 * ) // right("GET")
 *
 * @since 0.1.0
 */
export const toRequestEither = (result: RequestOptions): Either<EndpointError, PlatformRequest> =>
  attempt(() => buildRequest(result))
