// The user's design card, proven: Options form a lawful Monoid, decode is
// idempotent, defaults() is literal concatenation, endpoint = parse ∘ merge.
import fc from "fast-check"
import * as E from "fp-ts/lib/Either.js"
import { describe, expect, test } from "vitest"
import { endpoint, EndpointError, Options } from "../../src/index.js"
import { isReplacing, isReservedKey, normalise } from "../../src/Options.js"
import { NOT_A_TOKEN, tokenCase } from "../../src/internal/token.js"
import { build, buildLayered, LARGE, markImmutable } from "../../src/Parse.js"
import { arbRawOptions, arbRoute, deepFreeze } from "./arbitraries.js"

const RUNS = { numRuns: 400 }

const isPlain = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u) && [null, Object.prototype].includes(Object.getPrototypeOf(u))

/**
 * Structural equality that also compares the invisible "replaces what precedes
 * it" mark on every plain object: two options are equal only if they also
 * behave the same in every later concatenation.
 */
const equivalent = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equivalent(x, b[i]))
  if (isPlain(a) && isPlain(b)) {
    if (isReplacing(a) !== isReplacing(b)) return false
    const ka = Object.keys(a)
    const kb = Object.keys(b)
    return ka.length === kb.length && ka.every((k, i) => k === kb[i] && equivalent(a[k], b[k]))
  }
  return false
}

const decoded = arbRawOptions.map((raw) => Options.decode(raw)).filter(E.isRight).map((r) => r.right)

const outcome = <A>(f: () => A): { ok: A } | { error: string } => {
  try {
    return { ok: f() }
  } catch (e) {
    expect(e).toBeInstanceOf(EndpointError)
    return { error: (e as EndpointError).message }
  }
}

describe("Options.Monoid laws (exact, marks included)", () => {
  const { concat, empty } = Options.Monoid
  test("associativity", () => {
    fc.assert(
      fc.property(decoded, decoded, decoded, (a, b, c) => {
        expect(equivalent(concat(concat(a, b), c), concat(a, concat(b, c)))).toBe(true)
      }),
      RUNS,
    )
  })
  test("left identity", () => {
    fc.assert(fc.property(decoded, (a) => equivalent(concat(empty, a), a)), RUNS)
  })
  test("right identity", () => {
    fc.assert(fc.property(decoded, (a) => equivalent(concat(a, empty), a)), RUNS)
  })
  test("the equality used above tells different options apart", () => {
    const replaced = Options.concat({ x: 5 }, { x: { q: 2 } })
    expect(equivalent(replaced, { x: { q: 2 } })).toBe(false)
    expect(equivalent({ a: 1 }, { a: 2 })).toBe(false)
    expect(equivalent({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false)
  })
  test("concat is dual: concat(a, b) equals pipe(a, concat(b))", () => {
    fc.assert(fc.property(decoded, decoded, (a, b) => equivalent(Options.concat(a, b), Options.concat(b)(a))), RUNS)
  })
})

describe("decode", () => {
  test("is idempotent", () => {
    fc.assert(
      fc.property(arbRawOptions, (raw) => {
        const once = Options.decode(raw)
        if (E.isLeft(once)) return
        const twice = Options.decode(once.right)
        expect(E.isRight(twice) && equivalent(twice.right, once.right)).toBe(true)
      }),
      RUNS,
    )
  })
  test("never mutates its input, even a deeply frozen one", () => {
    fc.assert(
      fc.property(arbRawOptions, (raw) => {
        const copy = structuredClone(raw)
        const frozen = deepFreeze(structuredClone(raw))
        Options.decode(raw)
        expect(raw).toEqual(copy)
        expect(Options.decode(frozen)).toEqual(Options.decode(copy))
      }),
      RUNS,
    )
  })
})

describe("defaults() is literal concatenation", () => {
  test("endpoint.defaults(o).DEFAULTS = concat(endpoint.DEFAULTS, decode(o))", () => {
    fc.assert(
      fc.property(decoded, (o) => {
        expect(equivalent(endpoint.defaults(o).DEFAULTS, Options.concat(endpoint.DEFAULTS, o))).toBe(true)
      }),
      RUNS,
    )
  })
  test("cascade: e.defaults(a).defaults(b) ≡ e.defaults(concat(a, b)), for DEFAULTS and for results", () => {
    fc.assert(
      fc.property(decoded, decoded, decoded, arbRoute, decoded, (base, a, b, route, options) => {
        const e = endpoint.defaults(base)
        const cascaded = e.defaults(a).defaults(b)
        const once = e.defaults(Options.concat(a, b))
        expect(equivalent(cascaded.DEFAULTS, once.DEFAULTS)).toBe(true)
        expect(outcome(() => cascaded(route, options))).toEqual(outcome(() => once(route, options)))
      }),
      RUNS,
    )
  })
  test("defaults() neither mutates nor freezes what it is given", () => {
    fc.assert(
      fc.property(arbRawOptions, (raw) => {
        const copy = structuredClone(raw)
        try {
          endpoint.defaults(raw)
        } catch (e) {
          expect(e).toBeInstanceOf(EndpointError)
        }
        expect(raw).toEqual(copy)
        if (raw.request !== undefined && isPlain(raw.request)) expect(Object.isFrozen(raw.request)).toBe(false)
      }),
      RUNS,
    )
  })
})

describe("endpoint = parse ∘ merge", () => {
  test("the same result, or the same EndpointError, for every route and options", () => {
    fc.assert(
      fc.property(arbRoute, arbRawOptions, (route, options) => {
        const direct = outcome(() => endpoint(route, options))
        const composed = outcome(() => endpoint.parse(endpoint.merge(route, options)))
        expect(composed).toEqual(direct)
      }),
      RUNS,
    )
  })
  test("a remembered route, whose parameters are placed as the options are scanned, whatever the caller overrides", () => {
    const e = endpoint.defaults({ headers: { "x-e": "1" } }) // a fresh endpoint, so its route memory starts empty
    const params = fc.dictionary(
      fc.constantFrom("a", "b", "owner", "q", "x"),
      fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.constant(undefined), fc.constant({ o: 1 }), fc.constant("\ud800")),
      { maxKeys: 4 },
    )
    const overrides = fc.record(
      { method: fc.constantFrom("GET", "POST", "HEAD", "PUT"), url: fc.constantFrom("/y", "/y/{a}"), data: fc.constantFrom("d", undefined) },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(arbRoute, params, overrides, fc.boolean(), (route, p, o, overridesFirst) => {
        for (let i = 0; i < 3; i++) outcome(() => e(route, {})) // remembered, its url parsed
        const options = overridesFirst ? { ...o, ...p } : { ...p, ...o }
        expect(outcome(() => e(route, options))).toEqual(outcome(() => e.parse(e.merge(route, options))))
      }),
      RUNS,
    )
  })
  test("a remembered route of up to 20 variables, read by index as the options are scanned", () => {
    // a few variable names are compared one by one, many are looked up: both sides of that line
    const e = endpoint.defaults({})
    const pool = Array.from({ length: 24 }, (_, i) => `v${i}`)
    const routeOf = (names: ReadonlyArray<string>, ops: ReadonlyArray<string>): string =>
      "GET /t" + names.map((name, i) => `{${ops[i % ops.length]}${name}}`).join("")
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pool), { maxLength: 20 }),
        fc.array(fc.constantFrom("/", "?", "&", ";", ""), { minLength: 1, maxLength: 4 }),
        fc.dictionary(fc.constantFrom(...pool, "extra", "page"), fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(undefined))),
        (names, ops, options) => {
          const route = routeOf(names, ops)
          for (let i = 0; i < 3; i++) outcome(() => e(route, {})) // remembered, its url parsed
          expect(outcome(() => e(route, options))).toEqual(outcome(() => e.parse(e.merge(route, options))))
        },
      ),
      RUNS,
    )
  })
  test("endpoint(options) likewise", () => {
    fc.assert(
      fc.property(arbRawOptions, (options) => {
        expect(outcome(() => endpoint.parse(endpoint.merge(options)))).toEqual(outcome(() => endpoint(options)))
      }),
      RUNS,
    )
  })
  test("deep-frozen inputs give the same outcome and are never written to", () => {
    fc.assert(
      fc.property(arbRoute, arbRawOptions, (route, options) => {
        const frozen = deepFreeze(structuredClone(options))
        expect(outcome(() => endpoint(route, frozen))).toEqual(outcome(() => endpoint(route, options)))
      }),
      RUNS,
    )
  })
})

/** Raw options, sometimes with one reserved key given a value that normalise rejects, or no object at all. */
const arbCallerOptions: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: arbRawOptions },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        arbRawOptions,
        fc.constantFrom<[string, unknown]>(
          ["method", "a b"],
          ["url", 5],
          ["baseUrl", "https://h\n"],
          ["headers", { "bad name": "1" }],
          ["headers", { "x-a": {} }],
          ["headers", "accept"],
          ["mediaType", { size: 1 }],
          ["mediaType", { previews: ["a", 1] }],
          ["request", 5],
        ),
      )
      .map(([o, [key, value]]) => ({ ...o, [key]: value })),
  },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, [], "GET /x", 5) },
)

/** The keys of a result's headers and body, in order: "the same result" includes key order. */
const keyOrder = (o: { ok: unknown } | { error: string }): unknown => {
  if (!("ok" in o)) return undefined
  const r = o.ok as { headers: object; body?: unknown }
  return [Object.keys(r.headers), isPlain(r.body) ? Object.keys(r.body) : undefined]
}

describe("the fused fast path", () => {
  test("buildLayered(a, raw) gives exactly build(concat(a, normalise(raw))): the same result or the same EndpointError", () => {
    fc.assert(
      fc.property(decoded, arbCallerOptions, arbCallerOptions, fc.boolean(), (a, raw, earlier, remembered) => {
        // remembered: the base is one the library made, so what build works out about it is cached,
        // here first by a call with other options
        const base = remembered ? markImmutable({ ...a }) : a
        outcome(() => buildLayered(base, earlier))
        const fused = outcome(() => buildLayered(base, raw))
        const expected = outcome(() => build(Options.concat(a, normalise(raw))))
        expect(fused).toEqual(expected)
        expect(keyOrder(fused)).toEqual(keyOrder(expected))
        // and asking twice (the cached layer) changes nothing
        expect(outcome(() => buildLayered(base, raw))).toEqual(fused)
      }),
      RUNS,
    )
  })
})

/**
 * Raw options of more than LARGE keys, which the build reads into a snapshot instead of copying: random
 * options with padding before or after them, sometimes integer-like keys, undefined values or
 * template variables among it.
 */
const arbLargeOptions: fc.Arbitrary<unknown> = fc
  .tuple(arbCallerOptions, fc.integer({ min: LARGE + 1, max: LARGE + 32 }), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean())
  .map(([o, n, padFirst, integers, holes, variables]) => {
    if (!isPlain(o)) return o
    const names = ["owner", "repo", "a", "b", "q", "page", "org", "filter"]
    const pad: Record<string, unknown> = {}
    for (let i = 0; i < n; i++) {
      const key = variables && i % 20 === 0 ? names[(i / 20) % names.length]! : integers && i % 10 === 0 ? String(i) : `p${i}`
      pad[key] = holes && i % 7 === 0 ? undefined : i
    }
    return padFirst ? { ...pad, ...o } : { ...o, ...pad }
  })

describe("the fused fast path, for large options", () => {
  test("buildLayered(a, raw) gives exactly build(concat(a, normalise(raw))) when raw has more than LARGE keys", () => {
    fc.assert(
      fc.property(decoded, arbLargeOptions, fc.boolean(), (a, raw, remembered) => {
        const base = remembered ? markImmutable({ ...a }) : a
        const fused = outcome(() => buildLayered(base, raw))
        const expected = outcome(() => build(Options.concat(a, normalise(raw))))
        expect(fused).toEqual(expected)
        expect(keyOrder(fused)).toEqual(keyOrder(expected))
      }),
      { numRuns: 150 },
    )
  })
})

describe("the fused fast path: header key order in the corners", () => {
  // a base with previews but no accept header gets an accept appended; the caller's headers then
  // change values of the ready-made copy only when the merge would put the keys in the same order
  const base = markImmutable(normalise({ mediaType: { previews: ["a"] }, headers: { "x-b": "1" } }))
  test.each([
    ["GET", { "content-type": "text/plain" }],
    ["GET", { accept: "text/plain" }],
    ["POST", { accept: "text/plain" }],
    ["POST", { "content-type": "text/plain" }],
    ["POST", { "x-b": "2", "content-type": "text/plain" }],
    ["POST", { "x-c": "3" }],
  ])("%s with headers %j", (method, headers) => {
    const raw = { method, url: "/x", a: 1, headers }
    const fused = buildLayered(base, raw)
    const expected = build(Options.concat(base, normalise(raw)))
    expect(fused).toEqual(expected)
    expect(Object.keys(fused.headers)).toEqual(Object.keys(expected.headers))
  })
})

describe("hot-path shortcuts agree with their definitions", () => {
  test("a header name is judged the same when it is remembered as a lowercase token", () => {
    const verdict = (name: string) => outcome(() => Object.keys(normalise({ headers: { [name]: "v" } }).headers!))
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom("content-type", "Content-Type", "x a", "", "ä", "x-\r"), fc.string({ maxLength: 70 })), (name) => {
        const first = verdict(name)
        expect(verdict(name)).toEqual(first) // the second time, a lowercase token is remembered
        const kind = tokenCase(name)
        expect("ok" in first).toBe(kind !== NOT_A_TOKEN)
        if ("ok" in first) expect(first.ok).toEqual([name.toLowerCase()])
      }),
    )
  })
  test("isReservedKey is RESERVED_KEYS.has", () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...Options.RESERVED_KEYS, "Method", "urls", "owner"), fc.string()), (k) => {
        expect(isReservedKey(k)).toBe(Options.RESERVED_KEYS.has(k))
      }),
    )
  })
})
