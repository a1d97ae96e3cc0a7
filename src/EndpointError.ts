/** The one error this package throws, or returns in a `Left`.
 * @since 0.1.0
 */
import { escapeControls, sliceWhole } from "./internal/describe.js"

// The genuine errors, in a registry that every copy of the package in one process shares (the
// ES module and the CommonJS build). Membership is the brand: no object has it by accident; code
// that reaches the registry on purpose can add one, and what the package throws is still its own.
const KEY = Symbol.for("fp-endpoint.EndpointError.registry")
const registry = ((holder: { [KEY]?: unknown }): WeakSet<object> => {
  if (holder[KEY] instanceof WeakSet) return holder[KEY]
  const fresh = new WeakSet<object>()
  Object.defineProperty(holder, KEY, { value: fresh })
  return fresh
})(globalThis as { [KEY]?: unknown })

/** The longest path an error keeps: its first 60 characters and its last ones, where the problem is. */
const MAX_PATH = 200

/** A path cut to {@link MAX_PATH}: one 100 000 levels deep still names its field and the key where it failed. */
const boundedPath = (path: string): string =>
  path.length > MAX_PATH ? `${sliceWhole(path, 0, 60)}…${sliceWhole(path, path.length + 61 - MAX_PATH)}` : path

/** Invalid input: `path` names the field (`headers.accept`, `url`, `owner`),
 * `problem` says what is wrong, and `message` is `path: problem`.
 * @example
 * import { endpoint, EndpointError } from "fp-endpoint"
 * try {
 *   endpoint({ method: "GET" })
 * } catch (e) {
 *   e instanceof EndpointError // true
 *   ;(e as EndpointError).message // "url: required, got nothing"
 * }
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
    // what the package names is escaped already; text from elsewhere (a caller's own EndpointError) is escaped here
    const [p, q] = [boundedPath(escapeControls(String(path))), escapeControls(String(problem))]
    super(p === "" ? q : `${p}: ${q}`)
    this.path = p
    this.problem = q
    registry.add(this)
  }
}

/** Whether `u` is an `EndpointError` made by this package (by any copy of it
 * in the process). Runs no code of `u`'s: an object whose prototype imitates
 * `EndpointError` is not one.
 * @example
 * import { endpoint, isEndpointError } from "fp-endpoint"
 * const r = endpoint.either("GET /x/{")
 * r._tag === "Left" && isEndpointError(r.left) // true
 * isEndpointError(Object.create(Error.prototype)) // false
 * @since 0.1.0
 */
export const isEndpointError = (u: unknown): u is EndpointError => typeof u === "object" && u !== null && registry.has(u)
