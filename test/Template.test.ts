// Example tests for URL template handling that the RFC 6570 conformance suite
// (test/conformance.test.ts) does not cover: the parsed form, the two modes,
// the `:name` shorthand and the dot-segment rule of route mode, literal
// encoding, value types, error messages and hostile inputs.
import * as E from "fp-ts/lib/Either.js"
import { describe, expect, test } from "vitest"
import { endpoint, EndpointError } from "../src/index.js"
import * as Template from "../src/Template.js"
import { errorOf } from "./helpers.js"

/** The url `endpoint()` builds for a POST (no query), with no base url. */
const url = (template: string, params: Record<string, unknown> = {}): string =>
  endpoint({ ...params, method: "POST", baseUrl: "", url: template }).url

/** Parses `source` in `mode` and expands it with `values`, as an Either. */
const expanded = (source: string, values: Record<string, unknown>, mode: Template.Mode = "route") =>
  E.flatMap(Template.parse(source, mode), Template.expand(values))

/** The parsed template, or the test fails with the parse error. */
const parsed = (source: string, mode: Template.Mode = "route"): Template.Template => {
  const t = Template.parse(source, mode)
  if (E.isLeft(t)) throw t.left
  return t.right
}

const v = (name: string, explode = false, prefix = 0): Template.VarSpec => ({ name, explode, prefix })

describe("the parsed form", () => {
  test("parts are literal strings (already encoded) and expressions; names are listed once, in order", () => {
    const t = parsed("/a b/{owner}/:repo{?page,per_page*}#x{+rest:3}{?page}")
    expect(t.source).toBe("/a b/{owner}/:repo{?page,per_page*}#x{+rest:3}{?page}")
    expect(t.mode).toBe("route")
    expect(t.parts).toEqual([
      "/a%20b/",
      { operator: "", variables: [v("owner")], inPath: true },
      "/",
      { operator: "", variables: [v("repo")], inPath: true },
      { operator: "?", variables: [v("page"), v("per_page", true)], inPath: true },
      "#x",
      { operator: "+", variables: [v("rest", false, 3)], inPath: false },
      { operator: "?", variables: [v("page")], inPath: false },
    ])
    expect(t.names).toEqual(["owner", "repo", "page", "per_page", "rest"])
  })

  test("route is the default mode; the mode is recorded", () => {
    expect(parsed("/x").mode).toBe("route")
    expect(parsed("/x", "rfc6570").mode).toBe("rfc6570")
  })

  test("a template without expressions is one literal part; an empty template has none", () => {
    expect(parsed("/user").parts).toEqual(["/user"])
    expect(parsed("").parts).toEqual([])
    expect(Template.expand({})(parsed(""))).toEqual(E.right(""))
  })

  test("the parsed template is deeply frozen", () => {
    const t = parsed("/repos/{owner}{?page}")
    const e = t.parts[1] as Template.Expression
    for (const o of [t, t.parts, t.names, e, e.variables, e.variables[0]]) expect(Object.isFrozen(o)).toBe(true)
    expect(() => {
      ;(t.parts as Array<unknown>).push("x")
    }).toThrow(TypeError)
  })

  test("inPath: false from the first literal `?` or `#`, or after a `{?…}`, `{&…}` or `{#…}` expression", () => {
    const inPath = (source: string) => parsed(source).parts.flatMap((p) => (typeof p === "string" ? [] : [p.inPath]))
    expect(inPath("/{a}/{b}{?c}{&d}")).toEqual([true, true, true, false])
    expect(inPath("/{a}?x={b}")).toEqual([true, false])
    expect(inPath("/{a}#{b}")).toEqual([true, false])
    expect(inPath("/{#a}{b}")).toEqual([true, false])
    expect(inPath("/{&a}{b}")).toEqual([true, false])
    expect(inPath("/%3F{a}")).toEqual([true]) // an encoded ? is not a query
  })

  test("expand reads each value once, however often its name repeats", () => {
    const reads: Array<string> = []
    const values = {
      get a() { reads.push("a"); return "A" },
      get b() { reads.push("b"); return "B" },
    }
    expect(Template.expand(values)(parsed("/{a}/{b}{?a}"))).toEqual(E.right("/A/B?a=A"))
    expect(reads).toEqual(["a", "b"])
  })

  test("a repeated name with a large value costs one walk of the value, not one per occurrence", () => {
    const record: Record<string, null> = {}
    for (let i = 0; i < 100_000; i++) record[`k${i}`] = null
    const started = performance.now()
    expect(Template.expand({ a: record })(parsed("/x" + "{a}".repeat(1000)))).toEqual(E.right("/x"))
    expect(performance.now() - started).toBeLessThan(2000) // a generous guard: it took 14 s walking the record 1000 times
  })

  test("one large value under many names or operators costs one walk of it, not one per name", () => {
    const list: Array<null> = Array(100_000).fill(null)
    const names = Array.from({ length: 1000 }, (_, i) => `a${i}`)
    const values = Object.fromEntries(names.map((name) => [name, list]))
    const operators = ["", "+", "#", ".", "/", ";", "?", "&"].map((op) => `{${op}a0}{${op}a0*}`).join("")
    const started = performance.now()
    expect(Template.expand(values)(parsed(`/x{${names.join(",")}}${operators}`))).toEqual(E.right("/x"))
    expect(performance.now() - started).toBeLessThan(2000) // a generous guard: it took 10 s walking the list once a name
  })

  test("a dot segment after many names that share one large value is named fast", () => {
    const list: Array<null> = Array(100_000).fill(null)
    const names = Array.from({ length: 1000 }, (_, i) => `a${i}`)
    const values = { ...Object.fromEntries(names.map((name) => [name, list])), d: ".." }
    const started = performance.now()
    const out = Template.expand(values)(parsed(`/x{/${names.join(",")},d}`))
    expect(E.isLeft(out) && out.left.path).toBe("d")
    expect(performance.now() - started).toBeLessThan(2000) // a generous guard: naming d walked the list once a name
  })

  test("a long value repeated in one expression stops at MAX_LENGTH, before building the string", () => {
    const out = Template.expand({ a: "x".repeat(60_000) })(parsed("/{" + Array(20_000).fill("a").join(",") + "}"))
    expect(E.isLeft(out) && out.left.message).toContain("longer than 65536")
  })

  test("a list's members are its indices: a regular expression's match adds no index or input", () => {
    const m = "octokit/rest.js".match(/^([^/]+)\/(.+)$/)
    expect(Template.expand({ terms: m })(parsed("/search{?terms}"))).toEqual(E.right("/search?terms=octokit%2Frest.js,octokit,rest.js"))
  })

  test("Template.expand on values that are not an object, or whose getter throws, is a Left", () => {
    expect(E.isLeft(Template.expand(null as never)(parsed("/x")))).toBe(true)
    const hostile = { get a(): string { throw new TypeError("boom") } }
    expect(E.isLeft(Template.expand(hostile)(parsed("/{a}")))).toBe(true)
  })

  test("Template.expand and expandWith on something that is no template (untyped code) are a Left, never a throw", () => {
    const trap = new Proxy({}, { get: () => { throw new Error("trap") } })
    for (const t of [null, undefined, {}, 5, trap] as Array<never>) {
      expect(E.isLeft(Template.expand({ a: 1 })(t))).toBe(true)
      expect(E.isLeft(Template.expandWith(t, { a: 1 }))).toBe(true)
    }
  })

  test("a url that starts with a scheme and a colon is used as it is; anything else is joined to the base", () => {
    const at = (u: string) => endpoint({ url: u }).url
    for (const absolute of ["https://x.test/a", "urn:isbn:1", "git+ssh://h"]) expect(at(absolute)).toBe(absolute)
    expect(at("/a")).toBe("https://api.github.com/a")
    expect(at("1a:b")).toBe("https://api.github.com/1a:b")
    expect(at("a/b:c")).toBe("https://api.github.com/a/b:c")
    expect(at("")).toBe("https://api.github.com")
  })
})

describe("the two modes", () => {
  test('"rfc6570" refuses a `-` in a variable name; "route" reads it (GitHub: {enterprise-team})', () => {
    const source = "/enterprises/{enterprise}/teams/{enterprise-team}"
    const strict = Template.parse(source, "rfc6570")
    expect(E.isLeft(strict) && strict.left.message).toContain(`unexpected "-" in an expression at position ${source.indexOf("-")}`)
    expect(parsed(source).names).toEqual(["enterprise", "enterprise-team"])
    expect(expanded(source, { enterprise: "e", "enterprise-team": "t" })).toEqual(E.right("/enterprises/e/teams/t"))
    expect(endpoint("GET /enterprises/{enterprise}/teams/{enterprise-team}", { enterprise: "e", "enterprise-team": "t" }).url).toBe(
      "https://api.github.com/enterprises/e/teams/t",
    )
  })

  test('"rfc6570" reads `:name` as literal text', () => {
    expect(parsed("/repos/:owner", "rfc6570").parts).toEqual(["/repos/:owner"])
    expect(expanded("/repos/:owner", { owner: "o" }, "rfc6570")).toEqual(E.right("/repos/:owner"))
  })

  test('"rfc6570" has no dot-segment rule', () => {
    expect(expanded("/a/{x}/b", { x: ".." }, "rfc6570")).toEqual(E.right("/a/../b"))
    expect(expanded("{/list*}", { list: [".", ".."] }, "rfc6570")).toEqual(E.right("/./.."))
  })
})

describe(":name placeholders (route mode, SPEC §6.2): only at the start of a path segment", () => {
  test("/repos/:owner/:repo reads as /repos/{owner}/{repo} and consumes both", () => {
    const r = endpoint("GET /repos/:owner/:repo", { owner: "octokit", repo: "rest.js", page: 2 })
    expect(r.url).toBe("https://api.github.com/repos/octokit/rest.js?page=2")
    const t = Template.parse("/repos/:owner/:repo")
    expect(E.isRight(t) && t.right.names).toEqual(["owner", "repo"])
  })

  test(":name values are encoded like {name}", () => {
    expect(url("/repos/:owner", { owner: "a b/c" })).toBe("/repos/a%20b%2Fc")
    expect(url("/repos/:owner", { owner: "a b/c" })).toBe(url("/repos/{owner}", { owner: "a b/c" }))
  })

  test("https://host:8080/x keeps its port", () => {
    expect(endpoint("GET https://host:8080/x").url).toBe("https://host:8080/x")
    expect(endpoint("GET https://host:8080/x/:id", { id: 1 }).url).toBe("https://host:8080/x/1")
  })

  test("http://u:p@host/:id keeps its userinfo and expands :id", () => {
    expect(endpoint("GET http://u:p@host/:id", { id: 5 }).url).toBe("http://u:p@host/5")
    // `p` is not a parameter: with one present, it goes to the query, not the authority
    expect(endpoint("GET http://u:p@host/:id", { id: 5, p: "x" }).url).toBe("http://u:p@host/5?p=x")
  })

  test("a colon followed by a digit, or a second colon, is literal", () => {
    expect(url("/time/12:30")).toBe("/time/12:30")
    expect(url("/a::b", { b: "B" })).toBe("/a::b")
    expect(url("/a:", {})).toBe("/a:")
    expect(url("/:1", {})).toBe("/:1")
    expect(url("/:", {})).toBe("/:")
    expect(parsed("/a::b").names).toEqual([])
  })

  test("in the query, `:name` is literal: /search?q=user:theonion keeps :theonion", () => {
    expect(parsed("/search?q=user:theonion").parts).toEqual(["/search?q=user:theonion"])
    // theonion is not a placeholder: a parameter of that name goes to the query
    expect(endpoint("GET /search?q=user:theonion", { theonion: "x" }).url).toBe("https://api.github.com/search?q=user:theonion&theonion=x")
    // not even right after a `/` of the query, nor after a `{?…}` expression
    expect(url("/a?x=/:y", { y: "Y" })).toBe("/a?x=/:y")
    expect(url("/a{?q}/:y", { q: 1, y: "Y" })).toBe("/a?q=1/:y")
    expect(parsed("/a{?q}/:y").names).toEqual(["q"])
  })

  test("in the fragment, `:name` is literal", () => {
    expect(url("/a#/:frag", { frag: "F" })).toBe("/a#/:frag")
    expect(url("/a#x:frag", { frag: "F" })).toBe("/a#x:frag")
    expect(parsed("/a{#f}/:g").names).toEqual(["f"])
  })

  test("after `}`, `:name` is literal: /v1/{name}:cancel keeps :cancel", () => {
    expect(url("/v1/{name}:cancel", { name: "operations/1" })).toBe("/v1/operations%2F1:cancel")
    expect(parsed("/v1/{name}:cancel").parts).toEqual(["/v1/", { operator: "", variables: [v("name")], inPath: true }, ":cancel"])
    expect(url("/{a}:b", { a: 1, b: 2 })).toBe("/1:b")
    // a literal `/` after an expression starts a segment again
    expect(url("{/a}/:b", { a: 1, b: 2 })).toBe("/1/2")
    expect(url("/{a}/:b", { a: 1, b: 2 })).toBe("/1/2")
  })

  test("after any character but `/`, `:name` is literal", () => {
    expect(url("/x:y", { y: 1 })).toBe("/x:y")
    expect(url("/a-:b", { b: 1 })).toBe("/a-:b")
    expect(url("/x/%2F:y", { y: 1 })).toBe("/x/%2F:y")
    expect(url(":id", { id: 1 })).toBe(":id")
    expect(parsed("/x:y").names).toEqual([])
  })

  test("/a/:b:c gives the placeholder b, then the literal :c", () => {
    expect(parsed("/a/:b:c").parts).toEqual(["/a/", { operator: "", variables: [v("b")], inPath: true }, ":c"])
    expect(url("/a/:b:c", { b: "B", c: "C" })).toBe("/a/B:c")
  })

  test("not in the scheme or the authority; right after the authority's `/`, it is a placeholder", () => {
    expect(parsed("https://h:8080/:id").names).toEqual(["id"])
    expect(parsed("//:token@h.example/:id").names).toEqual(["id"]) // a password, not a placeholder: //authority opens a url without a base
    expect(parsed("http{s}://:token@h.example/:id").names).toEqual(["s", "id"]) // values write some of the scheme: still a password
    expect(endpoint("GET {scheme}://:pw@h.example/x", { scheme: "https", pw: "secret" }).url).toBe("https://:pw@h.example/x?pw=secret")
    expect(parsed("urn:isbn:x").names).toEqual([])
    expect(url("urn:isbn:x", { x: 1 })).toBe("urn:isbn:x")
  })

  test("the name runs over letters, digits and _; it starts with a letter or _", () => {
    expect(url("/x/:_id9.json", { _id9: "v" })).toBe("/x/v.json")
    expect(url("/x/:a-b", { a: "A" })).toBe("/x/A-b") // `-` ends a `:name` (it may only be inside {…})
  })

  test(":name inside {…} is not converted: it is a prefix modifier or an error", () => {
    expect(url("/{var:3}", { var: "abcdef" })).toBe("/abc")
    const e = errorOf(() => url("/x/{a:b}", { a: 1, b: 2 }))
    expect(e.path).toBe("url")
    expect(e.message).toContain("position 6")
    expect(e.message).toContain('"/x/{a:b}"')
  })

  test(":name and {name} may be mixed", () => {
    expect(url("/repos/:owner/{repo}{?page}", { owner: "o", repo: "r", page: 1 })).toBe("/repos/o/r?page=1")
  })
})

describe("route mode: a value cannot make a path segment `.` or `..`", () => {
  const refused = (source: string, values: Record<string, unknown>, name: string) => {
    const r = expanded(source, values)
    if (E.isRight(r)) throw new Error(`expected a refusal for ${JSON.stringify(source)}, got ${JSON.stringify(r.right)}`)
    expect(r.left).toBeInstanceOf(EndpointError)
    expect(r.left.path).toBe(name)
    expect(r.left.message).toBe(`${name}: a value cannot make a path segment "." or ".." (it would move the request)`)
  }

  test("`..` and `.` under {x}, and under :x", () => {
    refused("/repos/{owner}/x", { owner: ".." }, "owner")
    refused("/repos/{owner}/x", { owner: "." }, "owner")
    refused("/repos/{owner}", { owner: ".." }, "owner")
    refused("{x}", { x: ".." }, "x")
    refused("/repos/:owner/x", { owner: ".." }, "owner")
    // through endpoint(), an EndpointError naming the parameter
    const e = errorOf(() => endpoint("GET /repos/{owner}/{repo}", { owner: "..", repo: "r" }))
    expect(e.path).toBe("owner")
  })

  test("`%2e` counts as a dot: `%2e%2E` under {+x}; under {x} the % is encoded, so it is no dot", () => {
    refused("/a/{+x}/b", { x: "%2e%2E" }, "x")
    refused("/a/{+x}", { x: ".%2e" }, "x")
    refused("/a/{+x}", { x: "%2E" }, "x")
    expect(expanded("/a/{x}/b", { x: "%2e%2E" })).toEqual(E.right("/a/%252e%252E/b"))
  })

  test("{+x} with a/../b, and {/list*} with [\"..\"]", () => {
    refused("/r/{+x}", { x: "a/../b" }, "x")
    refused("/r/{+x}", { x: "a/." }, "x")
    refused("{/list*}", { list: [".."] }, "list")
    refused("/r{/list*}", { list: ["a", ".", "b"] }, "list")
    refused("/r{/list}", { list: [".."] }, "list")
  })

  test("a value that completes a dot segment with the literal text around it, or with another value", () => {
    refused("/a/.{x}/b", { x: "." }, "x")
    refused("/a/{x}./b", { x: "." }, "x")
    refused("/{x}{y}", { x: ".", y: "." }, "x")
    refused("/{.x}", { x: "" }, "x") // "/." : the operator's dot and an empty value
  })

  test("the parameter named is the one whose text is in the segment, before one that wrote its / or stands in it empty", () => {
    refused("/x/{a}{b}", { a: "", b: ".." }, "b")
    refused("/x{/a}{b}", { a: "", b: "." }, "b")
    refused("/x{/a}", { a: ".." }, "a")
    refused("/x/{a}..", { a: "" }, "a") // only the empty value stands in the segment
    refused("/x/{a}.{b}", { a: "", b: "" }, "a")
  })

  test("a segment with dots that is not `.` or `..` is fine", () => {
    expect(expanded("/a/{x}", { x: "..." })).toEqual(E.right("/a/..."))
    expect(expanded("/a/{x}", { x: "x.y" })).toEqual(E.right("/a/x.y"))
    expect(expanded("/a/{x}", { x: "..a" })).toEqual(E.right("/a/..a"))
    expect(expanded("/a{/x}", { x: ["b", ".", "c"] })).toEqual(E.right("/a/b,.,c"))
    expect(expanded("/a/{x}", { x: ["..", "b"] })).toEqual(E.right("/a/..,b"))
    expect(expanded("/a/{+x}", { x: "a/..b" })).toEqual(E.right("/a/a/..b"))
    expect(expanded("/a{.x}", { x: "." })).toEqual(E.right("/a.."))
  })

  test("a literal /../ written in the template itself is not an error", () => {
    expect(expanded("/a/../b", {})).toEqual(E.right("/a/../b"))
    expect(expanded("/a/../{x}", { x: "b" })).toEqual(E.right("/a/../b"))
    expect(expanded("/./{x}/..", { x: "b" })).toEqual(E.right("/./b/.."))
    expect(url("/a/../b")).toBe("/a/../b")
  })

  test("values in the query and the fragment are not checked", () => {
    expect(expanded("/x{?q}", { q: ".." })).toEqual(E.right("/x?q=.."))
    expect(expanded("/x?q={q}", { q: ".." })).toEqual(E.right("/x?q=.."))
    expect(expanded("/x?{q}", { q: ".." })).toEqual(E.right("/x?.."))
    expect(expanded("/x{#f}", { f: "/../" })).toEqual(E.right("/x#/../"))
    expect(expanded("/x#/{f}", { f: ".." })).toEqual(E.right("/x#/.."))
    expect(expanded("/x{?q}{&r}", { q: "..", r: "." })).toEqual(E.right("/x?q=..&r=."))
    // a `?` that a value itself brings ends the path: what follows is query
    expect(expanded("/x/{+p}", { p: "a?/.." })).toEqual(E.right("/x/a?/.."))
    expect(endpoint("GET /search", { q: "..", page: "." }).url).toBe("https://api.github.com/search?q=..&page=.")
  })

  test("{+x} whose own `?` or `#` ends the path right after its dots", () => {
    refused("/repos/{owner}/{repo}/{+rest}", { owner: "victim", repo: "r", rest: "..?" }, "rest")
    refused("/repos/o/r/{+p}", { p: "a/..#x" }, "p")
    refused("/r/{+p}", { p: ".?q=1" }, "p")
    expect(expanded("/r/{+p}", { p: "..a?/.." })).toEqual(E.right("/r/..a?/..")) // "..a" is no dot segment; the rest is query
  })
  test("{+p} whose `/`, `?` or `#` ends dots written in the template before it", () => {
    refused("/repos/victim/..{+p}", { p: "?a" }, "p")
    refused("/r/.{+p}", { p: "#x" }, "p")
    refused("/r/..{+p}", { p: "/x" }, "p")
    expect(expanded("/r/..{/p}", { p: "x" })).toEqual(E.right("/r/../x")) // {/p}'s own "/" after the template's dots: the template's segment
    expect(expanded("/r/..a{+p}", { p: "?a" })).toEqual(E.right("/r/..a?a"))
    expect(expanded("/r/..{p}", { p: "?a" })).toEqual(E.right("/r/..%3Fa")) // {p} encodes the ?: "..%3Fa" is no dot segment
  })
  // An expression after `{?…}`, `{&…}` or `{#…}` is in the path when that expression expands to nothing.
  test("a path value after an empty {?q} is checked", () => {
    refused("/a{?q}/{x}", { x: ".." }, "x")
  })
  // A value that makes the template's literal dots a segment of their own is checked too.
  test("a value that makes a literal `..` a segment of its own is refused", () => {
    refused("/a{/x}..", { x: "" }, "x")
  })
  test("{+x} = \"a/\" before a literal `..` is refused", () => {
    refused("/{+x}..", { x: "a/" }, "x")
  })
  // The refusal names the variable whose value makes the segment, not the expression's first.
  test("in {/a,b} the refusal names b, whose value is `..`", () => {
    refused("{/a,b}", { a: "x", b: ".." }, "b")
  })
  test("in /{a,b} with only b given, the refusal names b", () => {
    refused("/{a,b}", { b: ".." }, "b")
  })
})

describe("corners where url-template departs from RFC 6570: ours is right", () => {
  test("lists and records", () => {
    expect(url("{;list*}", { list: ["", "a"] })).toBe(";list;list=a") // url-template: ;list=;list=a
    expect(url("{+list}", { list: ["%foo"] })).toBe("%25foo") // url-template lets an invalid % through
    expect(url("{+keys*}", { keys: { "a/b": "1" } })).toBe("a/b=1") // url-template encodes the key
    expect(url("{?Some%20Thing*}", { "Some%20Thing": ["x"] })).toBe("?Some%20Thing=x") // url-template double-encodes
    expect(url("{?keys*}", { keys: { "": "v", a: "1" } })).toBe("?=v&a=1") // url-template: ?v&a=1
    expect(url("{/keys*}", { keys: { "": "v" } })).toBe("/=v") // url-template: /v
    expect(url("{+keys*}", { keys: { "": "v", é: "1" } })).toBe("=v,%C3%A9=1") // the same, whatever the other keys
  })

  test("simple lists and records", () => {
    expect(url("/x{?list*}", { list: ["a", "b"] })).toBe("/x?list=a&list=b")
    expect(url("/x{;keys}", { keys: { a: "1", b: "2" } })).toBe("/x;keys=a,1,b,2")
    expect(url("/x/{a}{?b,c}", { a: "1", b: 2, c: true })).toBe("/x/1?b=2&c=true")
  })
})

describe("the length bound", () => {
  test(`an expansion of MAX_LENGTH (${Template.MAX_LENGTH}) characters is fine; one more is an EndpointError`, () => {
    expect(Template.MAX_LENGTH).toBe(65_536)
    const at = expanded("/a/{x}", { x: "x".repeat(Template.MAX_LENGTH - 3) })
    expect(E.isRight(at) && at.right.length).toBe(Template.MAX_LENGTH)
    const over = expanded("/a/{x}", { x: "x".repeat(Template.MAX_LENGTH - 2) })
    expect(E.isLeft(over) && over.left.path).toBe("url")
    expect(E.isLeft(over) && over.left.message).toBe("url: the expanded url is longer than 65536 characters")
  })

  test("counted after encoding, and across expressions", () => {
    // 30 000 spaces are 90 000 characters once encoded
    expect(E.isLeft(expanded("/{x}", { x: " ".repeat(30_000) }))).toBe(true)
    expect(E.isLeft(expanded("/{x}/{x}/{x}", { x: "x".repeat(22_000) }))).toBe(true)
    const e = errorOf(() => url("/{x}", { x: "y".repeat(70_000) }))
    expect(e.path).toBe("url")
  })
})

describe("literal encoding", () => {
  test("characters not allowed in a URI are percent-encoded (UTF-8)", () => {
    expect(url("/a b")).toBe("/a%20b")
    expect(url("/ü")).toBe("/%C3%BC")
    expect(url("/日本")).toBe("/%E6%97%A5%E6%9C%AC")
    expect(url("/😀")).toBe("/%F0%9F%98%80")
    expect(url('/"<>^`|')).toBe("/%22%3C%3E%5E%60%7C")
    expect(url("/a b\u0001c")).toBe("/a%20b%01c") // inside the url, as URL parsers encode them
  })

  test("route mode refuses what URL parsers read otherwise: a backslash, a tab or line break, a space or control at an end", () => {
    const refused = (template: string) => Template.parse(template, "route")
    expect(E.isLeft(refused("https://h\\@evil.com/x")) && refused("https://h\\@evil.com/x").left.message).toBe(
      'url: a backslash (URL parsers read it as "/"; write "/", or "%5C" for the character itself) at position 9 in template "https://h\\\\@evil.com/x"',
    )
    for (const [template, position] of [["/a\tb", 2], ["/a\nb", 2], ["/a\rb", 2], [" /x", 0], ["/x ", 2], ["\u0000/x", 0], ["/x\u001f", 2]] as const) {
      const r = refused(template)
      expect(E.isLeft(r) && r.left.message).toMatch(new RegExp(` at position ${position} in template `))
    }
    expect(Template.parse("/a\\b\t c ", "rfc6570")).toMatchObject({ right: { parts: ["/a%5Cb%09%20c%20"] } }) // the RFC's mode encodes them
  })

  test("reserved and unreserved characters are kept", () => {
    const kept = "/az-._~:/?#[]@!$&'()*+,;="
    expect(url(kept)).toBe(kept)
  })

  test("a stray % becomes %25; a %XX triplet is kept", () => {
    expect(url("/100%")).toBe("/100%25")
    expect(url("/%zz")).toBe("/%25zz")
    expect(url("/%4")).toBe("/%254")
    expect(url("/a%20b")).toBe("/a%20b")
    expect(url("/%e2%82%ac")).toBe("/%e2%82%ac")
  })

  test("a lone surrogate in a literal is an EndpointError naming the position, never a URIError", () => {
    for (const t of ["/\ud800", "/a\udc00b", "/x\ud83d"]) {
      const e = errorOf(() => url(t))
      expect(e.path).toBe("url")
      expect(e.message).toContain("lone surrogate")
      expect(e.message).toContain(`position ${t.length - (t.endsWith("b") ? 2 : 1)}`)
    }
  })
})

describe("values", () => {
  test("a lone surrogate in a value is an EndpointError naming the parameter", () => {
    expect(errorOf(() => url("/{x}", { x: "\udc00" })).path).toBe("x")
    expect(errorOf(() => url("/{+x}", { x: "a\ud800" })).path).toBe("x")
    expect(errorOf(() => url("/{#x}", { x: "\ud800\ud800" })).path).toBe("x")
    expect(errorOf(() => url("/{?x}", { x: ["ok", "\ud800"] })).path).toBe("x[1]")
    expect(errorOf(() => url("/{?x*}", { x: { k: "\udfff" } })).path).toBe("x.k")
    expect(errorOf(() => url("/{?x*}", { x: { "\udfff": "v" } })).message).toContain("lone surrogate")
    // key and value both broken: the key is reported (index 0 of the key, not index 1 of the value)
    expect(errorOf(() => url("/{x}", { x: { "\ud800\ud800": "&\ud800" } })).message).toContain("lone surrogate at index 0")
  })

  test("a prefix never splits a surrogate pair: it counts code points", () => {
    expect(url("/{x:1}", { x: "😀a" })).toBe("/%F0%9F%98%80")
    expect(url("/{x:2}", { x: "a😀b" })).toBe("/a%F0%9F%98%80")
  })

  test("a prefix modifier on a list or a record is an EndpointError", () => {
    const list = errorOf(() => url("/{x:1}", { x: ["a", "b"] }))
    expect(list.path).toBe("x")
    expect(list.message).toContain("prefix")
    expect(list.message).toContain("list")
    const record = errorOf(() => url("/{?x:3}", { x: { a: "b" } }))
    expect(record.path).toBe("x")
    expect(record.message).toContain("record")
  })

  test("bigint values expand as their decimal string", () => {
    expect(url("/{n}", { n: 12345678901234567890n })).toBe("/12345678901234567890")
    expect(url("/{n:3}", { n: -12345n })).toBe("/-12")
    expect(url("{?ids}", { ids: [1n, 2n] })).toBe("?ids=1,2")
    expect(url("{?r*}", { r: { big: 10n ** 20n } })).toBe("?big=100000000000000000000")
  })

  test("numbers and booleans expand as String(value)", () => {
    expect(url("/{a}/{b}/{c}/{d}", { a: 0, b: -1.5, c: false, d: 1e21 })).toBe("/0/-1.5/false/1e%2B21")
  })

  test("null and undefined are undefined variables, also as members", () => {
    expect(url("/x{/a}{?b,c}", { a: null, b: undefined, c: 1 })).toBe("/x?c=1")
    expect(url("/x{?list}", { list: [null, "a", undefined, "b"] })).toBe("/x?list=a,b")
    expect(url("/x{?list}", { list: [null, undefined] })).toBe("/x")
    expect(url("/x{?rec*}", { rec: { a: null, b: "1" } })).toBe("/x?b=1")
    // a null parameter named in the template is still consumed: no body key, no query pair
    const get = endpoint("GET /x{/a}", { a: null })
    expect(get.url).toBe("https://api.github.com/x")
    const post = endpoint("POST /x{/a}", { a: null })
    expect(post.body).toBeUndefined()
  })

  test("an empty list or record is undefined; an empty string is defined", () => {
    expect(url("/x{?list,rec}", { list: [], rec: {} })).toBe("/x")
    expect(url("/x{?s}{;s}{.s}", { s: "" })).toBe("/x?s=;s.")
  })

  test("exploded pairs with an empty value: `name=` unless the operator is named (RFC 6570 Appendix A)", () => {
    const keys = { a: "", b: "1" }
    expect(url("{/keys*}", { keys })).toBe("/a=/b=1")
    expect(url("{.keys*}", { keys })).toBe(".a=.b=1")
    expect(url("{keys*}", { keys })).toBe("a=,b=1")
    expect(url("{+keys*}", { keys })).toBe("a=,b=1")
    expect(url("{;keys*}", { keys })).toBe(";a;b=1")
    expect(url("{?keys*}", { keys })).toBe("?a=&b=1")
    expect(url("{&keys*}", { keys })).toBe("&a=&b=1")
    expect(url("{;list*}", { list: ["", "x"] })).toBe(";list;list=x")
  })

  test("record keys are encoded with the operator's allowed set, so a query stays well-formed", () => {
    expect(url("{?p*}", { p: { "a&b": "c=d" } })).toBe("?a%26b=c%3Dd")
    expect(url("{+p*}", { p: { "a/b": "c/d" } })).toBe("a/b=c/d")
  })

  test("functions, symbols and class instances are EndpointErrors naming the parameter", () => {
    class Foo {
      a = 1
    }
    const cases: Array<[unknown, string]> = [
      [() => 1, "function"],
      [Symbol("s"), "symbol"],
      [new Foo(), "Foo"],
      [new Date(0), "Date"],
      [new Map(), "Map"],
    ]
    for (const [value, kind] of cases) {
      const e = errorOf(() => url("/x/{f}", { f: value }))
      expect(e.path).toBe("f")
      expect(e.message).toMatch(/^f: /)
      expect(e.message).toContain(kind)
    }
    const member = errorOf(() => url("/x{?f}", { f: { a: () => 1 } }))
    expect(member.path).toBe("f.a")
    expect(member.message).toContain("function")
    const nested = errorOf(() => url("/x{?f}", { f: [1, {}] }))
    expect(nested.path).toBe("f[1]")
  })

  test("Template.expand gives the same failures as a Left", () => {
    const t = Template.parse("/x/{f}")
    if (E.isLeft(t)) throw t.left
    const r = Template.expand({ f: () => 1 })(t.right)
    expect(E.isLeft(r) && r.left instanceof EndpointError && r.left.path).toBe("f")
    expect(Template.expand({ f: "ok" })(t.right)).toEqual(E.right("/x/ok"))
  })

  test("inherited properties are not variables", () => {
    expect(url("/x/{constructor}{?toString}")).toBe("/x/")
    expect(url("/x/{__proto__}", JSON.parse('{"__proto__":"p"}') as Record<string, unknown>)).toBe("/x/p")
  })
})

describe("error messages", () => {
  const cases: Array<[string, number, string]> = [
    ["/repos/{owner", 7, 'unclosed "{"'],
    ["/repos/owner}", 12, 'unmatched "}"'],
    ["/x/{}", 3, "empty expression"],
    ["/x/{!a}", 4, "reserved"],
    ["/x/{a b}", 5, '" "'],
    ["/x/{a:0}", 6, "prefix"],
    ["/x/{a:10000}", 6, "below 10000"],
    ["/x/{a*:3}", 6, '":"'],
    ["/x/{a.}", 5, '"."'],
    ["/x/{%zz}", 4, "percent-encoding"],
    ["/x/{a,}", 6, "variable name"],
  ]
  test.each(cases)("%s: names the template and position %i", (template, position, what) => {
    const e = errorOf(() => url(template))
    expect(e.name).toBe("EndpointError")
    expect(e.path).toBe("url")
    expect(e.message).toContain(JSON.stringify(template))
    expect(e.message).toContain(`position ${position}`)
    expect(e.message).toContain(what)
    const either = Template.parse(template)
    expect(E.isLeft(either) && either.left.message).toBe(e.message)
  })

  test("a long template is shortened in the message; the position is exact", () => {
    const template = "/" + "a".repeat(5000) + "/{owner"
    const e = errorOf(() => url(template))
    expect(e.message).toContain(`position ${template.length - 6}`)
    expect(e.message.length).toBeLessThan(200)
  })

  test("a missing or non-string url is an EndpointError", () => {
    expect(errorOf(() => endpoint({ method: "GET" })).path).toBe("url")
    expect(errorOf(() => endpoint({ method: "GET", url: 42 } as never)).path).toBe("url")
    expect(E.isLeft(Template.parse(42 as unknown as string))).toBe(true)
  })
})

describe("hostile templates: 100 000 characters give a result or an EndpointError fast", () => {
  const N = 100_000
  const timed = <A>(f: () => A): [A | EndpointError, number] => {
    const start = performance.now()
    let out: A | EndpointError
    try {
      out = f()
    } catch (e) {
      if (!(e instanceof EndpointError)) throw e
      out = e
    }
    return [out, performance.now() - start]
  }
  const run = (template: string, params: Record<string, unknown> = {}) =>
    timed(() => endpoint({ ...params, method: "GET", baseUrl: "", url: template }).url)

  test("thousands of unclosed braces", () => {
    const cases: Array<[string, string]> = [
      ["{".repeat(N), 'unclosed "{" at position 0'],
      ["{a".repeat(N / 2), 'unclosed "{" at position 0'],
      ["/x{?a".repeat(N / 5), 'unexpected "/" in an expression at position 5'],
      ["{a,".repeat(N / 3), 'unclosed "{" at position 0'],
      ["/{a}".repeat(N / 4 - 1) + "/{a", `unclosed "{" at position ${N - 3}`],
    ]
    for (const [t, message] of cases) {
      const [out, ms] = run(t, { a: 1 })
      expect(out).toBeInstanceOf(EndpointError)
      expect((out as EndpointError).message).toContain(message)
      expect(ms).toBeLessThan(2000)
    }
  })

  test("stray closing braces and bad modifiers", () => {
    for (const t of ["}".repeat(N), "{a:" + "9".repeat(N) + "}", "{a" + ".".repeat(N) + "}", "{" + "*".repeat(N) + "}"]) {
      const [out, ms] = run(t)
      expect(out).toBeInstanceOf(EndpointError)
      expect(ms).toBeLessThan(2000)
    }
  })

  test("thousands of expressions", () => {
    const [out, ms] = run("/{a}".repeat(N / 4), { a: "v" })
    expect(out).toBe("/v".repeat(N / 4))
    expect(ms).toBeLessThan(2000)
    const distinct = Array.from({ length: 10_000 }, (_, i) => `{v${i}}`).join("")
    const [out2, ms2] = run(distinct, { v0: "x", v9999: "y" })
    expect(out2).toBe("xy")
    expect(ms2).toBeLessThan(2000)
    const oneExpression = "{?" + Array.from({ length: 15_000 }, (_, i) => `k${i}`).join(",") + "}"
    const [out3, ms3] = run(oneExpression, { k1: 1 })
    expect(out3).toBe("?k1=1")
    expect(ms3).toBeLessThan(2000)
  })

  test("a very long variable name", () => {
    const name = "a".repeat(N)
    const [out, ms] = run(`/{${name}}`, { [name]: "v" })
    expect(out).toBe("/v")
    expect(ms).toBeLessThan(2000)
    const [out2, ms2] = run(`/{${name}`)
    expect(out2).toBeInstanceOf(EndpointError)
    expect(ms2).toBeLessThan(2000)
    const [out3, ms3] = run(`/:${name}`, { [name]: "w" })
    expect(out3).toBe("/w")
    expect(ms3).toBeLessThan(2000)
  })

  test("runs of ':', ':a:a:a…' and '/:a/:a…'", () => {
    const [out, ms] = run(":".repeat(N / 2))
    expect(out).toBe(":".repeat(N / 2))
    expect(ms).toBeLessThan(2000)
    // past MAX_LENGTH, literal text alone is an EndpointError too
    const [over] = run(":".repeat(N))
    expect((over as EndpointError).message).toContain("longer than 65536")
    // only the first `:a` starts a segment; the others follow an `a`
    // (sizes keep the expansions within MAX_LENGTH)
    const [out2, ms2] = run("/" + ":a".repeat(N / 4), { a: "b" })
    expect(out2).toBe("/b" + ":a".repeat(N / 4 - 1))
    expect(ms2).toBeLessThan(2000)
    const [out3, ms3] = run("/:a".repeat(N / 4), { a: "b" })
    expect(out3).toBe("/b".repeat(N / 4))
    expect(ms3).toBeLessThan(2000)
    // a long authority before the path: the expansion is over MAX_LENGTH, which is an EndpointError
    const [out4, ms4] = run("https://h" + ":1".repeat(N / 2) + "/:a", { a: "z" })
    expect(out4).toBeInstanceOf(EndpointError)
    expect((out4 as EndpointError).message).toContain("longer than 65536")
    expect(ms4).toBeLessThan(2000)
    const [out5, ms5] = run("https://h" + ":1".repeat(N / 5) + "/:a", { a: "z" })
    expect(out5).toBe("https://h" + ":1".repeat(N / 5) + "/z")
    expect(ms5).toBeLessThan(2000)
  })

  test("runs of '%'", () => {
    // (sizes keep the expansions within MAX_LENGTH; "%".repeat(N) itself is the length error)
    const [out, ms] = run("/" + "%".repeat(N / 5))
    expect(out).toBe("/" + "%25".repeat(N / 5))
    expect(ms).toBeLessThan(2000)
    expect((run("/" + "%".repeat(N))[0] as EndpointError).message).toContain("longer than 65536")
    const [out2, ms2] = run("/" + "%4".repeat(N / 8))
    expect(out2).toBe("/" + "%254".repeat(N / 8))
    expect(ms2).toBeLessThan(2000)
    const [out3, ms3] = run("/" + "%41".repeat(N / 5))
    expect(out3).toBe("/" + "%41".repeat(N / 5))
    expect(ms3).toBeLessThan(2000)
    const [out4, ms4] = run("/{" + "%41".repeat(N / 3) + "%}")
    expect(out4).toBeInstanceOf(EndpointError)
    expect(ms4).toBeLessThan(2000)
  })

  test("a long value under every operator", () => {
    const template = "{a}{+a}{#a}{.a}{/a}{;a}{?a}{&a}{a:9999}"
    // 100 000 characters: over MAX_LENGTH after the first expression
    const [out, ms] = run(template, { a: "a b/".repeat(N / 4) })
    expect(out).toBeInstanceOf(EndpointError)
    expect((out as EndpointError).message).toContain("longer than 65536")
    expect(ms).toBeLessThan(2000)
    // 2 500 characters, under every operator: within the bound
    const [out2, ms2] = run(template, { a: "a b/".repeat(N / 160) })
    expect(typeof out2).toBe("string")
    expect((out2 as string).length).toBeLessThanOrEqual(Template.MAX_LENGTH)
    expect(ms2).toBeLessThan(2000)
  })

  test("a 100 000-character member and 10 000 members: a url or the length error, fast", () => {
    const long = "a%b/c ".repeat(20_000)
    const many = Array.from({ length: 10_000 }, (_, i) => `v${i}`)
    const record = Object.fromEntries(many.map((m) => [m, m]))
    const cases: Array<[string, Record<string, unknown>, string | undefined]> = [
      ["/x{?list*}", { list: [long] }, undefined],
      ["/x{/list*}", { list: many }, "/x/" + many.join("/")],
      ["/x{?keys*}", { keys: record }, undefined],
      ["/x{?keys*}", { keys: Object.fromEntries(many.slice(0, 1000).map((m) => [m, m])) }, "/x?" + many.slice(0, 1000).map((m) => `${m}=${m}`).join("&")],
    ]
    for (const [template, params, expected] of cases) {
      const [out, ms] = run(template, params)
      if (expected === undefined) expect((out as EndpointError).message).toContain("longer than 65536")
      else expect(out).toBe(expected)
      expect(ms).toBeLessThan(2000)
    }
  })
})

describe("expandParts", () => {
  test("gives what each part wrote, which joins to expandWith's url; an error is expandWith's", () => {
    const t = Template.parse("https://{host}/x{?q}{/p*}", "route")
    if (E.isLeft(t)) throw t.left
    const values = { host: "h", p: ["a", "b"] }
    expect(Template.expandParts(t.right, values)).toEqual(E.right(["https://", "h", "/x", "", "/a/b"]))
    expect(E.map((pieces: ReadonlyArray<string>) => pieces.join(""))(Template.expandParts(t.right, values))).toEqual(Template.expandWith(t.right, values))
    expect(Template.expandParts(t.right, { host: ".." })).toEqual(Template.expandWith(t.right, { host: ".." }))
  })
})
