/** Routes typed from an OpenAPI schema: `paths` as openapi-typescript writes it (`paths[url][method]`, with
 * `parameters.path` and `parameters.query`, and `requestBody.content[type]`). A typed endpoint is the same
 * function at run time (`endpoint as Typed<paths>`): types only.
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import type { FlatOptions } from "./Codec.js"
import type { EndpointError } from "./EndpointError.js"
import type {
  BuiltInDefaults,
  Defaulted,
  Endpoint,
  Given,
  LowerHeaders,
  MergedAs,
  SuppliedBy,
} from "./EndpointTypes.js"
import type { RequestOptions } from "./Parse.js"

type Method = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace"
type Defined<T> = Exclude<T, undefined>

/** The routes of a schema, `"<METHOD> <url>"`, one for each operation it declares.
 * @example
 * import type { SchemaRoute } from "fp-endpoint"
 * type R = SchemaRoute<{ "/user": { get: {}; patch: {} } }> // "GET /user" | "PATCH /user"
 * @since 0.1.0
 */
export type SchemaRoute<P> = {
  [U in keyof P & string]: {
    [M in keyof P[U] & Method]-?: [Defined<P[U][M]>] extends [never] ? never : `${Uppercase<M>} ${U}`
  }[keyof P[U] & Method]
}[keyof P & string]

/** A route's url, with an optional `{?…}` query expression after the schema's url (for a query beside a body). */
type UrlOf<R extends string> = R extends `${string} ${infer U}`
  ? U extends `${infer Base}{?${string}}`
    ? Base
    : U
  : never
type MethodOf<R extends string> = R extends `${infer M} ${string}` ? M : never
type Operation<P, R extends string> =
  UrlOf<R> extends infer U extends keyof P
    ? Lowercase<MethodOf<R>> extends infer M extends keyof P[U]
      ? Defined<P[U][M]>
      : never
    : never
/** The route itself when the schema declares it (a query expression after its url allowed), else the message shown. */
type InSchema<P, R extends string> =
  `${MethodOf<R>} ${UrlOf<R>}` extends SchemaRoute<P> ? R : `not a route of the schema: ${R}`

type ParametersIn<O, K extends string> = O extends { readonly parameters: infer Ps }
  ? Defined<Ps extends { readonly [P in K]?: infer X } ? X : never>
  : never
type Record0<T> = [T] extends [never] ? {} : T
/** The JSON body's type, or the first content type's, or `never` when there is no body. */
type BodyOf<O> = O extends { readonly requestBody?: infer B }
  ? Defined<B> extends { readonly content: infer C }
    ? C extends { readonly "application/json": infer J }
      ? J
      : C[keyof C]
    : never
  : never
type RequiredBody<O> = O extends { readonly requestBody: object } ? true : false
/** A JSON object body's fields are the call's parameters (optional when the body is); any other body is `data`. */
type BodyPart<O, B = BodyOf<O>> = [B] extends [never]
  ? {}
  : B extends object
    ? B extends ReadonlyArray<unknown>
      ? Data<O, B>
      : (RequiredBody<O> extends true ? B : Partial<B>) & { readonly data?: B }
    : Data<O, B>
type Data<O, B> = RequiredBody<O> extends true ? { readonly data: B } : { readonly data?: B }

/** What may be given beside the schema's parameters: the options that are no parameter. */
interface Reserved {
  readonly method?: string | undefined
  readonly url?: string | undefined
  readonly baseUrl?: string | undefined
  readonly headers?: FlatOptions["headers"]
  readonly mediaType?: FlatOptions["mediaType"]
  readonly request?: FlatOptions["request"]
}

/** The options of a typed call: path parameters (optional when the defaults supply them), query parameters,
 * the JSON body's fields or `data`, and the options; no other key.
 * @example
 * import type { SchemaOptions } from "fp-endpoint"
 * type paths = { "/users/{user}": { get: { parameters: { path: { user: string }; query?: { per_page?: number } } } } }
 * const o: SchemaOptions<paths, "GET /users/{user}"> = { user: "octocat", per_page: 2 }
 * @since 0.1.0
 */
export type SchemaOptions<P, R extends string, D = BuiltInDefaults> =
  Operation<P, R> extends infer O
    ? Omit<Record0<ParametersIn<O, "path">>, SuppliedBy<D>> &
        Partial<Pick<Record0<ParametersIn<O, "path">>, SuppliedBy<D> & keyof Record0<ParametersIn<O, "path">>>> &
        Record0<ParametersIn<O, "query">> &
        BodyPart<O> &
        Reserved
    : never
/** The options argument: optional when nothing in it is required. */
type OptionsArg<P, R extends string, D> =
  {} extends SchemaOptions<P, R, D> ? [options?: SchemaOptions<P, R, D>] : [options: SchemaOptions<P, R, D>]

/** An endpoint whose routes are those of an OpenAPI schema's `paths` type: path and query parameters and the
 * JSON body's fields checked at compile time, unknown parameters refused. The same function at run time.
 * @example
 * import { endpoint, type Typed } from "fp-endpoint"
 * type paths = { "/repos/{owner}/{repo}/issues": { post: { parameters: { path: { owner: string; repo: string } };
 *   requestBody: { content: { "application/json": { title: string; body?: string } } } } } }
 * const api = endpoint as Typed<paths>
 * api("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Bug" }).method // "post"
 * @since 0.1.0
 */
export interface Typed<P, D extends object = BuiltInDefaults> {
  <R extends string>(route: InSchema<P, R>, ...options: OptionsArg<P, R, D>): RequestOptions<Lowercase<MethodOf<R>>>
  /** The current defaults, deeply frozen. */
  readonly DEFAULTS: D
  /** A new typed endpoint whose defaults are `concat(DEFAULTS, options)`. */
  defaults<const O extends Given>(options: O): Typed<P, Defaulted<D, LowerHeaders<O>>>
  /** Defaults, route and options merged, not parsed. */
  merge<R extends string>(route: InSchema<P, R>, ...options: OptionsArg<P, R, D>): MergedAs<MethodOf<R>, UrlOf<R>>
  /** Merged options to request options; reads no defaults. */
  parse: Endpoint<D>["parse"]
  /** The call as an `Either`: never throws. */
  either<R extends string>(
    route: InSchema<P, R>,
    ...options: OptionsArg<P, R, D>
  ): Either<EndpointError, RequestOptions<Lowercase<MethodOf<R>>>>
}
