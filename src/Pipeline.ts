/** A request as a pipeline, `pipe(Pipeline.route(...), Pipeline.param(...), Pipeline.build)`: dual steps
 * over a `Draft`, an `Either` of flat options, each step a `concat` of a small fragment, ending in the
 * endpoint's own `either`. Nothing here throws.
 * @since 0.1.0
 */
import * as E from "#fp-ts/Either.js"
import type * as Ei from "fp-ts/lib/Either.js"
import { decode, encode, isReserved, type FlatOptions } from "./Codec.js"
import { BUILT_IN_DEFAULTS, endpoint } from "./Endpoint.js"
import { EndpointError, isEndpointError } from "./EndpointError.js"
import type { Endpoint, KnownMethod, Merged, SuppliedBy } from "./EndpointTypes.js"
import { kindOf, quote } from "./internal/describe.js"
import { attempt } from "./internal/read.js"
import { concat } from "./Options.js"
import type { Placeholder, RequiredNames } from "./Params.js"
import type { RequestOptions } from "./Parse.js"
import * as Route from "./Route.js"
import type { Parsed } from "./Route.js"

declare const Phantom: unique symbol
/** Options gathered so far, or the first error; the phantom types carry the placeholders still `Missing` and the
 * `Method`.
 * @example
 * import { Pipeline } from "fp-endpoint"
 * const draft: Pipeline.Draft<"org", "GET"> = Pipeline.route("GET /orgs/{org}")
 * @since 0.1.0
 */
export type Draft<Missing extends string = never, Method extends string = string> = Ei.Either<
  EndpointError,
  FlatOptions
> & {
  readonly [Phantom]?: { readonly missing: Missing; readonly method: Method }
}

type Step<Args extends Array<unknown>> = {
  (...args: Args): <M extends string = never, T extends string = string>(self: Draft<M, T>) => Draft<M, T>
  <M extends string = never, T extends string = string>(self: Draft<M, T>, ...args: Args): Draft<M, T>
}
type Supply = {
  <const P extends object>(
    options: P,
  ): <M extends string = never, T extends string = string>(
    self: FitsAll<M, P, KeepsMethod<T, P, Draft<M, T>>>,
  ) => Added<M, T, P>
  <M extends string = never, T extends string = string, const P extends object = object>(
    self: Draft<M, T>,
    options: FitsAll<M, P, KeepsMethod<T, P, P>>,
  ): Added<M, T, P>
}
type Added<M extends string, T extends string, P> = Draft<
  Exclude<M, SuppliedBy<P>>,
  P extends { readonly method: infer X extends string } ? X : T
>
/** `Ok`, unless `K` is a placeholder the draft misses and `V` cannot fill it: then the compiler's message leads with
 * it. */
type Fits<M extends string, K extends string, V, Ok> = [K & M] extends [never]
  ? Ok
  : [V] extends [Placeholder]
    ? Ok
    : `parameter ${K & M}: expected a string, number, boolean, bigint, list or record`
type KeepsMethod<T extends string, P, Ok> = P extends { readonly method: infer X extends string }
  ? string extends X | T
    ? Ok
    : Uppercase<X> extends Uppercase<T>
      ? Ok
      : `method: the route fixed it to ${T}`
  : Ok
type FitsAll<M extends string, P, Ok> =
  Unfit<M, P> extends infer K extends string
    ? [K] extends [never]
      ? Ok
      : Fits<M, K, Exclude<P[K & keyof P], undefined | null>, Ok>
    : Ok
type Unfit<M extends string, P> = {
  [K in keyof P & M]: [Exclude<P[K], undefined | null>] extends [Placeholder] ? never : K
}[keyof P & M]
type Build<Supplied extends string = never> = <M extends string = never, T extends string = string>(
  self: [Exclude<M, Supplied>] extends [never] ? Draft<M, T> : `missing parameter: ${Exclude<M, Supplied>}`,
) => Ei.Either<EndpointError, RequestOptions<string extends T ? string : Lowercase<T>>>

/** The draft's options with a fragment's on top. A url or method, once set, stays: another is an error. */
const extend = (self: Draft<string>, fragment: () => Ei.Either<EndpointError, unknown>): Draft =>
  attempt(
    (): Draft => {
      if (typeof self !== "object" || self === null || (self._tag !== "Right" && self._tag !== "Left")) {
        return E.left(new EndpointError("draft", `expected a Draft (an Either of options), got ${kindOf(self)}`))
      }
      if (self._tag === "Left")
        return E.left(
          isEndpointError(self.left)
            ? self.left
            : new EndpointError("draft", "expected a Draft (an Either of options)"),
        )
      const [draft, given] = [decode(self.right), E.flatMap(decode)(fragment())]
      if (E.isLeft(draft) || E.isLeft(given))
        return E.left(E.isLeft(draft) ? draft.left : (given as Ei.Left<EndpointError>).left)
      const { url, method } = draft.right
      if (url !== undefined && given.right.url !== undefined && given.right.url !== url)
        return moved("url", url, given.right.url)
      if (
        method !== undefined &&
        given.right.method !== undefined &&
        given.right.method.toUpperCase() !== method.toUpperCase()
      ) {
        return moved("method", method, given.right.method)
      }
      return E.right(encode(concat(draft.right, { ...given.right, method: method ?? given.right.method })))
    },
    () => "draft",
  )

const moved = (key: string, was: string, now: string): Draft =>
  E.left(
    new EndpointError(
      key,
      `set to ${quote(was)} already, a step gives ${quote(now)}; a body field of that name goes in data`,
    ),
  )

/** A {@link Step} that adds the options `fragment(...args)` makes, from its `arity` arguments (data-last), or
 * from a draft and them (data-first). */
const step = <Args extends Array<unknown>>(
  arity: number,
  fragment: (...args: Args) => Ei.Either<EndpointError, object>,
): Step<Args> =>
  ((...args: Array<unknown>) =>
    args.length > arity
      ? extend(args[0] as Draft<string>, () => fragment(...(args.slice(1) as Args)))
      : (self: Draft<string>) => extend(self, () => fragment(...(args as Args)))) as never

/** `{ [name]: value }`, the key defined (`__proto__` too), in a fragment; a name that is no string is an error. */
const entry = (name: string, value: unknown, field = "options"): Ei.Either<EndpointError, object> =>
  typeof name === "string"
    ? E.right(Object.fromEntries([[name, value]]))
    : E.left(new EndpointError(field, `expected a name, got ${kindOf(name)}`))
/** A one-argument {@link Step} whose fragment cannot fail. */
const setting = <A>(fragment: (a: A) => object): Step<[A]> => step(1, (a: A) => E.right(fragment(a)))

/** A draft with nothing in it.
 * @example
 * import { Pipeline } from "fp-endpoint"
 * Pipeline.build(Pipeline.with(Pipeline.empty, { url: "/user" }))
 * // right({ method: "get", url: "https://api.github.com/user", ... })
 * @since 0.1.0
 */
export const empty: Draft = E.right({})

/** A draft from a route, `"<METHOD> <URL>"`, and optional parameters.
 * @example
 * import { Pipeline } from "fp-endpoint"
 * Pipeline.route("GET /orgs/{org}/repos", { org: "octokit" })
 * // right({ method: "GET", url: "/orgs/{org}/repos", org: "octokit" })
 * @since 0.1.0
 */
export const route = <R extends string, const P extends object = {}>(
  route: KnownMethod<R, R>,
  params?: FitsAll<RequiredNames<Parsed<R>["url"]>, P, KeepsMethod<Parsed<R>["method"], P, P>>,
): Draft<RequiredNames<Parsed<R>["url"], SuppliedBy<P>>, Parsed<R>["method"]> =>
  E.flatMap(({ method, url }: Route.Route) => extend(E.right({ method, url }), () => E.right(params ?? {})))(
    Route.parse(route),
  )

/** Adds options, which win over the draft's; `params` is the same step, named for what it is mostly for.
 * @example
 * import { Pipeline } from "fp-endpoint"
 * Pipeline.params(Pipeline.route("GET /repos/{owner}/{repo}"), { owner: "octokit", repo: "rest.js", per_page: 100 })
 * @since 0.1.0
 */
export const with_: Supply = setting((options: object) => options) as never
export { with_ as params, with_ as with }

/** Adds one parameter; an option's name (`baseUrl`, `headers`, …) is an `EndpointError`: a parameter never sets an
 * option.
 * @example
 * import { Pipeline } from "fp-endpoint"
 * Pipeline.param(Pipeline.route("GET /user/repos"), "per_page", 100)
 * @since 0.1.0
 */
export const param: {
  <K extends string, V>(
    name: K,
    value: V,
  ): <M extends string = never, T extends string = string>(self: Fits<M, K, V, Draft<M, T>>) => Draft<Exclude<M, K>, T>
  <M extends string = never, T extends string = string, K extends string = string, V = unknown>(
    self: Draft<M, T>,
    name: K,
    value: Fits<M, K, V, V>,
  ): Draft<Exclude<M, K>, T>
} = step(2, (name: string, value: unknown) =>
  isReserved(name)
    ? E.left(new EndpointError(name, "is an option, not a parameter: set it with Pipeline.with, or its own step"))
    : entry(name, value, "name"),
) as never

/** Sets one header (names are case-insensitive).
 * @example
 * import { Pipeline } from "fp-endpoint"
 * Pipeline.header(Pipeline.route("GET /user"), "If-None-Match", '"etag"')
 * @since 0.1.0
 */
export const header: Step<[name: string, value: string | number]> = step(2, (name, value) =>
  E.map((h: object) => ({ headers: h }))(entry(name, value, "name")),
)

/** Sets several headers; `null` removes one, a default one included.
 * @example
 * import { Pipeline } from "fp-endpoint"
 * Pipeline.headers(Pipeline.route("GET /user"), { "x-a": "1", "user-agent": null })
 * @since 0.1.0
 */
export const headers: Step<[headers: { readonly [name: string]: string | number | null | undefined }]> = setting(
  (headers) => ({ headers }),
)

/** Sets the `authorization` header, for example `"token <ACCESS_TOKEN>"`.
 * @example
 * import { Pipeline } from "fp-endpoint"
 * Pipeline.authorization(Pipeline.route("GET /user"), "token 0000")
 * @since 0.1.0
 */
export const authorization: Step<[value: string]> = setting((value) => ({ headers: { authorization: value } }))

/** Sets the base url.
 * @example
 * import { Pipeline } from "fp-endpoint"
 * Pipeline.baseUrl(Pipeline.route("GET /user"), "https://ghe.example/api/v3")
 * @since 0.1.0
 */
export const baseUrl: Step<[baseUrl: string]> = setting((baseUrl) => ({ baseUrl }))

/** Adds API previews to those the draft has.
 * @example
 * import { Pipeline } from "fp-endpoint"
 * Pipeline.previews(Pipeline.route("GET /repos/{owner}/{repo}/topics"), ["mercy"])
 * @since 0.1.0
 */
export const previews: Step<[previews: ReadonlyArray<string>]> = setting((previews) => ({ mediaType: { previews } }))

/** Sets the media type format (`raw`, `diff`, `text+json`, ...).
 * @example
 * import { Pipeline } from "fp-endpoint"
 * Pipeline.format(Pipeline.route("GET /repos/{owner}/{repo}/readme"), "raw")
 * @since 0.1.0
 */
export const format: Step<[format: string]> = setting((format) => ({ mediaType: { format } }))

/** Sets the body directly.
 * @example
 * import { Pipeline } from "fp-endpoint"
 * Pipeline.data(Pipeline.route("POST /markdown/raw"), "# Title")
 * @since 0.1.0
 */
export const data: Step<[data: unknown]> = setting((data) => ({ data }))

/** Sets `request`, meta information the result carries as it is.
 * @example
 * import { Pipeline } from "fp-endpoint"
 * Pipeline.meta(Pipeline.route("GET /user"), { timeout: 5000 })
 * @since 0.1.0
 */
export const meta: Step<[request: { readonly [key: string]: unknown }]> = setting((request) => ({ request }))

/** An endpoint over defaults given as an endpoint (its `DEFAULTS`) or as options; errors name them `defaults`. */
const endpointFor = (defaults: object): Ei.Either<EndpointError, Endpoint> =>
  attempt(
    () =>
      E.tryCatch(
        () => endpoint.defaults(typeof defaults === "function" ? (defaults as Endpoint).DEFAULTS : defaults),
        (e) =>
          new EndpointError(
            isEndpointError(e) && e.path !== "options" ? `defaults.${e.path}` : "defaults",
            isEndpointError(e) ? e.problem : "invalid",
          ),
      ),
    () => "defaults",
  )

/** Builds the request options with an endpoint (its defaults), or with options as `endpoint.defaults(options)` takes
 * them.
 * @example
 * import { endpoint, Pipeline } from "fp-endpoint"
 * Pipeline.buildWith(endpoint.defaults({ baseUrl: "https://ghe.example/api/v3" }))(Pipeline.route("GET /user"))
 * @since 0.1.0
 */
export const buildWith: {
  <D extends object>(defaults: Endpoint<D>): Build<SuppliedBy<D>>
  <const O extends object>(defaults: O): Build<SuppliedBy<O>>
} = ((defaults: object) => {
  const over = endpointFor(defaults)
  return (self: Draft<string>) =>
    E.isLeft(over) ? over : E.flatMap((o: FlatOptions) => over.right.either(o))(extend(self, () => E.right({})))
}) as never

/** Builds the request options on the built-in defaults.
 * @example
 * import { Pipeline } from "fp-endpoint"
 * Pipeline.build(Pipeline.route("GET /orgs/{org}/repos", { org: "octokit" }))
 * // right({ method: "get", url: "https://api.github.com/orgs/octokit/repos", ... })
 * @since 0.1.0
 */
export const build: Build = buildWith(BUILT_IN_DEFAULTS)

/** The draft merged over the built-in defaults, as `endpoint.merge` gives it.
 * @example
 * import { Pipeline } from "fp-endpoint"
 * Pipeline.merged(Pipeline.route("GET /orgs/{org}/repos", { org: "octokit" }))
 * // right({ method: "GET", url: "/orgs/{org}/repos", org: "octokit", ... })
 * @since 0.1.0
 */
export const merged = (self: Draft<string>): Ei.Either<EndpointError, Merged> =>
  E.flatMap((o: FlatOptions) =>
    E.tryCatch(
      () => endpoint.merge(o as never) as Merged,
      (e) => e as EndpointError,
    ),
  )(extend(self, () => E.right({})))
