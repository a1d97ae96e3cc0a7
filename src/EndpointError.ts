/** The one error this package throws, or returns in a `Left`.
 * @since 0.1.0
 */
import { cut, escaped } from "./internal/describe.js"

// Every copy of the package in a process (its ES and CommonJS builds) shares one registry of the
// errors it made, so that each copy recognises the others' and no other object passes for one.
const KEY = Symbol.for("fp-endpoint.EndpointError")
const holder = globalThis as { [KEY]?: WeakSet<object> }
const registry: WeakSet<object> = holder[KEY] ?? new WeakSet()
if (holder[KEY] === undefined) Object.defineProperty(holder, KEY, { value: registry })

/** Invalid input: `path` names the field (`headers.accept`, `owner`), `problem` says what is
 * wrong, and `message` is `path: problem` (the problem alone when the path is empty).
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
    const [p, q] = [escaped(cut(String(path), 200)), escaped(String(problem))]
    super(p === "" ? q : `${p}: ${q}`)
    this.path = p
    this.problem = q
    registry.add(this)
  }
}

/** Whether `u` is an `EndpointError` that this package (any copy of it in the process) made.
 * Runs no code of `u`'s: an object whose prototype imitates `EndpointError` is not one.
 * @example
 * import { endpoint, isEndpointError } from "fp-endpoint"
 * const r = endpoint.either("GET /x/{")
 * r._tag === "Left" && isEndpointError(r.left) // true
 * isEndpointError(Object.create(Error.prototype)) // false
 * @since 0.1.0
 */
export const isEndpointError = (u: unknown): u is EndpointError =>
  typeof u === "object" && u !== null && registry.has(u)
