// Example tests, one group per section of SPEC.md (§2 to §7), plus the seed's examples.
import { readFileSync } from "node:fs"
import { describe, expect, test } from "vitest"
import { endpoint, EndpointError, Merge, Options, Parse, Request, Route } from "../src/index.js"
import { errorOf, mergeDefaults } from "./helpers.js"

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
    expect(Options.fieldCodecs.mediaType.is({ format: undefined, previews: ["a-preview"] })).toBe(false) // not normal
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
      `mediaType.previews[0]: expected a name of letters, digits, _ and -, as it is written into the accept header and read back from it, got "a,text/html"`,
    )
    expect(problem({ previews: ["ok", "-preview"] })).toMatch(/^mediaType\.previews\[1\]: expected a name before /) // names no preview
    expect(problem({ format: "raw, text/html" })).toBe(
      `mediaType.format: expected "" or an RFC 9110 token (letters, digits and !#$%&'*+-.^_\`|~), as it is written into the accept header, got "raw, text/html"`,
    )
    expect(problem({ format: "star+json", previews: ["squirrel-girl"] })).toBe("application/vnd.github.squirrel-girl-preview.star+json")
    expect(problem({ format: "" })).toBe("application/vnd.github.v3+json")
  })
  test("a preview name is letters, digits, _ and -: the accept header it writes names that preview again, and no other", () => {
    const accept = (mediaType: object, headers: object = {}) => {
      const e = endpoint.either("GET /x", { mediaType, headers })
      return e._tag === "Left" ? e.left.message : e.right.headers.accept
    }
    // "a.b" would be written as application/vnd.github.a.b-preview+json, which names the preview "b" when read back
    expect(accept({ previews: ["a.b"] })).toBe(
      `mediaType.previews[0]: expected a name of letters, digits, _ and -, as it is written into the accept header and read back from it, got "a.b"`,
    )
    expect(accept({ previews: ["ok", "x+y-preview"] })).toMatch(/^mediaType\.previews\[1\]: expected a name of letters, /)
    // "-preview" is letters and "-": what it lacks is a name, which the message says rather than a rule the value keeps
    expect(accept({ previews: ["-Preview-preview"] })).toBe(
      `mediaType.previews[0]: expected a name before "-preview" (alone, it names no preview), got "-Preview-preview"`,
    )
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
      `mediaType.format: expected a format that names no preview (as x-preview would), as the accept header it is written into is read for previews, got "x-preview"`,
    )
    expect(accept({ format: "raw.Y-Preview" })).toMatch(/^mediaType\.format: expected a format that names no preview/)
    expect(accept({ format: "preview", previews: ["a"] })).toBe("application/vnd.github.a-preview.preview")
    expect(accept({ format: "x-previewer", previews: ["a"] })).toBe("application/vnd.github.a-preview.x-previewer")
  })
  test("decoding is the inverse of encoding: decode(encode(o)) is o", () => {
    const decoded = Options.decode({ url: "/x", mediaType: { previews: ["a-preview-preview"], format: "raw" }, headers: { "X-A": null }, p: 1 })
    expect(decoded._tag).toBe("Right")
    const o = (decoded as { right: Options.Options }).right
    expect(Options.decode(Options.encode(o))).toEqual({ _tag: "Right", right: o })
  })
  test("a JSON.parse'd __proto__ key is an ordinary parameter and pollutes nothing", () => {
    const options = JSON.parse('{"url":"/x","method":"POST","__proto__":{"polluted":1}}')
    const r = endpoint(options)
    expect(Object.prototype.hasOwnProperty.call(r.body, "__proto__")).toBe(true)
    expect(Object.getPrototypeOf(r.body)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe("the io-ts boundary", () => {
  test("Options.decode runs the io-ts codec; the failure's context path names the field", () => {
    const decoded = Options.decode({ headers: { accept: {} } })
    expect(decoded._tag).toBe("Left")
    const error = (decoded as { left: EndpointError }).left
    expect(error).toBeInstanceOf(EndpointError)
    expect(error.path).toBe("headers.accept")
    const viaCodec = Options.Codec.decode({ headers: { accept: {} } })
    expect(viaCodec._tag === "Left" && Options.toError(viaCodec.left).message).toBe("headers.accept: expected string or number, got object")
    expect(Options.Codec.decode({ headers: { "X-A": "1" } })).toEqual({ _tag: "Right", right: { ...Options.empty, headers: { "x-a": "1" } } })
  })
  test("Options.Codec.is means already normal", () => {
    expect(Options.Codec.is({ ...Options.empty, url: "/x" })).toBe(true)
    expect(Options.Codec.is({ ...Options.empty, headers: { Accept: "x" } })).toBe(false)
    expect(Options.Codec.is({ url: "/x" })).toBe(false) // flat options are input, not the model
    expect(Options.fieldCodecs.headers.is({ Accept: "x" })).toBe(false)
    expect(Options.fieldCodecs.headers.is({ accept: "x" })).toBe(true)
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
    const merged = mergeDefaults({ method: "POST" })
    expect(merged._tag === "Left" && merged.left.message).toBe("url: required, got nothing")
    const draft = Request.merged(Request.fromOptions({ page: 2 }))
    expect(draft._tag === "Left" && draft.left.message).toBe("url: required, got nothing")
    const check = Merge.hasUrl(Options.empty)
    expect(check._tag === "Left" && check.left.message).toBe("url: required, got nothing")
    expect(Merge.hasUrl({ ...Options.empty, url: "/x" })).toEqual({ _tag: "Right", right: { ...Options.empty, url: "/x" } })
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
  test("request and plain-object parameters merge deeply, b winning; arrays and class instances are taken by reference", () => {
    class Agent {}
    const agent = new Agent()
    const labels = ["x"]
    const e = endpoint.defaults({ request: { retries: { limit: 3, delay: 1 }, timeout: 5 }, config: { content_type: "json", n: { p: 1 } }, labels: ["d"] })
    const r = e("POST /x", { request: { retries: { limit: 5 }, agent }, config: { url: "https://h.test/hook", n: { q: 2 } }, labels })
    expect(r.request).toStrictEqual({ retries: { limit: 5, delay: 1 }, timeout: 5, agent })
    expect((r.request as { agent: unknown }).agent).toBe(agent)
    expect(r.body).toStrictEqual({ config: { content_type: "json", n: { p: 1, q: 2 }, url: "https://h.test/hook" }, labels })
    expect((r.body as { labels: unknown }).labels).toBe(labels) // an array is replaced whole, by reference
    // the same as @octokit/endpoint's deep merge
    expect(e.merge("POST /x", { config: { n: { q: 2 } } }).config).toStrictEqual({ content_type: "json", n: { p: 1, q: 2 } })
    // a value that is not a plain object on either side: b wins whole
    expect(endpoint.defaults({ f: { a: 1 } })("POST /x", { f: 5 }).body).toStrictEqual({ f: 5 })
    expect(endpoint.defaults({ f: [1] })("POST /x", { f: { a: 1 } }).body).toEqual({ f: { a: 1 } })
  })
  test("cascading is grouping-free: an object after a number after an object is the last object, and replaces from then on", () => {
    const e = endpoint.defaults({ filter: { a: 1 } }).defaults({ filter: 5 }).defaults({ filter: { b: 2 } })
    expect(e.DEFAULTS.filter).toEqual({ b: 2 })
    const decoded = (u: object) => (Options.decode(u) as { right: Options.Options }).right
    const grouped = endpoint.defaults({ filter: { a: 1 } }).defaults(Options.encode(Options.concat(decoded({ filter: 5 }), decoded({ filter: { b: 2 } }))))
    expect(grouped.DEFAULTS.filter).toEqual({ b: 2 })
    // the object that replaced 5 replaces an object before it too, and later objects merge into it
    expect(e("POST /x", { filter: { c: 3 } }).body).toEqual({ filter: { b: 2, c: 3 } })
    expect(grouped("POST /x", { filter: { c: 3 } }).body).toEqual(e("POST /x", { filter: { c: 3 } }).body)
    expect(JSON.stringify(grouped.DEFAULTS)).toBe(JSON.stringify(e.DEFAULTS)) // to JSON it is a plain object
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
    expect(endpoint("GET user?q=caf\u00e9").url).toBe(endpoint("GET /user?q=caf\u00e9").url) // a query is the url's, "/" or not
  })
  test("a single token is a url with method GET", () => {
    expect(endpoint("/user").method).toBe("get")
    expect(endpoint("https://example.com/x").url).toBe("https://example.com/x")
  })
  test("any token method works", () => {
    expect(endpoint("PROPFIND /dav/x").method).toBe("propfind")
  })
  test.each([
    ["", "empty route"],
    ["   ", "empty route"],
    ["GET /x extra", "more than two parts"],
    ["G(ET /x", "not an HTTP method token"],
    // before the url's first "/", a pasted invisible or space character would glue the method to the url, sent with GET
    ["POST\u00a0/x", 'U+00A0 at index 4, before the url\'s first "/", "?" or "#", is not printable ASCII'],
    ["DELETE\u2003/repos/o/r", "U+2003 at index 6"],
    ["\ufeffGET /x", "U+FEFF at index 0"],
    ["POST\u0085/x", "U+0085 at index 4"], // NEL, which \s leaves out
    ["DELETE\u200b/repos/o/r", "U+200B at index 6"], // zero-width space
    ["DELETE\u2060/repos/o/r", "U+2060 at index 6"], // word joiner
    ["DELETE\u180e/repos/o/r", "U+180E at index 6"],
    ["DELETE\u3164/repos/o/r", "U+3164 at index 6"], // Hangul filler: no space to Unicode, blank on screen
    ["DELETE\u2800/repos/o/r", "U+2800 at index 6"], // Braille blank
    ["DELETE\x1f/repos/o/r", "U+001F at index 6"], // a control Python's split() takes for a space
    ["GET \u00a0/x", "U+00A0 at index 4"], // two parts, the url's own start
    ["DELETE\u{E0020}/x", "U+E0020 at index 6"], // astral: the whole code point is named
    ["GET caf\u00e9", "U+00E9 at index 7"], // a url with no "/", "?" or "#" is all before it
    ["POST\u00a0?x", "U+00A0 at index 4"],
  ])("%j is an EndpointError (%s)", (route, problem) => {
    const e = errorOf(() => endpoint(route))
    expect(e.path).toBe("route")
    expect(e.message).toContain(problem)
  })
})

describe("§6 parse", () => {
  test("url is required", () => {
    expect(errorOf(() => endpoint({ method: "GET" })).message).toBe("url: required, got nothing")
    expect(errorOf(() => endpoint({ url: 5 })).message).toBe("url: expected string, got number")
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
    expect(endpoint("GET x", { baseUrl: "https://h/" }).url).toBe("https://h/x")
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
  test("a body of many parameters (copied whole) has the same keys, order and values as a small one", () => {
    // past 64 parameters the body is a copy of the caller's options, stripped: the same rules must hold
    const many: Record<string | symbol, unknown> = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, i]))
    many.owner = "o" // a template variable
    many.headers = { "x-a": "1" } // reserved keys
    many.mediaType = { previews: ["x"] }
    Object.defineProperty(many, "__proto__", { value: { q: 1 }, enumerable: true }) // ordinary data
    many[Symbol("hidden")] = 1 // never sent
    const r = endpoint("POST /repos/{owner}", many as Record<string, unknown>)
    const expected = [...Array.from({ length: 100 }, (_, i) => `p${i}`), "__proto__"]
    expect(Object.keys(r.body as object)).toEqual(expected)
    expect(Object.getOwnPropertySymbols(r.body)).toEqual([])
    expect((r.body as Record<string, unknown>).p99).toBe(99)
    expect(Object.getOwnPropertyDescriptor(r.body, "__proto__")?.value).toEqual({ q: 1 })
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
  test("many headers of the caller's (merged in dictionary mode) give the same keys, order and values as a few", () => {
    // past 64 headers the merge with the defaults' headers is made key by key into a dictionary-mode object
    const many: Record<string, unknown> = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`X-H${i}`, `${i}`]))
    many["User-Agent"] = "mine" // overrides a default in place
    many["x-null"] = null // dropped, as in a small set
    Object.defineProperty(many, "__proto__", { value: "p", enumerable: true }) // a token: an ordinary header name
    const e = endpoint.defaults({ headers: { "x-first": "0" } })
    const r = e("POST /x", { a: 1, headers: many })
    const names = Array.from({ length: 100 }, (_, i) => `x-h${i}`)
    expect(Object.keys(r.headers)).toEqual(["accept", "user-agent", "x-first", ...names, "__proto__", "content-type"])
    expect(r.headers["user-agent"]).toBe("mine")
    expect(r.headers["x-h99"]).toBe("99")
    expect(Object.getPrototypeOf(r.headers)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(r.headers, "__proto__")?.value).toBe("p")
    // the same as a small set would give, key for key
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
    expect(e.message).toBe('headers.authorization: names the same header as the key "Authorization": one value would be lost')
    expect(endpoint("GET /x", { headers: { A: undefined, a: "1" } }).headers.a).toBe("1") // undefined is no value
    // across objects, a later one overrides: defaults, then options
    expect(endpoint.defaults({ headers: { "X-A": "1" } })("GET /x", { headers: { "x-a": "2" } }).headers["x-a"]).toBe("2")
  })
  test("result: lowercase method, lowercase header names, authorization unchanged, request is that object", () => {
    const request = { timeout: 1 }
    const r = endpoint("POST /x", { headers: { Authorization: "token 0000" }, request })
    expect(r.method).toBe("post")
    expect(r.headers.authorization).toBe("token 0000")
    expect(r.request).toBe(request)
    expect(Object.keys(r)).toEqual(["method", "url", "headers", "request"])
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
    const e = errorOf(() => endpoint("GET /x", { headers: { accept: {} } }))
    expect(e).toBeInstanceOf(Error)
    expect(e.name).toBe("EndpointError")
    expect(e.message).toBe("headers.accept: expected string or number, got object")
  })
  test.each<[string, unknown, string]>([
    ["non-object options", [1], "options: expected a plain object, got array"],
    ["non-string method", { url: "/x", method: 1 }, "method: expected string, got number"],
    ["non-token method", { url: "/x", method: "GE T" }, "method:"],
    ["non-string baseUrl", { url: "/x", baseUrl: null }, "baseUrl: expected string, got null"],
    ["non-string format", { url: "/x", mediaType: { format: 1 } }, "mediaType.format: expected string, got number"],
    ["headers not a plain object", { url: "/x", headers: new Map() }, "headers: expected a plain object, got Map"],
    ["header name not a token", { url: "/x", headers: { "a b": "1" } }, 'headers["a b"]: header name is not an RFC 9110 token'],
    ["header value an array", { url: "/x", headers: { a: ["1"] } }, "headers.a: expected string or number, got array"],
    ["header value with CR LF", { url: "/x", headers: { a: "1\r\nx: y" } }, "headers.a: header value contains CR, LF or NUL"],
    ["header value with NUL", { url: "/x", headers: { a: "1\u0000" } }, "headers.a: header value contains CR, LF or NUL"],
    ["previews not an array", { url: "/x", mediaType: { previews: "a" } }, "mediaType.previews: expected an array of strings"],
    ["previews with a number", { url: "/x", mediaType: { previews: ["a", 1] } }, "mediaType.previews[1]: expected string"],
    ["lone surrogate in a path value", { url: "/x/{a}", a: "\ud800" }, "a: lone surrogate"],
    ["lone surrogate in a query value", { url: "/x", a: "\udc00" }, "a: lone surrogate"],
  ])("%s", (_name, options, message) => {
    expect(errorOf(() => endpoint(options as object)).message).toContain(message)
  })
  test("a header value over the limit is named as every other header error names it", () => {
    const long = "v".repeat(Parse.MAX_HEADER_LENGTH + 1)
    for (const name of ["x.y", "x*y"]) {
      const named = errorOf(() => endpoint("GET /x", { headers: { [name]: {} } })).path
      expect(named).toBe(`headers[${JSON.stringify(name)}]`)
      expect(errorOf(() => endpoint("GET /x", { headers: { [name]: long } })).path).toBe(named)
    }
    expect(errorOf(() => endpoint("GET /x", { headers: { "X-Big": long } })).path).toBe("headers.x-big")
  })
  test("the Either API returns failures as values", () => {
    const result = endpoint.either("GET /x", { headers: { a: {} } })
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
