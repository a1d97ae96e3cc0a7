// toRequestInit / toRequest cost follows the body's real size, never an array's declared length, and is
// bounded whatever a getter or Proxy hands out. Before, a POST whose JSON body held `new Array(2 ** 32 - 1)`
// took 56 s, and `JSON.stringify(new Array(2 ** 27))` aborted Node 20 itself. Now the JSON body is
// JSON.stringify's, whose replacer refuses an array's hole (it would be sent as null) when it meets it and
// stops after 2^21 values; an array too long for any JSON text is the platform's refusal, at once.
import * as E from "fp-ts/lib/Either.js"
import { describe, expect, it } from "vitest"
import {
  endpoint,
  EndpointError,
  type RequestOptions,
  toRequest,
  toRequestEither,
  toRequestInit,
  toRequestInitEither,
} from "../src/index.js"
import { errorOf } from "./helpers.js"

/** Generous: each case takes milliseconds; the guard only catches work that follows a declared length. */
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

describe("an array longer than its elements is refused at once", () => {
  it("the issue's case: a POST whose body holds new Array(2 ** 32 - 1)", () => {
    expect(refusal(endpoint("POST /x", { data: { items: huge() } })).path).toMatch(/^body/)
    expect(refusal(endpoint("POST /x", { items: huge() })).path).toMatch(/^body/)
  })

  it("at the root, nested in objects and arrays, returned by toJSON or a getter", () => {
    const cases: Array<unknown> = [
      huge(),
      { a: [1, { b: huge() }] },
      [[[huge()]]],
      { when: { toJSON: () => huge() } },
      {
        get lazy() {
          return { list: huge() }
        },
      },
      { toJSON: () => ({ inner: huge() }) },
    ]
    for (const body of cases) expect(refusal(post(body)).path).toMatch(/^body/)
  })

  it("whatever the position of the first hole: the work stops at it, within the real elements", () => {
    const tail: Array<unknown> = []
    tail[2 ** 32 - 2] = 1 // one element, at the last index
    const dense: Array<unknown> = Array.from({ length: 100_000 }, (_, i) => i)
    dense.length = 2 ** 28 // 100 000 elements, then holes
    for (const body of [tail, { dense }, new Array(2 ** 27)]) expect(refusal(post(body)).path).toMatch(/^body/)
    // a hole JSON can hold is one JSON would send as null: refused where it is
    expect(refusal(post({ small: [1, , 3] })).message).toBe("body.small[1]: an undefined would be sent as null") // eslint-disable-line no-sparse-arrays
    dense.length = 2 ** 32 - 1
    expect(refusal(post({ dense })).path).toMatch(/^body/)
  })

  it("a Proxy that claims a length no JSON text could hold is refused after a bounded look at its first indices", () => {
    let reads = 0
    const isIndex = (key: string | symbol) => typeof key === "string" && /^\d+$/.test(key)
    const claim = new Proxy([], {
      get: (target, key) => (key === "length" ? 2 ** 32 - 1 : (isIndex(key) && reads++, Reflect.get(target, key))),
      has: (_target, key) => (isIndex(key) && reads++, true),
    })
    expect(refusal(post({ claim })).path).toMatch(/^body/)
    expect(reads).toBeLessThanOrEqual(4 * 1024) // four adapters
  })
})

describe("the number of values serialised is bounded", () => {
  it("2^21 values are sent; one more is refused, naming where the count ran out", () => {
    const values = (n: number) => Array.from({ length: n - 1 }, () => 0) // the array itself is a value
    const [, init] = toRequestInit(post(values(2 ** 21)))
    expect((init.body as string).length).toBe(2 * (2 ** 21 - 1) + 1)
    const over = toRequestInitEither(post(values(2 ** 21 + 1)))
    expect(E.isLeft(over) && over.left.message).toBe(`body[${2 ** 21 - 1}]: more than ${2 ** 21} values to serialise`)
  })

  it("a Proxy that hands out a new wide object at each read is refused after 2^21 values, not after 100^5 (generous guard)", () => {
    const keys = Array.from({ length: 100 }, (_, i) => `k${i}`)
    const wide = (depth: number): object =>
      new Proxy(
        {},
        {
          ownKeys: () => keys,
          getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true, value: 1 }),
          get: () => (depth === 0 ? 1 : wide(depth - 1)),
        },
      )
    const start = performance.now()
    const result = toRequestInitEither(post(wide(5)))
    expect(performance.now() - start).toBeLessThan(10_000)
    expect(E.isLeft(result) && result.left.problem).toBe(`more than ${2 ** 21} values to serialise`)
    expect(E.isLeft(result) && result.left.path).toMatch(/^body(\.k\d+)+$/)
  })
})

describe("the characters serialised are bounded", () => {
  it("2^26 characters of strings and keys are sent; one more is refused, naming where the count ran out", () => {
    const [, init] = toRequestInit(post({ s: "x".repeat(2 ** 26 - 1) }))
    expect((init.body as string).length).toBe(2 ** 26 - 1 + 8) // {"s":"…"}
    const over = toRequestInitEither(post({ s: "x".repeat(2 ** 26) }))
    expect(E.isLeft(over) && over.left.message).toBe(`body.s: more than ${2 ** 26} characters of strings and keys to serialise`)
  })

  it("one string in many slots is counted once per slot: refused before JSON writes it past memory (generous guard)", () => {
    const start = performance.now()
    const result = toRequestInitEither(post(Array(400_000).fill("x".repeat(2 ** 14))))
    expect(performance.now() - start).toBeLessThan(GUARD_MS)
    expect(E.isLeft(result) && result.left.message).toBe(`body[4096]: more than ${2 ** 26} characters of strings and keys to serialise`)
  })
})

describe("other failures stay cheap", () => {
  it("a bigint deep in a large body names its key path; a cycle there is refused", () => {
    const rows: Array<Record<string, unknown>> = Array.from({ length: 50_000 }, (_, i) => ({ id: i }))
    rows[49_999]!.id = 1n
    expect(refusal(post({ rows })).message).toBe("body.rows[49999].id: a bigint cannot be serialised as JSON")
    rows[49_999]!.id = rows
    const cycle = refusal(post({ rows }))
    expect([cycle.path, cycle.problem]).toEqual([expect.stringMatching(/^body/), expect.stringMatching(/circular/)])
  })

  it("a getter that throws past a wide object is refused within the guard, saying what failed", () => {
    const wide: Record<string, unknown> = {}
    for (let i = 0; i < 200_000; i++) wide[`k${i}`] = i
    Object.defineProperty(wide, "last", {
      enumerable: true,
      get: () => {
        throw new Error("boom")
      },
    })
    expect(refusal(post(wide)).message).toBe("body: cannot be serialised as JSON (Error: boom)")
  })

  it("nesting past the stack, however it is built, is an EndpointError, not a RangeError or a hang", () => {
    // an own getter that makes a new object each time it is read: endless, and never a cycle
    const endless = (): object => Object.defineProperty({}, "next", { enumerable: true, get: endless })
    let deep: unknown = 1
    for (let i = 0; i < 100_000; i++) deep = [deep]
    for (const body of [endless(), deep]) expect(refusal(post(body)).path).toMatch(/^body/)
  })

  it("a large dense body still serialises, in time linear in its size", () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({ id: i, name: `n${i}`, tags: ["a", "b"], at: new Date(0) }))
    const start = performance.now()
    const [, init] = toRequestInit(post({ rows }))
    expect(performance.now() - start).toBeLessThan(GUARD_MS)
    expect(init.body).toBe(JSON.stringify({ rows }))
  })
})
