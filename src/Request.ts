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

/**
 * Options gathered so far, or the first thing that went wrong. For a route
 * literal, `Missing` names the url's required placeholders that no step has
 * supplied yet: `build` accepts only a draft that misses none, so a forgotten
 * parameter is a compile error. The type is phantom: at run time a draft is
 * an fp-ts `Either`.
 *
 * @example
 * import { Request } from "fp-endpoint"
 *
 * const draft: Request.Draft = Request.route("GET /user")
 *
 * @since 0.1.0
 */
export type Draft<Missing extends string = never> = E.Either<EndpointError, Options> & {
  readonly [MissingParams]?: Missing
}

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
  <R extends string>(route: R): Draft<RequiredNames<Parsed<R>["url"]>>
  <R extends string, const P extends object>(
    route: R,
    params: P,
  ): Draft<Exclude<RequiredNames<Parsed<R>["url"]>, SuppliedBy<P>>>
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
  <const P extends object>(options: P): <M extends string>(self: Draft<M>) => Draft<Exclude<M, SuppliedBy<P>>>
  <M extends string, const P extends object>(self: Draft<M>, options: P): Draft<Exclude<M, SuppliedBy<P>>>
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
  <const P extends object>(params: P): <M extends string>(self: Draft<M>) => Draft<Exclude<M, SuppliedBy<P>>>
  <M extends string, const P extends object>(self: Draft<M>, params: P): Draft<Exclude<M, SuppliedBy<P>>>
} = /* @__PURE__ */ dual(2, adding((params: object) => params))

/**
 * Adds one parameter; dual.
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
  <K extends string>(name: K, value: Placeholder): <M extends string>(self: Draft<M>) => Draft<Exclude<M, K>>
  <M extends string, K extends string>(self: Draft<M>, name: K, value: Placeholder): Draft<Exclude<M, K>>
  (name: string, value: unknown): <M extends string>(self: Draft<M>) => Draft<M>
  <M extends string>(self: Draft<M>, name: string, value: unknown): Draft<M>
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
  (name: string, value: string | number): <M extends string>(self: Draft<M>) => Draft<M>
  <M extends string>(self: Draft<M>, name: string, value: string | number): Draft<M>
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
  (headers: { readonly [name: string]: string | number | null | undefined }): <M extends string>(self: Draft<M>) => Draft<M>
  <M extends string>(self: Draft<M>, headers: { readonly [name: string]: string | number | null | undefined }): Draft<M>
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
  (value: string): <M extends string>(self: Draft<M>) => Draft<M>
  <M extends string>(self: Draft<M>, value: string): Draft<M>
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
  (baseUrl: string): <M extends string>(self: Draft<M>) => Draft<M>
  <M extends string>(self: Draft<M>, baseUrl: string): Draft<M>
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
  (previews: ReadonlyArray<string>): <M extends string>(self: Draft<M>) => Draft<M>
  <M extends string>(self: Draft<M>, previews: ReadonlyArray<string>): Draft<M>
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
  (format: string): <M extends string>(self: Draft<M>) => Draft<M>
  <M extends string>(self: Draft<M>, format: string): Draft<M>
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
  (data: unknown): <M extends string>(self: Draft<M>) => Draft<M>
  <M extends string>(self: Draft<M>, data: unknown): Draft<M>
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
  (request: { readonly [key: string]: unknown }): <M extends string>(self: Draft<M>) => Draft<M>
  <M extends string>(self: Draft<M>, request: { readonly [key: string]: unknown }): Draft<M>
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
export const build = (self: Draft): E.Either<EndpointError, RequestOptions> => buildWith(BUILT_IN_DEFAULTS)(self)

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
  <D extends object>(defaults: Endpoint<D>): (self: Draft<SuppliedBy<D>>) => E.Either<EndpointError, RequestOptions>
  <const O extends object>(defaults: O): (self: Draft<SuppliedBy<O>>) => E.Either<EndpointError, RequestOptions>
} =
  (defaults: object) =>
  (self: Draft<string>): E.Either<EndpointError, RequestOptions> =>
    onDraft(self, (o) => chain(defaultsOf(defaults), (d) => parse(concat(d, o))))

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
