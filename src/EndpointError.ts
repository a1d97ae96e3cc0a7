/**
 * The one error fp-endpoint raises. Every invalid input ends here, with a
 * message that names the field path and the problem.
 *
 * @since 0.1.0
 */

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

/**
 * An invalid input. `path` names the field (`headers.accept`, `url`, `route`),
 * `problem` says what was wrong; `message` is `"<path>: <problem>"`.
 *
 * @example
 * import { endpoint, EndpointError } from "fp-endpoint"
 *
 * try {
 *   endpoint({ method: "GET" })
 * } catch (e) {
 *   e instanceof EndpointError // true
 *   ;(e as EndpointError).message // "url: required, got nothing"
 * }
 *
 * @since 0.1.0
 */
export class EndpointError extends Error {
  /** @since 0.1.0 */
  readonly _tag = "EndpointError" as const
  /** @since 0.1.0 */
  override readonly name = "EndpointError" as const
  /** @since 0.1.0 */
  readonly path: string
  /** @since 0.1.0 */
  readonly problem: string

  constructor(path: string, problem: string) {
    super(path === "" ? problem : `${path}: ${problem}`)
    this.path = path
    this.problem = problem
  }
}

// -------------------------------------------------------------------------------------
// refinements
// -------------------------------------------------------------------------------------

/**
 * Whether a value is an `EndpointError`.
 *
 * @example
 * import { isEndpointError, EndpointError } from "fp-endpoint"
 *
 * isEndpointError(new EndpointError("url", "required")) // true
 * isEndpointError(new Error("x")) // false
 *
 * @since 0.1.0
 */
export const isEndpointError = (u: unknown): u is EndpointError => u instanceof EndpointError
