// The bounded second-sight cache behind the template and route caches.
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { SecondSightCache } from "../src/internal/cache.js"

describe("SecondSightCache", () => {
  test("keeps a value only from the second sighting of its key", () => {
    const cache = new SecondSightCache<string, number>(4)
    expect(cache.offer("a", 1)).toBe(false)
    expect(cache.get("a")).toBeUndefined()
    expect(cache.offer("a", 2)).toBe(true)
    expect(cache.get("a")).toBe(2)
  })
  test("evicts the oldest entry first", () => {
    const cache = new SecondSightCache<string, number>(2)
    for (const k of ["a", "a", "b", "b", "c", "c"]) cache.offer(k, k.charCodeAt(0))
    expect(cache.get("a")).toBeUndefined()
    expect(cache.get("b")).toBe(98)
    expect(cache.get("c")).toBe(99)
  })
  test("never holds more than its size, whatever the sequence of offers", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 300 }), (size, keys) => {
        const cache = new SecondSightCache<number, number>(size)
        const model = new Map<number, number>()
        for (const k of keys) {
          if (cache.get(k) === undefined && cache.offer(k, k * 10)) model.set(k, k * 10)
          expect(cache.size).toBeLessThanOrEqual(size)
        }
        // whatever it still holds is what was offered for that key
        for (const [k, v] of model) {
          const got = cache.get(k)
          if (got !== undefined) expect(got).toBe(v)
        }
      }),
    )
  })
})
