// Helpers shared by the example tests.
import { expect } from "vitest"
import type { Either } from "fp-ts/lib/Either.js"
import { EndpointError, endpoint, Options } from "../src/index.js"

/** The EndpointError `f` throws; fails the test when it throws anything else or nothing. */
export const errorOf = (f: () => unknown): EndpointError => {
  try {
    f()
  } catch (e) {
    expect(e).toBeInstanceOf(EndpointError)
    return e as EndpointError
  }
  throw new Error("expected an EndpointError, nothing was thrown")
}

/** The value of an Either, or its Left thrown. */
export const orThrow = <A>(ea: Either<unknown, A>): A => {
  if (ea._tag === "Left") throw ea.left
  return ea.right
}

/** Flat options decoded into the model; throws the EndpointError when they are invalid. */
export const decoded = (flat: unknown): Options.Options => orThrow(Options.decode(flat))

/** The built-in defaults, decoded. */
export const builtIn = (): Options.Options => decoded(endpoint.DEFAULTS)
