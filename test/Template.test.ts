// Example tests for URL template handling that the RFC 6570 conformance suite
// (test/conformance.test.ts) does not cover: the `:name` shorthand, literal
// encoding, value types, error messages and hostile inputs.
import * as E from "fp-ts/lib/Either.js"
import { describe, expect, test } from "vitest"
import { endpoint, EndpointError } from "../src/index.js"
import * as Template from "../src/Template.js"
import { errorOf } from "./helpers.js"

/** The url `endpoint()` builds for a POST (no query), with no base url. */
const url = (template: string, params: Record<string, unknown> = {}): string =>
  endpoint({ ...params, method: "POST", baseUrl: "", url: template }).url

describe(":name placeholders (SPEC §6.2)", () => {
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
    expect(url("/a::b", { b: "B" })).toBe("/a:B")
    expect(url("/a:", {})).toBe("/a:")
  })

  test("the name runs over letters, digits and _; it starts with a letter or _", () => {
    expect(url("/x/:_id9.json", { _id9: "v" })).toBe("/x/v.json")
    expect(url("/x/:a-b", { a: "A" })).toBe("/x/A-b")
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

describe("literal encoding", () => {
  test("characters not allowed in a URI are percent-encoded (UTF-8)", () => {
    expect(url("/a b")).toBe("/a%20b")
    expect(url("/ü")).toBe("/%C3%BC")
    expect(url("/日本")).toBe("/%E6%97%A5%E6%9C%AC")
    expect(url("/😀")).toBe("/%F0%9F%98%80")
    expect(url('/"<>\\^`|')).toBe("/%22%3C%3E%5C%5E%60%7C")
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

  test("runs of ':' and ':a:a:a…'", () => {
    const [out, ms] = run(":".repeat(N))
    expect(out).toBe(":".repeat(N))
    expect(ms).toBeLessThan(2000)
    const [out2, ms2] = run("/" + ":a".repeat(N / 2), { a: "b" })
    expect(out2).toBe("/" + "b".repeat(N / 2))
    expect(ms2).toBeLessThan(2000)
    const [out3, ms3] = run("https://h" + ":1".repeat(N / 2) + "/:a", { a: "z" })
    expect(out3).toBe("https://h" + ":1".repeat(N / 2) + "/z")
    expect(ms3).toBeLessThan(2000)
  })

  test("runs of '%'", () => {
    const [out, ms] = run("/" + "%".repeat(N))
    expect(out).toBe("/" + "%25".repeat(N))
    expect(ms).toBeLessThan(2000)
    const [out2, ms2] = run("/" + "%4".repeat(N / 2))
    expect(out2).toBe("/" + "%254".repeat(N / 2))
    expect(ms2).toBeLessThan(2000)
    const [out3, ms3] = run("/" + "%41".repeat(N / 3))
    expect(out3).toBe("/" + "%41".repeat(N / 3))
    expect(ms3).toBeLessThan(2000)
    const [out4, ms4] = run("/{" + "%41".repeat(N / 3) + "%}")
    expect(out4).toBeInstanceOf(EndpointError)
    expect(ms4).toBeLessThan(2000)
  })

  test("a long value under every operator", () => {
    const value = "a b/".repeat(N / 4)
    const [out, ms] = run("{a}{+a}{#a}{.a}{/a}{;a}{?a}{&a}{a:9999}", { a: value })
    expect(typeof out).toBe("string")
    expect(ms).toBeLessThan(2000)
  })
})
