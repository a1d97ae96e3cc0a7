// Combining large options stays linear however V8's object spread behaves.
//
// A file of its own, so that these are the first combinations this module instance makes: V8
// (Node 20) copies `{ ...a, ...b }` very slowly, and ever more slowly per key, at a spread that has
// met only one shape of ordinary object `a` (bench/v8-objects.mjs). A module that other tests had
// already driven through many shapes would hide that. The times are guards against blow-up
// (2 s, where the spread took about 5 s and the build now takes a few hundred milliseconds at most), not timings.
import { describe, expect, test } from "vitest"
import { endpoint, Options } from "../src/index.js"

// V8 keeps objects of up to about a thousand keys in fast mode; the slow copy is of those
const SIZE = 1000
const large = (prefix: string): Record<string, unknown> =>
  Object.fromEntries(Array.from({ length: SIZE }, (_, i) => [`${prefix}${i}`, i]))

/** Milliseconds `f` takes. */
const timed = (f: () => void): number => {
  const start = performance.now()
  f()
  return performance.now() - start
}

describe("combining large options", () => {
  // the slow copy is in optimised code: each test first makes enough small combinations of one
  // shape for V8 to optimise it (a spread at such a spot took 5 s for the large combinations here)
  test("endpoint.merge with 1000 parameters, 200 times: linear, not quadratic", () => {
    for (let i = 0; i < 5_000; i++) endpoint.merge("POST /x", { a: 1, b: 2 })
    const options = large("q")
    let merged: Record<string, unknown> = {}
    const ms = timed(() => {
      for (let i = 0; i < 200; i++) merged = endpoint.merge("POST /x", options)
    })
    expect(merged.q999).toBe(999)
    expect(Object.keys(merged)).toHaveLength(4 + 1 + SIZE) // method, baseUrl, headers, mediaType, url
    expect(ms).toBeLessThan(2000)
  })

  test("Options.concat of an ordinary object and 1000 keys, 200 times at one spot: linear, not quadratic", () => {
    const first: Options.Options = { method: "GET", url: "/x" }
    const small: Options.Options = { a: 1, b: 2 }
    for (let i = 0; i < 20_000; i++) Options.concat(first, small)
    const second = large("p")
    let out: Options.Options = {}
    const ms = timed(() => {
      for (let i = 0; i < 200; i++) out = Options.concat(first, second)
    })
    expect(Object.keys(out)).toEqual(["method", "url", ...Object.keys(second)])
    expect(ms).toBeLessThan(2000)
  })

  test("concat carries what a spread carries: each value read once, symbol keys after string keys, the second's winning", () => {
    const s = Symbol("s")
    const t = Symbol("t")
    const reads: Array<string> = []
    const first = { get a() { reads.push("first.a"); return { x: 1 } }, [s]: "first", [t]: "first" } as unknown as Options.Options
    const second = { b: 2, get a() { reads.push("second.a"); return { y: 2 } }, [t]: "second" } as unknown as Options.Options
    const out = Options.concat(first, second)
    expect(Reflect.ownKeys(out)).toEqual(["a", "b", s, t])
    expect(out).toEqual({ a: { x: 1, y: 2 }, b: 2, [s]: "first", [t]: "second" })
    expect(reads).toEqual(["first.a", "second.a"])
    // both identities, symbols included
    expect(Options.concat({}, first as Options.Options)).toEqual(Options.concat(first, {}))
  })

  test("concat leaves out a key that a getter hides or deletes before its turn, as a spread does", () => {
    const first: Record<string, unknown> = {
      get x() {
        delete first.y
        return 1
      },
      y: 2,
    }
    expect(Object.keys(Options.concat(first as Options.Options, { z: 1 }))).toEqual(["x", "z"])
    const second: Record<string, unknown> = {
      get x() {
        Object.defineProperty(second, "y", { enumerable: false })
        return 1
      },
      y: 2,
    }
    expect(Options.concat({ a: 0 }, second as Options.Options)).toEqual({ a: 0, x: 1 })
  })
})
