/**
 * The `endpoint` function: `endpoint(route, options)`, `endpoint(options)`,
 * and its `defaults`, `DEFAULTS`, `merge` and `parse`.
 *
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import { decode, encode, type FlatOptions } from "./Codec.js"
import type { EndpointError } from "./EndpointError.js"
import { attemptEither, chain, orThrow, right } from "./internal/either.js"
import { frozenCopy, frozenOptions } from "./internal/frozen.js"
import { Bounded } from "./internal/memo.js"
import * as Merge from "./Merge.js"
import { concat, type Options } from "./Options.js"
import type { NamesOf, ParamsOfNames } from "./Params.js"
import { parse, type RequestOptions } from "./Parse.js"
import type { Parsed } from "./Route.js"
import { VERSION } from "./version.js"

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

/**
 * What `endpoint()`, `defaults()` and `merge()` accept: the reserved options
 * with their types, and any other key as a parameter.
 *
 * @example
 * import type { EndpointOptions } from "fp-endpoint"
 *
 * const o: EndpointOptions = { method: "POST", url: "/repos/{owner}/{repo}/issues", owner: "octokit", title: "Bug" }
 *
 * @since 0.1.0
 */
export type EndpointOptions = FlatOptions

/**
 * What `endpoint.merge()` returns: flat options with the defaults applied,
 * the method as written and the url still a template.
 *
 * @example
 * import { endpoint, type Merged } from "fp-endpoint"
 *
 * const m: Merged = endpoint.merge("GET /orgs/{org}/repos", { org: "octokit" })
 * m.url // "/orgs/{org}/repos"
 *
 * @since 0.1.0
 */
export interface Merged extends FlatOptions {
  readonly method: string
}

/**
 * The type of the built-in defaults (SPEC §2). `defaults(o)` gives an
 * endpoint whose `DEFAULTS` has the type `BuiltInDefaults & typeof o`.
 *
 * @example
 * import { endpoint, type BuiltInDefaults } from "fp-endpoint"
 *
 * const d: BuiltInDefaults = endpoint.DEFAULTS
 * d.baseUrl // "https://api.github.com"
 *
 * @since 0.1.0
 */
export interface BuiltInDefaults extends FlatOptions {
  readonly method: string
  readonly baseUrl: string
  readonly headers: { readonly [name: string]: string | number | null }
  readonly mediaType: { readonly format: string; readonly previews: ReadonlyArray<string> }
}

/**
 * The parameter names that defaults `D` supply: keys with a known name
 * whose value cannot be `undefined` or `null` (those are dropped, or
 * expand as undefined variables). Defaults typed `any` (an `Endpoint<any>`)
 * may supply anything: every name (`string`).
 *
 * @example
 * import type { BuiltInDefaults, SuppliedBy } from "fp-endpoint"
 *
 * type S = SuppliedBy<BuiltInDefaults & { readonly owner: "octokit"; readonly page?: number }>
 * // "owner" | "method" | "baseUrl" | "headers" | "mediaType"
 *
 * @since 0.1.0
 */
export type SuppliedBy<D> = IsAny<D> extends true
  ? string
  : Extract<
      keyof {
        [K in keyof D as K extends string
          ? string extends K
            ? never
            : undefined extends D[K]
              ? never
              : null extends D[K]
                ? never
                : K
          : never]: 0
      },
      string
    >

/**
 * Whether `T` is `any`: only `any` makes the distributive test give both
 * answers. (The usual `0 extends 1 & T` fails for a `T` constrained to
 * `object`, where `1 & T` is reduced to `never`.)
 */
type IsAny<T> = boolean extends (T extends never ? true : false) ? true : false

/** A method as the result carries it: lowercase when known, else `string`. */
type Lower<M extends string> = string extends M ? string : Lowercase<M>

/** `A`, unless `A` is `never` (not inferred): then `B`. */
type Or<A, B> = [A] extends [never] ? B : A

/** The url literal of defaults `D`, `string` when `D` has none. */
type UrlOf<D> = D extends { readonly url: infer U extends string } ? U : string

/** The method of defaults `D`, `string` when unknown. */
type MethodOf<D> = D extends { readonly method: infer M extends string } ? M : string

/**
 * The second argument of `endpoint(route, options)`, or the only one of
 * `endpoint(options)`: the parameters that url `U` names (those that the
 * defaults supply are optional), `method` and `url` as inferred, and every
 * other option.
 *
 * @example
 * import type { BuiltInDefaults, OptionsFor } from "fp-endpoint"
 *
 * const o: OptionsFor<"/repos/{owner}/{repo}", BuiltInDefaults> = { owner: "o", repo: "r", per_page: 2 }
 *
 * @since 0.1.0
 */
export type OptionsFor<U extends string, D, M extends string = string, V extends string = string> = ParamsOfNames<
  NamesOf<U>,
  SuppliedBy<D>
> & { readonly method?: M; readonly url?: V } & Given

/**
 * Options as the calls take them: {@link EndpointOptions} with an index
 * signature of `any` instead of `unknown`, the one an `interface` fits
 * (an interface has no implicit index signature, so
 * `interface RepoRef { owner: string; repo: string }` is not assignable to
 * `{ [k: string]: unknown }`). The reserved options keep their types.
 */
interface Given {
  readonly method?: string
  readonly url?: string
  readonly baseUrl?: string
  readonly headers?: FlatOptions["headers"]
  readonly mediaType?: FlatOptions["mediaType"]
  readonly data?: unknown
  readonly request?: FlatOptions["request"]
  readonly [parameter: string]: any
}

/**
 * The route of a call without options: the route itself when its url needs
 * no parameter that the defaults do not supply, else a type no route has,
 * which names the missing parameters in the compiler's message:
 * `Argument of type '"GET /repos/{owner}"' is not assignable to parameter of type '"missing parameter: owner"'`.
 */
type Alone<R extends string, D> = [Missing<Parsed<R>["url"], D>] extends [never]
  ? R
  : `missing parameter: ${Missing<Parsed<R>["url"], D>}`

/** The required parameters of url `U` that defaults `D` do not supply. */
type Missing<U extends string, D> = Exclude<NamesOf<U>["required"], SuppliedBy<D>>

/**
 * The options after a route: `undefined` is accepted too when nothing is
 * missing (`endpoint(route, maybeOptions)`).
 */
type Second<U extends string, D, M extends string, V extends string> =
  | OptionsFor<U, D, M, V>
  | ([Missing<U, D>] extends [never] ? undefined : never)

/** The url whose placeholders count: the options' `url` when given, else the route's. */
type RouteUrl<R extends string, V extends string> = Or<V, Parsed<R>["url"]>

/**
 * The only argument of a call: a route, checked as {@link Alone}, or
 * options, checked as {@link OptionsFor}. One signature takes both (not two
 * overloads) so that every compiler reports the error of the right one:
 * TypeScript 7 reports only the last overload that failed.
 */
type Only<A, D, M extends string, V extends string> = [A] extends [string]
  ? Alone<Extract<A, string>, D>
  : OptionsFor<Or<V, UrlOf<D>>, D, M, V>

/** The method of a call with one argument: the route's, else the options', else the defaults'. */
type OnlyMethod<A, D, M extends string> = [A] extends [string] ? Parsed<Extract<A, string>>["method"] : Or<NoInfer<M>, MethodOf<D>>

/** The url template of a call with one argument: the route's, else the options', else the defaults'. */
type OnlyUrl<A, D, V extends string> = [A] extends [string] ? Parsed<Extract<A, string>>["url"] : Or<NoInfer<V>, UrlOf<D>>

/**
 * What `endpoint.merge()` returns: {@link Merged} options whose `method` (as
 * written, not lowercased) and `url` (the template) are known literals when
 * the route is a literal.
 *
 * @example
 * import { endpoint, type MergedAs } from "fp-endpoint"
 *
 * const m: MergedAs<"GET", "/user"> = endpoint.merge("GET /user")
 *
 * @since 0.1.0
 */
export interface MergedAs<M extends string = string, U extends string = string> extends Merged {
  readonly method: M
  readonly url: U
}

/**
 * A request builder with its defaults. `D` is the type of its `DEFAULTS`:
 * what `defaults()` was given, on top of {@link BuiltInDefaults}.
 *
 * For a route or url literal the compiler reads the placeholders: a missing
 * `{name}`, `{+name}` or `:name` parameter does not compile, unless the
 * defaults supply it. The result's `method` is the lowercase literal.
 *
 * @example
 * import { endpoint } from "fp-endpoint"
 *
 * endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).method // "get"
 * // endpoint("GET /repos/{owner}/{repo}", { owner: "o" }) // compile error: repo is missing
 * const mine = endpoint.defaults({ owner: "o" })
 * mine("GET /repos/{owner}/{repo}", { repo: "r" }) // compiles: owner comes from the defaults
 *
 * @since 0.1.0
 */
export interface Endpoint<D extends object = BuiltInDefaults> {
  /**
   * Builds request options from a route (`endpoint("GET /user")`) or from
   * options that carry `url` and `method` (`endpoint({ url: "/user" })`);
   * throws `EndpointError`.
   */
  <A extends string | object, M extends string = never, V extends string = never>(
    routeOrOptions: Only<A, D, M, V>,
  ): RequestOptions<Lower<OnlyMethod<A, D, M>>>
  /** Builds request options from a route and parameters; throws `EndpointError`. */
  <R extends string, M extends string = never, V extends string = never>(
    route: R,
    options: Second<RouteUrl<R, V>, D, M, V>,
  ): RequestOptions<Lower<Or<NoInfer<M>, Parsed<R>["method"]>>>
  /** The current defaults, deeply frozen. */
  readonly DEFAULTS: D
  /** A new endpoint whose defaults are `concat(DEFAULTS, options)`. */
  defaults<const O extends Given>(options: O): Endpoint<D & O>
  /** Defaults, route (or options) merged, not parsed; `method` as written. */
  merge<A extends string | object, M extends string = never, V extends string = never>(
    routeOrOptions: Only<A, D, M, V>,
  ): MergedAs<OnlyMethod<A, D, M>, OnlyUrl<A, D, V>>
  merge<R extends string, M extends string = never, V extends string = never>(
    route: R,
    options: Second<RouteUrl<R, V>, D, M, V>,
  ): MergedAs<Or<NoInfer<M>, Parsed<R>["method"]>, RouteUrl<R, NoInfer<V>>>
  /** Merged options to request options; reads no defaults. */
  parse<M extends string = never>(
    options: { readonly method?: M } & Given,
  ): RequestOptions<Or<Lower<NoInfer<M>>, "get">>
  /** `endpoint(route)` or `endpoint(options)` as an Either: never throws. */
  either<A extends string | object, M extends string = never, V extends string = never>(
    routeOrOptions: Only<A, D, M, V>,
  ): Either<EndpointError, RequestOptions<Lower<OnlyMethod<A, D, M>>>>
  /** `endpoint(route, options)` as an Either: never throws. */
  either<R extends string, M extends string = never, V extends string = never>(
    route: R,
    options: Second<RouteUrl<R, V>, D, M, V>,
  ): Either<EndpointError, RequestOptions<Lower<Or<NoInfer<M>, Parsed<R>["method"]>>>>
}

// -------------------------------------------------------------------------------------
// constructors
// -------------------------------------------------------------------------------------

/**
 * The built-in defaults (SPEC §2).
 *
 * @example
 * import { BUILT_IN_DEFAULTS } from "fp-endpoint"
 *
 * BUILT_IN_DEFAULTS.baseUrl // "https://api.github.com"
 * BUILT_IN_DEFAULTS.headers.accept // "application/vnd.github.v3+json"
 *
 * @since 0.1.0
 */
export const BUILT_IN_DEFAULTS: BuiltInDefaults = frozenCopy({
  method: "GET",
  baseUrl: "https://api.github.com",
  headers: {
    accept: "application/vnd.github.v3+json",
    "user-agent": `fp-endpoint/${VERSION}`,
  },
  mediaType: { format: "", previews: [] },
}) as BuiltInDefaults


const make = <D extends object>(defaults: Options): Endpoint<D> => {
  const DEFAULTS = frozenCopy(encode(defaults))
  const routes = new Bounded<Options>()
  /** concat(defaults, fromRoute(route)), remembered per route: associativity makes it reusable. */
  const routeBase = (route: string): Either<EndpointError, Options> => {
    const known = routes.get(route)
    if (known !== undefined) return right(known)
    return chain(Merge.merge(defaults, route), (base) => right(routes.set(route, base)))
  }
  /** Merge.merge(defaults, first, second), its first concat taken from the route cache. */
  const merge = (first?: unknown, second?: unknown): Either<EndpointError, Options> =>
    typeof first === "string" ? chain(routeBase(first), (base) => Merge.withOptions(base, second, true)) : Merge.merge(defaults, first, second)
  const either = (first?: unknown, second?: unknown): Either<EndpointError, RequestOptions> => chain(merge(first, second), parse)
  const endpoint = ((first?: unknown, second?: unknown) => orThrow(either(first, second))) as unknown as Endpoint<D>
  Object.defineProperties(endpoint, {
    DEFAULTS: { value: DEFAULTS, enumerable: true },
    defaults: {
      // concat reads the keys of a caller's request object: a Proxy's trap may throw there
      value: (options: unknown): Endpoint => orThrow(chain(decode(options), (o) => attemptEither(() => derived(concat(defaults, o))))),
    },
    merge: { value: (first?: unknown, second?: unknown): Merged => encode(orThrow(merge(first, second))) as Merged },
    parse: { value: (options: unknown): RequestOptions => orThrow(chain(decode(options), parse)) },
    either: { value: either },
  })
  return endpoint
}

/** An endpoint over a frozen copy of new defaults. */
const derived = (o: Options): Either<EndpointError, Endpoint> => chain(frozenOptions(o), (copy) => right(make(copy)))

/**
 * An endpoint with the given defaults on top of the built-in ones.
 *
 * @example
 * import { withDefaults } from "fp-endpoint"
 *
 * const ghe = withDefaults({ baseUrl: "https://ghe.example/api/v3" })
 * ghe("GET /user").url // "https://ghe.example/api/v3/user"
 *
 * @since 0.1.0
 */
export const withDefaults = <const O extends Given>(options: O): Endpoint<BuiltInDefaults & O> =>
  endpoint.defaults(options)

/**
 * The endpoint with the built-in defaults.
 *
 * @example
 * import { endpoint } from "fp-endpoint"
 *
 * endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Bug" })
 * // { method: "post", url: "https://api.github.com/repos/octokit/rest.js/issues",
 * //   headers: { accept: "application/vnd.github.v3+json", "user-agent": "fp-endpoint/0.1.0",
 * //              "content-type": "application/json; charset=utf-8" },
 * //   body: { title: "Bug" } }
 *
 * @since 0.1.0
 */
export const endpoint: Endpoint = make(orThrow(chain(decode(BUILT_IN_DEFAULTS), frozenOptions)))

