/** What the compiler checks of a call to an endpoint: the signatures of `Endpoint<D>`, where `D` is
 * the type of its `DEFAULTS`. Types only.
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import type { FlatOptions, ReservedKey } from "./Codec.js"
import type { EndpointError } from "./EndpointError.js"
import type { NamesOf, ParamsOfNames, Placeholder, Scalar } from "./Params.js"
import type { RequestOptions } from "./Parse.js"
import type { Parsed } from "./Route.js"

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
  /** The caller's own copy: octokit's hooks set a header on it. */
  headers: { [name: string]: string | number | null }
}

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

/** The type of the built-in defaults.
 * @example
 * import { endpoint, type BuiltInDefaults } from "fp-endpoint"
 * const d: BuiltInDefaults = endpoint.DEFAULTS
 * @since 0.1.0
 */
export interface BuiltInDefaults extends FlatOptions {
  readonly method: string
  readonly baseUrl: string
  readonly headers: { readonly [name: string]: string | number | null }
  readonly mediaType: { readonly format: string; readonly previews: ReadonlyArray<string> }
}

/** The parameters defaults `D` supply: known keys whose value can fill a placeholder (a {@link Placeholder},
 * or a {@link Scalar} for the `Prefixed` names such as `{sha:7}`); options count unless `undefined` or `null`.
 * @example
 * import type { BuiltInDefaults, SuppliedBy } from "fp-endpoint"
 * type S = SuppliedBy<BuiltInDefaults & { readonly owner: "octokit"; readonly since: Date }>
 * // "owner" | "method" | ...
 * @since 0.1.0
 */
export type SuppliedBy<D, Prefixed extends string = never> =
  IsAny<D> extends true
    ? string
    : Extract<
        keyof {
          [K in keyof D as K extends string ? (string extends K ? never : Supplies<K, D[K], Prefixed>) : never]: 0
        },
        string
      >
type Supplies<K extends string, V, Prefixed extends string> = undefined extends V
  ? never
  : null extends V
    ? never
    : K extends ReservedKey
      ? K
      : [V] extends [K extends Prefixed ? Scalar : Placeholder]
        ? K
        : never

/** The type of `concat(D, O)`, what `defaults(o)` makes of defaults `D`: `D & O`, except at a key where that
 * would not be the run time's value; there `O`'s value wins whole (`D`'s stays where `O`'s is `undefined`),
 * and `headers` and `request` combine one level deep.
 * @example
 * import type { Defaulted } from "fp-endpoint"
 * type D = Defaulted<{ readonly owner: "a"; readonly page: 1 }, { readonly owner: "b" }>
 * // { readonly page: 1 } & { readonly owner: "b" }
 * @since 0.1.0
 */
export type Defaulted<D, O, Inner = false> = [Clashing<D, O>] extends [never]
  ? D & O
  : Without<D, Clashing<D, O>> &
      Without<O, Clashing<D, O>> & { readonly [K in Clashing<D, O> & keyof O]: Landed<K, D[K & keyof D], O[K], Inner> }
type Landed<K, A, B, Inner> = undefined extends B
  ? A | ([Exclude<B, undefined>] extends [never] ? never : Landed<K, A, Exclude<B, undefined>, Inner>)
  : Inner extends true
    ? B
    : K extends "mediaType"
      ? Defaulted<Without<A, "previews">, Without<B, "previews">, true> & { readonly previews: ReadonlyArray<string> }
      : K extends "headers" | "request"
        ? Defaulted<A, B, true>
        : B
/** The keys of both whose later value does not fit the earlier (`{ a: 1 }` then `"x"`, or two lists), and the media
 * type. */
type Clashing<D, O> = {
  [K in keyof D & KnownKeys<O>]-?: K extends "mediaType" ? K : [O[K]] extends [D[K]] ? never : K
}[keyof D & KnownKeys<O>]
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: 0 }
type Without<T, K> = { [P in keyof T as P extends K ? never : P]: T[P] }
/** Options with header names lowercase, as `defaults()` keeps them. */
export type LowerHeaders<O> = O extends { readonly headers: infer H extends object }
  ? Without<O, "headers"> & {
      readonly headers: { readonly [K in keyof H as K extends string ? Lowercase<K> : never]: H[K] }
    }
  : O

type IsAny<T> = boolean extends (T extends never ? true : false) ? true : false
type Lower<M extends string> = string extends M ? string : Lowercase<M>
type Or<A, B> = [A] extends [never] ? B : A
type UrlOf<D> = D extends { readonly url: infer U extends string } ? U : string
type MethodOf<D> = D extends { readonly method: infer M extends string } ? M : string

/** The options of a call for url `U`: its placeholders' parameters (optional when the defaults supply
 * them), `method` and `url` as inferred, and every other option.
 * @example
 * import type { BuiltInDefaults, OptionsFor } from "fp-endpoint"
 * const o: OptionsFor<"/repos/{owner}/{repo}", BuiltInDefaults> = { owner: "o", repo: "r", per_page: 2 }
 * @since 0.1.0
 */
export type OptionsFor<U extends string, D, M extends string = string, V extends string = string> = ParamsOfNames<
  NamesOf<U>,
  SuppliedFor<U, D>
> & { readonly method?: M | undefined; readonly url?: V | undefined } & Given

/** {@link EndpointOptions} with an index signature of `any`, which an `interface` fits. */
export interface Given {
  readonly method?: string | undefined
  readonly url?: string | undefined
  readonly baseUrl?: string | undefined
  readonly headers?: FlatOptions["headers"]
  readonly mediaType?: FlatOptions["mediaType"]
  readonly data?: unknown
  readonly request?: FlatOptions["request"]
  /** Never a function: options that are a Promise (a forgotten `await`) do not compile. */
  readonly then?: "options are a Promise: await them first"
  /** axios' spelling of `baseUrl`, an `EndpointError` at run time. */
  readonly baseURL?: "the option is spelt baseUrl"
  readonly [parameter: string]: any
}

type SuppliedFor<U extends string, D> = SuppliedBy<D, NamesOf<U>["scalar"]>
type Missing<U extends string, D> = Exclude<NamesOf<U>["required"], SuppliedFor<U, D>>
/** The methods of IANA's HTTP method registry: a literal route with another method is almost always a typo. */
type Registered =
  | Words<"GET HEAD POST PUT DELETE CONNECT OPTIONS TRACE PATCH QUERY ACL BASELINE-CONTROL BIND CHECKIN CHECKOUT COPY">
  | Words<"LABEL LINK LOCK MERGE MKACTIVITY MKCALENDAR MKCOL MKREDIRECTREF MKWORKSPACE MOVE ORDERPATCH PROPFIND">
  | Words<"PROPPATCH REBIND REPORT SEARCH UNBIND UNCHECKOUT UNLINK UNLOCK UPDATE UPDATEREDIRECTREF VERSION-CONTROL">
type Words<S extends string> = S extends `${infer W} ${infer Rest}` ? W | Words<Rest> : S
/** `Ok` for a route whose method is registered (in any case) or not known; else the message the compiler shows. */
export type KnownMethod<R extends string, Ok> = string extends R
  ? Ok
  : Uppercase<Parsed<R>["method"]> extends Registered
    ? Ok
    : `unknown HTTP method: ${Parsed<R>["method"]}`
/** A route alone: itself when it needs no parameter the defaults do not supply, else the message the compiler shows. */
type Alone<R extends string, D> = [Missing<Parsed<R>["url"], D>] extends [never]
  ? KnownMethod<R, R>
  : `missing parameter: ${Missing<Parsed<R>["url"], D>}`

/** The options after a route, which fixes the url and the method: a literal must be the route's. */
type RouteOptions<R extends string, D, M extends string, V extends string> =
  | (ParamsOfNames<NamesOf<Parsed<R>["url"]>, SuppliedFor<Parsed<R>["url"], D>> & {
      readonly method?: Fixed<M, Parsed<R>["method"], true> | undefined
      readonly url?: Fixed<V, Parsed<R>["url"], false> | undefined
    } & Given)
  | ([Missing<Parsed<R>["url"], D>] extends [never] ? undefined : never)
type Fixed<X extends string, Route extends string, Loose extends boolean> = string extends X | Route
  ? X
  : (
        Loose extends true
          ? Uppercase<X> extends Uppercase<Route>
            ? true
            : false
          : X extends Route
            ? true
            : false
      ) extends true
    ? X
    : Route
type ParamsGiven<P> = P extends object
  ? string extends keyof P
    ? unknown
    : { readonly [K in Exclude<keyof P, ReservedKey>]: P[K] }
  : unknown
type TwoArgs<R extends string> = [R] extends [never] ? RequestOptions : RequestOptions<Lower<Parsed<R>["method"]>>
type SecondOf<R extends string, D, M extends string, V extends string> = [R] extends [never]
  ? Given | undefined
  : KnownMethod<R, RouteOptions<R, D, M, V>>
/** One argument: a route, checked as {@link Alone}, or options; one signature, so that every compiler reports the right
 * error. */
type Only<A, D, M extends string, V extends string> = [A] extends [PromiseLike<unknown>]
  ? "a Promise: await it first"
  : [A] extends [string]
    ? Alone<Extract<A, string>, D>
    : [A] extends [object]
      ? OptionsFor<Or<V, UrlOf<D>>, D, M, V>
      : string | Given
type OnlyMethod<A, D, M extends string> = [A] extends [string]
  ? Parsed<Extract<A, string>>["method"]
  : Or<NoInfer<M>, MethodOf<D>>
type OnlyUrl<A, D, V extends string> = [A] extends [string]
  ? Parsed<Extract<A, string>>["url"]
  : Or<NoInfer<V>, UrlOf<D>>

/** A request builder, `D` the type of its `DEFAULTS`. For a route or url literal a missing `{name}`,
 * `{+name}` or `:name` parameter does not compile unless the defaults supply it, and the result's
 * `method` is the lowercase literal.
 * @example
 * import { endpoint } from "fp-endpoint"
 * endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).method // "get"
 * const mine = endpoint.defaults({ owner: "o" })
 * mine("GET /repos/{owner}/{repo}", { repo: "r" }) // compiles: owner comes from the defaults
 * @since 0.1.0
 */
export interface Endpoint<D extends object = BuiltInDefaults> {
  /** Request options from a route (`endpoint("GET /user")`) or from options with a url; throws `EndpointError`. */
  <A extends string | object, M extends string = never, V extends string = never>(
    routeOrOptions: Only<A, D, M, V>,
  ): RequestOptions<Lower<OnlyMethod<A, D, M>>>
  /** Request options from a route and parameters, or from options and more options on top; throws `EndpointError`. */
  <R extends string = never, M extends string = never, V extends string = never>(
    first: R | Given,
    options: SecondOf<NoInfer<R>, D, M, V>,
  ): TwoArgs<R>
  /** The current defaults, deeply frozen. */
  readonly DEFAULTS: D
  /** A new endpoint whose defaults are `concat(DEFAULTS, options)`. */
  defaults<const O extends Given>(options: O): Endpoint<Defaulted<D, LowerHeaders<O>>>
  /** Defaults, route (or options) and options merged, not parsed; `method` as written. */
  merge<A extends string | object, M extends string = never, V extends string = never>(
    routeOrOptions: Only<A, D, M, V>,
  ): MergedAs<OnlyMethod<A, D, M>, OnlyUrl<A, D, V>> & ([A] extends [string] ? unknown : ParamsGiven<A>)
  merge<
    R extends string = never,
    M extends string = never,
    V extends string = never,
    const P extends object | undefined = undefined,
  >(
    first: R | Given,
    options: P & SecondOf<NoInfer<R>, D, M, V>,
  ): [R] extends [never] ? Merged : MergedAs<Parsed<R>["method"], Parsed<R>["url"]> & ParamsGiven<P>
  /** Merged options to request options; reads no defaults. */
  parse<M extends string = never>(
    options: { readonly method?: M | undefined } & Given,
  ): RequestOptions<Or<Lower<NoInfer<M>>, "get">>
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
