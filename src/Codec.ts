/**
 * The io-ts boundary: one codec per field of the options, and
 * `OptionsCodec`, which decodes flat options (what callers write) into the
 * `Options` model and encodes the model back into flat options. Every entry
 * of the package validates through it. `validate` never throws; `is` means
 * "already normal".
 *
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import * as t from "io-ts"
import { EndpointError } from "./EndpointError.js"
import { kindOf, quote, shown, child } from "./internal/describe.js"
import { left, toEndpointError } from "./internal/either.js"
import { has, isArray, isDense, isPlainObject, own, put } from "./internal/object.js"
import { isToken, tokenCase, LOWERCASE, MIXED_CASE, NOT_A_TOKEN } from "./internal/token.js"
import { empty, isReserved, RESERVED_KEYS, unique, type Headers, type MediaType, type Options, type ReservedKey } from "./Options.js"

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

/**
 * Options as callers write them: the reserved keys, and any other key as a
 * parameter. What `endpoint()`, `defaults()` and `merge()` accept, and what
 * `merge()` and `DEFAULTS` are.
 *
 * @example
 * import type { FlatOptions } from "fp-endpoint"
 *
 * const o: FlatOptions = { method: "POST", url: "/repos/{owner}/{repo}/issues", owner: "o", title: "Bug" }
 *
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

// -------------------------------------------------------------------------------------
// field codecs
// -------------------------------------------------------------------------------------

/** A failure whose message is the problem; the path comes from the context. */
const failure = <A>(u: unknown, c: t.Context, problem: string): t.Validation<A> => t.failure(u, c, problem)

const breaksLine = (s: string): boolean => s.includes("\n") || s.includes("\r") || s.includes("\0")

/** A codec whose only rule is `problem`: `undefined` for a valid value, else what is wrong. */
const checked = <A>(name: string, problem: (u: unknown) => string | undefined): t.Type<A, A, unknown> =>
  new t.Type<A, A, unknown>(
    name,
    (u): u is A => problem(u) === undefined,
    (u, c) => {
      const p = problem(u)
      return p === undefined ? t.success(u as A) : failure(u, c, p)
    },
    t.identity,
  )

/** A string codec with one more check, which returns the problem or `undefined`. */
const checkedString = (name: string, problem: (s: string) => string | undefined): t.Type<string, string, unknown> =>
  checked<string>(name, (u) => (typeof u === "string" ? problem(u) : `expected string, got ${kindOf(u)}`))

/**
 * An HTTP method: an RFC 9110 token, case kept.
 *
 * @example
 * import { Codec } from "fp-endpoint"
 *
 * Codec.MethodCodec.is("PATCH") // true
 * Codec.MethodCodec.is("GET /x") // false
 *
 * @since 0.1.0
 */
export const MethodCodec = checkedString("Method", (s) => (isToken(s) ? undefined : `${quote(s)} is not an HTTP method token`))

/**
 * A url or url template: any string (the template is checked when parsed).
 *
 * @example
 * import { Codec } from "fp-endpoint"
 *
 * Codec.UrlCodec.is("/repos/{owner}") // true
 *
 * @since 0.1.0
 */
export const UrlCodec = checkedString("Url", () => undefined)

const isHttpUrl = (s: string): boolean => /^https?:\/\/[^/?#]+[^?#]*$/i.test(s) && !/[\s\0]/.test(s)

/**
 * A base url: an absolute `http(s)` url with no query or fragment, or `""`
 * (the url is then used as it is).
 *
 * @example
 * import { Codec } from "fp-endpoint"
 *
 * Codec.BaseUrlCodec.is("https://ghe.example/api/v3") // true
 * Codec.BaseUrlCodec.is("https://x.test/api?x=1") // false
 *
 * @since 0.1.0
 */
export const BaseUrlCodec = checkedString("BaseUrl", (s) =>
  s === "" || isHttpUrl(s) ? undefined : `expected an absolute http(s) url with no query or fragment, or "", got ${quote(s)}`,
)

/**
 * A header value: a string without CR, LF or NUL, a finite number, or `null`.
 *
 * @example
 * import { Codec } from "fp-endpoint"
 *
 * Codec.HeaderValueCodec.is("token 0000") // true
 * Codec.HeaderValueCodec.is("a\r\nb: c") // false
 *
 * @since 0.1.0
 */
export const HeaderValueCodec = checked<string | number | null>("HeaderValue", (u) => headerValueProblem(u))

const headerValueProblem = (u: unknown): string | undefined => {
  if (u === null) return undefined
  if (typeof u === "number") return Number.isFinite(u) ? undefined : `expected a finite number, got ${u}`
  if (typeof u !== "string") return `expected string or number, got ${kindOf(u)}`
  return breaksLine(u) ? "header value contains CR, LF or NUL" : undefined
}

/**
 * Headers: names are RFC 9110 tokens, lowercased; `undefined` values are
 * left out, `null` ones kept (they remove the header when parsed).
 *
 * @example
 * import { Codec } from "fp-endpoint"
 *
 * Codec.HeadersCodec.decode({ "X-A": "1", "X-B": undefined }) // right({ "x-a": "1" })
 *
 * @since 0.1.0
 */
export const HeadersCodec = new t.Type<Headers, Headers, unknown>(
  "Headers",
  (u): u is Headers =>
    isPlainObject(u) && Object.keys(u).every((k) => tokenCase(k) === LOWERCASE && HeaderValueCodec.is(u[k])),
  (u, c) => {
    if (!isPlainObject(u)) return failure(u, c, `expected a plain object, got ${kindOf(u)}`)
    // one read of the caller's object (a getter or Proxy trap runs once): what is checked is what is used
    const snapshot: Record<string, unknown> = { ...u }
    let out: Record<string, unknown> | undefined // copy on write: a normal snapshot is the result
    const keys = Object.keys(snapshot)
    for (let i = 0; i < keys.length; i++) {
      const name = keys[i]!
      const value = snapshot[name]
      const kind = tokenCase(name)
      if (kind === NOT_A_TOKEN) return failure(value, t.appendContext(c, name, HeaderValueCodec, value), "header name is not an RFC 9110 token")
      if (value !== undefined) {
        const p = headerValueProblem(value)
        if (p !== undefined) return failure(value, t.appendContext(c, name, HeaderValueCodec, value), p)
      }
      if (out === undefined && (kind === MIXED_CASE || value === undefined)) out = copyKeys(snapshot, keys, i)
      if (out !== undefined && value !== undefined) put(out, name.toLowerCase(), value)
    }
    return t.success((out ?? snapshot) as Headers)
  },
  t.identity,
)

/** The first `count` keys of `u`, lowercased, into a new object. */
const copyKeys = (u: Record<string, unknown>, keys: ReadonlyArray<string>, count: number): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (let i = 0; i < count; i++) if (u[keys[i]!] !== undefined) put(out, keys[i]!.toLowerCase(), u[keys[i]!])
  return out
}

const lineString = checkedString("LineString", (s) => (breaksLine(s) ? "contains CR, LF or NUL" : undefined))

/** An index in a list, for error paths (`previews[2]`). */
const Index = new t.Type<unknown>("Index", (_): _ is unknown => true, t.success, t.identity)

/**
 * A media type: `format` (a string) and `previews` (strings, each kept once);
 * any other key is an error, to catch typos.
 *
 * @example
 * import { Codec } from "fp-endpoint"
 *
 * Codec.MediaTypeCodec.decode({ previews: ["a", "a"] }) // right({ format: undefined, previews: ["a"] })
 *
 * @since 0.1.0
 */
export const MediaTypeCodec = new t.Type<MediaType, FlatOptions["mediaType"], unknown>(
  "MediaType",
  (u): u is MediaType =>
    isPlainObject(u) &&
    (own(u, "format") === undefined || lineString.is(own(u, "format"))) &&
    isArray(own(u, "previews")) &&
    isDense(own(u, "previews") as ReadonlyArray<unknown>) &&
    (own(u, "previews") as ReadonlyArray<unknown>).every(lineString.is) &&
    new Set(own(u, "previews") as ReadonlyArray<unknown>).size === (own(u, "previews") as ReadonlyArray<unknown>).length,
  (u, c) => {
    if (!isPlainObject(u)) return failure(u, c, `expected a plain object, got ${kindOf(u)}`)
    for (const key of Object.keys(u)) {
      if (key !== "format" && key !== "previews") {
        return failure(u[key], t.appendContext(c, key, Index, u[key]), "unknown key (expected format or previews)")
      }
    }
    const [rawFormat, rawPreviews] = [own(u, "format"), own(u, "previews")] // own properties: a polluted prototype names nothing
    const format = rawFormat === undefined ? t.success(undefined) : lineString.validate(rawFormat, t.appendContext(c, "format", lineString, rawFormat))
    if (format._tag === "Left") return format
    const previews = rawPreviews === undefined ? t.success([]) : previewsOf(rawPreviews, t.appendContext(c, "previews", Index, rawPreviews))
    if (previews._tag === "Left") return previews
    return t.success({ format: format.right, previews: previews.right })
  },
  (m) => (m.format === undefined ? { previews: [...m.previews] } : { format: m.format, previews: [...m.previews] }),
)

const previewsOf = (u: unknown, c: t.Context): t.Validation<ReadonlyArray<string>> => {
  if (!Array.isArray(u)) return failure(u, c, `expected an array of strings, got ${kindOf(u)}`)
  if (!isDense(u)) return failure(u, c, "a sparse array (with holes) is not accepted")
  const names: ReadonlyArray<unknown> = u.slice() // one read of each member: what is checked is what is used
  for (let i = 0; i < names.length; i++) {
    const p: unknown = names[i]
    if (!lineString.is(p)) return lineString.validate(p, t.appendContext(c, String(i), Index, p)) as t.Validation<never>
  }
  return t.success(unique(names as ReadonlyArray<string>))
}

/**
 * `request`: a plain object, kept as it is.
 *
 * @example
 * import { Codec } from "fp-endpoint"
 *
 * Codec.RequestCodec.is({ timeout: 5000 }) // true
 *
 * @since 0.1.0
 */
export const RequestCodec = checked<Readonly<Record<string, unknown>>>("Request", (u) =>
  isPlainObject(u) ? undefined : `expected a plain object, got ${kindOf(u)}`,
)

/** `data`: anything. */
const DataCodec = new t.Type<unknown>("Data", (_): _ is unknown => true, t.success, t.identity)

/**
 * The codec of each reserved field, by key. A new field of `Options` does
 * not compile until it has one here.
 *
 * @example
 * import { Codec } from "fp-endpoint"
 *
 * Codec.fieldCodecs.baseUrl.is("https://api.github.com") // true
 *
 * @since 0.1.0
 */
export const fieldCodecs: { readonly [K in ReservedKey]: t.Type<Exclude<Options[K], undefined>, unknown> } = {
  method: MethodCodec,
  url: UrlCodec,
  baseUrl: BaseUrlCodec,
  headers: HeadersCodec,
  mediaType: MediaTypeCodec,
  data: DataCodec,
  request: RequestCodec,
}

// -------------------------------------------------------------------------------------
// the options codec
// -------------------------------------------------------------------------------------

/** Reads flat options into the model; fields keep their `empty` value unless given. */
const decodeFlat = (u: unknown, c: t.Context): t.Validation<Options> => {
  if (!isPlainObject(u)) return failure(u, c, `expected a plain object, got ${kindOf(u)}`)
  const flat: Record<string, unknown> = { ...u } // each getter runs once: what is checked is what is used
  const out: { -readonly [K in keyof Options]: Options[K] } = { ...empty }
  let onlyParams = true // then the snapshot itself is the parameters: no copy
  let any = false
  for (const key of Object.keys(flat)) {
    const value = flat[key]
    if (value === undefined || !isReserved(key)) {
      onlyParams &&= value !== undefined
      any ||= value !== undefined
      continue
    }
    onlyParams = false
    const codec = fieldCodecs[key] as t.Type<unknown>
    const v = codec.validate(value, t.appendContext(c, key, codec, value))
    if (v._tag === "Left") return v
    ;(out as Record<string, unknown>)[key] = v.right
  }
  if (any) out.params = onlyParams ? flat : paramsOf(flat)
  return t.success(out)
}

/** The keys of flat options that are parameters, with a value. */
const paramsOf = (flat: Record<string, unknown>): Record<string, unknown> => {
  const params: Record<string, unknown> = {}
  for (const key of Object.keys(flat)) if (flat[key] !== undefined && !isReserved(key)) put(params, key, flat[key])
  return params
}

/** Whether a field of the model holds a normal value: `undefined` ("not set") where the model allows it. */
const isNormalField = (u: Record<string, unknown>, key: ReservedKey): boolean => {
  const value = u[key]
  if (key === "data") return true
  if (value === undefined) return key !== "headers" && key !== "mediaType"
  return fieldCodecs[key].is(value)
}

/** `OptionsCodec.is`: every field of the model, each normal, and parameters with values under no reserved key. */
const isOptions = (u: unknown): u is Options => {
  if (!isPlainObject(u) || Object.keys(u).length !== Object.keys(empty).length || !isPlainObject(u.params)) return false
  const params = u.params
  return (
    RESERVED_KEYS.every((key) => has(u, key) && isNormalField(u, key)) &&
    Object.keys(params).every((key) => !isReserved(key) && params[key] !== undefined)
  )
}

/**
 * Flat options from the model: the fields that are set (`headers` and
 * `mediaType` when not empty), then the parameters.
 *
 * @example
 * import { Codec, Options } from "fp-endpoint"
 *
 * Codec.encode({ ...Options.empty, url: "/x", params: { a: 1 } }) // { url: "/x", a: 1 }
 *
 * @since 0.1.0
 */
export const encode = (o: Options): FlatOptions => {
  const out: Record<string, unknown> = {} // every key defined, never assigned through Object.prototype
  if (o.method !== undefined) put(out, "method", o.method)
  if (o.baseUrl !== undefined) put(out, "baseUrl", o.baseUrl)
  if (Object.keys(o.headers).length > 0) put(out, "headers", { ...o.headers })
  if (o.mediaType.format !== undefined || o.mediaType.previews.length > 0) put(out, "mediaType", MediaTypeCodec.encode(o.mediaType))
  if (o.url !== undefined) put(out, "url", o.url)
  if (o.data !== undefined) put(out, "data", o.data)
  if (o.request !== undefined) put(out, "request", o.request)
  for (const key of Object.keys(o.params)) put(out, key, o.params[key])
  return out as FlatOptions
}

/**
 * The codec of options: `decode` turns flat options into the model
 * (lowercase header names, no `undefined`, each preview once) or fails with
 * the path of the bad field; `encode` gives flat options back. A getter or
 * Proxy trap that throws while the input is read is a failure too.
 *
 * @example
 * import { Codec } from "fp-endpoint"
 *
 * Codec.OptionsCodec.decode({ url: "/x", headers: { Accept: "text/plain" }, page: 2 })
 * // right({ ...Options.empty, url: "/x", headers: { accept: "text/plain" }, params: { page: 2 } })
 *
 * @since 0.1.0
 */
export const OptionsCodec: t.Type<Options, FlatOptions, unknown> = /* @__PURE__ */ new t.Type<Options, FlatOptions, unknown>(
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

// -------------------------------------------------------------------------------------
// errors
// -------------------------------------------------------------------------------------

/**
 * The `EndpointError` for io-ts errors: the first error's path (its context
 * keys, `headers.accept`, `mediaType.previews[0]`) and message.
 *
 * @example
 * import { Codec } from "fp-endpoint"
 * import * as E from "fp-ts/lib/Either.js"
 *
 * const r = Codec.OptionsCodec.decode({ headers: { accept: {} } })
 * E.isLeft(r) && Codec.toError(r.left).message // "headers.accept: expected string or number, got object"
 *
 * @since 0.1.0
 */
export const toError = (errors: t.Errors): EndpointError => {
  const first = errors[0]
  if (first === undefined) return new EndpointError("options", "invalid")
  let path = ""
  for (const entry of first.context) {
    if (entry.key === "") continue
    path = entry.type === Index && /^\d+$/.test(entry.key) ? `${path}[${entry.key}]` : child(path, entry.key)
  }
  return new EndpointError(path === "" ? "options" : path, first.message ?? "invalid")
}

const ROOT: t.Context = [{ key: "", type: OptionsCodec, actual: undefined }]

/**
 * Flat options (unknown input) into the model, or an `EndpointError` naming
 * the field. `path` names the input in messages about the whole object.
 *
 * @example
 * import { Codec } from "fp-endpoint"
 *
 * Codec.decode({ headers: { "X-Foo": "bar" }, page: 2 }) // right({ ...Options.empty, headers: { "x-foo": "bar" }, params: { page: 2 } })
 * Codec.decode({ headers: { accept: {} } }) // left(EndpointError("headers.accept: expected string or number, got object"))
 *
 * @since 0.1.0
 */
export const decode = (u: unknown, path = "options"): Either<EndpointError, Options> => {
  const v = OptionsCodec.validate(u, ROOT)
  if (v._tag === "Right") return v
  const e = toError(v.left)
  return left(e.path === "options" && path !== "options" ? new EndpointError(shown(path), e.problem) : e)
}
