/** Request options as a value: the model, the io-ts codec that is the boundary to it (`decode`
 * turns the options callers write into the model, `encode` turns it back), and the Monoid that
 * combines it: `defaults()` and `merge()` are nothing but its `concat`.
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import type * as Mo from "fp-ts/lib/Monoid.js"
import type * as Se from "fp-ts/lib/Semigroup.js"
import * as t from "io-ts"
import { EndpointError } from "./EndpointError.js"
import { child, kindOf, quote, sameHeader, shown } from "./internal/describe.js"
import { left, toEndpointError } from "./internal/either.js"
import { frozen, has, isArray, isEmpty, isMergingRecord, isPlainObject, isReplacing, membersOf, own, put, REPLACING } from "./internal/object.js"
import { previewName, previewsIn } from "./internal/preview.js"
import { loneSurrogateAt } from "./internal/encode.js"
import { breaksLine, isToken } from "./internal/token.js"

// model -------------------------------------------------------------------------------------------

/** Headers with lowercase names; `null` removes a header (a default one too) when parsed.
 * @example
 * import type { Options } from "fp-endpoint"
 * const h: Options.Headers = { accept: "application/vnd.github.v3+json", "user-agent": null }
 * @since 0.1.0
 */
export type Headers = { readonly [name: string]: string | number | null }

/** A media type: a format (`undefined` or `""` for none) and preview names (without `-preview`), each once.
 * @example
 * import type { Options } from "fp-endpoint"
 * const m: Options.MediaType = { format: "raw", previews: ["symmetra"] }
 * @since 0.1.0
 */
export interface MediaType {
  readonly format: string | undefined
  readonly previews: ReadonlyArray<string>
}

/** Decoded options, every field present: `undefined` means "not set". `params` holds the other
 * keys of flat options, in order; `data` is the body (`null` is one); `request` is returned as it is.
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

/** Options as callers write them: the reserved keys, and any other key as a parameter. What
 * `endpoint()`, `defaults()` and `merge()` take, and what `merge()` and `DEFAULTS` are.
 * @example
 * import type { FlatOptions } from "fp-endpoint"
 * const o: FlatOptions = { method: "POST", url: "/repos/{owner}/{repo}/issues", owner: "o", title: "Bug" }
 * @since 0.1.0
 */
export interface FlatOptions {
  readonly method?: string | undefined
  readonly url?: string | undefined
  readonly baseUrl?: string | undefined
  /** Names in any case; `null` removes the header, `undefined` is left out. */
  readonly headers?: { readonly [name: string]: string | number | null | undefined } | undefined
  readonly mediaType?: { readonly format?: string | undefined; readonly previews?: ReadonlyArray<string> | undefined } | undefined
  readonly data?: unknown
  readonly request?: { readonly [key: string]: unknown } | undefined
  readonly [parameter: string]: unknown
}

/** Options with nothing set, deeply frozen: the Monoid's identity.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.concat(Options.empty, Options.empty) // Options.empty
 * @since 0.1.0
 */
export const empty: Options = frozen({
  method: undefined,
  url: undefined,
  baseUrl: undefined,
  headers: frozen({}),
  mediaType: frozen({ format: undefined, previews: frozen([]) }),
  data: undefined,
  request: undefined,
  params: frozen({}),
})

// instances ---------------------------------------------------------------------------------------

/** The second value unless it is `undefined`: fp-ts' `last`, over an optional value. */
const lastSet = <A>(): Se.Semigroup<A | undefined> => frozen({ concat: (first, second) => (second === undefined ? first : second) })

/**
 * Headers combine as fp-ts' `ReadonlyRecord.getUnionSemigroup(last())`: a spread, which defines
 * keys (so `"__proto__"` is an ordinary key) and keeps the first's keys first. An empty side gives the other.
 */
const headersUnion: Se.Semigroup<Headers> = frozen({
  concat: (first, second) => (isEmpty(second) ? first : isEmpty(first) ? second : { ...first, ...second }),
})

/** What one deep union may build, write and list: records, keys written into them (shared records could ask for many), keys listed from the records met (a Proxy may list many on every ask). */
const MAX_MERGED_RECORDS = 2 ** 17
const MAX_MERGED_KEYS = 2 ** 20
const MAX_LISTED_KEYS = 2 ** 21 // a key of both records is listed on each side

/**
 * Two records merged key by key, the first's keys first, as `request` and parameters combine. At a
 * key in both, the second's value lands on the first's: a plain object merges into a plain object
 * key by key; into a replacing record too, and the result replaces; onto anything else (a number,
 * an array, a class instance) it replaces from then on, as a replacing record, so that grouping
 * cannot bring back what it replaced (`{x:{p:1}}`, `{x:5}`, `{x:{q:2}}` give `{x:{q:2}}` however
 * grouped). Any other value wins whole, and the first's value is not read. An empty side gives the
 * other. Throws only an `EndpointError`, naming the key where a getter or trap inside a value threw;
 * `root` names the field (`request`, or `""` for the parameters).
 */
const deepUnion = (first: Readonly<Record<string, unknown>>, second: Readonly<Record<string, unknown>>, root: string): Record<string, unknown> => {
  let m: Merging | undefined // made only when both sides hold keys, as few calls' do
  try {
    if (isEmpty(second)) return first
    if (isEmpty(first)) return second
    m = { merges: new Map(), copies: new Map(), listed: new Map(), pending: [], records: 0, keys: 0, listedKeys: 0, parent: root, key: undefined }
    return mergeRecords(m, first, second)
  } catch (e) {
    throw toEndpointError(e, m === undefined ? root : m.key === undefined ? m.parent : child(m.parent, m.key))
  }
}

type Fields = Readonly<Record<string, unknown>>

/**
 * One deep union under way: each pair of records is merged once and each record copied into a
 * replacing one once (shared and cyclic records stay so), within the bounds; `parent` and `key` say
 * where it is, for an error.
 */
interface Merging {
  readonly merges: Map<object, Map<object, Fields>>
  readonly copies: Map<object, Fields>
  /** Each record's keys, listed once however often the record is met. */
  readonly listed: Map<object, ReadonlyArray<string>>
  readonly pending: Array<readonly [a: Fields, b: Fields, out: Record<string, unknown>, path: string]>
  records: number
  keys: number
  listedKeys: number
  parent: string
  key: string | undefined
}

const newRecord = (m: Merging, replaces: boolean): Record<string, unknown> => {
  if (++m.records > MAX_MERGED_RECORDS) throw new EndpointError(m.parent, `merging may build at most ${MAX_MERGED_RECORDS} objects`)
  return replaces ? (Object.create(REPLACING) as Record<string, unknown>) : {}
}

const write = (m: Merging, out: Record<string, unknown>, key: string, value: unknown): void => {
  if (++m.keys > MAX_MERGED_KEYS) throw new EndpointError(m.parent, `merging may write at most ${MAX_MERGED_KEYS} keys`)
  put(out, key, value)
}

/** A record's own keys, counted. */
const listKeys = (m: Merging, o: Fields): ReadonlyArray<string> => {
  const keys = Object.keys(o)
  if ((m.listedKeys += keys.length) > MAX_LISTED_KEYS) throw new EndpointError(m.parent, `merging may list at most ${MAX_LISTED_KEYS} keys`)
  return keys
}

/** A record's own keys, listed once a merge (a record met in many pairs, or whose emptiness decides a pair, is listed once). */
const keysOf = (m: Merging, o: Fields): ReadonlyArray<string> => {
  const known = m.listed.get(o)
  if (known !== undefined) return known
  const keys = listKeys(m, o)
  m.listed.set(o, keys)
  return keys
}

/** A replacing record with the keys of `fields`, one per record. */
const replacingCopy = (m: Merging, fields: Fields): Fields => {
  const known = m.copies.get(fields)
  if (known !== undefined) return known
  const copy = newRecord(m, true)
  m.copies.set(fields, copy)
  for (const key of listKeys(m, fields)) write(m, copy, key, fields[key]) // the keys it has now: a getter may have changed them
  return copy
}

/** `b` merged into `a`, found at `path`: a replacing record when `a` is one; its keys are written later, in order. */
const mergedPair = (m: Merging, a: Fields, b: Fields, path: string): Fields => {
  if (a === b) return a
  const known = m.merges.get(a)?.get(b)
  if (known !== undefined) return known
  let out: Fields
  const bKeys = keysOf(m, b)
  const aKeys = bKeys.length === 0 ? bKeys : keysOf(m, a)
  if (bKeys.length === 0) out = a
  else if (aKeys.length === 0) out = isReplacing(a) ? replacingCopy(m, b) : b
  else m.pending.push([a, b, (out = newRecord(m, isReplacing(a))), path] as const)
  m.merges.set(a, (m.merges.get(a) ?? new Map<object, Fields>()).set(b, out))
  return out
}

/** What `b` makes of `a[key]` (read only when `b` is a plain object); `a` is at `path`. */
const land = (m: Merging, a: Fields, key: string, b: unknown, path: string): unknown => {
  if (!isMergingRecord(b)) return b
  const base = a[key]
  return isPlainObject(base) ? mergedPair(m, base, b, child(path, key)) : replacingCopy(m, b)
}

/** The deep union's work, iterative, the pairs taken in order: a caller's getters run as a copy would run them. */
const mergeRecords = (m: Merging, first: Fields, second: Fields): Record<string, unknown> => {
  const top = mergedPair(m, first, second, m.parent) as Record<string, unknown>
  for (let i = 0; i < m.pending.length; i++) {
    const [a, b, out, path] = m.pending[i]!
    m.parent = path
    m.key = undefined
    // the keys listed when the pair was met (remembered), each written while the record still has it: a getter may have deleted it
    for (const key of keysOf(m, a)) {
      m.key = key
      if (has(a, key)) write(m, out, key, has(b, key) ? land(m, a, key, b[key], path) : a[key])
    }
    for (const key of keysOf(m, b)) {
      m.key = key
      if (!has(a, key) && has(b, key)) write(m, out, key, b[key])
    }
  }
  return top
}

/** Each name once, in order of first appearance: associative on any lists. */
const previews: Se.Semigroup<ReadonlyArray<string>> = frozen({
  concat: (first, second) => (second.length === 0 ? first : first.length === 0 ? second : [...new Set([...first, ...second])]),
})

/** One semigroup per field: `method`, `url`, `baseUrl` and `data` take the second when set;
 * `headers` is a key-wise union; `request` and `params` merge deeply (a plain object in both
 * merges key by key, anything else is replaced whole); a media type takes the second's format
 * when set and the ordered union of previews. A new field does not compile until it has one.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.fieldSemigroups.params.concat({ a: 1, b: 1, c: { x: 1 } }, { b: 2, c: { y: 2 } }) // { a: 1, b: 2, c: { x: 1, y: 2 } }
 * @since 0.1.0
 */
export const fieldSemigroups: { readonly [K in keyof Options]: Se.Semigroup<Options[K]> } = frozen({
  method: lastSet(),
  url: lastSet(),
  baseUrl: lastSet(),
  headers: headersUnion,
  mediaType: frozen({
    concat: (first, second) =>
      second.format === undefined && second.previews.length === 0
        ? first
        : { format: second.format ?? first.format, previews: previews.concat(first.previews, second.previews) },
  }),

  data: lastSet(),
  request: frozen({ concat: (first, second) => (first === undefined ? second : second === undefined ? first : deepUnion(first, second, "request")) }),
  params: frozen({ concat: (first, second) => deepUnion(first, second, "") }),
})

/** The reserved keys of flat options, derived from the model.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.RESERVED_KEYS // ["method", "url", "baseUrl", "headers", "mediaType", "data", "request"]
 * @since 0.1.0
 */
export const RESERVED_KEYS = frozen(Object.keys(fieldSemigroups).filter((k) => k !== "params")) as ReadonlyArray<ReservedKey>

const RESERVED: ReadonlySet<string> = new Set(RESERVED_KEYS)

/** Whether a key of flat options is reserved, not a parameter.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.isReserved("data") // true
 * Options.isReserved("owner") // false
 * @since 0.1.0
 */
export const isReserved = (key: string): key is ReservedKey => RESERVED.has(key)

/** Options combine field by field: fp-ts' `Semigroup.struct(fieldSemigroups)`, written out
 * because `struct`'s keyed loop costs five times as much per call (a property checks they agree).
 * @example
 * import { Options } from "fp-endpoint"
 * Options.Semigroup.concat({ ...Options.empty, url: "/a" }, { ...Options.empty, headers: { b: "2" } })
 * // { ...Options.empty, url: "/a", headers: { b: "2" } }
 * @since 0.1.0
 */
export const Semigroup: Se.Semigroup<Options> = frozen({
  concat: (first, second) => ({
    method: fieldSemigroups.method.concat(first.method, second.method),
    url: fieldSemigroups.url.concat(first.url, second.url),
    baseUrl: fieldSemigroups.baseUrl.concat(first.baseUrl, second.baseUrl),
    headers: fieldSemigroups.headers.concat(first.headers, second.headers),
    mediaType: fieldSemigroups.mediaType.concat(first.mediaType, second.mediaType),
    data: fieldSemigroups.data.concat(first.data, second.data),
    request: fieldSemigroups.request.concat(first.request, second.request),
    params: fieldSemigroups.params.concat(first.params, second.params),
  }),
})

/** The Options Monoid, with {@link empty} as its identity.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.Monoid.concat(Options.Monoid.empty, Options.empty) // Options.empty
 * @since 0.1.0
 */
export const Monoid: Mo.Monoid<Options> = frozen({ concat: (first, second) => Semigroup.concat(first, second), empty })

// field codecs ------------------------------------------------------------------------------------

const failure = <A>(u: unknown, c: t.Context, problem: string): t.Validation<A> => t.failure(u, c, problem)
/** The context entries of a key (`headers.accept`) and of an index (`previews[2]`), for error paths. */
const Key = new t.Type<unknown>("Key", (_): _ is unknown => true, t.success, t.identity)
const Index = new t.Type<unknown>("Index", (_): _ is unknown => true, t.success, t.identity)
const at = (c: t.Context, key: string, u: unknown): t.Context => t.appendContext(c, key, Key, u)

/** A codec whose one rule is `problem`: `undefined` for a valid value, else what is wrong. */
const checked = <A>(name: string, problem: (u: unknown) => string | undefined): t.Type<A> =>
  frozen(new t.Type<A>(name, (u): u is A => problem(u) === undefined, (u, c) => {
    const p = problem(u)
    return p === undefined ? t.success(u as A) : failure(u, c, p)
  }, t.identity))

/** `is` that answers `false` where reading `u` throws (a getter, a Proxy trap). */
const safely = <A>(is: (u: unknown) => u is A) => (u: unknown): u is A => {
  try {
    return is(u)
  } catch {
    return false
  }
}

/** A codec over a caller's object: what a getter or Proxy trap throws makes `is` false and `validate` a failure. */
const guarded = <A, O = A>(name: string, is: (u: unknown) => u is A, validate: t.Validate<unknown, A>, encode: t.Encode<A, O> = t.identity as never): t.Type<A, O> =>
  frozen(new t.Type<A, O>(name, safely(is), (u, c) => {
    try {
      return validate(u, c)
    } catch (e) {
      return failure(u, c, toEndpointError(e).problem)
    }
  }, encode))

/** An own property's value, read once, or the failure at `key` when a getter or Proxy trap throws. */
const readOwn = (u: Record<string, unknown>, key: string, c: t.Context): t.Validation<unknown> => {
  try {
    return t.success(own(u, key))
  } catch (e) {
    return failure(u, at(c, key, u), toEndpointError(e).problem)
  }
}

const checkedString = (name: string, problem: (s: string) => string | undefined): t.Type<string> =>
  checked(name, (u) => (typeof u === "string" ? problem(u) : `expected string, got ${kindOf(u)}`))

const headerValueProblem = (u: unknown): string | undefined =>
  u === null ? undefined
  : typeof u === "number" ? (Number.isFinite(u) ? undefined : `expected a finite number, got ${u}`)
  : typeof u !== "string" ? `expected string or number, got ${kindOf(u)}`
  : breaksLine(u) ? "header value contains CR, LF or NUL" : undefined

// a format and preview names are written into the accept header: a comma or a space there would add media types
const TOKEN_WORDS = "an RFC 9110 token (letters, digits and !#$%&'*+-.^_`|~), as it is written into the accept header"
const format = checkedString("Format", (s) =>
  s !== "" && !isToken(s) ? `expected "" or ${TOKEN_WORDS}, got ${quote(s)}`
  : /-preview/i.test(s) && previewsIn(s).length > 0 ? `expected a format that names no preview (as x-preview would), as the accept header it is written into is read for previews, got ${quote(s)}`
  : undefined)
// a preview is read back from the accept header as a run of word characters and "-" (`a.b-preview` there names `b`)
const PREVIEW_WORD = /^[\w-]+$/
const previewNamed = checkedString("Preview", (s) => {
  const name = previewName(s)
  return PREVIEW_WORD.test(name) ? undefined
    : name === "" && s !== "" ? `expected a name before "-preview" (alone, it names no preview), got ${quote(s)}` // "-preview" keeps the rule below: it lacks a name
    : `expected a name of letters, digits, _ and -, as it is written into the accept header and read back from it, got ${quote(s)}`
})

/** Headers: one read of each string key (a symbol key is no header), names lowercased (two keys for one name are an error), `undefined` values left out. */
const validateHeaders = (u: unknown, c: t.Context): t.Validation<Headers> => {
  if (!isPlainObject(u)) return failure(u, c, `expected a plain object, got ${kindOf(u)}`)
  const out: Record<string, unknown> = {}
  for (const name of Object.keys(u)) {
    const read = readOwn(u, name, c) // each getter runs once: what is checked is what is used
    if (read._tag === "Left") return read
    const value = read.right
    const problem = !isToken(name) ? "header name is not an RFC 9110 token" : value === undefined ? undefined : headerValueProblem(value)
    if (problem !== undefined) return failure(value, at(c, name, value), problem)
    if (value === undefined) continue
    const lower = name.toLowerCase() // two spellings of one header would silently lose one value
    if (has(out, lower)) return failure(value, at(c, name, value), sameHeader(u, name, lower))
    put(out, lower, value)
  }
  return t.success(out as Headers)
}

const isNormalHeaders = (u: unknown): u is Headers =>
  isPlainObject(u) && Object.keys(u).every((k) => isToken(k) && k.toLowerCase() === k && headerValueProblem(u[k]) === undefined) &&
  Object.getOwnPropertySymbols(u).length === 0

/** `previews` (a dense array of strings, named without `-preview`, each kept once) under `mediaType`'s context `c`. */
const validatePreviews = (u: unknown, c: t.Context): t.Validation<ReadonlyArray<string>> => {
  if (!isArray(u)) return failure(u, at(c, "previews", u), `expected an array of strings, got ${kindOf(u)}`) // isArray: false for a revoked Proxy
  const names = membersOf(u) // one read of each member, and no method of the caller's array runs
  if (names === undefined) return failure(u, at(c, "previews", u), "a sparse array (with holes) is not accepted")
  const bad = names.findIndex((name) => !previewNamed.is(name))
  if (bad >= 0) return previewNamed.validate(names[bad], t.appendContext(at(c, "previews", u), String(bad), Index, names[bad])) as t.Validation<never>
  const named = (names as Array<string>).map(previewName)
  return t.success(named.length < 2 ? named : [...new Set(named)])
}

const validateMediaType = (u: unknown, c: t.Context): t.Validation<MediaType> => {
  if (!isPlainObject(u)) return failure(u, c, `expected a plain object, got ${kindOf(u)}`)
  const unknownKey = Object.keys(u).find((k) => k !== "format" && k !== "previews")
  if (unknownKey !== undefined) return failure(u, at(c, unknownKey, u), "unknown key (expected format or previews)") // its value is not read: a getter there would hide this
  const given = readOwn(u, "format", c) // own: a polluted prototype names nothing
  if (given._tag === "Left") return given
  const listed = readOwn(u, "previews", c)
  if (listed._tag === "Left") return listed
  if (given.right !== undefined && !format.is(given.right)) return format.validate(given.right, at(c, "format", given.right)) as t.Validation<never>
  const valid = listed.right === undefined ? t.success([]) : validatePreviews(listed.right, c)
  return valid._tag === "Left" ? valid : t.success({ format: given.right as string | undefined, previews: valid.right })
}

const isNormalMediaType = (u: unknown): u is MediaType => {
  if (!isPlainObject(u) || Object.keys(u).some((k) => k !== "format" && k !== "previews")) return false
  const p = own(u, "previews")
  const names = isArray(p) ? membersOf(p) : undefined
  return has(u, "format") && (u.format === undefined || format.is(u.format)) && names !== undefined && // format is a key of the model, undefined or not
    names.every((n) => previewNamed.is(n) && previewName(n) === n) && new Set(names).size === names.length
}

/** The codec of each reserved field. `method`: an RFC 9110 token, case kept. `url`: a string
 * (the template is checked when parsed). `baseUrl`: an absolute `http(s)` url with no query or
 * fragment, or `""`. `headers`: RFC 9110 token names, lowercased, values strings without CR,
 * LF or NUL, finite numbers or `null`, `undefined` ones left out. `mediaType`: `format` (`""` or an
 * RFC 9110 token that names no preview) and `previews` (letters, digits, `_` and `-`, each kept once, without trailing `-preview`), any other key an error. `data`: anything. `request`: a plain
 * object. A new field of `Options` does not compile until it has one here.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.fieldCodecs.method.is("PATCH") // true
 * Options.fieldCodecs.baseUrl.is("https://x.test/api?x=1") // false
 * Options.fieldCodecs.headers.decode({ "X-A": "1", "X-B": undefined }) // right({ "x-a": "1" })
 * @since 0.1.0
 */
export const fieldCodecs: { readonly [K in ReservedKey]: t.Type<Exclude<Options[K], undefined>, unknown> } = frozen({
  method: checkedString("Method", (s) => (isToken(s) ? undefined : `${quote(s)} is not an HTTP method token`)),
  url: checkedString("Url", () => undefined),
  baseUrl: checkedString("BaseUrl", (s) =>
    loneSurrogateAt(s) >= 0 ? `lone surrogate at index ${loneSurrogateAt(s)}, which URL parsers would replace with U+FFFD`
    : s === "" || (/^https?:\/\/[^/?#]+(?:\/[^?#]*)?$/i.test(s) && !/[\s\0\\]/.test(s)) // the host ends at the first "/": no backtracking; a backslash is a "/" to URL parsers, not to curl
      ? undefined
      : `expected an absolute http(s) url with no query, fragment, whitespace or backslash, or "", got ${quote(s)}`),
  headers: guarded("Headers", isNormalHeaders, validateHeaders),
  mediaType: guarded("MediaType", isNormalMediaType, validateMediaType),
  data: frozen(new t.Type<unknown>("Data", (_): _ is unknown => true, t.success, t.identity)),
  request: checked<Readonly<Record<string, unknown>>>("Request", (u) => (isPlainObject(u) ? undefined : `expected a plain object, got ${kindOf(u)}`)),
})

// the options codec -------------------------------------------------------------------------------

/** The model with nothing set, not frozen: V8 spreads a frozen object many times slower. Never handed out. */
const blank: Options = { ...empty }

/** `baseURL` (axios' spelling) as a parameter would send the request, and the credentials meant for that host, to the default base url. */
const isMisspeltBaseUrl = (key: string): boolean => key.length === 7 && key !== "baseUrl" && key.toLowerCase() === "baseurl"
const MISSPELT_BASE_URL = "the option is spelt baseUrl; as a parameter this would go to the query or the body, and the request to the default base url"

/**
 * Whether flat options are the model itself (what `decode` and `concat` return): every field a key, one of them
 * `undefined` (flat options never show one: `decode` drops it, `encode` leaves it out), and `params` a record. Read
 * as flat options, its parameters would be one parameter named `params`: a body `{ params: { title } }`.
 */
const isModelForm = (flat: Record<string, unknown>): boolean =>
  has(flat, "params") && isPlainObject(flat.params) && RESERVED_KEYS.every((key) => has(flat, key)) && RESERVED_KEYS.some((key) => flat[key] === undefined)
const MODEL_FORM = "options in the model's form (what Options.decode and Options.concat return) where flat options are expected: its parameters would be one parameter named params; pass Options.encode(options)"

/** Reads flat options into the model, in one pass: the snapshot of the caller's object is its own parameters unless a key is reserved or undefined. */
const decodeFlat = (u: unknown, c: t.Context): t.Validation<Options> => {
  if (!isPlainObject(u)) return failure(u, c, `expected a plain object, got ${kindOf(u)}`)
  const flat: Record<string, unknown> = { ...u } // each getter runs once: what is checked is what is used
  const keys = Object.keys(flat)
  const out: Record<string, unknown> = { ...blank }
  let params: Record<string, unknown> | undefined // a copy, begun at the first key that is not a parameter
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!
    const value = flat[key]
    const reserved = isReserved(key)
    if (value !== undefined && !reserved) {
      if (isMisspeltBaseUrl(key)) return failure(value, at(c, key, value), MISSPELT_BASE_URL)
      if (params !== undefined) put(params, key, value)
      continue
    }
    if (params === undefined) {
      if (isModelForm(flat)) return failure(flat.params, at(c, "params", flat.params), MODEL_FORM) // it holds reserved keys: asked once, here
      params = {}
      for (let j = 0; j < i; j++) put(params, keys[j]!, flat[keys[j]!]) // the parameters before this key
    }
    if (!reserved || value === undefined) continue
    const codec = fieldCodecs[key] as t.Type<unknown>
    // a valid string is used as it is (its context is built only for an error); an object is read once, by validate
    const v = typeof value !== "object" && codec.is(value) ? undefined : codec.validate(value, t.appendContext(c, key, codec, value))
    if (v?._tag === "Left") return v
    out[key] = v === undefined ? value : v.right
  }
  out.params = keys.length === 0 || (params !== undefined && isEmpty(params)) ? empty.params : (params ?? flat)
  return t.success(out as unknown as Options)
}

const isOptions = (u: unknown): u is Options =>
  isPlainObject(u) && Object.keys(u).length === RESERVED_KEYS.length + 1 && isPlainObject(u.params) &&
  RESERVED_KEYS.every((key) => has(u, key) && (key === "data" || (u[key] === undefined ? key !== "headers" && key !== "mediaType" : fieldCodecs[key].is(u[key])))) &&
  Object.entries(u.params).every(([key, value]) => !isReserved(key) && !isMisspeltBaseUrl(key) && value !== undefined)

/** Flat options from the model: the fields that are set (`headers` and `mediaType` when not
 * empty), then the parameters.
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
 * import { Options } from "fp-endpoint"
 * Options.Codec.decode({ url: "/x", headers: { Accept: "text/plain" }, page: 2 })
 * // right({ ...Options.empty, url: "/x", headers: { accept: "text/plain" }, params: { page: 2 } })
 * @since 0.1.0
 */
export const Codec: t.Type<Options, FlatOptions, unknown> = guarded("Options", isOptions, decodeFlat, encode) // decodeFlat: the one place a caller's object is read

// errors ------------------------------------------------------------------------------------------

/** The `EndpointError` of io-ts errors: the first one's path (`headers.accept`,
 * `mediaType.previews[0]`) and message.
 * @example
 * import { Options } from "fp-endpoint"
 * const r = Options.Codec.decode({ headers: { accept: {} } })
 * r._tag === "Left" && Options.toError(r.left).message // "headers.accept: expected string or number, got object"
 * @since 0.1.0
 */
export const toError = (errors: t.Errors): EndpointError => {
  let path = ""
  for (const { key, type } of errors[0]?.context ?? []) {
    if (key !== "") path = type === Index ? `${path}[${key}]` : child(path, key)
  }
  return new EndpointError(path === "" ? "options" : path, errors[0]?.message ?? "invalid")
}

const ROOT: t.Context = [{ key: "", type: Codec, actual: undefined }]

/** Flat options (any input) into the model, or an `EndpointError` naming the field; `path`
 * names the input in a message about the whole object.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.decode({ headers: { "X-Foo": "bar" }, page: 2 }) // right({ ...Options.empty, headers: { "x-foo": "bar" }, params: { page: 2 } })
 * Options.decode({ headers: { accept: {} } }) // left(EndpointError("headers.accept: expected string or number, got object"))
 * @since 0.1.0
 */
export const decode = (u: unknown, path = "options"): Either<EndpointError, Options> => {
  const v = Codec.validate(u, ROOT)
  if (v._tag === "Right") return v
  const e = toError(v.left)
  return left(e.path === "options" && typeof path === "string" && path !== "options" ? new EndpointError(shown(path), e.problem) : e)
}

// combinators -------------------------------------------------------------------------------------

/** Concatenates options, the second winning; dual: `pipe(a, concat(b))` is `concat(a, b)`.
 * @example
 * import { Options } from "fp-endpoint"
 * import { pipe } from "fp-ts/lib/function.js"
 * const a = { ...Options.empty, params: { per_page: 10 } }
 * pipe(a, Options.concat({ ...Options.empty, params: { page: 2 } })).params // { per_page: 10, page: 2 }
 * @since 0.1.0
 */
export const concat: {
  (that: Options): (self: Options) => Options
  (self: Options, that: Options): Options
} = ((self: Options, that?: Options) =>
  that === undefined ? (s: Options) => Semigroup.concat(s, self) : Semigroup.concat(self, that)) as never

/** Folds options with the Monoid: fp-ts' `concatAll(Monoid)`.
 * @example
 * import { Options } from "fp-endpoint"
 * Options.concatAll([Options.empty, { ...Options.empty, url: "/x" }]).url // "/x"
 * @since 0.1.0
 */
export const concatAll = (all: ReadonlyArray<Options>): Options => all.reduce(Semigroup.concat, empty)
