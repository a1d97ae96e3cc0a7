// Deep, frozen copies of defaults, so that `DEFAULTS` and everything an endpoint
// remembers are immutable values that never alias a caller's objects.
import type { Either } from "fp-ts/lib/Either.js"
import type { EndpointError } from "../EndpointError.js"
import { attemptEither, fail, orThrow, right } from "./either.js"
import { isDense, isPlainObject, put } from "./object.js"

/**
 * A deep copy of plain objects and arrays, frozen. Class instances (an
 * `http.Agent` in `request`) are kept by reference and not frozen: freezing
 * them would change a caller's object. Iterative and cycle-aware; a sparse
 * array is an error (its declared length is not its size), and a getter that
 * throws is reported, not thrown.
 */
export const checkedCopy = <A>(value: A): Either<EndpointError, A> =>
  attemptEither(() => {
    const copies = new Map<object, object>()
    const pending: Array<[object, object]> = []
    const copyOf = (u: unknown): unknown => {
      if (!(Array.isArray(u) || isPlainObject(u))) return u
      const known = copies.get(u)
      if (known !== undefined) return known
      const fresh: object = Array.isArray(u) ? [] : {}
      copies.set(u, fresh)
      pending.push([u, fresh])
      return fresh
    }
    const root = copyOf(value)
    while (pending.length > 0) {
      const [source, target] = pending.pop()!
      if (Array.isArray(source) && !isDense(source)) return fail("defaults", "a sparse array (with holes) cannot be a default")
      for (const key of Object.keys(source)) put(target as Record<string, unknown>, key, copyOf((source as Record<string, unknown>)[key]))
    }
    for (const copy of copies.values()) Object.freeze(copy)
    return right(root as A)
  })

/** {@link checkedCopy} of a value known to be copyable. */
export const frozenCopy = <A>(value: A): A => orThrow(checkedCopy(value))
