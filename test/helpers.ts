// Helpers shared by the example tests.
import { expect } from "vitest"
import { EndpointError } from "../src/EndpointError.js"
import type { Either } from "fp-ts/lib/Either.js"
import { endpoint } from "../src/Endpoint.js"
import * as Merge from "../src/Merge.js"
import * as Options from "../src/Options.js"
import * as Parse from "../src/Parse.js"

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

// -------------------------------------------------------------------------------------
// the new core's API in the shapes the older tests used
// -------------------------------------------------------------------------------------


/** The value of an Either, or its Left thrown (an EndpointError). */
export const orThrow = <A>(ea: Either<unknown, A>): A => {
  if (ea._tag === "Left") throw ea.left
  return ea.right
}

/** Flat options decoded into the model; throws the EndpointError when they are invalid. */
export const decoded = (flat: unknown): Options.Options => orThrow(Options.decode(flat))

/** `Merge.merge` over the decoded built-in (or given) defaults: `endpoint.merge` as an Either of the model. */
export const mergeOver = (defaults: unknown, first?: unknown, second?: unknown): Either<EndpointError, Options.Options> => {
  const d = Options.decode(defaults)
  return d._tag === "Left" ? d : Merge.merge(d.right, first, second)
}

/** `Merge.merge` over `endpoint.DEFAULTS`. */
export const mergeDefaults = (first?: unknown, second?: unknown): Either<EndpointError, Options.Options> =>
  mergeOver(endpoint.DEFAULTS, first, second)

/** Flat options decoded, then parsed (what `Parse.parseUnknown` was). */
export const parseFlat = (flat: unknown): Either<EndpointError, Parse.RequestOptions> => {
  const d = Options.decode(flat)
  return d._tag === "Left" ? d : Parse.parse(d.right)
}

/** Flat options concatenated through the model: `encode(concatAll(flats.map(decode)))`. */
export const concatFlat = (...flats: ReadonlyArray<unknown>): Options.FlatOptions =>
  Options.encode(Options.concatAll(flats.map(decoded)))
