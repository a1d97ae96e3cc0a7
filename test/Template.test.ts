// Example tests for URL template handling that the RFC 6570 conformance suite
// (test/conformance.test.ts) does not cover: the parsed form, the two modes,
// the `:name` shorthand and the required parameters of route mode, literal
// encoding, value types, error messages and hostile inputs. (Dot segments are
// judged at the url level, src/Url.ts, and tested with the wrong requests.)
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
      { operator: "", variables: [v("owner")] },
      "/",
      { operator: "", variables: [v("repo")] },
      { operator: "?", variables: [v("page"), v("per_page", true)] },
      "#x",
      { operator: "+", variables: [v("rest", false, 3)] },
      { operator: "?", variables: [v("page")] },
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

  test("expand reads each value once, however often its name repeats", () => {
    const reads: Array<string> = []
    const values = {
      get a() { reads.push("a"); return "A" },
      get b() { reads.push("b"); return "B" },
    }
    expect(Template.expand(values)(parsed("/{a}/{b}{?a}"))).toEqual(E.right("/A/B?a=A"))
    expect(reads).toEqual(["a", "b"])
  })

  test("a list or record is read once a call, however many names and expressions share it, in the url and the query", () => {
    /** A list and a record that count the reads of their members. */
    const counted = () => {
      const reads = { list: 0, record: 0 }
      const list = new Proxy(["x", null, "y"], { get: (t, k, r) => (typeof k === "string" && /^\d+$/.test(k) && reads.list++, Reflect.get(t, k, r)) })
      const record = new Proxy({ k: "v", n: null }, { get: (t, k, r) => (reads.record++, Reflect.get(t, k, r)), getOwnPropertyDescriptor: (t, k) => Reflect.getOwnPropertyDescriptor(t, k) })
      return { reads, list, record }
    }
    const a = counted()
    expect(Template.expand({ l: a.list, m: a.list, r: a.record })(parsed("/{l}{/l*}{?m,r}{&r*}{#l}"))).toEqual(E.right("/x,y/x/y?m=x,y&r=k,v&k=v#x,y"))
    expect(a.reads.list).toBe(3) // each member once
    expect(a.reads.record).toBe(2)
    // through endpoint(): a url that is judged expands twice, and reads once; the query shares the reads
    const b = counted()
    expect(endpoint("GET https://{host}/x{/l*}", { host: "h.example", l: b.list, q: b.list }).url).toBe("https://h.example/x/x/y?q=x%2Cy")
    expect(b.reads.list).toBe(3)
  })

  test("a sparse list or one whose member throws is an EndpointError naming the parameter", () => {
    const sparse = expanded("/x{/l}", { l: [1, , 2] })
    expect(E.isLeft(sparse) && sparse.left.message).toBe("l: a sparse array (with holes) is not accepted")
    const hostile = new Proxy([1], { get: (t, k, r) => { if (k === "0") throw new Error("boom"); return Reflect.get(t, k, r) } })
    const thrown = expanded("/x{/l}", { l: hostile })
    expect(E.isLeft(thrown) && thrown.left.message).toBe("l: reading the input failed (Error: boom)")
  })

  test("a repeated name with a large value costs one walk of the value, not one per occurrence", () => {
    const record: Record<string, null> = {}
    for (let i = 0; i < 100_000; i++) record[`k${i}`] = null
    const started = performance.now()
    expect(Template.expand({ a: record })(parsed("/x" + "{/a}".repeat(1000)))).toEqual(E.right("/x"))
    // required, the record of nulls has no value: one missing name, still one walk
    const required = Template.expand({ a: record })(parsed("/x" + "{a}".repeat(1000)))
    expect(E.isLeft(required) && required.left.message).toBe("missing parameter: a")
    expect(performance.now() - started).toBeLessThan(2000) // a generous guard: it took 14 s walking the record 1000 times
  })

  test("one large value under many names or operators costs one walk of it, not one per name", () => {
    const list: Array<null> = Array(100_000).fill(null)
    const names = Array.from({ length: 1000 }, (_, i) => `a${i}`)
    const values = Object.fromEntries(names.map((name) => [name, list]))
    const operators = ["", "+", "#", ".", "/", ";", "?", "&"].map((op) => `{${op}a0}{${op}a0*}`).join("")
    const started = performance.now()
    expect(Template.expand(values)(parsed(`/x{/${names.join(",")}}${operators}`, "rfc6570"))).toEqual(E.right("/x"))
    expect(Template.expand(values)(parsed(`/x{/${names.join(",")}}{?a1,a2}{#a3}`))).toEqual(E.right("/x"))
    const required = Template.expand(values)(parsed(`/x{${names.join(",")}}${operators}`))
    expect(E.isLeft(required) && required.left.path).toBe("")
    expect(E.isLeft(required) && required.left.message).toMatch(/^missing parameters: a0, a1, a2, /)
    expect(performance.now() - started).toBeLessThan(2000) // a generous guard: it took 10 s walking the list once a name
  })

  test("a long value repeated in one expression stops at MAX_LENGTH, before building the string", () => {
    const out = Template.expand({ a: "x".repeat(60_000) })(parsed("/{" + Array(20_000).fill("a").join(",") + "}"))
    expect(E.isLeft(out) && out.left.message).toContain("longer than 65536")
  })

  test("a list's members are its indices: a regular expression's match adds no index or input", () => {
    const m = "octokit/rest.js".match(/^([^/]+)\/(.+)$/)
    expect(Template.expand({ terms: m })(parsed("/search{?terms}"))).toEqual(E.right("/search?terms=octokit%2Frest.js,octokit,rest.js"))
  })

  test("Template.expand on values that are not an object, or whose getter throws, is a Left naming them", () => {
    const notObject = Template.expand(null as never)(parsed("/x"))
    expect(E.isLeft(notObject) && notObject.left.message).toBe("values: expected an object, got null")
    const hostile = { get a(): string { throw new TypeError("boom") } }
    const thrown = Template.expand(hostile)(parsed("/{b}{/a}", "rfc6570"))
    expect(E.isLeft(thrown) && [thrown.left.path, thrown.left.message]).toEqual(["a", "a: reading the input failed (TypeError: boom)"])
  })

  test("Template.expand on something that is no template (untyped code) is a Left EndpointError, never a throw", () => {
    const trap = new Proxy({}, { get: () => { throw new Error("trap") } })
    for (const t of [null, undefined, {}, 5, "/{a}", trap, { source: "/{a}", mode: "strict" }, { source: 5, mode: "route" }] as Array<never>) {
      let out: E.Either<EndpointError, string> | undefined
      expect(() => {
        out = Template.expand({ a: 1 })(t)
      }).not.toThrow()
      expect(E.isLeft(out!) && out.left).toBeInstanceOf(EndpointError)
    }
    const trapped = Template.expand({ a: 1 })(trap as never)
    expect(E.isLeft(trapped) && trapped.left.message).toBe("template: reading the input failed (Error: trap)")
    const mode = Template.expand({ a: 1 })({ source: "/{a}", mode: "strict" } as never)
    expect(E.isLeft(mode) && mode.left.message).toBe('mode: expected "route" or "rfc6570"')
    for (const t of [null, 5, { mode: "route" }] as Array<never>) {
      const r = Template.expand({ a: 1 })(t)
      expect(E.isLeft(r) && r.left.message).toBe("template: expected a Template, made by Template.parse")
    }
  })

  test("Template.expand reads the template again from its source: forged parts and names are never walked", () => {
    const forged: Template.Template = { source: "/{a}", mode: "route", parts: ["https://evil.example/", { operator: "+", variables: [v("b")] }], names: ["b"] }
    expect(Template.expand({ a: "x y", b: "z" })(forged)).toEqual(E.right("/x%20y"))
    const strict: Template.Template = { ...forged, mode: "rfc6570", parts: [] }
    expect(Template.expand({})(strict)).toEqual(E.right("/"))
    // a forged source is parsed as any other, and refused as any other
    const broken = Template.expand({})({ ...forged, source: "/{a" })
    expect(E.isLeft(broken) && broken.left.message).toContain('unclosed "{" at position 1')
    // what is read of the parts: nothing, even when reading them throws
    const trapped = Object.defineProperty({ source: "/{a}", mode: "route", names: [] }, "parts", { get: () => { throw new Error("read") } }) as unknown as Template.Template
    expect(Template.expand({ a: 1 })(trapped)).toEqual(E.right("/1"))
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

  test("Template writes a value's dot segments as given in both modes (the url judges them, not the template)", () => {
    for (const mode of ["rfc6570", "route"] as const) {
      expect(expanded("/a/{x}/b", { x: ".." }, mode)).toEqual(E.right("/a/../b"))
      expect(expanded("{/list*}", { list: [".", ".."] }, mode)).toEqual(E.right("/./.."))
      expect(expanded("/a/{+x}", { x: "%2e%2E" }, mode)).toEqual(E.right("/a/%2e%2E"))
    }
  })

  test('"route" requires a value for {x}, {+x} and :x; "rfc6570" expands them to nothing', () => {
    expect(expanded("/a/{x}/{+y}", {}, "rfc6570")).toEqual(E.right("/a//"))
    const route = expanded("/a/{x}/{+y}", {})
    expect(E.isLeft(route) && [route.left.path, route.left.message]).toEqual(["", "missing parameters: x, y"])
    expect(expanded("/a/:x", {}, "rfc6570")).toEqual(E.right("/a/:x"))
    const colon = expanded("/a/:x", {})
    expect(E.isLeft(colon) && colon.left.message).toBe("missing parameter: x")
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
    expect(parsed("/v1/{name}:cancel").parts).toEqual(["/v1/", { operator: "", variables: [v("name")] }, ":cancel"])
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
    expect(parsed("/a/:b:c").parts).toEqual(["/a/", { operator: "", variables: [v("b")] }, ":c"])
    expect(url("/a/:b:c", { b: "B", c: "C" })).toBe("/a/B:c")
  })

  test("only right after a `/`: a port or a scheme's colon is text; after `//`, as everywhere, it is a placeholder", () => {
    expect(parsed("https://h:8080/:id").names).toEqual(["id"])
    expect(parsed("//:token@h.example/:id").names).toEqual(["token", "id"]) // a decision: the slash rule holds in an authority too
    expect(parsed("http{s}://:token@h.example/:id").names).toEqual(["s", "token", "id"])
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

describe("route mode: every variable of {x}, {+x} and :x must have a value (SPEC 6.3)", () => {
  const missing = (source: string, values: Record<string, unknown>) => {
    const r = expanded(source, values)
    if (E.isRight(r)) throw new Error(`expected a missing parameter for ${JSON.stringify(source)}, got ${JSON.stringify(r.right)}`)
    expect(r.left).toBeInstanceOf(EndpointError)
    expect(r.left.path).toBe("")
    return r.left.message
  }
  test("the list of missing names in a message is cut short: 15 000 names give one short line", () => {
    const names = Array.from({ length: 15_000 }, (_, i) => `name${i}`)
    const message = missing(`/{${names.join(",")}}`, {})
    expect(message.length).toBeLessThan(300)
    expect(message.startsWith("missing parameters: name0, name1, name2")).toBe(true)
  })

  test("missing, undefined, null, [], {}, a list of nulls and a record of nulls are no value", () => {
    for (const value of [undefined, null, [], {}, [null], [null, undefined], { a: null }, { a: undefined, b: null }]) {
      for (const source of ["/x/{a}", "/x/{+a}", "/x/:a", "/x{/b}/{a}"]) expect(missing(source, { a: value })).toBe("missing parameter: a")
    }
    expect(missing("/x/{a}", {})).toBe("missing parameter: a")
  })

  test('"" is a value (GitHub\'s contents/{path} with path "" lists the root), as are 0, false and lists with a member', () => {
    expect(expanded("/repos/{owner}/{repo}/contents/{+path}", { owner: "o", repo: "r", path: "" })).toEqual(E.right("/repos/o/r/contents/"))
    expect(expanded("/x/{a}/{b}/{c}/{d}", { a: 0, b: false, c: [null, "l"], d: { k: null, l: "" } })).toEqual(E.right("/x/0/false/l/l,"))
  })

  test("the error lists every name without a value, once, in the order they first appear", () => {
    expect(missing("/repos/{owner}/{repo}", {})).toBe("missing parameters: owner, repo")
    expect(missing("/{b}/{a}/{b}{?c}/{+a}", { c: 1 })).toBe("missing parameters: b, a")
    expect(missing("/x/{a,b,c}", { b: "B" })).toBe("missing parameters: a, c")
    expect(missing("/x/:org/{team}", { team: "t" })).toBe("missing parameter: org")
  })

  test("expressions with an operator stay optional", () => {
    expect(expanded("/x{#a}{.b}{/c}{;d}{?e}{&f}", {})).toEqual(E.right("/x"))
    expect(expanded("/x{/a}{?b}", { a: [], b: { k: null } })).toEqual(E.right("/x"))
  })

  test("a name required once is required, however often it is optional elsewhere", () => {
    expect(missing("/x{?a}/{a}{/a}", {})).toBe("missing parameter: a")
    expect(expanded("/x{?a}/{a}{/a}", { a: "v" })).toEqual(E.right("/x?a=v/v/v"))
  })

  test("a value that cannot be expanded is its own error, before the missing names", () => {
    const r = expanded("/{a}/{b}", { b: () => 1 })
    expect(E.isLeft(r) && [r.left.path, r.left.message]).toEqual(["b", "b: cannot expand a function in the url"])
  })

  test("through endpoint(): DELETE /repos/{owner}/{repo} without repo is an EndpointError, never DELETE /repos/o/", () => {
    // the types refuse these calls (the same rule at compile time); untyped callers get the error
    const e = errorOf(() => endpoint("DELETE /repos/{owner}/{repo}", { owner: "o" } as never))
    expect([e.path, e.message]).toEqual(["", "missing parameter: repo"])
    expect(errorOf(() => endpoint("GET /orgs/:org/repos", { org: null } as never)).message).toBe("missing parameter: org")
    expect(endpoint("GET /repos/{owner}/{repo}{/ref}", { owner: "o", repo: "r" }).url).toBe("https://api.github.com/repos/o/r")
    expect(E.isLeft(endpoint.either("GET /x/{+path}", { path: [] }))).toBe(true)
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
    const backslash = refused("https://h\\@evil.com/x")
    expect(E.isLeft(backslash) && [backslash.left.path, backslash.left.message]).toEqual([
      "url",
      'url: "\\\\", which URL parsers read otherwise at position 9 in template "https://h\\\\@evil.com/x"',
    ])
    expect(E.isLeft(refused("/{a\\b}"))).toBe(true) // inside an expression too
    for (const [template, position] of [["/a\tb", 2], ["/a\nb", 2], ["/a\rb", 2], [" /x", 0], ["/x ", 2], ["\u0000/x", 0], ["/x\u001f", 2]] as const) {
      const r = refused(template)
      expect(E.isLeft(r) && r.left.message).toMatch(new RegExp(`which URL parsers read otherwise at position ${position} in template `))
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

  test("a lone surrogate in a literal is an EndpointError naming its position, never a URIError", () => {
    for (const [t, position] of [["/\ud800", 1], ["/a\udc00b", 2], ["/x\ud83d", 2], ["/{a}/x\udc00", 6], ["😀/\ud83d", 3]] as const) {
      const e = errorOf(() => url(t, { a: 1 }))
      expect(e.path).toBe("url")
      expect(e.message).toContain("lone surrogate")
      expect(e.message).toContain(`at position ${position} in template`) // the surrogate's own position, not the literal run's start
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
    const key = errorOf(() => url("/{?x*}", { x: { "\udfff": "v" } }))
    expect([key.path, key.message]).toEqual(["x[\"\\udfff\"]", "x[\"\\udfff\"]: a lone surrogate cannot be percent-encoded"]) // escaped in the message
    expect(E.isLeft(expanded("/{x}", { x: { "\ud800\ud800": "&\ud800" } }))).toBe(true)
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

  test("inherited properties are not variables; an own __proto__ is one like any other", () => {
    expect(url("/x{/constructor}{?toString}")).toBe("/x")
    expect(errorOf(() => url("/x/{constructor}")).message).toBe("missing parameter: constructor")
    expect(Template.expand(JSON.parse('{"__proto__":"p"}') as Record<string, unknown>)(parsed("/x/{__proto__}"))).toEqual(E.right("/x/p"))
    expect(Template.expand(Object.create({ a: "inherited" }) as Record<string, unknown>)(parsed("/x{/a}"))).toEqual(E.right("/x"))
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
    ["/x/{a:10000}", 6, "a prefix length must be a number from 1 to 9999"],
    ["/x/{a*:3}", 6, '":"'],
    ["/x/{a.}", 5, '"."'],
    ["/x/{%zz}", 4, 'expected a variable name, got "%"'],
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
    const distinct = Array.from({ length: 10_000 }, (_, i) => `{/v${i}}`).join("")
    const [out2, ms2] = run(distinct, { v0: "x", v9999: "y" })
    expect(out2).toBe("/x/y")
    expect(ms2).toBeLessThan(2000)
    // required, they are 9 998 missing names: an EndpointError, as fast
    const [missing, ms4] = run(distinct.replaceAll("{/", "/{"), { v0: "x", v9999: "y" })
    expect((missing as EndpointError).message).toMatch(/^missing parameters: v1, v2, v3, /)
    expect(ms4).toBeLessThan(2000)
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
    // a long authority before the path (h:1:1:1…, whose port is no number) is a url URL parsers refuse
    for (const n of [N / 2, N / 5]) {
      const [out4, ms4] = run("https://h" + ":1".repeat(n) + "/:a", { a: "z" })
      expect((out4 as EndpointError).message).toMatch(/^url: URL parsers refuse it: "https:\/\/h:1:1/)
      expect(ms4).toBeLessThan(2000)
    }
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
