// Helpers shared by the example tests.
import { expect } from "vitest"
import { EndpointError } from "../src/EndpointError.js"

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
