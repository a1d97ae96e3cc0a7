/**
 * Merged options → request options (SPEC §6). Stateless: it reads no defaults.
 *
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import { amendAccept, previewsOf } from "./Accept.js"
import { EndpointError } from "./EndpointError.js"
import { attempt, run } from "./internal/attempt.js"
import { startsWithDigit } from "./internal/encode.js"
import { dictionary, has, hasMoreKeysThan, own, put } from "./internal/object.js"
import { objectOf, snapshotOf, valueIn, type Snapshot } from "./internal/snapshot.js"
import type { Merged } from "./Merge.js"
import {
  normalise,
  ParameterSemigroup,
  plainObject,
  reservedValue,
  PreviewsSemigroup,
  isReservedKey,
  type HeaderValue,
  type Headers,
  type MediaType,
  type Options,
} from "./Options.js"
import { appendQuery, queryPair } from "./Query.js"
import { cachedTemplate, compile, expandValues, isPathOnlyText, startsWithScheme, type Template } from "./Template.js"

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

/**
 * What `endpoint()` returns: plain request options any HTTP client can send.
 * `method` is lowercase; header names are lowercase. `M` is the method's
 * type: the lowercase literal when the route is a literal
 * (`endpoint("GET /x")` gives `RequestOptions<"get">`), else `string`.
 *
 * @example
 * import { endpoint, type RequestOptions } from "fp-endpoint"
 *
 * const r: RequestOptions = endpoint("PATCH /user", { name: "Octo" })
 * // { method: "patch", url: "https://api.github.com/user", headers: {...}, body: { name: "Octo" } }
 *
 * @since 0.1.0
 */
export interface RequestOptions<M extends string = string> {
  method: M
  url: string
  headers: { [name: string]: HeaderValue }
  body?: unknown
  request?: { readonly [key: string]: unknown }
}

// -------------------------------------------------------------------------------------
// utils
// -------------------------------------------------------------------------------------

/**
 * Whether a url starts with an RFC 3986 scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":".
 *
 * @example
 * import { Parse } from "fp-endpoint"
 *
 * Parse.hasScheme("https://example.com/x") // true
 * Parse.hasScheme("/repos/o/r") // false
 *
 * @since 0.1.0
 */
export const hasScheme: (url: string) => boolean = startsWithScheme

/**
 * `baseUrl` followed by `path`; a `/` on both sides of the seam collapses into one.
 *
 * @example
 * import { Parse } from "fp-endpoint"
 *
 * Parse.joinBase("https://ghe.example/api/v3/", "/user") // "https://ghe.example/api/v3/user"
 *
 * @since 0.1.0
 */
export const joinBase = (baseUrl: string, path: string): string =>
  baseUrl.endsWith("/") && path.startsWith("/") ? baseUrl + path.slice(1) : baseUrl + path

const CONTENT_TYPE_JSON = "application/json; charset=utf-8"

/**
 * The whole of parsing; throws `EndpointError` for values it cannot place.
 *
 * @internal
 */
export const build = (o: Options): RequestOptions => buildLayered(o, NONE)

/**
 * No options: what a call without options builds on.
 *
 * @internal
 */
export const NONE: Options = {}

/**
 * What `build` needs to know of a base layer, worked out once per (immutable)
 * base object: merged defaults and routes are reused for every call.
 *
 * @internal
 */
export interface Layer {
  /** The base options themselves. */
  readonly options: Options
  readonly url: string | undefined
  readonly method: string
  readonly lowerMethod: string
  readonly sendsQuery: boolean
  readonly baseUrl: string
  /** Whether `baseUrl` has neither `?` nor `#`, so a query can follow the path with a plain `?`. */
  readonly baseUrlPathOnly: boolean
  readonly headers: Headers | undefined
  readonly mediaType: MediaType | undefined
  readonly request: Options["request"] | undefined
  readonly hasData: boolean
  readonly data: unknown
  /** Parameter keys, in order. */
  readonly params: ReadonlyArray<string>
  /** The same keys, for membership tests; `undefined` when there are none (the usual case). */
  readonly paramSet: ReadonlySet<string> | undefined
  /** Whether one of them may be integer-like (it starts with a digit). */
  readonly indexedParams: boolean
  /**
   * The result's headers when the caller adds neither headers nor a media
   * type: without a body, and with one (the JSON content type added unless
   * there is one). Each call gets a copy. Never frozen: V8 copies an ordinary
   * object with a spread several times faster than a frozen one.
   */
  readonly bodyless: { readonly [name: string]: HeaderValue }
  readonly withBody: { readonly [name: string]: HeaderValue }
  /** The accept header as the layer's media type amends it. */
  readonly accept: HeaderValue | undefined
  /** The accept header for a caller's media type of a format alone, by format; made on first use. */
  acceptByFormat: Map<string | undefined, HeaderValue | undefined> | undefined
  /** The layer's url, parsed on first use. */
  template: Template | undefined
}

const layers = new WeakMap<Options, Layer>()

/**
 * The layer of a base, remembered for the bases marked immutable.
 *
 * @internal
 */
export const layerOf = (o: Options): Layer => {
  let layer = layers.get(o)
  if (layer === undefined) {
    const headers = own(o, "headers") as Headers | undefined
    const mediaType = own(o, "mediaType") as MediaType | undefined
    const method = (own(o, "method") as string | undefined) ?? "GET"
    const baseUrl = (own(o, "baseUrl") as string | undefined) ?? ""
    const accept = amendedAccept(headers, mediaType)
    const params = Object.keys(o).filter((k) => !isReservedKey(k))
    layer = {
      options: o,
      url: own(o, "url") as string | undefined,
      method,
      lowerMethod: method.toLowerCase(),
      sendsQuery: sendsQuery(method),
      baseUrl,
      baseUrlPathOnly: isPathOnlyText(baseUrl),
      headers,
      mediaType,
      request: own(o, "request") as Options["request"],
      hasData: has(o, "data"),
      data: own(o, "data"),
      params,
      paramSet: params.length === 0 ? undefined : new Set(params),
      indexedParams: params.some(startsWithDigit),
      bodyless: finalHeaders({ ...headers }, false, accept),
      withBody: finalHeaders({ ...headers }, true, accept),
      accept,
      acceptByFormat: undefined,
      template: undefined,
    }
    // only bases the library made and never changes are remembered: a caller's object may change
    if (cacheable.has(o)) layers.set(o, layer)
  }
  return layer
}

/** The last steps of every result's headers: the JSON content type for a body that lacks one, then accept. */
const finalHeaders = (
  headers: { [name: string]: HeaderValue },
  hasBody: boolean,
  accept: HeaderValue | undefined,
): { [name: string]: HeaderValue } => {
  // assigned only when Object.prototype has no such name (no setter someone added, nothing read-only),
  // as put would, but by name: a keyed store here costs the mix a few %
  if (hasBody && !has(headers, "content-type")) {
    if ("content-type" in Object.prototype) put(headers, "content-type", CONTENT_TYPE_JSON)
    else headers["content-type"] = CONTENT_TYPE_JSON
  }
  if (accept !== undefined) setAccept(headers, accept)
  return headers
}

/**
 * `headers.accept = accept`, unless `Object.prototype` has an `accept` (a
 * setter someone added, a read-only one): then defined, as {@link put} does.
 * Written out rather than through `put`, whose keyed store costs the mix
 * about 4% here (`scripts/ab.mjs`).
 */
const setAccept = (headers: { [name: string]: HeaderValue }, accept: HeaderValue): void => {
  if ("accept" in Object.prototype) put(headers, "accept", accept)
  else headers.accept = accept
}

/** The accept header of `headers` as `mediaType` amends it. */
const amendedAccept = (headers: Headers | undefined, mediaType: MediaType | undefined): HeaderValue | undefined => {
  const accept = headers === undefined ? undefined : (own(headers, "accept") as HeaderValue | undefined)
  const text = accept === undefined ? undefined : String(accept)
  const amended = amendAccept(text, mediaType)
  return amended === text ? accept : amended // a number stays a number when nothing changes
}

/** Bases the library made and never changes (merged defaults and routes). */
const cacheable = new WeakSet<Options>()

/** @internal marks an options object the library made and will never change. */
export const markImmutable = <A extends Options>(o: A): A => {
  cacheable.add(o)
  return o
}

/**
 * A parameter of concat(base, normalise(top)): `top`'s value, merged into
 * `base`'s when both have one. Reserved keys are no parameters, and an
 * `undefined` value is no value.
 */
const parameterOf = (b: Layer, base: Options, top: Record<string, unknown>, large: Snapshot | undefined, key: string): unknown => {
  if (isReservedKey(key)) return undefined
  const inBase = b.paramSet?.has(key) === true
  const value = large !== undefined ? valueIn(large, key) : has(top, key) ? top[key] : undefined
  if (value === undefined) return inBase ? base[key] : undefined
  return inBase ? ParameterSemigroup.concat(base[key], value) : value
}

/**
 * `build(concat(base, normalise(options)))`, without making the
 * concatenation: the caller's options are read once, as `normalise`'s copy
 * reads them (large ones into a snapshot), and checked while the one scan
 * goes through them; every read looks in them,
 * then in `base`, and combines the two as the Options semigroup would. A
 * property test proves the two equal, errors included.
 *
 * @internal
 */
export const buildLayered = (base: Options, options: unknown): RequestOptions => buildOn(layerOf(base), options)

/**
 * {@link buildLayered} on a base's layer.
 *
 * @internal
 */
export const buildOn = (b: Layer, options: unknown): RequestOptions => {
  const base = b.options
  // One read of every property, in the order a copy makes (a getter runs once, before anything
  // else, and a Proxy's own key order is the order of an ordinary object): what is checked is
  // what is used, as in normalise.
  const source = plainObject(options, "options")
  // Large options are read into a snapshot instead (internal/snapshot: a spread of a large object
  // stops being linear once it has met many shapes); the scan then goes through their reserved keys
  // alone, and every parameter is placed after it, from the snapshot.
  const large = isLarge(source) ? snapshotOf(source) : undefined
  const top: Record<string, unknown> = large === undefined ? { ...source } : objectOf(large, isReservedKey)
  // one pass over the caller's keys: reserved ones are checked and override the base, the rest are parameters
  let { url, method, baseUrl } = b
  let topHeaders: Headers | undefined
  let topMedia: MediaType | undefined
  let topRequest: Options["request"] | undefined
  let hasTopData = false
  let topData: unknown
  let topParams = 0 // keys that are no reserved ones (some may hold undefined); a large snapshot's are not in top
  let topIndexed = large !== undefined && large.indexed // whether one of them may be integer-like
  // Reading early: when the base has no parameters of its own and the url's parse is at hand (the
  // base's, or the cached parse of a url the caller gives before any parameter), the scan reads the
  // template's variables into `values` as it meets them, and places the other parameters in the
  // query or body, on the guess that the caller changes neither the method nor data. A key that
  // breaks the guess, or a value that cannot be placed (its error is raised later, in order), ends
  // the placing, and the parameters are placed after the scan as usual; a url met after a parameter
  // ends the reading too. Large options are never read early: their parameters are not in `top`.
  const early = b.params.length === 0 && large === undefined
  let known = early ? b.template : undefined // the template whose variables the scan reads
  let values = known === undefined ? undefined : new Array<unknown>(known.names.length)
  let guessed = b.sendsQuery || !b.hasData // false once the guess is broken: nothing starts placing again
  let placing = known !== undefined && guessed
  let query = ""
  let body: Record<string, unknown> | undefined
  // for-in (own keys only), not Object.keys: V8 reads values of enumerated keys faster
  for (const key in top) {
    if (!has(top, key)) continue
    if (!isReservedKey(key)) {
      topParams++
      if (startsWithDigit(key)) topIndexed = true
      if (known === undefined) continue
      const index = variableIndex(known, key)
      if (index >= 0) {
        values![index] = top[key] // a variable (reserved names never are: they are no parameters)
        continue
      }
      if (placing) {
        try {
          const value = top[key]
          if (value === undefined) continue
          if (b.sendsQuery) query = withPair(query, queryPair(key, value))
          else if (key in Object.prototype) put((body ??= {}), key, value) // __proto__, toString, a setter added to it
          else (body ??= {})[key] = value // written here, not in put: this store then meets only bodies' shapes
        } catch {
          placing = guessed = false
        }
      }
      continue
    }
    const value = top[key]
    if (value === undefined) continue
    const checked = reservedValue(key, value)
    if (key === "url") {
      // the caller's own url, met before any parameter: its cached parse, if any, names the variables
      known = early && topParams === 0 ? cachedTemplate(checked as string) : undefined
      values = known === undefined ? undefined : new Array<unknown>(known.names.length)
      placing = known !== undefined && guessed
    } else if ((key === "method" && checked !== b.method) || key === "data") placing = guessed = false
    switch (key) {
      case "url":
        url = checked as string
        break
      case "method":
        method = checked as string
        break
      case "baseUrl":
        baseUrl = checked as string
        break
      case "headers":
        topHeaders = checked as Headers
        break
      case "mediaType":
        topMedia = checked as MediaType
        break
      case "request":
        topRequest = checked as Options["request"]
        break
      default: // data
        hasTopData = true
        topData = checked
    }
  }
  if (url === undefined) throw new EndpointError("url", "required, got nothing")
  // the template the scan read by is the url's: the layer's, or the cached parse of the caller's url
  const t = known ?? (url === b.url ? (b.template ??= compile(url)) : compile(url))
  const names = t.nameSet
  let others: ReadonlyArray<number> = [] // a large snapshot's new parameters, by index, when they are read apart
  if (known === undefined) {
    // the values were not read in the scan: each is read here, merged with the base's
    if (large !== undefined) {
      const read = readLarge(b, t, large)
      values = read.values
      others = read.others
    } else {
      const variables = t.names
      values = new Array<unknown>(variables.length)
      for (let i = 0; i < variables.length; i++) values[i] = parameterOf(b, base, top, undefined, variables[i]!)
    }
  }
  const expanded = expandValues(t, values!)
  const joined = !(t.scheme ?? startsWithScheme(expanded))
  let target = joined ? joinBase(baseUrl, expanded) : expanded
  const paramsGoToQuery = method === b.method ? b.sendsQuery : sendsQuery(method)

  // parameters, in the key order of the concatenation: base's keys, then top's new ones
  const hasData = hasTopData || b.hasData
  if (!placing) {
    // the guess did not hold (or was not made): whatever was placed is set aside
    query = ""
    body = undefined
    if (paramsGoToQuery && b.params.length > 0 && (b.indexedParams || topIndexed)) {
      // an integer-like key goes first in an object, so the concatenation's order is not base's, then top's
      for (const key of mergedKeyOrder(b, top, large)) {
        if (names.has(key)) continue
        query = withPair(query, queryPair(key, parameterOf(b, base, top, large, key)))
      }
    } else if (paramsGoToQuery || !hasData) {
      // (a body with data sends no other parameters: they are not assembled)
      for (const key of b.params) {
        if (names.has(key)) continue
        const value = parameterOf(b, base, top, large, key)
        if (paramsGoToQuery) query = withPair(query, queryPair(key, value))
        else put((body ??= large === undefined ? {} : dictionary()), key, value)
      }
      if (large !== undefined) {
        // the caller's new parameters, from the snapshot (its reserved keys are no parameters)
        for (let k = 0; k < others.length; k++) {
          const i = others[k]!
          if (paramsGoToQuery) query = withPair(query, queryPair(large.keys[i]!, large.values[i]))
          else put((body ??= dictionary()), large.keys[i]!, large.values[i])
        }
      } else if (topParams > 0) {
        for (const key in top) {
          if (!has(top, key) || isReservedKey(key) || names.has(key) || b.paramSet?.has(key) === true) continue
          const value = top[key]
          if (value === undefined) continue
          if (paramsGoToQuery) query = withPair(query, queryPair(key, value))
          else put((body ??= {}), key, value)
        }
      }
    }
  }
  if (query !== "") {
    // reading the url for "?" and "#" would flatten the concatenated string: ask the template instead
    const pathOnly = t.pathOnly && (!joined || (baseUrl === b.baseUrl ? b.baseUrlPathOnly : isPathOnlyText(baseUrl)))
    target = pathOnly ? target + "?" + query : appendQuery(target, query)
  }

  const payload: unknown = paramsGoToQuery ? undefined : hasData ? (hasTopData ? topData : b.data) : body
  const hasBody = !paramsGoToQuery && (payload !== undefined || hasData)
  const lowerMethod = method === b.method ? b.lowerMethod : method.toLowerCase()
  const headers =
    topHeaders === undefined && topMedia === undefined ? { ...ready(b, hasBody) } : headersOf(b, topHeaders, topMedia, hasBody)
  // made whole, in one of two shapes, rather than grown by a key
  const result: RequestOptions = hasBody
    ? { method: lowerMethod, url: target, headers, body: payload }
    : { method: lowerMethod, url: target, headers }
  const request =
    topRequest === undefined ? b.request : b.request === undefined ? topRequest : ParameterSemigroup.concat(b.request, topRequest)
  if (request !== undefined) put(result as unknown as Record<string, unknown>, "request", request)
  return result
}

/**
 * Whether options have more than {@link LARGE} keys. A Proxy whose traps
 * throw counts as small: the spread then raises the error it would raise
 * anyway (the count may run a Proxy's traps once more than a copy would).
 */
const isLarge = (source: object): boolean => {
  try {
    return hasMoreKeysThan(source, LARGE)
  } catch {
    return false
  }
}

/**
 * One pass over a large snapshot: the caller's values of the template's
 * variables, and the indices of the caller's other parameters that the base
 * does not have (defined, in order). Each key is looked up among the
 * template's names once, where a lookup per variable in the snapshot would
 * first index all of its keys. The base's values are then merged in, in the
 * template's order, as {@link parameterOf} merges them for small options.
 */
const readLarge = (b: Layer, t: Template, large: Snapshot): { values: Array<unknown>; others: Array<number> } => {
  const names = t.names
  const values = new Array<unknown>(names.length)
  const others: Array<number> = []
  for (let i = 0; i < large.keys.length; i++) {
    const key = large.keys[i]!
    const value = large.values[i]
    if (value === undefined || isReservedKey(key)) continue
    const index = variableIndex(t, key)
    if (index >= 0) values[index] = value
    else if (b.paramSet?.has(key) !== true) others.push(i)
  }
  if (b.paramSet !== undefined) {
    const base = b.options
    for (let i = 0; i < names.length; i++) {
      const key = names[i]!
      if (!b.paramSet.has(key)) continue
      values[i] = values[i] === undefined ? base[key] : ParameterSemigroup.concat(base[key], values[i])
    }
  }
  return { values, others }
}

/** The parameter keys of concat(base, top), in the order of that object's keys. */
const mergedKeyOrder = (b: Layer, top: Record<string, unknown>, large: Snapshot | undefined): ReadonlyArray<string> => {
  const order: Record<string, unknown> = large === undefined ? {} : dictionary()
  for (const key of b.params) put(order, key, true)
  if (large === undefined) {
    for (const key in top) if (has(top, key) && !isReservedKey(key) && top[key] !== undefined) put(order, key, true)
  } else {
    for (let i = 0; i < large.keys.length; i++) {
      if (!isReservedKey(large.keys[i]!) && large.values[i] !== undefined) put(order, large.keys[i]!, true)
    }
  }
  return Object.keys(order)
}

/** A variable's index in a template's names, `-1` for none: a few are compared one by one, which beats a lookup. */
const variableIndex = (t: Template, key: string): number => {
  const names = t.names
  if (names.length > 8) return t.indexOf.get(key) ?? -1
  for (let i = 0; i < names.length; i++) if (names[i] === key) return i
  return -1
}

/** A query string with one more pair (`""` is no pair). */
const withPair = (query: string, pair: string): string => (pair === "" ? query : query === "" ? pair : query + "&" + pair)

/** Past this many headers, headers are merged by {@link mergedMany}. */
const MANY = 64

/**
 * Past this many keys, the caller's options are read into a snapshot rather
 * than copied with a spread: up to about this many, a spread that has met
 * many shapes of object still costs about the same per key.
 *
 * @internal
 */
export const LARGE = 128

/** The layer's ready-made headers for a result with or without a body (to be copied, never changed). */
const ready = (b: Layer, hasBody: boolean): { readonly [name: string]: HeaderValue } => (hasBody ? b.withBody : b.bodyless)

/** The result's headers when the caller brings headers or a media type of its own. */
const headersOf = (
  b: Layer,
  topHeaders: Headers | undefined,
  topMedia: MediaType | undefined,
  hasBody: boolean,
): { [name: string]: HeaderValue } => {
  if (topHeaders === undefined) {
    // the layer's ready-made copy differs at most in accept
    const headers = { ...ready(b, hasBody) }
    const accept = acceptWith(b, topMedia!)
    // an undefined accept means the layer's was undefined too, so the copy has none:
    // a media type never takes an accept away
    if (accept !== undefined) setAccept(headers, accept)
    return headers
  }
  let headers: { [name: string]: HeaderValue }
  if (onlyChangesValues(topHeaders, b.headers, hasBody)) {
    // the caller only changes values of the ready-made copy: the same keys in the same order
    headers = { ...ready(b, hasBody) }
    for (const name in topHeaders) if (has(topHeaders, name)) put(headers, name, topHeaders[name])
  } else {
    // b.headers is frozen: V8 adds keys to a spread copy of a frozen object quickly, to a copy of an ordinary one slowly
    headers = hasMoreKeysThan(topHeaders, MANY) ? mergedMany(b.headers, topHeaders) : { ...b.headers, ...topHeaders }
  }
  const accept =
    topMedia === undefined && !has(topHeaders, "accept") ? b.accept : amendedAccept(headers, mediaTypeOf(b.mediaType, topMedia))
  return finalHeaders(headers, hasBody, accept)
}

/**
 * Whether the caller's headers name only headers of the base, or the content
 * type of a body: then `{ ...base, ...caller }`, once completed, has the keys
 * of the layer's ready-made copy in the same order, and only values differ.
 */
const onlyChangesValues = (caller: Headers, base: Headers | undefined, hasBody: boolean): boolean => {
  for (const name in caller) {
    if (!has(caller, name)) continue
    if (!(base !== undefined && has(base, name)) && !(hasBody && name === "content-type")) return false
  }
  return true
}

/**
 * `{ ...first, ...second }` for a large `second`, with the same keys in the
 * same order, made in V8's dictionary mode: there, adding a key costs the same
 * however many there are, where a spread adds each key ever more slowly past
 * a hundred or so (see bench/v8-objects.mjs).
 */
const mergedMany = (
  first: { readonly [name: string]: HeaderValue } | undefined,
  second: { readonly [name: string]: HeaderValue },
): { [name: string]: HeaderValue } => {
  const out = dictionary()
  if (first !== undefined) for (const key in first) if (has(first, key)) put(out, key, first[key])
  for (const key in second) if (has(second, key)) put(out, key, second[key])
  return out as { [name: string]: HeaderValue }
}

/** The media type of concat(base, top), without the generic record union. */
const mediaTypeOf = (baseMedia: MediaType | undefined, topMedia: MediaType | undefined): MediaType | undefined =>
  topMedia === undefined || baseMedia === undefined
    ? (topMedia ?? baseMedia)
    : {
        format: (has(topMedia, "format") ? topMedia.format : own(baseMedia, "format")) as string | undefined,
        previews: PreviewsSemigroup.concat(previewsOf(baseMedia), previewsOf(topMedia)),
      }

/** How many formats a layer remembers the accept header of, and the longest format it remembers. */
const ACCEPTS_REMEMBERED = 16
const FORMAT_REMEMBERED_LENGTH = 64

/**
 * The layer's accept header as the caller's media type amends it. Without
 * previews it depends on the format alone, and is remembered per format.
 */
const acceptWith = (b: Layer, topMedia: MediaType): HeaderValue | undefined => {
  const formatOnly = previewsOf(topMedia).length === 0
  const byFormat = formatOnly ? (b.acceptByFormat ??= new Map()) : undefined
  const format = own(topMedia, "format") as string | undefined
  if (byFormat?.has(format) === true) return byFormat.get(format)
  const accept = amendedAccept(b.headers, mediaTypeOf(b.mediaType, topMedia))
  // bounded in count and in length: the memory a layer keeps stays small whatever callers send
  if (byFormat !== undefined && byFormat.size < ACCEPTS_REMEMBERED && (format?.length ?? 0) <= FORMAT_REMEMBERED_LENGTH) {
    byFormat.set(format, accept)
  }
  return accept
}


const sendsQuery = (method: string): boolean => {
  if (method === "GET" || method === "get" || method === "HEAD" || method === "head") return true
  const upper = method.length < 5 ? method.toUpperCase() : ""
  return upper === "GET" || upper === "HEAD"
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
