/** The io-ts boundary: one codec per field of the options, and `OptionsCodec`, which decodes
 * flat options (what callers write) into the `Options` model and encodes the model back into
 * flat options. Every entry of the package validates through it. `validate` never throws; `is`
 * means "already normal"; a failure's context is the path of the bad field.
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import * as t from "io-ts"
import { EndpointError } from "./EndpointError.js"
import { child, kindOf, quote, shown } from "./internal/describe.js"
import { left, toEndpointError } from "./internal/either.js"
import { isToken } from "./internal/token.js"
import { copyOf, has, isArray, isDense, isEmpty, isPlainObject, own, put } from "./internal/object.js"
import { empty, isReserved, RESERVED_KEYS, type Headers, type MediaType, type Options, type ReservedKey } from "./Options.js"

/** Options as callers write them: the reserved keys, and any other key as a parameter. What
 * `endpoint()`, `defaults()` and `merge()` take, and what `merge()` and `DEFAULTS` are.
 * @example
 * import type { FlatOptions } from "fp-endpoint"
 * const o: FlatOptions = { method: "POST", url: "/repos/{owner}/{repo}/issues", owner: "o", title: "Bug" }
 * @since 0.1.0
 */
export interface FlatOptions {
  readonly method?: string
  readonly url?: string
  readonly baseUrl?: string
  /** Names in any case; `null` removes the header, `undefined` is left out. */
  readonly headers?: { readonly [name: string]: string | number | null | undefined }
  readonly mediaType?: { readonly format?: string; readonly previews?: ReadonlyArray<string> }
  readonly data?: unknown
  readonly request?: { readonly [key: string]: unknown }
  readonly [parameter: string]: unknown
}

// field codecs ------------------------------------------------------------------------------------

const failure = <A>(u: unknown, c: t.Context, problem: string): t.Validation<A> => t.failure(u, c, problem)
const at = (c: t.Context, key: string, u: unknown): t.Context => t.appendContext(c, key, Index, u)
/** The context entry of a key or an index, for error paths (`previews[2]`). */
const Index = new t.Type<unknown>("Index", (_): _ is unknown => true, t.success, t.identity)

/** A codec whose one rule is `problem`: `undefined` for a valid value, else what is wrong. */
const checked = <A>(name: string, problem: (u: unknown) => string | undefined): t.Type<A> =>
  new t.Type<A>(name, (u): u is A => problem(u) === undefined, (u, c) => {
    const p = problem(u)
    return p === undefined ? t.success(u as A) : failure(u, c, p)
  }, t.identity)

const breaksLine = (s: string): boolean => s.includes("\n") || s.includes("\r") || s.includes("\0")

const checkedString = (name: string, problem: (s: string) => string | undefined): t.Type<string> =>
  checked(name, (u) => (typeof u === "string" ? problem(u) : `expected string, got ${kindOf(u)}`))

const headerValueProblem = (u: unknown): string | undefined =>
  u === null ? undefined
  : typeof u === "number" ? (Number.isFinite(u) ? undefined : `expected a finite number, got ${u}`)
  : typeof u !== "string" ? `expected string or number, got ${kindOf(u)}`
  : breaksLine(u) ? "header value contains CR, LF or NUL" : undefined

const lineString = checkedString("LineString", (s) => (breaksLine(s) ? "contains CR, LF or NUL" : undefined))

/** Headers: one read of each, names lowercased, `undefined` values left out; a copy only when one of those changes something. */
const validateHeaders = (u: unknown, c: t.Context): t.Validation<Headers> => {
  if (!isPlainObject(u)) return failure(u, c, `expected a plain object, got ${kindOf(u)}`)
  const snapshot: Record<string, unknown> = { ...u } // each getter runs once: what is checked is what is used
  const names = Object.keys(snapshot)
  let out: Record<string, unknown> | undefined
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!
    const value = snapshot[name]
    const problem = !isToken(name) ? "header name is not an RFC 9110 token" : value === undefined ? undefined : headerValueProblem(value)
    if (problem !== undefined) return failure(value, at(c, name, value), problem)
    const lower = name.toLowerCase()
    if (out === undefined && (lower !== name || value === undefined)) {
      out = {}
      for (let j = 0; j < i; j++) put(out, names[j]!, snapshot[names[j]!]) // lowercase and defined, or the copy would have begun
    }
    if (out !== undefined && value !== undefined) put(out, lower, value)
  }
  return t.success((out ?? snapshot) as Headers)
}

const isNormalHeaders = (u: unknown): u is Headers =>
  isPlainObject(u) && Object.keys(u).every((k) => isToken(k) && k.toLowerCase() === k && headerValueProblem(u[k]) === undefined)

/** `previews` (a dense array of strings, each kept once) under `mediaType`'s context `c`. */
const validatePreviews = (u: unknown, c: t.Context): t.Validation<ReadonlyArray<string>> => {
  if (!Array.isArray(u)) return failure(u, at(c, "previews", u), `expected an array of strings, got ${kindOf(u)}`)
  if (!isDense(u)) return failure(u, at(c, "previews", u), "a sparse array (with holes) is not accepted")
  const names = copyOf(u) // one read of each member, and no method of the caller's array runs
  const bad = names.findIndex((name) => !lineString.is(name))
  if (bad >= 0) return lineString.validate(names[bad], at(at(c, "previews", u), String(bad), names[bad])) as t.Validation<never>
  return t.success(names.length < 2 ? (names as Array<string>) : [...new Set(names as Array<string>)])
}

const validateMediaType = (u: unknown, c: t.Context): t.Validation<MediaType> => {
  if (!isPlainObject(u)) return failure(u, c, `expected a plain object, got ${kindOf(u)}`)
  const unknownKey = Object.keys(u).find((k) => k !== "format" && k !== "previews")
  if (unknownKey !== undefined) return failure(u[unknownKey], at(c, unknownKey, u), "unknown key (expected format or previews)")
  const [format, previews] = [own(u, "format"), own(u, "previews")] // own: a polluted prototype names nothing
  if (format !== undefined && !lineString.is(format)) return lineString.validate(format, at(c, "format", format)) as t.Validation<never>
  const valid = previews === undefined ? t.success([]) : validatePreviews(previews, c)
  return valid._tag === "Left" ? valid : t.success({ format: format as string | undefined, previews: valid.right })
}

const isNormalMediaType = (u: unknown): u is MediaType => {
  if (!isPlainObject(u) || Object.keys(u).some((k) => k !== "format" && k !== "previews")) return false
  const p = own(u, "previews")
  const names = isArray(p) && isDense(p) ? copyOf(p) : undefined
  return (own(u, "format") === undefined || lineString.is(u.format)) && names !== undefined && names.every(lineString.is) && new Set(names).size === names.length
}

/** The codec of each reserved field. `method`: an RFC 9110 token, case kept. `url`: a string
 * (the template is checked when parsed). `baseUrl`: an absolute `http(s)` url with no query or
 * fragment, or `""`. `headers`: RFC 9110 token names, lowercased, values strings without CR,
 * LF or NUL, finite numbers or `null`, `undefined` ones left out. `mediaType`: `format` and
 * `previews` (each kept once), any other key an error. `data`: anything. `request`: a plain
 * object. A new field of `Options` does not compile until it has one here.
 * @example
 * import { Codec } from "fp-endpoint"
 * Codec.fieldCodecs.method.is("PATCH") // true
 * Codec.fieldCodecs.baseUrl.is("https://x.test/api?x=1") // false
 * Codec.fieldCodecs.headers.decode({ "X-A": "1", "X-B": undefined }) // right({ "x-a": "1" })
 * @since 0.1.0
 */
export const fieldCodecs: { readonly [K in ReservedKey]: t.Type<Exclude<Options[K], undefined>, unknown> } = {
  method: checkedString("Method", (s) => (isToken(s) ? undefined : `${quote(s)} is not an HTTP method token`)),
  url: checkedString("Url", () => undefined),
  baseUrl: checkedString("BaseUrl", (s) =>
    s === "" || (/^https?:\/\/[^/?#]+[^?#]*$/i.test(s) && !/[\s\0]/.test(s))
      ? undefined
      : `expected an absolute http(s) url with no query or fragment, or "", got ${quote(s)}`),
  headers: new t.Type("Headers", isNormalHeaders, validateHeaders, t.identity),
  mediaType: new t.Type("MediaType", isNormalMediaType, validateMediaType, t.identity),
  data: new t.Type<unknown>("Data", (_): _ is unknown => true, t.success, t.identity),
  request: checked<Readonly<Record<string, unknown>>>("Request", (u) => (isPlainObject(u) ? undefined : `expected a plain object, got ${kindOf(u)}`)),
}

// the options codec -------------------------------------------------------------------------------

/** The model with nothing set, not frozen: V8 spreads a frozen object many times slower. Never handed out. */
const blank: Options = { ...empty }

/** Reads flat options into the model: the snapshot of the caller's object is its own parameters unless a key is reserved or undefined. */
const decodeFlat = (u: unknown, c: t.Context): t.Validation<Options> => {
  if (!isPlainObject(u)) return failure(u, c, `expected a plain object, got ${kindOf(u)}`)
  const flat: Record<string, unknown> = { ...u } // each getter runs once: what is checked is what is used
  const keys = Object.keys(flat)
  const out: Record<string, unknown> = { ...blank }
  let params: Record<string, unknown> | undefined // a copy, from the first key that is not a parameter
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!
    const value = flat[key]
    const reserved = isReserved(key)
    if (value !== undefined && !reserved) {
      if (params !== undefined) put(params, key, value)
      continue
    }
    if (params === undefined) {
      params = {}
      for (let j = 0; j < i; j++) put(params, keys[j]!, flat[keys[j]!])
    }
    if (value === undefined) continue
    const codec = fieldCodecs[key as ReservedKey] as t.Type<unknown>
    // a valid string is used as it is (its context is built only for an error); an object is read once, by validate
    const v = typeof value !== "object" && codec.is(value) ? t.success(value) : codec.validate(value, t.appendContext(c, key, codec, value))
    if (v._tag === "Left") return v
    out[key] = v.right
  }
  const none = keys.length === 0 || (params !== undefined && isEmpty(params))
  out.params = none ? empty.params : (params ?? flat) // no parameters: the shared, frozen record
  return t.success(out as unknown as Options)
}

const isOptions = (u: unknown): u is Options =>
  isPlainObject(u) && Object.keys(u).length === RESERVED_KEYS.length + 1 && isPlainObject(u.params) &&
  RESERVED_KEYS.every((key) => has(u, key) && (key === "data" || (u[key] === undefined ? key !== "headers" && key !== "mediaType" : fieldCodecs[key].is(u[key])))) &&
  Object.entries(u.params).every(([key, value]) => !isReserved(key) && value !== undefined)

/** Flat options from the model: the fields that are set (`headers` and `mediaType` when not
 * empty), then the parameters.
 * @example
 * import { Codec, Options } from "fp-endpoint"
 * Codec.encode({ ...Options.empty, url: "/x", params: { a: 1 } }) // { url: "/x", a: 1 }
 * @since 0.1.0
 */
export const encode = (o: Options): FlatOptions => {
  const out: Record<string, unknown> = {}
  const { format, previews } = o.mediaType
  if (o.method !== undefined) put(out, "method", o.method)
  if (o.baseUrl !== undefined) put(out, "baseUrl", o.baseUrl)
  if (!isEmpty(o.headers)) put(out, "headers", { ...o.headers })
  if (format !== undefined || previews.length > 0) put(out, "mediaType", format === undefined ? { previews: [...previews] } : { format, previews: [...previews] })
  if (o.url !== undefined) put(out, "url", o.url)
  if (o.data !== undefined) put(out, "data", o.data)
  if (o.request !== undefined) put(out, "request", o.request)
  for (const key of Object.keys(o.params)) put(out, key, o.params[key])
  return out
}

/** The codec of options: `decode` turns flat options into the model (lowercase header names,
 * no `undefined`, each preview once) or fails with the path of the bad field; `encode` gives
 * flat options back. A getter or Proxy trap that throws while the input is read is a failure.
 * @example
 * import { Codec } from "fp-endpoint"
 * Codec.OptionsCodec.decode({ url: "/x", headers: { Accept: "text/plain" }, page: 2 })
 * // right({ ...Options.empty, url: "/x", headers: { accept: "text/plain" }, params: { page: 2 } })
 * @since 0.1.0
 */
export const OptionsCodec: t.Type<Options, FlatOptions, unknown> = new t.Type<Options, FlatOptions, unknown>(
  "Options",
  isOptions,
  (u, c) => {
    try {
      return decodeFlat(u, c) // the one place a caller's object is read
    } catch (e) {
      return failure(u, c, toEndpointError(e).problem)
    }
  },
  encode,
)

// errors ------------------------------------------------------------------------------------------

/** The `EndpointError` of io-ts errors: the first one's path (`headers.accept`,
 * `mediaType.previews[0]`) and message.
 * @example
 * import { Codec } from "fp-endpoint"
 * const r = Codec.OptionsCodec.decode({ headers: { accept: {} } })
 * r._tag === "Left" && Codec.toError(r.left).message // "headers.accept: expected string or number, got object"
 * @since 0.1.0
 */
export const toError = (errors: t.Errors): EndpointError => {
  let path = ""
  for (const { key, type } of errors[0]?.context ?? []) {
    if (key !== "") path = type === Index && /^\d+$/.test(key) ? `${path}[${key}]` : child(path, key)
  }
  return new EndpointError(path === "" ? "options" : path, errors[0]?.message ?? "invalid")
}

const ROOT: t.Context = [{ key: "", type: OptionsCodec, actual: undefined }]

/** Flat options (any input) into the model, or an `EndpointError` naming the field; `path`
 * names the input in a message about the whole object.
 * @example
 * import { Codec } from "fp-endpoint"
 * Codec.decode({ headers: { "X-Foo": "bar" }, page: 2 }) // right({ ...Options.empty, headers: { "x-foo": "bar" }, params: { page: 2 } })
 * Codec.decode({ headers: { accept: {} } }) // left(EndpointError("headers.accept: expected string or number, got object"))
 * @since 0.1.0
 */
export const decode = (u: unknown, path = "options"): Either<EndpointError, Options> => {
  const v = OptionsCodec.validate(u, ROOT)
  if (v._tag === "Right") return v
  const e = toError(v.left)
  return left(e.path === "options" && path !== "options" ? new EndpointError(shown(path), e.problem) : e)
}
