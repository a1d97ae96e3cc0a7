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
import * as E from "fp-ts/lib/Either.js"
import type { Endpoint, SuppliedBy } from "./Endpoint.js"
import { BUILT_IN_DEFAULTS } from "./Endpoint.js"
import { EndpointError } from "./EndpointError.js"
import { kindOf } from "./internal/describe.js"
import { put } from "./internal/object.js"
import { attempt } from "./internal/attempt.js"
import { dual } from "./internal/dual.js"
import { combine, fresh, type Merged } from "./Merge.js"
import { normalise, Semigroup, type Options } from "./Options.js"
import { build as buildOptions, type RequestOptions } from "./Parse.js"
import type { Placeholder, RequiredNames } from "./Params.js"
import { parseOrThrow, type Parsed } from "./Route.js"

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
 * pipe(Request.empty, Request.url("/user"), Request.build) // right({ method: "get", url: "https://api.github.com/user", ... })
 *
 * @since 0.1.0
 */
export const empty: Draft = /* @__PURE__ */ E.right({})

/**
 * A draft from validated options (the same shape `endpoint(options)` takes).
 *
 * @example
 * import { Request } from "fp-endpoint"
 *
 * Request.fromOptions({ url: "/user", headers: { "X-Trace": "1" } }) // right({ url: "/user", headers: { "x-trace": "1" } })
 * Request.fromOptions({ headers: 1 }) // left(EndpointError: headers: expected a plain object, got number)
 *
 * @since 0.1.0
 */
export const fromOptions = (options: unknown): Draft => attempt(() => normalise(options))

/**
 * A draft from a route, `"<METHOD> <URL>"`, and optional parameters.
 *
 * @example
 * import { Request } from "fp-endpoint"
 *
 * Request.route("GET /orgs/{org}/repos", { org: "octokit" })
 * // right({ method: "GET", url: "/orgs/{org}/repos", org: "octokit" })
 *
 * @since 0.1.0
 */
export const route: {
  <R extends string>(route: R): Draft<RequiredNames<Parsed<R>["url"]>>
  <R extends string, const P extends object>(
    route: R,
    params: P,
  ): Draft<Exclude<RequiredNames<Parsed<R>["url"]>, SuppliedBy<P>>>
} = (route: string, params?: object): Draft =>
  attempt(() => {
    const { method, url } = parseOrThrow(route)
    const base: Options = { method, url }
    return params === undefined ? base : Semigroup.concat(base, normalise(params))
  })

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

/** Concatenates the options `fragment()` returns onto a draft; whatever goes wrong becomes a Left. */
const extend = (self: Draft<string>, fragment: () => unknown): Draft =>
  onDraft(self, (o) => attempt(() => Semigroup.concat(o, normalise(fragment()))))

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
 * Builds the request options on top of an endpoint's defaults (or any options).
 *
 * @example
 * import { Request, endpoint } from "fp-endpoint"
 * import { pipe } from "fp-ts/function"
 *
 * const ghe = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3" })
 * pipe(Request.route("GET /user"), Request.buildWith(ghe)) // right({ ..., url: "https://ghe.example/api/v3/user" })
 *
 * @since 0.1.0
 */
export const buildWith: {
  <D extends object>(defaults: Endpoint<D>): (self: Draft<SuppliedBy<D>>) => E.Either<EndpointError, RequestOptions>
  <const O extends object>(defaults: O): (self: Draft<SuppliedBy<O>>) => E.Either<EndpointError, RequestOptions>
} =
  (defaults: object) =>
  (self: Draft<string>): E.Either<EndpointError, RequestOptions> =>
    onDraft(self, (o) => attempt(() => buildOptions(combine(defaultsOf(defaults), undefined, o))))

/**
 * The merged (not parsed) options with the built-in defaults, checked so that
 * `Parse.parse` on them is total.
 *
 * @example
 * import { Request, Parse } from "fp-endpoint"
 * import * as E from "fp-ts/Either"
 * import { pipe } from "fp-ts/function"
 *
 * pipe(Request.route("GET /user"), Request.merged, E.map(Parse.parse))
 *
 * @since 0.1.0
 */
export const merged = (self: Draft): E.Either<EndpointError, Merged> =>
  onDraft(self, (o) =>
    attempt(() => {
      const m = combine(BUILT_IN_DEFAULTS, undefined, o)
      buildOptions(m)
      return fresh(m) as Merged
    }),
  )

// -------------------------------------------------------------------------------------
// utils
// -------------------------------------------------------------------------------------

const pair = (name: string, value: unknown): Record<string, unknown> => {
  if (typeof name !== "string") throw new EndpointError("name", `expected string, got ${kindOf(name)}`)
  const o: Record<string, unknown> = {}
  put(o, name, value)
  return o
}

/** Runs `f` on a draft's options; a value that is not a draft becomes a Left instead of a TypeError. */
const onDraft = <A>(self: Draft<string>, f: (o: Options) => E.Either<EndpointError, A>): E.Either<EndpointError, A> =>
  E.flatten(
    attempt(() => {
      if (typeof self !== "object" || self === null) {
        throw new EndpointError("draft", `expected a Draft (an Either from Request), got ${kindOf(self)}`)
      }
      if (self._tag === "Left" && self.left instanceof EndpointError) return self as E.Either<EndpointError, A>
      if (self._tag === "Right") return f(self.right)
      throw new EndpointError("draft", "expected a Draft (an Either from Request)")
    }),
  )

const defaultsOf = (d: object): Options => (typeof d === "function" ? (d as Endpoint).DEFAULTS : normalise(d))
