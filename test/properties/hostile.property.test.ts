// Hostile input (SPEC 7 and 9): every public entry, given options derived from the model and then
// poisoned (getters and Proxy traps that throw, revoked Proxies, cycles, huge sparse arrays, lone
// surrogates, `__proto__` keys, 100 000-character strings), gives a result or a genuine EndpointError:
// never another exception, never a hang, never an object a caller's getter threw.
//
// The hostile values are generated as plain recipes (so that a counterexample prints) and built fresh in
// each run. The properties of scripts/fuzz.mjs (`npm run fuzz`, against dist/) run here against src/.
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { deepFreeze, hostileProperties, isDeepFrozen } from "../../scripts/fuzz.mjs"
import * as lib from "../../src/index.js"
import { EndpointError } from "../../src/index.js"
import { arbRoute } from "./arbitraries.js"
import { arbModel } from "./model.js"

type Lib = typeof lib

// -------------------------------------------------------------------------------------------------
// hostile values, as recipes
// -------------------------------------------------------------------------------------------------

const THROWN = ["Error", "TypeError", "string", "undefined", "forged EndpointError", "genuine EndpointError", "Proxy"] as const
type Thrown = (typeof THROWN)[number]
const TRAPS = ["get", "ownKeys", "getOwnPropertyDescriptor", "getPrototypeOf", "has"] as const

type Recipe =
  | { readonly kind: "getter"; readonly key: string; readonly thrown: Thrown }
  | { readonly kind: "member getter"; readonly thrown: Thrown }
  | { readonly kind: "trap"; readonly trap: (typeof TRAPS)[number]; readonly array: boolean }
  | { readonly kind: "revoked"; readonly array: boolean }
  | { readonly kind: "cycle"; readonly array: boolean }
  | { readonly kind: "sparse"; readonly length: number }
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "__proto__"; readonly inner: unknown }

const KEYS = ["url", "method", "a", "owner", "q", "accept", "format", "previews", "x", "0", "__proto__", "constructor"]
const arbRecipe: fc.Arbitrary<Recipe> = fc.oneof(
  fc.record({ kind: fc.constant("getter" as const), key: fc.constantFrom(...KEYS), thrown: fc.constantFrom(...THROWN) }),
  fc.record({ kind: fc.constant("member getter" as const), thrown: fc.constantFrom(...THROWN) }),
  fc.record({ kind: fc.constant("trap" as const), trap: fc.constantFrom(...TRAPS), array: fc.boolean() }),
  fc.record({ kind: fc.constant("revoked" as const), array: fc.boolean() }),
  fc.record({ kind: fc.constant("cycle" as const), array: fc.boolean() }),
  fc.record({ kind: fc.constant("sparse" as const), length: fc.constantFrom(3, 65, 2 ** 20, 2 ** 32 - 1) }),
  fc.record({
    kind: fc.constant("text" as const),
    text: fc.oneof(
      fc.constantFrom("\ud800", "a\udfff", "\udc00\ud800", "a\r\nX-Injected: 1", "\u0000", "..", "%2e%2e", "//evil.com", "@evil.com", "https://evil.com"),
      fc.constantFrom("a", "{a}", "/.", "%", "\r\n", "é", "-preview").map((piece) => piece.repeat(Math.ceil(100_000 / piece.length))),
      fc.string({ unit: "binary", maxLength: 8 }),
    ),
  }),
  fc.record({ kind: fc.constant("__proto__" as const), inner: fc.constantFrom(1, "x", { polluted: true }, ["polluted"]) }),
)

/** What a hostile value built in one run threw from its getters and traps: none may come back as the library's error. */
type Thrower = { readonly thrown: Set<unknown>; readonly throwing: (t: Thrown) => () => never }
const thrower = (): Thrower => {
  const thrown = new Set<unknown>()
  const make = (t: Thrown): unknown => {
    switch (t) {
      case "Error": return new Error("boom")
      case "TypeError": return new TypeError("boom")
      case "string": return "boom"
      case "undefined": return undefined
      case "forged EndpointError":
        return Object.create(EndpointError.prototype, { path: { value: "url" }, problem: { value: "forged" }, message: { value: "url: forged" } })
      case "genuine EndpointError": return new EndpointError("forged", "by a caller")
      case "Proxy": {
        const fail = (): never => {
          throw new Error("trap")
        }
        return new Proxy({}, { get: fail, getPrototypeOf: fail, has: fail, ownKeys: fail, getOwnPropertyDescriptor: fail })
      }
    }
  }
  return {
    thrown,
    throwing: (t) => () => {
      const e = make(t)
      if (typeof e === "object" && e !== null) thrown.add(e)
      throw e
    },
  }
}

/** The value a recipe stands for, built fresh. */
const build = (r: Recipe, t: Thrower): unknown => {
  switch (r.kind) {
    case "getter":
      return Object.defineProperty({ other: 1 }, r.key, { get: t.throwing(r.thrown), enumerable: true })
    case "member getter":
      return Object.defineProperty(["a", "b"], 1, { get: t.throwing(r.thrown), enumerable: true })
    case "trap":
      return new Proxy(r.array ? ["a"] : { a: 1, url: "/x" }, { [r.trap]: t.throwing("Error") })
    case "revoked": {
      const { proxy, revoke } = Proxy.revocable(r.array ? [] : {}, {})
      revoke()
      return proxy
    }
    case "cycle": {
      const c: any = r.array ? [] : {}
      if (r.array) c.push("a", c)
      else c.self = c
      return c
    }
    case "sparse":
      return Object.assign([], { length: r.length })
    case "text":
      return r.text
    case "__proto__":
      return Object.defineProperty({}, "__proto__", { value: r.inner, enumerable: true, writable: true, configurable: true })
  }
}

/** Where a hostile value goes in the options. */
type Place =
  | { readonly at: "whole options" }
  | { readonly at: "top"; readonly key: string }
  | { readonly at: "headers" | "request"; readonly key: string }
  | { readonly at: "field"; readonly field: "headers" | "request" | "mediaType" | "data" | "url" | "baseUrl" | "method" }
  | { readonly at: "mediaType"; readonly key: "format" | "previews" }
  | { readonly at: "preview" | "list member" | "record member"; readonly key: string }
const arbPlace: fc.Arbitrary<Place> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ at: "whole options" as const }) },
  { weight: 4, arbitrary: fc.record({ at: fc.constant("top" as const), key: fc.constantFrom("a", "owner", "repo", "q", "p", "fields[]", "__proto__", "constructor", "prototype") }) },
  { weight: 2, arbitrary: fc.record({ at: fc.constantFrom("headers" as const, "request" as const), key: fc.constantFrom("accept", "x-a", "__proto__", "constructor") }) },
  { weight: 2, arbitrary: fc.record({ at: fc.constant("field" as const), field: fc.constantFrom("headers" as const, "request" as const, "mediaType" as const, "data" as const, "url" as const, "baseUrl" as const, "method" as const) }) },
  { weight: 1, arbitrary: fc.record({ at: fc.constant("mediaType" as const), key: fc.constantFrom("format" as const, "previews" as const) }) },
  { weight: 3, arbitrary: fc.record({ at: fc.constantFrom("preview" as const, "list member" as const, "record member" as const), key: fc.constantFrom("a", "owner", "q") }) },
)

/** A defined own property, as a caller's object literal or JSON.parse makes it (`__proto__` too). */
const define = (o: Record<string, unknown>, key: string, value: unknown): void => {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true })
}
/** A fresh copy of a field to put a hostile value in; a field that is hostile itself already starts over. */
const copy = (u: unknown): Record<string, unknown> => {
  try {
    return { ...(u as object) }
  } catch {
    return {}
  }
}

/** Options of the model, as flat options, with each hostile value put in its place. */
const poisoned = (base: Record<string, unknown>, poisons: ReadonlyArray<readonly [Place, Recipe]>, t: Thrower): unknown => {
  let o: any = structuredClone(base)
  for (const [place, recipe] of poisons) {
    const value = build(recipe, t)
    if (place.at === "whole options") return value
    if (place.at === "top") define(o, place.key, value)
    else if (place.at === "field") define(o, place.field, value)
    else if (place.at === "headers" || place.at === "request") define((o[place.at] = copy(o[place.at])), place.key, value)
    else if (place.at === "mediaType") define((o.mediaType = copy(o.mediaType)), place.key, value)
    else if (place.at === "preview") o.mediaType = { ...copy(o.mediaType), previews: ["a", value] }
    else if (place.at === "list member") define(o, place.key, ["x", value])
    else define(o, place.key, { k: "x", m: value })
  }
  return o
}

const TEMPLATES = ["/x", "/repos/{owner}/{repo}", "/x/{a}{?q}", "/x{/a*}{?q*}", "{+a}/x", "https://api.github.com{+a}", "/x/:a", "/{__proto__}"]
const arbOptions = fc
  .tuple(arbModel, fc.constantFrom(...TEMPLATES), fc.array(fc.tuple(arbPlace, arbRecipe), { minLength: 1, maxLength: 3 }))
  .map(([model, url, poisons]) => ({ base: { ...lib.Options.encode(model), url } as Record<string, unknown>, poisons }))
const arbRouteOrHostile = fc.oneof({ weight: 3, arbitrary: arbRoute }, { weight: 1, arbitrary: arbRecipe })

// -------------------------------------------------------------------------------------------------
// the check: a result or a genuine EndpointError, and never the object a caller threw
// -------------------------------------------------------------------------------------------------

/** Runs each entry; an entry that throws may throw only a genuine EndpointError, an Either entry never throws. */
const checker = (L: Lib, t: Thrower) => {
  const genuine = (label: string, e: unknown): void => {
    if (!L.isEndpointError(e)) throw new Error(`${label} gave something other than an EndpointError: ${describe_(e)}`)
    if (t.thrown.has(e)) throw new Error(`${label} handed back the object a caller's getter threw`)
  }
  return {
    throws: (label: string, f: () => unknown): unknown => {
      try {
        return f()
      } catch (e) {
        genuine(label, e)
        return undefined
      }
    },
    either: (label: string, f: () => unknown): unknown => {
      let r: any
      try {
        r = f()
      } catch (e) {
        throw new Error(`${label} threw (an Either entry must not): ${describe_(e)}`)
      }
      if (r?._tag === "Left") genuine(label, r.left)
      else if (r?._tag !== "Right") throw new Error(`${label} returned no Either`)
      return r._tag === "Right" ? r.right : undefined
    },
    code: (label: string, f: () => number): void => {
      let code: number
      try {
        code = f()
      } catch (e) {
        throw new Error(`${label} threw (it returns an exit code): ${describe_(e)}`)
      }
      if (code !== 0 && code !== 1 && code !== 2) throw new Error(`${label} returned ${code}`)
    },
  }
}
const describe_ = (u: unknown): string => {
  try {
    return u instanceof Error ? `${u.name}: ${u.message}`.slice(0, 200) : typeof u
  } catch {
    return "an unreadable value"
  }
}

type Run = (L: Lib, c: ReturnType<typeof checker>, input: unknown, route: unknown, make: () => unknown) => void

/** The entries, by family; each family is one property, so that a failure in one does not hide another's. */
const FAMILIES: ReadonlyArray<readonly [string, Run]> = [
  ["endpoint, endpoint.defaults, merge, parse and either", (L, c, o, r) => {
    const e = L.endpoint as any
    c.throws("endpoint(options)", () => e(o))
    c.throws("endpoint(route, options)", () => e(r, o))
    c.throws("endpoint(options, options)", () => e(o, o))
    c.throws("endpoint.merge(route, options)", () => e.merge(r, o))
    c.throws("endpoint.merge(options)", () => e.merge(o))
    c.throws("endpoint.parse", () => e.parse(o))
    c.either("endpoint.either(options)", () => e.either(o))
    c.either("endpoint.either(route, options)", () => e.either(r, o))
    const derived = c.throws("endpoint.defaults", () => e.defaults(o)) as any
    if (derived !== undefined) {
      if (!isDeepFrozen(derived.DEFAULTS)) throw new Error("endpoint.defaults(o).DEFAULTS is not frozen")
      c.throws("derived(route)", () => derived(r))
      c.throws("derived(route, options)", () => derived(r, { a: 1 }))
    }
    c.throws("defaults, then a request with the options", () => e.defaults({ a: 1, request: { x: 1 } })(r, o))
  }],
  ["Options.decode, Merge.merge and Parse.parse (the options also as a hand-built model)", (L, c, o, r) => {
    const decoded = c.either("Options.decode", () => L.Options.decode(o)) as lib.Options.Options | undefined
    const defaults = L.Options.decode(L.endpoint.DEFAULTS)
    if (defaults._tag === "Right") {
      c.either("Merge.merge(DEFAULTS, route, options)", () => L.Merge.merge(defaults.right, r, o))
      c.either("Merge.merge(DEFAULTS, options, options)", () => L.Merge.merge(defaults.right, o, o))
    }
    c.either("Merge.merge(options as defaults)", () => L.Merge.merge(o as never, r))
    c.either("Parse.parse(options as the model)", () => L.Parse.parse(o as never))
    c.either("Options.rebuild", () => L.Options.rebuild(o as never))
    if (decoded !== undefined) {
      c.either("Parse.parse(decoded)", () => L.Parse.parse(decoded))
      c.either("Merge.merge(decoded, route)", () => L.Merge.merge(decoded, r))
    }
  }],
  ["Template.parse and Template.expand, Route.parse", (L, c, o, r, make) => {
    let url: unknown
    try {
      url = (o as any)?.url
    } catch {
      url = undefined // the options are hostile themselves: the entries above read them
    }
    for (const source of [r, url, make()]) {
      c.either("Route.parse", () => L.Route.parse(source as never))
      const t = c.either("Template.parse", () => L.Template.parse(source as never)) as lib.Template.Template | undefined
      c.either("Template.parse(rfc6570)", () => L.Template.parse(source as never, "rfc6570"))
      if (t !== undefined) c.either("Template.expand(options)", () => L.Template.expand(o as never)(t))
    }
    const t = L.Template.parse("/x/{a}{/owner*}{?q,x}")
    if (t._tag === "Right") {
      c.either("Template.expand(options)", () => L.Template.expand(o as never)(t.right))
      c.either("Template.expand(hostile values)", () => L.Template.expand({ a: make(), owner: make(), q: make() } as never)(t.right))
    }
    c.either("Template.expand(hostile template)", () => L.Template.expand({ a: 1 })(make() as never))
  }],
  ["toRequestInit and toRequest, on results and on the options themselves", (L, c, o, r, make) => {
    const built = c.throws("endpoint", () => (L.endpoint as any)(r, o)) as lib.RequestOptions | undefined
    const forged = [
      o,
      { method: "POST", url: "https://h.example/", headers: { "content-type": "application/json" }, body: make() },
      { method: "POST", url: "https://h.example/", headers: make(), body: "x" },
      { method: "GET", url: "https://h.example/", headers: {}, request: make() },
      { method: make(), url: make(), headers: { "x-a": make() } },
    ]
    for (const result of built === undefined ? forged : [built, ...forged]) {
      c.throws("toRequestInit", () => L.toRequestInit(result as never))
      c.throws("toRequest", () => L.toRequest(result as never))
      c.either("toRequestInitEither", () => L.toRequestInitEither(result as never))
      c.either("toRequestEither", () => L.toRequestEither(result as never))
      c.throws("CommandLine.toCurl", () => L.CommandLine.toCurl(result as never))
    }
  }],
  ["CommandLine.parseArgs, render and main", (L, c, o, r, make) => {
    const io = { stdout: () => {}, stderr: () => {}, readFile: () => make() as string, stdin: () => make() as string }
    for (const output of ["json", "merge", "curl"] as const) {
      c.either(`render ${output}`, () => L.CommandLine.render({ _tag: "Build", route: r as string, options: o as never, output }))
      c.either(`render ${output}, with a query`, () => L.CommandLine.render({ _tag: "Build", route: "POST /x", options: {}, output, query: o as never }))
    }
    c.either("render(hostile command)", () => L.CommandLine.render(make() as never))
    const argvs = [[r, "a=1"], [r, "a=@f", "b:=@g"], ["POST /x", make()], make(), Object.assign(["GET /x"], { 1: make() }), [, "GET /x"]]
    for (const argv of argvs) {
      c.either("parseArgs", () => L.CommandLine.parseArgs(argv as never, io))
      c.code("main", () => L.CommandLine.main(argv as never, io))
    }
    c.either("parseArgs with hostile io", () => L.CommandLine.parseArgs(["POST /x", "a=@f"], make() as never))
    c.code("main with hostile io", () => L.CommandLine.main(["POST /x", "a=@f"], make() as never))
  }],
  ["Pipeline steps (data-first), build, buildWith and merged", (L, c, o, r, make) => {
    const P = L.Pipeline as any
    let routed: unknown
    c.either("Pipeline.route", () => (routed = P.route(r, o)))
    const drafts = [routed, P.route("POST /x/{a}"), P.empty, { _tag: "Right", right: o }, make(), { _tag: "Left", left: make() }]
    for (const draft of drafts) {
      for (const [name, args] of [
        ["with", [o]], ["params", [make()]], ["param", ["a", make()]], ["param", [make(), 1]], ["header", ["x-a", make()]], ["header", [make(), "1"]],
        ["headers", [make()]], ["authorization", [make()]], ["baseUrl", [make()]], ["previews", [make()]], ["format", [make()]], ["data", [make()]], ["meta", [make()]],
      ] as const) {
        c.either(`Pipeline.${name}`, () => P[name](draft, ...args))
        c.either(`Pipeline.build(${name})`, () => P.build(P[name](draft, ...args)))
      }
      c.either("Pipeline.build", () => P.build(draft))
      c.either("Pipeline.merged", () => P.merged(draft))
      c.either("Pipeline.buildWith(options)", () => P.buildWith(o)(draft))
      c.either("Pipeline.buildWith(hostile)", () => P.buildWith(make())(draft))
    }
  }],
  ["Pipeline steps (data-last) are functions that give a Draft", (L, c, o, _r, make) => {
    const P = L.Pipeline as any
    for (const [name, args] of [["with", [o]], ["params", [make()]], ["param", ["a", make()]], ["header", ["x-a", make()]], ["headers", [make()]], ["authorization", [make()]], ["baseUrl", [make()]], ["previews", [make()]], ["format", [make()]], ["data", [make()]], ["meta", [make()]]] as const) {
      const step = P[name](...args)
      if (typeof step !== "function") throw new Error(`Pipeline.${name}(...) (data-last) is no function: ${describe_(step)}`)
      c.either(`pipe(draft, Pipeline.${name}(...))`, () => step(P.route("POST /x/{a}")))
    }
  }],
]

/** The hostile properties for a copy of the library (the test below gives it broken copies too). */
const hostileFamilies = (L: Lib) =>
  FAMILIES.map(([name, run]) => ({
    name,
    property: fc.property(arbOptions, arbRouteOrHostile, fc.array(arbRecipe, { minLength: 1, maxLength: 4 }), ({ base, poisons }, route, extras) => {
      const t = thrower()
      const input = poisoned(base, poisons, t)
      const r = typeof route === "string" ? route : build(route, t)
      let i = 0
      run(L, checker(L, t), input, r, () => build(extras[i++ % extras.length]!, t))
      if (({} as Record<string, unknown>).polluted !== undefined) throw new Error("Object.prototype was polluted")
    }),
  }))

describe("every public entry, under hostile values, gives a result or an EndpointError", () => {
  for (const { name, property } of hostileFamilies(lib)) {
    test(name, () => {
      fc.assert(property, { numRuns: 150 })
    })
  }
})

describe("the hostile properties can fail", () => {
  const familyOf = (L: unknown, name: string) => hostileFamilies(L as Lib).find((p) => p.name.startsWith(name))!.property

  // stubs that are right but for one entry, so that only that entry can fail the property
  const left = () => ({ _tag: "Left", left: new EndpointError("stub", "refused") })
  const refusing = () => {
    throw new EndpointError("stub", "refused")
  }

  test("an endpoint whose parse reads the options outside the library's guard fails", () => {
    const stub: any = Object.assign(refusing, {
      DEFAULTS: lib.endpoint.DEFAULTS,
      merge: refusing,
      either: left,
      defaults: () => stub,
      parse: (o: unknown) => {
        JSON.stringify(o) // a getter's error, a cycle's TypeError: not the library's
        return refusing()
      },
    })
    const details = fc.check(familyOf({ ...lib, endpoint: stub }, "endpoint,"), { numRuns: 300 })
    expect([details.failed, String(details.errorInstance)]).toEqual([true, expect.stringMatching(/endpoint.parse gave something other than an EndpointError/)])
  })

  test("an entry that hands back the object a caller's getter threw fails", () => {
    const rethrowing = (u: unknown) => {
      try {
        JSON.stringify(u)
      } catch (e) {
        return { _tag: "Left", left: e } // what a getter threw, as if it were the library's error
      }
      return left()
    }
    const stub = { ...lib, isEndpointError: () => true, Options: { ...lib.Options, decode: rethrowing, rebuild: left }, Merge: { merge: left }, Parse: { parse: left } }
    const details = fc.check(familyOf(stub, "Options.decode"), { numRuns: 300 })
    expect([details.failed, String(details.errorInstance)]).toEqual([true, expect.stringMatching(/Options.decode handed back the object a caller's getter threw/)])
  })

  test("an Either entry that throws fails", () => {
    const throwing = { ...lib.Template, parse: () => { throw new TypeError("boom") } }
    const details = fc.check(familyOf({ ...lib, Template: throwing }, "Template"), { numRuns: 20 })
    expect([details.failed, String(details.errorInstance)]).toEqual([true, expect.stringMatching(/Template.parse threw \(an Either entry must not\): TypeError: boom/)])
  })
})

// -------------------------------------------------------------------------------------------------
// the properties of scripts/fuzz.mjs, against src/
// -------------------------------------------------------------------------------------------------

const RUNS: Record<string, number> = { "every entry: realistic": 300, "every entry: arbitrary": 300, frozen: 200 }

describe("the properties of scripts/fuzz.mjs (src/)", () => {
  const properties = hostileProperties({ fc, lib, FOREIGN: "reading the input failed" })

  test("the list still has every property this file runs or leaves out", () => {
    for (const prefix of [...Object.keys(RUNS), "query: values", "query: arrays", "command line: parseArgs"]) {
      expect(properties.some((p) => p.name.startsWith(prefix)), prefix).toBe(true)
    }
  })

  for (const { name, property } of properties) {
    const runs = Object.entries(RUNS).find(([prefix]) => name.startsWith(prefix))?.[1] ?? 500
    test(name, () => {
      fc.assert(property, { numRuns: runs })
    })
  }

  test("isDeepFrozen, which the frozen property relies on, sees an unfrozen nested object", () => {
    expect(isDeepFrozen(Object.freeze({ a: Object.freeze({ b: {} }) }))).toBe(false)
    expect(isDeepFrozen(deepFreeze({ a: { b: [{}] } }))).toBe(true)
    expect(isDeepFrozen(lib.endpoint.DEFAULTS)).toBe(true)
  })

  test("a library that throws a TypeError fails 'every entry'", () => {
    const broken = hostileProperties({ fc, lib: { ...lib, Route: { parse: () => { throw new TypeError("boom") } } }, FOREIGN: "reading the input failed" })
      .find((p) => p.name.startsWith("every entry: realistic"))!.property
    const details = fc.check(broken, { numRuns: 20 })
    expect([details.failed, String(details.errorInstance)]).toEqual([true, expect.stringMatching(/Route.parse threw \(an Either API must not\): TypeError: boom/)])
  })
})
