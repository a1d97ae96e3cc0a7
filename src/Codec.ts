/** The boundary: the io-ts codec that reads the options callers write (flat options) into the model
 * once, and writes the model back. It is the one definition of valid options.
 * @since 0.1.0
 */
import * as E from "#fp-ts/Either.js"
import type { Either } from "fp-ts/lib/Either.js"
import * as t from "io-ts"
import { EndpointError } from "./EndpointError.js"
import { child, kindOf, quote } from "./internal/describe.js"
import { attempt, isPlainObject, membersOf, put, safely } from "./internal/read.js"

// model -------------------------------------------------------------------------------------------

/** Headers with lowercase names; `null` removes a header (a default one too) when parsed.
 * @example
 * import type { Options } from "fp-endpoint"
 * const h: Options.Headers = { accept: "application/vnd.github.v3+json", "user-agent": null }
 * @since 0.1.0
 */
export type Headers = { readonly [name: string]: string | number | null }

/** A media type: a format (`undefined` when none is set) and preview names (without `-preview`), each once.
 * @example
 * import type { Options } from "fp-endpoint"
 * const m: Options.MediaType = { format: "raw", previews: ["symmetra"] }
 * @since 0.1.0
 */
export type MediaType = { readonly format: string | undefined; readonly previews: ReadonlyArray<string> }

/** Decoded options, every field present (`undefined`: not set). `params` holds the other keys of flat
 * options, in order; `data` is the body (`null` is one); `request` is returned as it is.
 * @example
 * import { Options } from "fp-endpoint"
 * const o: Options.Options = { ...Options.empty, url: "/orgs/{org}/repos", params: { org: "octokit" } }
 * @since 0.1.0
 */
export interface Options {
  readonly method: string | undefined
  readonly url: string | undefined
  readonly baseUrl: string | undefined
  readonly headers: Headers
  readonly mediaType: MediaType
  readonly data: unknown
  readonly request: Readonly<Record<string, unknown>> | undefined
  readonly params: Readonly<Record<string, unknown>>
}

/** The fields but `params`: the reserved keys of flat options.
 * @example
 * import type { Options } from "fp-endpoint"
 * const k: Options.ReservedKey = "mediaType"
 * @since 0.1.0
 */
export type ReservedKey = Exclude<keyof Options, "params">

type Given<A> = A | undefined

/** Options as callers write them: the reserved keys, and any other key a parameter.
 * @example
 * import type { FlatOptions } from "fp-endpoint"
 * const o: FlatOptions = { method: "POST", url: "/repos/{owner}/{repo}/issues", owner: "o", title: "Bug" }
 * @since 0.1.0
 */
export interface FlatOptions {
  readonly method?: Given<string>
  readonly url?: Given<string>
  readonly baseUrl?: Given<string>
  /** Names in any case; `null` removes the header, `undefined` is left out. */
  readonly headers?: Given<{ readonly [name: string]: Given<string | number | null> }>
  readonly mediaType?: Given<{ readonly format?: Given<string>; readonly previews?: Given<ReadonlyArray<string>> }>
  readonly data?: unknown
  readonly request?: Given<{ readonly [key: string]: unknown }>
  readonly [parameter: string]: unknown
}

// field codecs ------------------------------------------------------------------------------------

/** The longest value of one header, 16 384 characters, as HTTP servers bound a header line.
 * @example
 * import { Parse } from "fp-endpoint"
 * Parse.MAX_HEADER_LENGTH // 16384
 * @since 0.1.0
 */
export const MAX_HEADER_LENGTH = 16_384
const TOKEN = /^[\w!#$%&'*+.^`|~-]+$/
const BASE_URL = /^https?:\/\/[^/?#\s\\\0-\x1f\x7f]+(?:\/[^?#\s\\\0-\x1f\x7f]*)?$/i
const PROTO = "a key named __proto__ would set a prototype instead of a key: rename it"
const NOT_RECORD = (u: unknown) => `expected a plain object, got ${kindOf(u)}`

/** A codec from its `validate`, whose `is` it derives: one definition of valid. */
const codec = <A>(name: string, validate: t.Validate<unknown, A>): t.Type<A> =>
  new t.Type<A>(name, (u): u is A => E.isRight(validate(u, [])), validate, t.identity)

/** A codec whose one rule is `problem`: what is wrong with a value, or `undefined` for a valid one. */
const rule = <A>(name: string, problem: (u: unknown) => string | undefined): t.Type<A> =>
  codec(name, (u, c) => {
    const p = problem(u)
    return p === undefined ? t.success(u as A) : t.failure(u, c, p)
  })

/** A codec of strings whose one rule is `problem`. */
const text = (name: string, problem: (s: string) => string | undefined): t.Type<string> =>
  rule(name, (u) => (typeof u === "string" ? problem(u) : `expected a string, got ${kindOf(u)}`))

/** A preview's name without every trailing `-preview`, in any case: normalising twice changes nothing. */
export const previewName = (name: string): string => {
  let end = name.length
  while (end >= 8 && name.slice(end - 8, end).toLowerCase() === "-preview") end -= 8
  return name.slice(0, end)
}

const headerValueProblem = (u: unknown): string | undefined => {
  if (u === null || (typeof u === "number" && Number.isFinite(u))) return undefined
  if (typeof u !== "string") return `expected a string or a finite number, got ${kindOf(u)}`
  if (/[\r\n\0]/.test(u)) return "a header value cannot hold CR, LF or NUL"
  return u.length > MAX_HEADER_LENGTH ? `longer than ${MAX_HEADER_LENGTH} characters` : undefined
}
const Format = text("Format", (s) => {
  if (s !== "" && !TOKEN.test(s)) return `expected "" or an RFC 9110 token, got ${quote(s)}`
  return previewsIn(s).length > 0
    ? `a format cannot name a preview (it is written into the accept header), got ${quote(s)}`
    : undefined
})
const Preview = text("Preview", (s) =>
  /^[\w-]+$/.test(previewName(s))
    ? undefined
    : s !== "" && previewName(s) === ""
      ? `expected a name before "-preview", got ${quote(s)}`
      : `expected a name of letters, digits, _ and -, got ${quote(s)}`,
)

/** The preview names a text holds: each run of word characters and `-` that ends in `-preview`. */
export const previewsIn = (text: string): Array<string> => {
  if (!/-preview/i.test(text)) return []
  return (text.match(/[\w-]+/g) ?? []).flatMap((run) => {
    const name = previewName(run)
    return name !== run && name !== "" ? [name] : []
  })
}
/** The context entry of an array index, which an error path writes `[i]`. */
const Index = new t.Type<unknown>("Index", t.unknown.is, t.success, t.identity)

const failure = (u: unknown, c: t.Context, key: string, problem: string): t.Validation<never> =>
  t.failure(u, t.appendContext(c, key, t.unknown, u), problem)

/** Lowercase header names, each an RFC 9110 token named once; `undefined` values left out. */
const Headers = codec<Headers>("Headers", (u, c) => {
  if (!isPlainObject(u)) return t.failure(u, c, NOT_RECORD(u))
  const out: Record<string, string | number | null> = {}
  for (const name of Object.keys(u)) {
    const [value, lower] = [u[name], name.toLowerCase()]
    if (value === undefined) continue
    if (!TOKEN.test(name)) return failure(value, c, name, "not an RFC 9110 token")
    if (lower === "__proto__") return failure(value, c, name, PROTO)
    if (Object.hasOwn(out, lower))
      return failure(value, c, name, "names a header another key names: one value would be lost")
    const problem = headerValueProblem(value)
    if (problem !== undefined) return failure(value, c, name, problem)
    out[lower] = value as string | number | null
  }
  return t.success(out)
})

/** A format and previews, each preview once and without `-preview`; any other key is an error. */
const MediaType = codec<MediaType>("MediaType", (u, c) => {
  if (!isPlainObject(u)) return t.failure(u, c, NOT_RECORD(u))
  const other = Object.keys(u).find((k) => k !== "format" && k !== "previews")
  if (other !== undefined) return failure(u, c, other, "unknown key (expected format or previews)")
  const format =
    u.format === undefined
      ? t.success(undefined)
      : Format.validate(u.format, t.appendContext(c, "format", Format, u.format))
  if (E.isLeft(format)) return format
  const [previews, at] = [u.previews ?? [], t.appendContext(c, "previews", t.unknown, u.previews)]
  if (previews === SPARSE) return t.failure(previews, at, "a sparse array (with holes) is not accepted")
  if (!Array.isArray(previews)) return t.failure(previews, at, `expected an array of strings, got ${kindOf(previews)}`)
  const bad = previews.findIndex((p) => !Preview.is(p))
  if (bad >= 0) return Preview.validate(previews[bad], t.appendContext(at, String(bad), Index, previews[bad])) as never
  const names = previews.length === 0 ? NO_MEDIA_TYPE.previews : [...new Set(previews.map(previewName))]
  return t.success({ format: format.right, previews: names })
})

/** The codec of each reserved field; a new field of `Options` does not compile until it has one. */
const FIELDS: { readonly [K in ReservedKey]: t.Type<Exclude<Options[K], undefined>> } = {
  method: text("Method", (s) => (TOKEN.test(s) ? undefined : `${quote(s)} is not an HTTP method token`)),
  url: text("Url", () => undefined),
  baseUrl: text("BaseUrl", (s) =>
    s === "" || (BASE_URL.test(s) && s.isWellFormed() && URL.canParse(s))
      ? undefined
      : `expected an absolute http(s) url with no query, fragment, whitespace or backslash, or "", got ${quote(s)}`,
  ),
  headers: Headers,
  mediaType: MediaType,
  data: t.unknown as t.Type<unknown>,
  request: codec("Request", (u, c) =>
    !isPlainObject(u)
      ? t.failure(u, c, NOT_RECORD(u))
      : Object.hasOwn(u, "__proto__")
        ? failure(u, c, "__proto__", PROTO)
        : t.success(u),
  ),
}

/** Whether a key of flat options is a reserved one (an option), not a parameter. */
export const isReserved = (key: string): key is ReservedKey => Object.hasOwn(FIELDS, key)

// the options codec -------------------------------------------------------------------------------

/** `baseURL` (axios' spelling) as a parameter would send the request, and its credentials, to the default host. */
const MISSPELT = "the option is spelt baseUrl; as a parameter this would go to the query or the body"
/** The model where flat options go (every field a key, one unset) would send its parameters as one named `params`. */
const MODEL_FORM =
  "options in the model's form (what Options.decode returns): pass Options.encode(options); " +
  "a body field named params goes in data"
const MODEL_KEYS = ["method", "url", "baseUrl", "headers", "mediaType", "data", "request", "params"]
const [NO_HEADERS, NO_PARAMS] = [Object.freeze({}), Object.freeze({})]
const NO_MEDIA_TYPE = Object.freeze({ format: undefined, previews: Object.freeze([]) })

/** Where a read of caller input stands: the field and, inside it, the key. */
type Cursor = { field: string; key: string | undefined }
/** What a sparse `previews` array reads as: the codec refuses it without walking its holes. */
const SPARSE: unique symbol = Symbol("sparse")

/** One level of `headers`, `request` or `mediaType` read once (the media type's `previews` by index). */
const readRecord = (value: unknown, field: string, at: Cursor): unknown => {
  if (!isPlainObject(value)) return value
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    at.key = key // an unknown key of mediaType is an error: its value is not read
    put(out, key, field !== "mediaType" || key === "format" || key === "previews" ? value[key] : undefined)
  }
  at.key = "previews"
  if (field === "mediaType" && Array.isArray(out.previews)) out.previews = membersOf(out.previews) ?? SPARSE
  at.key = undefined
  return out
}

/** Flat options into the model in one pass: each own key read once, each reserved field checked by its
 * codec, the rest parameters. `at` says what is being read, for what a getter or Proxy trap throws. */
const validateFlat = (u: unknown, c: t.Context, at: Cursor): t.Validation<Options> => {
  if (!isPlainObject(u)) return t.failure(u, c, NOT_RECORD(u))
  const o: Record<string, unknown> = {
    method: undefined,
    url: undefined,
    baseUrl: undefined,
    headers: NO_HEADERS,
    mediaType: NO_MEDIA_TYPE,
    data: undefined,
    request: undefined,
    params: NO_PARAMS,
  }
  let [params, unset]: [Record<string, unknown> | undefined, boolean] = [undefined, false]
  for (const key of Object.keys(u)) {
    at.field = key
    const value = key === "headers" || key === "request" || key === "mediaType" ? readRecord(u[key], key, at) : u[key]
    if (value === undefined) {
      unset ||= isReserved(key)
      continue
    }
    if (isReserved(key)) {
      const valid = (FIELDS[key] as t.Type<unknown>).validate(value, t.appendContext(c, key, FIELDS[key], value))
      if (E.isLeft(valid)) return valid
      o[key] = valid.right
    } else if (key === "__proto__") return failure(value, c, key, PROTO)
    else if (key.length === 7 && key !== "baseUrl" && key.toLowerCase() === "baseurl")
      return failure(value, c, key, MISSPELT)
    else (params ??= {})[key] = value
  }
  if (unset && params !== undefined && Object.hasOwn(params, "params") && MODEL_KEYS.every((k) => Object.hasOwn(u, k)))
    return failure(params.params, c, "params", MODEL_FORM)
  if (params !== undefined) o.params = params
  return t.success(o as unknown as Options)
}

/** Flat options from the model: the fields that are set, then the parameters.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.encode({ ...Options.empty, url: "/x", params: { a: 1 } }) // { url: "/x", a: 1 }
 * @since 0.1.0
 */
export const encode = (o: Options): FlatOptions => {
  const out: Record<string, unknown> = {}
  const { format, previews } = o.mediaType
  if (o.method !== undefined) put(out, "method", o.method)
  if (o.baseUrl !== undefined) put(out, "baseUrl", o.baseUrl)
  if (Object.keys(o.headers).length > 0) put(out, "headers", { ...o.headers })
  if (format !== undefined || previews.length > 0)
    put(out, "mediaType", { ...(format === undefined ? {} : { format }), previews: [...previews] })
  for (const key of ["url", "data", "request"] as const) if (o[key] !== undefined) put(out, key, o[key])
  for (const key of Object.keys(o.params)) put(out, key, o.params[key])
  return out
}

/** The context entry of a path written out already: where reading the input failed. */
const Path = new t.Type<unknown>("Path", t.unknown.is, t.success, t.identity)

/** The codec of options: `decode` turns flat options into the model (lowercase header names, no
 * `undefined`, each preview once), reading the caller's object once inside the one `try` around caller
 * code, or fails naming the field; `encode` gives flat options back. Never throws.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.Codec.decode({ url: "/x", headers: { Accept: "text/plain" }, page: 2 })
 * // right({ ...Options.empty, url: "/x", headers: { accept: "text/plain" }, params: { page: 2 } })
 * @since 0.1.0
 */
export const Codec: t.Type<Options, FlatOptions, unknown> = new t.Type(
  "Options",
  (u): u is Options => safely(() => isModel(u as Options), false),
  (u, c) => {
    const at: Cursor = { field: "", key: undefined }
    const path = () =>
      at.field === "" ? "options" : at.key === undefined ? child("", at.field) : child(child("", at.field), at.key)
    const read = attempt(() => E.right(validateFlat(u, c, at)), path)
    return E.isRight(read)
      ? read.right
      : t.failure(u, [...c, { key: read.left.path, type: Path, actual: u }], read.left.problem)
  },
  encode,
)

/** The `EndpointError` of io-ts errors: the first one's path (`mediaType.previews[0]`) and message. */
const toError = (errors: t.Errors): EndpointError => {
  let path = ""
  for (const { key, type } of errors[0]?.context ?? []) {
    if (key !== "") path = type === Path ? key : type === Index ? `${path}[${key}]` : child(path, key)
  }
  return new EndpointError(path === "" ? "options" : path, errors[0]?.message ?? "invalid")
}
const toEndpointError = E.mapLeft(toError)

/** Flat options (any input) into the model, or an `EndpointError` naming the field. Never throws.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.decode({ headers: { "X-Foo": "bar" }, page: 2 })
 * // right({ ...Options.empty, headers: { "x-foo": "bar" }, params: { page: 2 } })
 * Options.decode({ headers: { accept: {} } })
 * // left(EndpointError("headers.accept: expected a string or a finite number, got object"))
 * @since 0.1.0
 */
export const decode = (u: unknown): Either<EndpointError, Options> => toEndpointError(Codec.validate(u, []))

/** Options in the model's form, as a caller hands them back (to `Parse.parse`, `Merge.merge`): read
 * once, as flat options, and decoded again, so that only what the codec accepts is used.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.rebuild({ ...Options.empty, url: "/x", headers: { "x-a": "1\r\n" } })
 * // left(EndpointError: headers.x-a: ...)
 * @since 0.1.0
 */
export const rebuild = (o: Options): Either<EndpointError, Options> => {
  let at = "options"
  const fail = (problem: string) => E.left(new EndpointError(at, problem))
  return attempt(
    () => {
      if (!isPlainObject(o)) return fail("expected options made by Options.decode")
      const model: Record<string, unknown> = {}
      for (const key of Object.keys(o)) {
        at = child("", key)
        if (key !== "params" && !isReserved(key)) return fail("no field of Options: a parameter goes in params")
        put(model, key, o[key])
      }
      const [params, flat]: [unknown, Record<string, unknown>] = [
        Object.hasOwn(model, "params") ? model.params : undefined,
        {},
      ]
      at = "options"
      if (!isPlainObject(params)) return fail("expected options made by Options.decode")
      for (const key of Object.keys(params)) {
        at = child("params", key)
        if (isReserved(key)) return fail("a parameter named as an option")
        put(flat, key, params[key])
      }
      for (const key of Object.keys(model)) if (key !== "params" && model[key] !== undefined) put(flat, key, model[key])
      return decode(flat)
    },
    () => at,
  )
}

/** Same own keys, each value the same (`Object.is`). */
const sameRecord = (a: unknown, b: object): boolean => {
  if (!isPlainObject(a) && !Array.isArray(a)) return false
  const keys = Object.keys(a)
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => Object.hasOwn(b, k) && Object.is(a[k as never], b[k as never]))
  )
}

/** Whether `o` is in the model's normal form: rebuilding it changes nothing. */
const isModel = (o: Options): boolean => {
  const built = rebuild(o)
  if (E.isLeft(built)) return false
  const m = built.right
  return (
    (["method", "url", "baseUrl", "data"] as const).every((k) => Object.is(o[k], m[k])) &&
    (o.request === undefined ? m.request === undefined : m.request !== undefined && sameRecord(o.request, m.request)) &&
    sameRecord(o.headers, m.headers) &&
    sameRecord(o.params, m.params) &&
    Object.is(o.mediaType.format, m.mediaType.format) &&
    sameRecord(o.mediaType.previews, m.mediaType.previews)
  )
}

/** The most objects and arrays a snapshot of defaults copies: a getter may hand out a new one at each read. */
const MAX_COPIES = 2 ** 17

/** Options as defaults keep them: a deep copy of every plain object and array, frozen (class instances
 * such as an `http.Agent` are kept by reference), so that nothing the caller changes afterwards reaches
 * them. The copy reads caller values: it runs inside the one `try` around caller code. */
export const snapshot = (o: Options): Either<EndpointError, Options> => {
  let at = ""
  const copies = new Map<object, Record<string, unknown>>()
  const pending: Array<readonly [from: Record<string, unknown>, to: Record<string, unknown>, path: string]> = []
  const copyOf = (u: unknown, path: string): unknown => {
    if (!Array.isArray(u) && !isPlainObject(u)) return u
    if (!copies.has(u)) {
      if (copies.size >= MAX_COPIES) throw new RangeError(`defaults may hold at most ${MAX_COPIES} objects`)
      const to = Array.isArray(u) ? Object.assign([], { length: u.length }) : {}
      copies.set(u, to)
      pending.push([u as Record<string, unknown>, to, path])
    }
    return copies.get(u)
  }
  return attempt(
    () => {
      const top = copyOf(o, "")
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        const [from, to, path] = next
        for (const key of Object.keys(from)) {
          at = Array.isArray(from) && /^\d+$/.test(key) ? `${path}[${key}]` : child(path, key)
          put(to, key, copyOf(from[key], at))
        }
      }
      for (const copy of copies.values()) Object.freeze(copy)
      return E.right(top as Options)
    },
    () => at.replace(/^params\.?/, ""),
  )
}
