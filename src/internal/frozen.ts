// Deep frozen copies of defaults, so that `DEFAULTS` and whatever an endpoint remembers are
// immutable values that never alias a caller's objects.
import type { Either } from "fp-ts/lib/Either.js"
import { EndpointError } from "../EndpointError.js"
import type { Options } from "../Options.js"
import { childOf } from "./describe.js"
import { fail, left, right, toEndpointError } from "./either.js"
import { isArray, isDense, isPlainObject, isReplacing, put, REPLACING } from "./object.js"

const MAX_OBJECTS = 2 ** 17

/**
 * A deep copy of plain objects (a replacing record stays one) and arrays, frozen. Class instances (an `http.Agent` in
 * `request`) are kept by reference and not frozen: they are the caller's. Iterative and
 * cycle-aware; a sparse array is an error, and a getter that throws is reported.
 */
export const frozenCopy = <A>(value: A, root = ""): Either<EndpointError, A> => {
  let reading = root // where a getter or Proxy trap that throws stands
  try {
    const copies = new Map<object, Record<string, unknown>>()
    const pending: Array<[source: Record<string, unknown>, copy: Record<string, unknown>, path: string]> = []
    const copyOf = (u: unknown, path: string): unknown => {
      if (!isArray(u) && !isPlainObject(u)) return u // isArray: false for a revoked Proxy, an opaque value kept by reference
      let copy = copies.get(u)
      if (copy === undefined) {
        // a getter may hand out a new object at each read, for ever: the copy stops at a bound no real default reaches
        if (copies.size >= MAX_OBJECTS) throw new EndpointError(path, `defaults may hold at most ${MAX_OBJECTS} objects and arrays`)
        const made: Record<string, unknown> = isArray(u) ? ([] as never) : isReplacing(u) ? Object.create(REPLACING) : {}
        copies.set(u, (copy = made))
        pending.push([u as Record<string, unknown>, made, path])
      }
      return copy
    }
    const top = copyOf(value, root)
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      const [source, copy, path] = next
      const list = isArray(source)
      reading = path
      if (list && !isDense(source)) return fail(path, "a sparse array (with holes) cannot be a default")
      for (const key of Object.keys(source)) {
        reading = childOf(path, key, list)
        put(copy, key, copyOf(source[key], reading))
      }
    }
    copies.forEach((copy) => Object.freeze(copy))
    return right(top as A)
  } catch (e) {
    return left(toEndpointError(e, reading))
  }
}

/** Decoded options as an endpoint keeps them: every field a frozen deep copy, errors named as the caller wrote them. */
export const frozenOptions = (o: Options): Either<EndpointError, Options> => {
  const fields: Record<string, unknown> = {}
  for (const key of Object.keys(o) as Array<keyof Options>) {
    const copy = frozenCopy(o[key], key === "params" ? "" : key)
    if (copy._tag === "Left") return copy
    put(fields, key, copy.right)
  }
  return right(Object.freeze(fields) as unknown as Options)
}
