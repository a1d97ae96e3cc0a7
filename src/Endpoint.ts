/** The `endpoint` function: `endpoint(route, options)`, `endpoint(options)`, and its
 * `defaults`, `DEFAULTS`, `merge`, `parse` and `either`.
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import type { EndpointError } from "./EndpointError.js"
import { attempt, chain, orThrow, right } from "./internal/either.js"
import { frozenCopy, frozenOptions } from "./internal/frozen.js"
import { Bounded } from "./internal/memo.js"
import * as Merge from "./Merge.js"
import { concat, decode, encode, type FlatOptions, type Options, type ReservedKey } from "./Options.js"
import type { NamesOf, ParamsOfNames, Placeholder, Scalar } from "./Params.js"
import { build } from "./internal/build.js"
import type { RequestOptions } from "./Parse.js"
import type { Parsed } from "./Route.js"
import { VERSION } from "./version.js"

// model -------------------------------------------------------------------------------------------

/** What `endpoint()`, `defaults()` and `merge()` take: typed options, any other key a parameter.
 * @example
 * import type { EndpointOptions } from "fp-endpoint"
 * const o: EndpointOptions = { method: "POST", url: "/repos/{owner}/{repo}/issues", owner: "octokit", title: "Bug" }
 * @since 0.1.0
 */
export type EndpointOptions = FlatOptions

/** What `endpoint.merge()` returns: defaulted flat options, the method as written, the url a template.
 * @example
 * import { endpoint, type Merged } from "fp-endpoint"
 * const m: Merged = endpoint.merge("GET /orgs/{org}/repos", { org: "octokit" })
 * m.url // "/orgs/{org}/repos"
 * @since 0.1.0
 */
export interface Merged extends FlatOptions {
  readonly method: string
  /** Always there (the defaults have headers), and the caller's own copy: octokit's hooks set a header on it. */
  headers: { [name: string]: string | number | null }
}

/** The type of the built-in defaults; `defaults(o)` gives `DEFAULTS` the type `BuiltInDefaults & typeof o` (see {@link Defaulted}).
 * @example
 * import { endpoint, type BuiltInDefaults } from "fp-endpoint"
 * const d: BuiltInDefaults = endpoint.DEFAULTS
 * d.baseUrl // "https://api.github.com"
 * @since 0.1.0
 */
export interface BuiltInDefaults extends FlatOptions {
  readonly method: string
  readonly baseUrl: string
  readonly headers: { readonly [name: string]: string | number | null }
  readonly mediaType: { readonly format: string; readonly previews: ReadonlyArray<string> }
}

/** The parameters defaults `D` supply: known keys whose value can fill a placeholder, a {@link Placeholder}
 * or, for the `Prefixed` names (`{sha:7}`), a {@link Scalar}; a `Date`, or a list for a prefixed name, would be
 * an `EndpointError` at run time, so it supplies nothing. Options (`method`, `headers`, …) count when they cannot
 * be `undefined` or `null`. Every name when `D` is `any`.
 * @example
 * import type { BuiltInDefaults, SuppliedBy } from "fp-endpoint"
 * type S = SuppliedBy<BuiltInDefaults & { readonly owner: "octokit"; readonly page?: number; readonly since: Date }>
 * // "owner" | "method" | "baseUrl" | "headers" | "mediaType"
 * type T = SuppliedBy<{ readonly sha: readonly ["a", "b"] }, "sha"> // never: a prefix cannot cut a list
 * @since 0.1.0
 */
export type SuppliedBy<D, Prefixed extends string = never> = IsAny<D> extends true
  ? string
  : Extract<keyof { [K in keyof D as K extends string ? (string extends K ? never : Supplies<K, D[K], Prefixed>) : never]: 0 }, string>
/** `K`, when its value `V` supplies it (see {@link SuppliedBy}); else `never`. */
type Supplies<K extends string, V, Prefixed extends string> = undefined extends V ? never : null extends V ? never
  : K extends ReservedKey ? K
  : [V] extends [K extends Prefixed ? Scalar : Placeholder] ? K : never

/** The type of `concat(D, O)`, what `defaults(o)` makes of defaults `D`: `D & O`, except at a key where both
 * cannot hold (`owner: "a"`, then `owner: "b"`, whose intersection would be `never`): there `O`'s value wins, or
 * `D`'s where `O`'s may be `undefined`, as at run time.
 * @example
 * import type { Defaulted } from "fp-endpoint"
 * type D = Defaulted<{ readonly owner: "a"; readonly page: 1 }, { readonly owner: "b" }> // { readonly page: 1 } & { readonly owner: "b" }
 * @since 0.1.0
 */
export type Defaulted<D, O> = [Clashing<D, O>] extends [never] ? D & O
  : Without<D, Clashing<D, O>> & Without<O, Clashing<D, O>> & { readonly [K in Clashing<D, O> & keyof O]: Landed<K, D[K & keyof D], O[K]> }
/** Options `O` with header names lowercase, as `defaults()` keeps them (`Authorization` is `DEFAULTS.headers.authorization`). */
type LowerHeaders<O> = O extends { readonly headers: infer H extends object }
  ? Without<O, "headers"> & { readonly headers: { readonly [K in keyof H as K extends string ? Lowercase<K> : never]: H[K] } }
  : O
/** `T` without the keys `K`, its index signature kept (`Omit` would keep nothing but it). */
type Without<T, K> = { [P in keyof T as P extends K ? never : P]: T[P] }
/** What `O`'s value at `K` makes of `D`'s: `D`'s where it may be `undefined`; `headers`, `mediaType`, `request` and two records combine key by key, at every depth. */
type Landed<K, A, B> = undefined extends B ? A | ([Exclude<B, undefined>] extends [never] ? never : Landed<K, A, Exclude<B, undefined>>)
  : K extends "mediaType" ? MediaTypes<A, B>
  : K extends "headers" | "request" ? Defaulted<A, B>
  : [A, B] extends [Mergeable, Mergeable] ? Defaulted<A, B> : B
/** Two media types combined: the format as {@link Defaulted} has it, and previews the ordered union of both lists. */
type MediaTypes<A, B> = Defaulted<Without<A, "previews">, Without<B, "previews">> & ("previews" extends keyof A | keyof B ? { readonly previews: ReadonlyArray<string> } : unknown)
/** The keys of both whose two types have nothing in common, `mediaType` (whose previews, two lists, would intersect to `never`), `request`
 * (merged deeply: {@link Landed} combines it key by key), and those where the later value does not fit the earlier: at run time
 * only two plain objects merge, anything else is replaced (`{ a: 1 }` then `"x"` is `"x"`, whose intersection `{ a: 1 } & "x"` would
 * claim an `a`; two lists are the later one, not the intersection of two tuples; `string` then `"x"` intersect to `"x"`, the later
 * value, as they are). Two records that clash are combined by {@link Landed} key by key, so a clash inside them (`{ a: { x: 1 } }`
 * then `{ a: 5 }`, `authorization: "token a"` then a `string`) is the later value too, at any depth; one that fits stays an intersection. */
type Clashing<D, O> = { [K in keyof D & KnownKeys<O>]-?: [D[K] & O[K]] extends [never] ? K : K extends "mediaType" | "request" ? K : [O[K]] extends [D[K]] ? never : K }[keyof D & KnownKeys<O>]
/** The keys `T` names, not those only its index signature covers (a `Record<string, number>` need not hold `b`: `D`'s stays). */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: 0 }
/** What may merge key by key at run time, as far as types tell: an object that is no list nor function (a class instance passes: the types cannot tell it from a plain object). */
type Mergeable = object & { readonly length?: never; readonly call?: never; readonly apply?: never }

/** Whether `T` is `any`, the one type for which the distributive test gives both answers (`0 extends 1 & T` fails for a `T` bound to `object`). */
type IsAny<T> = boolean extends (T extends never ? true : false) ? true : false
/** A method as the result carries it: lowercase when known, else `string`. */
type Lower<M extends string> = string extends M ? string : Lowercase<M>
/** `A`, unless `A` is `never` (not inferred): then `B`. */
type Or<A, B> = [A] extends [never] ? B : A
type UrlOf<D> = D extends { readonly url: infer U extends string } ? U : string
type MethodOf<D> = D extends { readonly method: infer M extends string } ? M : string

/** The options of a call for url `U`: its placeholders' parameters (optional when the defaults
 * supply them), `method` and `url` as inferred, and every other option.
 * @example
 * import type { BuiltInDefaults, OptionsFor } from "fp-endpoint"
 * const o: OptionsFor<"/repos/{owner}/{repo}", BuiltInDefaults> = { owner: "o", repo: "r", per_page: 2 }
 * @since 0.1.0
 */
export type OptionsFor<U extends string, D, M extends string = string, V extends string = string> = ParamsOfNames<
  NamesOf<U>,
  SuppliedFor<U, D>
> & { readonly method?: M | undefined; readonly url?: V | undefined } & Given

/**
 * {@link EndpointOptions} with an index signature of `any`, the one an `interface` fits (an
 * interface has no implicit index signature of `unknown`); the reserved options keep their types.
 */
interface Given {
  readonly method?: string | undefined
  readonly url?: string | undefined
  readonly baseUrl?: string | undefined
  readonly headers?: FlatOptions["headers"]
  readonly mediaType?: FlatOptions["mediaType"]
  readonly data?: unknown
  readonly request?: FlatOptions["request"]
  /** Never a function: options that are a Promise (a forgotten `await`) do not compile. */
  readonly then?: never
  /** axios' spelling of `baseUrl`, an `EndpointError` at run time. */
  readonly baseURL?: never
  readonly [parameter: string]: any
}

/** The parameters of url `U` that defaults `D` supply: a prefixed name by a scalar only. */
type SuppliedFor<U extends string, D> = SuppliedBy<D, NamesOf<U>["scalar"]>
/** The required parameters of url `U` that defaults `D` do not supply. */
type Missing<U extends string, D> = Exclude<NamesOf<U>["required"], SuppliedFor<U, D>>

/**
 * A route alone: itself when it needs no parameter the defaults do not supply, else a type no
 * route has, which the compiler's message shows: `'"missing parameter: owner"'`.
 */
type Alone<R extends string, D> = [Missing<Parsed<R>["url"], D>] extends [never] ? R : `missing parameter: ${Missing<Parsed<R>["url"], D>}`


/**
 * The options after a route, which fixes the url and the method (at run time a different one is an
 * `EndpointError`): a `url` or `method` literal must be the route's (a method in any case); a plain
 * `string` is left to the run-time check. `undefined` too when nothing is missing.
 */
type RouteOptions<R extends string, D, M extends string, V extends string> =
  | (ParamsOfNames<NamesOf<Parsed<R>["url"]>, SuppliedFor<Parsed<R>["url"], D>> & { readonly method?: Fixed<M, Parsed<R>["method"], true> | undefined; readonly url?: Fixed<V, Parsed<R>["url"], false> | undefined } & Given)
  | ([Missing<Parsed<R>["url"], D>] extends [never] ? undefined : never)
/** `X`, a literal given where the route fixed `Fixed` (`Loose`: in any case), when it is that or a plain `string`; else what it must be. */
type Fixed<X extends string, Route extends string, Loose extends boolean> = string extends X | Route ? X
  : (Loose extends true ? Uppercase<X> extends Uppercase<Route> ? true : false : X extends Route ? true : false) extends true ? X : Route
/** The parameters options `P` give, which a merged result carries (so that it can be passed back to `endpoint()`). */
type ParamsGiven<P> = P extends object ? (string extends keyof P ? unknown : { readonly [K in Exclude<keyof P, ReservedKey>]: P[K] }) : unknown
/** The result of a two-argument call: after a route, its method lowercase (a route fixes it: options may only repeat it). */
type TwoArgs<R extends string> = [R] extends [never] ? RequestOptions : RequestOptions<Lower<Parsed<R>["method"]>>
/**
 * The second argument: after a route, its options; after options, more options or `undefined` (`R` is
 * then `string`, the constraint the compiler falls back to, or `never`: both take any options). `R` is
 * the route alone, never the first argument's type, so options of a generic type still leave a type
 * the compiler can resolve.
 */
type SecondOf<R extends string, D, M extends string, V extends string> = [R] extends [never] ? Given | undefined : RouteOptions<R, D, M, V>

/**
 * The one argument of a call: a route, checked as {@link Alone}, or options. One signature takes
 * both, not two overloads, so that every compiler reports the right error (TypeScript 7 reports
 * only the last overload that failed).
 */
type Only<A, D, M extends string, V extends string> = [A] extends [string] ? Alone<Extract<A, string>, D>
  : [A] extends [object] ? OptionsFor<Or<V, UrlOf<D>>, D, M, V>
  : string | Given // a route or options, not known which (octokit's `request(route: string | EndpointOptions)`): checked at run time
type OnlyMethod<A, D, M extends string> = [A] extends [string] ? Parsed<Extract<A, string>>["method"] : Or<NoInfer<M>, MethodOf<D>>
type OnlyUrl<A, D, V extends string> = [A] extends [string] ? Parsed<Extract<A, string>>["url"] : Or<NoInfer<V>, UrlOf<D>>

/** What `endpoint.merge()` returns, the method and the url template literals when the route is one.
 * @example
 * import { endpoint, type MergedAs } from "fp-endpoint"
 * const m: MergedAs<"GET", "/user"> = endpoint.merge("GET /user")
 * @since 0.1.0
 */
export interface MergedAs<M extends string = string, U extends string = string> extends Merged {
  readonly method: M
  readonly url: U
}

/** A request builder, `D` the type of its `DEFAULTS`. For a route or url literal a missing
 * `{name}`, `{+name}` or `:name` parameter does not compile unless the defaults supply it, and
 * the result's `method` is the lowercase literal.
 * @example
 * import { endpoint } from "fp-endpoint"
 * endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).method // "get"
 * // endpoint("GET /repos/{owner}/{repo}", { owner: "o" }) // compile error: repo is missing
 * const mine = endpoint.defaults({ owner: "o" })
 * mine("GET /repos/{owner}/{repo}", { repo: "r" }) // compiles: owner comes from the defaults
 * @since 0.1.0
 */
export interface Endpoint<D extends object = BuiltInDefaults> {
  /** Request options from a route (`endpoint("GET /user")`) or from options with a url; throws `EndpointError`. */
  <A extends string | object, M extends string = never, V extends string = never>(routeOrOptions: Only<A, D, M, V>): RequestOptions<Lower<OnlyMethod<A, D, M>>>
  /** Request options from a route and parameters, or from options and more options concatenated on top
   * (`@octokit/core`'s hooks call `request(options, options)`); throws `EndpointError`. */
  <R extends string = never, M extends string = never, V extends string = never>(first: R | Given, options: SecondOf<NoInfer<R>, D, M, V>): TwoArgs<R>
  /** The current defaults, deeply frozen. */
  readonly DEFAULTS: D
  /** A new endpoint whose defaults are `concat(DEFAULTS, options)`. */
  defaults<const O extends Given>(options: O): Endpoint<Defaulted<D, LowerHeaders<O>>>
  /** Defaults, route (or options) and options merged, not parsed; `method` as written. */
  merge<A extends string | object, M extends string = never, V extends string = never>(
    routeOrOptions: Only<A, D, M, V>,
  ): MergedAs<OnlyMethod<A, D, M>, OnlyUrl<A, D, V>> & ([A] extends [string] ? unknown : ParamsGiven<A>)
  merge<R extends string = never, M extends string = never, V extends string = never, const P extends object | undefined = undefined>(
    first: R | Given,
    options: P & SecondOf<NoInfer<R>, D, M, V>,
  ): [R] extends [never] ? Merged : MergedAs<Parsed<R>["method"], Parsed<R>["url"]> & ParamsGiven<P> // the route's spelling of its method, as merge() keeps it
  /** Merged options to request options; reads no defaults. */
  parse<M extends string = never>(options: { readonly method?: M | undefined } & Given): RequestOptions<Or<Lower<NoInfer<M>>, "get">>
  /** `endpoint(route)` or `endpoint(options)` as an `Either`: never throws. */
  either<A extends string | object, M extends string = never, V extends string = never>(
    routeOrOptions: Only<A, D, M, V>,
  ): Either<EndpointError, RequestOptions<Lower<OnlyMethod<A, D, M>>>>
  /** `endpoint(route, options)` or `endpoint(options, more)` as an `Either`: never throws. */
  either<R extends string = never, M extends string = never, V extends string = never>(
    first: R | Given,
    options: SecondOf<NoInfer<R>, D, M, V>,
  ): Either<EndpointError, TwoArgs<R>>
}

// constructors ------------------------------------------------------------------------------------

/** The built-in defaults, deeply frozen.
 * @example
 * import { BUILT_IN_DEFAULTS } from "fp-endpoint"
 * BUILT_IN_DEFAULTS.baseUrl // "https://api.github.com"
 * BUILT_IN_DEFAULTS.headers.accept // "application/vnd.github.v3+json"
 * @since 0.1.0
 */
export const BUILT_IN_DEFAULTS: BuiltInDefaults = orThrow(
  frozenCopy({
    method: "GET",
    baseUrl: "https://api.github.com",
    headers: { accept: "application/vnd.github.v3+json", "user-agent": `fp-endpoint/${VERSION}` },
    mediaType: { format: "", previews: [] },
  }),
)

/**
 * An endpoint over decoded, frozen defaults: every call is `parse(merge(defaults, route, options))`, as
 * `build`, `Parse.parse` without the codec check that merged options, which the codec made, always pass.
 */
const make = <D extends object>(defaults: Options): Endpoint<D> => {
  const routes = new Bounded<Options>()
  /** `concat(defaults, fromRoute(route))`, remembered by route: associativity lets every call reuse it. */
  const routeBase = (route: string): Either<EndpointError, Options> => {
    const known = routes.get(route)
    return known !== undefined ? right(known) : chain(Merge.fromRoute(route), (r) => right(routes.set(route, concat(defaults, r))))
  }
  /** `Merge.merge(defaults, first, second)` without its check of the defaults, which the endpoint decoded and froze; a route's concat comes from the cache. */
  const merge = (first?: unknown, second?: unknown): Either<EndpointError, Options> => {
    if (typeof first !== "string") return chain(chain(Merge.withOptions(defaults, first, false), (base) => Merge.withOptions(base, second, false)), Merge.hasUrl)
    const base = routeBase(first)
    return base._tag === "Left" ? base : Merge.withOptions(base.right, second, true)
  }
  const either = (first?: unknown, second?: unknown): Either<EndpointError, RequestOptions> => chain(merge(first, second), build)
  return Object.freeze(Object.defineProperties((first?: unknown, second?: unknown) => orThrow(either(first, second)), {
    DEFAULTS: { value: orThrow(frozenCopy(encode(defaults))), enumerable: true },
    defaults: { value: (options: unknown) => orThrow(chain(decode(options), (o) => attempt(() => derived(concat(defaults, o))))) },
    merge: { value: (first?: unknown, second?: unknown) => encode(orThrow(merge(first, second))) },
    parse: { value: (options: unknown) => orThrow(chain(decode(options), build)) },
    either: { value: either },
  })) as unknown as Endpoint<D>
}

/** An endpoint over a frozen copy of new defaults (concat reads the keys of a caller's `request`, where a Proxy may throw). */
const derived = (o: Options): Either<EndpointError, Endpoint> => chain(frozenOptions(o), (copy) => right(make(copy)))

/** An endpoint with the given defaults on top of the built-in ones.
 * @example
 * import { withDefaults } from "fp-endpoint"
 * const ghe = withDefaults({ baseUrl: "https://ghe.example/api/v3" })
 * ghe("GET /user").url // "https://ghe.example/api/v3/user"
 * @since 0.1.0
 */
export const withDefaults = <const O extends Given>(options: O): Endpoint<Defaulted<BuiltInDefaults, LowerHeaders<O>>> => endpoint.defaults(options)

/** The endpoint with the built-in defaults.
 * @example
 * import { endpoint } from "fp-endpoint"
 * endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Bug" })
 * // { method: "post", url: "https://api.github.com/repos/octokit/rest.js/issues",
 * //   headers: { accept: "application/vnd.github.v3+json", "user-agent": "fp-endpoint/0.1.0",
 * //              "content-type": "application/json; charset=utf-8" },
 * //   body: { title: "Bug" } }
 * @since 0.1.0
 */
export const endpoint: Endpoint = make(orThrow(chain(decode(BUILT_IN_DEFAULTS), frozenOptions)))
