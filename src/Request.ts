/** A request as a pipeline, `pipe(Request.route(...), Request.param(...), Request.build)`: dual
 * steps over a `Draft`, ending in an `Either<EndpointError, RequestOptions>`. Nothing here throws.
 * @since 0.1.0
 */
import type * as E from "fp-ts/lib/Either.js"
import { BUILT_IN_DEFAULTS, type Endpoint, type Merged, type SuppliedBy } from "./Endpoint.js"
import { EndpointError, isEndpointError } from "./EndpointError.js"
import { kindOf } from "./internal/describe.js"
import { dual } from "./internal/dual.js"
import { attempt, chain, fail, left, right, toEndpointError } from "./internal/either.js"
import { frozenOptions } from "./internal/frozen.js"
import { isPlainObject } from "./internal/object.js"
import { recheck } from "./internal/recheck.js"
import * as Merge from "./Merge.js"
import { concat, decode, empty as emptyOptions, encode, isReserved, type Options } from "./Options.js"
import { parse, type RequestOptions } from "./Parse.js"
import type { Placeholder, RequiredNames } from "./Params.js"
import type { Parsed } from "./Route.js"

declare const Phantom: unique symbol
/** Options gathered so far, or the first error; phantom types (for the compiler only) carry the placeholders still `Missing` and the `Method`.
 * @example
 * import { Request } from "fp-endpoint"
 * const draft: Request.Draft<"org", "GET"> = Request.route("GET /orgs/{org}")
 * @since 0.1.0
 */
export type Draft<Missing extends string = never, Method extends string = string> = E.Either<EndpointError, Options> & {
  readonly [Phantom]?: { readonly missing: Missing; readonly method: Method }
}

/** A step that leaves the missing placeholders and the method as they are (dual, like every step). */
type Step<Args extends Array<unknown>> = {
  (...args: Args): <M extends string = never, T extends string = string>(self: Draft<M, T>) => Draft<M, T>
  <M extends string = never, T extends string = string>(self: Draft<M, T>, ...args: Args): Draft<M, T>
}

/** A step that adds options: the placeholders they supply are no longer missing, and a method they set wins. */
type Supply = {
  <const P extends object>(options: P): <M extends string = never, T extends string = string>(self: FitsAll<M, P, KeepsMethod<T, P, Draft<M, T>>>) => Added<M, T, P>
  <M extends string = never, T extends string = string, const P extends object = object>(self: Draft<M, T>, options: FitsAll<M, P, KeepsMethod<T, P, P>>): Added<M, T, P>
}
type Added<M extends string, T extends string, P> = Draft<Exclude<M, SuppliedBy<P>>, P extends { readonly method: infer X extends string } ? X : T>

/** `Ok`, unless `K` is a placeholder the draft misses and `V` cannot fill it: then the message the compiler shows. */
type Fits<M extends string, K extends string, V, Ok> = [K & M] extends [never] ? Ok : [V] extends [Placeholder] ? Ok
  : `parameter ${K & M}: expected a string, number, boolean, bigint, list or record, got ${Kind<Exclude<V, Placeholder>>}`
/** `Ok`, unless options `P` set a method literal other than the route's `T` (in any case), which at run time is an error: then the message. */
type KeepsMethod<T extends string, P, Ok> = P extends { readonly method: infer X extends string }
  ? string extends X | T ? Ok : Uppercase<X> extends Uppercase<T> ? Ok : `method: the route fixed it to ${T}` : Ok
/** {@link Fits} for every key of options `P`: `Ok`, or the message for the first placeholder they cannot fill. */
type FitsAll<M extends string, P, Ok> = Unfit<M, P> extends infer K extends string ? ([K] extends [never] ? Ok : Fits<M, K, Exclude<P[K & keyof P], undefined | null>, Ok>) : Ok
/** The keys of `P` that fill a placeholder the draft misses with a value that is not a {@link Placeholder} (`undefined` and `null` fill none). */
type Unfit<M extends string, P> = { [K in keyof P & M]: [Exclude<P[K], undefined | null>] extends [Placeholder] ? never : K }[keyof P & M]
/** What a value that is not a {@link Placeholder} is, in words: the first of {@link Kinds} it fits. */
type Kind<V, K = Kinds> = K extends [[infer T, infer Words], ...infer Rest] ? (V extends T ? Words : Kind<V, Rest>)
  : "an object that is not a record of strings, numbers, booleans and bigints"
type Kinds = [[null, "null"], [undefined, "undefined"], [(...args: Array<any>) => unknown, "a function"], [symbol, "a symbol"], [Date, "a Date"],
  [RegExp, "a RegExp"], [ReadonlyMap<unknown, unknown>, "a Map"], [ReadonlySet<unknown>, "a Set"], [PromiseLike<unknown>, "a Promise"],
  [ReadonlyArray<unknown>, "a list with a member that is not a string, number, boolean or bigint"]]

/** Builds a draft that misses nothing the defaults do not supply (else the compiler says `missing parameter: …`). */
type Build<Supplied extends string = never> = <M extends string = never, T extends string = string>(
  self: [Exclude<M, Supplied>] extends [never] ? Draft<M, T> : `missing parameter: ${Exclude<M, Supplied>}`,
) => E.Either<EndpointError, RequestOptions<string extends T ? string : Lowercase<T>>>

/** The drafts this module made, frozen: what was checked when one was made is what it holds, so a step need not check it again. */
const made = new WeakSet<object>()

/**
 * A draft made here: its options, parameters, headers and media type (copies of its own, never a caller's
 * object) frozen, and remembered in `made`. A long pipeline then checks each step's options once, not the
 * whole draft again at every step.
 */
const minted = (draft: E.Either<EndpointError, Options>): Draft => {
  if (draft._tag === "Left") return draft
  const o = draft.right
  for (const part of [o, o.params, o.headers, o.mediaType, o.mediaType.previews]) Object.freeze(part)
  made.add(Object.freeze(draft))
  return draft
}

/**
 * Whether a made draft's `request`, the one field it holds by reference (the caller's object, returned as it is),
 * is still a plain object: its prototype may have changed since (`Object.setPrototypeOf`, a Proxy's trap). Else the
 * draft is checked whole, which refuses it as it would a forged one.
 */
const keptPlain = (o: Options): boolean => o.request === undefined || isPlainObject(o.request)

/** Runs `f` on a draft's options, validated again unless this module made it (anyone can forge a draft); a Left draft passes, a throw becomes a Left. */
const onDraft = <A>(self: Draft<string>, f: (options: Options) => E.Either<EndpointError, A>): E.Either<EndpointError, A> =>
  attempt(() => {
    if (typeof self !== "object" || self === null) return fail("draft", `expected a Draft (an Either from Request), got ${kindOf(self)}`)
    if (self._tag === "Right") return made.has(self) && keptPlain(self.right) ? f(self.right) : chain(recheck(self.right), f)
    // a Left of another copy of the package (its CommonJS build) comes back as this copy's error, as a thrown one does
    return self._tag === "Left" && isEndpointError(self.left) ? left(toEndpointError(self.left, "draft")) : fail("draft", "expected a Draft (an Either from Request)")
  }, "draft") // a forged draft whose _tag or right getter throws is named as the draft

/** Adds the options `fragment()` makes. A url or method, once set, stays: a different one is an error, as for `endpoint()`. */
const extend = (self: Draft<string>, fragment: () => unknown): Draft =>
  minted(onDraft(self, (draft) =>
    chain(decode(fragment()), (more) => chain(Merge.keepRoute(draft, more), (kept) => right(concat(draft, kept))))))

/** A {@link Step} that adds the options `fragment(...args)` makes: data-first with one argument more than `fragment` takes. */
const step = <Args extends Array<unknown>>(fragment: (...args: Args) => object): Step<Args> =>
  dual(fragment.length + 1, (self: Draft<string>, ...args: Args) => extend(self, () => fragment(...args)))

/** `{ [name]: value }`, the key defined, never assigned (`__proto__` too); a name that is not a string throws, for `extend` to catch. */
const entry = (name: string, value: unknown): object => {
  if (typeof name !== "string") throw new EndpointError("name", `expected string, got ${kindOf(name)}`)
  return Object.fromEntries([[name, value]])
}

/**
 * A parameter's {@link entry}; a name that is an option's (`baseUrl` would move the request) throws too.
 * Header names are not options: `Request.header` takes any, as `endpoint()`'s `headers` do.
 */
const named = (name: string, value: unknown): object => {
  const parameter = entry(name, value)
  if (isReserved(name)) {
    const instead = name === "url" || name === "method" ? "a route fixes it; to send a body field of that name, put the body in data" : "set it with Request.with, or its own step"
    throw new EndpointError(name, `is an option, not a parameter: ${instead}`)
  }
  return parameter
}

/** The built-in defaults, decoded once. */
const builtIn: E.Either<EndpointError, Options> = /* @__PURE__ */ decode(BUILT_IN_DEFAULTS)

/** The defaults a build starts from, decoded: an endpoint's `DEFAULTS`, or options on top of the built-in defaults, as `endpoint.defaults(options)` has them. */
const defaultsOf = (defaults: object): E.Either<EndpointError, Options> => {
  if (defaults === BUILT_IN_DEFAULTS) return builtIn
  if (typeof defaults === "function") return decode((defaults as Endpoint).DEFAULTS)
  return chain(builtIn, (b) => chain(decode(defaults), (d) => frozenOptions(concat(b, d)))) // as endpoint.defaults keeps them: a hole or a throwing getter inside is an error
}

/** An error's path inside the defaults, as `Merge.merge` names it: `defaults` for the whole (`options`, or none), else `defaults.<path>`. */
const underDefaults = (path: string): string => (path === "" || path === "options" ? "defaults" : `defaults.${path}`)

/** Runs `f` on the draft's options over the defaults (see `defaultsOf`), validated; errors name them `defaults.<path>`. */
const overDefaults = <A>(defaults: object, self: Draft<string>, f: (options: Options) => E.Either<EndpointError, A>): E.Either<EndpointError, A> =>
  onDraft(self, (options) => {
    const d = attempt(() => defaultsOf(defaults))
    return d._tag === "Left" ? fail(underDefaults(d.left.path), d.left.problem) : f(concat(d.right, options))
  })

/** A draft with nothing in it.
 * @example
 * import { Request } from "fp-endpoint"
 * Request.build(Request.with(Request.empty, { url: "/user" })) // right({ method: "get", url: "https://api.github.com/user", ... })
 * @since 0.1.0
 */
export const empty: Draft = /* @__PURE__ */ minted(right(emptyOptions))

/** A draft from options, validated as `endpoint(options)` validates them.
 * @example
 * import { Request } from "fp-endpoint"
 * Request.fromOptions({ headers: 1 }) // left(EndpointError: headers: expected a plain object, got number)
 * @since 0.1.0
 */
export const fromOptions = (options: unknown): Draft => minted(decode(options))

/** A draft from a route, `"<METHOD> <URL>"`, and optional parameters.
 * @example
 * import { Request } from "fp-endpoint"
 * Request.route("GET /orgs/{org}/repos", { org: "octokit" }) // right({ ...Options.empty, method: "GET", url: "/orgs/{org}/repos", params: { org: "octokit" } })
 * @since 0.1.0
 */
export const route = <R extends string, const P extends object = {}>(route: R, params?: FitsAll<RequiredNames<Parsed<R>["url"]>, P, KeepsMethod<Parsed<R>["method"], P, P>>): Draft<RequiredNames<Parsed<R>["url"], SuppliedBy<P>>, Parsed<R>["method"]> =>
  minted(chain(Merge.fromRoute(route), (r) => Merge.withOptions(r, params, true)))

/** Adds options, which win over the draft's; `params` is the same step, named for what it is mostly for.
 * @example
 * import { Request } from "fp-endpoint"
 * Request.params(Request.route("GET /repos/{owner}/{repo}"), { owner: "octokit", repo: "rest.js", per_page: 100 })
 * @since 0.1.0
 */
export const with_: Supply = /* @__PURE__ */ dual(2, (self: Draft<string>, options: object) => extend(self, () => options))
export { with_ as params, with_ as with }

/** Adds one parameter; a value for a placeholder the draft misses must be a {@link Placeholder} (else `… got a Date`, say).
 * An option's name (`baseUrl`, `headers`, `data`, …) is an `EndpointError`: a parameter never sets an option.
 * @example
 * import { Request } from "fp-endpoint"
 * Request.param(Request.route("GET /user/repos"), "per_page", 100)
 * @since 0.1.0
 */
export const param: {
  <K extends string, V>(name: K, value: V): <M extends string = never, T extends string = string>(self: Fits<M, K, V, Draft<M, T>>) => Draft<Exclude<M, K>, T>
  <M extends string = never, T extends string = string, K extends string = string, V = unknown>(self: Draft<M, T>, name: K, value: Fits<M, K, V, V>): Draft<Exclude<M, K>, T>
} = /* @__PURE__ */ dual(3, (self: Draft<string>, name: string, value: unknown) => extend(self, () => named(name, value)))

/** Sets one header (names are case-insensitive).
 * @example
 * import { Request } from "fp-endpoint"
 * Request.header(Request.route("GET /user"), "If-None-Match", '"etag"')
 * @since 0.1.0
 */
export const header: Step<[name: string, value: string | number]> = /* @__PURE__ */ step((name, value) => ({ headers: entry(name, value) }))

/** Sets several headers; `null` removes one, a default one included.
 * @example
 * import { Request } from "fp-endpoint"
 * Request.headers(Request.route("GET /user"), { "x-a": "1", "user-agent": null })
 * @since 0.1.0
 */
export const headers: Step<[headers: { readonly [name: string]: string | number | null | undefined }]> = /* @__PURE__ */ step((headers) => ({ headers }))

/** Sets the `authorization` header, for example `"token <ACCESS_TOKEN>"`.
 * @example
 * import { Request } from "fp-endpoint"
 * Request.authorization(Request.route("GET /user"), "token 0000")
 * @since 0.1.0
 */
export const authorization: Step<[value: string]> = /* @__PURE__ */ step((value) => ({ headers: { authorization: value } }))

/** Sets the base url.
 * @example
 * import { Request } from "fp-endpoint"
 * Request.baseUrl(Request.route("GET /user"), "https://ghe.example/api/v3")
 * @since 0.1.0
 */
export const baseUrl: Step<[baseUrl: string]> = /* @__PURE__ */ step((baseUrl) => ({ baseUrl }))

/** Adds API previews to those the draft has.
 * @example
 * import { Request } from "fp-endpoint"
 * Request.previews(Request.route("GET /repos/{owner}/{repo}/topics"), ["mercy"])
 * @since 0.1.0
 */
export const previews: Step<[previews: ReadonlyArray<string>]> = /* @__PURE__ */ step((previews) => ({ mediaType: { previews } }))

/** Sets the media type format (`raw`, `diff`, `text+json`, ...).
 * @example
 * import { Request } from "fp-endpoint"
 * Request.format(Request.route("GET /repos/{owner}/{repo}/readme"), "raw")
 * @since 0.1.0
 */
export const format: Step<[format: string]> = /* @__PURE__ */ step((format) => ({ mediaType: { format } }))

/** Sets the body directly.
 * @example
 * import { Request } from "fp-endpoint"
 * Request.data(Request.route("POST /markdown/raw"), "# Title")
 * @since 0.1.0
 */
export const data: Step<[data: unknown]> = /* @__PURE__ */ step((data) => ({ data }))

/** Sets `request`, meta information the result carries as it is.
 * @example
 * import { Request } from "fp-endpoint"
 * Request.meta(Request.route("GET /user"), { timeout: 5000 })
 * @since 0.1.0
 */
export const meta: Step<[request: { readonly [key: string]: unknown }]> = /* @__PURE__ */ step((request) => ({ request }))

/** Builds the request options on an endpoint's defaults, or on options given as defaults on top of the
 * built-in ones (as `endpoint.defaults(options)` makes them: `buildWith({ owner: "o" })` keeps the base url).
 * @example
 * import { endpoint, Request } from "fp-endpoint"
 * Request.buildWith(endpoint.defaults({ baseUrl: "https://ghe.example/api/v3" }))(Request.route("GET /user"))
 * @since 0.1.0
 */
export const buildWith: {
  <D extends object>(defaults: Endpoint<D>): Build<SuppliedBy<D>>
  <const O extends object>(defaults: O): Build<SuppliedBy<O>>
} = ((defaults: object) => (self: Draft<string>) => overDefaults(defaults, self, parse)) as unknown as typeof buildWith

/** Builds the request options on the built-in defaults.
 * @example
 * import { Request } from "fp-endpoint"
 * Request.build(Request.route("GET /orgs/{org}/repos", { org: "octokit" })) // right({ method: "get", url: "https://api.github.com/orgs/octokit/repos", ... })
 * @since 0.1.0
 */
export const build: Build = /* @__PURE__ */ buildWith(BUILT_IN_DEFAULTS)

/** The draft merged over the built-in defaults, as `endpoint.merge` gives it.
 * @example
 * import { Request } from "fp-endpoint"
 * Request.merged(Request.route("GET /orgs/{org}/repos", { org: "octokit" })) // right({ method: "GET", url: "/orgs/{org}/repos", org: "octokit", ... })
 * @since 0.1.0
 */
export const merged = (self: Draft<string>): E.Either<EndpointError, Merged> =>
  overDefaults(BUILT_IN_DEFAULTS, self, (o) => chain(Merge.hasUrl(o), (merged) => right(encode(merged) as Merged)))
