// The user's design card, proven: Options form a lawful Monoid on plain values (no hidden state),
// its concat is the one-level union SPEC 4 writes, the codec round-trips, defaults() is literal
// concatenation, and endpoint = parse ∘ merge.
import fc from "fast-check"
import * as E from "fp-ts/lib/Either.js"
import { pipe } from "fp-ts/lib/function.js"
import * as Se from "fp-ts/lib/Semigroup.js"
import { describe, expect, test } from "vitest"
import { type Endpoint, EndpointError, endpoint, Merge, Options, Parse } from "../../src/index.js"
import { arbRawOptions, arbRoute, deepFreeze } from "./arbitraries.js"
import { arbDecoded, arbModel, fieldArbitraries } from "./model.js"

const RUNS = { numRuns: 400 }
const { concat, empty } = Options

type Outcome<A> = { ok: A } | { error: string }

/** What `f` returns, or the message of the EndpointError it throws (anything else fails the test). */
const outcome = <A>(f: () => A): Outcome<A> => {
  try {
    return { ok: f() }
  } catch (e) {
    expect(e).toBeInstanceOf(EndpointError)
    return { error: (e as EndpointError).message }
  }
}
const either = <A>(e: E.Either<EndpointError, A>): Outcome<A> =>
  E.isRight(e) ? { ok: e.right } : { error: e.left.message }

const decodedOrThrow = (u: unknown): Options.Options => {
  const d = Options.decode(u)
  if (E.isLeft(d)) throw d.left
  return d.right
}
const decodedDefaults = decodedOrThrow(endpoint.DEFAULTS)

/** Both kinds of normal options: generated from the model's fields, and decoded from raw options. */
const arbOptions = fc.oneof(arbModel, arbDecoded)

describe("the generators follow the model", () => {
  test("every field of Options has a generator and a semigroup", () => {
    expect(Object.keys(fieldArbitraries).sort()).toEqual(Object.keys(Options.empty).sort())
    expect(Object.keys(Options.fieldSemigroups).sort()).toEqual(Object.keys(Options.empty).sort())
  })
  test("the keys an options object reserves are the model's fields but params", () => {
    // a parameter named as an option is refused in a model handed back: exactly for the fields
    for (const key of [...Object.keys(Options.empty), "page", "Url", "headers2"]) {
      const rebuilt = Options.rebuild({ ...Options.empty, params: { [key]: "1" } })
      const reserved = key !== "params" && Object.hasOwn(Options.empty, key)
      expect([key, E.isLeft(rebuilt) && rebuilt.left.path]).toEqual([key, reserved ? `params.${key}` : false])
    }
  })
  test("the generators make normal options: decode(encode(o)) is o", () => {
    fc.assert(
      fc.property(arbOptions, (o) => {
        expect(Options.decode(Options.encode(o))).toStrictEqual(E.right(o))
      }),
      RUNS,
    )
  })
})

describe("Options.Monoid laws", () => {
  test("associativity", () => {
    fc.assert(
      fc.property(arbOptions, arbOptions, arbOptions, (a, b, c) => {
        expect(concat(concat(a, b), c)).toStrictEqual(concat(a, concat(b, c)))
      }),
      RUNS,
    )
  })
  test("left identity", () => {
    fc.assert(
      fc.property(arbOptions, (a) => {
        expect(Options.Monoid.concat(Options.Monoid.empty, a)).toStrictEqual(a)
      }),
      RUNS,
    )
  })
  test("right identity", () => {
    fc.assert(
      fc.property(arbOptions, (a) => {
        expect(Options.Monoid.concat(a, Options.Monoid.empty)).toStrictEqual(a)
      }),
      RUNS,
    )
  })
  test("the identity is Options.empty, what decode({}) gives", () => {
    expect(Options.Monoid.empty).toBe(empty)
    expect(Options.decode({})).toStrictEqual(E.right(empty))
  })
  test("no hidden state: structuredClone'd inputs give a deep-equal result, and the laws hold on them", () => {
    fc.assert(
      fc.property(arbOptions, arbOptions, arbOptions, (a, b, c) => {
        const [a2, b2, c2] = structuredClone([a, b, c])
        expect(concat(a2, b2)).toStrictEqual(concat(a, b))
        expect(concat(concat(a2, b2), c2)).toStrictEqual(concat(a, concat(b, c)))
        expect(concat(concat(a, b), c2)).toStrictEqual(concat(a2, concat(b2, c)))
      }),
      RUNS,
    )
  })
  test("idempotence: concat(o, o) is o", () => {
    fc.assert(
      fc.property(arbOptions, (o) => {
        expect(concat(o, o)).toStrictEqual(o)
      }),
      RUNS,
    )
  })
  test("Options.Semigroup is fp-ts' Semigroup.struct(Options.fieldSemigroups), written out", () => {
    const struct = Se.struct(Options.fieldSemigroups)
    fc.assert(
      fc.property(arbOptions, arbOptions, (a, b) => {
        expect(Options.Semigroup.concat(a, b)).toStrictEqual(struct.concat(a, b))
      }),
      RUNS,
    )
  })
  test("concat is dual and concatAll folds", () => {
    fc.assert(
      fc.property(arbOptions, arbOptions, arbOptions, (a, b, c) => {
        expect(pipe(a, concat(b))).toStrictEqual(concat(a, b))
        expect(Options.concatAll([a, b, c])).toStrictEqual(concat(concat(a, b), c))
        expect(Options.concatAll([])).toStrictEqual(empty)
      }),
      RUNS,
    )
  })
  test("concat changes neither of its arguments", () => {
    fc.assert(
      fc.property(arbOptions, arbOptions, (a, b) => {
        const before = structuredClone([a, b])
        concat(deepFreeze(structuredClone(a)), deepFreeze(structuredClone(b)))
        concat(a, b)
        expect([a, b]).toStrictEqual(before)
      }),
      RUNS,
    )
  })
})

describe("concat is SPEC 4's one-level union, written as an oracle", () => {
  /** SPEC 4, read literally: the later value wins whole one level down; previews an ordered union. */
  const oracle = (a: Options.Options, b: Options.Options): Options.Options => ({
    method: b.method ?? a.method,
    url: b.url ?? a.url,
    baseUrl: b.baseUrl ?? a.baseUrl,
    headers: { ...a.headers, ...b.headers },
    mediaType: { format: b.mediaType.format ?? a.mediaType.format, previews: [...new Set([...a.mediaType.previews, ...b.mediaType.previews])] },
    data: b.data === undefined ? a.data : b.data, // null is a body
    request: a.request === undefined ? b.request : b.request === undefined ? a.request : { ...a.request, ...b.request },
    params: { ...a.params, ...b.params },
  })
  // parameters and request values that collide at every level: where a deep merge would differ
  const leaf = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constant(null), fc.constant([1]))
  const deep = fc.letrec<{ v: unknown }>((tie) => ({
    v: fc.oneof({ depthSize: "small" }, leaf, fc.dictionary(fc.constantFrom("p", "q"), tie("v"), { maxKeys: 2, noNullPrototype: true })),
  })).v
  const record = fc.dictionary(fc.constantFrom("k", "l"), deep, { maxKeys: 2, noNullPrototype: true })
  const arbColliding = fc.oneof(
    arbOptions,
    fc.record({ params: record, request: fc.option(record, { nil: undefined }) }).map((o) => ({ ...empty, ...o })),
  )

  test("concat(a, b) is the oracle's union, and b's values are taken whole, by reference", () => {
    fc.assert(
      fc.property(arbColliding, arbColliding, (a, b) => {
        const c = concat(a, b)
        expect(c).toStrictEqual(oracle(a, b))
        for (const k of Object.keys(b.params)) expect(c.params[k]).toBe(b.params[k])
        for (const k of Object.keys(b.request ?? {})) expect(c.request?.[k]).toBe(b.request?.[k])
      }),
      { numRuns: 1000 },
    )
  })
  test("the oracle can fail: a deep merge of the parameters is not what concat does", () => {
    const deepMerge = (x: unknown, y: unknown): unknown =>
      typeof x === "object" && x !== null && !Array.isArray(x) && typeof y === "object" && y !== null && !Array.isArray(y)
        ? { ...x, ...Object.fromEntries(Object.entries(y).map(([k, v]) => [k, deepMerge((x as Record<string, unknown>)[k], v)])) }
        : y
    const run = fc.check(
      fc.property(arbColliding, arbColliding, (a, b) => {
        expect(concat(a, b).params).toStrictEqual(deepMerge(a.params, b.params))
      }),
      { numRuns: 1000 },
    )
    expect(run.failed).toBe(true)
  })
})

describe("the codec", () => {
  test("decode is idempotent on what it produces", () => {
    fc.assert(
      fc.property(arbRawOptions, (raw) => {
        const once = Options.decode(raw)
        if (E.isRight(once)) expect(Options.decode(Options.encode(once.right))).toStrictEqual(once)
      }),
      RUNS,
    )
  })
  test("encode gives flat options with only the fields that are set, then the parameters", () => {
    fc.assert(
      fc.property(arbOptions, (o) => {
        const flat = Options.encode(o) as Record<string, unknown>
        for (const key of Object.keys(Options.empty).filter((k) => k !== "params")) {
          const set = key === "headers" ? Object.keys(o.headers).length > 0 : key === "mediaType" ? o.mediaType.format !== undefined || o.mediaType.previews.length > 0 : o[key as keyof Options.Options] !== undefined
          expect([key, Object.hasOwn(flat, key)]).toEqual([key, set])
        }
        for (const key of Object.keys(o.params)) expect(flat[key]).toBe(o.params[key])
      }),
      RUNS,
    )
  })
  test("decode never writes to its input, even a deeply frozen one", () => {
    fc.assert(
      fc.property(arbRawOptions, (raw) => {
        const copy = structuredClone(raw)
        const frozen = Options.decode(deepFreeze(structuredClone(raw)))
        expect(Options.decode(raw)).toEqual(frozen) // (a clone's records are ordinary objects, the raw ones may have no prototype)
        expect(raw).toEqual(copy)
      }),
      RUNS,
    )
  })
})

describe("defaults() is literal concatenation", () => {
  const derived = endpoint.defaults({ baseUrl: "https://h/api", headers: { "x-d": "1" }, mediaType: { previews: ["p"] }, org: "o" })
  const endpoints: ReadonlyArray<readonly [string, Endpoint]> = [["endpoint", endpoint], ["a derived endpoint", derived]]

  test.each(endpoints)("%s: e.defaults(o).DEFAULTS is encode(concat(decode(e.DEFAULTS), o))", (_, e) => {
    const base = decodedOrThrow(e.DEFAULTS)
    fc.assert(
      fc.property(arbOptions, (o) => {
        expect(e.defaults(Options.encode(o)).DEFAULTS).toStrictEqual(Options.encode(concat(base, o)))
      }),
      RUNS,
    )
  })
  test.each(endpoints)("%s: e.defaults(a).defaults(b) ≡ e.defaults(concat(a, b)), for DEFAULTS, merge and results", (_, e) => {
    fc.assert(
      fc.property(arbOptions, arbOptions, arbRoute, arbRawOptions, (a, b, route, options) => {
        const cascaded = e.defaults(Options.encode(a)).defaults(Options.encode(b))
        const once = e.defaults(Options.encode(concat(a, b)))
        expect(cascaded.DEFAULTS).toStrictEqual(once.DEFAULTS)
        expect(outcome(() => cascaded.merge(route, options))).toStrictEqual(outcome(() => once.merge(route, options)))
        expect(outcome(() => cascaded(route, options))).toStrictEqual(outcome(() => once(route, options)))
      }),
      RUNS,
    )
  })
  test("every plain object and array in DEFAULTS is frozen", () => {
    const allFrozen = (u: unknown): boolean =>
      typeof u !== "object" || u === null || (Object.isFrozen(u) && Object.values(u).every(allFrozen))
    fc.assert(
      fc.property(arbOptions, (o) => {
        expect(allFrozen(endpoint.defaults(Options.encode(o)).DEFAULTS)).toBe(true)
      }),
      RUNS,
    )
  })
  test("defaults() neither writes to nor freezes what it is given", () => {
    fc.assert(
      fc.property(arbRawOptions, (raw) => {
        const copy = structuredClone(raw)
        outcome(() => endpoint.defaults(raw))
        expect(raw).toEqual(copy)
        if (typeof raw.request === "object" && raw.request !== null) expect(Object.isFrozen(raw.request)).toBe(false)
        if (typeof raw.headers === "object" && raw.headers !== null) expect(Object.isFrozen(raw.headers)).toBe(false)
      }),
      RUNS,
    )
  })
})

describe("endpoint = parse ∘ merge (SPEC 6.10)", () => {
  test("endpoint(route, o) gives what endpoint.parse(endpoint.merge(route, o)) and Parse.parse(Merge.merge(…)) give, or the same error", () => {
    fc.assert(
      fc.property(arbRoute, arbRawOptions, (route, options) => {
        const direct = outcome(() => endpoint(route, options))
        expect(outcome(() => endpoint.parse(endpoint.merge(route, options)))).toStrictEqual(direct)
        expect(either(pipe(Merge.merge(decodedDefaults, route, options), E.flatMap(Parse.parse)))).toStrictEqual(direct)
        expect(either(endpoint.either(route, options))).toStrictEqual(direct)
      }),
      RUNS,
    )
  })
  test("endpoint(options) and endpoint(options, more) likewise", () => {
    fc.assert(
      fc.property(arbRawOptions, arbRawOptions, (a, b) => {
        expect(outcome(() => endpoint(a))).toStrictEqual(outcome(() => endpoint.parse(endpoint.merge(a))))
        const both = outcome(() => endpoint(a, b))
        expect(outcome(() => endpoint.parse(endpoint.merge(a, b)))).toStrictEqual(both)
        expect(either(pipe(Merge.merge(decodedDefaults, a, b), E.flatMap(Parse.parse)))).toStrictEqual(both)
      }),
      RUNS,
    )
  })
  test("endpoint(a, b) is endpoint(concat(a, b)) (SPEC 4)", () => {
    fc.assert(
      fc.property(arbOptions, arbOptions, (a, b) => {
        const [fa, fb] = [Options.encode(a), Options.encode(b)]
        expect(outcome(() => endpoint(fa, fb))).toStrictEqual(outcome(() => endpoint(Options.encode(concat(a, b)))))
      }),
      RUNS,
    )
  })
  test("Merge.merge over Options.decode(e.DEFAULTS) is e.merge, in flat form, for results and errors", () => {
    fc.assert(
      fc.property(arbOptions, arbRoute, arbRawOptions, arbRawOptions, (d, route, a, b) => {
        const e = endpoint.defaults(Options.encode(d))
        const defaults = decodedOrThrow(e.DEFAULTS)
        const viaMerge = (m: E.Either<EndpointError, Options.Options>) => either(E.map(Options.encode)(m))
        expect(viaMerge(Merge.merge(defaults, route, a))).toStrictEqual(outcome(() => e.merge(route, a)))
        expect(viaMerge(Merge.merge(defaults, a, b))).toStrictEqual(outcome(() => e.merge(a, b)))
        expect(viaMerge(Merge.merge(decodedDefaults, route, a))).toStrictEqual(outcome(() => endpoint.merge(route, a)))
      }),
      RUNS,
    )
  })
})

describe("no silent wrong requests, on generated input", () => {
  test("a route's url and method are never changed by options: equal, or an EndpointError", () => {
    fc.assert(
      fc.property(arbRoute, arbRawOptions, (route, options) => {
        const r = outcome(() => endpoint.merge(route, options))
        const [method, url] = route.includes(" ") ? route.split(" ") : ["GET", route]
        if ("ok" in r) {
          expect(r.ok.url).toBe(url)
          expect(r.ok.method?.toUpperCase()).toBe(method!.toUpperCase())
        }
      }),
      RUNS,
    )
  })
  test("a null header removes it, a default one included", () => {
    fc.assert(
      fc.property(fc.constantFrom("accept", "user-agent", "x-a"), arbRoute, (name, route) => {
        const e = endpoint.defaults({ headers: { "x-a": "1" } })
        const params = { a: "y", b: "z", q: "x", owner: "o", repo: "r", org: "g", filter: "/f" }
        const r = outcome(() => e(route, { headers: { [name]: null }, ...params }))
        expect("ok" in r).toBe(true)
        if ("ok" in r) expect(Object.keys(r.ok.headers)).not.toContain(name)
      }),
      RUNS,
    )
  })
  test("form and binary bodies pass through as they are, with no content type of ours", () => {
    const opaque = fc.constantFrom(
      () => new URLSearchParams("a=1"),
      () => new FormData(),
      () => new Blob(["x"]),
      () => new Uint8Array(3),
      () => new ArrayBuffer(1),
      () => new DataView(new ArrayBuffer(1)),
      () => new ReadableStream(),
    )
    fc.assert(
      fc.property(opaque, fc.constantFrom("POST", "PUT", "PATCH", "DELETE"), (make, method) => {
        const data = make()
        const r = endpoint(`${method} /upload`, { data })
        expect(r.body).toBe(data)
        expect(r.headers["content-type"]).toBeUndefined()
      }),
      { numRuns: 50 },
    )
  })
})
