// The options boundary (SPEC 9): Options.decode reads the caller's flat options once, inside one
// guard, so that a getter or a Proxy trap runs once, and what it throws becomes an EndpointError
// naming the path. Models handed back (Parse.parse, Merge.merge) are rebuilt through the codec;
// defaults are a frozen snapshot that nothing the caller does afterwards reaches.
import fc from "fast-check"
import * as E from "fp-ts/lib/Either.js"
import { afterEach, describe, expect, it } from "vitest"
import { endpoint, isEndpointError, Merge, Options, Parse, Pipeline, Template } from "../src/index.js"
import { builtIn, decoded, errorOf, orThrow } from "./helpers.js"
import { arbRawOptions, arbRoute } from "./properties/arbitraries.js"

const FOREIGN = "reading the input failed"
const boom = (): never => {
  throw new Error("boom")
}
const leftOf = <A>(e: E.Either<unknown, A>): { path: string; message: string } => {
  if (E.isRight(e)) throw new Error(`expected a Left, got ${JSON.stringify(e.right)}`)
  expect(isEndpointError(e.left)).toBe(true)
  return e.left as { path: string; message: string }
}

// -------------------------------------------------------------------------------------------------

/** Counts each read of a key: `track(name, value)` is `value` with each own key a getter that counts. */
const reads = new Map<string, number>()
const track = <A extends object>(name: string, value: A): A => {
  const out = (Array.isArray(value) ? new Array(value.length) : {}) as Record<string, unknown>
  for (const key of Object.keys(value)) {
    Object.defineProperty(out, key, {
      enumerable: true,
      get: () => {
        reads.set(`${name}.${key}`, (reads.get(`${name}.${key}`) ?? 0) + 1)
        return (value as Record<string, unknown>)[key]
      },
    })
  }
  return out as A
}
const counted = (): Record<string, number> => {
  const out = Object.fromEntries(reads)
  reads.clear()
  return out
}
/** Flat options whose every key, at every level the boundary reads, is a counting getter. */
const tracked = () =>
  track("o", {
    url: "/repos/{owner}/{repo}{?labels}{/rec*}",
    method: "GET",
    headers: track("headers", { "X-A": "1", accept: "text/plain" }),
    mediaType: track("mediaType", { format: "raw", previews: track("previews", ["a", "b-preview"]) }),
    request: track("request", { timeout: 1 }),
    owner: "o",
    repo: "r",
    labels: track("labels", ["x", "y"]),
    rec: track("rec", { k: "v" }),
  })
const BOUNDARY = {
  "o.url": 1, "o.method": 1, "o.headers": 1, "o.mediaType": 1, "o.request": 1, "o.owner": 1, "o.repo": 1, "o.labels": 1, "o.rec": 1,
  "headers.X-A": 1, "headers.accept": 1, "mediaType.format": 1, "mediaType.previews": 1, "previews.0": 1, "previews.1": 1, "request.timeout": 1,
}
const EXPANDED = { "labels.0": 1, "labels.1": 1, "rec.k": 1 }

describe("the boundary reads each field once", () => {
  it("each key of the options, of headers, request and mediaType, and each preview: once, in every entry", () => {
    counted()
    expect(endpoint(tracked()).url).toBe("https://api.github.com/repos/o/r?labels=x,y/k=v")
    expect(counted()).toEqual({ ...BOUNDARY, ...EXPANDED }) // the lists and records the url expands: once a call
    endpoint.merge(tracked())
    expect(counted()).toEqual(BOUNDARY) // merge expands nothing: parameter values are kept by reference
    orThrow(Options.decode(tracked()))
    expect(counted()).toEqual(BOUNDARY)
    orThrow(Merge.merge(builtIn(), tracked()))
    expect(counted()).toEqual(BOUNDARY)
    orThrow(Pipeline.build(Pipeline.with(Pipeline.empty, tracked())))
    expect(counted()).toEqual({ ...BOUNDARY, ...EXPANDED })
  })
  it("defaults() reads each key once, all the way down (its snapshot), and never again in a call", () => {
    counted()
    const e = endpoint.defaults(tracked())
    expect(counted()).toEqual({ ...BOUNDARY, ...EXPANDED })
    expect(e("GET /repos/{owner}/{repo}{?labels}{/rec*}").url).toBe("https://api.github.com/repos/o/r?labels=x,y/k=v")
    e.merge("GET /x")
    expect(counted()).toEqual({})
  })
  it("a list or record that several names, the url and the query share is read once a call", () => {
    const shared = track("shared", ["1", "2"])
    counted()
    expect(endpoint({ url: "/x/{a}/{b}", a: shared, b: shared, c: shared }).url).toBe("https://api.github.com/x/1,2/1,2?c=1%2C2")
    expect(counted()).toEqual({ "shared.0": 1, "shared.1": 1 })
    endpoint({ url: "/x/{a}", a: shared })
    expect(counted()).toEqual({ "shared.0": 1, "shared.1": 1 }) // once per call, not once for ever
  })
  it("a getter that changes its answer cannot make what was checked differ from what is used", () => {
    let urlReads = 0
    const url = Object.defineProperty({}, "url", { enumerable: true, get: () => (urlReads++ === 0 ? "/x" : "https://evil.example/") })
    expect([endpoint(url).url, urlReads]).toEqual(["https://api.github.com/x", 1])
    let headerReads = 0
    const headers = Object.defineProperty({}, "x-a", { enumerable: true, get: () => (headerReads++ === 0 ? "ok" : "bad\r\nx: y") })
    expect([endpoint({ url: "/x", headers }).headers["x-a"], headerReads]).toEqual(["ok", 1])
    let memberReads = 0
    const list = Object.defineProperty([], 0, { enumerable: true, get: () => (memberReads++ === 0 ? "a" : "..") })
    expect([endpoint({ url: "/x/{p}{?p}", p: list }).url, memberReads]).toEqual(["https://api.github.com/x/a?p=a", 1])
  })
})

// -------------------------------------------------------------------------------------------------

describe("a throwing getter or Proxy trap is an EndpointError naming the path", () => {
  /** `base` with a getter at `key` that throws; typed `never`, as it fits wherever caller input goes. */
  const getterAt = (key: string | number, base: object = {}): never =>
    Object.defineProperty(base, key, { get: boom, enumerable: true }) as never

  it.each<[string, () => unknown, string]>([
    ["a parameter", () => endpoint("GET /x", getterAt("a")), "a"],
    ["the url", () => endpoint(getterAt("url")), "url"],
    ["a key of the second options", () => endpoint({ url: "/x" }, getterAt("a")), "a"],
    ["a header", () => endpoint("GET /x", { headers: getterAt("accept") }), "headers.accept"],
    ["a key of request", () => endpoint("GET /x", { request: getterAt("agent") }), "request.agent"],
    ["the format", () => endpoint("GET /x", { mediaType: getterAt("format") }), "mediaType.format"],
    ["a preview", () => endpoint("GET /x", { mediaType: { format: "raw", previews: getterAt(0, ["a"]) } }), "mediaType.previews"],
    ["a member of a list the url expands", () => endpoint("GET /x/{p}", { p: getterAt(1, ["a", "b"]) }), "p"],
    ["a member of a record the query expands", () => endpoint("GET /x{?p*}", { p: getterAt("k") }), "p"],
    ["a member of a list sent as a query", () => endpoint("GET /x", { p: getterAt(1, ["a", "b"]) }), "p"],
    ["an ownKeys trap of the options", () => endpoint(new Proxy({}, { ownKeys: boom })), "options"],
    ["an ownKeys trap of headers", () => endpoint("GET /x", { headers: new Proxy({}, { ownKeys: boom }) }), "headers"],
    ["a getPrototypeOf trap of a value the url expands", () => endpoint("GET /x/{p}", { p: new Proxy({}, { getPrototypeOf: boom }) }), "p"],
    ["a key deep in defaults", () => endpoint.defaults({ a: { b: getterAt("c") } }), "a.b.c"],
    ["a header of merge's options", () => endpoint.merge("GET /x", { headers: getterAt("x-a") }), "headers.x-a"],
  ])("%s", (_, f, path) => {
    const e = errorOf(f)
    expect([e.path, e.problem]).toEqual([path, `${FOREIGN} (Error: boom)`])
  })
  it("a preview's getter is named as the preview, whatever key of mediaType comes after it", () => {
    // the read of previews must not be blamed on the key read before or after it
    const e = errorOf(() => endpoint("GET /x", { mediaType: { previews: getterAt(0, ["a"]), format: "raw" } }))
    expect(e.path).toMatch(/^mediaType\.previews/)
  })
  it("a getter deep in a list of defaults names the list and the index", () => {
    const e = errorOf(() => endpoint.defaults({ a: getterAt(1, [1, 2]) }))
    expect([e.path.startsWith("a["), e.problem]).toEqual([true, `${FOREIGN} (Error: boom)`])
  })
  it("the Either entries give the same errors as values", () => {
    expect(leftOf(Options.decode({ request: getterAt("t") })).message).toBe(`request.t: ${FOREIGN} (Error: boom)`)
    expect(leftOf(Merge.merge(builtIn(), "GET /x", { headers: getterAt("x-a") })).path).toBe("headers.x-a")
    expect(leftOf(Parse.parse({ ...Options.empty, url: "/x", params: getterAt("p") })).path).toBe("params.p")
    expect(leftOf(Parse.parse(getterAt("url", { ...Options.empty }))).path).toBe("url")
    expect(leftOf(Merge.merge({ ...builtIn(), headers: getterAt("x-a") }, "GET /x")).path).toBe("defaults.headers.x-a")
    expect(leftOf(Pipeline.build(Pipeline.with(Pipeline.route("GET /x"), getterAt("a")))).path).toBe("a")
    expect(leftOf(Template.expand(getterAt("a"))(orThrow(Template.parse("/x/{a}")))).path).toBe("a")
  })
  it("whatever is thrown, a string or an unreadable error, the message says what in a few words", () => {
    const thrownString = Object.defineProperty({}, "a", { enumerable: true, get: () => { throw "str" } })
    expect(errorOf(() => endpoint("GET /x", thrownString)).message).toBe(`a: ${FOREIGN} (string)`)
    const unreadable = Object.create(Error.prototype, { name: { get: boom } })
    const thrownUnreadable = Object.defineProperty({}, "a", { enumerable: true, get: () => { throw unreadable } })
    expect(errorOf(() => endpoint("GET /x", thrownUnreadable)).message).toBe(`a: ${FOREIGN} (an object that cannot be read)`)
  })
})

// -------------------------------------------------------------------------------------------------

describe("a revoked Proxy is an EndpointError wherever it is read", () => {
  /** A revoked Proxy; typed `never`, as it fits wherever caller input goes. */
  const revoked = (array = false): never => {
    const { proxy, revoke } = Proxy.revocable(array ? [] : {}, {})
    revoke()
    return proxy as never
  }
  const REVOKED = /^reading the input failed \(TypeError: .*revoked\)$|^expected a (string|plain object)/

  it.each<[string, () => unknown, string]>([
    ["as the options", () => endpoint(revoked() as never), "options"],
    ["as the second options", () => endpoint("GET /x", revoked() as never), "options"],
    ["as headers", () => endpoint("GET /x", { headers: revoked() }), "headers"],
    ["as a header value", () => endpoint("GET /x", { headers: { a: revoked() } }), "headers.a"],
    ["as mediaType", () => endpoint("GET /x", { mediaType: revoked() }), "mediaType"],
    ["as previews", () => endpoint("GET /x", { mediaType: { previews: revoked(true) } }), "mediaType.previews"],
    ["as a preview", () => endpoint("GET /x", { mediaType: { previews: [revoked()] } }), "mediaType.previews[0]"],
    ["as request", () => endpoint("GET /x", { request: revoked() }), "request"],
    ["as the method", () => endpoint({ url: "/x", method: revoked() }), "method"],
    ["as the url", () => endpoint({ url: revoked() }), "url"],
    ["as a path value", () => endpoint("GET /x/{p}", { p: revoked() }), "p"],
    ["as a query value", () => endpoint("GET /x", { p: revoked() }), "p"],
    ["as a query list", () => endpoint("GET /x", { p: revoked(true) }), "p"],
    ["as a query list with []", () => endpoint("GET /x", { "p[]": revoked() }), "p[]"],
    ["as defaults", () => endpoint.defaults(revoked() as never), "options"],
    ["as a parameter of defaults", () => endpoint.defaults({ p: revoked() }), "p"],
    ["deep in a parameter of defaults", () => endpoint.defaults({ p: { q: revoked() } }), "p.q"],
    ["as the data of defaults", () => endpoint.defaults({ data: revoked() }), "data"],
    ["in the request of defaults", () => endpoint.defaults({ request: { agent: revoked() } }), "request.agent"],
    ["as merge's headers", () => endpoint.merge("GET /x", { headers: revoked() }), "headers"],
    ["as what parse is given", () => endpoint.parse(revoked()), "options"],
  ])("%s", (_, f, path) => {
    const e = errorOf(f)
    expect([e.path, e.problem]).toEqual([path, expect.stringMatching(REVOKED)])
  })
  it("the Either entries give a Left", () => {
    expect(leftOf(Parse.parse(revoked() as never)).path).toBe("options")
    expect(leftOf(Parse.parse({ ...Options.empty, url: "/x", headers: revoked() } as never)).path).toBe("headers")
    expect(leftOf(Merge.merge(revoked() as never, "GET /x")).path).toBe("defaults")
    expect(leftOf(Merge.merge(builtIn(), "GET /x", revoked())).path).toBe("options")
    expect(leftOf(Options.decode(revoked())).path).toBe("options")
    expect(leftOf(Options.rebuild(revoked() as never)).path).toBe("options")
    expect(leftOf(Pipeline.build(Pipeline.with(Pipeline.route("GET /x"), revoked() as never))).path).toBe("options")
  })
  it("in a body, which is passed on by reference and never read, it is kept as it is", () => {
    const p = revoked()
    expect((endpoint("POST /x", { p }).body as { p: unknown }).p).toBe(p)
    expect(endpoint("POST /x", { data: p }).body).toBe(p)
  })
})

// -------------------------------------------------------------------------------------------------

describe("Parse.parse and Merge.merge rebuild the models they are handed through the codec", () => {
  const E0 = Options.empty

  it("a hand-built model with a CR LF header is a Left, in Parse.parse and in Merge.merge's defaults", () => {
    expect(leftOf(Parse.parse({ ...E0, url: "/x", headers: { "x-a": "1\r\nx: y" } })).message).toBe(
      "headers.x-a: a header value cannot hold CR, LF or NUL",
    )
    expect(leftOf(Merge.merge({ ...builtIn(), headers: { "x-a": "1\r\n" } }, "GET /x")).message).toBe(
      "defaults.headers.x-a: a header value cannot hold CR, LF or NUL",
    )
  })
  it("a stray key, or a parameter named as an option, is a Left naming it", () => {
    expect(leftOf(Parse.parse({ ...E0, url: "/x", extra: 1 } as never)).message).toBe("extra: no field of Options: a parameter goes in params")
    expect(leftOf(Parse.parse({ ...E0, url: "/x", params: { url: "https://evil.example" } })).message).toBe("params.url: a parameter named as an option")
    expect(leftOf(Merge.merge({ ...builtIn(), extra: 1 } as never, "GET /x")).path).toBe("defaults.extra")
    expect(leftOf(Merge.merge({ ...builtIn(), params: { method: "POST" } }, "GET /x")).path).toBe("defaults.params.method")
  })
  it("what the codec refuses in flat options it refuses in a model: previews, format, base url, __proto__", () => {
    expect(leftOf(Parse.parse({ ...E0, url: "/x", mediaType: { format: "a b", previews: [] } })).path).toBe("mediaType.format")
    expect(leftOf(Parse.parse({ ...E0, url: "/x", baseUrl: "ftp://h" })).path).toBe("baseUrl")
    expect(leftOf(Parse.parse({ ...E0, url: "/x", request: JSON.parse('{"__proto__": 1}') })).path).toMatch(/^request/)
    const proto = leftOf(Parse.parse({ ...E0, url: "/x", params: JSON.parse('{"__proto__": 1}') }))
    expect(proto.message).toMatch(/__proto__: a key named __proto__ would set a prototype/)
  })
  it("a model not in normal form is normalised as decode would: header names lowercased, previews without -preview", () => {
    const handBuilt = { ...E0, url: "/x", headers: { Accept: "text/plain", "x-gone": undefined }, mediaType: { format: undefined, previews: ["a-preview", "a"] } }
    expect(Parse.parse(handBuilt as never)).toEqual(E.right({ method: "get", url: "/x", headers: { accept: "application/vnd.github.a-preview+json" } }))
    expect(Parse.parse(handBuilt as never)).toEqual(Parse.parse(decoded(Options.encode(handBuilt as never))))
  })
  it("flat options where a model is expected are a Left: they have no params", () => {
    expect(leftOf(Parse.parse({ url: "/x" } as never)).message).toBe("options: expected options made by Options.decode")
    expect(leftOf(Merge.merge(endpoint.DEFAULTS as never, "GET /x")).message).toBe("defaults: expected options made by Options.decode")
    expect(Parse.parse({ url: "/x", params: {} } as never)).toEqual(E.right({ method: "get", url: "/x", headers: {} }))
  })
  it("a flat parameter named params is an ordinary parameter", () => {
    expect(endpoint("POST /x", { params: { a: 1 } }).body).toEqual({ params: { a: 1 } })
    expect(endpoint("GET /x{?params*}", { params: { a: 1 } }).url).toBe("https://api.github.com/x?a=1")
  })
  it("Template.expand parses the template's source again: a hand-built template's parts are never walked", () => {
    const forged = { source: "/x/{a}", mode: "route", parts: ["https://evil.example/"], names: [] } as unknown as Template.Template
    expect(Template.expand({ a: 1 })(forged)).toEqual(E.right("/x/1"))
    expect(leftOf(Template.expand({})({ parts: [] } as never)).path).toBe("template")
  })
})

describe("a polluted Object.prototype on the way from the model back to flat options", () => {
  const FIELDS = ["method", "url", "baseUrl", "headers", "mediaType", "data", "request", "params"] as const
  const clean = () => {
    for (const key of FIELDS) delete (Object.prototype as Record<string, unknown>)[key]
  }
  afterEach(clean)

  it("a setter named like a field receives nothing, and no field is lost (Parse.parse, Merge.merge, Pipeline.build)", () => {
    const model = decoded({ method: "POST", url: "https://api.example.com/x", headers: { authorization: "token secret" }, title: "t" })
    const defaults = decoded({ ...endpoint.DEFAULTS, headers: { ...endpoint.DEFAULTS.headers, authorization: "token d" } })
    const build = () => Pipeline.build(Pipeline.authorization(Pipeline.route("GET /user"), "token r"))
    const expected = { parsed: Parse.parse(model), merged: Merge.merge(defaults, "GET /user"), built: build() }
    const stolen: Array<unknown> = []
    for (const key of FIELDS.slice(0, 7)) {
      Object.defineProperty(Object.prototype, key, { set: (v: unknown) => stolen.push(v), get: () => undefined, configurable: true })
    }
    const parsed = Parse.parse(model)
    const merged = Merge.merge(defaults, "GET /user")
    const built = build()
    clean()
    expect(stolen).toEqual([])
    expect({ parsed, merged, built }).toEqual(expected)
  })

  it("a field missing from a hand-built model is not read from Object.prototype", () => {
    Object.defineProperty(Object.prototype, "baseUrl", { value: "https://evil.example", configurable: true, writable: true })
    Object.defineProperty(Object.prototype, "params", { value: { stolen: 1 }, configurable: true, writable: true })
    const forged = { url: "/x", method: "POST", headers: {}, mediaType: { format: undefined, previews: [] } } as unknown as Options.Options
    const parsed = Parse.parse(forged)
    const merged = Merge.merge(forged, "POST /y")
    const withParams = Parse.parse({ ...forged, params: {} } as Options.Options)
    clean()
    expect(E.isLeft(parsed) && parsed.left.message).toBe("options: expected options made by Options.decode")
    expect(E.isLeft(merged) && merged.left.message).toBe("defaults: expected options made by Options.decode")
    expect(withParams).toEqual(E.right({ method: "post", url: "/x", headers: {} }))
  })
})

// -------------------------------------------------------------------------------------------------

describe("defaults are a frozen snapshot", () => {
  it("DEFAULTS is frozen at every level it copies; class instances in it are the caller's, unfrozen", () => {
    for (const o of [endpoint.DEFAULTS, endpoint.DEFAULTS.headers, endpoint.DEFAULTS.mediaType, endpoint.DEFAULTS.mediaType.previews]) {
      expect(Object.isFrozen(o)).toBe(true)
    }
    const agent = new (class Agent {
      sockets = {}
    })()
    const e = endpoint.defaults({ request: { agent, retry: { codes: [500] } }, labels: [{ name: "bug" }], headers: { "x-a": "1" } })
    const d = e.DEFAULTS as unknown as { request: { agent: object; retry: { codes: Array<number> } }; labels: Array<object>; headers: object; mediaType: { previews: object } }
    for (const o of [d, d.request, d.request.retry, d.request.retry.codes, d.labels, d.labels[0], d.headers, d.mediaType, d.mediaType.previews]) {
      expect(Object.isFrozen(o)).toBe(true)
    }
    expect(d.request.agent).toBe(agent)
    expect(Object.isFrozen(agent)).toBe(false)
  })
  it("mutating the input after defaults() changes neither DEFAULTS nor any result", () => {
    const labels = ["a"]
    const input = { headers: { "x-a": "1" }, mediaType: { previews: ["p"] }, request: { r: { s: 1 } }, labels, filter: { state: "open" } }
    const e = endpoint.defaults(input)
    const [before, result] = [JSON.stringify(e.DEFAULTS), JSON.stringify(e("POST /x"))]
    input.headers["x-a"] = "2"
    input.mediaType.previews.push("q")
    input.request.r.s = 2
    labels.push("b")
    input.filter.state = "closed"
    Object.assign(input, { extra: 1, baseUrl: "https://evil.example" })
    expect([JSON.stringify(e.DEFAULTS), JSON.stringify(e("POST /x"))]).toEqual([before, result])
  })
  it("on generated options: mutating every object and array of the input afterwards changes nothing", () => {
    /** Writes into every plain object and array reachable from `u`: a new key, each value replaced. */
    const vandalise = (u: unknown, seen = new Set<unknown>()): void => {
      if (typeof u !== "object" || u === null || seen.has(u) || Object.isFrozen(u)) return
      seen.add(u)
      for (const key of Object.keys(u)) {
        vandalise((u as Record<string, unknown>)[key], seen)
        ;(u as Record<string, unknown>)[key] = "vandalised"
      }
      if (Array.isArray(u)) u.push("pushed")
      else (u as Record<string, unknown>).added = "added"
    }
    const view = (f: () => unknown): string => {
      try {
        return JSON.stringify(f(), (_, v) => (typeof v === "bigint" ? `${v}n` : v))
      } catch (e) {
        expect(isEndpointError(e)).toBe(true)
        return `error: ${(e as Error).message}`
      }
    }
    fc.assert(
      fc.property(arbRawOptions, arbRoute, fc.dictionary(fc.constantFrom("a", "owner", "q"), fc.string({ maxLength: 3 })), (raw, route, params) => {
        const made = E.tryCatch(() => endpoint.defaults(raw), (e) => e)
        if (E.isLeft(made)) return
        const e = made.right
        const before = [view(() => e.DEFAULTS), view(() => e(route, params)), view(() => e.merge(route, params))]
        vandalise(raw)
        expect([view(() => e.DEFAULTS), view(() => e(route, params)), view(() => e.merge(route, params))]).toEqual(before)
      }),
      { numRuns: 300 },
    )
  })
})

// -------------------------------------------------------------------------------------------------

describe("the model where flat options go", () => {
  it("is refused, saying to encode it: its parameters would be one parameter named params", () => {
    const model = { ...Options.empty, method: "POST", url: "/x", params: { title: "a" } }
    for (const r of [endpoint.either(model as never), Options.decode(model), E.tryCatch(() => endpoint.defaults(model as never), (e) => e as never)]) {
      expect(E.isLeft(r) && [r.left.path, r.left.problem]).toEqual(["params", expect.stringMatching(/^options in the model's form .*Options\.encode/)])
    }
    expect(endpoint(Options.encode(model) as never).body).toEqual({ title: "a" })
    // flat options with a body field named params, and not every field of the model, are flat options
    expect(endpoint("POST /x", { params: { a: 1 }, headers: {} }).body).toEqual({ params: { a: 1 } })
  })
})

describe("Options.Codec.is is the model's type guard", () => {
  it("holds for what decode makes, and not for flat options or a model out of normal form", () => {
    expect(Options.Codec.is(decoded({ url: "/x", headers: { "X-A": "1" }, page: 2 }))).toBe(true)
    expect(Options.Codec.is(Options.empty)).toBe(true)
    const full = { url: "/x", request: { timeout: 1 }, data: { a: 1 }, mediaType: { previews: ["a"] }, headers: { A: "1" } }
    expect(Options.Codec.is(decoded(full))).toBe(true)
    expect(Options.Codec.is({ ...decoded(full), mediaType: { format: undefined, previews: ["a-preview"] } })).toBe(false)
    expect(Options.Codec.is({ ...decoded(full), request: { timeout: 1, get boom() { throw new Error("x") } } })).toBe(false)
    // `is` says `u is Options`: an object without headers, mediaType or params is none
    expect(Options.Codec.is({ url: "/x" })).toBe(false)
    expect(Options.Codec.is({ ...Options.empty, headers: { Accept: "x" } })).toBe(false)
    expect(Options.Codec.is(5)).toBe(false)
  })
})
