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
  test("weighed: never over its budget, keeps what fits, and evicts the oldest to make room", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 40 })), { maxLength: 300 }),
        (size, budget, offers) => {
          const cache = new SecondSightCache<number, string>(size, budget)
          // a model of the kept entries, oldest first
          let model: Array<[key: number, weight: number]> = []
          for (const [k, w] of offers) {
            if (cache.get(k) !== undefined) continue
            const kept = cache.offer(k, `${k}/${w}`, w)
            if (kept) {
              expect(w).toBeLessThanOrEqual(budget)
              model.push([k, w])
              // the cache evicted from the front until the new entry fitted
              while (model.length > size || model.reduce((t, [, x]) => t + x, 0) > budget) model = model.slice(1)
            } else if (w > budget) {
              expect(cache.get(k)).toBeUndefined()
            }
            expect(cache.size).toBeLessThanOrEqual(size)
            expect(cache.weight).toBeLessThanOrEqual(budget)
            expect(cache.weight).toBe(model.reduce((t, [, x]) => t + x, 0))
            expect(cache.size).toBe(model.length)
            for (const [key, weight] of model) expect(cache.get(key)).toBe(`${key}/${weight}`)
          }
        },
      ),
    )
  })
  test("the slot a kept key leaves in the seen-once ring is the first reused: no live key is evicted for it", () => {
    const cache = new SecondSightCache<string, number>(3)
    cache.offer("a", 1) // a seen once
    cache.offer("a", 1) // kept; its seen-once slot is now empty
    cache.offer("b", 2)
    cache.offer("c", 3)
    // the ring's oldest slot (a's, emptied) is reused without touching b or c
    cache.offer("d", 4)
    expect(cache.offer("b", 2)).toBe(true)
    expect(cache.offer("c", 3)).toBe(true)
  })
})
