// The user's design card, proven: Options form a lawful Monoid on values (no
// hidden state), the codec round-trips, defaults() is literal concatenation, and
// endpoint = parse ∘ merge.
import fc from "fast-check"
import * as E from "fp-ts/lib/Either.js"
import { pipe } from "fp-ts/lib/function.js"
import * as Se from "fp-ts/lib/Semigroup.js"
import { describe, expect, test } from "vitest"
import { endpoint, EndpointError, Merge, Options, Parse } from "../../src/index.js"
import { arbRawOptions, arbRoute, deepFreeze } from "./arbitraries.js"
import { arbModel, fieldArbitraries } from "./model.js"
import { isReplacing } from "../../src/internal/object.js"

const RUNS = { numRuns: 400 }
const { concat, empty } = Options

const outcome = <A>(f: () => A): { ok: A } | { error: string } => {
  try {
    return { ok: f() }
  } catch (e) {
    expect(e).toBeInstanceOf(EndpointError)
    return { error: (e as EndpointError).message }
  }
}
const either = <A>(e: E.Either<EndpointError, A>): { ok: A } | { error: string } =>
  E.isRight(e) ? { ok: e.right } : { error: e.left.message }

const decodedDefaults = (Options.decode(endpoint.DEFAULTS) as E.Right<Options.Options>).right

describe("the generators follow the model", () => {
  test("every field of Options has a generator", () => {
    expect(Object.keys(fieldArbitraries).sort()).toEqual(Object.keys(Options.empty).sort())
    expect(Object.keys(Options.fieldSemigroups).sort()).toEqual(Object.keys(Options.empty).sort())
  })
  test("the reserved keys are the model's fields but params", () => {
    expect([...Options.RESERVED_KEYS].sort()).toEqual(Object.keys(Options.empty).filter((k) => k !== "params").sort())
  })
})

describe("Options.Monoid laws", () => {
  test("associativity", () => {
    fc.assert(fc.property(arbModel, arbModel, arbModel, (a, b, c) => {
      expect(concat(concat(a, b), c)).toStrictEqual(concat(a, concat(b, c)))
    }), RUNS)
  })
  test("identities", () => {
    fc.assert(fc.property(arbModel, (a) => {
      expect(concat(empty, a)).toStrictEqual(a)
      expect(concat(a, empty)).toStrictEqual(a)
    }), RUNS)
  })
  test("no hidden state: structuredClone'd inputs give a deep-equal result", () => {
    fc.assert(fc.property(arbModel, arbModel, (a, b) => {
      expect(concat(structuredClone(a), structuredClone(b))).toStrictEqual(concat(a, b))
    }), RUNS)
  })
  test("idempotence: concat(o, o) is o", () => {
    fc.assert(fc.property(arbModel, (o) => {
      expect(concat(o, o)).toStrictEqual(o)
    }), RUNS)
  })
  test("Semigroup is fp-ts' struct of the field semigroups, written out", () => {
    const struct = Se.struct(Options.fieldSemigroups)
    fc.assert(fc.property(arbModel, arbModel, (a, b) => {
      expect(Options.Semigroup.concat(a, b)).toStrictEqual(struct.concat(a, b))
    }), RUNS)
  })
  test("concat is dual and concatAll folds", () => {
    fc.assert(fc.property(arbModel, arbModel, (a, b) => {
      expect(pipe(a, concat(b))).toStrictEqual(concat(a, b))
      expect(Options.concatAll([a, b])).toStrictEqual(concat(a, b))
    }), RUNS)
  })
})

describe("the deep merge of request and parameters", () => {
  // values that collide at the same keys, nested: where a grouping could bring back what a value replaced
  const leaf = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constant(null), fc.constant([1]))
  const deepValue = fc.letrec<{ v: unknown }>((tie) => ({
    v: fc.oneof({ depthSize: "small" }, leaf, fc.dictionary(fc.constantFrom("p", "q"), tie("v"), { maxKeys: 2, noNullPrototype: true })),
  })).v
  const record = (keys: Array<string>) => fc.dictionary(fc.constantFrom(...keys), deepValue, { maxKeys: keys.length, noNullPrototype: true })
  const arbDeep: fc.Arbitrary<Options.Options> = fc
    .record({ params: record(["k", "l"]), request: fc.option(record(["k"]), { nil: undefined }) })
    .map(({ params, request }) => ({ ...empty, params, request }))
  const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)
  /** The textbook deep merge (`@octokit/endpoint`'s): two plain objects merge key by key, anything else is the second. */
  const textbook = (a: unknown, b: unknown): unknown =>
    isRecord(a) && isRecord(b) ? { ...a, ...Object.fromEntries(Object.entries(b).map(([k, v]) => [k, k in a ? textbook(a[k], v) : v])) } : b
  const naive = (a: Options.Options, b: Options.Options): unknown => ({ params: textbook(a.params, b.params), request: textbook(a.request ?? {}, b.request ?? {}) })

  /** JSON that shows which records replace (toStrictEqual sees Object as their constructor too). */
  const shape = (o: Options.Options): string =>
    JSON.stringify(o, (_, v: unknown) => (isReplacing(v) ? { "(replacing)": { ...v } } : v === undefined ? "(undefined)" : v))

  test("associativity, on values that collide at every level, replacing records included", () => {
    fc.assert(fc.property(arbDeep, arbDeep, arbDeep, (a, b, c) => {
      expect(concat(concat(a, b), c)).toStrictEqual(concat(a, concat(b, c)))
      expect(shape(concat(concat(a, b), c))).toBe(shape(concat(a, concat(b, c))))
    }), { numRuns: 2000 })
  })
  test("associativity and idempotence hold for concatenations fed back in (they hold replacing records)", () => {
    fc.assert(fc.property(arbDeep, arbDeep, arbDeep, arbDeep, (a, b, c, d) => {
      const [ab, cd] = [concat(a, b), concat(c, d)]
      expect(shape(concat(concat(ab, cd), ab))).toBe(shape(concat(ab, concat(cd, ab))))
      expect(shape(concat(ab, ab))).toBe(shape(ab))
    }), { numRuns: 1000 })
  })
  test("two decoded options merge as the textbook deep merge does (JSON equal)", () => {
    fc.assert(fc.property(arbDeep, arbDeep, (a, b) => {
      const c = concat(a, b)
      expect(JSON.parse(JSON.stringify({ params: c.params, request: c.request ?? {} }))).toEqual(naive(a, b))
    }), { numRuns: 1000 })
  })
  test("the law can fail: the textbook deep merge, which keeps no replacing records, is not associative on these values", () => {
    const lhs = (a: Options.Options, b: Options.Options, c: Options.Options) => textbook(textbook(a.params, b.params), c.params)
    const rhs = (a: Options.Options, b: Options.Options, c: Options.Options) => textbook(a.params, textbook(b.params, c.params))
    const run = fc.check(fc.property(arbDeep, arbDeep, arbDeep, (a, b, c) => JSON.stringify(lhs(a, b, c)) === JSON.stringify(rhs(a, b, c))), { numRuns: 2000 })
    expect(run.failed).toBe(true)
  })
})

describe("the codec", () => {
  test("decode(encode(o)) is o", () => {
    fc.assert(fc.property(arbModel, (o) => {
      expect(Options.decode(Options.encode(o))).toStrictEqual(E.right(o))
      expect(Options.Codec.is(o)).toBe(true)
    }), RUNS)
  })
  test("decode is idempotent on what it produces", () => {
    fc.assert(fc.property(arbRawOptions, (raw) => {
      const once = Options.decode(raw)
      if (E.isRight(once)) expect(Options.decode(Options.encode(once.right))).toEqual(once) // (a caller's null-prototype record is kept as it is)
    }), RUNS)
  })
  test("never mutates its input, even a deeply frozen one", () => {
    fc.assert(fc.property(arbRawOptions, (raw) => {
      const copy = structuredClone(raw)
      Options.decode(deepFreeze(raw))
      expect(raw).toEqual(copy)
    }), RUNS)
  })
})

describe("defaults() is literal concatenation", () => {
  test("endpoint.defaults(o).DEFAULTS = encode(concat(decode(DEFAULTS), decode(o)))", () => {
    fc.assert(fc.property(arbModel, (o) => {
      expect(endpoint.defaults(Options.encode(o)).DEFAULTS).toEqual(Options.encode(concat(decodedDefaults, o)))
    }), RUNS)
  })
  test("cascade: e.defaults(a).defaults(b) ≡ e.defaults(concat(a, b)), for DEFAULTS and for results", () => {
    fc.assert(fc.property(arbModel, arbModel, arbRoute, arbRawOptions, (a, b, route, options) => {
      const cascaded = endpoint.defaults(Options.encode(a)).defaults(Options.encode(b))
      const once = endpoint.defaults(Options.encode(concat(a, b)))
      expect(cascaded.DEFAULTS).toEqual(once.DEFAULTS)
      expect(outcome(() => cascaded(route, options))).toEqual(outcome(() => once(route, options)))
    }), RUNS)
  })
  test("defaults() neither mutates nor freezes what it is given", () => {
    fc.assert(fc.property(arbRawOptions, (raw) => {
      const copy = structuredClone(raw)
      outcome(() => endpoint.defaults(raw))
      expect(raw).toEqual(copy)
      if (typeof raw.request === "object" && raw.request !== null) expect(Object.isFrozen(raw.request)).toBe(false)
    }), RUNS)
  })
})

describe("endpoint = parse ∘ merge", () => {
  test("the same result, or the same EndpointError, through endpoint.parse(endpoint.merge(…)) and Parse.parse(Merge.merge(…))", () => {
    fc.assert(fc.property(arbRoute, arbRawOptions, (route, options) => {
      const direct = outcome(() => endpoint(route, options))
      expect(outcome(() => endpoint.parse(endpoint.merge(route, options)))).toEqual(direct)
      expect(either(pipe(Merge.merge(decodedDefaults, route, options), E.flatMap(Parse.parse)))).toEqual(direct)
      expect(either(endpoint.either(route, options))).toEqual(direct)
    }), RUNS)
  })
  test("endpoint(options) and endpoint(options, more) likewise", () => {
    fc.assert(fc.property(arbRawOptions, arbRawOptions, (a, b) => {
      expect(outcome(() => endpoint(a))).toEqual(outcome(() => endpoint.parse(endpoint.merge(a))))
      expect(outcome(() => endpoint(a, b))).toEqual(either(pipe(Merge.merge(decodedDefaults, a, b), E.flatMap(Parse.parse))))
    }), RUNS)
  })
  test("the same route twice (the second from the route cache) gives the same outcome", () => {
    fc.assert(fc.property(arbRoute, arbRawOptions, (route, options) => {
      const e = endpoint.defaults({})
      expect(outcome(() => e(route, options))).toEqual(outcome(() => e(route, options)))
    }), RUNS)
  })
  test("results never alias the defaults or a cache: mutating one changes no later result", () => {
    const e = endpoint.defaults({ headers: { "x-a": "1" } })
    const first = e("POST /x", { a: 1 })
    first.headers["x-a"] = "mutated"
    ;(first.body as Record<string, unknown>).a = 2
    expect(e("POST /x", { a: 1 })).toEqual({ ...first, headers: { ...first.headers, "x-a": "1" }, body: { a: 1 } })
  })
})

describe("no silent wrong requests, on generated input", () => {
  test("a route's url and method are never changed by options: equal, or an EndpointError naming the field", () => {
    fc.assert(fc.property(arbRoute, arbRawOptions, (route, options) => {
      const r = outcome(() => endpoint.merge(route, options))
      const [method, url] = route.includes(" ") ? route.split(" ") : ["GET", route]
      if ("ok" in r) {
        expect(r.ok.url).toBe(url)
        expect(r.ok.method.toUpperCase()).toBe(method!.toUpperCase())
      } else if (options.url !== undefined && options.url !== url) {
        expect(r.error).toMatch(/^(url|method|baseUrl|headers|mediaType|request)/)
      }
    }), RUNS)
  })
  test("a null header removes it, a default one included", () => {
    fc.assert(fc.property(fc.constantFrom("accept", "user-agent", "x-a"), arbRoute, (name, route) => {
      const e = endpoint.defaults({ headers: { "x-a": "1" } })
      const r = outcome(() => e(route, { headers: { [name]: null }, q: "x", a: "y" }))
      if ("ok" in r) expect(Object.keys(r.ok.headers)).not.toContain(name)
    }), RUNS)
  })
  test("form and binary bodies pass through as they are, with no content type of ours", () => {
    const opaque = fc.constantFrom(
      () => new URLSearchParams("a=1"), () => new FormData(), () => new Blob(["x"]), () => new Uint8Array(3),
      () => new ArrayBuffer(1), () => new DataView(new ArrayBuffer(1)), () => new ReadableStream(),
    )
    fc.assert(fc.property(opaque, fc.constantFrom("POST", "PUT", "PATCH", "DELETE"), (make, method) => {
      const data = make()
      const r = endpoint(`${method} /upload`, { data })
      expect(r.body).toBe(data)
      expect(r.headers["content-type"]).toBeUndefined()
    }), { numRuns: 50 })
  })
})
