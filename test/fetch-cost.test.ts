// toRequestInit / toRequest cost follows the body's real size, never an array's declared length.
// Before, a POST whose JSON body held `new Array(2 ** 32 - 1)` took 56 s (JSON.stringify wrote
// "null" 2 ** 32 - 1 times until the string overflowed, then a search for the field walked every
// index again), and `JSON.stringify(new Array(2 ** 27))` aborts Node 20 itself (a V8 check fails,
// the process dies). Now the replacer refuses a sparse array when it meets it, and a search after
// a failure reads a bounded number of values.
import { describe, expect, it } from "vitest"
import * as E from "fp-ts/lib/Either.js"
import { endpoint, EndpointError, toRequest, toRequestEither, toRequestInit, toRequestInitEither, type RequestOptions } from "../src/index.js"
import { errorOf } from "./helpers.js"

/** Generous: each case takes a few milliseconds; the guard only catches work that follows a declared length. */
const GUARD_MS = 3_000

const post = (body: unknown): RequestOptions => ({
  method: "post",
  url: "http://127.0.0.1/x",
  headers: { "content-type": "application/json" },
  body,
})

/** The EndpointError every adapter gives for `options`, each within the guard. */
const refusal = (options: RequestOptions): EndpointError => {
  const errors: Array<EndpointError> = []
  for (const adapter of [toRequestInit, toRequest]) {
    const start = performance.now()
    errors.push(errorOf(() => adapter(options)))
    expect(performance.now() - start).toBeLessThan(GUARD_MS)
  }
  for (const adapter of [toRequestInitEither, toRequestEither]) {
    const start = performance.now()
    const result = adapter(options)
    expect(performance.now() - start).toBeLessThan(GUARD_MS)
    expect(E.isLeft(result) && result.left).toBeInstanceOf(EndpointError)
    if (E.isLeft(result)) errors.push(result.left)
  }
  expect(new Set(errors.map((e) => e.message)).size).toBe(1)
  return errors[0]!
}

const huge = () => new Array(2 ** 32 - 1)

const SPARSE = "a sparse array (with holes) cannot be serialised as JSON"

describe("a sparse array anywhere in a JSON body is refused when it is met", () => {
  it("the issue's case: a POST whose body holds new Array(2 ** 32 - 1)", () => {
    expect(refusal(endpoint("POST /x", { data: { items: huge() } })).message).toBe(`body.items: ${SPARSE}`)
    expect(refusal(endpoint("POST /x", { items: huge() })).message).toBe(`body.items: ${SPARSE}`)
  })

  it("at the root, nested in objects and arrays, returned by toJSON or a getter", () => {
    const cases: Array<[unknown, string]> = [
      [huge(), "body"],
      [{ a: [1, { b: huge() }] }, "body.a[1].b"],
      [[[[huge()]]], "body[0][0][0]"],
      [{ when: { toJSON: () => huge() } }, "body.when"],
      [{ get lazy() { return { list: huge() } } }, "body.lazy.list"],
      [{ toJSON: () => ({ inner: huge() }) }, "body.inner"],
    ]
    for (const [body, path] of cases) expect(refusal(post(body)).message).toBe(`${path}: ${SPARSE}`)
  })

  it("whatever the position of the first hole: the work stops at it, within the real elements", () => {
    const tail: Array<unknown> = []
    tail[2 ** 32 - 2] = 1 // one element, at the last index
    const dense: Array<unknown> = Array.from({ length: 100_000 }, (_, i) => i)
    dense.length = 2 ** 28 // 100 000 elements, then holes
    const small = [1, , 3] // eslint-disable-line no-sparse-arrays
    for (const [body, path] of [[tail, "body"], [{ dense }, "body.dense"], [{ small }, "body.small"]] as const) {
      expect(refusal(post(body)).message).toBe(`${path}: ${SPARSE}`)
    }
    // past 2 ** 28 elements no JSON text fits in a string: only the first 1024 indices are looked at
    dense.length = 2 ** 32 - 1
    expect(refusal(post({ dense })).message).toBe("body.dense: an array of 4294967295 elements is too long to serialise as JSON")
  })

  it("a Proxy that claims a length no JSON text could hold is refused after a bounded look at its first indices", () => {
    let reads = 0
    const isIndex = (key: string | symbol) => typeof key === "string" && /^\d+$/.test(key)
    const claim = new Proxy([], {
      get: (target, key) => (key === "length" ? 2 ** 32 - 1 : (isIndex(key) && reads++, Reflect.get(target, key))),
      has: (_target, key) => (isIndex(key) && reads++, true),
    })
    expect(refusal(post({ claim })).message).toBe("body.claim: an array of 4294967295 elements is too long to serialise as JSON")
    expect(reads).toBeLessThanOrEqual(4 * 1024) // four adapters
  })
})

describe("other failures stay cheap", () => {
  it("a cycle or a bigint deep in a large body names the field", () => {
    const rows: Array<Record<string, unknown>> = Array.from({ length: 50_000 }, (_, i) => ({ id: i }))
    rows[49_999]!.id = 1n
    expect(refusal(post({ rows })).message).toBe("body.rows[49999].id: a bigint cannot be serialised as JSON")
    rows[49_999]!.id = rows
    expect(refusal(post({ rows })).message).toBe("body.rows[49999].id: a circular reference cannot be serialised as JSON")
  })

  it("a getter that throws past a wide object: the search is bounded, and the error says what failed", () => {
    const wide: Record<string, unknown> = {}
    for (let i = 0; i < 200_000; i++) wide[`k${i}`] = i
    Object.defineProperty(wide, "last", { enumerable: true, get: () => { throw new Error("boom") } })
    // the search reads 10 000 values of the innermost open object, and gives up on the field
    expect(refusal(post(wide)).message).toBe("body: cannot be serialised as JSON (Error: boom)")
    // nearer the start, it finds it
    expect(refusal(post({ a: 1, get b() { throw new Error("boom") } })).message).toBe("body.b: reading it failed (Error: boom)")
  })

  it("nesting past 1000 levels, however it is built, stops at the limit", () => {
    // an own getter that makes a new object each time it is read: endless, and never a cycle
    const endless = (): object => Object.defineProperty({}, "next", { enumerable: true, get: endless })
    let deep: unknown = 1
    for (let i = 0; i < 100_000; i++) deep = [deep]
    for (const body of [endless(), deep]) {
      const e = refusal(post(body))
      expect(e.problem).toBe("nested too deeply to serialise as JSON")
      expect(e.path).toMatch(/^body(\.next|\[0\])+[.[0]*…[next.[\]0]+$/) // the field, then its last keys
    }
  })

  it("a large dense body still serialises, in time linear in its size", () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({ id: i, name: `n${i}`, tags: ["a", "b"], at: new Date(0) }))
    const start = performance.now()
    const [, init] = toRequestInit(post({ rows }))
    expect(performance.now() - start).toBeLessThan(GUARD_MS)
    expect(init.body).toBe(JSON.stringify({ rows }))
  })
})
