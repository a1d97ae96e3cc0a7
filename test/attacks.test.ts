// Attacks on the input boundary, one group per threat of SPEC 9: the caller's data (some of it from
// users) must never inject a header, move the request, hang the build, or make anything but an
// EndpointError escape; the caller's objects are read once and never written.
import * as E from "fp-ts/lib/Either.js"
import { pipe } from "fp-ts/lib/function.js"
import { describe, expect, test } from "vitest"
import {
  CommandLine,
  EndpointError,
  isEndpointError,
  Merge,
  Options,
  Parse,
  Pipeline,
  Route,
  Template,
  toRequest,
  toRequestEither,
  toRequestInit,
  toRequestInitEither,
  endpoint as typedEndpoint,
  type RequestOptions,
} from "../src/index.js"
import { builtIn, orThrow } from "./helpers.js"

/** `endpoint` without its compile-time checks: attacks come as data the type checker never sees. */
const endpoint = typedEndpoint as unknown as {
  (...args: Array<any>): RequestOptions
  readonly DEFAULTS: Record<string, any>
  defaults(options: any): typeof endpoint
  merge(...args: Array<any>): Record<string, any>
  parse(options: any): RequestOptions
  either(...args: Array<any>): E.Either<EndpointError, RequestOptions>
}

/** The problem of an EndpointError made from what a caller's getter or trap threw. */
const FOREIGN = "reading the input failed"
const BASE = "https://api.example.com"
const G = "https://api.github.com"
const quiet = { stdout: () => {}, stderr: () => {} }

/** What `f` throws, or `undefined`. */
const thrownBy = (f: () => unknown): unknown => {
  try {
    f()
  } catch (e) {
    return e
  }
  return undefined
}

/** The EndpointError `f` throws (a genuine one); anything else, or nothing, fails the test. */
const errorFrom = (f: () => unknown, where = ""): EndpointError => {
  const e = thrownBy(f)
  expect(isEndpointError(e), `${where}: expected an EndpointError, got ${String(e)}`).toBe(true)
  return e as EndpointError
}

/** The EndpointError of a Left; a Right, or a Left of anything else, fails the test. */
const leftOf = (r: E.Either<unknown, unknown>, where = ""): EndpointError => {
  expect(r._tag, where).toBe("Left")
  expect(isEndpointError((r as E.Left<unknown>).left), where).toBe(true)
  return (r as E.Left<EndpointError>).left
}

/** What an entry that may only throw an EndpointError gives: its result, or the error; anything else fails. */
const outcome = (f: () => unknown, where = ""): unknown => {
  const e = thrownBy(() => f())
  if (e !== undefined) expect(isEndpointError(e), `${where} threw ${String(e)}`).toBe(true)
  return e ?? f()
}

/** `f()` under a generous guard against a hang (hostile input must finish in milliseconds). */
const guarded = <A>(f: () => A, ms = 2000): A => {
  const started = performance.now()
  const a = f()
  expect(performance.now() - started).toBeLessThan(ms)
  return a
}

/** An Either entry as a throwing one; it must not throw itself. */
const either =
  (f: () => E.Either<unknown, unknown>) =>
  (): unknown => {
    let r: E.Either<unknown, unknown>
    try {
      r = f()
    } catch (e) {
      throw new Error(`an Either entry threw: ${String(e)}`) // not an EndpointError: fails the test
    }
    return orThrow(r)
  }

/** Every public entry, each given `input` where it takes caller data. */
const entries = (input: any): Array<[string, () => unknown]> => [
  ["endpoint(options)", () => endpoint(input)],
  ["endpoint(route, options)", () => endpoint("GET /x", input)],
  ["endpoint(route, options), POST", () => endpoint("POST /x/{p}", input)],
  ["endpoint.defaults", () => endpoint.defaults(input)],
  ["endpoint.defaults, then a request", () => endpoint.defaults({ p: 1 })("GET /x", input)],
  ["endpoint.merge", () => endpoint.merge("GET /x", input)],
  ["endpoint.merge(options)", () => endpoint.merge(input)],
  ["endpoint.parse", () => endpoint.parse(input)],
  ["endpoint.either(options)", either(() => endpoint.either(input))],
  ["endpoint.either(route, options)", either(() => endpoint.either("GET /x", input))],
  ["Options.decode", either(() => Options.decode(input))],
  ["Merge.merge(defaults, route, options)", either(() => Merge.merge(builtIn(), "GET /x", input))],
  ["Merge.merge(input as defaults)", either(() => Merge.merge(input, "GET /x"))],
  ["Parse.parse(input as the model)", either(() => Parse.parse(input))],
  ["Parse.parse(Options.decode(input))", either(() => E.flatMap(Parse.parse)(Options.decode(input)))],
  ["Pipeline.route(route, options) → build", either(() => Pipeline.build(Pipeline.route("GET /x/{p}", input)))],
  ["Pipeline.with → build", either(() => Pipeline.build(Pipeline.with(Pipeline.empty, input)))],
  ["Pipeline.buildWith(input)", either(() => Pipeline.buildWith(input)(Pipeline.route("GET /x")))],
  ["Pipeline.merged", either(() => Pipeline.merged(Pipeline.with(Pipeline.route("GET /x"), input)))],
  ["Pipeline.build(forged draft)", either(() => Pipeline.build({ _tag: "Right", right: input }))],
  ["toRequestInit", () => toRequestInit(input)],
  ["toRequest", () => toRequest(input)],
  ["toRequestInitEither", either(() => toRequestInitEither(input))],
  ["toRequestEither", either(() => toRequestEither(input))],
  ["CommandLine.render json", either(() => CommandLine.render({ _tag: "Build", route: "POST /x", options: input, output: "json" }))],
  ["CommandLine.render merge", either(() => CommandLine.render({ _tag: "Build", route: "GET /x", options: input, output: "merge" }))],
  ["CommandLine.render curl", either(() => CommandLine.render({ _tag: "Build", route: "POST /x", options: input, output: "curl" }))],
  ["CommandLine.parseArgs", either(() => CommandLine.parseArgs(input))],
  ["CommandLine.main", () => {
    let code: number
    try {
      code = CommandLine.main(input, quiet)
    } catch (e) {
      throw new Error(`CommandLine.main threw: ${String(e)}`)
    }
    if (code !== 0) throw new EndpointError("argv", `exit ${code}`)
    return code
  }],
]

const revoked = (array = false): object => {
  const { proxy, revoke } = Proxy.revocable(array ? [] : {}, {})
  revoke()
  return proxy
}
const boom = (): never => {
  throw new Error("boom")
}
/** An object whose `key` is a getter that throws. */
const throwingAt = (key: string, thrown: () => never = boom): object =>
  Object.defineProperty({}, key, { get: thrown, enumerable: true })

// -------------------------------------------------------------------------------------------------

describe("header injection: CR, LF and NUL reach no header, through any field", () => {
  const BAD = [["CR", "a\rX-Injected: 1"], ["LF", "a\nX-Injected: 1"], ["CRLF", "a\r\nX-Injected: 1"], ["NUL", "a\u0000b"]] as const

  test.each(BAD)("a header value with %s is an EndpointError naming the header, in every entry", (_, bad) => {
    const options = { headers: { "X-Evil": bad } }
    const named = (path: string) => (e: EndpointError, where: string) => expect([where, e.path, e.problem], where).toEqual([where, path, "a header value cannot hold CR, LF or NUL"])
    const decoded = named("headers.X-Evil")
    for (const [where, f] of [
      ["endpoint(route, options)", () => endpoint("GET /x", options)],
      ["endpoint(options)", () => endpoint({ url: "/x", ...options })],
      ["defaults", () => endpoint.defaults(options)],
      ["merge", () => endpoint.merge("GET /x", options)],
      ["parse", () => endpoint.parse({ url: "/x", ...options })],
    ] as const) decoded(errorFrom(f, where), where)
    for (const [where, r] of [
      ["either", endpoint.either("GET /x", options)],
      ["Options.decode", Options.decode(options)],
      ["Merge.merge", Merge.merge(builtIn(), "GET /x", options)],
      ["Pipeline.route", Pipeline.build(Pipeline.route("GET /x", options))],
      ["Pipeline.header", Pipeline.build(Pipeline.header(Pipeline.route("GET /x"), "X-Evil", bad))],
    ] as const) decoded(leftOf(r, where), where)
    // a model built by hand is rebuilt through the codec (its keys are lowercase already)
    named("headers.x-evil")(leftOf(Parse.parse({ ...Options.empty, url: "/x", headers: { "x-evil": bad } })), "Parse.parse")
    named("defaults.headers.x-evil")(leftOf(Merge.merge({ ...Options.empty, headers: { "x-evil": bad } }, "GET /x")), "Merge.merge(defaults)")
    let err = ""
    expect(CommandLine.main(["GET /x", `X-Evil:${bad}`], { stdout: () => {}, stderr: (s) => (err += s) })).toBe(2)
    expect(err).toBe("fp-endpoint: headers.X-Evil: a header value cannot hold CR, LF or NUL\n")
  })

  test.each(BAD)("the fetch adapters and --curl refuse %s in a header value, a header name or the method, naming it", (_, bad) => {
    const at = "https://h.example/"
    for (const [result, path] of [
      [{ method: "GET", url: at, headers: { "x-evil": bad } }, "headers.x-evil"],
      [{ method: "GET", url: at, headers: { [`x${bad}`]: "1" } }, "headers"],
      [{ method: `GET${bad}`, url: at, headers: {} }, "method"],
    ] as const) {
      for (const [where, f] of [["toRequestInit", () => toRequestInit(result)], ["toRequest", () => toRequest(result)], ["toCurl", () => CommandLine.toCurl(result)]] as const) {
        const e = errorFrom(f, where)
        expect([where, JSON.stringify(result), e.path.startsWith(path)]).toEqual([where, JSON.stringify(result), true])
      }
    }
  })

  test.each([
    ["a space", "X Evil"],
    ["a colon", "X-Evil:"],
    ["CRLF", "X\r\nInjected"],
    ["non-ASCII", "X-Évil"],
    ["a non-BMP character", "X-\u{1F600}"],
    ["a lone surrogate", "X-\ud800"],
    ["nothing", ""],
    ["a slash", "X/Evil"],
    ["NUL", "X\u0000"],
  ])("a header name with %s is no RFC 9110 token: an EndpointError", (_, name) => {
    const e = errorFrom(() => endpoint("GET /x", { headers: { [name]: "v" } }))
    expect([e.path.startsWith("headers"), e.problem]).toEqual([true, "not an RFC 9110 token"])
    expect(e.message).not.toMatch(/[\r\n\0]/)
    leftOf(Options.decode({ headers: { [name]: "v" } }))
  })

  test("a header value that is neither a string nor a finite number is an EndpointError naming it", () => {
    for (const v of [{}, [], true, 1n, () => "x", Symbol("s"), Infinity, NaN]) {
      expect(errorFrom(() => endpoint("GET /x", { headers: { "x-v": v } })).path).toBe("headers.x-v")
    }
  })

  test("CR, LF or NUL cannot reach a header through mediaType, the method, a route or the url template", () => {
    for (const bad of BAD.map(([, b]) => b)) {
      expect(errorFrom(() => endpoint("GET /x", { mediaType: { format: bad } })).path).toBe("mediaType.format")
      expect(errorFrom(() => endpoint("GET /x", { mediaType: { previews: ["ok", bad] } })).path).toBe("mediaType.previews[1]")
      expect(errorFrom(() => endpoint({ url: "/x", method: `GET${bad}` })).path).toBe("method")
    }
    expect(errorFrom(() => endpoint("GET /x\r\ny")).path).toBe("route") // CR and LF are whitespace in a route
    expect(errorFrom(() => endpoint({ url: "/x\r\ny", baseUrl: BASE })).path).toBe("url") // URL parsers would drop them
    expect(endpoint({ url: "/x\u0000y", baseUrl: BASE }).url).toBe(`${BASE}/x%00y`)
  })

  test("CR, LF and NUL anywhere in a base url (copied into the url) are an EndpointError on baseUrl", () => {
    for (const bad of ["https://a\r\nHost: evil.example", "https://a\n", "https://a\r", "https://a\u0000.b", "https://a/\r\nb", "https://h.example/a\u0000b", "https://h.example/\u0001"]) {
      const e = errorFrom(() => endpoint("GET /x", { baseUrl: bad }), JSON.stringify(bad))
      expect([JSON.stringify(bad), e.path]).toEqual([JSON.stringify(bad), "baseUrl"])
      expect(e.message).not.toMatch(/[\0-\x1f]/)
      leftOf(Pipeline.build(Pipeline.baseUrl(Pipeline.route("GET /x"), bad)))
    }
  })

  test("values are percent-encoded: CR, LF and NUL never stand raw in the url", () => {
    const r = endpoint("GET /x/{id}{+r}", { baseUrl: BASE, id: "a\r\nb\u0000", r: "\r\n", q2: "c\r\nd" })
    expect(r.url).toBe(`${BASE}/x/a%0D%0Ab%00%0D%0A?q2=c%0D%0Ad`)
  })

  test("messages quote caller text with control characters and bidirectional marks escaped, on one line", () => {
    const messages = [
      errorFrom(() => endpoint("GET /x", { headers: { "x\r\nInjected: 1\u001b[2J": "v" } })).message,
      errorFrom(() => endpoint("G\u001bT /x")).message,
      errorFrom(() => endpoint({ url: "/x", ["a\u2028\u202eb"]: {} })).message,
      errorFrom(() => endpoint({ url: "/x", headers: new (Object.defineProperty(class {}, "name", { value: "Date\n[INFO] ok\u001b[2J" }))() })).message,
      new EndpointError("x\x1b]0;pwned\x07", "\x1b[2J\ud800 cleared").message,
    ]
    for (const m of messages) expect(m).not.toMatch(/[\0-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e]|[\ud800-\udfff](?![\udc00-\udfff])/)
    expect(messages[4]).toBe("x\\u001b]0;pwned\\u0007: \\u001b[2J\\ud800 cleared")
  })
})

// -------------------------------------------------------------------------------------------------

describe("lone surrogates: an EndpointError naming the place, never a URIError", () => {
  const places = (s: string): Array<[string, () => unknown, string]> => [
    ["path value", () => endpoint("GET /x/{v}", { v: s }), "v"],
    ["reserved value", () => endpoint("GET /x/{+v}", { v: s }), "v"],
    ["fragment value", () => endpoint("GET /x{#v}", { v: s }), "v"],
    ["list member", () => endpoint("GET /x{/v*}", { v: ["ok", s] }), "v[1]"],
    ["record key", () => endpoint("GET /x{?v*}", { v: { [s]: "ok" } }), "v"],
    ["record value", () => endpoint("GET /x{?v*}", { v: { k: s } }), "v.k"],
    [":name", () => endpoint("GET /x/:v", { v: s }), "v"],
    ["query value", () => endpoint("GET /x", { v: s }), "v"],
    ["HEAD query value", () => endpoint("HEAD /x", { v: s }), "v"],
    ["query name", () => endpoint("GET /x", { [s]: "v" }), ""],
    ["q", () => endpoint("GET /x", { q: `a+${s}+b` }), "q"],
    ["name[] member", () => endpoint("GET /x", { "f[]": ["a", s] }), "f[]"],
    ["joined list", () => endpoint("GET /x", { list: ["a", s] }), "list"],
    ["template text", () => endpoint(`GET /x/${s}`), "url"],
    ["template text after an expression", () => endpoint(`GET /x/{a}${s}`, { a: 1 }), "url"],
    ["url option", () => endpoint({ url: `/x${s}` }), "url"],
    ["base url", () => endpoint("GET /x", { baseUrl: `https://h.example/${s}` }), "baseUrl"], // URL parsers would write U+FFFD
    ["a string body, sent", () => toRequestInit(endpoint("POST /x", { data: s })), "body"],
  ]

  test.each(["\ud800", "\udfff", "a\ud83d", "\ude00b", "\udc00\ud800"])("%j in every percent-encoded place", (s) => {
    for (const [where, f, path] of places(s)) {
      const e = errorFrom(f, where)
      expect([where, e.problem.startsWith(FOREIGN), path === "" || e.path.startsWith(path)]).toEqual([where, false, true])
    }
    leftOf(Template.parse(`/x${s}`))
    leftOf(Template.expand({ v: s })(orThrow(Template.parse("/{v}"))))
    leftOf(Pipeline.build(Pipeline.param(Pipeline.route("GET /x/{v}"), "v", s)))
    expect(CommandLine.main(["GET /x/{a}", `a=${s}`], quiet)).toBe(2)
    // merging does not expand: the merged options hold the value, and parsing them is the error
    const merged = orThrow(Merge.merge(builtIn(), "GET /x", { v: s }))
    expect(merged.params.v).toBe(s)
    leftOf(Parse.parse(merged))
  })

  test("a well-formed pair is encoded as UTF-8; in a JSON body a lone surrogate is data (JSON escapes it)", () => {
    expect(endpoint("GET /x/{v}", { baseUrl: BASE, v: "\u{1F600}" }).url).toBe(`${BASE}/x/%F0%9F%98%80`)
    const r = endpoint("POST /x", { v: "\ud800" })
    expect((r.body as { v: string }).v).toBe("\ud800")
    expect(toRequestInit(r)[1].body).toBe('{"v":"\\ud800"}')
  })
})

// -------------------------------------------------------------------------------------------------

describe("hostile objects: getters and Proxy traps that throw, revoked Proxies", () => {
  test.each([
    ["an Error", () => new Error("boom")],
    ["a TypeError", () => new TypeError("boom")],
    ["a string", () => "boom"],
    ["undefined", () => undefined],
    ["a Proxy whose every trap throws", () => new Proxy({}, { get: boom, getPrototypeOf: boom, has: boom })],
    ["an Error whose message getter throws", () => Object.create(Error.prototype, { message: { get: boom } })],
  ])("a getter on url that throws %s: an EndpointError from every entry", (_, thrown) => {
    const input = throwingAt("url", () => {
      throw thrown()
    })
    for (const [where, f] of entries(input)) {
      const e = errorFrom(f, where)
      if (!where.startsWith("CommandLine.main")) expect(e.path, where).not.toBe("")
    }
  })

  test("the error of a getter or trap names where it was read, and says what it threw", () => {
    const previewGetter = Object.defineProperty(["a"], 0, { get: boom, enumerable: true })
    const memberGetter = Object.defineProperty(["a", "b"], 1, { get: boom, enumerable: true })
    const ownKeys = new Proxy({}, { ownKeys: boom })
    for (const [options, path] of [
      [throwingAt("a"), "a"],
      [throwingAt("url"), "url"],
      [{ headers: throwingAt("accept") }, "headers.accept"],
      [{ headers: ownKeys }, "headers"],
      [{ request: throwingAt("agent") }, "request.agent"],
      [{ mediaType: throwingAt("format") }, "mediaType.format"],
      [{ mediaType: { previews: previewGetter } }, "mediaType.previews"],
      [{ url: "/x/{p}", p: throwingAt("k") }, "p"],
      [{ url: "/x{?p*}", p: throwingAt("k") }, "p"],
      [{ url: "/x/{p}", p: memberGetter }, "p"],
      [{ url: "/x", p: memberGetter }, "p"],
      [ownKeys, "options"],
    ] as const) {
      const e = errorFrom(() => endpoint(options), path)
      expect([path, e.path, e.problem]).toEqual([path, path, `${FOREIGN} (Error: boom)`])
    }
    const top = Template.expand({ x: 1, get y(): never { return boom() } })(orThrow(Template.parse("/{x}/{y}")))
    expect(leftOf(top).message).toBe(`y: ${FOREIGN} (Error: boom)`)
    // defaults are copied all the way down: the error names the key whose getter threw, not its parent
    expect(errorFrom(() => endpoint.defaults({ a: throwingAt("b") })).message).toBe(`a.b: ${FOREIGN} (Error: boom)`)
    const deep = errorFrom(() => endpoint.defaults({ a: { b: [0, throwingAt("c")] } })).path
    expect([deep.startsWith("a.b["), deep.endsWith("].c")]).toEqual([true, true])
  })

  test.each(["get", "ownKeys", "getOwnPropertyDescriptor", "getPrototypeOf", "has"] as const)("a Proxy whose %s trap throws, at every level: a result or an EndpointError", (trap) => {
    const p = () => new Proxy({ url: "/x", a: 1 }, { [trap]: boom })
    for (const input of [p(), { url: "/x", headers: p() }, { url: "/x", mediaType: p() }, { url: "/x", request: p() }, { url: "/x/{p}", p: p() }, { url: "/x{?p*}", p: p() }, { url: "/x", p: p() }]) {
      for (const [where, f] of entries(input)) outcome(f, `${trap}: ${where}`)
    }
  })

  test("a revoked Proxy anywhere: a result or an EndpointError, from every entry", () => {
    for (const input of [revoked(), { url: "/x", headers: revoked() }, { url: "/x", mediaType: revoked() }, { url: "/x", request: revoked() }, { url: "/x{?p}", p: revoked() }, { url: "/x", data: revoked() }, { url: "/x", p: revoked(true) }]) {
      for (const [where, f] of entries(input)) outcome(f, where)
    }
    for (const s of [Route.parse, Template.parse] as const) leftOf(s(revoked() as never))
  })

  test("a revoked Proxy as a query value is an EndpointError naming the parameter (Array.isArray throws on it)", () => {
    for (const [name, value] of [["p", revoked()], ["p", revoked(true)], ["p[]", revoked()]] as const) {
      expect(errorFrom(() => endpoint("GET /x", { [name]: value })).path).toBe(name)
    }
    expect(errorFrom(() => endpoint("GET /x/{p}", { p: revoked() })).path).toBe("p")
    expect((endpoint("POST /x", { p: revoked() }).body as { p: unknown }).p).toBeDefined() // a body is passed on as it is
  })

  test("the command line's input (files, standard input) is read inside the same guard", () => {
    const failing = { get readFile(): never { return boom() }, get stdin(): never { return boom() } }
    expect(leftOf(CommandLine.parseArgs(["POST /x", "a=@f"], failing)).path).toBe("a")
    expect(leftOf(CommandLine.parseArgs(["POST /x", "a=@f"], revoked() as never)).path).toBe("a")
    expect(CommandLine.main(["POST /x", "a:=@f"], { ...quiet, readFile: boom })).toBe(2)
    expect(CommandLine.main(["POST /x"], { ...quiet, stdin: boom })).toBe(2)
    expect(CommandLine.main(["GET /x"], { stdout: boom, stderr: boom })).toBe(1)
  })

  test("Template.expand reads the names the template has: another throwing getter is never touched", () => {
    const values = Object.defineProperty({ get other(): string { return boom() } }, "hidden", { value: "h", enumerable: false })
    expect(Template.expand(values)(orThrow(Template.parse("/x/{hidden}")))).toEqual(E.right("/x/h"))
  })
})

// -------------------------------------------------------------------------------------------------

describe("size: hostile input of 100 000 characters finishes fast (generous guards)", () => {
  const N = 100_000

  test("urls of literal text, placeholders, colons and braces: a result or a short EndpointError on url", () => {
    const short = (f: () => unknown, path = "url"): void => {
      const e = guarded(() => errorFrom(f))
      expect([e.path, e.message.length < 500]).toEqual([path, true])
    }
    short(() => endpoint("GET /" + "a".repeat(N), { baseUrl: BASE }))
    short(() => endpoint("GET " + "/{a}".repeat(N / 4), { baseUrl: BASE, a: "xx" }))
    short(() => endpoint("GET " + "/:a".repeat(N / 3), { baseUrl: BASE, a: "x" }))
    short(() => endpoint("GET /{a}{a}{a}", { baseUrl: BASE, a: "y".repeat(30_000) }))
    short(() => endpoint("GET /" + "{".repeat(N)))
    short(() => endpoint("GET /{" + "a,".repeat(N / 2)))
    short(() => endpoint("GET " + "x".repeat(N) + " y z"), "route")
    expect(guarded(() => endpoint("GET " + "/{a}".repeat(N / 4), { baseUrl: BASE, a: "x" })).url.length).toBe(BASE.length + N / 2)
    expect(guarded(() => endpoint("GET /a" + ":a".repeat(N / 4), { baseUrl: BASE, a: "x" })).url).toBe(`${BASE}/a${":a".repeat(N / 4)}?a=x`)
    // the bound is on the whole url: base, path and query
    const longest = "/" + "a".repeat(Template.MAX_LENGTH - BASE.length - 1)
    expect(endpoint("GET " + longest, { baseUrl: BASE }).url.length).toBe(Template.MAX_LENGTH)
    short(() => endpoint("GET " + longest + "a", { baseUrl: BASE }))
  })

  test("a 100 000-character base url that fails its check at the end is refused fast", () => {
    for (const baseUrl of ["http://" + "a".repeat(N) + "?", "https://h/" + "a/".repeat(N / 2) + "?", "https://" + "%".repeat(N)]) {
      expect(guarded(() => errorFrom(() => endpoint.defaults({ baseUrl }))).path).toBe("baseUrl")
    }
  })

  test("headers, accept values and previews of 100 000 characters: an EndpointError naming the header, fast", () => {
    const v = "v".repeat(N)
    expect(guarded(() => errorFrom(() => endpoint("GET /x", { headers: { "X-Big": v } }))).message).toBe("headers.X-Big: longer than 16384 characters")
    const longest = "v".repeat(Parse.MAX_HEADER_LENGTH)
    expect(endpoint("GET /x", { headers: { "x-big": longest } }).headers["x-big"]).toBe(longest)
    const accept = "application/vnd.github.v3+json,".repeat(N / 32) + "x-preview-".repeat(1000)
    for (const mediaType of [{}, { format: "raw" }, { previews: ["a", "b"] }]) {
      expect(guarded(() => errorFrom(() => endpoint("GET /x", { headers: { accept }, mediaType }))).path).toBe("headers.accept")
    }
    for (const mediaType of [{ previews: ["a".repeat(N)] }, { format: "x".repeat(N) }]) {
      expect(guarded(() => errorFrom(() => endpoint("GET /x", { mediaType }))).path).toBe("headers.accept")
    }
    const vnd = "application/vnd." + "a".repeat(Parse.MAX_HEADER_LENGTH - 100)
    guarded(() => endpoint("GET /x", { headers: { accept: vnd }, mediaType: { format: "raw", previews: ["p"] } }))
    guarded(() => endpoint("GET /x", { headers: { accept: "-".repeat(Parse.MAX_HEADER_LENGTH) }, mediaType: { previews: ["p"] } }))
    expect(guarded(() => endpoint("GET /x", { mediaType: { previews: ["a" + "-PREVIEW".repeat(12_000)] } })).headers.accept).toBe("application/vnd.github.a-preview+json")
  })

  test("10 000 previews and 10 000 parameters, on both sides of defaults", () => {
    const previews = Array.from({ length: 10_000 }, (_, i) => `p${i}-preview`)
    const d = guarded(() => endpoint.defaults({ mediaType: { previews } }))
    expect(guarded(() => d.merge("GET /x", { mediaType: { previews: [...previews, "last"] } })).mediaType.previews).toHaveLength(10_001)
    expect(guarded(() => errorFrom(() => d("GET /x"))).path).toBe("headers.accept")
    const params = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`p${i}`, `v${i}`]))
    expect(guarded(() => errorFrom(() => endpoint("GET /x", { baseUrl: BASE, ...params }))).path).toBe("url")
    expect(Object.keys(guarded(() => endpoint.defaults(params)("POST /x", params)).body as object)).toHaveLength(10_000)
  })

  test("one large list shared by a thousand names is read once: in the url, the query, and naming a host error", () => {
    const list = Array(N).fill(null)
    const names = Array.from({ length: 1000 }, (_, i) => `a${i}`)
    const shared = Object.fromEntries(names.map((name) => [name, list]))
    expect(guarded(() => endpoint("POST /x{/" + names.join(",") + "}", { baseUrl: BASE, ...shared })).url).toBe(`${BASE}/x`)
    expect(guarded(() => endpoint("GET /x", { baseUrl: BASE, ...shared })).url).toBe(`${BASE}/x?${names.map((n) => `${n}=`).join("&")}`)
    expect(guarded(() => errorFrom(() => endpoint({ url: "https://unpkg.com{/" + names.join(",") + "}@x/y", baseUrl: "", ...shared }))).path).toBe("a0")
    const bad = [...list, {}] // a member that cannot be sent is named under the first name that lists it
    expect(errorFrom(() => endpoint("GET /x", { baseUrl: BASE, ...Object.fromEntries(names.map((n) => [n, bad])) })).path).toBe(`a0[${N}]`)
  })

  test("one long string listed many times is refused before a huge text is built, never a RangeError", () => {
    const long = "x".repeat(1 << 20)
    const many = Array(600).fill(long) // 600 MB once joined, past the longest string an engine makes
    for (const [url, params] of [["/x{?a*}", { a: many }], ["/x{/a}", { a: many }], ["/x", { q: many }], ["/x", { a: many }], ["/x", { "a[]": many }]] as const) {
      expect(guarded(() => errorFrom(() => endpoint({ url, ...params }), JSON.stringify(Object.keys(params)))).path).toBe("url")
    }
    expect(guarded(() => errorFrom(() => endpoint("GET /x", { ["a".repeat(5000) + "[]"]: Array(N).fill("") }))).path).toBe("url")
  })

  test("shared references cannot make a JSON text exponentially larger than the input: a bound stops it, wherever a body is written", () => {
    let shared: object = { leaf: 1 }
    for (let i = 0; i < 24; i++) shared = { a: shared, b: shared } // 25 objects, 2 ** 24 paths
    const post = { method: "POST", url: "https://h.example/", headers: { "content-type": "application/json" }, body: shared }
    expect(guarded(() => errorFrom(() => toRequestInit(post))).problem).toMatch(/^more than \d+ values/)
    expect(guarded(() => errorFrom(() => CommandLine.toCurl(post))).problem).toMatch(/^more than \d+ values/)
    for (const output of ["json", "merge"] as const) {
      const printed = guarded(() => CommandLine.render({ _tag: "Build", route: "POST /x", options: { d: shared }, output }))
      expect([output, leftOf(printed).problem]).toEqual([output, expect.stringMatching(/more than \d+ values|longer than/)])
    }
  })

  test("a 100 000-character key gives a short message", () => {
    const key = "k".repeat(N)
    for (const options of [{ [key]: { a: 1 } }, { [key + "\ud800"]: "v" }]) {
      expect(errorFrom(() => endpoint("GET /x", options)).message.length).toBeLessThan(1000)
    }
  })
})

// -------------------------------------------------------------------------------------------------

describe("sparse arrays cost what they hold, never the length they declare", () => {
  const huge = (): Array<unknown> => Object.assign([], { length: 2 ** 32 - 1 })

  test("a huge sparse array is an EndpointError wherever it is read, found fast; a body keeps it by reference", () => {
    for (const [where, f] of [
      ["query", () => endpoint("GET /x", { s: huge() })],
      ["query []", () => endpoint("GET /x", { "s[]": huge() })],
      ["path", () => endpoint("GET /x/{s}", { s: huge() })],
      ["explode", () => endpoint("GET /x{?s*}", { s: huge() })],
      ["previews", () => endpoint("GET /x", { mediaType: { previews: huge() } })],
      ["defaults, then the query", () => endpoint.defaults({ s: huge(), request: { a: [huge()] } })("GET /x")],
      ["a small hole", () => endpoint("GET /x", { s: [1, , 3] })],
      ["Template.expand", () => orThrow(Template.expand({ s: huge() })(orThrow(Template.parse("{/s*}"))))],
      ["JSON body, sent", () => toRequestInit(endpoint("POST /x", { s: [1, , 3] }))],
    ] as const) {
      const e = guarded(() => errorFrom(f, where))
      expect([where, e.problem]).toEqual([where, expect.stringMatching(/sparse|would be sent as null/)])
    }
    const s = huge()
    expect((endpoint("POST /x", { s }).body as { s: unknown }).s).toBe(s)
  })

  test("forged models, drafts and defaults with a huge sparse previews list are Lefts, found fast", () => {
    const forged = { ...Options.empty, url: "/x", mediaType: { format: undefined, previews: huge() } }
    for (const [where, f] of [
      ["Parse.parse", () => Parse.parse(forged as never)],
      ["Merge.merge", () => Merge.merge(forged as never, "GET /y")],
      ["Pipeline.build", () => Pipeline.build({ _tag: "Right", right: { url: "/x", mediaType: { previews: huge() } } } as never)],
      ["Pipeline.buildWith", () => Pipeline.buildWith({ mediaType: { previews: huge() } })(Pipeline.route("GET /x"))],
    ] as const) {
      expect(guarded(() => leftOf(f(), where)).message).toMatch(/^(defaults\.)?mediaType\.previews: a sparse array/)
    }
  })

  test("the command line's argv with holes is an EndpointError, never a TypeError", () => {
    for (const argv of [[, "GET /x"], ["GET /x", , "a=1"], Object.assign([], { length: 2 ** 20 })]) {
      expect(guarded(() => leftOf(CommandLine.parseArgs(argv as Array<string>))).path).toBe("argv")
      expect(CommandLine.main(argv as Array<string>, quiet)).toBe(2)
    }
  })

  test("a list is read by index, its length once: a length that grows at each read, or lying methods, change nothing", () => {
    const growing = (): ReadonlyArray<string> => {
      let reads = 0
      return new Proxy(["x"], {
        has: () => true,
        get: (target, key, receiver) => (key !== "length" ? (/^\d+$/.test(String(key)) ? "x" : Reflect.get(target, key, receiver)) : ++reads > 50 ? boom() : reads),
      })
    }
    expect(endpoint("GET /x", { list: growing() }).url).toBe(`${G}/x?list=x`)
    expect(endpoint("GET /x{?list*}", { list: growing() }).url).toBe(`${G}/x?list=x`)
    expect(endpoint("GET /x", { mediaType: { previews: growing() } }).headers.accept).toBe("application/vnd.github.x-preview+json")
    class Lying extends Array<unknown> {
      override findIndex(): number { return -1 }
      override map(): Array<any> { return ["clean"] }
      override *[Symbol.iterator](): ArrayIterator<unknown> { yield "clean" }
    }
    const lying = Lying.from(["a\r\nx-injected: 1"]) as Array<string>
    expect(errorFrom(() => endpoint("GET /x", { mediaType: { previews: lying } })).path).toBe("mediaType.previews[0]")
    const endless = Object.assign(["a", "b"], { [Symbol.iterator]: function* () { for (;;) yield "x" } })
    expect(endpoint("GET /x/{list}", { list: endless }).url).toBe(`${G}/x/a,b`)
  })
})

// -------------------------------------------------------------------------------------------------

describe("__proto__, constructor and prototype are data, never a prototype", () => {
  const PROTO = /^a key named __proto__ would set a prototype/
  const json = (text: string): Record<string, unknown> => JSON.parse(text)

  test("__proto__ as a key of the options, of headers or of request is refused, in every entry that reads options", () => {
    for (const [options, path] of [
      [json('{"__proto__": "v"}'), "__proto__"],
      [json('{"__proto__": {"polluted": 1}}'), "__proto__"],
      [{ headers: json('{"__proto__": "v"}') }, "headers.__proto__"],
      [{ request: json('{"__proto__": {"polluted": 1}}') }, "request.__proto__"],
    ] as const) {
      const where = JSON.stringify(options)
      for (const f of [() => endpoint("POST /x", options), () => endpoint.defaults(options), () => endpoint.merge("GET /x", options)]) {
        const e = errorFrom(f, where)
        expect([where, e.path, e.problem]).toEqual([where, path, expect.stringMatching(PROTO)])
      }
      leftOf(Options.decode(options), where)
      leftOf(Pipeline.build(Pipeline.with(Pipeline.route("POST /x"), options)), where)
    }
    leftOf(Pipeline.build(Pipeline.param(Pipeline.route("POST /x"), "__proto__", { polluted: 1 })))
    leftOf(Parse.parse({ ...Options.empty, url: "/x", params: json('{"__proto__": 1}') } as never))
    expect(CommandLine.main(["POST /x", '__proto__:={"polluted":1}'], quiet)).toBe(2)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  test("deeper inside values, __proto__ is an own key like any other", () => {
    const body = endpoint("POST /x", { p: json('{"__proto__": {"polluted": 1}}') }).body as { p: object }
    expect([Object.getPrototypeOf(body.p), Object.getOwnPropertyDescriptor(body.p, "__proto__")?.value]).toEqual([Object.prototype, { polluted: 1 }])
    const request = endpoint("GET /x", { request: { a: json('{"__proto__": {"polluted": 1}}') } }).request!.a as object
    expect(Object.getOwnPropertyDescriptor(request, "__proto__")?.value).toEqual({ polluted: 1 })
    expect(endpoint("GET /x{?rec*}", { baseUrl: BASE, rec: json('{"__proto__": "w"}') }).url).toBe(`${BASE}/x?__proto__=w`)
    const d = endpoint.defaults({ p: json('{"__proto__": {"x": 1}}') }).DEFAULTS.p as object
    expect([Object.getPrototypeOf(d), Object.isFrozen(d), JSON.stringify(d)]).toEqual([Object.prototype, true, '{"__proto__":{"x":1}}'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  test.each(["constructor", "prototype"])("%s is an ordinary parameter, header, request key and placeholder", (key) => {
    const scalar = { [key]: "v" }
    expect(endpoint("GET /x", { baseUrl: BASE, ...scalar }).url).toBe(`${BASE}/x?${key}=v`)
    expect(endpoint("POST /x", { [key]: { polluted: 1 } }).body).toEqual({ [key]: { polluted: 1 } })
    expect(Object.getOwnPropertyDescriptor(endpoint("GET /x", { headers: scalar }).headers, key)?.value).toBe("v")
    expect(Object.getOwnPropertyDescriptor(endpoint("GET /x", { request: scalar }).request, key)?.value).toBe("v")
    expect(endpoint(`GET /x/{${key}}`, { baseUrl: BASE, ...scalar }).url).toBe(`${BASE}/x/v`)
    expect(errorFrom(() => endpoint(`GET /x/{${key}}`, {})).problem).toBe(`missing parameter: ${key}`) // never read from a prototype
    expect(Object.getOwnPropertyDescriptor(endpoint.merge("GET /x", scalar), key)?.value).toBe("v")
    expect(errorFrom(() => endpoint("GET /x", { mediaType: { [key]: 1 } })).path).toBe(`mediaType.${key}`) // mediaType knows two keys
  })
})

// -------------------------------------------------------------------------------------------------

describe("the caller's objects are never written; results are fresh", () => {
  const deepFreeze = <A>(value: A): A => {
    if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
      Object.freeze(value)
      for (const k of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[k])
    }
    return value
  }

  test("deep-frozen options and defaults work in every entry and are never written to", () => {
    const defaults = deepFreeze({ headers: { "X-A": "1" }, mediaType: { previews: ["a-preview"] }, request: { r: { s: 1 }, kept: 1 }, p: { q: 1 }, d: 1 })
    const options = deepFreeze({ headers: { "X-B": "2" }, mediaType: { previews: ["b"], format: "raw" }, request: { r: { t: 2 } }, p: { z: 2 }, id: "1" })
    const before = structuredClone([defaults, options])
    const e = endpoint.defaults(defaults)
    const r = e("POST /x/{id}", options)
    expect([r.body, r.request]).toEqual([{ p: { z: 2 }, d: 1 }, { r: { t: 2 }, kept: 1 }]) // one-level unions: the later value wins whole
    expect(r.headers.accept).toBe("application/vnd.github.a-preview.raw,application/vnd.github.b-preview.raw")
    for (const [where, f] of entries(options)) outcome(f, where)
    e.merge("POST /x/{id}", options)
    toRequestInit(r)
    expect(structuredClone([defaults, options])).toEqual(before)
  })

  test("defaults are a frozen snapshot: changing the input afterwards changes nothing; class instances stay the caller's", () => {
    const agent = new (class Agent { n = 1 })()
    const input = { request: { a: { b: [1] }, agent }, p: [{ q: 1 }], headers: { "x-a": "1" } }
    const e = endpoint.defaults(input)
    input.request.a.b.push(2)
    input.p[0]!.q = 2
    input.headers["x-a"] = "2"
    expect([e.DEFAULTS.request.a, e.DEFAULTS.p, e.DEFAULTS.headers["x-a"], e.DEFAULTS.request.agent === agent]).toEqual([{ b: [1] }, [{ q: 1 }], "1", true])
    for (const o of [e.DEFAULTS, e.DEFAULTS.request, e.DEFAULTS.request.a, e.DEFAULTS.request.a.b, e.DEFAULTS.p, e.DEFAULTS.p[0], e.DEFAULTS.headers, endpoint.DEFAULTS.mediaType.previews]) {
      expect(Object.isFrozen(o)).toBe(true)
    }
  })

  test("every result is fresh: mutating one changes neither DEFAULTS nor the next result", () => {
    const e = endpoint.defaults({ headers: { "x-a": "1" }, mediaType: { previews: ["p"] }, a: { b: 1 } })
    const snapshot = JSON.stringify(e.DEFAULTS)
    const first = e("POST /x")
    first.headers["x-a"] = "changed"
    ;(first.body as Record<string, unknown>).c = 2
    const m = e.merge("GET /x")
    m.headers["x-a"] = "changed"
    m.mediaType.previews.push("q")
    expect([e("POST /x").headers["x-a"], e("POST /x").body, JSON.stringify(e.DEFAULTS)]).toEqual(["1", { a: { b: 1 } }, snapshot])
  })
})

// -------------------------------------------------------------------------------------------------

describe("a route fixes the url and the method: a body field cannot redirect the request", () => {
  const EVIL = "https://evil.example/steal"
  const secret = endpoint.defaults({ headers: { authorization: "token secret" } })

  test.each([
    [{ url: EVIL, title: "t" }, "url"],
    [{ url: "//evil.example/x" }, "url"],
    [{ url: "/y" }, "url"],
    [{ method: "DELETE" }, "method"],
    [{ method: "GET" }, "method"],
  ] as const)("%j after a route is an EndpointError on %s, pointing to data, in every entry", (options, path) => {
    for (const [where, f] of [["endpoint", () => secret("POST /x", options)], ["merge", () => secret.merge("POST /x", options)]] as const) {
      const e = errorFrom(f, where)
      expect([where, e.path, e.problem]).toEqual([where, path, expect.stringContaining("a body field of that name goes in data")])
    }
    for (const r of [secret.either("POST /x", options), Merge.merge(builtIn(), "POST /x", options), Pipeline.build(Pipeline.route("POST /x", options as never)), Pipeline.build(Pipeline.with(Pipeline.route("POST /x"), options))]) {
      expect(leftOf(r).path).toBe(path)
    }
    const [key, value] = Object.entries(options)[0]!
    expect(CommandLine.main(["POST /x", `${key}=${value}`], quiet)).toBe(2)
  })

  test("data-last pipeline steps cannot change them either", () => {
    for (const step of [Pipeline.with({ url: EVIL }), Pipeline.params({ url: EVIL }), Pipeline.with({ method: "DELETE" })]) {
      expect(typeof step).toBe("function")
      expect(leftOf(pipe(Pipeline.route("POST /x"), step, Pipeline.build)).problem).toMatch(/already, a step gives/)
    }
  })

  test("the same url or method (any case) may be repeated; a body field named url goes in data", () => {
    expect(endpoint("POST /x", { url: "/x", method: "post" }).url).toBe(`${G}/x`)
    expect([endpoint.merge("GET /x", { method: "get" }).method, endpoint.merge("get /x", { method: "GET" }).method]).toEqual(["GET", "get"])
    const r = endpoint("POST /x", { data: { url: EVIL } })
    expect([r.url, r.body]).toEqual([`${G}/x`, { url: EVIL }])
    expect(endpoint({ method: "POST", url: "/y" }).url).toBe(`${G}/y`) // without a route, options carry the url
  })

  test("a null header removes a default one (a default token can be dropped, never leaked)", () => {
    expect(secret("GET /x", { headers: { Authorization: null } }).headers).not.toHaveProperty("authorization")
    expect(secret.defaults({ headers: { authorization: null } })("GET /x").headers).not.toHaveProperty("authorization")
  })
})

// -------------------------------------------------------------------------------------------------

describe("errors: only the library's own, and a forged one is never trusted", () => {
  const forged = (): EndpointError =>
    Object.create(EndpointError.prototype, { _tag: { value: "EndpointError" }, path: { value: "url" }, problem: { value: "forged" }, message: { value: "url: forged" } })

  test("isEndpointError knows the library's errors only: not one whose prototype imitates it, not a revoked Proxy", () => {
    expect([forged() instanceof EndpointError, isEndpointError(forged())]).toEqual([true, false])
    expect(isEndpointError(new Proxy(Object.create(EndpointError.prototype), { get: boom, getPrototypeOf: boom }))).toBe(false)
    expect(isEndpointError(revoked())).toBe(false)
    expect(isEndpointError(leftOf(endpoint.either("GET /x/{")))).toBe(true)
    expect(isEndpointError(new EndpointError("p", "q"))).toBe(true)
  })

  test("an error thrown from a caller's getter, a forged one or a genuine one, comes back as a new one naming the getter", () => {
    const genuine = new EndpointError("x", "genuine")
    const proxy = new Proxy(Object.create(EndpointError.prototype), { get: boom, getPrototypeOf: boom })
    for (const [thrown, says] of [[forged(), "Error: url: forged"], [genuine, "EndpointError: x: genuine"], [proxy, "an object that cannot be read"]] as const) {
      const input = { get url(): never { throw thrown } }
      for (const e of [errorFrom(() => endpoint(input)), leftOf(endpoint.either(input)), leftOf(Options.decode(input))]) {
        expect([e === thrown, isEndpointError(e), e.message]).toEqual([false, true, `url: ${FOREIGN} (${says})`])
      }
    }
  })

  test("a Left draft holds the library's error only: a forged one is replaced", () => {
    expect(leftOf(Pipeline.build({ _tag: "Left", left: forged() } as never)).message).toBe("draft: expected a Draft (an Either of options)")
    expect(leftOf(Pipeline.build({ _tag: "Left", left: new EndpointError("x", "kept") } as never)).message).toBe("x: kept")
    for (const draft of [null, 5, { _tag: "Right", right: revoked() }, revoked()]) leftOf(Pipeline.build(draft as never))
  })

  test("a foreign error's text in a message is cut short and stays well-formed", () => {
    const e = leftOf(endpoint.either("POST /x", { get title(): never { throw new Error("x".repeat(300)) } }))
    expect([e.message.length < 300, e.message.isWellFormed()]).toEqual([true, true])
  })
})
