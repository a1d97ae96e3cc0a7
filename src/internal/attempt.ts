// The boundary between the throwing internals and the Either / throwing public API.
// Internally, validation throws EndpointError (no allocation on the happy path);
// every public entry runs through `attempt` or `run`, so nothing but an
// EndpointError ever leaves the library.

import type { Either } from "fp-ts/lib/Either.js"
import { EndpointError } from "../EndpointError.js"

// fp-ts' Either values, built here: importing its constructors would bring the
// whole Either module (with its module-level calls) into every browser bundle.
const left = <E>(e: E): Either<E, never> => ({ _tag: "Left", left: e })
const right = <A>(a: A): Either<never, A> => ({ _tag: "Right", right: a })

/**
 * The problem text of an EndpointError made from a foreign exception: a
 * getter or Proxy trap of a caller's object that threw while it was read.
 */
export const FOREIGN = "reading the input failed"

/**
 * `instanceof` that cannot throw: on a thrown Proxy, `instanceof` runs the
 * Proxy's `getPrototypeOf` trap, which may throw in its turn.
 */
const isInstance = (e: unknown, C: abstract new (...args: never) => unknown): boolean => {
  try {
    return e instanceof C
  } catch {
    return false
  }
}

/** Any thrown value as an EndpointError. Never throws, whatever was thrown. */
export const toEndpointError = (e: unknown): EndpointError => {
  if (isInstance(e, EndpointError)) return e as EndpointError
  if (isInstance(e, RangeError)) return new EndpointError("", "input nested too deeply")
  const detail = errorText(e)
  return new EndpointError("", detail === undefined ? FOREIGN : `${FOREIGN} (${detail})`)
}

/**
 * `"<name>: <message>"` of a thrown Error, at most 200 characters; `undefined`
 * for anything else, or when reading it throws. Never throws.
 */
export const errorText = (e: unknown): string | undefined => {
  try {
    if (!isInstance(e, Error)) return undefined
    const { name, message } = e as Error
    return `${String(name)}: ${String(message)}`.slice(0, 200)
  } catch {
    return undefined
  }
}

/** Runs `f`; an EndpointError (or anything else thrown) becomes a Left. */
export const attempt = <A>(f: () => A): Either<EndpointError, A> => {
  try {
    return right(f())
  } catch (e) {
    return left(toEndpointError(e))
  }
}

/** Runs `f`; rethrows anything thrown as an EndpointError. */
export const run = <A>(f: () => A): A => {
  try {
    return f()
  } catch (e) {
    throw toEndpointError(e)
  }
}
