/**
 * A request as a pipeline: data-last combinators over a `Draft` (the options
 * gathered so far, or the first error), ending in an
 * `Either<EndpointError, RequestOptions>`. Nothing here throws.
 *
 * @example
 * import { Request } from "fp-endpoint"
 * import { pipe } from "fp-ts/function"
 *
 * const result = pipe(
 *   Request.route("POST /repos/{owner}/{repo}/issues"),
 *   Request.params({ owner: "octokit", repo: "rest.js" }),
 *   Request.param("title", "Found a bug"),
 *   Request.authorization("token 0000"),
 *   Request.build,
 * )
 * // right({ method: "post", url: "https://api.github.com/repos/octokit/rest.js/issues", ... })
 *
 * @since 0.1.0
 */
import type * as E from "fp-ts/lib/Either.js"
import { decode, encode } from "./Codec.js"
import type { Endpoint, Merged, SuppliedBy } from "./Endpoint.js"
import { BUILT_IN_DEFAULTS } from "./Endpoint.js"
import { EndpointError, isEndpointError } from "./EndpointError.js"
import { kindOf, quote } from "./internal/describe.js"
import { attemptEither, chain, fail, right } from "./internal/either.js"
import { put } from "./internal/object.js"
import { dual } from "./internal/dual.js"
import * as Merge from "./Merge.js"
import { concat, empty as emptyOptions, type Options } from "./Options.js"
import { parse, type RequestOptions } from "./Parse.js"
import type { Placeholder, RequiredNames } from "./Params.js"
import type { Parsed } from "./Route.js"

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

declare const MissingParams: unique symbol
declare const DraftMethod: unique symbol

/**
 * Options gathered so far, or the first thing that went wrong. For a route
 * literal, `Missing` names the url's required placeholders that no step has
 * supplied yet: `build` accepts only a draft that misses none, so a forgotten
 * parameter is a compile error (`missing parameter: path`). `Method` is the
 * route's method as written, `string` when unknown; `build` lowercases it, as
 * `endpoint()` does. Both are phantom: at run time a draft is an fp-ts
 * `Either`.
 *
 * @example
 * import { Request } from "fp-endpoint"
 *
 * const draft: Request.Draft = Request.route("GET /user")
 * const exact: Request.Draft<"org", "GET"> = Request.route("GET /orgs/{org}")
 *
 * @since 0.1.0
 */
export type Draft<Missing extends string = never, Method extends string = string> = E.Either<EndpointError, Options> & {
  readonly [MissingParams]?: Missing
  readonly [DraftMethod]?: Method
}

/** A method as the result carries it: lowercase when known, else `string`. */
type Lower<M extends string> = string extends M ? string : Lowercase<M>

/** The method after options `P`: theirs when they set one, else `T`. */
type MethodAfter<T extends string, P> = P extends { readonly method: infer X extends string } ? X : T

/**
 * What `build` accepts: a draft `Draft<M, T>` when nothing is `Missing`;
 * else a type no draft has, which names the missing parameters in the
 * compiler's message, at the `build` step:
 * `Argument of type 'Draft<"path", "GET">' is not assignable to parameter of type '"missing parameter: path"'`.
 */
type Ready<Missing extends string, M extends string, T extends string> = [Missing] extends [never]
  ? Draft<M, T>
  : `missing parameter: ${Missing}`

/** What a value that is not a {@link Placeholder} is, as a message says it. */
type Kind<V> = V extends null
  ? "null"
  : V extends undefined
    ? "undefined"
    : V extends (...args: Array<any>) => unknown
      ? "a function"
      : V extends symbol
        ? "a symbol"
        : V extends Date
          ? "a Date"
          : V extends RegExp
            ? "a RegExp"
            : V extends ReadonlyMap<unknown, unknown>
              ? "a Map"
              : V extends ReadonlySet<unknown>
                ? "a Set"
                : V extends PromiseLike<unknown>
                  ? "a Promise"
                  : V extends ReadonlyArray<unknown>
                    ? "a list with a member that is not a string, number, boolean or bigint"
                    : "an object that is not a record of strings, numbers, booleans and bigints"

/**
 * What a draft must be for `param(name, value)` to apply: any draft, unless
 * `name` is a placeholder the draft still misses and `value` cannot fill it;
 * then a message that says what the value is, in the compiler's error at
 * that step: `parameter a: expected a string, number, boolean, bigint, list or record, got a Date`.
 */
type Fits<M extends string, T extends string, K extends string, V> = [K & M] extends [never]
  ? Draft<M, T>
  : [V] extends [Placeholder]
    ? Draft<M, T>
    : `parameter ${K & M}: expected a string, number, boolean, bigint, list or record, got ${Kind<Exclude<V, Placeholder>>}`

/** The `value` that `param(draft, name, value)` accepts: see {@link Fits}. */
type FitsValue<M extends string, K extends string, V> = [K & M] extends [never]
  ? V
  : [V] extends [Placeholder]
    ? V
    : `parameter ${K & M}: expected a string, number, boolean, bigint, list or record, got ${Kind<Exclude<V, Placeholder>>}`

// -------------------------------------------------------------------------------------
// constructors
// -------------------------------------------------------------------------------------

/**
 * A draft with nothing in it.
 *
 * @example
 * import { Request } from "fp-endpoint"
 * import { pipe } from "fp-ts/function"
 *
 * pipe(Request.empty, Request.with({ url: "/user" }), Request.build) // right({ method: "get", url: "https://api.github.com/user", ... })
 *
 * @since 0.1.0
 */
export const empty: Draft = /* @__PURE__ */ right(emptyOptions)

/**
 * A draft from validated options (the same shape `endpoint(options)` takes).
 *
 * @example
 * import { Request } from "fp-endpoint"
 *
 * Request.fromOptions({ url: "/user", headers: { "X-Trace": "1" } }) // right({ ...Options.empty, url: "/user", headers: { "x-trace": "1" } })
 * Request.fromOptions({ headers: 1 }) // left(EndpointError: headers: expected a plain object, got number)
 *
 * @since 0.1.0
 */
export const fromOptions = (options: unknown): Draft => decode(options)

/**
 * A draft from a route, `"<METHOD> <URL>"`, and optional parameters.
 *
 * @example
 * import { Request } from "fp-endpoint"
 *
 * Request.route("GET /orgs/{org}/repos", { org: "octokit" })
 * // right({ ...Options.empty, method: "GET", url: "/orgs/{org}/repos", params: { org: "octokit" } })
 *
 * @since 0.1.0
 */
export const route: {
  <R extends string>(route: R): Draft<RequiredNames<Parsed<R>["url"]>, Parsed<R>["method"]>
  <R extends string, const P extends object>(
    route: R,
    params: P,
  ): Draft<Exclude<RequiredNames<Parsed<R>["url"]>, SuppliedBy<P>>, Parsed<R>["method"]>
} = (route: string, params?: object): Draft => chain(Merge.fromRoute(route), (r) => Merge.withOptions(r, params, true))

// -------------------------------------------------------------------------------------
// combinators
// -------------------------------------------------------------------------------------

/**
 * Concatenates more options onto a draft (they win); dual.
 *
 * @example
 * import { Request } from "fp-endpoint"
 * import { pipe } from "fp-ts/function"
 *
 * pipe(Request.route("GET /user"), Request.with({ per_page: 100 }))
 * Request.with(Request.route("GET /user"), { per_page: 100 }) // the same
 *
 * @since 0.1.0
 */
export const with_: {
  <const P extends object>(
    options: P,
  ): <M extends string, T extends string>(self: Draft<M, T>) => Draft<Exclude<M, SuppliedBy<P>>, MethodAfter<T, P>>
  <M extends string, T extends string, const P extends object>(
    self: Draft<M, T>,
    options: P,
  ): Draft<Exclude<M, SuppliedBy<P>>, MethodAfter<T, P>>
} = /* @__PURE__ */ dual(2, (self: Draft, options: object): Draft => extend(self, () => options))
export { with_ as with }

/**
 * Concatenates the options `fragment()` returns onto a draft; whatever goes
 * wrong becomes a Left. A draft's url and method are set once (by `route`
 * or a first `with`): a later, different one is an error, as a route's are
 * for `endpoint()`.
 */
const extend = (self: Draft<string>, fragment: () => unknown): Draft =>
  onDraft(self, (o) => chain(attemptEither(() => decode(fragment())), (f) => chain(setOnce(o, f), (checked) => right(concat(o, checked)))))

const setOnce = (draft: Options, more: Options): E.Either<EndpointError, Options> => {
  for (const key of ["url", "method"] as const) {
    const [was, now] = [draft[key], more[key]]
    if (was !== undefined && now !== undefined && (key === "url" ? was !== now : was.toUpperCase() !== now.toUpperCase())) {
      return fail(key, `the draft has ${quote(was)}, the options give ${quote(now)}; a url and a method are set once (a body field of that name goes in data)`)
    }
  }
  return right(more)
}

const adding =
  <Args extends Array<any>>(fragment: (...args: Args) => object) =>
  (self: Draft<string>, ...args: Args): Draft<string> =>
    extend(self, () => fragment(...args))

/**
 * Adds parameters; dual.
 *
 * @example
 * import { Request } from "fp-endpoint"
 * import { pipe } from "fp-ts/function"
 *
 * pipe(Request.route("GET /repos/{owner}/{repo}"), Request.params({ owner: "o", repo: "r" }))
 *
 * @since 0.1.0
 */
export const params: {
  <const P extends object>(
    params: P,
  ): <M extends string, T extends string>(self: Draft<M, T>) => Draft<Exclude<M, SuppliedBy<P>>, MethodAfter<T, P>>
  <M extends string, T extends string, const P extends object>(
    self: Draft<M, T>,
    params: P,
  ): Draft<Exclude<M, SuppliedBy<P>>, MethodAfter<T, P>>
} = /* @__PURE__ */ dual(2, adding((params: object) => params))

/**
 * Adds one parameter; dual. A value for a placeholder the route still misses
 * must be a {@link Placeholder}: `Request.param("a", new Date())` does not
 * compile (`parameter a: expected a string, number, boolean, bigint, list or
 * record, got a Date`); any other parameter (a body field) takes any value.
 *
 * @example
 * import { Request } from "fp-endpoint"
 * import { pipe } from "fp-ts/function"
 *
 * pipe(Request.route("GET /user/repos"), Request.param("per_page", 100))
 *
 * @since 0.1.0
 */
export const param: {
  <K extends string, V>(
    name: K,
    value: V,
  ): <M extends string, T extends string>(self: Fits<M, T, K, V>) => Draft<Exclude<M, K>, T>
  <M extends string, T extends string, K extends string, V>(
    self: Draft<M, T>,
    name: K,
    value: FitsValue<M, K, V>,
  ): Draft<Exclude<M, K>, T>
} = /* @__PURE__ */ dual(3, adding((name: string, value: unknown) => pair(name, value)))

/**
 * Sets one header (names are case-insensitive); dual.
 *
 * @example
 * import { Request } from "fp-endpoint"
 * import { pipe } from "fp-ts/function"
 *
 * pipe(Request.route("GET /user"), Request.header("If-None-Match", '"etag"'))
 *
 * @since 0.1.0
 */
export const header: {
  (name: string, value: string | number): <M extends string, T extends string>(self: Draft<M, T>) => Draft<M, T>
  <M extends string, T extends string>(self: Draft<M, T>, name: string, value: string | number): Draft<M, T>
} = /* @__PURE__ */ dual(3, adding((name: string, value: string | number) => ({ headers: pair(name, value) })))

/**
 * Sets several headers; dual.
 *
 * @example
 * import { Request } from "fp-endpoint"
 * import { pipe } from "fp-ts/function"
 *
 * pipe(Request.route("GET /user"), Request.headers({ "x-a": "1", "x-b": 2 }))
 *
 * @since 0.1.0
 */
export const headers: {
  (headers: { readonly [name: string]: string | number | null | undefined }): <M extends string, T extends string>(self: Draft<M, T>) => Draft<M, T>
  <M extends string, T extends string>(self: Draft<M, T>, headers: { readonly [name: string]: string | number | null | undefined }): Draft<M, T>
} = /* @__PURE__ */ dual(2, adding((headers: object) => ({ headers })))

/**
 * Sets the `authorization` header, for example `"token <ACCESS_TOKEN>"`; dual.
 *
 * @example
 * import { Request } from "fp-endpoint"
 * import { pipe } from "fp-ts/function"
 *
 * pipe(Request.route("GET /user"), Request.authorization("token 0000"))
 *
 * @since 0.1.0
 */
export const authorization: {
  (value: string): <M extends string, T extends string>(self: Draft<M, T>) => Draft<M, T>
  <M extends string, T extends string>(self: Draft<M, T>, value: string): Draft<M, T>
} = /* @__PURE__ */ dual(2, adding((value: string) => ({ headers: { authorization: value } })))

/**
 * Sets the base url; dual.
 *
 * @example
 * import { Request } from "fp-endpoint"
 * import { pipe } from "fp-ts/function"
 *
 * pipe(Request.route("GET /user"), Request.baseUrl("https://ghe.example/api/v3"))
 *
 * @since 0.1.0
 */
export const baseUrl: {
  (baseUrl: string): <M extends string, T extends string>(self: Draft<M, T>) => Draft<M, T>
  <M extends string, T extends string>(self: Draft<M, T>, baseUrl: string): Draft<M, T>
} = /* @__PURE__ */ dual(2, adding((baseUrl: string) => ({ baseUrl })))

/**
 * Adds API previews (they concatenate); dual.
 *
 * @example
 * import { Request } from "fp-endpoint"
 * import { pipe } from "fp-ts/function"
 *
 * pipe(Request.route("GET /repos/{owner}/{repo}/topics"), Request.previews(["mercy"]))
 *
 * @since 0.1.0
 */
export const previews: {
  (previews: ReadonlyArray<string>): <M extends string, T extends string>(self: Draft<M, T>) => Draft<M, T>
  <M extends string, T extends string>(self: Draft<M, T>, previews: ReadonlyArray<string>): Draft<M, T>
} = /* @__PURE__ */ dual(2, adding((previews: ReadonlyArray<string>) => ({ mediaType: { previews } })))

/**
 * Sets the media type format (`raw`, `diff`, `text+json`, ...); dual.
 *
 * @example
 * import { Request } from "fp-endpoint"
 * import { pipe } from "fp-ts/function"
 *
 * pipe(Request.route("GET /repos/{owner}/{repo}/readme"), Request.format("raw"))
 *
 * @since 0.1.0
 */
export const format: {
  (format: string): <M extends string, T extends string>(self: Draft<M, T>) => Draft<M, T>
  <M extends string, T extends string>(self: Draft<M, T>, format: string): Draft<M, T>
} = /* @__PURE__ */ dual(2, adding((format: string) => ({ mediaType: { format } })))

/**
 * Sets the body directly; dual.
 *
 * @example
 * import { Request } from "fp-endpoint"
 * import { pipe } from "fp-ts/function"
 *
 * pipe(Request.route("POST /markdown/raw"), Request.data("# Title"), Request.header("content-type", "text/plain"))
 *
 * @since 0.1.0
 */
export const data: {
  (data: unknown): <M extends string, T extends string>(self: Draft<M, T>) => Draft<M, T>
  <M extends string, T extends string>(self: Draft<M, T>, data: unknown): Draft<M, T>
} = /* @__PURE__ */ dual(2, adding((data: unknown) => ({ data })))

/**
 * Sets `request`, meta information returned as it is; dual.
 *
 * @example
 * import { Request } from "fp-endpoint"
 * import { pipe } from "fp-ts/function"
 *
 * pipe(Request.route("GET /user"), Request.meta({ timeout: 5000 }))
 *
 * @since 0.1.0
 */
export const meta: {
  (request: { readonly [key: string]: unknown }): <M extends string, T extends string>(self: Draft<M, T>) => Draft<M, T>
  <M extends string, T extends string>(self: Draft<M, T>, request: { readonly [key: string]: unknown }): Draft<M, T>
} = /* @__PURE__ */ dual(2, adding((request: object) => ({ request })))

// -------------------------------------------------------------------------------------
// destructors
// -------------------------------------------------------------------------------------

/**
 * Builds the request options with the built-in defaults.
 *
 * @example
 * import { Request } from "fp-endpoint"
 * import { pipe } from "fp-ts/function"
 *
 * pipe(Request.route("GET /orgs/{org}/repos", { org: "octokit", per_page: 2 }), Request.build)
 * // right({ method: "get", url: "https://api.github.com/orgs/octokit/repos?per_page=2", headers: {...} })
 *
 * @since 0.1.0
 */
export const build: Build = ((self: Draft): E.Either<EndpointError, RequestOptions> =>
  buildWith(BUILT_IN_DEFAULTS)(self)) as unknown as Build

/** The type of {@link build}: a draft that misses nothing to request options with the draft's method, lowercased. */
type Build = <M extends string = never, T extends string = string>(
  self: Ready<M, M, T>,
) => E.Either<EndpointError, RequestOptions<Lower<T>>>

/**
 * Builds the request on top of the defaults of an endpoint (or of options
 * given as defaults). The defaults are validated like any options: an object
 * that merely looks like an endpoint cannot slip anything past the checks.
 *
 * @example
 * import { endpoint, Request } from "fp-endpoint"
 * import { pipe } from "fp-ts/lib/function.js"
 *
 * const ghe = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3" })
 * pipe(Request.route("GET /user"), Request.buildWith(ghe)) // right({ url: "https://ghe.example/api/v3/user", ... })
 *
 * @since 0.1.0
 */
export const buildWith: {
  <D extends object>(
    defaults: Endpoint<D>,
  ): <M extends string = never, T extends string = string>(
    self: Ready<Exclude<M, SuppliedBy<D>>, M, T>,
  ) => E.Either<EndpointError, RequestOptions<Lower<T>>>
  <const O extends object>(
    defaults: O,
  ): <M extends string = never, T extends string = string>(
    self: Ready<Exclude<M, SuppliedBy<O>>, M, T>,
  ) => E.Either<EndpointError, RequestOptions<Lower<T>>>
} = ((defaults: object) =>
  (self: Draft<string>): E.Either<EndpointError, RequestOptions> =>
    onDraft(self, (o) => chain(defaultsOf(defaults), (d) => parse(concat(d, o))))) as unknown as typeof buildWith

/**
 * The draft merged over the built-in defaults, as `endpoint.merge` gives it.
 *
 * @example
 * import { Request } from "fp-endpoint"
 * import { pipe } from "fp-ts/lib/function.js"
 *
 * pipe(Request.route("GET /orgs/{org}/repos"), Request.param("org", "octokit"), Request.merged)
 * // right({ method: "GET", url: "/orgs/{org}/repos", org: "octokit", ... })
 *
 * @since 0.1.0
 */
export const merged = (self: Draft): E.Either<EndpointError, Merged> =>
  onDraft(self, (o) => chain(defaultsOf(BUILT_IN_DEFAULTS), (d) => right(encode(concat(d, o)) as Merged)))

// -------------------------------------------------------------------------------------
// utils
// -------------------------------------------------------------------------------------

const pair = (name: string, value: unknown): Record<string, unknown> => {
  if (typeof name !== "string") throw new EndpointError("name", `expected string, got ${kindOf(name)}`) // caught by extend
  const o: Record<string, unknown> = {}
  put(o, name, value)
  return o
}

const onDraft = <A>(self: Draft<string>, f: (o: Options) => E.Either<EndpointError, A>): E.Either<EndpointError, A> =>
  attemptEither(() => {
    if (typeof self !== "object" || self === null) return fail("draft", `expected a Draft (an Either from Request), got ${kindOf(self)}`)
    if (self._tag === "Left" && isEndpointError(self.left)) return self as E.Either<EndpointError, A>
    if (self._tag === "Right") return chain(decode(self.right === emptyOptions ? {} : encode(self.right)), f)
    return fail("draft", "expected a Draft (an Either from Request)")
  })

/** An endpoint's `DEFAULTS`, or options given as defaults, validated. */
const defaultsOf = (d: object): E.Either<EndpointError, Options> => {
  const decoded = attemptEither(() => decode(typeof d === "function" ? (d as Endpoint).DEFAULTS : d))
  return decoded._tag === "Right" ? decoded : fail(`defaults.${decoded.left.path}`, decoded.left.problem)
}
