// The user's design card, proven: Options form a lawful Monoid, decode is
// idempotent, defaults() is literal concatenation, endpoint = parse ∘ merge.
import fc from "fast-check"
import * as E from "fp-ts/lib/Either.js"
import { describe, expect, test } from "vitest"
import { endpoint, EndpointError, Options } from "../../src/index.js"
import { isReplacing, isReservedKey } from "../../src/Options.js"
import { build, buildLayered, markImmutable } from "../../src/Parse.js"
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

describe("the fused fast path", () => {
  test("buildLayered(a, b) gives exactly build(concat(a, b)): the same result or the same EndpointError", () => {
    fc.assert(
      fc.property(decoded, decoded, fc.boolean(), (a, b, remembered) => {
        // remembered: the base is one the library made, so what build works out about it is cached
        const base = remembered ? markImmutable({ ...a }) : a
        const fused = outcome(() => buildLayered(base, b))
        expect(fused).toEqual(outcome(() => build(Options.concat(a, b))))
        // and asking twice (the cached layer) changes nothing
        expect(outcome(() => buildLayered(base, b))).toEqual(fused)
      }),
      RUNS,
    )
  })
})

describe("hot-path shortcuts agree with their definitions", () => {
  test("isReservedKey is RESERVED_KEYS.has", () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...Options.RESERVED_KEYS, "Method", "urls", "owner"), fc.string()), (k) => {
        expect(isReservedKey(k)).toBe(Options.RESERVED_KEYS.has(k))
      }),
    )
  })
})
