/** Sending the result: request options as a WHATWG `Request`, or as the `[url, init]` arguments of `fetch`.
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import { EndpointError } from "./EndpointError.js"
import { describeError, run, tryCatch } from "./internal/either.js"
import { aKind, child, childOf, kindOf, quote, sameHeader } from "./internal/describe.js"
import { bodyKind, isBoxedBigInt, isBoxedString, isBoxedSymbol, isInvalidDate, isSharedBuffer, isTypedArray, numberIn, tagOf, webBodyTag } from "./internal/body.js"
import { jsonBudget, TOO_MUCH_JSON, withControlsEscaped } from "./internal/json.js"
import { has, isArray, isDense, isPlainObject, membersOf, own, put, tabulate } from "./internal/object.js"
import { breaksLine, isToken } from "./internal/token.js"
import { loneSurrogateAt } from "./internal/encode.js"
import type { RequestOptions } from "./Parse.js"

// The platform's RequestInit, one of its fields, and its Request: the DOM's or undici's (through @types/node), or
// `{}` and `unknown` without either, so that the declarations need neither.
type PlatformInit = typeof globalThis extends { Request: new (input: never, init?: infer I) => unknown } ? NonNullable<I> : {}
type InitField<K extends string> = PlatformInit extends { readonly [P in K]?: infer V } ? V : unknown
type PlatformRequest = typeof globalThis extends { Request: { prototype: infer R } } ? R : unknown

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

/** The fetch options `request` may carry; `dispatcher` is undici's (an `Agent`, a `ProxyAgent`, ...). */
type FetchOption = "signal" | "redirect" | "credentials" | "cache" | "keepalive" | "referrerPolicy" | "priority" | "mode"
  | "integrity" | "referrer" | "dispatcher"
type FetchOptions = { [K in FetchOption]?: InitField<K> }

/** The arguments of `fetch`: `fetch(...toRequestInit(result))`.
 * @example
 * import { endpoint, toRequestInit, type FetchArgs } from "fp-endpoint"
 * const args: FetchArgs = toRequestInit(endpoint("GET /user"))
 * @since 0.1.0
 */
export type FetchArgs = [url: string, init: FetchInit]

/** `f()`; what it throws (a caller's getter or Proxy trap) becomes an error at `path`, worked out only then. */
const guard = <A>(path: string | (() => string), f: () => A, problem = (why: string) => `reading it failed (${why})`): A => {
  try {
    return f()
  } catch (e) {
    throw new EndpointError(typeof path === "string" ? path : path(), problem(describeError(e)))
  }
}
const read = (o: object, key: string, path = key): unknown => guard(path, () => (o as Record<string, unknown>)[key])
const readOwn = (o: object, key: string, path = key): unknown => guard(path, () => own(o, key)) // not from a polluted prototype

/** Headers that fetch sets from the url, the body and the request's mode (`host`, `content-length`, `sec-fetch-mode`: a value
 * given is replaced, silently, or dropped by browsers, as every `sec-` header), or that manage the connection, which fetch
 * refuses (Node's, but for `connection: close`) or drops (browsers); curl would send them as given. */
const FETCH_OWN = ["host", "content-length", "sec-fetch-mode", "connection", "transfer-encoding", "expect", "keep-alive", "upgrade"]
/** Node's fetch copies a headers record into a plain object, where the name `__proto__` sets the prototype: the header is lost. */
const PROTO_LOST = "fetch reads headers into an object, where this name would set its prototype: the request would not carry it"
/** Why a string has no UTF-8 form, which fetch and a terminal replace with U+FFFD; `undefined` when it has one. */
const noUtf8 = (s: string): string | undefined => {
  const at = loneSurrogateAt(s)
  return at < 0 ? undefined : `lone surrogate at index ${at}, which has no UTF-8 form`
}

/** Lowercase names and string values, each checked the way `Headers` checks it when `probe` (for fetch; curl sends any character but CR, LF or NUL). */
const toHeaderRecord = (source: unknown, probe: boolean): Record<string, string> => {
  if (!isPlainObject(source)) throw new EndpointError("headers", `expected a plain object, got ${kindOf(source)}`)
  const headers: Record<string, string> = {}
  const platform = probe && typeof Headers === "function" ? new Headers() : undefined
  for (const name of guard("headers", () => Object.keys(source), (why) => `reading its keys failed (${why})`)) {
    const path = child("headers", name)
    const raw = read(source, name, path)
    if (raw === undefined || raw === null) continue
    if (typeof raw !== "string" && typeof raw !== "number") throw new EndpointError(path, `expected string or number, got ${kindOf(raw)}`)
    if (typeof raw === "number" && !Number.isFinite(raw)) throw new EndpointError(path, `expected a finite number, got ${raw}`)
    if (!isToken(name)) throw new EndpointError(path, "header name is not an RFC 9110 token")
    const [value, lower] = [String(raw), name.toLowerCase()]
    if (FETCH_OWN.includes(lower)) throw new EndpointError(path, "fetch writes this header itself or refuses it, so the request would not carry this value")
    if (lower === "__proto__") throw new EndpointError(path, PROTO_LOST)
    if (has(headers, lower)) throw new EndpointError(path, guard(path, () => sameHeader(source, name, lower)))
    // Headers trims CR and LF at either end before its own check, and fetch would send the trimmed value; ours is as given
    if (breaksLine(value)) throw new EndpointError(path, "header value contains CR, LF or NUL")
    guard(path, () => platform?.set(name, value), (why) => `rejected by Headers (${why}): ${quote(value)}`)
    const lone = noUtf8(value) // for curl, which sends a value as UTF-8; fetch's Headers refused it above, as beyond Latin-1
    if (lone !== undefined) throw new EndpointError(path, lone)
    put(headers, lower, value)
  }
  return headers
}

// A JSON body: the replacer refuses what JSON cannot hold as JSON.stringify meets it, so the work follows the
// body's real size and the error names the field; when the caller's code throws instead, `locate` finds where.
const MAX_DEPTH = 1000
const MAX_ARRAY_LENGTH = 2 ** 28 // the longest JSON array a V8 string can hold, at 2 characters an element
const PROBE = 1024 // how many indices of a longer array are looked at, to call a sparse one sparse
const SEARCH_BUDGET = 10_000 // how many values `locate` reads
const SPARSE = "a sparse array (with holes) cannot be serialised as JSON"

/** An object JSON.stringify has open: `holder[key]`, after any toJSON. `pathOf` names the last of such steps. */
interface Frame { readonly object: object; readonly holder: object; readonly key: string }
/** A frame of `toJson`'s stack: `object` as JSON.stringify walks it (an array's copy), `source` the caller's own. */
interface Open extends Frame { readonly source: object }
const pathOf = (steps: ReadonlyArray<Omit<Frame, "object">>): string => // the first step is from JSON's wrapper to the body
  steps.slice(1).reduce((path, { holder, key }) => childOf(path, key, isArray(holder) || isTypedArray(holder)), "body")

/**
 * What JSON would do wrong with a value that is no object: refuse a bigint; send `NaN`, `Infinity`, or an
 * array's `undefined`, function or symbol as `null`; leave out an object's function or symbol (as the
 * body, send nothing).
 */
const scalarProblem = (value: unknown, holder: "array" | "object" | "body"): string =>
  typeof value === "bigint" ? "a bigint cannot be serialised as JSON"
  : typeof value === "number" || value === undefined ? `${value} cannot be serialised as JSON (it would be sent as null)`
  : holder === "array" ? `${aKind(value)} cannot be serialised as JSON (it would be sent as null)`
  : `${aKind(value)} cannot be serialised as JSON${holder === "object" ? " (it would be left out)" : ""}`

const arrayProblem = (array: ReadonlyArray<unknown>): string | undefined => {
  try {
    const length = array.length
    if (length <= MAX_ARRAY_LENGTH) return isDense(array) ? undefined : SPARSE
    for (let i = 0; i < PROBE; i++) if (!(i in array)) return SPARSE
    return `an array of ${length} elements is too long to serialise as JSON`
  } catch (e) {
    return `reading it failed (${describeError(e)})`
  }
}

/**
 * What JSON would lose of an object that is no array (after its `toJSON`): a boxed bigint, which it
 * cannot write; a binary or form body other than a typed array (an ArrayBuffer, a DataView, a Blob), a
 * Promise, a stream (async iterable) or another iterable (a Map, a Set, an iterator), which
 * JSON.stringify writes as its own fields, not what it holds (`{}` for a Map); an object with no own key
 * whose prototypes define getters, which it writes as `{}` (see `showsByGetters`). What keeps its entries
 * passes: a typed array and an `arguments` object (as index keys), a boxed string (as the string).
 */
const contentsProblem = (value: object, prototypes: Map<object, boolean>): string | undefined => {
  try {
    const plain = isPlainObject(value) // none of the kinds below but by its own members: no slot checks, which cost a throw each
    if (!plain && isBoxedBigInt(value)) return "a bigint cannot be serialised as JSON"
    if (!plain && bodyKind(value) !== "json" && !isTypedArray(value)) return `${aKind(value)} cannot be serialised as JSON (it would be sent as {}): send it as data, the whole body, or encode it first`
    const lost = plain ? undefined : lostByJson(value)
    if (lost !== undefined) return `${aKind(value)} cannot be serialised as JSON (${lost}): send the fields you mean as a plain object`
    if (typeof member(value, "then", plain) === "function") return `${aKind(value)} cannot be serialised as JSON: await it first`
    if (typeof member(value, Symbol.asyncIterator, plain) === "function") return `${aKind(value)} is a stream, not JSON: send a web ReadableStream as data, or read it first`
    const view = ArrayBuffer.isView(value)
    if (typeof member(value, Symbol.iterator, plain) === "function" && !view && !keepsEntries(value)) return `${aKind(value)} cannot be serialised as JSON (it would be sent without its entries): make it an array or a plain object`
    if (plain || view || !showsByGetters(value, prototypes)) return undefined
    return `${aKind(value)} cannot be serialised as JSON (it shows its data through getters of its class, which JSON does not read: it would be sent as {}): send the fields you mean as a plain object`
  } catch (e) {
    return `reading it failed (${describeError(e)})`
  }
}

/** What JSON.stringify would lose of an object that is no plain one: an error's message (of a `DOMException` too), a pattern, a weak collection's contents, a boxed symbol, a fetch `Response` or `Request`, a boxed number that is not finite. */
const lostByJson = (value: object): string | undefined => {
  const tag = tagOf(value)
  if (isBoxedSymbol(value)) return "its symbol would be lost"
  if (tag === "[object Response]" || tag === "[object Request]") return "its body and headers would be lost"
  if (value instanceof Error || tag === "[object Error]") return "its message would be lost"
  if (tag === "[object RegExp]") return "its pattern would be lost"
  if (/^\[object Weak(?:Map|Set|Ref)\]$/.test(tag)) return "what it holds cannot be read"
  const n = numberIn(value)
  return n === undefined || Number.isFinite(n) ? undefined : `it holds ${n}, which would be sent as null`
}

/**
 * An object with no own enumerable key whose prototypes define getters (`AbortSignal`, a class over private
 * fields): JSON writes `{}` for it. `prototypes` holds each prototype's answer for the body, so that many
 * objects of one large class cost one look at it.
 */
const showsByGetters = (value: object, prototypes: Map<object, boolean>): boolean => {
  if (Object.keys(value).length > 0) return false
  let proto: unknown = Object.getPrototypeOf(value)
  for (let depth = 0; depth < 32 && typeof proto === "object" && proto !== null && proto !== Object.prototype; depth++) { // a Proxy may answer forever
    const known = prototypes.get(proto)
    const getters = known ?? Object.values(Object.getOwnPropertyDescriptors(proto)).some((d) => d.get !== undefined)
    if (known === undefined) prototypes.set(proto, getters)
    if (getters) return true
    proto = Object.getPrototypeOf(proto)
  }
  return false
}

/** The value of `holder[key]` when it is a data property, read without running a getter again; else `undefined`. */
const storedAt = (holder: object, key: string): unknown => {
  try {
    return Object.getOwnPropertyDescriptor(holder, key)?.value
  } catch {
    return undefined // a Proxy's trap that throws: nothing more to learn
  }
}

/** `value[key]`, but never what Object.prototype supplies (someone may have added a `then` or an iterator there); only own members of a plain object. */
const member = (value: object, key: PropertyKey, plain: boolean): unknown => {
  if (has(value, key)) return (value as Record<PropertyKey, unknown>)[key]
  if (plain) return undefined
  const found = (value as Record<PropertyKey, unknown>)[key]
  return found === (Object.prototype as Record<PropertyKey, unknown>)[key] ? undefined : found
}

/** A boxed string (known by its internal slot, as JSON.stringify knows it) or an `arguments` object (an own `callee`). */
const keepsEntries = (value: object): boolean => has(value, "callee") || isBoxedString(value)

/** Where the caller's code threw: the open objects' values read again, innermost first, as JSON.stringify reads them. */
const locate = (stack: ReadonlyArray<Frame>, body: unknown, thrown: unknown): EndpointError => {
  let budget = SEARCH_BUDGET
  for (let depth = stack.length; depth >= 0 && budget > 0; depth--) {
    const object = depth === 0 ? { "": body } : (stack[depth - 1]!.object as Record<string, unknown>)
    // the path of `object`, or of `object[key]`, as guard takes it: worked out only on a failure
    const pathTo = (key?: string) => () => pathOf([...stack.slice(0, depth), ...(key === undefined ? [] : [{ holder: object, key }])])
    const keys = guard(pathTo(), () => (isArray(object) // the keys JSON.stringify reads, at most `budget` of them
      ? tabulate(Math.min(object.length, budget), String)
      : Object.keys(object).slice(0, budget)), (why) => `reading its keys failed (${why})`)
    budget -= keys.length
    for (const key of keys) {
      const value = guard(pathTo(key), () => object[key])
      if (value === null || (typeof value !== "object" && typeof value !== "bigint")) continue
      const toJSON = guard(pathTo(key), () => (value as { toJSON?: unknown }).toJSON, (why) => `reading toJSON failed (${why})`)
      if (typeof toJSON === "function") guard(pathTo(key), () => toJSON.call(value, key), (why) => `toJSON threw (${why})`)
    }
  }
  return new EndpointError("body", `cannot be serialised as JSON (${describeError(thrown)})`)
}

const toJson = (body: unknown): string => {
  const stack: Array<Open> = [] // outermost first
  const open = new Set<object>() // the objects of the stack, to find a cycle at once
  let refusal: EndpointError | undefined
  const overBudget = jsonBudget()
  const prototypes = new Map<object, boolean>() // whether each prototype met defines getters (see showsByGetters)
  function refuseWhatJsonCannotHold(this: object, key: string, value: unknown): unknown {
    if (overBudget(key, value)) throw (refusal = new EndpointError("body", `${TOO_MUCH_JSON} to serialise as JSON`))
    if (value === null ? !isInvalidDate(storedAt(this, key)) : typeof value === "string" || typeof value === "boolean" || Number.isFinite(value)) return value
    if (value === undefined && !isArray(this)) return value // a member left out, as undefined options are
    while (stack.length > 0 && stack.at(-1)!.object !== this) open.delete(stack.pop()!.source) // JSON.stringify is done with them
    const problem = value === null ? "an invalid Date cannot be serialised as JSON (it would be sent as null)" // its toJSON gave the null
      : typeof value !== "object" ? scalarProblem(value, stack.length === 0 ? "body" : isArray(this) ? "array" : "object")
      : open.has(value) ? "a circular reference cannot be serialised as JSON"
      : stack.length >= MAX_DEPTH ? "nested too deeply to serialise as JSON"
      : isArray(value) ? arrayProblem(value) : contentsProblem(value, prototypes)
    if (problem !== undefined) throw (refusal = new EndpointError(pathOf([...stack, { holder: this, key }]), problem))
    stack.push({ object: value as object, source: value as object, holder: this, key }) // on the stack first: `locate` finds a member's getter that throws
    open.add(value as object)
    if (!isArray(value)) return value
    // JSON.stringify walks a copy, made with `length` read once: its own read of a Proxy's length could differ
    const members = membersOf(value)
    if (members === undefined) throw (refusal = new EndpointError(pathOf(stack), SPARSE))
    stack[stack.length - 1] = { object: members, source: value, holder: this, key }
    return members
  }
  try {
    const text: string | undefined = JSON.stringify(body, refuseWhatJsonCannotHold)
    if (text !== undefined) return withControlsEscaped(text) // shown on a terminal (curl), no control acts
  } catch (e) {
    throw refusal !== undefined && e === refusal ? e : locate(stack, body, e)
  }
  throw new EndpointError("body", `${aKind(body)} cannot be serialised as JSON`)
}

/** What fetch is given: a string, form or binary body as it is; anything else as JSON, under a JSON content type.
 * A string with a lone surrogate is refused: fetch would send U+FFFD in its place (JSON keeps it, as an escape). */
const toBody = (body: unknown, contentType: string | undefined): unknown => {
  const lone = typeof body === "string" ? noUtf8(body) : undefined
  if (lone !== undefined) throw new EndpointError("body", `${lone}: fetch would send U+FFFD in its place`)
  const kind = bodyKind(body)
  if (kind === "as-is") return body
  if (kind === "shared") {
    const what = isSharedBuffer(body) ? "a SharedArrayBuffer" : `${aKind(body)} on a SharedArrayBuffer`
    throw new EndpointError("body", `${what} cannot be sent by fetch; copy it into an ArrayBuffer`)
  }
  if (kind === "unreadable") {
    const tagged = webBodyTag(body) ?? "FormData or Blob" // read again: a tag getter may answer otherwise now
    throw new EndpointError("body", `${aKind(body)} tagged ${tagged} lacks the methods fetch reads of one, so fetch would send the text ${quote(`[object ${tagged}]`)}; use the runtime's ${tagged}`)
  }
  const essence = contentType?.split(";", 1)[0]!.trim() ?? "" // application/json or any +json, in any case
  if (/^(?:application\/json|[^/]+\/[\s\S]+\+json)$/i.test(essence)) return toJson(body)
  const got = contentType === undefined ? "no content-type" : `content-type ${quote(contentType)}`
  const problem = `${aKind(body)} body is sent as JSON only with a JSON content type, got ${got}`
  throw new EndpointError("body", `${problem}; pass a string or binary body instead`)
}

/** What fetch accepts for one of its options: in words for a message, and as a test. */
type Accepted = readonly [expected: string, test: (u: unknown) => boolean]
const oneOf = (...values: Array<string>): Accepted =>
  [`${values.slice(0, -1).map(quote).join(", ")} or ${quote(values.at(-1)!)}`, (u) => typeof u === "string" && values.includes(u)]
const isObject = (u: unknown): u is object => typeof u === "object" && u !== null
const aString: Accepted = ["a string", (u) => typeof u === "string"]
/** An `AbortSignal`, also one of another copy of fetch (undici's), known by its tag or its shape. */
const isSignal = (u: unknown): boolean => isObject(u) && (tagOf(u) === "[object AbortSignal]"
  || (typeof (u as AbortSignal).aborted === "boolean" && typeof (u as AbortSignal).addEventListener === "function"))

/** What fetch accepts for each option of `request`. */
const FETCH_OPTIONS: Record<FetchOption, Accepted> = {
  signal: ["an AbortSignal", isSignal],
  redirect: oneOf("follow", "error", "manual"),
  credentials: oneOf("omit", "same-origin", "include"),
  cache: oneOf("default", "no-store", "reload", "no-cache", "force-cache", "only-if-cached"),
  keepalive: ["a boolean", (u) => typeof u === "boolean"],
  referrerPolicy: oneOf("", "no-referrer", "no-referrer-when-downgrade", "same-origin", "origin", "strict-origin",
    "origin-when-cross-origin", "strict-origin-when-cross-origin", "unsafe-url"),
  priority: oneOf("high", "low", "auto"),
  mode: oneOf("cors", "no-cors", "same-origin"),
  integrity: aString,
  referrer: aString,
  dispatcher: ["an undici Dispatcher (an object)", isObject],
}

/** Copies the fetch options of `request` (own properties, neither `null` nor `undefined`) into the init. */
const copyFetchOptions = (request: unknown, init: Record<string, unknown>): void => {
  if (request === undefined || request === null) return
  if (typeof request !== "object") throw new EndpointError("request", `expected an object, got ${kindOf(request)}`)
  for (const [name, [expected, test]] of Object.entries(FETCH_OPTIONS)) {
    const path = child("request", name)
    const value = readOwn(request, name, path)
    if (value === undefined || value === null) continue
    const shown = typeof value === "string" ? quote(value) : kindOf(value)
    if (!guard(path, () => test(value))) throw new EndpointError(path, `expected ${expected}, got ${shown}`)
    put(init, name, value)
  }
}

/** The `[url, init]` of request options, checked for fetch, or for curl (`forFetch` false), which sends any
 * character in a header value but CR, LF or NUL and takes no fetch options. */
const buildInit = (result: RequestOptions, forFetch: boolean): FetchArgs => {
  if (typeof result !== "object" || result === null) throw new EndpointError("", `expected request options, got ${kindOf(result)}`)
  const [method, url] = [readOwn(result, "method"), readOwn(result, "url")]
  if (typeof method !== "string") throw new EndpointError("method", `expected string, got ${kindOf(method)}`)
  if (typeof url !== "string") throw new EndpointError("url", `expected string, got ${kindOf(url)}`)
  // fetch refuses a method that is no token itself, but curl would send its CR LF as more header lines
  if (!isToken(method)) throw new EndpointError("method", `${quote(method)} is not an HTTP method token`)
  const upper = method.toUpperCase()
  if (forFetch && ["CONNECT", "TRACE", "TRACK"].includes(upper)) throw new EndpointError("method", `${quote(upper)} cannot be sent by fetch`)
  const init: FetchInit = { method: upper, headers: toHeaderRecord(readOwn(result, "headers") ?? {}, forFetch) }
  const fields = init as unknown as Record<string, unknown> // written with put: Object.prototype may have setters
  const body = upper === "GET" || upper === "HEAD" ? undefined : readOwn(result, "body")
  if (body !== undefined) put(fields, "body", toBody(body, own(init.headers, "content-type") as string | undefined))
  if (tagOf(own(fields, "body")) === "[object ReadableStream]") put(fields, "duplex", "half")
  if (forFetch) copyFetchOptions(readOwn(result, "request"), fields)
  return [url, init]
}

/** A copy of `o` without the key `name`. */
const without = (o: object, name: string): object => Object.fromEntries(Object.entries(o).filter(([key]) => key !== name))

const buildRequest = (result: RequestOptions): PlatformRequest => {
  const [url, init] = buildInit(result, true)
  const RequestClass = (globalThis as { Request?: new (url: string, init?: object) => PlatformRequest }).Request
  if (typeof RequestClass !== "function") throw new EndpointError("", "this runtime has no Request; use toRequestInit")
  try {
    return new RequestClass(url, init)
  } catch (e) {
    guard("url", () => new RequestClass(url), () => `fetch rejected ${quote(url)} (${describeError(e)})`) // the url alone fails too
    const accepts = (fields: object): boolean => tryCatch(() => new RequestClass(url, fields))._tag === "Right"
    const option = Object.keys(FETCH_OPTIONS).find((name) => has(init, name) && accepts(without(init, name))) // without it, fetch accepts
    const [path, what] = option !== undefined ? [child("request", option), "this option for this request"] : ["", "the request"]
    throw new EndpointError(path, `fetch rejected ${what} (${describeError(e)})`)
  }
}

/** Request options as the arguments of `fetch`. Throws `EndpointError` for a header value `Headers` rejects, a header
 * fetch would not send as given (`host`, `sec-fetch-mode`, `__proto__`, ...), a body JSON cannot hold, a string body
 * with a lone surrogate, an object body without a JSON content type, or a fetch option fetch would reject.
 * @example
 * import { endpoint, toRequestInit } from "fp-endpoint"
 * const [url, init] = toRequestInit(endpoint("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", name: "n" }))
 * const response = await fetch(url, init) // init: { method: "PATCH", headers: {...}, body: '{"name":"n"}' }
 * @since 0.1.0
 */
export const toRequestInit = (result: RequestOptions): FetchArgs => run(() => buildInit(result, true))

/** Request options as a WHATWG `Request` (the platform's type; `unknown` without DOM or `@types/node`).
 * Same rules as `toRequestInit`, and an `EndpointError` when fetch refuses the url.
 * @example
 * import { endpoint, toRequest } from "fp-endpoint"
 * const response = await fetch(toRequest(endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" })))
 * @since 0.1.0
 */
export const toRequest = (result: RequestOptions): PlatformRequest => run(() => buildRequest(result))

/** `toRequestInit` as an `Either`: never throws.
 * @example
 * import { endpoint, toRequestInitEither } from "fp-endpoint"
 * toRequestInitEither(endpoint("GET /user")) // right(["https://api.github.com/user", { method: "GET", headers: {...} }])
 * @since 0.1.0
 */
export const toRequestInitEither = (result: RequestOptions): Either<EndpointError, FetchArgs> => tryCatch(() => buildInit(result, true))

/** `toRequestInit` under curl's rules (see `buildInit`), for `CommandLine.toCurl`: not exported by the package. */
export const curlArgs = (result: RequestOptions): FetchArgs => buildInit(result, false)

/** `toRequest` as an `Either`: never throws.
 * @example
 * import { endpoint, toRequestEither } from "fp-endpoint"
 * toRequestEither(endpoint("GET /user")) // right(Request)
 * @since 0.1.0
 */
export const toRequestEither = (result: RequestOptions): Either<EndpointError, PlatformRequest> => tryCatch(() => buildRequest(result))
