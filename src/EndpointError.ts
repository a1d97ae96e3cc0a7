/**
 * The one error this package throws or returns in a `Left`.
 *
 * @since 0.1.0
 */

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

/**
 * The registry of genuine errors, shared by every copy of the package loaded
 * in one process (the ES module and the CommonJS build), so `isEndpointError`
 * recognises an error from either copy. Membership is the brand: an object a
 * caller builds, whatever its prototype claims, is never in it.
 */
const REGISTRY_KEY = Symbol.for("fp-endpoint.EndpointError.registry")
const registry: WeakSet<object> = (() => {
  const holder = globalThis as unknown as Record<symbol, WeakSet<object> | undefined>
  const known = holder[REGISTRY_KEY]
  if (known instanceof WeakSet) return known
  const fresh = new WeakSet<object>()
  Object.defineProperty(globalThis, REGISTRY_KEY, { value: fresh })
  return fresh
})()

/**
 * Invalid input: `path` names the field (`headers.accept`, `url`, `owner`),
 * `problem` says what is wrong, and `message` is `path: problem`.
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
    registry.add(this)
  }
}

// -------------------------------------------------------------------------------------
// refinements
// -------------------------------------------------------------------------------------

/**
 * Whether `u` is an `EndpointError` made by this package (by any copy of it
 * in the process). Runs no code of `u`'s: a Proxy or an object whose
 * prototype imitates `EndpointError` is not one.
 *
 * @example
 * import { endpoint, isEndpointError } from "fp-endpoint"
 * import * as E from "fp-ts/lib/Either.js"
 *
 * const r = endpoint.either("GET /x/{")
 * E.isLeft(r) && isEndpointError(r.left) // true
 * isEndpointError(Object.create(Error.prototype)) // false
 *
 * @since 0.1.0
 */
export const isEndpointError = (u: unknown): u is EndpointError =>
  typeof u === "object" && u !== null && registry.has(u)
