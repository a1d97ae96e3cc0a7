// Example tests, one group per section of SPEC.md (§2 to §7), plus the seed's examples. Where a
// behaviour changed with the smaller core (one-level unions, a route's url start, required
// parameters, __proto__ keys refused, the url judged after expansion), the test pins its new form.
import { readFileSync } from "node:fs"
import * as E from "fp-ts/lib/Either.js"
import { describe, expect, test } from "vitest"
import { endpoint, EndpointError, Merge, Options, Parse, Pipeline, Route, Template } from "../src/index.js"

const base = endpoint
import { builtIn, decoded, errorOf, orThrow } from "./helpers.js"

const UA = `fp-endpoint/${JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version}`
const DEFAULT_HEADERS = { accept: "application/vnd.github.v3+json", "user-agent": UA }
const JSON_CT = "application/json; charset=utf-8"

describe("§2 built-in defaults", () => {
  test("DEFAULTS has the method, base url, headers and media type of the spec", () => {
    expect(endpoint.DEFAULTS).toEqual({
      method: "GET",
      baseUrl: "https://api.github.com",
      headers: DEFAULT_HEADERS,
      mediaType: { format: "", previews: [] },
    })
  })
  test("the user-agent carries the version in package.json", () => {
    expect(endpoint.DEFAULTS.headers?.["user-agent"]).toBe(UA)
    expect(endpoint("/x").headers["user-agent"]).toBe(UA)
  })
  test("DEFAULTS is deeply frozen", () => {
    expect(Object.isFrozen(endpoint.DEFAULTS)).toBe(true)
    expect(Object.isFrozen(endpoint.DEFAULTS.headers)).toBe(true)
    expect(Object.isFrozen(endpoint.DEFAULTS.mediaType)).toBe(true)
    expect(Object.isFrozen(endpoint.DEFAULTS.mediaType?.previews)).toBe(true)
    const derived = endpoint.defaults({ request: { retries: { limit: 3 } }, labels: ["a"] })
    expect(Object.isFrozen((derived.DEFAULTS.request as { retries: object }).retries)).toBe(true)
    expect(Object.isFrozen(derived.DEFAULTS.labels)).toBe(true)
  })
  test("every result is a fresh object: mutating one changes neither defaults nor later results", () => {
    const first = endpoint("GET /user")
    first.headers.accept = "changed"
    first.url = "changed"
    const second = endpoint("GET /user")
    expect(second.headers.accept).toBe(DEFAULT_HEADERS.accept)
    expect(second.url).toBe("https://api.github.com/user")
    expect(endpoint.DEFAULTS.headers?.accept).toBe(DEFAULT_HEADERS.accept)
    const merged = endpoint.merge("GET /user") as unknown as { headers: Record<string, string> }
    merged.headers.accept = "changed"
    expect(endpoint.merge("GET /user").headers?.accept).toBe(DEFAULT_HEADERS.accept)
  })
  test("DEFAULTS is a snapshot: plain objects and arrays copied, class instances the caller's, by reference", () => {
    class Agent {
      keepAlive = true
    }
    const agent = new Agent()
    const retries = { limit: 3 }
    const e = endpoint.defaults({ request: { agent, retries } })
    const request = e.DEFAULTS.request as { agent: unknown; retries: unknown }
    expect(request.agent).toBe(agent)
    expect(Object.isFrozen(agent)).toBe(false)
    expect(request.retries).not.toBe(retries)
    expect(request.retries).toEqual(retries)
    expect(e("GET /x").request?.agent).toBe(agent)
  })
  test("defaults() does not freeze or change the caller's objects", () => {
    const request = { retries: { limit: 3 } }
    const labels = ["a"]
    endpoint.defaults({ request, labels })
    expect(Object.isFrozen(request)).toBe(false)
    expect(Object.isFrozen(request.retries)).toBe(false)
    expect(Object.isFrozen(labels)).toBe(false)
  })
})

describe("§3 normalisation", () => {
  test("undefined values are dropped at top level, in headers and in mediaType", () => {
    expect(Options.decode({ a: undefined, headers: { b: undefined }, mediaType: { format: undefined } })).toEqual({
      _tag: "Right",
      right: Options.empty,
    })
    const r = endpoint("GET /x", { page: undefined, headers: { "x-a": undefined } })
    expect(r.url).toBe("https://api.github.com/x")
    expect(r.headers).toEqual(DEFAULT_HEADERS)
  })
  test("header names are lowercased; numbers stay numbers; null drops the header", () => {
    const r = endpoint("GET /x", { headers: { "X-Count": 3, "Content-Length": 10, "X-Gone": null } })
    expect(r.headers).toEqual({ ...DEFAULT_HEADERS, "x-count": 3, "content-length": 10 })
  })
  test("previews lose every trailing -preview, then each is kept once: normalising twice changes nothing", () => {
    expect(Options.decode({ mediaType: { previews: ["symmetra-preview", "mercy", "symmetra", "mercy", "a-preview-preview"] } })).toEqual({
      _tag: "Right",
      right: { ...Options.empty, mediaType: { format: undefined, previews: ["symmetra", "mercy", "a"] } },
    })
    expect(endpoint("GET /x", { mediaType: { previews: ["symmetra-preview", "a-preview-preview"] } }).headers.accept).toBe(
      "application/vnd.github.symmetra-preview+json,application/vnd.github.a-preview+json",
    )
    expect(endpoint.merge("GET /x", { mediaType: { previews: ["a-preview-preview", "b-preview"] } }).mediaType?.previews).toEqual(["a", "b"])
    const once = Options.decode({ mediaType: { previews: ["x-preview-preview", "preview"] } })
    expect(once._tag === "Right" && once.right.mediaType.previews).toEqual(["x", "preview"])
    expect(once._tag === "Right" && Options.decode(Options.encode(once.right))).toEqual(once)
  })
  test("a format or a preview name is a token: a comma or a space would add media types to the accept header", () => {
    const problem = (mediaType: object) => {
      const e = endpoint.either("GET /x", { mediaType })
      return e._tag === "Left" ? e.left.message : e.right.headers.accept
    }
    expect(problem({ previews: ["a,text/html"] })).toBe(
      `mediaType.previews[0]: expected a name of letters, digits, _ and -, got "a,text/html"`,
    )
    expect(problem({ previews: ["ok", "-preview"] })).toMatch(/^mediaType\.previews\[1\]: /) // names no preview
    expect(problem({ format: "raw, text/html" })).toBe(`mediaType.format: expected "" or an RFC 9110 token, got "raw, text/html"`)
    expect(problem({ format: "star+json", previews: ["squirrel-girl"] })).toBe("application/vnd.github.squirrel-girl-preview.star+json")
    expect(problem({ format: "" })).toBe("application/vnd.github.v3+json")
  })
  test("a preview name is letters, digits, _ and -: the accept header it writes names that preview again, and no other", () => {
    const accept = (mediaType: object, headers: object = {}) => {
      const e = endpoint.either("GET /x", { mediaType, headers: headers as never })
      return e._tag === "Left" ? e.left.message : e.right.headers.accept
    }
    // "a.b" would be written as application/vnd.github.a.b-preview+json, which names the preview "b" when read back
    expect(accept({ previews: ["a.b"] })).toBe(`mediaType.previews[0]: expected a name of letters, digits, _ and -, got "a.b"`)
    expect(accept({ previews: ["ok", "x+y-preview"] })).toMatch(/^mediaType\.previews\[1\]: expected a name of letters, /)
    // "-preview" alone names no preview, in any case, however many times
    expect(accept({ previews: ["-Preview-preview"] })).toMatch(/^mediaType\.previews\[0\]: /)
    expect(accept({ previews: [""] })).toMatch(/^mediaType\.previews\[0\]: expected a name of letters, /)
    const written = accept({ previews: ["squirrel-girl", "a_1"] })
    expect(written).toBe("application/vnd.github.squirrel-girl-preview+json,application/vnd.github.a_1-preview+json")
    expect(accept({ previews: ["a_1", "squirrel-girl"] }, { accept: written })).toBe(written) // read back: the same names, once each
  })
  test("a format that names a preview is refused: the accept it writes would name that preview too", () => {
    const accept = (mediaType: object) => {
      const e = endpoint.either("GET /x", { mediaType })
      return e._tag === "Left" ? e.left.message : e.right.headers.accept
    }
    // "x-preview" would be written as application/vnd.github.a-preview.x-preview, which names the previews a and x
    expect(accept({ format: "x-preview", previews: ["a"] })).toBe(
      `mediaType.format: a format cannot name a preview (it is written into the accept header), got "x-preview"`,
    )
    expect(accept({ format: "raw.Y-Preview" })).toMatch(/^mediaType\.format: a format cannot name a preview/)
    expect(accept({ format: "preview", previews: ["a"] })).toBe("application/vnd.github.a-preview.preview")
  })
  test("decoding is the inverse of encoding: decode(encode(o)) is o", () => {
    const o = decoded({ url: "/x", mediaType: { previews: ["a-preview-preview"], format: "raw" }, headers: { "X-A": null }, p: 1 })
    expect(Options.decode(Options.encode(o))).toEqual({ _tag: "Right", right: o })
  })
  test("a JSON.parse'd __proto__ key of the options, of headers or of request is an EndpointError (SPEC 3.4); it pollutes nothing", () => {
    const PROTO = "a key named __proto__ would set a prototype instead of a key: rename it"
    const top = errorOf(() => endpoint(JSON.parse('{"url":"/x","method":"POST","__proto__":{"polluted":1}}')))
    expect(top.message).toBe(`__proto__: ${PROTO}`)
    const header = errorOf(() => endpoint("GET /x", { headers: JSON.parse('{"__proto__":"v"}') }))
    expect(header.message).toBe(`headers.__proto__: ${PROTO}`)
    const request = errorOf(() => endpoint("GET /x", { request: JSON.parse('{"__proto__":{"polluted":1}}') }))
    expect([request.path.startsWith("request"), request.problem]).toEqual([true, PROTO])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
  test("deeper inside a value, __proto__ is an own key like any other", () => {
    const r = endpoint("POST /x", { a: JSON.parse('{"__proto__":{"polluted":1}}') })
    const a = (r.body as { a: object }).a
    expect(Object.getPrototypeOf(a)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(a, "__proto__")?.value).toEqual({ polluted: 1 })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe("the io-ts boundary", () => {
  test("Options.decode runs the io-ts codec; the failure's path names the field", () => {
    const result = Options.decode({ headers: { accept: {} } })
    expect(result._tag).toBe("Left")
    const error = (result as { left: EndpointError }).left
    expect(error).toBeInstanceOf(EndpointError)
    expect(error.path).toBe("headers.accept")
    expect(error.message).toBe("headers.accept: expected a string or a finite number, got object")
    const viaCodec = Options.Codec.decode({ headers: { accept: {} } })
    expect(E.isLeft(viaCodec) && viaCodec.left[0]?.message).toBe("expected a string or a finite number, got object")
    expect(Options.Codec.decode({ headers: { "X-A": "1" } })).toEqual(E.right({ ...Options.empty, headers: { "x-a": "1" } }))
  })
  test("Options.Codec.encode is Options.encode: the model back to flat options", () => {
    const o = decoded({ url: "/x", headers: { "X-A": "1" }, page: 2 })
    expect(Options.Codec.encode(o)).toEqual(Options.encode(o))
    expect(Options.encode(o)).toEqual({ url: "/x", headers: { "x-a": "1" }, page: 2 })
  })
})

describe("§4 merging", () => {
  test("merge keeps the method as written and the url as a template, parameters at top level", () => {
    expect(endpoint.merge("GET /orgs/{org}/repos", { org: "octokit", headers: { "X-Foo": "bar" } })).toEqual({
      method: "GET",
      baseUrl: "https://api.github.com",
      url: "/orgs/{org}/repos",
      headers: { ...DEFAULT_HEADERS, "x-foo": "bar" },
      mediaType: { format: "", previews: [] },
      org: "octokit",
    })
  })
  test("merge(options) works without a route", () => {
    expect(endpoint.merge({ method: "POST", url: "/orgs/:org/repos", org: "o" })).toMatchObject({
      method: "POST",
      url: "/orgs/:org/repos",
      org: "o",
    })
  })
  test("merge needs a url, as endpoint() does: without one it is an EndpointError, in every merge entry", () => {
    for (const f of [() => endpoint.merge({ method: "GET" }), () => endpoint.merge({}), () => endpoint.merge(undefined as never), () => endpoint.defaults({ org: "o" }).merge({ org: "p" })]) {
      expect(f).toThrow("url: required, got nothing")
    }
    const merged = Merge.merge(builtIn(), { method: "POST" })
    expect(merged._tag === "Left" && merged.left.message).toBe("url: required, got nothing")
    const draft = Pipeline.merged(Pipeline.with(Pipeline.empty, { page: 2 }))
    expect(draft._tag === "Left" && draft.left.message).toBe("url: required, got nothing")
    expect(endpoint.merge({ url: "/x" }).url).toBe("/x") // a url from the options, or from the defaults, is enough
    expect(endpoint.defaults({ url: "/d" }).merge({ page: 2 }).url).toBe("/d")
  })
  test("headers are a key-wise union, the caller wins", () => {
    const e = endpoint.defaults({ headers: { "x-a": "1", "x-b": "1" } })
    expect(e("GET /x", { headers: { "X-B": "2" } }).headers).toEqual({ ...DEFAULT_HEADERS, "x-a": "1", "x-b": "2" })
  })
  test("previews concatenate as an ordered union across defaults()", () => {
    const e = endpoint.defaults({ mediaType: { previews: ["a"] } }).defaults({ mediaType: { previews: ["b", "a"] } })
    expect(e.DEFAULTS.mediaType?.previews).toEqual(["a", "b"])
    expect(e("GET /x", { mediaType: { previews: ["c"] } }).headers.accept).toBe(
      "application/vnd.github.a-preview+json,application/vnd.github.b-preview+json,application/vnd.github.c-preview+json",
    )
  })
  test("request and the parameters are key-wise unions one level deep: the later value wins whole (SPEC 4)", () => {
    // { c: { x: 1 } } then { c: { y: 2 } } gives { c: { y: 2 } }: no deep merge (it went with 0.1)
    const e = endpoint.defaults({ c: { x: 1 }, kept: 1, request: { retries: { limit: 3, delay: 1 }, timeout: 5 } })
    const r = e("POST /x", { c: { y: 2 }, request: { retries: { limit: 5 } } })
    expect(r.body).toStrictEqual({ c: { y: 2 }, kept: 1 })
    expect(r.request).toStrictEqual({ retries: { limit: 5 }, timeout: 5 })
    expect(e.merge("POST /x", { c: { y: 2 } }).c).toStrictEqual({ y: 2 })
    expect(Options.fieldSemigroups.params.concat({ a: 1, c: { x: 1 } }, { c: { y: 2 } })).toStrictEqual({ a: 1, c: { y: 2 } })
    // request: { fetch } then request: { signal } gives both
    const fetch = () => undefined
    const signal = new AbortController().signal
    const both = endpoint.defaults({ request: { fetch } })("GET /x", { request: { signal } }).request
    expect(both).toStrictEqual({ fetch, signal })
    expect([both?.fetch, both?.signal]).toEqual([fetch, signal])
  })
  test("the later value is taken by reference: arrays, records and class instances alike", () => {
    class Agent {}
    const agent = new Agent()
    const labels = ["x"]
    const config = { url: "https://h.test/hook" }
    const e = endpoint.defaults({ labels: ["d"], config: { content_type: "json" }, request: { agent: new Agent() } })
    const r = e("POST /x", { labels, config, request: { agent } })
    expect((r.body as { labels: unknown }).labels).toBe(labels)
    expect((r.body as { config: unknown }).config).toBe(config)
    expect(r.request?.agent).toBe(agent)
    // a value that is not a plain object on either side: the later wins whole too
    expect(endpoint.defaults({ f: { a: 1 } })("POST /x", { f: 5 }).body).toStrictEqual({ f: 5 })
    expect(endpoint.defaults({ f: [1] })("POST /x", { f: { a: 1 } }).body).toStrictEqual({ f: { a: 1 } })
  })
  test("cascading is grouping-free: the last value of a parameter is the one sent, however the defaults are grouped", () => {
    const e = endpoint.defaults({ filter: { a: 1 } }).defaults({ filter: 5 }).defaults({ filter: { b: 2 } })
    expect(e.DEFAULTS.filter).toEqual({ b: 2 })
    const grouped = endpoint.defaults({ filter: { a: 1 } }).defaults(Options.encode(Options.concat(decoded({ filter: 5 }), decoded({ filter: { b: 2 } }))))
    expect(grouped.DEFAULTS).toStrictEqual(e.DEFAULTS)
    expect(e("POST /x", { filter: { c: 3 } }).body).toStrictEqual({ filter: { c: 3 } })
    expect(grouped("POST /x", { filter: { c: 3 } }).body).toStrictEqual(e("POST /x", { filter: { c: 3 } }).body)
  })
  test("a second options object is concatenated on top of the first: endpoint(a, b) is endpoint(concat(a, b))", () => {
    // before-after-hook, used by @octokit/core, calls hook(request, options, options)
    const a = { method: "POST", url: "/repos/{owner}/{repo}/issues", owner: "o", repo: "r", headers: { "x-a": "1" } }
    const b = { title: "t", headers: { "x-b": "2" } }
    const together = endpoint(Options.encode(Options.concat(decoded(a), decoded(b))))
    expect(endpoint(a, b)).toEqual(together)
    expect(endpoint.merge(a, b)).toEqual(endpoint.merge(Options.encode(Options.concat(decoded(a), decoded(b)))))
    expect(orThrow(endpoint.either(a, b))).toEqual(together)
    expect(together.body).toEqual({ title: "t" })
  })
  test("defaults cascade; the global accept header remains unless overridden", () => {
    const a = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", org: "my-project" })
    const b = a.defaults({ headers: { "user-agent": "myApp/1.2.3" }, per_page: 100 })
    expect(b.DEFAULTS.baseUrl).toBe("https://ghe.example/api/v3")
    expect(b.DEFAULTS.headers).toEqual({ accept: DEFAULT_HEADERS.accept, "user-agent": "myApp/1.2.3" })
    expect(b("GET /orgs/{org}/repos").url).toBe("https://ghe.example/api/v3/orgs/my-project/repos?per_page=100")
  })
})

describe("§5 routes", () => {
  test("method and url separated by whitespace; surrounding whitespace ignored", () => {
    expect(Route.parse("  POST \t /x  ")).toEqual({ _tag: "Right", right: { method: "POST", url: "/x" } })
    expect(Route.parse("\fPOST\v/x\r\n")).toEqual({ _tag: "Right", right: { method: "POST", url: "/x" } })
  })
  test("after the url's first /, any text is the url's, percent-encoded: emoji with joiners, ZWNJ, tag sequences, spaces", () => {
    expect(endpoint("GET /search/caf\u00e9/\u{1f600}").url).toBe("https://api.github.com/search/caf%C3%A9/%F0%9F%98%80")
    expect(endpoint("GET /search?q=\u{1F468}\u200D\u{1F4BB}").url).toBe("https://api.github.com/search?q=%F0%9F%91%A8%E2%80%8D%F0%9F%92%BB")
    expect(endpoint("GET /q/\u0645\u06cc\u200c\u062e").url).toBe("https://api.github.com/q/%D9%85%DB%8C%E2%80%8C%D8%AE")
    expect(endpoint("GET /e/\u{1F3F4}\u{E0067}\u{E007F}").url).toBe("https://api.github.com/e/%F0%9F%8F%B4%F3%A0%81%A7%F3%A0%81%BF")
    expect(endpoint("GET /x\u3000y").url).toBe("https://api.github.com/x%E3%80%80y")
    expect(endpoint("POST https://b\u00fccher.example/x").url).toBe("https://b%C3%BCcher.example/x") // a host after "//" is the url's too
  })
  test("a route's url starts with /, { or a scheme: a method alone or glued to its path is an EndpointError", () => {
    for (const route of ["GET", "GET/user", "GET user", "user", "GET user?q=caf\u00e9", "POST repos/{owner}"]) {
      const e = errorOf(() => endpoint(route))
      const url = route.includes(" ") ? route.slice(route.indexOf(" ") + 1) : route
      expect([route, e.message]).toEqual([route, `route: expected a url that starts with "/", "{" or a scheme, got ${JSON.stringify(url)}`])
    }
    expect(endpoint("GET {+base}/user", { base: "https://ghe.example" }).url).toBe("https://ghe.example/user")
    expect(endpoint("GET https://example.com/x").url).toBe("https://example.com/x")
    // options' url is no route: a relative url is joined to the base url
    expect(endpoint({ url: "user" }).url).toBe("https://api.github.com/user")
    expect(endpoint({ url: "user?q=caf\u00e9" }).url).toBe(endpoint("GET /user?q=caf\u00e9").url)
  })
  test("a single token is a url with method GET", () => {
    expect(endpoint("/user").method).toBe("get")
    expect(endpoint("https://example.com/x").url).toBe("https://example.com/x")
  })
  test("any token method works", () => {
    expect(endpoint("PROPFIND /dav/x").method).toBe("propfind")
  })
  const URL_START = 'expected a url that starts with "/", "{" or a scheme'
  test.each([
    ["", "empty route"],
    ["   ", "empty route"],
    ["GET /x extra", "more than two parts"],
    ["G(ET /x", "not an HTTP method token"],
    // a pasted invisible or space character that is no ASCII whitespace glues the method to the url: one token,
    // which does not start as a url does (it would otherwise be sent with GET)
    ["POST\u00a0/x", URL_START],
    ["DELETE\u2003/repos/o/r", URL_START],
    ["\ufeffGET /x", "not an HTTP method token"],
    ["POST\u0085/x", URL_START], // NEL, which \s leaves out
    ["DELETE\u200b/repos/o/r", URL_START], // zero-width space
    ["DELETE\u2060/repos/o/r", URL_START], // word joiner
    ["DELETE\u180e/repos/o/r", URL_START],
    ["DELETE\u3164/repos/o/r", URL_START], // Hangul filler: no space to Unicode, blank on screen
    ["DELETE\u2800/repos/o/r", URL_START], // Braille blank
    ["DELETE\x1f/repos/o/r", URL_START], // a control Python's split() takes for a space
    ["GET \u00a0/x", URL_START], // two parts, the url's own start
    ["DELETE\u{E0020}/x", URL_START],
    ["GET caf\u00e9", URL_START],
    ["POST\u00a0?x", URL_START],
  ])("%j is an EndpointError (%s)", (route, problem) => {
    const e = errorOf(() => endpoint(route))
    expect(e.path).toBe("route")
    expect(e.message).toContain(problem)
  })
})

describe("§6 parse", () => {
  test("url is required", () => {
    expect(errorOf(() => endpoint({ method: "GET" })).message).toBe("url: required, got nothing")
    expect(errorOf(() => endpoint({ url: 5 } as never)).message).toBe("url: expected a string, got number")
    expect(errorOf(() => endpoint.parse({ method: "GET" })).path).toBe("url")
  })
  test(":name placeholders become {name}; ports stay", () => {
    expect(endpoint("GET /repos/:owner/:repo", { owner: "o", repo: "r" }).url).toBe("https://api.github.com/repos/o/r")
    expect(endpoint("GET https://host:8080/x/:id", { id: 7 }).url).toBe("https://host:8080/x/7")
  })
  test("expansion is RFC 6570; bigint expands as decimal; null is undefined", () => {
    expect(endpoint("GET /x/{id}{?q,page}", { id: 12345678901234567890n, q: null, page: 2 }).url).toBe(
      "https://api.github.com/x/12345678901234567890?page=2",
    )
  })
  test("a required parameter must have a value (SPEC 6.3): missing, undefined, null, [], {} or a list of nulls is none", () => {
    // (the compile-time types refuse these calls too: a route typed as string does not know its names)
    const endpoint = (route: string, options?: object) => base(route, options as never)
    // DELETE /repos/{owner}/{repo} without repo would otherwise send DELETE /repos/owner/
    expect(errorOf(() => endpoint("DELETE /repos/{owner}/{repo}", { owner: "o" })).message).toBe("missing parameter: repo")
    const both = errorOf(() => endpoint("DELETE /repos/{owner}/{repo}"))
    expect([both.path, both.message]).toEqual(["", "missing parameters: owner, repo"])
    for (const none of [undefined, null, [], {}, [null, undefined]]) {
      expect(errorOf(() => endpoint("GET /x/{a}", { a: none })).message).toBe("missing parameter: a")
    }
    // :name and {+name} are required too, and each name of a {a,b} expression
    expect(errorOf(() => endpoint("GET /orgs/:org/repos")).message).toBe("missing parameter: org")
    expect(errorOf(() => endpoint("GET /x/{+path}")).message).toBe("missing parameter: path")
    expect(errorOf(() => endpoint("GET /x/{a,b}", { a: 1 })).message).toBe("missing parameter: b")
    // a required name given by the defaults is given
    expect(base.defaults({ owner: "o" })("GET /repos/{owner}/{repo}", { repo: "r" }).url).toBe("https://api.github.com/repos/o/r")
  })
  test('"" is a value, and expressions with an operator stay optional', () => {
    // GitHub's contents/{path} with path "" lists the root
    expect(endpoint("GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "" }).url).toBe(
      "https://api.github.com/repos/o/r/contents/",
    )
    expect(endpoint("GET /x{/a}{?b}{.c}{;d}{&e}{#f}").url).toBe("https://api.github.com/x")
    expect(endpoint("GET /x{/a}{?b}", { a: null, b: [] }).url).toBe("https://api.github.com/x")
  })
  test('the strict "rfc6570" mode has no required parameters; the route mode has', () => {
    const strict = orThrow(Template.parse("/x/{a}", "rfc6570"))
    expect(Template.expand({})(strict)).toEqual(E.right("/x/"))
    const route = Template.expand({})(orThrow(Template.parse("/x/{a}", "route")))
    expect(E.isLeft(route) && route.left.message).toBe("missing parameter: a")
  })
  test("malformed templates are EndpointErrors naming template and position", () => {
    const e = errorOf(() => endpoint("GET /repos/{owner"))
    expect(e.path).toBe("url")
    expect(e.message).toContain("/repos/{owner")
    expect(e.message).toContain("position 7")
    expect(errorOf(() => endpoint("GET /x}")).message).toContain("position 2")
    expect(errorOf(() => endpoint("GET /x/{}")).message).toContain("empty expression")
    expect(errorOf(() => endpoint("GET /x/{!a}")).message).toContain("reserved")
  })
  test("consumed parameters are neither query nor body", () => {
    expect(endpoint("GET /orgs/{org}/repos", { org: "o", type: "all" }).url).toBe(
      "https://api.github.com/orgs/o/repos?type=all",
    )
    const r = endpoint("POST /repos/{owner}/{repo}/issues{?x}", { owner: "o", repo: "r", x: 1, title: "t" })
    expect(r.url).toBe("https://api.github.com/repos/o/r/issues?x=1")
    expect(r.body).toEqual({ title: "t" })
  })
  test("base url seam: slashes collapse; a url with a scheme is used as it is; no trailing slash added", () => {
    expect(endpoint("GET /x", { baseUrl: "https://h/api/" }).url).toBe("https://h/api/x")
    expect(endpoint("GET /x/", { baseUrl: "https://h/api" }).url).toBe("https://h/api/x/")
    expect(endpoint("GET https://other/x", { baseUrl: "https://h/api" }).url).toBe("https://other/x")
    expect(endpoint({ url: "x", baseUrl: "https://h/" }).url).toBe("https://h/x") // options' url: no route
    expect(endpoint({ url: "x", baseUrl: "https://h/api" }).url).toBe("https://h/api/x")
    expect(endpoint({ url: "/x", baseUrl: "" }).url).toBe("/x") // no base: the url as it is
  })
  test("the url is judged after expansion (SPEC 6.11): a value never changes the origin the base url or the template writes", () => {
    // joined to the base url: the origin cannot change, a value's "//" is encoded or stays in the path
    expect(endpoint("GET /{a}", { a: "//evil.example/x" }).url).toBe("https://api.github.com/%2F%2Fevil.example%2Fx")
    expect(endpoint("GET /{+a}", { a: "/evil.example/x" }).url).toBe("https://api.github.com//evil.example/x")
    // text that writes the origin keeps it: an error naming the value
    const path = errorOf(() => endpoint("GET https://api.github.com{+path}", { path: "@evil.example/x" }))
    expect(path.message).toBe("path: only a simple {name} that writes something may stand in the url's scheme or host")
    expect(endpoint("GET https://api.github.com{+path}", { path: "/user" }).url).toBe("https://api.github.com/user")
    // the template's first part hands the origin to its value on purpose
    expect(endpoint("GET {+origin}/x", { origin: "https://ghe.example" }).url).toBe("https://ghe.example/x")
    // a simple {name} may write a host, when it writes something
    expect(endpoint("GET https://{host}/x", { host: "h.example" }).url).toBe("https://h.example/x")
    expect(errorOf(() => endpoint("GET https://{host}/x", { host: "" })).path).toBe("host")
    expect(errorOf(() => endpoint("GET https://{+host}/x", { host: "h.example" })).path).toBe("host")
    expect(endpoint("GET https://h.example:{port}/x", { port: 8080 }).url).toBe("https://h.example:8080/x")
    expect(errorOf(() => endpoint("GET https://h.example:{port}/x", { port: "1@evil.example" })).path).toBe("port")
    // with no base url, a value may not make the url start with "//"
    expect(errorOf(() => endpoint({ url: "/{+p}", baseUrl: "", p: "/evil.example" })).path).toBe("p")
  })
  test("a value that makes a . or .. path segment is an EndpointError naming it; the template's own dot segments stay", () => {
    const DOT = 'a value cannot make a path segment "." or ".." (URL parsers would move the request)'
    for (const [route, value] of [["GET /repos/{owner}/x", ".."], ["GET /repos/{owner}/x", "."], ["GET /repos/{+owner}/x", "%2e%2E"], ["GET /x{/owner}", ".."], ["GET /repos/.{owner}/x", ""]] as const) {
      expect([route, value, errorOf(() => endpoint(route, { owner: value })).message]).toEqual([route, value, `owner: ${DOT}`])
    }
    expect(endpoint("GET /a/../b").url).toBe("https://api.github.com/a/../b")
    expect(endpoint("GET /repos/{owner}/x", { owner: "..." }).url).toBe("https://api.github.com/repos/.../x")
    expect(endpoint("GET /repos/{owner}/x", { owner: "a.b" }).url).toBe("https://api.github.com/repos/a.b/x")
    expect(endpoint("GET /x", { q: ".." }).url).toBe("https://api.github.com/x?q=..") // the query is no path
  })
  test("GET query: encoding, key order, null omitted, q keeps +, [] repeats, arrays join with ,", () => {
    const r = endpoint("GET /search/issues", {
      q: "is:open+label:bug",
      sort: "created",
      skip: null,
      "fields[]": [1, 2],
      labels: ["a b", "c"],
      flag: true,
      big: 10n,
    })
    expect(r.url).toBe(
      "https://api.github.com/search/issues?q=is%3Aopen+label%3Abug&sort=created&fields%5B%5D=1&fields%5B%5D=2&labels=a%20b%2Cc&flag=true&big=10",
    )
  })
  test("HEAD also sends a query", () => {
    expect(endpoint("HEAD /x", { a: 1 }).url).toBe("https://api.github.com/x?a=1")
  })
  test("an existing query gets &; a fragment stays last", () => {
    expect(endpoint("GET /x?a=1", { b: 2 }).url).toBe("https://api.github.com/x?a=1&b=2")
    expect(endpoint("GET /x#frag", { b: 2 }).url).toBe("https://api.github.com/x?b=2#frag")
    expect(endpoint("GET /x?a=1#frag", { b: 2 }).url).toBe("https://api.github.com/x?a=1&b=2#frag")
  })
  test("a ? or # written by an expansion or by baseUrl is seen before the query is appended", () => {
    // the template alone cannot tell: the values (+ and #) or the operator (? and &) can write them
    expect(endpoint("GET /x/{+rest}", { rest: "y?a=1", b: 2 }).url).toBe("https://api.github.com/x/y?a=1&b=2")
    expect(endpoint("GET /x{#frag}", { frag: "top", b: 2 }).url).toBe("https://api.github.com/x?b=2#top")
    expect(endpoint("GET /x{?a}", { a: 1, b: 2 }).url).toBe("https://api.github.com/x?a=1&b=2")
    expect(endpoint("GET /x?v=1{&a}", { a: 1, b: 2 }).url).toBe("https://api.github.com/x?v=1&a=1&b=2")
    // an encoded "?" is no query
    expect(endpoint("GET /x%3F/{id}", { id: "a?b", b: 2 }).url).toBe("https://api.github.com/x%3F/a%3Fb?b=2")
    // a baseUrl with a query or a fragment is refused, from the caller and in defaults
    expect(errorOf(() => endpoint("GET /x", { baseUrl: "https://h/api?v=1", b: 2 })).path).toBe("baseUrl")
    expect(errorOf(() => endpoint.defaults({ baseUrl: "https://h/api#f" })).path).toBe("baseUrl")
  })
  test("a plain object or a function as a query value is an EndpointError naming the parameter", () => {
    expect(errorOf(() => endpoint("GET /x", { filter: { a: 1 } })).path).toBe("filter")
    expect(errorOf(() => endpoint("GET /x", { cb: () => 1 })).path).toBe("cb")
  })
  test("other methods: remaining parameters form the body, null kept", () => {
    const r = endpoint("PATCH /x", { a: null, b: [1], c: { d: 1 } })
    expect(r.body).toEqual({ a: null, b: [1], c: { d: 1 } })
    expect(r.headers["content-type"]).toBe(JSON_CT)
  })
  test("a body of many parameters keeps their keys, order and values; reserved keys, variables and symbols are never in it", () => {
    const many: Record<string | symbol, unknown> = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, i]))
    many.owner = "o" // a template variable
    many.headers = { "x-a": "1" } // reserved keys
    many.mediaType = { previews: ["x"] }
    many[Symbol("hidden")] = 1 // never sent
    const r = endpoint("POST /repos/{owner}", many as never)
    expect(Object.keys(r.body as object)).toEqual(Array.from({ length: 100 }, (_, i) => `p${i}`))
    expect(Object.getOwnPropertySymbols(r.body)).toEqual([])
    expect((r.body as Record<string, unknown>).p99).toBe(99)
    expect(r.url).toBe("https://api.github.com/repos/o")
    // when every parameter is a template variable, there is no body
    const names = Array.from({ length: 100 }, (_, i) => `v${i}`)
    const onlyVariables = endpoint(`POST /x/${names.map((n) => `{${n}}`).join("/")}`, Object.fromEntries(names.map((n) => [n, 1])))
    expect(onlyVariables.body).toBeUndefined()
    expect(onlyVariables.headers["content-type"]).toBeUndefined()
    // parameters in the defaults are merged in front as usual
    const withDefault = endpoint.defaults({ first: 0 })("POST /x", Object.fromEntries(names.map((n) => [n, 1])))
    expect(Object.keys(withDefault.body as object)).toEqual(["first", ...names])
  })
  test("many headers of the caller's keep their order after the defaults' ones; a default overridden stays in place", () => {
    const many: Record<string, unknown> = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`X-H${i}`, `${i}`]))
    many["User-Agent"] = "mine" // overrides a default in place
    many["x-null"] = null // dropped
    const e = endpoint.defaults({ headers: { "x-first": "0" } })
    const r = e("POST /x", { a: 1, headers: many as never })
    const names = Array.from({ length: 100 }, (_, i) => `x-h${i}`)
    expect(Object.keys(r.headers)).toEqual(["accept", "user-agent", "x-first", ...names, "content-type"])
    expect(r.headers["user-agent"]).toBe("mine")
    expect(r.headers["x-h99"]).toBe("99")
    expect(Object.getPrototypeOf(r.headers)).toBe(Object.prototype)
    // the same as a small set gives, key for key
    const few = e("POST /x", { a: 1, headers: { "X-H1": "1", "User-Agent": "mine" } })
    expect(Object.keys(few.headers)).toEqual(["accept", "user-agent", "x-first", "x-h1", "content-type"])
  })
  test("data is the body; other remaining parameters are not sent", () => {
    const r = endpoint("POST /markdown/raw", { data: "# hi", extra: 1, headers: { "content-type": "text/plain" } })
    expect(r.body).toBe("# hi")
    expect(r.url).toBe("https://api.github.com/markdown/raw")
    expect(r.headers["content-type"]).toBe("text/plain")
  })
  test("no body key when nothing remains; GET never has a body", () => {
    expect("body" in endpoint("DELETE /x")).toBe(false)
    expect("content-type" in endpoint("DELETE /x").headers).toBe(false)
    expect("body" in endpoint("GET /x", { data: "ignored" })).toBe(false)
  })
  test("content-type defaults only when there is a body and no content-type", () => {
    expect(endpoint("PUT /x", { a: 1 }).headers["content-type"]).toBe(JSON_CT)
    expect(endpoint("PUT /x", { a: 1, headers: { "Content-Type": "text/csv" } }).headers["content-type"]).toBe("text/csv")
  })
  test("mediaType.format rewrites vendor entries of accept", () => {
    expect(endpoint("GET /x", { mediaType: { format: "raw" } }).headers.accept).toBe("application/vnd.github.v3.raw")
    expect(endpoint("GET /x", { mediaType: { format: "diff" } }).headers.accept).toBe("application/vnd.github.v3.diff")
    expect(endpoint("GET /x", { mediaType: { format: "text+json" } }).headers.accept).toBe(
      "application/vnd.github.v3.text+json",
    )
    expect(
      endpoint("GET /x", {
        headers: { accept: "application/vnd.github.v3.html+json, text/plain,application/vnd.foo" },
        mediaType: { format: "raw" },
      }).headers.accept,
    ).toBe("application/vnd.github.v3.raw, text/plain,application/vnd.foo.raw")
  })
  test("mediaType.previews replace accept: previews already named, then the new ones, format suffix", () => {
    expect(endpoint("GET /x", { mediaType: { previews: ["symmetra"] } }).headers.accept).toBe(
      "application/vnd.github.symmetra-preview+json",
    )
    expect(
      endpoint("GET /x", {
        headers: { accept: "application/vnd.github.mercy-preview+json" },
        mediaType: { previews: ["symmetra", "mercy"], format: "raw" },
      }).headers.accept,
    ).toBe("application/vnd.github.mercy-preview.raw,application/vnd.github.symmetra-preview.raw")
  })
  test("only a word that ends in -preview names a preview already in accept", () => {
    const accept = "application/vnd.github.my-previewer+json,application/vnd.github.x-preview-y+json,application/vnd.github.mercy-preview+json"
    expect(endpoint("GET /x", { headers: { accept }, mediaType: { previews: ["z"] } }).headers.accept).toBe(
      "application/vnd.github.mercy-preview+json,application/vnd.github.z-preview+json",
    )
    // in any case, as media types are read: a name is kept once, as first spelled
    expect(endpoint("GET /x", { headers: { accept: "application/vnd.github.Mercy-Preview+json" }, mediaType: { previews: ["z", "mercy"] } }).headers.accept).toBe(
      "application/vnd.github.Mercy-preview+json,application/vnd.github.z-preview+json",
    )
    expect(endpoint("GET /x", { mediaType: { previews: ["Mercy-Preview", "mercy"] } }).headers.accept).toBe("application/vnd.github.Mercy-preview+json")
    // a name in accept loses every trailing -preview, as a given one does, and is then kept once
    expect(endpoint("GET /x", { headers: { accept: "application/vnd.github.a-preview-preview+json" }, mediaType: { previews: ["a"] } }).headers.accept).toBe(
      "application/vnd.github.a-preview+json",
    )
  })
  test("a format is refused only when the accept it builds would be longer than the limit", () => {
    const max = Parse.MAX_HEADER_LENGTH
    // "application/vnd.github.v3." and the format: exactly the limit, then one more
    expect(endpoint("GET /x", { mediaType: { format: "f".repeat(max - 26) } }).headers.accept).toBe("application/vnd.github.v3." + "f".repeat(max - 26))
    expect(errorOf(() => endpoint("GET /x", { mediaType: { format: "f".repeat(max - 25) } })).path).toBe("headers.accept")
    // an accept near the limit with no vendor type is not changed by a format
    const accept = "text/html," + "x".repeat(max - 20)
    expect(endpoint("GET /x", { headers: { accept }, mediaType: { format: "raw" } }).headers.accept).toBe(accept)
    // previews replace the whole value: the result is short
    expect(endpoint("GET /x", { headers: { accept }, mediaType: { format: "raw", previews: ["a"] } }).headers.accept).toBe("application/vnd.github.a-preview.raw")
  })
  test("an octet-stream accept is left alone, in any case (media types are case-insensitive)", () => {
    for (const accept of ["application/octet-stream", "Application/Octet-Stream"]) {
      expect(endpoint("GET /x", { headers: { accept }, mediaType: { format: "raw", previews: ["a"] } }).headers.accept).toBe(accept)
    }
  })
  test("a vendor media type in another case takes the format too", () => {
    expect(endpoint("GET /x", { headers: { accept: "Application/VND.GitHub.V3+JSON" }, mediaType: { format: "raw" } }).headers.accept).toBe(
      "Application/VND.GitHub.V3.raw",
    )
  })
  test("two keys for one header in one headers object are an EndpointError: one value would be lost", () => {
    const e = errorOf(() => endpoint("GET /x", { headers: { Authorization: "token a", authorization: "token b" } }))
    expect(e.message).toBe("headers.authorization: names a header another key names: one value would be lost")
    expect(endpoint("GET /x", { headers: { A: undefined, a: "1" } }).headers.a).toBe("1") // undefined is no value
    // across objects, a later one overrides: defaults, then options
    expect(endpoint.defaults({ headers: { "X-A": "1" } })("GET /x", { headers: { "x-a": "2" } }).headers["x-a"]).toBe("2")
  })
  test("result: lowercase method, lowercase header names, authorization unchanged, request with the caller's members", () => {
    const signal = new AbortController().signal
    const retries = { limit: 2 }
    const request = { timeout: 1, signal, retries }
    const r = endpoint("POST /x", { headers: { Authorization: "token 0000" }, request })
    expect(r.method).toBe("post")
    expect(r.headers.authorization).toBe("token 0000")
    // request is read once at the boundary, one level deep: its members are the caller's, by reference
    expect(r.request).toStrictEqual(request)
    expect([r.request?.signal, r.request?.retries]).toEqual([signal, retries])
    expect(r.request?.retries).toBe(retries)
    expect(Object.keys(r)).toEqual(["method", "url", "headers", "request"])
    expect("request" in endpoint("GET /x")).toBe(false)
  })
  test("endpoint(route, options) equals parse(merge(route, options))", () => {
    const route = "POST /repos/{owner}/{repo}/issues"
    const options = { owner: "o", repo: "r", title: "t", mediaType: { previews: ["x"] } }
    expect(endpoint(route, options)).toEqual(endpoint.parse(endpoint.merge(route, options)))
  })
  test("parse reads no defaults", () => {
    expect(endpoint.parse({ method: "GET", url: "/x", a: 1 })).toEqual({ method: "get", url: "/x?a=1", headers: {} })
  })
})

describe("§7 errors", () => {
  test("EndpointError is an Error with name EndpointError and a field path", () => {
    const e = errorOf(() => endpoint("GET /x", { headers: { accept: {} as never } }))
    expect(e).toBeInstanceOf(Error)
    expect(e.name).toBe("EndpointError")
    expect(e.message).toBe("headers.accept: expected a string or a finite number, got object")
  })
  test.each<[string, unknown, string]>([
    ["non-object options", [1], "options: expected a plain object, got array"],
    ["non-string method", { url: "/x", method: 1 }, "method: expected a string, got number"],
    ["non-token method", { url: "/x", method: "GE T" }, 'method: "GE T" is not an HTTP method token'],
    ["non-string baseUrl", { url: "/x", baseUrl: null }, "baseUrl: expected a string, got null"],
    ["non-string format", { url: "/x", mediaType: { format: 1 } }, "mediaType.format: expected a string, got number"],
    ["an unknown key of mediaType", { url: "/x", mediaType: { formats: "raw" } }, "mediaType.formats: unknown key (expected format or previews)"],
    ["headers not a plain object", { url: "/x", headers: new Map() }, "headers: expected a plain object, got Map"],
    ["request not a plain object", { url: "/x", request: [1] }, "request: expected a plain object, got array"],
    ["header name not a token", { url: "/x", headers: { "a b": "1" } }, 'headers["a b"]: not an RFC 9110 token'],
    ["header value an array", { url: "/x", headers: { a: ["1"] } }, "headers.a: expected a string or a finite number, got array"],
    ["header value NaN", { url: "/x", headers: { a: Number.NaN } }, "headers.a: expected a string or a finite number, got NaN"],
    ["header value with CR LF", { url: "/x", headers: { a: "1\r\nx: y" } }, "headers.a: a header value cannot hold CR, LF or NUL"],
    ["header value with NUL", { url: "/x", headers: { a: "1\u0000" } }, "headers.a: a header value cannot hold CR, LF or NUL"],
    ["previews not an array", { url: "/x", mediaType: { previews: "a" } }, "mediaType.previews: expected an array of strings, got string"],
    ["previews with a number", { url: "/x", mediaType: { previews: ["a", 1] } }, "mediaType.previews[1]: expected a string, got number"],
    ["baseURL, axios' spelling", { url: "/x", baseURL: "https://h" }, "baseURL: the option is spelt baseUrl; as a parameter this would go to the query or the body"],
    ["lone surrogate in a path value", { url: "/x/{a}", a: "\ud800" }, "a: a lone surrogate cannot be percent-encoded"],
    ["lone surrogate in a query value", { url: "/x", a: "\udc00" }, "a: a lone surrogate cannot be percent-encoded"],
  ])("%s", (_name, options, message) => {
    expect(errorOf(() => endpoint(options as object)).message).toBe(message)
  })
  test("a header error names the key as the caller wrote it, the value over the limit as any other", () => {
    const long = "v".repeat(Parse.MAX_HEADER_LENGTH + 1)
    for (const name of ["x.y", "x*y"]) {
      const named = errorOf(() => endpoint("GET /x", { headers: { [name]: {} as never } })).path
      expect(named).toBe(`headers[${JSON.stringify(name)}]`)
      expect(errorOf(() => endpoint("GET /x", { headers: { [name]: long } })).path).toBe(named)
    }
    expect(errorOf(() => endpoint("GET /x", { headers: { "X-Big": long } })).message).toBe(
      `headers.X-Big: longer than ${Parse.MAX_HEADER_LENGTH} characters`,
    )
    expect(errorOf(() => endpoint("GET /x", { headers: { Accept: {} as never } })).path).toBe("headers.Accept")
  })
  test("the Either API returns failures as values", () => {
    const result = endpoint.either("GET /x", { headers: { a: {} as never } })
    expect(result._tag).toBe("Left")
    expect(endpoint.either("GET /x")._tag).toBe("Right")
  })
})

describe("the seed's examples", () => {
  test("GET /orgs/{org}/repos with org and type", () => {
    expect(endpoint("GET /orgs/{org}/repos", { org: "octokit", type: "private" })).toEqual({
      method: "get",
      url: "https://api.github.com/orgs/octokit/repos?type=private",
      headers: DEFAULT_HEADERS,
    })
  })
  test("defaults with a base url, a user-agent, an org and per_page; authorization passes through", () => {
    const myProjectEndpoint = endpoint.defaults({
      baseUrl: "https://github-enterprise.acme-inc.com/api/v3",
      headers: { "user-agent": "myApp/1.2.3" },
      org: "my-project",
      per_page: 100,
    })
    expect(myProjectEndpoint.DEFAULTS.baseUrl).toBe("https://github-enterprise.acme-inc.com/api/v3")
    expect(
      myProjectEndpoint("GET /orgs/{org}/repos", { headers: { authorization: "token 0000" }, type: "private" }),
    ).toEqual({
      method: "get",
      url: "https://github-enterprise.acme-inc.com/api/v3/orgs/my-project/repos?per_page=100&type=private",
      headers: { accept: DEFAULT_HEADERS.accept, "user-agent": "myApp/1.2.3", authorization: "token 0000" },
    })
  })
  test("an upload: query from the template, data as the body, caller headers passed through", () => {
    expect(
      endpoint("POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}", {
        headers: { "content-type": "text/plain", "content-length": 14, authorization: "token 0000" },
        data: "Hello, world!\n",
        owner: "octocat",
        repo: "hello-world",
        release_id: 123,
        name: "example.txt",
        label: "Example Text File",
      }),
    ).toEqual({
      method: "post",
      url: "https://uploads.github.com/repos/octocat/hello-world/releases/123/assets?name=example.txt&label=Example%20Text%20File",
      headers: {
        ...DEFAULT_HEADERS,
        "content-type": "text/plain",
        "content-length": 14,
        authorization: "token 0000",
      },
      body: "Hello, world!\n",
    })
  })
  test("merge on a :org url keeps the placeholder", () => {
    expect(endpoint.merge("GET /orgs/:org/repos", { org: "octokit" }).url).toBe("/orgs/:org/repos")
  })
})

describe("§8 public API", () => {
  test("the names of SPEC §8 compose as it writes them: Options.decode, Merge.merge, Parse.parse, Route.parse, Options.Monoid", async () => {
    const { Merge, Parse } = await import("../src/index.js")
    const defaults = Options.decode(endpoint.DEFAULTS)
    if (defaults._tag === "Left") throw defaults.left
    const merged = Merge.merge(Options.Monoid.concat(defaults.right, Options.Monoid.empty), "GET /orgs/{org}/repos", { org: "octokit" })
    if (merged._tag === "Left") throw merged.left
    expect(Parse.parse(merged.right)).toEqual({ _tag: "Right", right: endpoint("GET /orgs/{org}/repos", { org: "octokit" }) })
    expect(Route.parse("POST /x")).toEqual({ _tag: "Right", right: { method: "POST", url: "/x" } })
    expect(Options.decode({ headers: { accept: 1n } })).toMatchObject({ _tag: "Left", left: { path: "headers.accept" } })
  })
})
