/**
 * Sending the result: `endpoint()` request options as a WHATWG `Request`, or
 * as the `[url, init]` arguments of `fetch`.
 *
 * - The method is uppercased: `fetch` normalises only six, and Node's server
 *   rejects a lowercase `patch`. GET and HEAD never carry a body.
 * - An object body becomes JSON under a JSON content type (`application/json`,
 *   any `+json`). Strings, form and binary bodies (from any realm or copy of
 *   fetch) pass through with no content type added: the HTTP client writes its
 *   own (a multipart boundary). Shared memory is refused.
 * - The fetch options of `request` (`signal`, `redirect`, ..., undici's
 *   `dispatcher`) go into the init; its other keys stay out.
 * - Work follows the input's real size (a sparse array is refused when met);
 *   only `EndpointError` is thrown. The declarations need no DOM and no
 *   `@types/node`, and take the platform's types where it declares them.
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

/** The platform's `RequestInit` (the DOM's, or undici's through `@types/node`); `{}` without one. */
type PlatformInit = typeof globalThis extends { Request: new (input: never, init?: infer I) => unknown } ? NonNullable<I> : {}
/** The type of a `RequestInit` field on this platform; `unknown` where the platform has none. */
type InitField<K extends string> = PlatformInit extends { readonly [P in K]?: infer V } ? V : unknown
/** The platform's `Request`; `unknown` where it declares none (no DOM, no `@types/node`). */
type PlatformRequest = typeof globalThis extends { Request: { prototype: infer R } } ? R : unknown

/**
 * The init that `toRequestInit` makes: an uppercase method, string header values
 * under lowercase names, a body only when one is sent (with `duplex: "half"` for a
 * stream, as Node's `fetch` requires) and the fetch options of `request`, each typed
 * as the platform's `RequestInit` field (`unknown` without DOM or `@types/node`).
 *
 * @example
 * import type { FetchInit } from "fp-endpoint"
 *
 * const init: FetchInit = { method: "PUT", headers: { "content-type": "text/plain" }, body: "hi", redirect: "manual" }
 *
 * @since 0.1.0
 */
export interface FetchInit extends FetchOptions {
  method: string
  headers: Record<string, string>
  body?: Exclude<InitField<"body">, null>
  duplex?: "half"
}

/** The fetch options `request` may carry; `dispatcher` is undici's (an `Agent`, a `ProxyAgent`, ...). */
type FetchOption = "signal" | "redirect" | "credentials" | "cache" | "keepalive" | "referrerPolicy" | "priority" | "mode"
  | "integrity" | "referrer" | "dispatcher"
type FetchOptions = { [K in FetchOption]?: InitField<K> }

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

/** A caller's exception, described for a message (neither helper throws). */
const describeError = (e: unknown): string => errorText(e) ?? kindOf(e)

/** `f()`, where anything it throws (a getter, a Proxy trap) becomes an error at `path`. */
const guard = <A>(path: string, f: () => A, problem = (why: string) => `reading it failed (${why})`): A => {
  try {
    return f()
  } catch (e) {
    throw new EndpointError(path, problem(describeError(e)))
  }
}

const read = (o: object, key: string, path = key): unknown => guard(path, () => (o as Record<string, unknown>)[key])
const readOwn = (o: object, key: string, path = key): unknown => guard(path, () => own(o, key))

/** A value in a message: a string quoted, anything else named by its kind. */
const shownValue = (u: unknown): string => (typeof u === "string" ? quote(u) : kindOf(u))

/** `application/json` or `<type>/<subtype>+json`, case-insensitive, parameters allowed. */
const isJsonContentType = (value: string): boolean => {
  const essence = value.split(";", 1)[0]!.trim().toLowerCase()
  return essence === "application/json" || /^[^/]+\/[\s\S]+\+json$/.test(essence)
}

// JSON: the replacer refuses what cannot be serialised as it meets it (a bigint,
// a cycle, a sparse array, too deep a nesting), so the work never exceeds the
// body's real size; after a foreign failure, a bounded search names the field.

const MAX_DEPTH = 1000
/** The longest array JSON can hold: an element and a comma each, in V8's 2 ** 29 - 24 characters. */
const MAX_ARRAY_LENGTH = 2 ** 28
/** How many indices of an array too long for JSON are looked at, to say whether it has holes. */
const PROBE = 1024
/** After a foreign failure, at most this many values are read again to find the field. */
const SEARCH_BUDGET = 10_000

/**
 * Where `JSON.stringify` is, as its replacer sees it: `objects[0]` is its
 * wrapper (key `""` holds the body), and `objects[i]` sits under `keys[i]` in
 * `objects[i - 1]`. `open` holds the objects being serialised, to find a
 * cycle; `error` is the one this walk threw.
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

/** Why an array cannot be serialised, found within its real size plus one step; `undefined` when it can be. */
const arrayProblem = (a: ReadonlyArray<unknown>): string | undefined => {
  try {
    const length = a.length
    const end = length > MAX_ARRAY_LENGTH ? PROBE : length
    for (let i = 0; i < end; i++) if (!(i in a)) return "a sparse array (with holes) cannot be serialised as JSON"
    return length > MAX_ARRAY_LENGTH ? `an array of ${length} elements is too long to serialise as JSON` : undefined
  } catch (e) {
    return `reading it failed (${describeError(e)})`
  }
}

/** The replacer's work for one value: checked before `JSON.stringify` walks into it. */
const visit = (w: Walk, holder: object, key: string, value: unknown): unknown => {
  if ((typeof value !== "object" || value === null) && typeof value !== "bigint") return value
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
  const object = value as object
  const problem =
    typeof value === "bigint" ? "a bigint cannot be serialised as JSON"
    : open.has(object) ? "a circular reference cannot be serialised as JSON"
    : objects.length > MAX_DEPTH ? "nested too deeply to serialise as JSON"
    : isArray(object) ? arrayProblem(object)
    : undefined
  if (problem !== undefined) throw failAt(w, key, problem)
  objects.push(object)
  keys.push(key)
  open.add(object)
  return value
}

/**
 * The field where `JSON.stringify` failed on something of the caller's (a
 * getter, a trap, a `toJSON`): the open objects' values read again, innermost
 * first, within {@link SEARCH_BUDGET} reads.
 */
const locate = (w: Walk, body: unknown, e: unknown): EndpointError => {
  const objects = w.objects.length > 0 ? w.objects : [{ "": body }]
  let budget = SEARCH_BUDGET
  for (let at = objects.length - 1; at >= 0 && budget > 0; at--) {
    const o = objects[at] as Record<string, unknown>
    let failed = "reading its keys failed"
    let key: string | undefined
    try {
      // the keys JSON.stringify reads, at most `budget` of them
      const keys = isArray(o)
        ? Array.from({ length: Math.min(o.length, budget) }, (_, i) => String(i))
        : Object.keys(o).slice(0, budget)
      budget -= keys.length
      for (key of keys) {
        failed = "reading it failed"
        const v = o[key]
        if ((typeof v !== "object" || v === null) && typeof v !== "bigint") continue
        failed = "reading toJSON failed"
        const toJSON = (v as { toJSON?: unknown }).toJSON
        failed = "toJSON threw"
        if (typeof toJSON === "function") toJSON.call(v, key)
      }
    } catch (e2) {
      const path = key === undefined ? pathIn(objects, w.keys, at - 1, w.keys[at] ?? "") : pathIn(objects, w.keys, at, key)
      return new EndpointError(path, `${failed} (${describeError(e2)})`)
    }
  }
  return new EndpointError("body", `cannot be serialised as JSON (${describeError(e)})`)
}

const toJson = (body: unknown): string => {
  const w: Walk = { objects: [], keys: [], open: new Set(), error: undefined }
  let text: string | undefined
  try {
    text = JSON.stringify(body, function (this: object, key: string, value: unknown) {
      return visit(w, this, key, value)
    })
  } catch (e) {
    throw w.error !== undefined && e === w.error ? e : locate(w, body, e)
  }
  if (text === undefined) throw new EndpointError("body", `a ${kindOf(body)} cannot be serialised as JSON`)
  return text
}

/** Lowercase names, string values, each checked the way `Headers` checks it. */
const toHeaderRecord = (source: unknown): Record<string, string> => {
  if (!isPlainObject(source)) throw new EndpointError("headers", `expected a plain object, got ${kindOf(source)}`)
  const out: Record<string, string> = {}
  const probe = typeof Headers === "function" ? new Headers() : undefined
  for (const name of guard("headers", () => Object.keys(source), (why) => `reading its keys failed (${why})`)) {
    const path = child("headers", name)
    const raw = read(source, name, path)
    if (raw === undefined || raw === null) continue
    if (typeof raw !== "string" && typeof raw !== "number") {
      throw new EndpointError(path, `expected string or number, got ${kindOf(raw)}`)
    }
    const value = String(raw)
    const lower = name.toLowerCase()
    if (has(out, lower)) throw new EndpointError(path, `names the same header as another key (${quote(lower)})`)
    guard(path, () => probe?.set(name, value), (why) => `rejected by Headers (${why}): ${quote(value)}`)
    put(out, lower, value)
  }
  return out
}

const toBody = (body: unknown, contentType: string | undefined): unknown => {
  const kind = bodyKind(body)
  if (kind === "as-is") return body
  if (kind === "shared") {
    const what = hasSlot(slots.shared, body) ? "a SharedArrayBuffer" : `a ${kindOf(body)} on a SharedArrayBuffer`
    throw new EndpointError("body", `${what} cannot be sent by fetch; copy it into an ArrayBuffer`)
  }
  if (contentType !== undefined && isJsonContentType(contentType)) return toJson(body)
  const got = contentType === undefined ? "no content-type" : `content-type ${quote(contentType)}`
  const problem = `a ${kindOf(body)} body is sent as JSON only with a JSON content type, got ${got}`
  throw new EndpointError("body", `${problem}; pass a string or binary body instead`)
}

/** A check of a fetch option's value: the problem, or `undefined` when fetch takes it. */
type Check = (u: unknown) => string | undefined

const oneOf = (...values: ReadonlyArray<string>): Check => (u) =>
  typeof u === "string" && values.includes(u)
    ? undefined
    : `expected ${values.slice(0, -1).map(quote).join(", ")} or ${quote(values[values.length - 1]!)}, got ${shownValue(u)}`

const ofType = (type: "boolean" | "string"): Check => (u) =>
  typeof u === type ? undefined : `expected a ${type}, got ${shownValue(u)}`

/** An `AbortSignal`, or one from another copy of fetch (undici's), known by its shape. */
const isSignal: Check = (u) => {
  const s = u as { aborted?: unknown; addEventListener?: unknown }
  if (typeof u === "object" && u !== null) {
    if (isInstance(u, "AbortSignal")) return undefined
    if (typeof s.aborted === "boolean" && typeof s.addEventListener === "function") return undefined
  }
  return `expected an AbortSignal, got ${shownValue(u)}`
}

/** The fields of `RequestInit` that `request` may carry, each with the values fetch accepts. */
const FETCH_OPTIONS: ReadonlyArray<readonly [name: FetchOption, check: Check]> = [
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
  ["dispatcher", (u) =>
    typeof u === "object" && u !== null ? undefined : `expected an undici Dispatcher (an object), got ${shownValue(u)}`],
]

/** Copies the fetch options of `request` (own properties, neither `null` nor `undefined`) into the init. */
const copyFetchOptions = (request: unknown, init: Record<string, unknown>): void => {
  if (request === undefined || request === null) return
  if (typeof request !== "object") throw new EndpointError("request", `expected an object, got ${kindOf(request)}`)
  for (const [name, check] of FETCH_OPTIONS) {
    const path = child("request", name)
    const value = readOwn(request, name, path)
    if (value === undefined || value === null) continue
    const problem = guard(path, () => check(value))
    if (problem !== undefined) throw new EndpointError(path, problem)
    put(init, name, value)
  }
}

const buildInit = (result: RequestOptions): FetchArgs => {
  if (typeof result !== "object" || result === null) throw new EndpointError("", `expected request options, got ${kindOf(result)}`)
  const method = read(result, "method")
  const url = read(result, "url")
  if (typeof method !== "string") throw new EndpointError("method", `expected string, got ${kindOf(method)}`)
  if (typeof url !== "string") throw new EndpointError("url", `expected string, got ${kindOf(url)}`)
  const upper = method.toUpperCase()
  // methods the Fetch standard refuses to send
  if (["CONNECT", "TRACE", "TRACK"].includes(upper)) throw new EndpointError("method", `${quote(upper)} cannot be sent by fetch`)
  const headers = toHeaderRecord(read(result, "headers") ?? {})
  const init: FetchInit = { method: upper, headers }
  // put, not assignment: Object.prototype may have been given a setter for any of these names
  const fields = init as unknown as Record<string, unknown>
  const raw = upper === "GET" || upper === "HEAD" ? undefined : readOwn(result, "body")
  if (raw !== undefined) {
    const body = toBody(raw, own(headers, "content-type") as string | undefined)
    put(fields, "body", body)
    if (isStream(body)) put(fields, "duplex", "half")
  }
  copyFetchOptions(readOwn(result, "request"), fields)
  return [url, init]
}

const buildRequest = (result: RequestOptions): PlatformRequest => {
  const [url, init] = buildInit(result)
  const Ctor = (globalThis as { Request?: new (url: string, init?: object) => PlatformRequest }).Request
  if (typeof Ctor !== "function") throw new EndpointError("", "this runtime has no Request; use toRequestInit")
  try {
    return new Ctor(url, init)
  } catch (e) {
    // when the url alone is refused too, the url is at fault
    guard("url", () => new Ctor(url), () => `fetch rejected ${quote(url)} (${describeError(e)})`)
    throw new EndpointError("", `fetch rejected the request (${describeError(e)})`)
  }
}

/**
 * Request options as the arguments of `fetch`. Throws `EndpointError` for a
 * header value `Headers` rejects, a body that cannot be serialised as JSON (a
 * cycle, a bigint, a sparse array), an object body without a JSON content
 * type, or a fetch option fetch would reject.
 *
 * @example
 * import { endpoint, toRequestInit } from "fp-endpoint"
 *
 * const signal = AbortSignal.timeout(5_000)
 * const options = endpoint("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", name: "ünï", request: { signal } })
 * const [url, init] = toRequestInit(options)
 * // url  === "https://api.github.com/repos/o/r"
 * // init === { method: "PATCH", headers: { accept: "application/vnd.github.v3+json", ... }, body: '{"name":"ünï"}', signal }
 * const response = await fetch(url, init)
 *
 * @since 0.1.0
 */
export const toRequestInit = (result: RequestOptions): FetchArgs => run(() => buildInit(result))

/**
 * Request options as a WHATWG `Request` (the platform's type, `unknown` without
 * DOM or `@types/node`). Same rules as `toRequestInit`; also throws
 * `EndpointError` when `fetch` itself rejects the url, the method or an option.
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
 * const options = endpoint.either("POST /markdown/raw", { data: "# hi", headers: { "content-type": "text/plain" } })
 * pipe(options, E.flatMap(toRequestInitEither))
 * // right(["https://api.github.com/markdown/raw", { method: "POST", headers: {...}, body: "# hi" }])
 *
 * @since 0.1.0
 */
export const toRequestInitEither = (result: RequestOptions): Either<EndpointError, FetchArgs> => attempt(() => buildInit(result))

/**
 * `toRequest` as an `Either`: never throws.
 *
 * @example
 * import { endpoint, toRequestEither } from "fp-endpoint"
 * import * as E from "fp-ts/lib/Either.js"
 * import { pipe } from "fp-ts/lib/function.js"
 *
 * pipe(endpoint.either("GET /user"), E.flatMap(toRequestEither), E.map((request) => request.method)) // right("GET")
 *
 * @since 0.1.0
 */
export const toRequestEither = (result: RequestOptions): Either<EndpointError, PlatformRequest> =>
  attempt(() => buildRequest(result))
