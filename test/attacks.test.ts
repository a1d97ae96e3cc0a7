// One test per attack on the input boundary (issue 4, SPEC §3.4 and §7).
// Every attack must end in a result or an EndpointError: never another
// error, never a polluted prototype, never a mutated input, never a hang.
import * as E from "fp-ts/lib/Either.js"
import { afterEach, describe, expect, it } from "vitest"
import { pipe } from "fp-ts/lib/function.js"
import {
  CommandLine,
  endpoint as typedEndpoint,
  EndpointError,
  Merge,
  Options,
  Parse,
  Request,
  Route,
  Template,
  toRequestInit,
  type RequestOptions,
} from "../src/index.js"
import { FOREIGN } from "../src/internal/attempt.js"
import { isPlainObject } from "../src/internal/object.js"
import { LARGE, layerOf } from "../src/Parse.js"
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"

// -------------------------------------------------------------------------------------
// helpers
// -------------------------------------------------------------------------------------

/**
 * `endpoint` without its compile-time checks: attacks come from data the type
 * checker never sees (JSON, form fields), so the runtime must hold on its own.
 */
interface Loose {
  (...args: Array<any>): RequestOptions
  readonly DEFAULTS: Options.Options
  defaults(options: any): Loose
  merge(...args: Array<any>): Options.Options
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
      expect(E.isLeft(Options.decode(options))).toBe(true)
      expect(E.isLeft(Merge.merge(endpoint.DEFAULTS, "GET /x", options))).toBe(true)
      expect(E.isLeft(Parse.parseUnknown({ url: "/x", ...options }))).toBe(true)
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
    // before the fix: endpoint("GET /x", { baseUrl: "https://a\r\nHost: evil" }).url kept the CRLF
    for (const bad of ["https://a\r\nHost: evil.example", "https://a\n", "https://a\r", "https://a\u0000.b"]) {
      const e = endpointError(() => endpoint("GET /x", { baseUrl: bad }))
      expect(e.path).toBe("baseUrl")
      endpointError(() => endpoint.defaults({ baseUrl: bad }))
      expect(E.isLeft(Options.decode({ baseUrl: bad }))).toBe(true)
    }
  })

  it("CR, LF and NUL in url and parameter values are percent-encoded, never raw in the url", () => {
    const r = endpoint("GET /x/{id}", { baseUrl: BASE, id: "a\r\nb\u0000", q2: "c\r\nd" })
    expect(r.url).toBe(`${BASE}/x/a%0D%0Ab%00?q2=c%0D%0Ad`)
    expect(endpoint({ url: "/x\r\ny\u0000", baseUrl: BASE }).url).toBe(`${BASE}/x%0D%0Ay%00`)
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

    it(`${key} inside request merges as data on both sides of defaults`, () => {
      const d = endpoint.defaults({ request: payload(`{"polluted": 1, "a": 1}`) })
      const r = d("GET /x", { request: payload(`{"polluted": 2, "b": 2}`) })
      const merged = Object.getOwnPropertyDescriptor(r.request, key)?.value
      expect(merged).toEqual({ polluted: 2, a: 1, b: 2 })
      expect(Object.getPrototypeOf(r.request)).toBe(Object.prototype)
      const dr = Object.getOwnPropertyDescriptor(d.DEFAULTS.request, key)?.value
      expect(Object.isFrozen(dr)).toBe(true)
    })

    it(`${key} nested in parameters and defaults merges as data`, () => {
      const deep = JSON.parse(`{"p": {"${key}": {"${key}": {"polluted": 1}}}}`) as object
      const deeper = JSON.parse(`{"p": {"${key}": {"${key}": {"x": 2}}}}`) as object
      const d = endpoint.defaults(deep)
      const r = d("POST /x", deeper)
      const p = (r.body as Record<string, Record<string, Record<string, unknown>>>).p!
      const level1 = Object.getOwnPropertyDescriptor(p, key)?.value as object
      const level2 = Object.getOwnPropertyDescriptor(level1, key)?.value as object
      expect(level2).toEqual({ polluted: 1, x: 2 })
      expect(Object.getPrototypeOf(p)).toBe(Object.prototype)
      expect(Object.getPrototypeOf(level1)).toBe(Object.prototype)
      // and through Options.concat and Merge.merge
      const c = Options.concat(deep as Options.Options, deeper as Options.Options)
      expect(JSON.stringify(c)).toBe(JSON.stringify(JSON.parse(`{"p":{"${key}":{"${key}":{"polluted":1,"x":2}}}}`)))
      const m = Merge.merge(deep as Options.Options, "POST /x", deeper)
      expect(E.isRight(m)).toBe(true)
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
    e.merge(options)
    E.isRight(Options.decode(options))
    Parse.parseUnknown(options)
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

  it("in a parameter, on both sides of defaults: the deep merge walks all levels", () => {
    const e = endpoint.defaults({ deep: nested(DEPTH, "a", { left: 1 }) })
    const r = e("POST /x", { deep: nested(DEPTH, "a", { right: 2 }) })
    const merged = (r.body as { deep: unknown }).deep
    expect(depthOf(merged)).toBe(DEPTH)
    let leaf: unknown = merged
    for (let i = 0; i < DEPTH; i++) leaf = (leaf as Record<string, unknown>).a
    expect(leaf).toEqual({ left: 1, right: 2 })
    expect(depthOf(e.DEFAULTS.deep)).toBe(DEPTH)
  })

  it("in request, on both sides of defaults and merge", () => {
    const e = endpoint.defaults({ request: nested(DEPTH) })
    const r = e("GET /x", { request: nested(DEPTH, "a", { b: 1 }) })
    expect(depthOf(r.request)).toBe(DEPTH)
    let leaf: unknown = r.request
    for (let i = 0; i < DEPTH; i++) leaf = (leaf as Record<string, unknown>).a
    expect(leaf).toEqual({ b: 1 })
    const m = e.merge("GET /x", { request: nested(DEPTH, "a", { b: 1 }) })
    expect(depthOf(m.request)).toBe(DEPTH)
    const mm = Merge.merge(e.DEFAULTS, "GET /x", { request: nested(DEPTH) })
    expect(E.isRight(mm)).toBe(true)
    const c = Options.concatAll([{ request: nested(DEPTH) }, { request: nested(DEPTH, "a", 2) }, { request: nested(DEPTH) }])
    expect(depthOf(c.request)).toBe(DEPTH)
  })

  it("cascading defaults with deep values three times stays linear and stack-safe", () => {
    let e = endpoint
    for (let i = 0; i < 3; i++) e = e.defaults({ request: nested(DEPTH, "a", { [`k${i}`]: i }) })
    expect(depthOf(e.DEFAULTS.request)).toBe(DEPTH)
    let leaf: unknown = e.DEFAULTS.request
    for (let i = 0; i < DEPTH; i++) {
      expect(Object.isFrozen(leaf)).toBe(true)
      leaf = (leaf as Record<string, unknown>).a
    }
    expect(leaf).toEqual({ k0: 0, k1: 1, k2: 2 })
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
    expect(req.x).toBe(1)
    expect(req.y).toBe(2)
    expect(req.self).toBe(req)
    expect(a.y).toBeUndefined()
    expect(b.x).toBeUndefined()
  })

  it("a cyclic parameter: body by reference, query and template refuse it", () => {
    const c: Record<string, unknown> = {}
    c.c = c
    expect((endpoint("POST /x", { c }).body as { c: unknown }).c).toBe(c)
    endpointError(() => endpoint("GET /x", { c }))
    endpointError(() => endpoint("GET /x{?c*}", { c }))
    const e = endpoint.defaults({ c })
    const r = e("POST /x", { c: { d: 1 } })
    const merged = (r.body as { c: Record<string, unknown> }).c
    expect(merged.d).toBe(1)
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

  it("a 100 000-character url of literal text", () => {
    const url = "/" + "a".repeat(N)
    const [r, ms] = timed(() => endpoint("GET " + url, { baseUrl: BASE }))
    expect(r.url.length).toBe(BASE.length + N + 1)
    expect(ms).toBeLessThan(GUARD_MS)
  })

  it("a 100 000-character url of placeholders, of colons, of braces (hostile shapes)", () => {
    const many = "/{a}".repeat(N / 4)
    const [r1, ms1] = timed(() => endpoint("GET " + many, { baseUrl: BASE, a: "x" }))
    expect(r1.url.length).toBe(BASE.length + N / 2)
    expect(ms1).toBeLessThan(GUARD_MS)
    const colons = "/:a".repeat(N / 3)
    const [, ms2] = timed(() => endpoint("GET " + colons, { baseUrl: BASE, a: "x" }))
    expect(ms2).toBeLessThan(GUARD_MS)
    const [e3, ms3] = timed(() => resultOrEndpointError(() => endpoint("GET /" + "{".repeat(N))))
    expect(e3).toBeInstanceOf(EndpointError)
    expect(ms3).toBeLessThan(GUARD_MS)
    const [e4, ms4] = timed(() => resultOrEndpointError(() => endpoint("GET /{" + "a,".repeat(N / 2))))
    expect(e4).toBeInstanceOf(EndpointError)
    expect((e4 as EndpointError).message.length).toBeLessThan(500)
    expect(ms4).toBeLessThan(GUARD_MS)
    const [, ms5] = timed(() => endpoint("GET /x", { baseUrl: "https://" + "%".repeat(N) }))
    expect(ms5).toBeLessThan(GUARD_MS)
  })

  it("a 100 000-character header value", () => {
    const v = "v".repeat(N)
    const [r, ms] = timed(() => endpoint("GET /x", { headers: { "x-big": v } }))
    expect(r.headers["x-big"]).toBe(v)
    expect(ms).toBeLessThan(GUARD_MS)
    const [e, ms2] = timed(() => endpointError(() => endpoint("GET /x", { headers: { "x-big": v + "\n" } })))
    expect(e.message.length).toBeLessThan(500)
    expect(ms2).toBeLessThan(GUARD_MS)
  })

  it("a 100 000-character accept header with a format and previews", () => {
    const accept = "application/vnd.github.v3+json,".repeat(N / 32) + "x-preview-".repeat(1000)
    const [r, ms] = timed(() =>
      endpoint("GET /x", { headers: { accept }, mediaType: { format: "raw", previews: ["a", "b"] } }),
    )
    expect(String(r.headers.accept).endsWith(",application/vnd.github.a-preview.raw,application/vnd.github.b-preview.raw")).toBe(true)
    expect(ms).toBeLessThan(GUARD_MS)
    const [r2, ms2] = timed(() => endpoint("GET /x", { headers: { accept }, mediaType: { format: "raw" } }))
    expect(String(r2.headers.accept).startsWith("application/vnd.github.v3.raw,")).toBe(true)
    expect(ms2).toBeLessThan(GUARD_MS)
    const dashes = "-".repeat(N)
    const [, ms3] = timed(() => endpoint("GET /x", { headers: { accept: dashes }, mediaType: { previews: ["p"] } }))
    expect(ms3).toBeLessThan(GUARD_MS)
    const vnd = "application/vnd." + "a".repeat(N)
    const [, ms4] = timed(() => endpoint("GET /x", { headers: { accept: vnd }, mediaType: { format: "raw" } }))
    expect(ms4).toBeLessThan(GUARD_MS)
  })

  it("10 000 previews, on both sides of defaults", () => {
    const previews = Array.from({ length: 10_000 }, (_, i) => `p${i}-preview`)
    const [r, ms] = timed(() => endpoint.defaults({ mediaType: { previews } })("GET /x", { mediaType: { previews } }))
    expect(String(r.headers.accept).split(",")).toHaveLength(10_000)
    expect(ms).toBeLessThan(GUARD_MS)
  })

  it("10 000 parameters, as query and as body, through defaults", () => {
    const params: Record<string, string> = {}
    for (let i = 0; i < 10_000; i++) params[`p${i}`] = `v${i}`
    const [r, ms] = timed(() => endpoint("GET /x", { baseUrl: BASE, ...params }))
    expect(new URL(r.url).searchParams.get("p9999")).toBe("v9999")
    expect(ms).toBeLessThan(GUARD_MS)
    const [r2, ms2] = timed(() => endpoint.defaults(params)("POST /x", params))
    expect(Object.keys(r2.body as object)).toHaveLength(10_000)
    expect(ms2).toBeLessThan(GUARD_MS)
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
      expect(E.isLeft(Parse.parseUnknown({ url: "/x/{v}", v: s }))).toBe(true)
      expect(E.isLeft(Merge.merge(endpoint.DEFAULTS, "GET /x", { v: s }))).toBe(true)
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

  const allEntries = (input: unknown): Array<[string, () => unknown]> => [
    ["endpoint(options)", () => endpoint(input as object)],
    ["endpoint(route, options)", () => endpoint("GET /x", input as object)],
    ["defaults", () => endpoint.defaults(input as object)],
    ["merge", () => endpoint.merge("GET /x", input as object)],
    ["parse", () => endpoint.parse(input as object)],
    ["either", () => E.getOrElseW((e) => { throw e })(endpoint.either(input as object))],
    ["Options.decode", () => E.getOrElseW((e) => { throw e })(Options.decode(input))],
    ["Merge.merge", () => E.getOrElseW((e) => { throw e })(Merge.merge(endpoint.DEFAULTS, input))],
    ["Parse.parseUnknown", () => E.getOrElseW((e) => { throw e })(Parse.parseUnknown(input))],
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
})

// -------------------------------------------------------------------------------------
// frozen inputs, fresh results
// -------------------------------------------------------------------------------------

describe("frozen inputs and fresh results", () => {
  it("deep-frozen options and defaults work and are never written to", () => {
    const defaults = deepFreeze({ headers: { "X-A": "1" }, mediaType: { previews: ["a-preview"] }, request: { r: { s: 1 } }, p: { q: 1 } })
    const options = deepFreeze({ headers: { "X-B": "2" }, mediaType: { previews: ["b"], format: "raw" }, request: { r: { t: 2 } }, p: { z: 2 }, id: "1" })
    const before = structuredClone([defaults, options])
    const e = endpoint.defaults(defaults)
    const r = e("POST /x/{id}", options)
    expect(r.body).toEqual({ p: { q: 1, z: 2 } })
    expect(r.request).toEqual({ r: { s: 1, t: 2 } })
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

  it("large options over defaults with the same parameters: each is placed once, merged with the default's", () => {
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
    expect((r.body as Record<string, unknown>).a).toEqual({ x: 1, y: 2 })
    expect((r.body as Record<string, unknown>).b).toBe("default")
    expect(r).toEqual(post.parse(post.merge(`POST ${route}`, options({ y: 2 }))))
    expect(get(`GET ${route}`, options("2"))).toEqual(get.parse(get.merge(`GET ${route}`, options("2"))))
  })

  it("template values merged with the defaults' are merged in the same order for small and large options", () => {
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
    expect(outcomeOf(() => d("POST /{v1}/{v2}", options(LARGE + 1)))).toEqual(small)
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
    () => Options.concat({ x: 1, toString: "s" }, { title: "t", request: { a: 1 } }),
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

describe("what a layer remembers stays small whatever callers send", () => {
  it("the accept header is remembered for at most 16 formats of at most 64 characters", () => {
    const e = endpoint.defaults({ headers: { "x-memo": "1" } }) // a fresh endpoint, with a fresh layer
    for (let i = 0; i < 40; i++) e({ url: "/x", mediaType: { format: `${i}` + "x".repeat(i % 2 === 0 ? 100_000 : 3) } })
    const memo = layerOf(e.DEFAULTS as Options.Options).acceptByFormat!
    expect(memo.size).toBeLessThanOrEqual(16)
    for (const format of memo.keys()) expect((format ?? "").length).toBeLessThanOrEqual(64)
    // and what it remembers is right
    expect(e({ url: "/x", mediaType: { format: "1xxx" } }).headers.accept).toBe("application/vnd.github.v3.1xxx")
  })
})
