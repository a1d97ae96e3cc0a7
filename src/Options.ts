/**
 * Request options as a value: the io-ts boundary that validates and normalises
 * them, and the Monoid that combines them. `defaults()` and `merge()` are
 * nothing but this Monoid's `concat`.
 *
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import * as Mo from "fp-ts/lib/Monoid.js"
import * as Se from "fp-ts/lib/Semigroup.js"
import * as t from "io-ts"
import { EndpointError } from "./EndpointError.js"
import { toEndpointError } from "./internal/attempt.js"
import { dual } from "./internal/dual.js"
import { child, kindOf, quote } from "./internal/describe.js"
import { define, has, isEnumerable, isPlainObject, put } from "./internal/object.js"
import { isToken, LOWERCASE, MIXED_CASE, NOT_A_TOKEN, tokenCase } from "./internal/token.js"

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

/**
 * A header value. Numbers stay numbers.
 *
 * @example
 * import type { Options } from "fp-endpoint"
 *
 * const values: Array<Options.HeaderValue> = ["token 0000", 14]
 *
 * @since 0.1.0
 */
export type HeaderValue = string | number

/**
 * Normalised headers: lowercase names, no `null` or `undefined` values.
 *
 * @example
 * import type { Options } from "fp-endpoint"
 *
 * const h: Options.Headers = { accept: "application/vnd.github.v3+json", "content-length": 14 }
 *
 * @since 0.1.0
 */
export type Headers = { readonly [name: string]: HeaderValue }

/**
 * Media type selection. Previews are stored without their `-preview` suffix,
 * once each.
 *
 * @example
 * import type { Options } from "fp-endpoint"
 *
 * const m: Options.MediaType = { format: "raw", previews: ["symmetra"] }
 *
 * @since 0.1.0
 */
export interface MediaType {
  readonly format?: string
  readonly previews?: ReadonlyArray<string>
}

/**
 * Normalised options: what `decode` returns and what the Monoid combines.
 * Every key that is not reserved is a request parameter.
 *
 * @example
 * import type { OptionsType } from "fp-endpoint"
 *
 * const o: OptionsType = { url: "/orgs/{org}/repos", org: "octokit", headers: { accept: "application/json" } }
 *
 * @since 0.1.0
 */
export interface Options {
  readonly method?: string
  readonly url?: string
  readonly baseUrl?: string
  readonly headers?: Headers
  readonly mediaType?: MediaType
  readonly data?: unknown
  readonly request?: { readonly [key: string]: unknown }
  readonly [parameter: string]: unknown
}

/**
 * The keys with a meaning of their own; every other key is a parameter.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.RESERVED_KEYS.has("headers") // true
 * Options.RESERVED_KEYS.has("owner") // false: a parameter
 *
 * @since 0.1.0
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set([
  "method",
  "url",
  "baseUrl",
  "headers",
  "mediaType",
  "data",
  "request",
])

/**
 * Whether a key is reserved: `RESERVED_KEYS.has(key)`, cheaper on the hot
 * path. A key is first told by its length, so most parameters cost one
 * comparison at most; a switch over the seven strings would compare text
 * whenever the key is not an internalized string.
 *
 * @internal
 */
export const isReservedKey = (key: string): boolean => {
  switch (key.length) {
    case 3:
      return key === "url"
    case 4:
      return key === "data"
    case 6:
      return key === "method"
    case 7:
      return key === "baseUrl" || key === "headers" || key === "request"
    case 9:
      return key === "mediaType"
    default:
      return false
  }
}

// -------------------------------------------------------------------------------------
// normalisation
// -------------------------------------------------------------------------------------

const PREVIEW_SUFFIX = "-preview"

/**
 * Whether a string holds CR, LF or NUL, which would end a header line (or the
 * request line) early. Three native searches read a header value two to
 * three times faster than one loop over its characters.
 */
const breaksHeaderLine = (s: string): boolean => s.indexOf("\n") >= 0 || s.indexOf("\r") >= 0 || s.indexOf("\0") >= 0

/**
 * `u` itself when it is a plain object; throws `EndpointError` otherwise.
 *
 * @internal
 */
export const plainObject = (u: unknown, path: string): Record<string, unknown> => {
  if (!isPlainObject(u)) throw new EndpointError(path, `expected a plain object, got ${kindOf(u)}`)
  return u
}

const expectString = (u: unknown, path: string): string => {
  if (typeof u !== "string") throw new EndpointError(path, `expected string, got ${kindOf(u)}`)
  return u
}

/** A string that may go on a header line or the request line. */
const lineString = (u: unknown, path: string, what = ""): string => {
  const s = expectString(u, path)
  if (breaksHeaderLine(s)) throw new EndpointError(path, `${what}contains CR, LF or NUL`)
  return s
}

/** Header names already found to be lowercase tokens; at most 512, of at most 64 characters each. */
const LOWERCASE_NAMES = new Set<string>()

/** `tokenCase(name)`, remembering a name that is a lowercase token. */
const rememberedCase = (name: string): 0 | 1 | 2 => {
  const kind = tokenCase(name)
  if (kind === LOWERCASE && name.length <= 64 && LOWERCASE_NAMES.size < 512) LOWERCASE_NAMES.add(name)
  return kind
}

const normaliseHeaders = (u: unknown): Headers => {
  const snapshot = { ...plainObject(u, "headers") }
  let normal = true // already lowercase, with no null or undefined value
  for (const name in snapshot) {
    if (!has(snapshot, name)) continue // (for-in, not Object.keys: V8 reads an own key's value faster here)
    const value = snapshot[name]
    const kind = LOWERCASE_NAMES.has(name) ? LOWERCASE : rememberedCase(name)
    if (kind === NOT_A_TOKEN) throw new EndpointError(child("headers", name), "header name is not an RFC 9110 token")
    if (kind === MIXED_CASE) normal = false
    if (value === undefined || value === null) normal = false
    else if (typeof value === "number") {
      if (!Number.isFinite(value)) throw new EndpointError(child("headers", name), `expected a finite number, got ${value}`)
    } else if (typeof value !== "string") {
      throw new EndpointError(child("headers", name), `expected string or number, got ${kindOf(value)}`)
    } else if (breaksHeaderLine(value)) {
      throw new EndpointError(child("headers", name), "header value contains CR, LF or NUL")
    }
  }
  if (normal) return snapshot as Headers
  const out: Record<string, HeaderValue> = {}
  for (const name in snapshot) {
    if (!has(snapshot, name)) continue
    const value = snapshot[name]
    if (value !== undefined && value !== null) put(out, name.toLowerCase(), value)
  }
  return out
}

const normaliseMediaType = (u: unknown): MediaType => {
  let format: string | undefined
  let previews: Set<string> | undefined
  const m = plainObject(u, "mediaType")
  for (const key in m) {
    if (!has(m, key)) continue
    const value = m[key]
    if (value === undefined) continue
    if (key === "format") {
      format = lineString(value, "mediaType.format")
    } else if (key === "previews") {
      if (!Array.isArray(value)) throw new EndpointError("mediaType.previews", `expected an array of strings, got ${kindOf(value)}`)
      previews = new Set()
      for (let i = 0; i < value.length; i++) {
        const p: unknown = value[i]
        // the error's field is only worked out for an error
        const name = typeof p === "string" && !breaksHeaderLine(p) ? p : lineString(p, `mediaType.previews[${i}]`, "preview name ")
        previews.add(name.endsWith(PREVIEW_SUFFIX) ? name.slice(0, -PREVIEW_SUFFIX.length) : name)
      }
    } else {
      throw new EndpointError(child("mediaType", key), "unknown key (expected format or previews)")
    }
  }
  // always format, then previews, whatever the input's key order; one literal per shape
  if (previews === undefined) return format === undefined ? {} : { format }
  return format === undefined ? { previews: Array.from(previews) } : { format, previews: Array.from(previews) }
}

/**
 * Validates and normalises; throws `EndpointError`. `decode` is the Either form.
 *
 * @internal
 */
export const normalise = (u: unknown): Options => {
  // One read of every property (a getter runs once): what is checked is what is used.
  const out: Record<string, unknown> = { ...plainObject(u, "options") }
  let hasUndefined = false
  // for-in over the snapshot, not Object.keys: V8 reads the values of the keys it
  // enumerates from its enumeration cache, several times faster on the hot path
  for (const key in out) {
    if (!has(out, key)) continue // an enumerable key someone added to Object.prototype
    const value = out[key]
    if (value === undefined) {
      hasUndefined = true
      continue
    }
    if (isReservedKey(key)) {
      const checked = reservedValue(key, value)
      if (checked !== value) out[key] = checked
    }
  }
  return (hasUndefined ? withoutUndefined(out) : out) as Options
}

/**
 * A reserved option's value (never `undefined`), checked and normalised as
 * `normalise` does it; throws `EndpointError`. `key` must be reserved.
 *
 * @internal
 */
export const reservedValue = (key: string, value: unknown): unknown => {
  switch (key) {
    case "method":
      if (!isToken(expectString(value, key))) throw new EndpointError(key, `${quote(value as string)} is not an HTTP method token`)
      return value
    case "url":
      return expectString(value, key)
    case "baseUrl":
      return lineString(value, key) // used verbatim in the result's url
    case "headers":
      return normaliseHeaders(value)
    case "mediaType":
      return normaliseMediaType(value)
    case "request":
      return plainObject(value, key)
    default:
      return value // data: anything
  }
}

/** A copy without the keys whose value is `undefined`. */
const withoutUndefined = (o: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(o)) if (o[key] !== undefined) put(out, key, o[key])
  return out
}

// -------------------------------------------------------------------------------------
// codec
// -------------------------------------------------------------------------------------

/**
 * The io-ts codec for options: `validate` checks and normalises (lowercase
 * header names, no `undefined`, previews without `-preview`), and reports an
 * invalid input with the EndpointError message.
 *
 * @example
 * import { Options } from "fp-endpoint"
 * import * as E from "fp-ts/Either"
 *
 * E.isRight(Options.OptionsCodec.decode({ headers: { Accept: "text/plain" } })) // true
 *
 * @since 0.1.0
 */
export const OptionsCodec: t.Type<Options, Options, unknown> = /* @__PURE__ */ new t.Type<Options, Options, unknown>(
  "Options",
  (u): u is Options => {
    try {
      normalise(u)
      return true
    } catch {
      return false
    }
  },
  (u, context) => {
    try {
      return t.success(normalise(u))
    } catch (e) {
      const error = toEndpointError(e)
      // the EndpointError rides along on io-ts' ValidationError, so decode can hand it back whole
      const failure: t.ValidationError & { readonly endpointError: EndpointError } = {
        value: u,
        context,
        message: error.message,
        endpointError: error,
      }
      return t.failures([failure])
    }
  },
  t.identity,
)

/**
 * Validates and normalises unknown input into `Options`.
 *
 * - keys whose value is `undefined` are dropped (top level, `headers`, `mediaType`);
 * - header names are lowercased; `null` header values are dropped;
 * - previews lose a trailing `-preview` and repeat only once.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.decode({ headers: { "X-Foo": "bar", "X-Gone": null }, page: undefined })
 * // right({ headers: { "x-foo": "bar" } })
 * Options.decode({ headers: { accept: {} } })
 * // left(EndpointError: headers.accept: expected string or number, got object)
 *
 * @since 0.1.0
 */
export const decode = (u: unknown): Either<EndpointError, Options> => {
  const result = OptionsCodec.decode(u)
  if (result._tag === "Right") return result
  const first = result.left[0] as (t.ValidationError & { readonly endpointError?: EndpointError }) | undefined
  return { _tag: "Left", left: first?.endpointError ?? new EndpointError("options", first?.message ?? "invalid") }
}

// -------------------------------------------------------------------------------------
// combinators (semigroups the Monoid is assembled from)
// -------------------------------------------------------------------------------------

/**
 * Key-wise union of records whose entries combine by a semigroup chosen per
 * key. Like fp-ts' `ReadonlyRecord.getUnionSemigroup`, but it reads own keys
 * only and never writes through the `__proto__` setter, so a key `"__proto__"`
 * built by `JSON.parse` stays ordinary data. Key order: `first`'s keys, then
 * `second`'s new ones.
 */
/** fp-ts' `last`: the second wins. `keyedUnion` knows it by identity and lets the spread do it. */
const LAST: Se.Semigroup<unknown> = /* @__PURE__ */ Se.last()

const keyedUnion = <A>(semigroupOf: (key: string) => Se.Semigroup<unknown>): Se.Semigroup<A> => ({
  concat: (first, second) => {
    const a = first as Record<string, unknown>
    const b = second as Record<string, unknown>
    const bKeys = Object.keys(b)
    if (bKeys.length === 0) return first
    // first's keys, then second's new ones; a key in both keeps first's position and takes the
    // combined value. Written key by key into a new object, not as { ...a, ...b }: while that
    // spread has met one shape of ordinary object, V8 adds the second object's keys to the copy
    // of the first hundreds of times slower, and more so for every key (bench/v8-objects.mjs).
    // Each key is read as the spread reads it: if still enumerable when its turn comes (a getter
    // may hide a later key), and once (a combined key's first value is read back from `out`).
    const out: Record<string, unknown> = {}
    const aKeys = Object.keys(a)
    for (let i = 0; i < aKeys.length; i++) if (isEnumerable(a, aKeys[i]!)) put(out, aKeys[i]!, a[aKeys[i]!])
    for (let i = 0; i < bKeys.length; i++) {
      const k = bKeys[i]!
      if (!isEnumerable(b, k)) continue
      const S = has(out, k) ? semigroupOf(k) : LAST // before second's keys are put, out holds first's alone
      put(out, k, S === LAST ? b[k] : S.concat(out[k], b[k]))
    }
    withSymbols(out, a)
    withSymbols(out, b)
    return out as A
  },
})

/**
 * Copies an object's enumerable symbol-keyed properties, as a spread does:
 * no request reads them, but a combination carries them, after the string
 * keys, the second object's winning.
 */
const withSymbols = (out: object, o: object): void => {
  const symbols = Object.getOwnPropertySymbols(o)
  for (let i = 0; i < symbols.length; i++) {
    const s = symbols[i]!
    if (isEnumerable(o, s)) define(out, s, (o as Record<symbol, unknown>)[s])
  }
}

/** Key-wise union where every key uses the same semigroup. */
const union = <A>(S: Se.Semigroup<A>): Se.Semigroup<{ readonly [key: string]: A }> =>
  keyedUnion(() => S as Se.Semigroup<unknown>)


/** A struct whose fields are all optional: fields present on both sides combine, the rest are kept. */
const partialStruct = <A>(semigroups: { readonly [K in keyof A]-?: Se.Semigroup<A[K]> }): Se.Semigroup<Partial<A>> =>
  keyedUnion((key) => (semigroups as Record<string, Se.Semigroup<unknown>>)[key]!)

/**
 * Ordered union of preview lists: the first list, then the second's entries
 * not already present. Associative on duplicate-free lists, which is what
 * normalisation makes.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.PreviewsSemigroup.concat(["a", "b"], ["b", "c"]) // ["a", "b", "c"]
 *
 * @since 0.1.0
 */
export const PreviewsSemigroup: Se.Semigroup<ReadonlyArray<string>> = {
  concat: (first, second) => {
    if (second.length === 0) return first
    if (first.length === 0) return second
    const seen = new Set(first)
    const out = first.slice()
    for (const p of second) {
      if (!seen.has(p)) {
        seen.add(p)
        out.push(p)
      }
    }
    return out
  },
}

/**
 * Headers combine key-wise; the second's entries win.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.HeadersSemigroup.concat({ a: "1", b: "1" }, { b: "2" }) // { a: "1", b: "2" }
 *
 * @since 0.1.0
 */
export const HeadersSemigroup: Se.Semigroup<Headers> = /* @__PURE__ */ union(LAST as Se.Semigroup<HeaderValue>)

/**
 * `format`: the second's wins; `previews`: ordered union.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.MediaTypeSemigroup.concat({ format: "raw", previews: ["a"] }, { previews: ["b"] })
 * // { format: "raw", previews: ["a", "b"] }
 *
 * @since 0.1.0
 */
export const MediaTypeSemigroup: Se.Semigroup<MediaType> = /* @__PURE__ */ partialStruct<{
  format: string
  previews: ReadonlyArray<string>
}>({ format: Se.last(), previews: PreviewsSemigroup })

// Deep merging of parameter values. Naive deep merge ("b wins, plain objects
// merge") is not associative: with a = {x:{p:1}}, b = {x:5}, c = {x:{q:2}},
// (a·b)·c = {x:{q:2}} but a·(b·c) = {x:{p:1,q:2}}. The fix is the classic
// update monoid: a plain object that replaced a non-object remembers that it
// replaces (it is marked in `replacing`), so it does not merge into whatever
// comes before it. The mark is invisible to callers: it lives in a WeakSet,
// never on the object.
const replacing = new WeakSet<object>()

/** @internal whether a merged object replaces what precedes it (for law tests). */
export const isReplacing = (o: object): boolean => replacing.has(o)

const replacingCopy = (o: Record<string, unknown>): Record<string, unknown> => {
  const copy: Record<string, unknown> = {}
  for (const k of Object.keys(o)) put(copy, k, o[k])
  replacing.add(copy)
  return copy
}

/**
 * Merges plain object `b` into plain object `a` without recursion (10 000
 * levels of nesting cannot overflow the stack) and with a memo of the pairs
 * already merged (cyclic and shared structures stay linear).
 */
const mergeObjects = (a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> => {
  const memo = new Map<object, Map<object, Record<string, unknown>>>()
  const node = (x: Record<string, unknown>, y: Record<string, unknown>): [Record<string, unknown>, boolean] => {
    let inner = memo.get(x)
    if (inner === undefined) memo.set(x, (inner = new Map()))
    const seen = inner.get(y)
    if (seen !== undefined) return [seen, false]
    const out: Record<string, unknown> = {}
    if (replacing.has(x)) replacing.add(out)
    inner.set(y, out)
    return [out, true]
  }
  const [root] = node(a, b)
  const stack: Array<Record<string, unknown>> = [a, b, root]
  while (stack.length > 0) {
    const out = stack.pop()!
    const y = stack.pop()!
    const x = stack.pop()!
    for (const k of Object.keys(x)) {
      if (!has(y, k)) {
        put(out, k, x[k])
        continue
      }
      const xv = x[k]
      const yv = y[k]
      if (isPlainObject(yv) && !replacing.has(yv) && isPlainObject(xv)) {
        const [merged, fresh] = node(xv, yv)
        if (fresh) stack.push(xv, yv, merged)
        put(out, k, merged)
      } else {
        put(out, k, combineParameter(xv, yv))
      }
    }
    for (const k of Object.keys(y)) if (!has(x, k)) put(out, k, y[k])
  }
  return root
}

/** b wins; a plain object merges into a plain object. */
const combineParameter = (a: unknown, b: unknown): unknown => {
  if (!isPlainObject(b) || replacing.has(b)) return b
  if (!isPlainObject(a)) return replacingCopy(b)
  return mergeObjects(a, b)
}

/**
 * Parameter values (and `request`): the second's value wins, except that two
 * plain objects merge deeply. Arrays and class instances are taken as they
 * are, by reference.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.ParameterSemigroup.concat({ a: 1, b: { c: 1 } }, { b: { d: 2 } }) // { a: 1, b: { c: 1, d: 2 } }
 * Options.ParameterSemigroup.concat([1], [2]) // [2]: arrays are replaced
 *
 * @since 0.1.0
 */
export const ParameterSemigroup: Se.Semigroup<unknown> = { concat: combineParameter }

const semigroupOf = (key: string): Se.Semigroup<unknown> => {
  switch (key) {
    case "method":
    case "url":
    case "baseUrl":
    case "data":
      return LAST
    case "headers":
      return HeadersSemigroup as Se.Semigroup<unknown>
    case "mediaType":
      return MediaTypeSemigroup as Se.Semigroup<unknown>
    default:
      return ParameterSemigroup
  }
}

// -------------------------------------------------------------------------------------
// instances
// -------------------------------------------------------------------------------------

/**
 * Options combine key-wise; the second wins. `headers` are a key-wise union,
 * `mediaType.previews` an ordered union, `request` and plain-object
 * parameters merge deeply.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.Semigroup.concat({ url: "/a", headers: { a: "1" } }, { url: "/b", headers: { b: "2" } })
 * // { url: "/b", headers: { a: "1", b: "2" } }
 *
 * @since 0.1.0
 */
export const Semigroup: Se.Semigroup<Options> = /* @__PURE__ */ keyedUnion<Options>(semigroupOf)

/**
 * The Options monoid; `empty` is `{}`.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.Monoid.concat(
 *   { headers: { a: "1" }, mediaType: { previews: ["x"] } },
 *   { headers: { b: "2" }, mediaType: { previews: ["y", "x"] } },
 * )
 * // { headers: { a: "1", b: "2" }, mediaType: { previews: ["x", "y"] } }
 *
 * @since 0.1.0
 */
export const Monoid: Mo.Monoid<Options> = { concat: (x, y) => Semigroup.concat(x, y), empty: {} }

/**
 * Concatenates options, dual: `concat(a, b)` or `pipe(a, concat(b))`; `b` wins.
 *
 * @example
 * import { Options } from "fp-endpoint"
 * import { pipe } from "fp-ts/function"
 *
 * pipe({ per_page: 10 }, Options.concat({ page: 2 })) // { per_page: 10, page: 2 }
 * Options.concat({ per_page: 10 }, { per_page: 20 }) // { per_page: 20 }
 *
 * @since 0.1.0
 */
export const concat: {
  (that: Options): (self: Options) => Options
  (self: Options, that: Options): Options
} = /* @__PURE__ */ dual(2, (self: Options, that: Options): Options => Semigroup.concat(self, that))

/**
 * Folds a list of options with the Monoid.
 *
 * @example
 * import { Options } from "fp-endpoint"
 *
 * Options.concatAll([{ a: 1 }, { b: 2 }, { a: 3 }]) // { a: 3, b: 2 }
 *
 * @since 0.1.0
 */
export const concatAll: (as: ReadonlyArray<Options>) => Options = /* @__PURE__ */ Mo.concatAll(Monoid)

// -------------------------------------------------------------------------------------
// utils
// -------------------------------------------------------------------------------------

/**
 * A deep copy of plain objects and arrays, frozen, for `DEFAULTS`. Class
 * instances (an `http.Agent` in `request`) are kept by reference and not
 * frozen: freezing them would break them and change a caller's object.
 * Iterative and cycle-aware; replacement marks are carried to the copies.
 *
 * @internal
 */
export const frozenCopy = <A>(value: A): A => {
  const copies = new Map<object, object>()
  const copyOf = (u: unknown, pending: Array<[object, object]>): unknown => {
    if (!(Array.isArray(u) || isPlainObject(u))) return u
    const known = copies.get(u)
    if (known !== undefined) return known
    const fresh: object = Array.isArray(u) ? new Array<unknown>(u.length) : {}
    if (replacing.has(u)) replacing.add(fresh)
    copies.set(u, fresh)
    pending.push([u, fresh])
    return fresh
  }
  const pending: Array<[object, object]> = []
  const root = copyOf(value, pending)
  while (pending.length > 0) {
    const [source, target] = pending.pop()!
    if (Array.isArray(source)) {
      const arr = target as Array<unknown>
      for (let i = 0; i < source.length; i++) arr[i] = copyOf(source[i], pending)
    } else {
      const src = source as Record<string, unknown>
      for (const k of Object.keys(src)) put(target as Record<string, unknown>, k, copyOf(src[k], pending))
    }
  }
  for (const copy of copies.values()) Object.freeze(copy)
  return root as A
}
