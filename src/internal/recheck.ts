// Options in the model's form checked again, for entries that take them from anyone: a draft, the
// defaults given to `Merge.merge`, the options given to `Parse.parse`.
import type { Either } from "fp-ts/lib/Either.js"
import type { EndpointError } from "../EndpointError.js"
import { child, shown } from "./describe.js"
import { fail, left, toEndpointError } from "./either.js"
import { has, isPlainObject, own, put } from "./object.js"
import { decode, fieldSemigroups, isReserved, RESERVED_KEYS, type Options } from "../Options.js"

/**
 * Options decoded again from their flat form, each field and parameter read once (a getter that answered a check
 * differently from the build cannot pass one and inject in the other; a forged list is read by the codec, which
 * bounds it): the parameters, then each field that is set. A key that is no field (`repo` beside `params`) or a
 * parameter named as an option would be lost or become that option, and is refused.
 */
export const recheck = (o: Options): Either<EndpointError, Options> => {
  let reading = "options" // where a getter or Proxy trap that throws stands
  try {
    const params: unknown = isPlainObject(o) ? own(o, "params") : undefined // own: a polluted Object.prototype supplies nothing
    if (!isPlainObject(o) || !isPlainObject(params)) return fail("options", "expected options in the model's form, with params (Options.decode makes them)")
    const stray = Object.keys(o).find((key) => !has(fieldSemigroups, key))
    if (stray !== undefined) return fail(shown(stray), "is no field of Options: a parameter goes in params")
    const flat: Record<string, unknown> = {}
    for (reading of Object.keys(params)) {
      if (isReserved(reading)) return fail(child("params", reading), "is named as an option: an option goes in its own field")
      put(flat, reading, params[reading])
    }
    for (reading of RESERVED_KEYS) {
      const value = own(o, reading)
      if (value !== undefined) put(flat, reading, value) // defined: a setter someone added to Object.prototype receives nothing
    }
    return decode(flat)
  } catch (e) {
    return left(toEndpointError(e, shown(reading)))
  }
}
