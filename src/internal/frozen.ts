// Deep, frozen copies of defaults, so that `DEFAULTS` and everything an endpoint
// remembers are immutable values that never alias a caller's objects.
import type { Either } from "fp-ts/lib/Either.js"
import type { EndpointError } from "../EndpointError.js"
import type { Options } from "../Options.js"
import { attemptEither, fail, orThrow, right } from "./either.js"
import { child } from "./describe.js"
import { isDense, isPlainObject, put } from "./object.js"

/**
 * A deep copy of plain objects and arrays, frozen. Class instances (an
 * `http.Agent` in `request`) are kept by reference and not frozen: freezing
 * them would change a caller's object. Iterative and cycle-aware; a sparse
 * array is an error (its declared length is not its size), and a getter that
 * throws is reported, not thrown.
 */
const checkedCopy = <A>(value: A, root = ""): Either<EndpointError, A> =>
  attemptEither(() => {
    const copies = new Map<object, object>()
    const pending: Array<[source: object, target: object, path: string]> = []
    const copyOf = (u: unknown, path: string): unknown => {
      if (!(Array.isArray(u) || isPlainObject(u))) return u
      const known = copies.get(u)
      if (known !== undefined) return known
      const fresh: object = Array.isArray(u) ? [] : {}
      copies.set(u, fresh)
      pending.push([u, fresh, path])
      return fresh
    }
    const copy = copyOf(value, root)
    while (pending.length > 0) {
      const [source, target, path] = pending.pop()!
      if (Array.isArray(source) && !isDense(source)) return fail(path, "a sparse array (with holes) cannot be a default")
      for (const key of Object.keys(source)) {
        const at = Array.isArray(source) ? `${path}[${key}]` : child(path, key)
        put(target as Record<string, unknown>, key, copyOf((source as Record<string, unknown>)[key], at))
      }
    }
    for (const copy of copies.values()) Object.freeze(copy)
    return right(copy as A)
  })

/** {@link checkedCopy} of a value known to be copyable. */
export const frozenCopy = <A>(value: A): A => orThrow(checkedCopy(value))

/**
 * Decoded options as an endpoint keeps them: every field deeply copied and
 * frozen, so `DEFAULTS` never aliases a caller's objects. Errors name the
 * field as the caller wrote it (`labels[2]`, `request.retries`).
 */
export const frozenOptions = (o: Options): Either<EndpointError, Options> => {
  const fields = { ...o }
  for (const key of ["headers", "mediaType", "data", "request", "params"] as const) {
    const copy = checkedCopy(o[key], key === "params" ? "" : key)
    if (copy._tag === "Left") return copy
    ;(fields as Record<string, unknown>)[key] = copy.right
  }
  return right(Object.freeze(fields))
}
