/** fp-endpoint: REST routes plus parameters to plain request options, with defaults that form a lawful Monoid.
 * @since 0.1.0
 */
export { endpoint, withDefaults, BUILT_IN_DEFAULTS } from "./Endpoint.js"
export type {
  Endpoint,
  EndpointOptions,
  BuiltInDefaults,
  Defaulted,
  SuppliedBy,
  OptionsFor,
  MergedAs,
  Merged,
} from "./EndpointTypes.js"
export type { SchemaOptions, SchemaRoute, Typed } from "./Typed.js"
export type { Scalar, Placeholder, Names, NamesOf, Params, ParamsOfNames, RequiredNames } from "./Params.js"
export { EndpointError, isEndpointError } from "./EndpointError.js"
export type { RequestOptions } from "./Parse.js"
export type { FlatOptions } from "./Codec.js"
export { VERSION } from "./version.js"

export * as Route from "./Route.js"
export * as Options from "./Options.js"
export * as Merge from "./Merge.js"
export * as Parse from "./Parse.js"
export * as Template from "./Template.js"
export * as Pipeline from "./Pipeline.js"
export * as CommandLine from "./CommandLine.js"
export {
  toRequest,
  toRequestInit,
  toRequestEither,
  toRequestInitEither,
  type FetchArgs,
  type FetchInit,
} from "./Fetch.js"
