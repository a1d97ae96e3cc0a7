// One test per attack on the input boundary (issue 4, SPEC §3.4 and §7).
// Every attack must end in a result or an EndpointError: never another
// error, never a polluted prototype, never a mutated input, never a hang.
import * as E from "fp-ts/lib/Either.js"
import { afterEach, describe, expect, it } from "vitest"
import { pipe } from "fp-ts/lib/function.js"
import { CommandLine, endpoint as typedEndpoint, EndpointError, isEndpointError, Merge, Options, Parse, Request, Route, Template, toRequest, toRequestEither, toRequestInit, toRequestInitEither, type RequestOptions,  } from "../src/index.js"
import { isPlainObject } from "../src/internal/object.js"
import { concatFlat, decoded, mergeDefaults, mergeOver, orThrow, parseFlat } from "./helpers.js"
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"

/** The problem of an EndpointError made from a foreign exception (src/internal/either.ts). */
const FOREIGN = "reading the input failed"

/**
 * A size well past any small-object path: the tests of "large options" were
 * written against the old core's threshold (128 keys), which the new core no
 * longer has; they still check that large options behave as small ones.
 */
const LARGE = 128

// -------------------------------------------------------------------------------------
// helpers
// -------------------------------------------------------------------------------------

/**
 * `endpoint` without its compile-time checks: attacks come from data the type
 * checker never sees (JSON, form fields), so the runtime must hold on its own.
 */
interface Loose {
  (...args: Array<any>): RequestOptions
  readonly DEFAULTS: Options.FlatOptions & Record<string, any>
  defaults(options: any): Loose
  merge(...args: Array<any>): Options.FlatOptions & Record<string, any>
  parse(options: any): RequestOptions
  either(...args: Array<any>): E.Either<EndpointError, RequestOptions>
}
const endpoint = typedEndpoint as unknown as Loose

/** The EndpointError `f` throws; fails the test when it returns or throws anything else. */
const endpointError = (f: () => unknown): EndpointError => {
  let thrown: unknown
  try {
    f()
  } catch (e) {
    thrown = e
  }
  expect(thrown, "expected an EndpointError to be thrown").toBeInstanceOf(EndpointError)
  return thrown as EndpointError
}

/** Either a result or an EndpointError; anything else thrown fails the test. */
const resultOrEndpointError = <A>(f: () => A): A | EndpointError => {
  try {
    return f()
  } catch (e) {
    expect(e).toBeInstanceOf(EndpointError)
    return e as EndpointError
  }
}

const timed = <A>(f: () => A): [A, number] => {
  const start = performance.now()
  const a = f()
  return [a, performance.now() - start]
}

const deepFreeze = <A>(value: A): A => {
  const stack: Array<unknown> = [value]
  const seen = new Set<unknown>()
  while (stack.length > 0) {
    const u = stack.pop()
    if (typeof u !== "object" || u === null || seen.has(u)) continue
    seen.add(u)
    Object.freeze(u)
    for (const k of Object.keys(u)) stack.push((u as Record<string, unknown>)[k])
  }
  return value
}

/** `depth` levels of `{ [key]: … }` ending in `leaf`, built without recursion. */
const nested = (depth: number, key = "a", leaf: unknown = 1): Record<string, unknown> => {
  let o: Record<string, unknown> = { [key]: leaf }
  for (let i = 1; i < depth; i++) o = { [key]: o }
  return o
}

/** The depth of `{ a: { a: … } }`, counted without recursion. */
const depthOf = (o: unknown, key = "a"): number => {
  let d = 0
  let cur = o
  while (isPlainObject(cur) && Object.prototype.hasOwnProperty.call(cur, key)) {
    d++
    cur = cur[key]
  }
  return d
}

const POLLUTION_KEYS = ["polluted", "x", "injected"]

const assertCleanPrototypes = (): void => {
  for (const k of POLLUTION_KEYS) {
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, k), `Object.prototype.${k}`).toBe(false)
    expect(({} as Record<string, unknown>)[k]).toBeUndefined()
    expect(Object.prototype.hasOwnProperty.call(Array.prototype, k), `Array.prototype.${k}`).toBe(false)
    expect(Object.prototype.hasOwnProperty.call(Function.prototype, k), `Function.prototype.${k}`).toBe(false)
  }
  expect(Object.getPrototypeOf({})).toBe(Object.prototype)
  expect(Object.getPrototypeOf(endpoint.DEFAULTS)).toBe(Object.prototype)
}

afterEach(() => {
  assertCleanPrototypes()
})

const BASE = "https://api.example.com"

// -------------------------------------------------------------------------------------
// header injection
// -------------------------------------------------------------------------------------

describe("header injection", () => {
  for (const [label, bad] of [
    ["CR", "a\rX-Injected: 1"],
    ["LF", "a\nX-Injected: 1"],
    ["CRLF", "a\r\nX-Injected: 1"],
    ["NUL", "a\u0000b"],
  ] as const) {
    it(`a header value with ${label} is an EndpointError naming the header, in every entry`, () => {
      const options = { headers: { "X-Evil": bad } }
      const e = endpointError(() => endpoint("GET /x", options))
      expect(e.path).toBe("headers.X-Evil")
      expect(e.message).toMatch(/CR, LF or NUL/)
      endpointError(() => endpoint({ url: "/x", ...options }))
      endpointError(() => endpoint.defaults(options))
      endpointError(() => endpoint.merge("GET /x", options))
      endpointError(() => endpoint.parse({ method: "GET", url: "/x", ...options }))
      expect(E.isLeft(endpoint.either("GET /x", options))).toBe(true)
      expect(E.isLeft(endpoint.either({ url: "/x", ...options }))).toBe(true)
      expect(E.isLeft(Options.decode(options))).toBe(true)
      expect(E.isLeft(mergeDefaults("GET /x", options))).toBe(true)
      expect(E.isLeft(parseFlat({ url: "/x", ...options }))).toBe(true)
      expect(E.isLeft(pipe(Request.route("GET /x"), Request.headers(options.headers), Request.build))).toBe(true)
      expect(E.isLeft(pipe(Request.fromOptions({ url: "/x", ...options }), Request.build))).toBe(true)
    })
  }

  it("CR/LF/NUL cannot reach the accept header through mediaType.format or previews", () => {
    endpointError(() => endpoint("GET /x", { mediaType: { format: "raw\r\nX-Injected: 1" } }))
    endpointError(() => endpoint("GET /x", { mediaType: { previews: ["a\nX-Injected: 1"] } }))
    endpointError(() => endpoint("GET /x", { mediaType: { previews: ["ok", "a\u0000"] } }))
    endpointError(() => endpoint.defaults({ mediaType: { format: "\r" } }))
  })

  for (const [label, name] of [
    ["a space", "X Evil"],
    ["a colon", "X-Evil:"],
    ["CRLF", "X\r\nInjected"],
    ["non-ASCII", "X-Évil"],
    ["a non-BMP character", "X-\u{1F600}"],
    ["a lone surrogate", "X-\ud800"],
    ["nothing (the empty name)", ""],
    ["a slash", "X/Evil"],
    ["a NUL", "X\u0000"],
  ] as const) {
    it(`a header name with ${label} is an EndpointError (not an RFC 9110 token)`, () => {
      const e = endpointError(() => endpoint("GET /x", { headers: { [name]: "v" } }))
      expect(e.path.startsWith("headers")).toBe(true)
      expect(e.problem).toMatch(/token/)
      expect(E.isLeft(Options.decode({ headers: { [name]: "v" } }))).toBe(true)
    })
  }

  it("a header value that is neither string nor number is an EndpointError", () => {
    for (const v of [{}, [], true, 1n, () => "x", Symbol("s"), Infinity, NaN]) {
      const e = endpointError(() => endpoint("GET /x", { headers: { "x-v": v } }))
      expect(e.path).toBe("headers.x-v")
    }
  })

  it("CR, LF or NUL in baseUrl (used verbatim in the url) is an EndpointError", () => {
    // before the fix: endpoint("GET /x", { baseUrl: "https://a\r\nHost: evil" }).url kept the CRLF;
    // now such a baseUrl is not an absolute http(s) url, which a baseUrl must be
    for (const bad of ["https://a\r\nHost: evil.example", "https://a\n", "https://a\r", "https://a\u0000.b", "https://a/\r\nb"]) {
      const e = endpointError(() => endpoint("GET /x", { baseUrl: bad }))
      expect(e.path).toBe("baseUrl")
      expect(e.problem).toMatch(/absolute http\(s\) url/)
      expect(e.message).not.toMatch(/[\r\n\0]/)
      endpointError(() => endpoint.defaults({ baseUrl: bad }))
      endpointError(() => endpoint.merge("GET /x", { baseUrl: bad }))
      expect(E.isLeft(endpoint.either("GET /x", { baseUrl: bad }))).toBe(true)
      expect(E.isLeft(Options.decode({ baseUrl: bad }))).toBe(true)
      expect(E.isLeft(pipe(Request.route("GET /x"), Request.baseUrl(bad), Request.build))).toBe(true)
    }
  })

  it("a baseUrl that is not an absolute http(s) url without query or fragment is an EndpointError; \"\" is allowed", () => {
    for (const bad of ["/relative", "api.example.com", "ftp://a.example", "javascript:alert(1)", "https://", "https://a.example/api?x=1", "https://a.example#f", " https://a.example", "https://a .example"]) {
      const e = endpointError(() => endpoint("GET /x", { baseUrl: bad }))
      expect(e.path, bad).toBe("baseUrl")
    }
    expect(endpoint("GET /x", { baseUrl: "" }).url).toBe("/x")
    expect(endpoint("GET /x", { baseUrl: "HTTP://A.example:8080/v3/" }).url).toBe("HTTP://A.example:8080/v3/x")
  })

  it("CR, LF and NUL in url and parameter values are percent-encoded, never raw in the url", () => {
    const r = endpoint("GET /x/{id}", { baseUrl: BASE, id: "a\r\nb\u0000", q2: "c\r\nd" })
    expect(r.url).toBe(`${BASE}/x/a%0D%0Ab%00?q2=c%0D%0Ad`)
    expect(endpoint({ url: "/x\u0000y", baseUrl: BASE }).url).toBe(`${BASE}/x%00y`)
    expect(endpointError(() => endpoint({ url: "/x\r\ny", baseUrl: BASE })).path).toBe("url") // URL parsers would drop them
    // in a route, CR and LF are whitespace: they separate the method from the url
    endpointError(() => endpoint("GET /x\r\ny"))
  })
})

// -------------------------------------------------------------------------------------
// prototype pollution
// -------------------------------------------------------------------------------------

describe("prototype pollution: __proto__, constructor and prototype travel as ordinary data", () => {
  const DANGEROUS = ["__proto__", "constructor", "prototype"] as const

  for (const key of DANGEROUS) {
    const payload = (inner: string): unknown => JSON.parse(`{"${key}": ${inner}}`)

    it(`${key} at the top level of options is a parameter (query for GET, body for POST)`, () => {
      const options = payload(`{"polluted": "yes"}`) as Record<string, unknown>
      expect(Object.keys(options)).toEqual([key])
      endpointError(() => endpoint("GET /x", options)) // a plain object cannot be a query value
      const post = endpoint("POST /x", options)
      expect(post.body).toBeDefined()
      const body = post.body as Record<string, unknown>
      expect(Object.keys(body)).toEqual([key])
      expect(Object.getPrototypeOf(body)).toBe(Object.prototype)
      expect(Object.getOwnPropertyDescriptor(body, key)?.value).toEqual({ polluted: "yes" })

      const scalar = JSON.parse(`{"${key}": "v"}`) as object
      const get = endpoint("GET /x", { baseUrl: BASE, ...scalar })
      expect(new URL(get.url).searchParams.get(key)).toBe("v")
      const merged = endpoint.merge("GET /x", scalar) as Record<string, unknown>
      expect(Object.getOwnPropertyDescriptor(merged, key)?.value).toBe("v")
      expect(Object.getPrototypeOf(merged)).toBe(Object.prototype)
    })

    it(`${key} as a header name is an ordinary header`, () => {
      const headers = payload(`"v"`)
      const r = endpoint("GET /x", { headers })
      expect(Object.getOwnPropertyDescriptor(r.headers, key)?.value).toBe("v")
      expect(Object.getPrototypeOf(r.headers)).toBe(Object.prototype)
      // an object value under such a header name is still refused
      endpointError(() => endpoint("GET /x", { headers: payload(`{"polluted": 1}`) }))
      const d = endpoint.defaults({ headers })
      expect(Object.getOwnPropertyDescriptor(d.DEFAULTS.headers!, key)?.value).toBe("v")
      expect(Object.getPrototypeOf(d.DEFAULTS.headers)).toBe(Object.prototype)
    })

    it(`${key} inside mediaType is an unknown key, an EndpointError`, () => {
      const e = endpointError(() => endpoint("GET /x", { mediaType: payload(`{"polluted": 1}`) }))
      expect(e.path.startsWith("mediaType")).toBe(true)
    })

    it(`${key} inside request merges as data on both sides of defaults, key by key`, () => {
      // request merges deeply: a plain object in both merges key by key, the later value winning
      const d = endpoint.defaults({ request: JSON.parse(`{"${key}": {"polluted": 1, "a": 1}, "kept": 1}`) })
      const given = payload(`{"polluted": 2, "b": 2}`) as Record<string, unknown>
      const r = d("GET /x", { request: given })
      expect(Object.keys(r.request!)).toEqual([key, "kept"])
      const merged = Object.getOwnPropertyDescriptor(r.request, key)?.value
      expect(merged).toStrictEqual({ polluted: 2, a: 1, b: 2 })
      expect(r.request!.kept).toBe(1)
      expect(Object.getPrototypeOf(r.request)).toBe(Object.prototype)
      expect(Object.getPrototypeOf(merged)).toBe(Object.prototype)
      const dr = Object.getOwnPropertyDescriptor(d.DEFAULTS.request, key)?.value
      expect(dr).toEqual({ polluted: 1, a: 1 })
      expect(Object.isFrozen(dr)).toBe(true)
    })

    it(`${key} nested in parameters and defaults is data: the caller's parameter merges into the default's, key by key`, () => {
      const deep = JSON.parse(`{"p": {"${key}": {"${key}": {"polluted": 1}}}, "q": 1}`) as Record<string, unknown>
      const deeper = JSON.parse(`{"p": {"${key}": {"${key}": {"x": 2}}}}`) as Record<string, unknown>
      const d = endpoint.defaults(deep)
      const r = d("POST /x", deeper)
      expect(Object.keys(r.body as object)).toEqual(["p", "q"])
      const p = (r.body as Record<string, Record<string, Record<string, unknown>>>).p!
      const level1 = Object.getOwnPropertyDescriptor(p, key)?.value as object
      const level2 = Object.getOwnPropertyDescriptor(level1, key)?.value as object
      expect(level2).toStrictEqual({ polluted: 1, x: 2 })
      for (const o of [p, level1, level2]) expect(Object.getPrototypeOf(o)).toBe(Object.prototype)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      // and through Options.concat (of decoded models) and Merge.merge
      const c = Options.concat(decoded(deep), decoded(deeper))
      expect(Object.keys(c.params)).toEqual(["p", "q"])
      const merged = `{"p":{"${key}":{"${key}":{"polluted":1,"x":2}}},"q":1}`
      expect(JSON.stringify(c.params)).toBe(merged)
      expect(JSON.stringify(concatFlat(deep, deeper))).toBe(merged)
      const m = mergeOver(deep, "POST /x", deeper)
      expect(E.isRight(m) && JSON.stringify(m.right.params)).toBe(merged)
    })

    it(`${key} in a template record and a template name expands as data`, () => {
      const values = JSON.parse(`{"${key}": "v", "rec": {"${key}": "w"}}`) as object
      const r = endpoint(`GET /x/{${key}}{?rec*}`, { baseUrl: BASE, ...values })
      expect(r.url).toBe(`${BASE}/x/v?${key}=w`)
      // a name the caller did not give is undefined, never read from a prototype
      expect(endpoint(`GET /x/{${key}}`, { baseUrl: BASE }).url).toBe(`${BASE}/x/`)
    })
  }

  it("a JSON.parse'd options object with all three keys at every level leaves every prototype clean", () => {
    const all = (inner: string): string => `{"__proto__": ${inner}, "constructor": ${inner}, "prototype": ${inner}}`
    const text = `{
      "method": "POST", "url": "/x/{__proto__}",
      "headers": ${all(`"1"`)},
      "request": ${all(all(`{"polluted": true}`))},
      "nested": ${all(all(`{"polluted": true}`))},
      "__proto__": "p", "constructor": ${all(`"c"`)}, "prototype": ${all(`{"polluted": true}`)}
    }`
    const options = JSON.parse(text) as object
    const defaults = JSON.parse(`{"request": ${all(`{"injected": 1}`)}, "nested": ${all(`{"x": 1}`)}}`) as object
    const before = structuredClone(options)
    const e = endpoint.defaults(defaults)
    const r = e(options)
    expect(r.url).toBe("https://api.github.com/x/p")
    expect(Object.keys(r.body as object)).toEqual(["nested", "constructor", "prototype"])
    expect(Object.keys(r.request!)).toEqual(["__proto__", "constructor", "prototype"])
    expect(structuredClone(options)).toEqual(before)
    const constructor = Object.getOwnPropertyDescriptor(r.request, "constructor")?.value as object // the default's and the caller's, merged
    expect(Object.keys(constructor)).toEqual(["injected", "__proto__", "constructor", "prototype"])
    expect(Object.getPrototypeOf(constructor)).toBe(Object.prototype)
    e.merge(options)
    expect(E.isRight(Options.decode(options))).toBe(true)
    const parsed = parseFlat(options)
    expect(E.isRight(parsed) && parsed.right.url).toBe("/x/p")
    expect(E.isRight(parsed) && parsed.right.request).toBe((options as { request: unknown }).request)
    expect(structuredClone(options)).toEqual(before)
  })
})

// -------------------------------------------------------------------------------------
// deep nesting
// -------------------------------------------------------------------------------------

describe("deep nesting (10 000 levels)", () => {
  const DEPTH = 10_000

  it("in a parameter: POST keeps it by reference, GET refuses it, template expansion refuses it", () => {
    const deep = nested(DEPTH)
    const post = endpoint("POST /x", { deep })
    expect((post.body as { deep: unknown }).deep).toBe(deep)
    endpointError(() => endpoint("GET /x", { deep }))
    endpointError(() => endpoint("GET /x/{deep}", { deep }))
  })

  it("in a parameter, on both sides of defaults: merged key by key all the way down, stack-safe", () => {
    // the deep merge is iterative: 10 000 levels on both sides merge without recursion
    const e = endpoint.defaults({ deep: nested(DEPTH, "a", { left: 1 }), other: nested(DEPTH) })
    const given = nested(DEPTH, "a", { right: 2 })
    const [r, ms] = timed(() => e("POST /x", { deep: given }))
    expect(ms).toBeLessThan(2000)
    const merged = (r.body as { deep: unknown }).deep
    expect(depthOf(merged)).toBe(DEPTH)
    let leaf: unknown = merged
    for (let i = 0; i < DEPTH; i++) leaf = (leaf as Record<string, unknown>).a
    expect(leaf).toStrictEqual({ left: 1, right: 2 })
    expect(depthOf(given)).toBe(DEPTH) // the caller's object is not written to
    expect(depthOf((r.body as { other: unknown }).other)).toBe(DEPTH)
    expect(depthOf(e.DEFAULTS.deep)).toBe(DEPTH)
    let dleaf: unknown = e.DEFAULTS.deep
    for (let i = 0; i < DEPTH; i++) dleaf = (dleaf as Record<string, unknown>).a
    expect(dleaf).toEqual({ left: 1 })
    expect(Object.isFrozen(dleaf)).toBe(true)
  })

  it("in request, on both sides of defaults and merge: key by key all the way down, the later value winning at the leaf", () => {
    const e = endpoint.defaults({ request: { ...nested(DEPTH), d: nested(DEPTH, "a", "d") } })
    const given = nested(DEPTH, "a", { b: 1 })
    const r = e("GET /x", { request: given })
    expect(Object.keys(r.request!)).toEqual(["a", "d"])
    expect(depthOf(r.request)).toBe(DEPTH)
    let leaf: unknown = r.request
    for (let i = 0; i < DEPTH; i++) leaf = (leaf as Record<string, unknown>).a
    expect(leaf).toEqual({ b: 1 }) // an object where the default had 1: it replaces (a replacing record, plain to JSON)
    expect(JSON.stringify(leaf)).toBe('{"b":1}')
    expect(depthOf(r.request!.d)).toBe(DEPTH)
    const m = e.merge("GET /x", { request: nested(DEPTH, "a", { b: 1 }) })
    expect(depthOf(m.request)).toBe(DEPTH)
    expect(Object.keys(m.request!)).toEqual(["a", "d"])
    const mm = mergeOver(e.DEFAULTS, "GET /x", { request: nested(DEPTH) })
    expect(E.isRight(mm)).toBe(true)
    const last = nested(DEPTH, "a", 3)
    const c = Options.concatAll([decoded({ request: nested(DEPTH) }), decoded({ request: nested(DEPTH, "a", 2) }), decoded({ request: last })])
    expect(depthOf(c.request)).toBe(DEPTH)
    let cleaf: unknown = c.request
    for (let i = 0; i < DEPTH; i++) cleaf = (cleaf as Record<string, unknown>).a
    expect(cleaf).toBe(3)
  })

  it("cascading defaults with deep values three times stays linear and stack-safe", () => {
    let e = endpoint
    const [, ms] = timed(() => {
      for (let i = 0; i < 3; i++) e = e.defaults({ request: { a: nested(DEPTH, "a", { [`k${i}`]: i }), [`r${i}`]: i } })
    })
    expect(ms).toBeLessThan(2000)
    // request keys accumulate; the deep values under "a" merge down to the leaf
    expect(Object.keys(e.DEFAULTS.request!)).toEqual(["a", "r0", "r1", "r2"])
    expect(depthOf(e.DEFAULTS.request)).toBe(DEPTH + 1)
    let leaf: unknown = e.DEFAULTS.request
    for (let i = 0; i <= DEPTH; i++) {
      expect(Object.isFrozen(leaf)).toBe(true)
      leaf = (leaf as Record<string, unknown>).a
    }
    expect(leaf).toStrictEqual({ k0: 0, k1: 1, k2: 2 })
    expect(Object.isFrozen(leaf)).toBe(true)
  })

  it("a cyclic request merged with a cyclic default works and keeps the cycle", () => {
    const a: Record<string, unknown> = { x: 1 }
    a.self = a
    const b: Record<string, unknown> = { y: 2 }
    b.self = b
    const e = endpoint.defaults({ request: a })
    const dr = e.DEFAULTS.request as Record<string, unknown>
    expect(dr.self).toBe(dr)
    expect(Object.isFrozen(dr)).toBe(true)
    const r = e("GET /x", { request: b })
    const req = r.request as Record<string, unknown>
    expect(Object.keys(req)).toEqual(["x", "self", "y"])
    expect(req.x).toBe(1)
    expect(req.y).toBe(2)
    // "self" is in both: the two cycles merge into one, the merged record itself
    expect(req.self).toBe(req)
    expect(b.self).toBe(b)
    expect(a.y).toBeUndefined()
    expect(b.x).toBeUndefined()
    const m = e.merge("GET /x", { request: b })
    expect((m.request as Record<string, unknown>).self).toBe(m.request)
  })

  it("a cyclic parameter: body by reference, query and template refuse it", () => {
    const c: Record<string, unknown> = {}
    c.c = c
    expect((endpoint("POST /x", { c }).body as { c: unknown }).c).toBe(c)
    endpointError(() => endpoint("GET /x", { c }))
    endpointError(() => endpoint("GET /x{?c*}", { c }))
    const e = endpoint.defaults({ c })
    const dc = e.DEFAULTS.c as Record<string, unknown>
    expect(dc.c).toBe(dc)
    const given = { d: 1 }
    const r = e("POST /x", { c: given })
    const merged = (r.body as { c: Record<string, unknown> }).c
    expect(Object.keys(merged)).toEqual(["c", "d"]) // merged into the default's: its cycle stays below
    expect(merged.d).toBe(1)
    expect((merged.c as Record<string, unknown>).c).toBe(merged.c) // the defaults' cycle
    const fromDefaults = (e("POST /x").body as { c: Record<string, unknown> }).c
    expect(fromDefaults.c).toBe(fromDefaults) // the defaults' frozen copy keeps the cycle
    expect(Object.isFrozen(fromDefaults)).toBe(true)
  })

  it("deeply nested arrays and a cyclic array never overflow", () => {
    let arr: unknown = [1]
    for (let i = 0; i < DEPTH; i++) arr = [arr]
    const r = resultOrEndpointError(() => endpoint("GET /x", { arr }))
    expect(r).toBeInstanceOf(EndpointError)
    expect((r as EndpointError).problem.startsWith(FOREIGN)).toBe(false)
    const cyc: Array<unknown> = []
    cyc.push(cyc)
    const joined = resultOrEndpointError(() => endpoint("GET /x", { baseUrl: BASE, list: [1, 2, cyc] }))
    expect(joined).toBeInstanceOf(EndpointError) // a list member must be a scalar
    const e = endpoint.defaults({ arr, cyc })
    expect(Object.isFrozen(e.DEFAULTS.cyc)).toBe(true)
    const cc = e.DEFAULTS.cyc as Array<unknown>
    expect(cc[0]).toBe(cc)
  })
})

// -------------------------------------------------------------------------------------
// size
// -------------------------------------------------------------------------------------

describe("size: linear time (generous guards)", () => {
  const N = 100_000
  const GUARD_MS = 2000
  const MAX_URL = Template.MAX_LENGTH
  const MAX_HEADER = Parse.MAX_HEADER_LENGTH

  it("a 100 000-character url of literal text is an EndpointError on url, found fast; the longest allowed one works", () => {
    // an expanded url above Template.MAX_LENGTH (65 536) is an EndpointError on url
    const url = "/" + "a".repeat(N)
    const [e, ms] = timed(() => resultOrEndpointError(() => endpoint("GET " + url, { baseUrl: BASE })))
    expect(e).toBeInstanceOf(EndpointError)
    expect((e as EndpointError).path).toBe("url")
    expect((e as EndpointError).message.length).toBeLessThan(500)
    expect(ms).toBeLessThan(GUARD_MS)
    expect(E.isLeft(endpoint.either({ url, baseUrl: BASE }))).toBe(true)
    // the bound is on the whole url: base, path and query
    const longest = "/" + "a".repeat(MAX_URL - BASE.length - 1)
    const [r, ms2] = timed(() => endpoint("GET " + longest, { baseUrl: BASE }))
    expect(r.url.length).toBe(MAX_URL)
    expect((resultOrEndpointError(() => endpoint("GET " + longest + "a", { baseUrl: BASE })) as EndpointError).path).toBe("url")
    expect(ms2).toBeLessThan(GUARD_MS)
  })

  it("a 100 000-character url of placeholders, of colons, of braces (hostile shapes)", () => {
    const many = "/{a}".repeat(N / 4)
    const [r1, ms1] = timed(() => endpoint("GET " + many, { baseUrl: BASE, a: "x" }))
    expect(r1.url.length).toBe(BASE.length + N / 2)
    expect(ms1).toBeLessThan(GUARD_MS)
    // expanding to more than Template.MAX_LENGTH characters is an EndpointError on url, found fast
    const [e1, ms1b] = timed(() => resultOrEndpointError(() => endpoint("GET " + many, { baseUrl: BASE, a: "xx" })))
    expect(e1).toBeInstanceOf(EndpointError)
    expect((e1 as EndpointError).path).toBe("url")
    expect(ms1b).toBeLessThan(GUARD_MS)
    const [e1c, ms1c] = timed(() => resultOrEndpointError(() => endpoint("GET /{a}{a}{a}", { baseUrl: BASE, a: "y".repeat(30_000) })))
    expect((e1c as EndpointError).path).toBe("url")
    expect(ms1c).toBeLessThan(GUARD_MS)
    const colons = "/:a".repeat(N / 3)
    const [e2, ms2] = timed(() => resultOrEndpointError(() => endpoint("GET " + colons, { baseUrl: BASE, a: "x" })))
    expect(e2).toBeInstanceOf(EndpointError) // 33 333 segments of "/x": longer than Template.MAX_LENGTH
    expect((e2 as EndpointError).path).toBe("url")
    expect(ms2).toBeLessThan(GUARD_MS)
    const [r2, ms2b] = timed(() => endpoint("GET " + "/:a".repeat(N / 4), { baseUrl: BASE, a: "x" }))
    expect(r2.url).toBe(BASE + "/x".repeat(N / 4))
    expect(ms2b).toBeLessThan(GUARD_MS)
    // ":name" is a placeholder only right after a "/": colons elsewhere are literal text
    const [r2c, ms2c] = timed(() => endpoint("GET /a" + ":a".repeat(N / 4), { baseUrl: BASE, a: "x" }))
    expect(r2c.url).toBe(BASE + "/a" + ":a".repeat(N / 4) + "?a=x")
    expect(ms2c).toBeLessThan(GUARD_MS)
    const [e3, ms3] = timed(() => resultOrEndpointError(() => endpoint("GET /" + "{".repeat(N))))
    expect(e3).toBeInstanceOf(EndpointError)
    expect(ms3).toBeLessThan(GUARD_MS)
    const [e4, ms4] = timed(() => resultOrEndpointError(() => endpoint("GET /{" + "a,".repeat(N / 2))))
    expect(e4).toBeInstanceOf(EndpointError)
    expect((e4 as EndpointError).message.length).toBeLessThan(500)
    expect(ms4).toBeLessThan(GUARD_MS)
    const [, ms5] = timed(() => resultOrEndpointError(() => endpoint("GET /x", { baseUrl: "https://" + "%".repeat(N) })))
    expect(ms5).toBeLessThan(GUARD_MS)
  })

  it("a 100 000-character baseUrl that fails its check at the end is refused fast (a backtracking check took 11 s)", () => {
    for (const baseUrl of ["http://" + "a".repeat(N) + "?", "http://" + "a".repeat(N) + "#", "https://h/" + "a/".repeat(N / 2) + "?"]) {
      const [e, ms] = timed(() => endpointError(() => endpoint.defaults({ baseUrl })))
      expect(e.path).toBe("baseUrl")
      expect(ms).toBeLessThan(GUARD_MS)
      expect(E.isLeft(Options.decode({ baseUrl }))).toBe(true)
    }
    const long = "https://h" + "/a".repeat(29_000) // a long valid one still works
    expect(endpoint("GET /x", { baseUrl: long }).url === long + "/x").toBe(true)
  })

  it("a 100 000-character header value is an EndpointError naming the header, found fast; 16 384 characters work", () => {
    const v = "v".repeat(N)
    const [e, ms] = timed(() => endpointError(() => endpoint("GET /x", { headers: { "X-Big": v } })))
    expect(e.path).toBe("headers.x-big")
    expect(e.message.length).toBeLessThan(500)
    expect(ms).toBeLessThan(GUARD_MS)
    expect(E.isLeft(endpoint.either("GET /x", { headers: { "x-big": v } }))).toBe(true)
    expect(E.isLeft(parseFlat({ url: "/x", headers: { "x-big": v } }))).toBe(true)
    expect(E.isLeft(pipe(Request.route("GET /x"), Request.header("x-big", v), Request.build))).toBe(true)
    // in the defaults, it is found when a request is built
    const [e1, ms1] = timed(() => endpointError(() => endpoint.defaults({ headers: { "x-big": v } })("GET /x")))
    expect(e1.path).toBe("headers.x-big")
    expect(ms1).toBeLessThan(GUARD_MS)
    const longest = "v".repeat(MAX_HEADER)
    expect(endpoint("GET /x", { headers: { "x-big": longest } }).headers["x-big"]).toBe(longest)
    expect(endpointError(() => endpoint("GET /x", { headers: { "x-big": longest + "v" } })).path).toBe("headers.x-big")
    const [e2, ms2] = timed(() => endpointError(() => endpoint("GET /x", { headers: { "x-big": v + "\n" } })))
    expect(e2.message.length).toBeLessThan(500)
    expect(ms2).toBeLessThan(GUARD_MS)
  })

  it("a long accept header with a format and previews", () => {
    // about half of Parse.MAX_HEADER_LENGTH, in the shapes that stress the accept rules
    const accept = "application/vnd.github.v3+json,".repeat(250) + "x-preview-".repeat(100) + "y-preview" // one long name
    expect(accept.length).toBeLessThan(MAX_HEADER)
    const [r, ms] = timed(() =>
      endpoint("GET /x", { headers: { accept }, mediaType: { format: "raw", previews: ["a", "b"] } }),
    )
    expect(String(r.headers.accept).endsWith(",application/vnd.github.a-preview.raw,application/vnd.github.b-preview.raw")).toBe(true)
    expect(ms).toBeLessThan(GUARD_MS)
    const [r2, ms2] = timed(() => endpoint("GET /x", { headers: { accept }, mediaType: { format: "raw" } }))
    expect(String(r2.headers.accept).startsWith("application/vnd.github.v3.raw,")).toBe(true)
    expect(ms2).toBeLessThan(GUARD_MS)
    const dashes = "-".repeat(MAX_HEADER)
    const [, ms3] = timed(() => endpoint("GET /x", { headers: { accept: dashes }, mediaType: { previews: ["p"] } }))
    expect(ms3).toBeLessThan(GUARD_MS)
    const vnd = "application/vnd." + "a".repeat(MAX_HEADER - 100)
    const [, ms4] = timed(() => endpoint("GET /x", { headers: { accept: vnd }, mediaType: { format: "raw" } }))
    expect(ms4).toBeLessThan(GUARD_MS)
  })

  it("a 100 000-character accept header is an EndpointError on headers.accept, found fast, whatever the media type", () => {
    const accept = "application/vnd.github.v3+json,".repeat(N / 32) + "x-preview-".repeat(1000)
    for (const mediaType of [{}, { format: "raw" }, { previews: ["a", "b"] }, { format: "raw", previews: ["a"] }]) {
      const [e, ms] = timed(() => endpointError(() => endpoint("GET /x", { headers: { accept }, mediaType })))
      expect(e.path).toBe("headers.accept")
      expect(e.message.length).toBeLessThan(500)
      expect(ms).toBeLessThan(GUARD_MS)
    }
    for (const accept of ["-".repeat(N), "application/vnd." + "a".repeat(N)]) {
      const [e, ms] = timed(() => endpointError(() => endpoint("GET /x", { headers: { accept }, mediaType: { format: "raw", previews: ["p"] } })))
      expect(e.path).toBe("headers.accept")
      expect(ms).toBeLessThan(GUARD_MS)
    }
    // an accept within the limit that a format would make longer than it
    const entries = "application/vnd.github.v3+json,".repeat(Math.floor(MAX_HEADER / 32))
    const [e, ms] = timed(() => endpointError(() => endpoint("GET /x", { headers: { accept: entries }, mediaType: { format: "x".repeat(100) } })))
    expect(e.path).toBe("headers.accept")
    expect(ms).toBeLessThan(GUARD_MS)
  })

  it("10 000 previews, on both sides of defaults: merged fast, and the accept they would build is an EndpointError", () => {
    const previews = Array.from({ length: 10_000 }, (_, i) => `p${i}-preview`)
    const [d, ms0] = timed(() => endpoint.defaults({ mediaType: { previews } }))
    expect(ms0).toBeLessThan(GUARD_MS)
    const [m, ms1] = timed(() => d.merge("GET /x", { mediaType: { previews: [...previews, "last"] } }))
    expect(m.mediaType!.previews).toHaveLength(10_001)
    expect(ms1).toBeLessThan(GUARD_MS)
    const [e, ms] = timed(() => endpointError(() => d("GET /x", { mediaType: { previews } })))
    expect(e.path).toBe("headers.accept")
    expect(ms).toBeLessThan(GUARD_MS)
    // as many as fit in one header
    const some = previews.slice(0, 300)
    const [r, ms2] = timed(() => endpoint.defaults({ mediaType: { previews: some } })("GET /x", { mediaType: { previews: some } }))
    expect(String(r.headers.accept).split(",")).toHaveLength(300)
    expect(ms2).toBeLessThan(GUARD_MS)
  })

  it("10 000 parameters, as query and as body, through defaults", () => {
    const params: Record<string, string> = {}
    for (let i = 0; i < 10_000; i++) params[`p${i}`] = `v${i}`
    // a query longer than Template.MAX_LENGTH is an EndpointError on url, found fast
    const [e, ms] = timed(() => endpointError(() => endpoint("GET /x", { baseUrl: BASE, ...params })))
    expect(e.path).toBe("url")
    expect(ms).toBeLessThan(GUARD_MS)
    const half: Record<string, string> = {}
    for (let i = 0; i < 5_000; i++) half[`p${i}`] = `v${i}`
    const [r, ms1] = timed(() => endpoint("GET /x", { baseUrl: BASE, ...half }))
    expect(new URL(r.url).searchParams.get("p4999")).toBe("v4999")
    expect(ms1).toBeLessThan(GUARD_MS)
    const [r2, ms2] = timed(() => endpoint.defaults(params)("POST /x", params))
    expect(Object.keys(r2.body as object)).toHaveLength(10_000)
    expect(ms2).toBeLessThan(GUARD_MS)
  })

  it("one large value shared by a thousand placeholders is walked once: in the url, and in naming a host error", () => {
    const list: Array<null> = Array(N).fill(null)
    const names = Array.from({ length: 1000 }, (_, i) => `a${i}`)
    const params = Object.fromEntries(names.map((name) => [name, list]))
    const [r, ms] = timed(() => endpoint("POST /x/{" + names.join(",") + "}", { baseUrl: BASE, ...params }))
    expect(r.url).toBe(BASE + "/x/")
    expect(ms).toBeLessThan(GUARD_MS)
    // {/a0,…} writes nothing, so "@x" would join the host: the error names a0, found without walking the list a thousand times
    const [e, ms2] = timed(() => endpointError(() => endpoint({ url: "https://unpkg.com{/" + names.join(",") + "}@x/y", baseUrl: "", ...params })))
    expect(e.path).toBe("a0")
    expect(ms2).toBeLessThan(GUARD_MS)
  })

  it("one large list shared by a thousand query parameters is walked once", () => {
    const list: Array<null> = Array(N).fill(null)
    const names = Array.from({ length: 1000 }, (_, i) => `a${i}`)
    const [r, ms] = timed(() => endpoint("GET /x", { baseUrl: BASE, ...Object.fromEntries(names.map((name) => [name, list])) }))
    expect(r.url).toBe(`${BASE}/x?${names.map((name) => `${name}=`).join("&")}`)
    expect(ms).toBeLessThan(GUARD_MS)
    const [r2, ms2] = timed(() => endpoint("GET /x", { baseUrl: BASE, ...Object.fromEntries(names.map((name) => [`${name}[]`, list])) }))
    expect(r2.url).toBe(`${BASE}/x`)
    expect(ms2).toBeLessThan(GUARD_MS)
    // a member that cannot be sent is named under each name that lists it: the first
    const bad = [...list, {}]
    const e = endpointError(() => endpoint("GET /x", { baseUrl: BASE, b: "1", ...Object.fromEntries(names.map((name) => [name, bad])) }))
    expect(e.path).toBe(`a0[${N}]`)
  })

  it("a 100 000-character hostile key and value give a short error message", () => {
    const key = "k".repeat(N)
    const e = endpointError(() => endpoint("GET /x", { [key]: { a: 1 } }))
    expect(e.message.length).toBeLessThan(1000)
    const e2 = endpointError(() => endpoint("GET /x", { [key + "\ud800"]: "v" }))
    expect(e2.message.length).toBeLessThan(1000)
    const e3 = endpointError(() => endpoint("GET " + "x".repeat(N) + " y z"))
    expect(e3.message.length).toBeLessThan(1000)
  })
})

// -------------------------------------------------------------------------------------
// encoding
// -------------------------------------------------------------------------------------

describe("encoding: lone surrogates are an EndpointError, never a URIError", () => {
  const LONE = ["\ud800", "\udfff", "a\ud83d", "\ude00b", "\udc00\ud800"]

  for (const s of LONE) {
    const label = JSON.stringify(s)
    it(`${label} in every percent-encoded place`, () => {
      const cases: Array<[string, () => unknown]> = [
        ["path value", () => endpoint("GET /x/{v}", { v: s })],
        ["path value, reserved", () => endpoint("GET /x/{+v}", { v: s })],
        ["path value, fragment", () => endpoint("GET /x{#v}", { v: s })],
        ["path list", () => endpoint("GET /x{/v*}", { v: ["ok", s] })],
        ["path record key", () => endpoint("GET /x{?v*}", { v: { [s]: "ok" } })],
        ["path record value", () => endpoint("GET /x{?v*}", { v: { k: s } })],
        [":name", () => endpoint("GET /x/:v", { v: s })],
        ["query value", () => endpoint("GET /x", { v: s })],
        ["query name", () => endpoint("GET /x", { [s]: "v" })],
        ["q", () => endpoint("GET /x", { q: `a+${s}+b` })],
        ["q without +", () => endpoint("GET /x", { q: s })],
        ["fields[]", () => endpoint("GET /x", { "fields[]": ["a", s] })],
        ["fields[] name", () => endpoint(`GET /x`, { [`f${s}[]`]: ["a"] })],
        ["joined array", () => endpoint("GET /x", { list: ["a", s] })],
        ["template literal", () => endpoint(`GET /x/${s}`)],
        ["template literal after expression", () => endpoint(`GET /x/{a}${s}`, { a: 1 })],
        ["url option", () => endpoint({ url: `/x${s}` })],
        ["HEAD query", () => endpoint("HEAD /x", { v: s })],
        ["base url", () => endpoint("GET /x", { baseUrl: `https://h.example/${s}` })], // URL parsers would write U+FFFD
      ]
      for (const [where, f] of cases) {
        let thrown: unknown
        try {
          f()
        } catch (e) {
          thrown = e
        }
        expect(thrown, where).toBeInstanceOf(EndpointError)
        expect((thrown as EndpointError).problem.startsWith(FOREIGN), where).toBe(false)
      }
      expect(E.isLeft(Template.parse(`/x${s}`))).toBe(true)
      expect(E.isLeft(endpoint.either("GET /x", { v: s }))).toBe(true)
      expect(E.isLeft(parseFlat({ url: "/x/{v}", v: s }))).toBe(true)
      expect(E.isLeft(pipe(Request.route("GET /x/{v}"), Request.param("v", s), Request.build))).toBe(true)
      // merging does not parse: the merged options hold the value, and parsing them is the EndpointError
      const merged = mergeDefaults("GET /x", { v: s })
      expect(E.isRight(merged) && merged.right.params.v).toBe(s)
      expect(E.isLeft(E.flatMap(Parse.parse)(merged))).toBe(true)
    })
  }

  it("well-formed pairs are encoded as UTF-8, and a lone surrogate in a POST body is data", () => {
    expect(endpoint("GET /x/{v}", { baseUrl: BASE, v: "\u{1F600}" }).url).toBe(`${BASE}/x/%F0%9F%98%80`)
    expect((endpoint("POST /x", { v: "\ud800" }).body as { v: string }).v).toBe("\ud800")
  })
})

// -------------------------------------------------------------------------------------
// hostile objects: getters and proxies
// -------------------------------------------------------------------------------------

describe("hostile objects: throwing getters and proxy traps", () => {
  const thrower = (thrown: unknown): object => ({
    get url(): never {
      throw thrown
    },
  })
  const proxyThatThrowsOnPrototype = new Proxy(
    {},
    {
      getPrototypeOf() {
        throw new Error("trap")
      },
    },
  )

  /** An Either entry as a throwing one: it must not throw itself (checked), and its Left is thrown. */
  const eitherEntry =
    (f: () => E.Either<unknown, unknown>) =>
    (): unknown => {
      let r: E.Either<unknown, unknown>
      try {
        r = f()
      } catch (e) {
        throw new Error(`an Either entry threw: ${String(e)}`) // never an EndpointError: fails the test
      }
      return orThrow(r)
    }

  const io = { stdout: () => {}, stderr: () => {} }
  /** Every public entry, each given `input` where it takes caller data. */
  const allEntries = (input: unknown): Array<[string, () => unknown]> => [
    ["endpoint(options)", () => endpoint(input as object)],
    ["endpoint(route, options)", () => endpoint("GET /x", input as object)],
    ["endpoint(route, options), POST", () => endpoint("POST /x/{p}", input as object)],
    ["defaults", () => endpoint.defaults(input as object)],
    ["defaults, then a request", () => endpoint.defaults({ request: { a: 1 }, p: 1 })("GET /x", input as object)],
    ["merge", () => endpoint.merge("GET /x", input as object)],
    ["merge(options)", () => endpoint.merge(input as object)],
    ["parse", () => endpoint.parse(input as object)],
    ["either", eitherEntry(() => endpoint.either(input as object))],
    ["either(route, options)", eitherEntry(() => endpoint.either("GET /x", input as object))],
    ["Options.decode", eitherEntry(() => Options.decode(input))],
    ["Merge.merge", eitherEntry(() => mergeDefaults(input))],
    ["Merge.merge(route)", eitherEntry(() => mergeDefaults("GET /x", input))],
    ["Merge.merge(defaults)", eitherEntry(() => mergeOver(input, "GET /x"))],
    ["Parse.parse(Options.decode)", eitherEntry(() => parseFlat(input))],
    ["Request.fromOptions → build", eitherEntry(() => Request.build(Request.fromOptions(input)))],
    ["Request.route → with → build", eitherEntry(() => pipe(Request.route("GET /x/{p}" as string), Request.with(input as object), Request.build))],
    ["Request.buildWith(input)", eitherEntry(() => pipe(Request.route("GET /x"), Request.buildWith(input as object)))],
    ["Request.merged", eitherEntry(() => Request.merged(Request.fromOptions(input)))],
    ["toRequestInit", () => toRequestInit(input as RequestOptions)],
    ["toRequest", () => toRequest(input as RequestOptions)],
    ["toRequestInitEither", eitherEntry(() => toRequestInitEither(input as RequestOptions))],
    ["toRequestEither", eitherEntry(() => toRequestEither(input as RequestOptions))],
    ["CommandLine.render", eitherEntry(() => CommandLine.render({ _tag: "Build", route: "GET /x", options: input as Record<string, unknown>, output: "json" }))],
    ["CommandLine.render --merge", eitherEntry(() => CommandLine.render({ _tag: "Build", route: "GET /x", options: input as Record<string, unknown>, output: "merge" }))],
    ["CommandLine.render --curl", eitherEntry(() => CommandLine.render({ _tag: "Build", route: "POST /x", options: input as Record<string, unknown>, output: "curl" }))],
    ["CommandLine.main", () => {
      // main reports on stderr and returns 2; it throws nothing
      let code: number
      try {
        code = CommandLine.main(input as Array<string>, io)
      } catch (e) {
        throw new Error(`CommandLine.main threw: ${String(e)}`)
      }
      if (code !== 0) throw new EndpointError("argv", `exit ${code}`)
      return code
    }],
  ]

  for (const [label, thrown] of [
    ["an Error", new Error("boom")],
    ["a TypeError", new TypeError("boom")],
    ["a RangeError", new RangeError("boom")],
    ["a string", "boom"],
    ["undefined", undefined],
    ["a proxy whose getPrototypeOf trap throws", proxyThatThrowsOnPrototype],
    ["an object with a throwing message getter", Object.create(Error.prototype, { message: { get() { throw new Error("x") } } })],
  ] as Array<[string, unknown]>) {
    it(`a getter that throws ${label} gives an EndpointError from every entry`, () => {
      for (const [where, f] of allEntries(thrower(thrown))) {
        let caught: unknown
        try {
          f()
        } catch (e) {
          caught = e
        }
        expect(caught, where).toBeInstanceOf(EndpointError)
      }
    })
  }

  it("the EndpointError of a foreign exception says so", () => {
    const e = endpointError(() => endpoint(thrower(new Error("boom"))))
    expect(e.problem.startsWith(FOREIGN)).toBe(true)
    expect(e.message).toMatch(/boom/)
  })

  for (const trap of ["get", "ownKeys", "getPrototypeOf", "getOwnPropertyDescriptor", "has"] as const) {
    it(`a Proxy whose ${trap} trap throws, at every level`, () => {
      const p = new Proxy(
        { url: "/x", a: 1 },
        {
          [trap]() {
            throw new Error(`trap ${trap}`)
          },
        },
      )
      const places = [p, { url: "/x", headers: p }, { url: "/x", mediaType: p }, { url: "/x", request: p }, { url: "/x/{p}", p }]
      let errors = 0
      for (const input of places) {
        for (const [, f] of allEntries(input)) if (resultOrEndpointError(f) instanceof EndpointError) errors++
      }
      expect(errors).toBeGreaterThan(0)
    })
  }

  it("a revoked Proxy anywhere gives a result or an EndpointError", () => {
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    for (const input of [proxy, { url: "/x", headers: proxy }, { url: "/x", p: proxy }, { url: "/x{?p}", p: proxy }, { url: "/x", request: proxy }]) {
      for (const [, f] of allEntries(input)) resultOrEndpointError(f)
    }
    for (const [, f] of allEntries({ url: "/x", p: proxy })) resultOrEndpointError(f)
    expect(E.isLeft(Route.parse(proxy as unknown as string))).toBe(true)
    expect(E.isLeft(Template.parse(proxy as unknown as string))).toBe(true)
  })

  it("a revoked Proxy is an opaque value: taken by reference when merged, named in messages", () => {
    // before the fix: Array.isArray inside isPlainObject and kindOf threw a TypeError on it,
    // which only the catch-all turned into an EndpointError ("reading the input failed")
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    expect(isPlainObject(proxy)).toBe(false)
    const r = endpoint.defaults({ p: { a: 1 } })("POST /x", { p: proxy })
    expect((r.body as { p: unknown }).p).toBe(proxy)
    const e = endpointError(() => endpoint("GET /x", { p: proxy }))
    expect(e.path).toBe("p")
    expect(e.problem).toMatch(/revoked Proxy/)
    const h = endpointError(() => endpoint("GET /x", { headers: proxy }))
    expect(h.message).toBe("headers: expected a plain object, got revoked Proxy")
  })

  it("a thrown Proxy whose getPrototypeOf trap throws never escapes: the catch-all cannot be fooled", () => {
    // before the fix: `e instanceof EndpointError` inside the catch-all called the trap, and its Error escaped
    const input = thrower(proxyThatThrowsOnPrototype)
    const either = Options.decode(input)
    expect(E.isLeft(either)).toBe(true)
    const e = endpointError(() => endpoint(input))
    expect(e.problem.startsWith(FOREIGN)).toBe(true)
  })

  it("a getter or Proxy trap inside a parameter value, read when the url or query is built, gives an EndpointError from every entry", () => {
    // parameters are no longer merged deeply, so nothing reads inside them until the template or the query does
    const values: Array<[string, () => unknown]> = [
      ["getter", () => ({ get z(): never { throw new Error("getter in a value") } })],
      ["ownKeys trap", () => new Proxy({ a: 1 }, { ownKeys() { throw new Error("ownKeys in a value") } })],
      ["get trap", () => new Proxy({ a: 1 }, { get() { throw new Error("get in a value") } })],
      ["array element getter", () => Object.defineProperty(["a", "b"], 0, { get() { throw new Error("element in a value") } })],
    ]
    for (const [label, value] of values) {
      for (const [route, name] of [["GET /x/{p}", "path"], ["GET /x{?p*}", "explode"], ["GET /x{/p*}", "path explode"], ["GET /x", "query"], ["GET /x/:p", "colon"]] as const) {
        const where = `${label}, ${name}`
        const thrown = resultOrEndpointErrorOrOther(() => endpoint(route, { p: value() }))
        expect(thrown, where).not.toBeInstanceOf(OtherError)
        const either = resultOrEndpointErrorOrOther(() => endpoint.either(route, { p: value() }))
        expect(either, `${where}: endpoint.either`).not.toBeInstanceOf(OtherError)
        const parsed = resultOrEndpointErrorOrOther(() => parseFlat({ url: route.slice(4), p: value() }))
        expect(parsed, `${where}: Parse.parse`).not.toBeInstanceOf(OtherError)
        const built = resultOrEndpointErrorOrOther(() => pipe(Request.route(route), Request.param("p", value()), Request.build))
        expect(built, `${where}: Request pipeline`).not.toBeInstanceOf(OtherError)
        const rendered = resultOrEndpointErrorOrOther(() => CommandLine.render({ _tag: "Build", route, options: { p: value() }, output: "json" }))
        expect(rendered, `${where}: CommandLine.render`).not.toBeInstanceOf(OtherError)
      }
    }
  })
})

/** What escaped a call that may only throw EndpointError (or, for an Either form, nothing). */
class OtherError {
  constructor(readonly thrown: unknown) {}
  toString(): string {
    return `threw ${String(this.thrown)}`
  }
}
const resultOrEndpointErrorOrOther = (f: () => unknown): unknown => {
  try {
    return f()
  } catch (e) {
    return isEndpointError(e) ? e : new OtherError(e)
  }
}

// -------------------------------------------------------------------------------------
// frozen inputs, fresh results
// -------------------------------------------------------------------------------------

describe("frozen inputs and fresh results", () => {
  it("deep-frozen options and defaults work and are never written to", () => {
    const defaults = deepFreeze({ headers: { "X-A": "1" }, mediaType: { previews: ["a-preview"] }, request: { r: { s: 1 }, kept: 1 }, p: { q: 1 }, d: 1 })
    const options = deepFreeze({ headers: { "X-B": "2" }, mediaType: { previews: ["b"], format: "raw" }, request: { r: { t: 2 } }, p: { z: 2 }, id: "1" })
    const before = structuredClone([defaults, options])
    const e = endpoint.defaults(defaults)
    const r = e("POST /x/{id}", options)
    // parameters and request merge deeply, into fresh records
    expect(r.body).toStrictEqual({ p: { q: 1, z: 2 }, d: 1 })
    expect(r.request).toStrictEqual({ r: { s: 1, t: 2 }, kept: 1 })
    expect(r.headers).toMatchObject({ "x-a": "1", "x-b": "2" })
    expect(r.headers.accept).toBe("application/vnd.github.a-preview.raw,application/vnd.github.b-preview.raw")
    e.merge("POST /x/{id}", options)
    endpoint.parse({ ...options, url: "/x", method: "POST" })
    expect(structuredClone([defaults, options])).toEqual(before)
  })

  it("results are fresh: mutating one changes neither DEFAULTS nor the next result", () => {
    const e = endpoint.defaults({ headers: { "x-a": "1" }, mediaType: { previews: ["p"] } })
    const snapshot = JSON.stringify(e.DEFAULTS)
    const first = e("POST /x", { a: 1 })
    first.headers["x-a"] = "changed"
    first.headers["x-new"] = "new"
    first.url = "changed"
    first.method = "changed"
    ;(first.body as Record<string, unknown>).a = 2
    const second = e("POST /x", { a: 1 })
    expect(second.headers["x-a"]).toBe("1")
    expect(second.headers["x-new"]).toBeUndefined()
    expect(second.body).toEqual({ a: 1 })
    expect(JSON.stringify(e.DEFAULTS)).toBe(snapshot)
    const m = e.merge("GET /x") as unknown as Record<string, Record<string, unknown>>
    m.headers!["x-a"] = "changed"
    ;(m.mediaType!.previews as Array<string>).push("q")
    expect(e("GET /x").headers["x-a"]).toBe("1")
    expect(JSON.stringify(e.DEFAULTS)).toBe(snapshot)
  })
})

// -------------------------------------------------------------------------------------
// the rules of the one-implementation core, under attack
// -------------------------------------------------------------------------------------

describe("a route fixes the method and the url: a body field cannot redirect the request", () => {
  const EVIL = "https://evil.example/steal"

  it("options whose url or method differs from the route's are an EndpointError in every entry", () => {
    const secret = endpoint.defaults({ headers: { authorization: "token secret" } })
    for (const [options, path] of [
      [{ url: EVIL, title: "t" }, "url"],
      [{ url: "//evil.example/x" }, "url"],
      [{ url: "/y" }, "url"],
      [{ method: "DELETE" }, "method"],
      [{ method: "GET" }, "method"],
    ] as const) {
      const where = JSON.stringify(options)
      expect(endpointError(() => secret("POST /x", options)).path, where).toBe(path)
      expect(endpointError(() => secret.merge("POST /x", options)).path, where).toBe(path)
      const either = secret.either("POST /x", options)
      expect(E.isLeft(either) && either.left.path, where).toBe(path)
      expect(E.isLeft(mergeDefaults("POST /x", options)), where).toBe(true)
      expect(E.isLeft(pipe(Request.route("POST /x", options), Request.build)), where).toBe(true)
      const item = `${Object.keys(options)[0]}=${Object.values(options)[0]}`
      expect(CommandLine.main(["POST /x", item], { stdout: () => {}, stderr: () => {} }), where).toBe(2)
    }
  })

  it("the same url and method (in any case) may be repeated; a body field named url goes in data", () => {
    expect(endpoint("POST /x", { url: "/x", method: "post" }).url).toBe("https://api.github.com/x")
    // merge() shows the method as the route wrote it, whatever case the options repeat it in
    expect(endpoint.merge("GET /x", { method: "get" }).method).toBe("GET")
    expect(endpoint.merge("get /x", { method: "GET" }).method).toBe("get")
    const merged = pipe(Request.route("Post /x"), Request.with({ method: "POST" }), Request.merged)
    expect(E.isRight(merged) && merged.right.method).toBe("Post")
    const r = endpoint("POST /x", { data: { url: EVIL } })
    expect(r.url).toBe("https://api.github.com/x")
    expect(r.body).toEqual({ url: EVIL })
    // without a route, options carry the url: that is what they are for
    expect(endpoint({ method: "POST", url: "/y" }).url).toBe("https://api.github.com/y")
  })

  it("in the pipeline, options added after the route cannot change its url or method either", () => {
    for (const step of [Request.with({ url: EVIL }), Request.params({ url: EVIL }), Request.with({ method: "DELETE" })]) {
      const built = pipe(Request.route("POST /x"), step, Request.build)
      expect(E.isLeft(built) && built.left).toBeInstanceOf(EndpointError)
    }
  })
})

describe("placeholders, holes, null headers and forged errors", () => {
  it(":name is a placeholder only right after a /: a port or a colon inside a segment is text", () => {
    expect(endpoint("GET https://h.example:8080/a:b/:c", { c: 1, b: 2 }).url).toBe("https://h.example:8080/a:b/1?b=2")
    expect(endpoint("GET /x/a:b", { baseUrl: BASE, b: "v" }).url).toBe(`${BASE}/x/a:b?b=v`)
    expect(endpoint("GET /x/:b", { baseUrl: BASE, b: "v" }).url).toBe(`${BASE}/x/v`)
  })

  it("a sparse array (holes) with a huge length is an EndpointError wherever it is read, found fast", () => {
    const sparse: Array<unknown> = []
    sparse.length = 1e9
    const cases: Array<[string, () => unknown]> = [
      ["query", () => endpoint("GET /x", { s: sparse })],
      ["query []", () => endpoint("GET /x", { "s[]": sparse })],
      ["path", () => endpoint("GET /x/{s}", { s: sparse })],
      ["explode", () => endpoint("GET /x{?s*}", { s: sparse })],
      ["previews", () => endpoint("GET /x", { mediaType: { previews: sparse } })],
      ["defaults", () => endpoint.defaults({ s: sparse })],
      ["defaults, nested", () => endpoint.defaults({ request: { a: [sparse] } })],
      ["small hole", () => endpoint("GET /x", { s: [1, , 3] })],
    ]
    for (const [where, f] of cases) {
      const [e, ms] = timed(() => resultOrEndpointError(f))
      expect(e, where).toBeInstanceOf(EndpointError)
      expect((e as EndpointError).problem, where).toMatch(/sparse/)
      expect(ms, where).toBeLessThan(1000)
    }
    // a body is not read: it is passed on by reference
    const r = endpoint("POST /x", { s: sparse })
    expect((r.body as { s: unknown }).s).toBe(sparse)
  })

  it("a forged draft or forged defaults with a huge sparse previews list: an EndpointError, found fast (no copy of the list)", () => {
    const previews: Array<string> = []
    previews.length = 2 ** 32 - 1
    const forged = { ...Options.empty, url: "/x", mediaType: { format: undefined, previews } }
    const cases: Array<[string, () => E.Either<EndpointError, unknown>]> = [
      ["Request.build", () => Request.build({ _tag: "Right", right: forged } as never)],
      ["Request.merged", () => Request.merged({ _tag: "Right", right: forged } as never)],
      ["Merge.merge", () => Merge.merge(forged, "GET /y", { mediaType: { previews: ["a"] } })],
      ["Parse.parse", () => Parse.parse(forged)],
    ]
    for (const [where, f] of cases) {
      const [result, ms] = timed(f)
      expect([where, E.isLeft(result) && result.left.message]).toEqual([where, expect.stringMatching(/^(defaults\.)?mediaType\.previews: a sparse array/)])
      expect(ms, where).toBeLessThan(2000)
    }
  })

  it("a key of forged options that is no field is named with its control characters escaped and cut short", () => {
    const key = "\x1b[31m\r\nX: 1" + "k".repeat(100_000)
    const parsed = Parse.parse({ ...Options.empty, url: "/x", [key]: 1 } as never)
    expect(E.isLeft(parsed) && parsed.left.message).toBe(`\\u001b[31m\\u000d\\u000aX: 1${"k".repeat(49)}…: is no field of Options: a parameter goes in params`)
  })

  it("an array's own key that is no index is named escaped and cut, as an object's; a path 100 000 levels deep is cut to its last keys", () => {
    const key = "\x1b[31mPWNED\r\nX: 1"
    const list = [1]
    Object.defineProperty(list, key, { get() { throw new Error("b") }, enumerable: true })
    expect(endpointError(() => endpoint.defaults({ a: list })).message).toBe('a["\\u001b[31mPWNED\\r\\nX: 1"]: reading the input failed (Error: b)')
    const u8 = new Uint8Array(1) as Uint8Array & Record<string, unknown>
    u8[key] = 10n
    const init = toRequestInitEither({ method: "post", url: "https://h.example/", headers: { "content-type": "application/json" }, body: { x: u8 } })
    expect(E.isLeft(init) && init.left.message).toBe('body.x["\\u001b[31mPWNED\\r\\nX: 1"]: a bigint cannot be serialised as JSON')
    let deep: Record<string, unknown> = { get b(): never { throw new Error("deep") } }
    for (let i = 0; i < 100_000; i++) deep = { a: deep }
    const e = endpointError(() => endpoint.defaults({ d: deep }))
    expect([e.path.length, e.path.slice(0, 6), e.path.includes("…"), e.path.slice(-6), e.message.length < 300]).toEqual([200, "d.a.a.", true, ".a.a.b", true])
  })

  it("a name or a path cut short never ends inside a surrogate pair: the message stays well-formed", () => {
    const name = `${"a".repeat(59)}😀`
    const e = endpointError(() => endpoint("GET /x", { [name]: {} }))
    let v: Record<string, unknown> = { x: 1n }
    for (let i = 0; i < 32; i++) v = { "😀": v }
    const init = toRequestInitEither(endpoint("POST /x", { data: { abcd: v } }))
    const deep = E.isLeft(init) ? init.left : undefined
    expect([e.message.startsWith(`${"a".repeat(59)}…`), deep?.path.includes("…"), e.message.isWellFormed(), deep?.message.isWellFormed()]).toEqual([true, true, true, true])
    // a lone surrogate in a name is escaped as a control character is; a foreign error's text is cut whole and blanked
    const lone = endpoint.either("GET /x", { "\ud800": "v" })
    expect(E.isLeft(lone) && lone.left.message).toBe("\\ud800: lone surrogate in the parameter name cannot be percent-encoded")
    const foreign = endpoint.either("POST /x", { get title(): never { throw new Error(`${"x".repeat(192)}😀\udc00`) } })
    expect(E.isLeft(foreign) && [foreign.left.message.isWellFormed(), foreign.left.message.endsWith(`${"x".repeat(192)})`)]).toEqual([true, true])
  })

  it("text in an EndpointError from elsewhere (a caller's own, thrown from a getter) is escaped too; line separators and bidi controls as well", () => {
    const evil = () => new EndpointError("x\x1b]0;pwned\x07", "\x1b[2J\ud800 cleared")
    expect(evil().message).toBe("x\\u001b]0;pwned\\u0007: \\u001b[2J\\ud800 cleared")
    const thrown = endpointError(() => endpoint({ method: "GET", url: "/x{?p*}", p: { get q(): never { throw evil() } } }))
    expect(thrown.message).toBe("x\\u001b]0;pwned\\u0007: \\u001b[2J\\ud800 cleared")
    expect(endpointError(() => endpoint({ method: "GET", url: "/x", ["a\u2028\u202eb"]: {} })).path).toBe("a\\u2028\\u202eb")
    const changed = () => Object.assign(new EndpointError("p", "q"), { problem: "\x1b[31m", message: "x\x1b[31mred\u202e" })
    const merged = endpointError(() => Options.fieldSemigroups.params.concat({ a: { b: 1 } }, { a: { get c(): never { throw changed() } } }))
    expect(merged.message).toBe("p: \\u001b[31m") // made again from its path and problem, which the constructor escapes
  })

  it("a hole is a hole though Object.prototype has its index: refused, never filled from the prototype", () => {
    const proto = Object.prototype as Record<number, unknown>
    proto[1] = "polluted"
    try {
      const holed = ["a", , "b"]
      const cases: Array<[string, () => unknown]> = [
        ["previews", () => endpoint("GET /x", { mediaType: { previews: holed } })],
        ["query []", () => endpoint("GET /x", { "f[]": holed })],
        ["explode", () => endpoint("GET /x{?l*}", { l: holed })],
        ["defaults", () => endpoint.defaults({ l: holed })],
        ["JSON body", () => toRequestInit(endpoint("POST /x", { l: holed }))],
      ]
      for (const [where, f] of cases) expect([where, (resultOrEndpointError(f) as EndpointError).problem], where).toEqual([where, expect.stringMatching(/sparse/)])
    } finally {
      delete proto[1]
    }
  })

  it("a null header value removes the header, a default one included (a default token can be dropped, never leaked)", () => {
    const secret = endpoint.defaults({ headers: { authorization: "token secret" } })
    expect(secret("GET /x").headers.authorization).toBe("token secret")
    const r = secret("GET /x", { headers: { Authorization: null } })
    expect(Object.keys(r.headers)).not.toContain("authorization")
    expect(Object.keys(endpoint("GET /x", { headers: { "user-agent": null, accept: null } }).headers)).toEqual([])
    const again = secret.defaults({ headers: { authorization: null } })
    expect(again("GET /x").headers.authorization).toBeUndefined()
    expect(again("GET /x", { headers: { authorization: "token other" } }).headers.authorization).toBe("token other")
  })

  it("a forged EndpointError thrown from a getter is not trusted: it is reported as a foreign exception", () => {
    const forged = Object.create(EndpointError.prototype, {
      _tag: { value: "EndpointError" },
      path: { value: "url" },
      problem: { value: "forged" },
      message: { value: "url: forged" },
    }) as EndpointError
    expect(forged instanceof EndpointError).toBe(true)
    expect(isEndpointError(forged)).toBe(false)
    const input = { get url(): never { throw forged } }
    const e = endpointError(() => endpoint(input))
    expect(e).not.toBe(forged)
    expect(isEndpointError(e)).toBe(true)
    expect(e.problem.startsWith(FOREIGN)).toBe(true)
    const either = endpoint.either(input)
    expect(E.isLeft(either) && either.left).not.toBe(forged)
    expect(E.isLeft(either) && isEndpointError(either.left)).toBe(true)
    const decodedEither = Options.decode(input)
    expect(E.isLeft(decodedEither) && isEndpointError(decodedEither.left)).toBe(true)
    // a genuine one thrown from a getter is kept as it is
    const genuine = new EndpointError("x", "genuine")
    const kept = resultOrEndpointError(() => endpoint({ get url(): never { throw genuine } }))
    expect((kept as EndpointError).problem).toBe("genuine")
  })
})

// -------------------------------------------------------------------------------------
// the pipeline API and the command line
// -------------------------------------------------------------------------------------

describe("the pipeline API and the command line under attack", () => {
  const run = (argv: Array<string>): { code: number; out: string; err: string } => {
    let out = ""
    let err = ""
    const code = CommandLine.main(argv, { stdout: (s) => (out += s), stderr: (s) => (err += s) })
    return { code, out, err }
  }

  it("pipeline: header injection, odd keys and deep nesting end in Right or Left(EndpointError)", () => {
    const injected = pipe(Request.route("GET /x"), Request.header("X-A", "1\r\nX-Injected: 1"), Request.build)
    expect(E.isLeft(injected) && injected.left instanceof EndpointError).toBe(true)
    const badName = pipe(Request.route("GET /x"), Request.header("X A", "1"), Request.build)
    expect(E.isLeft(badName)).toBe(true)
    const proto = pipe(Request.route("POST /x"), Request.param("__proto__", { polluted: 1 }), Request.build)
    expect(E.isRight(proto) && Object.getOwnPropertyDescriptor(proto.right.body, "__proto__")?.value).toEqual({ polluted: 1 })
    const deep = pipe(
      Request.route("POST /x"),
      Request.meta(nested(10_000)),
      Request.meta(nested(10_000, "a", { b: 1 })),
      Request.params({ p: nested(10_000) }),
      Request.params({ p: nested(10_000, "a", { c: 1 }) }),
      Request.build,
    )
    expect(E.isRight(deep) && depthOf(deep.right.request)).toBe(10_000)
    const lone = pipe(Request.route("GET /x/{a}"), Request.param("a", "\ud800"), Request.build)
    expect(E.isLeft(lone) && lone.left instanceof EndpointError).toBe(true)
    expect(E.isLeft(Request.build(null as never))).toBe(true)
    expect(E.isLeft(Request.build({ _tag: "Right", right: new Proxy({}, { ownKeys() { throw new Error("trap") } }) } as never))).toBe(true)
  })

  it("command line: CR/LF in a header, a non-token header name, a lone surrogate → exit 2, no stack trace", () => {
    for (const argv of [
      ["GET /x", "X-A:1\r\nX-Injected: 1"],
      ["GET /x", "X A:1"],
      ["GET /x/{a}", "a=\ud800"],
      ["GET /x", "--base-url", "https://a\r\nb"],
    ]) {
      const { code, out, err } = run(argv)
      expect(code, JSON.stringify(argv)).toBe(2)
      expect(out).toBe("")
      expect(err).toMatch(/^fp-endpoint: /)
      expect(err).not.toMatch(/\n\s+at /)
    }
  })

  it("command line: a body --curl cannot print (a bigint, a cycle) is an EndpointError naming the body, never a foreign exception", () => {
    // JSON.stringify throws a TypeError on both: toCurl must name the body instead, and render must not
    // need the safety net (found by the fuzz's "every entry" property)
    const c: Record<string, unknown> = {}
    c.c = c
    for (const body of [{ a: 1n }, { c }]) {
      const r = endpoint("POST /x", body)
      const e = endpointError(() => CommandLine.toCurl(r))
      expect(e.path.startsWith("body")).toBe(true)
      const rendered = CommandLine.render({ _tag: "Build", route: "POST /x", options: body, output: "curl" })
      expect(E.isLeft(rendered) && rendered.left.problem.startsWith(FOREIGN)).toBe(false)
    }
  })

  it("command line: __proto__, constructor and prototype items travel as data", () => {
    const { code, out } = run(["POST /x", '__proto__:={"polluted":1}', "constructor=c", 'prototype:={"polluted":2}'])
    expect(code).toBe(0)
    const body = (JSON.parse(out) as { body: Record<string, unknown> }).body
    expect(Object.getOwnPropertyDescriptor(body, "__proto__")?.value).toEqual({ polluted: 1 })
    expect(body.constructor).toBe("c")
  })

  it("command line: 10 000 (and 100 000) levels of JSON nesting exit 0 or 2, never throw", () => {
    for (const depth of [10_000, 100_000]) {
      for (const json of ["[".repeat(depth) + "]".repeat(depth), '{"a":'.repeat(depth) + "1" + "}".repeat(depth)]) {
        for (const flags of [[], ["--merge"], ["--curl"]]) {
          const { code, err } = run([...flags, "POST /x", "a:=" + json])
          expect([0, 2]).toContain(code)
          if (code === 2) expect(err).toMatch(/^fp-endpoint: /)
        }
        const parsed = CommandLine.parseArgs(["POST /x", "a:=" + json])
        expect(E.isRight(parsed)).toBe(true)
      }
    }
  })
})

// -------------------------------------------------------------------------------------
// what the build reads of the caller's object: once, in the order of a copy
// -------------------------------------------------------------------------------------

/** A full garbage collection, from inside a process that was not started with --expose-gc. */
const collectGarbage = (): void => {
  setFlagsFromString("--expose-gc")
  ;(runInNewContext("gc") as () => void)()
}

describe("the caller's options are read once, in the order a copy reads them (as endpoint = parse ∘ merge)", () => {
  const outcomeOf = (f: () => unknown): unknown => {
    const r = resultOrEndpointError(f)
    return r instanceof EndpointError ? r.message : r
  }
  const definition = (route: string, options: () => object): unknown =>
    outcomeOf(() => endpoint.parse(endpoint.merge(route, options())))

  it("a getter that throws, before an invalid method: the getter's error, as reading the options comes first", () => {
    const options = () => ({
      get a(): never {
        throw new Error("boom")
      },
      method: 5,
    })
    const direct = outcomeOf(() => endpoint("GET /x", options()))
    expect(direct).toEqual(definition("GET /x", options))
    expect(direct).toMatch(/boom/)
  })

  it("request merges by reading only the winning value of a key: a getter the later request overrides never runs", () => {
    let reads = 0
    const first = {
      get x(): never {
        reads++
        throw new Error("boom")
      },
      y: 1,
    }
    expect(endpoint({ url: "/x", request: first }, { request: { x: 2 } }).request).toEqual({ x: 2, y: 1 })
    const built = pipe(Request.route("GET /x"), Request.with({ request: first }), Request.with({ request: { x: 2 } }), Request.build)
    expect(E.isRight(built) && built.right.request).toEqual({ x: 2, y: 1 })
    expect(reads).toBe(0)
  })

  it("request merges string keys: a symbol key of either side is not carried into the union", () => {
    const s = Symbol.for("s")
    const r = endpoint({ url: "/x", request: { a: 1, [s]: "first" } }, { request: { b: 2, [s]: "second" } }).request!
    expect(r).toEqual({ a: 1, b: 2 })
    expect(Object.getOwnPropertySymbols(r)).toEqual([])
  })

  it("a getter that changes a later key: the later key is read after it", () => {
    const options = () => ({
      get a() {
        ;(this as { b: string }).b = "changed"
        return 1
      },
      b: "orig",
    })
    const direct = endpoint("GET /{b}", options())
    expect(direct.url).toBe("https://api.github.com/changed?a=1")
    expect(direct).toEqual(definition("GET /{b}", options))
  })

  it("a getter on a remembered route runs once, and its error is not lost when the method changes after it", () => {
    for (let i = 0; i < 3; i++) endpoint("GET /once/{x}", { x: 1 })
    let reads = 0
    const options = () => ({
      x: 1,
      get a() {
        if (reads++ === 0) throw new Error("first")
        return "ok"
      },
      method: "POST",
    })
    const direct = outcomeOf(() => endpoint("GET /once/{x}", options()))
    expect(reads).toBe(1)
    expect(direct).toMatch(/first/)
  })

  it("a getter that builds another request while it is read: both results are whole and independent", () => {
    let inner: unknown
    const options = () => ({
      a: "A",
      get b() {
        inner = endpoint("POST /inner/{x}", { x: "X", p: 1, q: 2, r: 3 })
        return "B"
      },
      c: "C",
    })
    const direct = endpoint("GET /outer", options())
    expect(direct.url).toBe("https://api.github.com/outer?a=A&b=B&c=C")
    expect(inner).toMatchObject({ method: "post", url: "https://api.github.com/inner/X", body: { p: 1, q: 2, r: 3 } })
    expect(direct).toEqual(definition("GET /outer", options))
  })

  it("a header getter that builds another request while the scan runs: both results are whole and independent", () => {
    let inner: unknown
    const options = () => ({
      a: "A",
      headers: {
        get "x-a"() {
          inner = endpoint("GET /inner/{z}", { z: "Z", y: "Y", w: "W" })
          return "1"
        },
      },
      b: "B",
    })
    const direct = endpoint("GET /outer", options())
    expect(direct.url).toBe("https://api.github.com/outer?a=A&b=B")
    expect(direct.headers["x-a"]).toBe("1")
    expect(inner).toMatchObject({ url: "https://api.github.com/inner/Z?y=Y&w=W" })
    expect(direct).toEqual(definition("GET /outer", options))
  })

  it("the build keeps no reference to the caller's values once it returns or throws", async () => {
    const refs: Array<WeakRef<object>> = []
    const call = (throwing: boolean): void => {
      const options: Record<string, unknown> = { data: "x" }
      for (let i = 0; i < 40; i++) {
        const value = { big: new Array(1000).fill(i) }
        refs.push(new WeakRef(value))
        options["p" + i] = value
      }
      if (throwing) {
        Object.defineProperty(options, "late", {
          enumerable: true,
          get() {
            throw new Error("late")
          },
        })
      }
      expect(resultOrEndpointError(() => endpoint("POST /keep", options)) instanceof EndpointError).toBe(throwing)
    }
    call(false)
    call(true)
    await new Promise((r) => setTimeout(r, 0)) // a WeakRef's target is kept until the job that made it ends
    collectGarbage()
    expect(refs.filter((r) => r.deref() !== undefined).length).toBe(0)
  })

  it("a Proxy's own key order does not reach the query: integer keys go first, as in any object", () => {
    const options = () => new Proxy({ b: "B", 1: "one" }, { ownKeys: () => ["b", "1"] })
    const direct = endpoint("GET /p", options())
    expect(direct.url).toBe("https://api.github.com/p?1=one&b=B")
    expect(direct).toEqual(definition("GET /p", options))
  })

  it("a large Proxy's own key order does not reach the query either (options of more than LARGE keys are read apart)", () => {
    const target: Record<string, string> = {}
    for (let i = 0; i <= LARGE; i++) target[`k${i}`] = "v"
    target[1] = "one"
    const keys = [...Object.keys(target).filter((k) => k !== "1"), "1"]
    const options = () => new Proxy({ ...target }, { ownKeys: () => keys })
    const direct = endpoint("GET /p", options())
    expect(direct.url).toMatch(/^https:\/\/api\.github\.com\/p\?1=one&k0=v&k1=v&/)
    expect(direct).toEqual(definition("GET /p", options))
  })

  it("among large options, a getter runs once, before any check, as a spread copy runs it (symbol-keyed ones too)", () => {
    let reads = 0
    let symbolReads = 0
    const options = (late: unknown, boom = true) => {
      const o: Record<string | symbol, unknown> = { method: late }
      for (let i = 0; i <= LARGE; i++) o[`k${i}`] = i
      Object.defineProperty(o, "g", { enumerable: true, get: () => (reads++, "G") })
      Object.defineProperty(o, Symbol("s"), { enumerable: true, get: () => (symbolReads++, "S") })
      if (boom) Object.defineProperty(o, "boom", { enumerable: true, get: () => { throw new Error("boom") } })
      return o
    }
    // an invalid method comes before the throwing getter: reading comes first, so the getter's error wins
    expect(outcomeOf(() => endpoint("GET /x", options(5)))).toMatch(/boom/)
    expect(outcomeOf(() => endpoint("GET /x", options(5)))).toEqual(definition("GET /x", () => options(5)))
    reads = symbolReads = 0
    expect(outcomeOf(() => endpoint("GET /x", options("GET", false)))).toMatchObject({ url: expect.stringMatching(/g=G$/) })
    expect([reads, symbolReads]).toEqual([1, 1])
  })

  it("large options are read as a spread reads them: a key a getter hides after it is left out, a symbol it adds is not read", () => {
    let added = 0
    const options = () => {
      const o: Record<string | symbol, unknown> = {}
      Object.defineProperty(o, "g", {
        enumerable: true,
        get() {
          Object.defineProperty(o, "k5", { enumerable: false })
          Object.defineProperty(o, Symbol("late"), { enumerable: true, get: () => (added++, 1) })
          return "G"
        },
      })
      for (let i = 0; i <= LARGE; i++) o[`k${i}`] = i
      return o
    }
    const direct = endpoint("GET /x", options())
    expect(direct.url).not.toMatch(/[?&]k5=/)
    expect(direct).toEqual(definition("GET /x", options))
    expect(added).toBe(0)
  })

  it("a large Proxy is read in the order its ownKeys gives, symbols included: its first throwing read is the error", () => {
    const sym = Symbol("first")
    const target: Record<string | symbol, unknown> = { [sym]: 1 }
    for (let i = 0; i <= LARGE; i++) target[`k${i}`] = i
    const options = () =>
      new Proxy(target, {
        ownKeys: () => [sym, ...Object.keys(target)],
        get: (_, key) => {
          throw new Error(`read ${String(key)}`)
        },
      })
    const direct = outcomeOf(() => endpoint("GET /x", options()))
    expect(direct).toMatch(/read Symbol\(first\)/)
    expect(direct).toEqual(definition("GET /x", options))
  })

  it("a small Proxy whose descriptor trap throws gives the error a copy gives, whatever counts its keys first", () => {
    const sym = Symbol("s")
    const options = () =>
      new Proxy({ [sym]: 1, a: 1 } as Record<string | symbol, unknown>, {
        ownKeys: () => [sym, "a"],
        getOwnPropertyDescriptor: (_, key) => {
          throw new Error(`describe ${String(key)}`)
        },
      })
    const direct = outcomeOf(() => endpoint("GET /x", options()))
    expect(direct).toMatch(/describe Symbol\(s\)/)
    expect(direct).toEqual(definition("GET /x", options))
  })

  it("a large body: undefined values and template variables are left out, the rest keep their order", () => {
    const options: Record<string, unknown> = { id: 7 }
    for (let i = 0; i <= LARGE; i++) options[`k${i}`] = i % 3 === 0 ? undefined : i
    const r = endpoint("POST /items/{id}", options)
    expect(r.url).toBe("https://api.github.com/items/7")
    const expectedKeys = Array.from({ length: LARGE + 1 }, (_, i) => i).filter((i) => i % 3 !== 0).map((i) => `k${i}`)
    expect(Object.keys(r.body as object)).toEqual(expectedKeys)
    expect(r).toEqual(definition("POST /items/{id}", () => options))
  })

  it("large options over defaults with the same parameters: each is placed once, the caller's value merged into the default's", () => {
    // a template of more than 8 variables, two of which the defaults also have: v3 merged, v5 the caller leaves undefined
    const route = "/" + Array.from({ length: 12 }, (_, i) => `{v${i}}`).join("/")
    const path = "/x0/x1/x2/x,1,y,2/x4/d5/" + Array.from({ length: 6 }, (_, i) => `x${i + 6}`).join("/")
    const rest = Array.from({ length: LARGE + 1 - 12 }, (_, i) => `v${i + 12}`)
    const options = (a: unknown): Record<string, unknown> => {
      const o: Record<string, unknown> = { a, b: undefined }
      for (let i = 0; i <= LARGE; i++) o[`v${i}`] = i === 3 ? { y: 2 } : i === 5 ? undefined : `x${i}`
      return o
    }
    const get = endpoint.defaults({ a: "1", v3: { x: 1 }, v5: "d5", b: "default" })
    expect(get(`GET ${route}`, options("2")).url).toBe(
      `https://api.github.com${path}?a=2&b=default&${rest.map((k) => `${k}=x${k.slice(1)}`).join("&")}`,
    )
    const post = endpoint.defaults({ a: { x: 1 }, v3: { x: 1 }, v5: "d5", b: "default" })
    const r = post(`POST ${route}`, options({ y: 2 }))
    expect(r.url).toBe(`https://api.github.com${path}`)
    expect(Object.keys(r.body as object)).toEqual(["a", "b", ...rest])
    expect((r.body as Record<string, unknown>).a).toStrictEqual({ x: 1, y: 2 })
    expect((r.body as Record<string, unknown>).b).toBe("default")
    expect(r).toEqual(post.parse(post.merge(`POST ${route}`, options({ y: 2 }))))
    expect(get(`GET ${route}`, options("2"))).toEqual(get.parse(get.merge(`GET ${route}`, options("2"))))
  })

  it("template values merged into the defaults' are read in order, for small and large options", () => {
    const d = endpoint.defaults({ v1: { x: 1 }, v2: { x: 1 } })
    const options = (size: number): Record<string, unknown> => {
      const o: Record<string, unknown> = {
        v2: { get z(): never { throw new Error("from v2") } },
        v1: { get z(): never { throw new Error("from v1") } },
      }
      for (let i = 0; i < size; i++) o[`k${i}`] = i
      return o
    }
    const small = outcomeOf(() => d("POST /{v1}/{v2}", options(0)))
    expect(small).toMatch(/from v1/)
    expect(small).toMatch(new RegExp(`^v1\\.z: ${FOREIGN}`)) // the key whose getter threw
    expect(outcomeOf(() => d("POST /{v1}/{v2}", options(LARGE + 1)))).toEqual(small)
    expect(outcomeOf(() => d("POST /{v1}/{v2}", options(0)))).toEqual(outcomeOf(() => d.parse(d.merge("POST /{v1}/{v2}", options(0)))))
  })

  it("integer-like parameter keys keep the concatenation's order when the defaults have parameters", () => {
    const d = endpoint.defaults({ a: "x", 2: "z" })
    const r = d("GET /x", { 1: "y", b: "w" })
    expect(r.url).toBe("https://api.github.com/x?1=y&2=z&a=x&b=w")
    expect(r).toEqual(d.parse(d.merge("GET /x", { 1: "y", b: "w" })))
  })
})

describe("a polluted Object.prototype never reaches a result", () => {
  /**
   * What each call gives (JSON, or the error it throws) while Object.prototype has the given
   * property under each name; the properties it had before (toString's) are put back after.
   */
  const underPrototype = (
    names: ReadonlyArray<string>,
    calls: ReadonlyArray<() => unknown>,
    descriptor: (name: string) => PropertyDescriptor,
  ): Array<string> => {
    const own = names.map((k) => Object.getOwnPropertyDescriptor(Object.prototype, k))
    try {
      for (const k of names) Object.defineProperty(Object.prototype, k, { ...descriptor(k), configurable: true })
      return calls.map((f) => {
        try {
          return JSON.stringify(f())
        } catch (e) {
          return `threw ${String(e)}`
        }
      })
    } finally {
      names.forEach((k, i) => {
        delete (Object.prototype as Record<string, unknown>)[k]
        if (own[i] !== undefined) Object.defineProperty(Object.prototype, k, own[i])
      })
    }
  }

  const keys = ["previews", "format", "accept", "url", "method", "headers", "mediaType", "data", "a"]
  const calls: Array<() => unknown> = [
    () => endpoint("GET /x", { mediaType: { format: "raw" } }),
    () => endpoint("GET /x", { mediaType: { previews: ["p"] } }),
    () => endpoint.parse({ url: "/x", headers: {} }),
    () => endpoint.parse({ url: "/x", mediaType: { format: "raw" } }),
    () => endpoint("POST /x/{a}", { b: 1, headers: { "x-a": "1" } }),
    () => endpoint.merge("GET /x", { mediaType: { previews: ["p"] } }),
    () => endpoint.defaults({ mediaType: { format: "diff" } })("GET /x", { mediaType: { previews: ["q"] } }),
  ]
  it("for previews, format, accept and reserved or parameter keys", () => {
    const clean = calls.map((f) => JSON.stringify(f()))
    const polluted = underPrototype(keys, calls, (k) => ({ value: k === "previews" ? ["evil"] : "evil", enumerable: true, writable: true }))
    expect(polluted).toEqual(clean)
  })

  // A setter added to Object.prototype would receive a value assigned under its name, and a
  // read-only property (every one of a prototype frozen with Object.freeze) would make the
  // assignment throw. Results are built by defining such keys, never through the prototype.
  const names = ["x", "authorization", "accept", "content-type", "request", "title", "toString", "body", "headers", "baseUrl"]
  const results: Array<() => unknown> = [
    () => endpoint("POST /x", { x: 1, title: "t", toString: "s", headers: { authorization: "token 1" }, request: { timeout: 1 } }),
    () => endpoint("GET /x", { mediaType: { format: "raw" }, headers: { authorization: "token 1" } }),
    () => endpoint("POST /x", { headers: { "x-a": "1" }, data: "d" }),
    () => endpoint.merge("POST /x", { x: 1, toString: "s", headers: { authorization: "token 1" } }),
    () => endpoint.defaults({ x: 1, toString: "s", headers: { authorization: "token 1" } })("POST /y", { title: "t" }),
    () => endpoint.parse({ url: "/x", method: "POST", x: 1, toString: "s", headers: { authorization: "token 1" } }),
    () => concatFlat({ x: 1, toString: "s" }, { title: "t", request: { a: 1 } }),
    () => Options.concat(decoded({ x: 1, toString: "s", headers: { authorization: "token 1" } }), decoded({ title: "t", request: { a: 1 } })),
    () => toRequestInit(endpoint("POST /x", { title: "t" }))[1],
    () => CommandLine.parseArgs(["--base-url", "https://e.example", "GET /x", "a=1", "authorization:token 1"]),
  ]
  it("a setter added to Object.prototype receives nothing, and the keys stay in the results", () => {
    const clean = results.map((f) => JSON.stringify(f()))
    const received: Array<string> = []
    const polluted = underPrototype(names, results, (k) => ({ set: (v: unknown) => void received.push(`${k}=${String(v)}`), get: () => undefined }))
    expect(polluted).toEqual(clean)
    expect(received).toEqual([])
  })
  it("read-only properties of Object.prototype (as a frozen one has) change no result and raise nothing", () => {
    const clean = results.map((f) => JSON.stringify(f()))
    expect(underPrototype(names, results, () => ({ value: "read-only", writable: false }))).toEqual(clean)
  })
})

describe("what an endpoint remembers stays right whatever callers send", () => {
  it("many formats, long ones among them: a long one is an EndpointError, and the accept of each short one is right", () => {
    // (the old test also counted the entries of the old core's per-layer accept memo, an internal that is gone)
    const e = endpoint.defaults({ headers: { "x-memo": "1" } }) // a fresh endpoint
    for (let i = 0; i < 40; i++) {
      const format = `${i}` + "x".repeat(i % 2 === 0 ? 100_000 : 3)
      const r = resultOrEndpointError(() => e({ url: "/x", mediaType: { format } }))
      if (i % 2 === 0) expect((r as EndpointError).path).toBe("headers.accept")
      else expect((r as RequestOptions).headers.accept).toBe(`application/vnd.github.v3.${format}`)
    }
    expect(e({ url: "/x", mediaType: { format: "1xxx" } }).headers.accept).toBe("application/vnd.github.v3.1xxx")
    expect(e({ url: "/x" }).headers.accept).toBe("application/vnd.github.v3+json")
  })

  it("a route used again after thousands of others gives the same result", () => {
    const e = endpoint.defaults({ headers: { "x-memo": "2" } })
    const first = e("GET /first/{a}", { a: 1 })
    for (let i = 0; i < 3000; i++) e(`GET /r${i}/{a}`, { a: i })
    expect(e("GET /first/{a}", { a: 1 })).toEqual(first)
    expect(e("GET /first/{a}", { a: 2 }).url).toBe("https://api.github.com/first/2")
  })
})

describe("a caller's array is walked to the length read first", () => {
  /** An array Proxy whose length grows at each read (1, 2, 3, ...), every index present; a walk that reads it again and again ends in the throw, not in a hang. */
  const growing = (): ReadonlyArray<string> => {
    let reads = 0
    return new Proxy(["x"], {
      has: () => true,
      get(target, key, receiver) {
        if (key !== "length") return /^\d+$/.test(String(key)) ? "x" : Reflect.get(target, key, receiver)
        if (++reads > 50) throw new Error("length read again and again")
        return reads
      },
    })
  }

  it("in the query, a template list, previews and defaults: one member, the length's first answer", () => {
    expect(endpoint("GET /x", { list: growing() }).url).toBe("https://api.github.com/x?list=x")
    expect(endpoint("GET /x{?list*}", { list: growing() }).url).toBe("https://api.github.com/x?list=x")
    expect(endpoint("GET /x", { mediaType: { previews: growing() } }).headers.accept).toBe("application/vnd.github.x-preview+json")
    expect(endpoint.defaults({ list: growing() })("GET /x").url).toBe("https://api.github.com/x?list=x")
    expect(Template.expand({ a: growing() })(orThrow(Template.parse("/{a*}")))).toEqual(E.right("/x"))
  })
})

describe("a caller's array is read by index, never through its own methods or iterator", () => {
  /** An array whose methods and iterator lie about what it holds. */
  class Lying extends Array<unknown> {
    override findIndex(): number { return -1 }
    override every(): boolean { return true }
    override slice(): Array<unknown> { return ["clean"] }
    override *[Symbol.iterator](): ArrayIterator<unknown> { yield "clean" }
  }
  const lying = (...members: Array<unknown>): Lying => {
    const a = new Lying()
    for (const m of members) a.push(m)
    return a
  }

  it("previews: a CR, LF or non-string member is refused however the array answers", () => {
    for (const headers of [{}, { "x-a": "1" }]) {
      expect(endpointError(() => endpoint("GET /x", { headers, mediaType: { previews: lying("a\r\nx-injected: 1") } })).path).toBe("mediaType.previews[0]")
      expect(endpointError(() => endpoint("GET /x", { headers, mediaType: { previews: lying(42) as never } })).path).toBe("mediaType.previews[0]")
    }
    expect(endpoint("GET /x", { mediaType: { previews: lying("a", "a", "b") } }).headers.accept).toBe(
      "application/vnd.github.a-preview+json,application/vnd.github.b-preview+json",
    )
  })

  it("a template list: its members by index, whatever its iterator yields, endless or empty", () => {
    const endless = ["a", "b"]
    endless[Symbol.iterator] = function* () {
      for (;;) yield "x"
    }
    const empty = ["a"]
    empty[Symbol.iterator] = function* () {}
    expect(endpoint("GET /x/{list}", { list: endless }).url).toBe("https://api.github.com/x/a,b")
    expect(endpoint("GET /x/{list}", { list: empty }).url).toBe("https://api.github.com/x/a")
  })

  it("lists are read by index even when someone gave Object.prototype an iterator, once-only or endless", () => {
    const read = () => [
      endpoint("GET /x{/names*}", { names: ["a", "b"], labels: ["bug", "security"] }).url,
      endpoint("GET /x", { mediaType: { previews: ["p", "q"] } }).headers.accept,
      toRequestInit({ method: "post", url: "/x", headers: { "content-type": "application/json" }, body: { list: [1, 2] } })[1].body,
      CommandLine.parseArgs(["GET", "/x", "a=1"])._tag,
    ]
    const expected = ["https://api.github.com/x/a/b?labels=bug%2Csecurity", "application/vnd.github.p-preview+json,application/vnd.github.q-preview+json", '{"list":[1,2]}', "Right"]
    for (const iterator of [function* once() { yield 0 }, function* endless() { for (;;) yield 0 }]) {
      let got: Array<unknown> = []
      try {
        Object.defineProperty(Object.prototype, Symbol.iterator, { value: iterator, configurable: true, writable: true })
        got = read()
      } finally {
        delete (Object.prototype as { [Symbol.iterator]?: unknown })[Symbol.iterator]
      }
      expect(got).toEqual(expected)
    }
  })
})

describe("where a request goes", () => {
  it("a scheme that values write is one only with a host after it: {a}:{b} with https and evil.com is a path under the base url", () => {
    const base = "https://api.github.com"
    expect(endpoint("POST {name}:cancel", { name: "operations-1" }).url).toBe(`${base}/operations-1:cancel`)
    expect(endpoint("POST {name}:cancel", { name: "https" }).url).toBe(`${base}/https:cancel`) // not the host "cancel"
    expect(endpoint("GET {a}:{b}", { a: "https", b: "evil.com" }).url).toBe(`${base}/https:evil.com`)
    expect(endpoint("GET {+u}", { u: "https:evil.com" }).url).toBe(`${base}/https:evil.com`)
    expect(endpoint("GET {+u}", { u: "https:/evil.com" }).url).toBe(`${base}/https:/evil.com`)
    expect(endpoint("GET {+u}/x", { u: "https://h.example" }).url).toBe("https://h.example/x") // scheme and host: the target
    expect(endpoint("GET {scheme}://h.example/x", { scheme: "https" }).url).toBe("https://h.example/x")
    expect(endpoint("GET https:{+rest}", { rest: "//h.example/x" }).url).toBe("https://h.example/x") // the template writes the scheme
  })

  it("without a base url, values cannot write a scheme with no // and host: http:evil.example would name the host evil.example", () => {
    for (const [route, values, name] of [["GET {a}:{b}", { a: "http", b: "evil.example" }, "a"], ["GET {+u}", { u: "https:/evil.example" }, "u"], ["POST {name}:cancel", { name: "ops-1" }, "name"], ["GET {+a,u}", { u: "https:/evil.example" }, "u"]] as const) {
      const e = endpoint.either(route, { ...values, baseUrl: "" })
      expect(e._tag === "Left" && e.left.message).toBe(`${name}: a value cannot give the url a scheme without "//" and a host (URL parsers would read what follows as the host)`)
    }
    expect(endpoint("GET {+u}/x", { u: "https://h.example", baseUrl: "" }).url).toBe("https://h.example/x")
    expect(endpoint("GET mailto:{x}", { x: "a@b.example", baseUrl: "" }).url).toBe("mailto:a%40b.example") // the template writes the scheme
    expect(endpoint("GET /{a}:{b}", { a: "http", b: "x", baseUrl: "" }).url).toBe("/http:x")
  })

  it("a scheme completed by a value (http{s}://) is the target, not a path under the base url", () => {
    expect(endpoint("GET http{s}://example.com/x", { s: "s" }).url).toBe("https://example.com/x")
    expect(endpoint("GET http{s}://example.com/x", { s: "" }).url).toBe("http://example.com/x")
    expect(endpoint("GET {+base}/x", { base: "https://h.test" }).url).toBe("https://h.test/x")
    expect(endpoint("GET http/{s}", { s: "x" }).url).toBe("https://api.github.com/http/x")
  })
})

describe("bodies are known by what they are, not by what their tag claims", () => {
  const tagged = <A extends object>(u: A, tag: string): A => Object.defineProperty(u, Symbol.toStringTag, { value: tag })

  it("shared memory that claims to be an ArrayBuffer is still refused by the fetch adapters", () => {
    const shared = tagged(new SharedArrayBuffer(2), "ArrayBuffer")
    expect(endpointError(() => toRequestInit(endpoint("POST /x", { data: shared }))).path).toBe("body")
  })

  it("an object that claims to be an ArrayBuffer is JSON; a Blob whose tag changed is still a blob", () => {
    class Impostor {
      readonly a = 1
    }
    const impostor = tagged(new Impostor(), "ArrayBuffer")
    expect(endpoint("POST /x", { data: impostor }).headers["content-type"]).toBe("application/json; charset=utf-8")
    const blob = tagged(new Blob(["x"]), "Something")
    expect(endpoint("POST /x", { data: blob }).headers["content-type"]).toBeUndefined()
  })
})

describe("small promises kept", () => {
  it("a numeric accept header stays a number when no media type amends it", () => {
    expect(endpoint("GET /x", { headers: { accept: 5 } }).headers.accept).toBe(5)
  })

  it("an accept header too long to build is a fresh EndpointError each time, never a remembered one", () => {
    // the defaults' frozen headers and a short media type: the case whose ready headers are remembered
    // 910 vendor types, 16 379 characters: the format makes each 4 longer
    const e = endpoint.defaults({ headers: { accept: Array(910).fill("application/vnd.a").join(",") }, mediaType: { format: "raw" } })
    const first = endpointError(() => e("GET /x"))
    expect(first.path).toBe("headers.accept")
    expect(endpointError(() => e("GET /x"))).not.toBe(first)
  })

  it("Template.expand reads the template's names only: another getter that throws is not touched, a non-enumerable value is read", () => {
    const values = Object.defineProperty({ get other(): string { throw new TypeError("boom") } }, "hidden", { value: "h", enumerable: false })
    const t = Template.parse("/x/{hidden}")
    expect(t._tag === "Right" && Template.expand(values)(t.right)).toEqual(E.right("/x/h"))
  })

  it("a template error names the first problem in the text: a lone surrogate before a stray }", () => {
    expect(endpointError(() => endpoint("GET /\ud800}")).message).toContain("lone surrogate at position 1")
    expect(endpointError(() => endpoint("GET /x/{a%2}")).message).toContain("invalid percent-encoding")
  })

  it("the dot-segment search is linear: 30 000 literal dot segments beside 100 000 empty expressions", () => {
    const route = "GET " + "/.".repeat(30_000) + "/a" + "{x}".repeat(100_000)
    const started = performance.now()
    expect(endpoint(route, { x: "" }).url.endsWith("/a")).toBe(true)
    expect(performance.now() - started).toBeLessThan(3000) // a generous guard: a quadratic search took over 9 s
  })
})

describe("a second review's attacks: JSON walks, shared references, lazy defaults, curl, forged errors, exports", () => {
  /** An array Proxy whose length is 1 at the first two reads and 2 ** 27 after: JSON.stringify's own read must not be the one that counts. */
  const lyingLength = (): ReadonlyArray<string> => {
    let reads = 0
    return new Proxy(["x"], {
      has: () => true,
      get: (target, key, receiver) => (key === "length" ? (++reads > 2 ? 2 ** 27 : 1) : /^\d+$/.test(String(key)) ? "x" : Reflect.get(target, key, receiver)),
    })
  }
  /** Objects sharing one child twice, `depth` levels deep: `depth` + 1 objects, 2 ** depth paths. */
  const shared = (depth: number): object => {
    let d: object = { leaf: 1 }
    for (let i = 0; i < depth; i++) d = { a: d, b: d }
    return d
  }
  const post = (body: object): RequestOptions => ({ method: "POST", url: "https://h.test/", headers: { "content-type": "application/json" }, body })

  it("a JSON body is written from a copy of each array made with its length read once (fetch adapters, --curl, the printed result)", () => {
    // the adapters read the length to check the array, then copy it: a length that changes between the reads is refused
    const started = Date.now()
    expect(endpointError(() => toRequestInit(post({ a: lyingLength() }))).message).toBe("body.a: a sparse array (with holes) cannot be serialised as JSON")
    expect(endpointError(() => CommandLine.toCurl(post({ a: lyingLength() }))).path).toBe("body.a")
    expect(Date.now() - started).toBeLessThan(5_000)
    const printed = CommandLine.render({ _tag: "Build", route: "POST /x", options: { a: lyingLength() }, output: "json" })
    expect(E.isRight(printed) && JSON.parse(printed.right).body).toEqual({ a: ["x"] })
  })

  it("shared references cannot make a JSON text exponentially larger than its input: a bound stops it (generous guard)", () => {
    const started = Date.now()
    expect(endpointError(() => toRequestInit(post(shared(40)))).problem).toMatch(/^more than \d+ values or \d+ characters of keys and strings/)
    const printed = CommandLine.render({ _tag: "Build", route: "POST /x", options: { d: shared(40) }, output: "json" })
    expect(E.isLeft(printed) && printed.left.problem).toMatch(/^more than \d+ values/)
    expect(Date.now() - started).toBeLessThan(30_000)
    expect(toRequestInit(post(shared(10)))[1].body).toBe(JSON.stringify(shared(10))) // a few shared references are fine
  })

  it("one long string listed many times in the query or a template list is refused before a huge text is built", () => {
    const long = "x".repeat(1 << 20)
    const many = Array.from({ length: 500 }, () => long)
    const started = Date.now()
    for (const [route, params] of [["GET /x", { q: many }], ["GET /x", { "q[]": many }], ["GET /x{?q*}", { q: many }], ["GET /x{/q}", { q: many }]] as const) {
      expect(endpointError(() => endpoint(route, params)).message).toMatch(/^url: the (expanded )?url is longer than 65536 characters/)
    }
    expect(endpointError(() => endpoint("GET /x", Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`p${i}`, long])))).path).toBe("url")
    expect(E.isLeft(Template.expand({ q: many })(orThrow(Template.parse("{q}"))))).toBe(true)
    expect(Date.now() - started).toBeLessThan(5_000) // generous: joining all of them first took about 20 s (and 500 MB a call)
  })

  it("a list that expands to exactly the url's bound is accepted; one character more is refused", () => {
    const at = "a".repeat(65_536)
    for (const template of ["{x}", "{x*}", "{?x}"]) {
      const room = 65_536 - (template === "{?x}" ? "?x=".length : 0)
      expect(Template.expand({ x: [at.slice(0, room)] })(orThrow(Template.parse(template)))).toEqual(E.right(template === "{?x}" ? `?x=${at.slice(0, room)}` : at))
      expect(E.isLeft(Template.expand({ x: [at.slice(0, room) + "a"] })(orThrow(Template.parse(template))))).toBe(true)
    }
    expect(Template.expand({ x: ["a".repeat(32_767), "b".repeat(32_768)] })(orThrow(Template.parse("{x}")))).toEqual(E.right(`${"a".repeat(32_767)},${"b".repeat(32_768)}`))
  })

  it("the printed result names the key that cannot be printed, though a large key before it used most of the JSON bound", () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    const big = Array.from({ length: 1_500_000 }, () => 0)
    const r = CommandLine.render({ _tag: "Build", route: "POST /x", options: { data: big, request: { agent: cyclic } }, output: "json" })
    expect(E.isLeft(r) && r.left.message).toMatch(/^request: cannot be printed as JSON/)
  })

  it("a getter or trap that throws inside a parameter's value is named by the parameter, in the url, the query and Template.expand", () => {
    const member = () => Object.defineProperty([1, 2], 1, { get: () => { throw new Error("boom") }, enumerable: true })
    const record = () => ({ get k(): never { throw new Error("boom") } })
    expect(endpointError(() => endpoint("GET /x", { a: member() })).message).toBe("a: reading the input failed (Error: boom)")
    expect(endpointError(() => endpoint("GET /x{?a}", { a: member() })).message).toBe("a: reading the input failed (Error: boom)")
    expect(endpointError(() => endpoint("GET /x/{a}/{b}", { a: "ok", b: record() })).message).toBe("b: reading the input failed (Error: boom)")
    const t = orThrow(Template.parse("/{x}/{y}"))
    const top = Template.expand({ x: 1, get y(): never { throw new Error("top") } })(t)
    expect(E.isLeft(top) && top.left.message).toBe("y: reading the input failed (Error: top)")
    const inner = Template.expandWith(t, { x: 1, y: record() })
    expect(E.isLeft(inner) && inner.left.path).toBe("y")
    // a list's members are read once an expansion: naming a dot segment's culprit does not read them again
    let reads = 0
    const dots = Object.defineProperty([], 0, { enumerable: true, get: () => { if (reads++ > 0) throw new Error("again"); return ".." } })
    const again = Template.expandWith(orThrow(Template.parse("/x{/a}/{z}")), { a: dots, z: "zz" })
    expect(E.isLeft(again) && again.left.message).toBe('a: a value cannot make a path segment "." or ".." (it would move the request)')
    expect(reads).toBe(1)
    // a top-level value is read again to name the culprit: a getter that throws then is still named by its own variable
    let topReads = 0
    const values = Object.defineProperty({ z: "zz" }, "a", { enumerable: true, get: () => { if (topReads++ > 0) throw new Error("again"); return ".." } })
    const topAgain = Template.expandWith(orThrow(Template.parse("/x{/a}/{z}")), values)
    expect(E.isLeft(topAgain) && topAgain.left.message).toBe("a: reading the input failed (Error: again)")
  })

  it("a symbol key in headers is no header: it never reaches the result, which fetch's Headers would refuse", () => {
    for (const headers of [{ [Symbol("s")]: "v", a: "1" }, { [Symbol("s")]: "v", A: "1" }, { [Symbol("s")]: "v", b: null }]) {
      const r = endpoint("GET /x", { headers })
      expect(Object.getOwnPropertySymbols(r.headers)).toEqual([])
      expect(() => new Headers(r.headers as Record<string, string>)).not.toThrow()
    }
    expect(Object.getOwnPropertySymbols(endpoint.defaults({ headers: { [Symbol("s")]: "v" } }).DEFAULTS.headers ?? {})).toEqual([])
    // decode would leave the symbol out, so such headers are not normal
    expect(Options.fieldCodecs.headers.is({ a: "1", [Symbol("s")]: "v" })).toBe(false)
    expect(Options.fieldCodecs.headers.is({ a: "1" })).toBe(true)
  })

  it("a revoked Proxy as mediaType.previews is named there", () => {
    const { proxy, revoke } = Proxy.revocable([], {})
    revoke()
    expect(endpointError(() => endpoint("GET /x", { mediaType: { previews: proxy } })).message).toBe(
      "mediaType.previews: expected an array of strings, got revoked Proxy",
    )
  })

  it("a getter that throws deep inside defaults is named by its path, each getter read once", () => {
    let reads = 0
    const boom = { get b(): never { reads++; throw new Error("boom") } }
    expect(endpointError(() => endpoint.defaults({ a: boom })).message).toBe("a.b: reading the input failed (Error: boom)")
    expect(reads).toBe(1)
    const member = Object.defineProperty([1, 2], 1, { get: () => { throw new Error("boom") }, enumerable: true })
    expect(endpointError(() => endpoint.defaults({ request: { x: [0, { list: member }] } })).path).toBe("request.x[1].list[1]")
  })

  it("defaults whose getter hands out a new object at every read stop at a bound, as an EndpointError", () => {
    const lazy = (): object => ({ get next() { return lazy() } })
    expect(endpointError(() => endpoint.defaults({ request: lazy() })).problem).toMatch(/^defaults may hold at most \d+ objects and arrays/)
  })

  it("toCurl checks what it prints: a url or method that is no string, a header name that is no token, a CR or LF in a value", () => {
    const fake = { includes: () => false, split: () => ["x'; echo PWNED >&2; '"] }
    expect(endpointError(() => CommandLine.toCurl({ method: "GET", url: fake as never, headers: {} })).message).toBe("url: expected string, got object")
    expect(endpointError(() => CommandLine.toCurl({ method: fake as never, url: "https://h.test/", headers: {} })).path).toBe("method")
    expect(endpointError(() => CommandLine.toCurl({ method: "GET", url: "https://h.test/", headers: { "x-a": "v\r\nInjected: 1" } })).message).toBe("headers.x-a: header value contains CR, LF or NUL")
    expect(endpointError(() => CommandLine.toCurl({ method: "GET", url: "https://h.test/", headers: { "x a": "v" } })).problem).toBe("header name is not an RFC 9110 token")
  })

  it("the fetch adapters refuse a CR or LF at either end of a header value (Headers trims them before its own check)", () => {
    for (const value of ["x\r\n", "\r\nx", "x\n", "\r"]) {
      expect(endpointError(() => toRequestInit({ method: "GET", url: "https://h.test/", headers: { "x-a": value } })).message).toBe("headers.x-a: header value contains CR, LF or NUL")
    }
  })

  it("an error forged into the shared registry (a Proxy whose reads throw) is described: Either entries still return a Left", () => {
    const registry = (globalThis as Record<symbol, WeakSet<object>>)[Symbol.for("fp-endpoint.EndpointError.registry")]!
    const fake = new Proxy({}, { get() { throw new TypeError("boom") }, getPrototypeOf() { throw new TypeError("proto") } })
    const hostile = () => ({ get title(): never { registry.add(fake); throw fake } })
    for (const r of [endpoint.either("POST /x", hostile()), Options.decode(hostile()), Request.route("POST /x", hostile() as never)]) {
      expect(E.isLeft(r) && isEndpointError(r.left) && r.left !== fake).toBe(true)
    }
    expect(endpointError(() => endpoint.defaults({ request: hostile() })) === fake).toBe(false) // (expect reads a value it is given: not the Proxy)
  })

  it("a plain object forged into the registry and thrown from a getter escapes as nothing but an EndpointError of this class", () => {
    const registry = (globalThis as Record<symbol, WeakSet<object>>)[Symbol.for("fp-endpoint.EndpointError.registry")]!
    const fake = { path: "url", problem: "forged", message: "url: forged" }
    registry.add(fake)
    const thrown = (() => {
      try {
        endpoint.defaults({ a: { get b(): never { throw fake } } })
      } catch (e) {
        return e
      }
    })()
    expect([thrown === fake, thrown instanceof EndpointError, (thrown as EndpointError).message]).toEqual([false, true, "url: forged"])
    const r = endpoint.either("POST /x", { get title(): never { throw fake } })
    expect(E.isLeft(r) && [r.left === fake, r.left instanceof EndpointError]).toEqual([false, true])
  })

  it("shared objects of the API are frozen: no caller can change what the next call does", () => {
    for (const o of [Options.fieldCodecs, Options.fieldCodecs.headers, Options.fieldSemigroups, Options.fieldSemigroups.headers, Options.RESERVED_KEYS, Options.Semigroup, Options.Monoid, Options.Codec, Request.empty, typedEndpoint]) {
      expect(Object.isFrozen(o)).toBe(true)
    }
  })
})

describe("a third review's attacks: JSON keys, name[] lists, a host made by values, codecs over hostile objects", () => {
  it("a JSON body's keys count towards its bound: 300 references to one 1 MB key no longer print 300 MB (generous guard)", () => {
    const body = Array(300).fill({ ["k".repeat(1_000_000)]: 1 })
    const post = { method: "post", url: "https://h.test/", headers: { "content-type": "application/json" }, body }
    for (const f of [() => CommandLine.toCurl(post), () => toRequestInit(post)]) {
      const [e, ms] = timed(() => endpointError(f))
      expect(e.message).toMatch(/^body: more than \d+ values or \d+ characters of keys and strings/)
      expect(ms).toBeLessThan(10_000)
    }
    expect(toRequestInit({ ...post, body: Array(3).fill({ ["k".repeat(1_000_000)]: 1 }) })[1].body).toHaveLength(3_000_000 + 3 * 6 + 4) // [{"k…":1},…]
  })

  it("a name[] list counts its repeated names against the url's bound: refused before a 500 MB query is built", () => {
    const [e, ms] = timed(() => endpointError(() => endpoint("GET /x", { ["a".repeat(5000) + "[]"]: Array(100_000).fill("") })))
    expect(e.message).toBe(`url: the url is longer than ${Template.MAX_LENGTH} characters`)
    expect(ms).toBeLessThan(2000)
    // right at the bound still works: the count never refuses a url that fits
    const name = "n[]"
    const members = Array(Math.floor((Template.MAX_LENGTH - "/x?".length + 1) / (name.length + 6 + 1))).fill("v")
    const url = endpoint("GET /x", { baseUrl: "", [name]: members }).url
    expect(url.length <= Template.MAX_LENGTH && url.length > Template.MAX_LENGTH - 20).toBe(true)
  })

  it("values cannot make a url without a base start with // (another host); a template that starts with // can", () => {
    expect(endpointError(() => endpoint("GET /:owner/:repo", { baseUrl: "", owner: "", repo: "evil.example" })).message)
      .toBe('owner: a value cannot make the url start with "//" (it would name another host)')
    expect(endpointError(() => endpoint("GET {+x}/y", { baseUrl: "", x: "//evil.example" })).path).toBe("x")
    expect(E.isLeft(endpoint.either({ url: "/{a}/{b}", baseUrl: "", b: "evil.example" }))).toBe(true)
    expect(endpoint("GET //h.test/{x}", { baseUrl: "", x: "" }).url).toBe("//h.test/")
    expect(endpoint("GET /:owner/:repo", { owner: "", repo: "r" }).url).toBe("https://api.github.com//r") // a base keeps the host
  })

  it("Template.parse refuses a mode it does not know, and writes nothing on a prototype", () => {
    for (const mode of ["__proto__", "constructor", "toString", 5]) {
      const r = Template.parse("/{x}", mode as never)
      expect(E.isLeft(r) && r.left.path).toBe("mode")
    }
    expect(Object.prototype).not.toHaveProperty("lastIndex")
    expect(Object).not.toHaveProperty("lastIndex")
  })

  it("the public codecs never throw what a caller's getter or Proxy trap throws: is answers false, decode a failure", () => {
    const trap = new Proxy({}, { ownKeys() { throw new TypeError("trap") }, getPrototypeOf() { return Object.prototype } })
    const getter = { get a(): never { throw new TypeError("getter") } }
    for (const codec of [Options.Codec, Options.fieldCodecs.headers, Options.fieldCodecs.mediaType] as Array<{ is: (u: unknown) => boolean; decode: (u: unknown) => E.Either<unknown, unknown> }>) {
      for (const u of [trap, getter]) {
        expect(codec.is(u)).toBe(false)
        expect(E.isLeft(codec.decode(u))).toBe(true)
      }
    }
    const r = Options.fieldCodecs.headers.decode(getter)
    expect(E.isLeft(r) && Options.toError(r.left).message).toBe("a: reading the input failed (TypeError: getter)") // the header whose getter threw
    expect(E.isLeft(Options.decode(5, 5 as never))).toBe(true)
  })
})

describe("the deep merge under attack: shared and wide records, replacing copies, traps inside values", () => {
  const selfish = (k: number): Record<string, unknown> => {
    const o: Record<string, unknown> = {}
    for (let j = 0; j < k; j++) o[`k${j}`] = o
    return o
  }

  it("wide records that point to themselves merge in time that follows their size (a check per landing made it quadratic: 60 s)", () => {
    const [a, b] = [selfish(16_000), selfish(16_000)]
    const [r, ms] = timed(() => endpoint({ url: "/x", request: { z: a } }, { request: { z: b } }))
    expect(ms).toBeLessThan(2000)
    const z = (r.request as { z: Record<string, unknown> }).z
    expect(Object.keys(z)).toHaveLength(16_000)
    expect(z.k0).toBe(z) // the two cycles merge into one
    const o = { url: "/x", request: { z: a } }
    expect(timed(() => endpoint(o, o))[1]).toBeLessThan(2000)
  })

  it("one record landing on many numbers is copied into a replacing record once (each landing copied it: 29 s, 2.4 GB)", () => {
    const k = 6000
    const shared: Record<string, unknown> = {}
    const [numbers, records]: Array<Record<string, unknown>> = [{}, {}]
    for (let i = 0; i < k; i++) {
      shared[`b${i}`] = i
      numbers![`k${i}`] = 5
      records![`k${i}`] = shared
    }
    const [m, ms] = timed(() => endpoint.defaults(numbers!).merge("POST /x", records!))
    expect(ms).toBeLessThan(2000)
    expect(m.k0).toEqual(shared)
    expect(m.k0).toBe(m.k1)
  })

  it("concat(o, o) is o, a null-prototype value included", () => {
    const o = { method: "POST", url: "/x", k: Object.assign(Object.create(null) as object, { p: 1 }) }
    expect(endpoint(o, o)).toStrictEqual(endpoint(o))
    const d = decoded(o)
    expect(Options.concat(d, d).params.k).toBe(d.params.k)
  })

  it("Options.concat throws only an EndpointError when a trap or getter inside a parameter throws", () => {
    const trap = new Proxy({ p: 1 }, { ownKeys() { throw new TypeError("trap") } })
    const e = endpointError(() => Options.concat(decoded({ x: { p: 0 } }), decoded({ x: trap })))
    expect(e.message).toBe("x: reading the input failed (TypeError: trap)")
    expect(E.isLeft(endpoint.either("POST /x", { x: { get p(): never { throw new TypeError("getter") } } }))).toBe(false) // nothing to merge into: read later
    const d = endpoint.defaults({ x: { p: 0 } })
    expect(E.isLeft(d.either("POST /x", { x: trap }))).toBe(true)
  })
})

describe("the deep merge under attack, again: wide records met by many, errors that name the key", () => {
  it("one wide record met by many records of the other side is bounded by the keys written (10⁴ × 10⁴ took 65 s and 3.9 GB)", () => {
    const wide: Record<string, unknown> = {}
    for (let i = 0; i < 10_000; i++) wide[`k${i}`] = wide
    let chain: Record<string, unknown> = { k0: 1 }
    for (let i = 0; i < 10_000; i++) chain = { k0: chain }
    const [e, ms] = timed(() => endpointError(() => Options.concat(decoded({ request: wide }), decoded({ request: chain }))))
    expect(e.problem).toBe(`merging may write at most ${2 ** 20} keys`)
    expect(ms).toBeLessThan(10_000) // a generous guard: the bound is met in about a second
    // through the public API, without a cycle: 2 000 small records, and one 10⁴-key record under each of their keys
    const small: Record<string, unknown> = {}
    const shared: Record<string, unknown> = {}
    for (let i = 0; i < 10_000; i++) shared[`s${i}`] = i
    const given: Record<string, unknown> = {}
    for (let i = 0; i < 2000; i++) {
      small[`r${i}`] = { [`x${i}`]: { y: 1 } }
      given[`r${i}`] = { [`x${i}`]: shared }
    }
    const [r, ms2] = timed(() => endpoint.defaults({ request: small }).either("GET /x", { request: given }))
    expect(E.isLeft(r) && r.left.problem).toBe(`merging may write at most ${2 ** 20} keys`)
    expect(ms2).toBeLessThan(10_000)
    // a shared wide record that lands on empty ones is listed once and not copied: no bound is near
    const empties: Record<string, unknown> = {}
    const wides: Record<string, unknown> = {}
    for (let i = 0; i < 300; i++) [empties[`r${i}`], wides[`r${i}`]] = [{}, shared]
    const landed = endpoint.defaults({ request: empties }).either("GET /x", { request: wides })
    expect(E.isRight(landed) && (landed.right.request as Record<string, unknown>).r299).toBe(shared)
  })

  it("an error inside a merge names the key: a Proxy request, a getter on one side, a trap on a nested record", () => {
    const trap = new Proxy({}, { ownKeys() { throw new TypeError("boom") } })
    const p = decoded({ request: trap })
    expect(endpointError(() => Options.concat(decoded({ request: { a: 1 } }), p)).message).toBe("request: reading the input failed (TypeError: boom)")
    expect(endpointError(() => Options.concat(p, decoded({ request: { a: 1 } }))).path).toBe("request")
    const only = decoded({ x: { get only(): never { throw new Error("getter") } } })
    expect(endpointError(() => Options.concat(decoded({ x: { other: 1 } }), only)).path).toBe("x.only")
    const nested = new Proxy({ r: 1 }, { ownKeys() { throw new TypeError("nested") } })
    expect(endpointError(() => Options.concat(decoded({ x: { y: nested } }), decoded({ x: { y: { r: 2 } } }))).path).toBe("x.y")
    let calls = 0 // each record's keys are listed once
    const once = new Proxy({ r: 1 }, { ownKeys(t) { if (calls++ > 0) throw new TypeError("second"); return Reflect.ownKeys(t) } })
    expect(Options.concat(decoded({ x: { y: once } }), decoded({ x: { y: { r: 2 } } })).params).toEqual({ x: { y: { r: 2 } } })
  })

  it("the bound on keys listed leaves room for 2^19 + 1 keys on both sides (each listed twice)", () => {
    const [a, b]: Array<Record<string, number>> = [{}, {}]
    for (let i = 0; i <= 2 ** 19; i++) [a[`k${i}`], b[`k${i}`]] = [1, 2]
    const merged = Options.concat(decoded({ request: a }), decoded({ request: b })).request!
    expect([Object.keys(merged).length, merged.k5]).toEqual([2 ** 19 + 1, 2])
  })

  it("a getter that changes a record during a merge: the record is copied with the keys it has then, none from its prototype", () => {
    const ep = endpoint.defaults({ x: { k: 1 }, z: { u: 1 }, a: { c: 5 } })
    const changing: Record<string, unknown> = { p: 1, toString: "t" }
    const merged = ep.merge("POST /x", { x: changing, z: { get g() { delete changing.toString; changing.r = 3; return 1 } }, a: { c: changing } })
    expect(merged.a).toEqual({ c: { p: 1, r: 3 } })
    const pair: Record<string, unknown> = { p: 1, constructor: "c" }
    const params = Options.fieldSemigroups.params.concat({ y: { q: 0 }, w: 1 }, { w: { get g() { delete pair.constructor; return 1 } }, y: pair })
    expect(params.y).toEqual({ q: 0, p: 1 }) // constructor was deleted before its pair was written: Object.prototype's is not copied
  })

  it("a Proxy that lists many keys on every ask meets a bound at once (W × records took 25 s)", () => {
    const keys = Array.from({ length: 1000 }, (_, i) => `k${i}`)
    const descriptor = { value: 0, enumerable: true, configurable: true, writable: true }
    const tree = (): object => new Proxy({}, { ownKeys: () => keys, getOwnPropertyDescriptor: () => descriptor, get: (_, k) => (typeof k === "string" && k.startsWith("k") ? tree() : undefined) })
    const [r, ms] = timed(() => endpoint.either({ url: "/x", a: tree() }, { a: tree() }))
    expect(E.isLeft(r) && r.left.problem).toMatch(/^merging may (list at most 2097152|write at most 1048576) keys$/)
    expect(ms).toBeLessThan(5_000) // a generous guard: it takes about a second
  })
})
