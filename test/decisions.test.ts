// docs/decisions.md pinned: one test per row of its tables, named by the row's number. Table 1 runs
// fp-endpoint and @octokit/endpoint side by side, so that a change in either one fails the row.
import { readFileSync } from "node:fs"
import { endpoint as octokitEndpoint } from "@octokit/endpoint"
import * as E from "fp-ts/lib/Either.js"
import { parseTemplate } from "url-template"
import { describe, expect, test } from "vitest"
import { endpoint, Options, Template, toRequest, toRequestInit, toRequestInitEither } from "../src/index.js"

/** Both libraries, called the same loose way: the rows pass inputs neither one's types accept. */
interface Loose {
  (route?: unknown, options?: unknown): Result
  defaults(options: unknown): Loose
  merge(route: unknown, options?: unknown): Record<string, unknown>
  readonly DEFAULTS: object
}
interface Result {
  method: string
  url: string
  headers: Record<string, unknown>
  body?: unknown
  request?: Record<string, unknown>
}
const fp = endpoint as unknown as Loose
const octokit = octokitEndpoint as unknown as Loose
const G = "https://api.github.com"
const JSON_TYPE = "application/json; charset=utf-8"

/** What a call gives: its value, or what it threw as `{ throws: "Name: message" }`. */
const outcome = (f: () => unknown): unknown => {
  try {
    return f()
  } catch (e) {
    return { throws: `${(e as Error).name}: ${(e as Error).message}` }
  }
}
const threw = (message: string, name = "EndpointError") => ({ throws: `${name}: ${message}` })
/** The outcome of `f` on each input. */
const each = <I>(inputs: ReadonlyArray<I>, f: (i: I) => unknown): Array<unknown> => inputs.map((i) => outcome(() => f(i)))

/** The row numbers this file pins; the doc's tables must list exactly these. */
const PINNED = new Set<string>()
const pin = <T extends { readonly id: string }>(rows: ReadonlyArray<T>): Array<[string, T]> =>
  rows.map((row) => {
    PINNED.add(row.id)
    return [row.id, row]
  })

// -------------------------------------------------------------------------------------------------
// 1. Where fp-endpoint differs from @octokit/endpoint
// -------------------------------------------------------------------------------------------------

interface Difference {
  readonly id: string
  readonly run: (e: Loose) => unknown
  readonly fp: unknown
  readonly octokit: unknown
}
const sparse = Object.assign(new Array<number>(3), { 0: 1, 2: 2 })
const header = (h: Record<string, unknown>, name: string) => (Object.hasOwn(h, name) ? h[name] : "absent")
const MISREAD = (c: string, at: number, t: string) => threw(`url: "${c}", which URL parsers read otherwise at position ${at} in template "${t}"`)
const NOT_QUERY = "cannot be sent as a query parameter: expected a string, finite number, boolean, bigint or an array of them, got"
const BASE_URL = 'baseUrl: expected an absolute http(s) url with no query, fragment, whitespace or backslash, or "", got'
const PROTO = "a key named __proto__ would set a prototype instead of a key: rename it"
const HOST = "only a simple {name} that writes something may stand in the url's scheme or host"
const DOTS = 'a value cannot make a path segment "." or ".." (URL parsers would move the request)'
const ROUTE_URL = (u: string) => threw(`route: expected a url that starts with "/", "{" or a scheme, got "${u}"`)

const DIFFERENCES: ReadonlyArray<Difference> = [
  { id: "1.1", run: (e) => e("GET /x").method, fp: "get", octokit: "GET" },
  {
    id: "1.2",
    run: (e) => e("GET /repos/o/r", { mediaType: { previews: ["symmetra"] } }).headers.accept,
    fp: "application/vnd.github.symmetra-preview+json",
    octokit: "application/vnd.github.v3+json",
  },
  {
    id: "1.3",
    run: (e) => e("POST /graphql", { mediaType: { previews: ["symmetra-preview-preview"] } }).headers.accept,
    fp: "application/vnd.github.symmetra-preview+json",
    octokit: "application/vnd.github.symmetra-preview-preview+json",
  },
  { id: "1.4", run: (e) => e("GET /x#f", { a: 1 }).url, fp: `${G}/x?a=1#f`, octokit: `${G}/x#f?a=1` },
  { id: "1.5", run: (e) => e("GET /x", { "a[]": [1, 2] }).url, fp: `${G}/x?a%5B%5D=1&a%5B%5D=2`, octokit: `${G}/x?a[]=1%2C2` },
  { id: "1.6", run: (e) => e("GET /x", { page: null }).url, fp: `${G}/x`, octokit: `${G}/x?page=null` },
  { id: "1.7", run: (e) => e("GET /x", { labels: ["a", null, "b"] }).url, fp: `${G}/x?labels=a%2Cb`, octokit: `${G}/x?labels=a%2C%2Cb` },
  {
    id: "1.8",
    run: (e) => each([{ filter: { a: 1 } }, { a: Number.NaN }, { a: sparse }], (q) => e("GET /x", q).url),
    fp: [threw(`filter: ${NOT_QUERY} object`), threw(`a: ${NOT_QUERY} NaN`), threw("a: a sparse array (with holes) is not accepted")],
    octokit: [`${G}/x?filter=%5Bobject%20Object%5D`, `${G}/x?a=NaN`, `${G}/x?a=1%2C%2C2`],
  },
  { id: "1.9", run: (e) => e("GET /x?", { a: 1 }).url, fp: `${G}/x?a=1`, octokit: `${G}/x?&a=1` },
  {
    id: "1.10",
    run: (e) => {
      const r = e("GET /x", { data: { a: 1 } })
      return [r.url, "body" in r]
    },
    fp: [`${G}/x`, false],
    octokit: [`${G}/x?data=%5Bobject%20Object%5D`, false],
  },
  {
    id: "1.11",
    run: (e) => [e("GET /x/").url, e("GET /issues/{n}", { n: "" }).url],
    fp: [`${G}/x/`, `${G}/issues/`],
    octokit: [`${G}/x`, `${G}/issues`],
  },
  {
    id: "1.12",
    run: (e) =>
      ["PUT", "PATCH", "POST", "DELETE"].map((m) => {
        const r = e(`${m} /x`)
        return ["body" in r ? r.body : "no body", header(r.headers, "content-type")]
      }),
    fp: [["no body", "absent"], ["no body", "absent"], ["no body", "absent"], ["no body", "absent"]],
    octokit: [["", "absent"], ["", "absent"], ["no body", "absent"], ["no body", "absent"]],
  },
  {
    id: "1.13",
    run: (e) => [new FormData(), new URLSearchParams("a=1")].map((data) => header(e("POST /x", { data }).headers, "content-type")),
    fp: ["absent", "absent"],
    octokit: [JSON_TYPE, JSON_TYPE],
  },
  {
    id: "1.14",
    run: (e) => e.defaults({ method: "POST", url: "/x", data: { a: 1 } })({ data: { b: 2 } }).body,
    fp: { b: 2 },
    octokit: { a: 1, b: 2 },
  },
  {
    id: "1.15",
    run: (e) => [
      e.defaults({ method: "POST", url: "/x", committer: { name: "n" } })({ committer: { email: "e" } }).body,
      e.defaults({ url: "/x", request: { a: { x: 1 }, f: 1 } })({ request: { a: { y: 2 } } }).request,
      e.defaults({ url: "/x", request: { fetch: 1 } })({ request: { signal: 2 } }).request,
    ],
    fp: [{ committer: { email: "e" } }, { a: { y: 2 }, f: 1 }, { fetch: 1, signal: 2 }],
    octokit: [{ committer: { name: "n", email: "e" } }, { a: { x: 1, y: 2 }, f: 1 }, { fetch: 1, signal: 2 }],
  },
  {
    id: "1.16",
    run: (e) => {
      const labels = ["a"]
      const d = e.defaults({ method: "POST", url: "/x", labels })
      labels.push("b")
      return [Object.isFrozen(e.DEFAULTS), d().body]
    },
    fp: [true, { labels: ["a"] }],
    octokit: [false, { labels: ["a", "b"] }],
  },
  { id: "1.17", run: (e) => e({ url: "/x" }, { a: 1 }).url, fp: `${G}/x?a=1`, octokit: `${G}/x` },
  {
    id: "1.18",
    run: (e) => Object.keys(e.merge({ a: 1 })),
    fp: threw("url: required, got nothing"),
    octokit: ["method", "baseUrl", "headers", "mediaType", "a"],
  },
  {
    id: "1.19",
    run: (e) => [
      outcome(() => e("GET /repos/{owner}/{repo}/issues", { repo: "r" }).url),
      outcome(() => e("DELETE /repos/{owner}/{repo}", { owner: "o" }).url),
    ],
    fp: [threw("missing parameter: owner"), threw("missing parameter: repo")],
    octokit: [`${G}/repos//r/issues`, `${G}/repos/o`],
  },
  {
    id: "1.20",
    run: (e) => each(["GET", "GET/user"], (r) => e(r).url),
    fp: [ROUTE_URL("GET"), ROUTE_URL("GET/user")],
    octokit: ["https://api.github.comGET", "https://api.github.comGET/user"],
  },
  {
    id: "1.21",
    run: (e) => each(["GET  /x", "GET\t/x", "GET /a b"], (r) => e(r).url),
    fp: [`${G}/x`, `${G}/x`, threw('route: expected "<METHOD> <URL>", got more than two parts in "GET /a b"')],
    octokit: ["https://api.github.comGET", "https://api.github.comGET%09/x", `${G}/a`],
  },
  {
    id: "1.22",
    run: (e) => [
      outcome(() => e("PATCH /hooks/{id}/config", { id: 1, url: "https://example.com/hook" }).url),
      outcome(() => e("GET /x", { method: "DELETE" }).method),
      outcome(() => e("GET /x", { url: "/x", method: "get" }).url),
    ],
    fp: [
      threw('url: set to "/hooks/{id}/config" by the route, the options give "https://example.com/hook"; a body field of that name goes in data'),
      threw('method: set to "GET" by the route, the options give "DELETE"; a body field of that name goes in data'),
      `${G}/x`,
    ],
    octokit: ["https://example.com/hook", "DELETE", `${G}/x`],
  },
  {
    id: "1.23",
    run: (e) => [outcome(() => e("DELETE /things/{data}", { data: "42" }).url), outcome(() => e("GET /things/:method").url)],
    fp: ["data", "method"].map((n) => threw(`url: the placeholder "${n}" is named as an option, which never fills the url: rename it`)),
    octokit: [`${G}/things/42`, `${G}/things`],
  },
  {
    id: "1.24",
    run: (e) => [
      e("GET /search?q=user:theonion").url,
      e("POST /v1/{name}:cancel", { name: "ops" }).url,
      e({ url: "https://user:token@github.com/x" }).url,
      e({ url: "/x/:a", a: "A" }).url,
      e({ url: "/x/:Owner", Owner: "A" }).url,
      e({ url: "https://:host/x", host: "h.example" }).url,
    ],
    fp: [`${G}/search?q=user:theonion`, `${G}/v1/ops:cancel`, "https://user:token@github.com/x", `${G}/x/A`, `${G}/x/A`, "https://h.example/x"],
    octokit: [`${G}/search?q=user`, `${G}/v1/ops`, "https://user@github.com/x", `${G}/x/:a?a=A`, `${G}/x/:Owner?Owner=A`, "https://h.example/x"],
  },
  {
    id: "1.25",
    run: (e) => [
      outcome(() => e("DELETE /repos/{owner}/{repo}", { owner: "victim", repo: ".." }).url),
      outcome(() => e("GET /x/{+p}", { p: "a/%2e%2e/b" }).url),
      e("GET /a/../b").url,
    ],
    fp: [threw(`repo: ${DOTS}`), threw(`p: ${DOTS}`), `${G}/a/../b`],
    octokit: [`${G}/repos/victim/..`, `${G}/x/a/%2e%2e/b`, `${G}/a/../b`],
  },
  {
    id: "1.26",
    run: (e) => [
      ...each([".evil.com/user", "@evil.com/user"], (path) => e("GET https://api.github.com{+path}", { path }).url),
      outcome(() => e("GET https://api.github.com{name}", { name: ".evil.com" }).url),
    ],
    fp: [
      threw(`path: ${HOST}`),
      threw(`path: ${HOST}`),
      threw('name: a value cannot change the origin the url names: it would send the request to "https://api.github.com.evil.com"'),
    ],
    octokit: ["https://api.github.com.evil.com/user", "https://api.github.com@evil.com/user", "https://api.github.com.evil.com"],
  },
  {
    id: "1.27",
    run: (e) => each(["https://h\\@evil.com/", "/a\tb", "/a\r\nb", " /x", "/x "], (url) => e({ url }).url),
    fp: [
      MISREAD("\\\\", 9, "https://h\\\\@evil.com/"),
      MISREAD("\\t", 2, "/a\\tb"),
      MISREAD("\\r", 2, "/a\\r\\nb"),
      MISREAD(" ", 0, " /x"),
      MISREAD(" ", 2, "/x "),
    ],
    octokit: ["https://h%5C@evil.com", `${G}/a%09b`, `${G}/a%0D%0Ab`, "https://api.github.com%20/x", `${G}/x%20`],
  },
  {
    id: "1.28",
    run: (e) => [e("GET /user", { baseUrl: "https://ghe.example/api/" }).url, e({ url: "user" }).url],
    fp: ["https://ghe.example/api/user", `${G}/user`],
    octokit: ["https://ghe.example/api//user", "https://api.github.comuser"],
  },
  {
    id: "1.29",
    run: (e) => [e({ url: "ftp://h.example/x" }).url, e({ url: "mailto:{to}", to: "a@b.example" }).url, e({ url: "http/{s}", s: "x" }).url],
    fp: ["ftp://h.example/x", "mailto:a%40b.example", `${G}/http/x`],
    octokit: ["https://api.github.comftp://h.example/x", "https://api.github.commailto:a%40b.example", "http/x"],
  },
  {
    id: "1.30",
    run: (e) => each(["https://h.example/?a=1", "h.example"], (baseUrl) => e("GET /x", { baseUrl }).url),
    fp: [threw(`${BASE_URL} "https://h.example/?a=1"`), threw(`${BASE_URL} "h.example"`)],
    octokit: ["https://h.example/?a=1/x", "h.example/x"],
  },
  {
    id: "1.31",
    run: (e) => each(["baseURL", "baseurl"], (key) => e("GET /user", { [key]: "https://ghe.example/api/v3" }).url),
    fp: ["baseURL", "baseurl"].map((k) => threw(`${k}: the option is spelt baseUrl; as a parameter this would go to the query or the body`)),
    octokit: ["baseURL", "baseurl"].map((k) => `${G}/user?${k}=https%3A%2F%2Fghe.example%2Fapi%2Fv3`),
  },
  {
    id: "1.32",
    run: (e) => each(["GET /repos/{owner", "GET /repos/owner}"], (r) => e(r).url),
    fp: [threw('url: unclosed "{" at position 7 in template "/repos/{owner"'), threw('url: unmatched "}" at position 12 in template "/repos/owner}"')],
    octokit: [`${G}/repos/{owner`, `${G}/repos/owner}`],
  },
  {
    id: "1.33",
    run: (e) => [
      outcome(() => e("GET /x", { headers: { Authorization: "token a", authorization: "token b" } }).headers.authorization),
      e.defaults({ headers: { authorization: "token a" } })("GET /x", { headers: { Authorization: "token b" } }).headers.authorization,
    ],
    fp: [threw("headers.authorization: names a header another key names: one value would be lost"), "token b"],
    octokit: ["token b", "token b"],
  },
  {
    id: "1.34",
    run: (e) => [
      header(e("GET /x", { headers: { "user-agent": null } }).headers, "user-agent"),
      header(e.defaults({ headers: { "x-a": "1" } })("GET /x", { headers: { "x-a": null } }).headers, "x-a"),
    ],
    fp: ["absent", "absent"],
    octokit: [null, null],
  },
  {
    id: "1.35",
    run: (e) =>
      each([{ "x-a": Number.NaN }, { "x-a": {} }, { "x-a": "a\r\nb: c" }, { "x a": "1" }, { "x-n": 5 }], (headers) =>
        header(e("GET /x", { headers }).headers, Object.keys(headers)[0]!),
      ),
    fp: [
      threw("headers.x-a: expected a string or a finite number, got NaN"),
      threw("headers.x-a: expected a string or a finite number, got object"),
      threw("headers.x-a: a header value cannot hold CR, LF or NUL"),
      threw('headers["x a"]: not an RFC 9110 token'),
      5,
    ],
    octokit: [Number.NaN, {}, "a\r\nb: c", "1", 5],
  },
  {
    id: "1.36",
    run: (e) => e("GET /x", { mediaType: { preview: ["x"] } }).headers.accept,
    fp: threw("mediaType.preview: unknown key (expected format or previews)"),
    octokit: "application/vnd.github.v3+json",
  },
  {
    id: "1.37",
    run: (e) =>
      each([{ format: "raw, text/html" }, { previews: ["a,text/html"] }], (mediaType) => e("GET /graphql", { mediaType }).headers.accept),
    fp: [
      threw('mediaType.format: expected "" or an RFC 9110 token, got "raw, text/html"'),
      threw('mediaType.previews[0]: expected a name of letters, digits, _ and -, got "a,text/html"'),
    ],
    octokit: ["application/vnd.github.v3.raw, text/html", "application/vnd.github.a,text/html-preview+json"],
  },
  {
    id: "1.38",
    run: (e) => [
      outcome(() => {
        const r = e("POST /x", JSON.parse('{"__proto__":{"x":1}}'))
        return "body" in r ? r.body : "no body"
      }),
      outcome(() => Object.hasOwn(e("GET /x", { headers: JSON.parse('{"__proto__":"x"}') }).headers, "__proto__")),
      outcome(() => Object.keys(e("GET /x", { request: JSON.parse('{"__proto__":{"a":1}}') }).request!)),
    ],
    fp: [threw(`__proto__: ${PROTO}`), threw(`headers.__proto__: ${PROTO}`), threw(`request.__proto__: ${PROTO}`)],
    octokit: ["no body", false, ["__proto__"]],
  },
  { id: "1.39", run: (e) => e({ method: "GE T", url: "/x" }).method, fp: threw('method: "GE T" is not an HTTP method token'), octokit: "GE T" },
  {
    id: "1.40",
    run: (e) => [
      outcome(() => e(null).url),
      outcome(() => e({ url: "/x", headers: "x" }).headers["0"]),
      outcome(() => e("GET /x", { request: "x" }).request),
    ],
    fp: [
      threw("options: expected a plain object, got null"),
      threw("headers: expected a plain object, got string"),
      threw("request: expected a plain object, got string"),
    ],
    octokit: [`${G}/`, "x", "x"],
  },
  {
    id: "1.41",
    run: (e) => [
      outcome(() => e("GET /x", { q: "\ud800" }).url),
      outcome(() => e("GET /x", { headers: { accept: 5 }, mediaType: { format: "raw" } }).headers.accept),
    ],
    fp: [threw("q: a lone surrogate cannot be percent-encoded"), 5],
    octokit: [threw("URI malformed", "URIError"), threw("headers.accept.split is not a function", "TypeError")],
  },
]

describe("1. where fp-endpoint differs from @octokit/endpoint", () => {
  test.each(pin(DIFFERENCES))("%s", (_id, row) => {
    expect({ fp: outcome(() => row.run(fp)), octokit: outcome(() => row.run(octokit)) }).toEqual({ fp: row.fp, octokit: row.octokit })
  })
})

// -------------------------------------------------------------------------------------------------
// 2. Where route mode differs from RFC 6570
// -------------------------------------------------------------------------------------------------

type Values = Record<string, unknown>
/** A template expanded in one mode: the text, or `{ error }` with the EndpointError's message. */
const expandIn = (mode: Template.Mode, template: string, values: Values): unknown => {
  const expanded = E.flatMap(Template.expand(values))(Template.parse(template, mode))
  return E.isRight(expanded) ? expanded.right : { error: expanded.left.message }
}
/** What `endpoint()` gives for the template as the url, without a base url. */
const urlOf = (template: string, values: Values): unknown => {
  const r = endpoint.either({ url: template, baseUrl: "", ...values } as never)
  return E.isRight(r) ? r.right.url : { error: r.left.message }
}

interface ModeRow {
  readonly id: string
  /** template, values, RFC 6570's expansion, route mode's (or endpoint()'s, for the rows about the url) */
  readonly cases: ReadonlyArray<readonly [string, Values, unknown, unknown]>
  readonly route?: (template: string, values: Values) => unknown
}
const missing = (n: string) => ({ error: `missing parameter: ${n}` })
const misread = (c: string, at: number, t: string) => ({ error: `url: "${c}", which URL parsers read otherwise at position ${at} in template "${t}"` })

const MODES: ReadonlyArray<ModeRow> = [
  {
    id: "2.1",
    cases: [
      ["/x/:a", { a: "A" }, "/x/:a", "/x/A"],
      ["/a//:b", { b: "B" }, "/a//:b", "/a//B"],
      ["/a?x=:b", { b: "B" }, "/a?x=:b", "/a?x=:b"],
      ["/a#/:b", { b: "B" }, "/a#/:b", "/a#/:b"],
      ["/a/x:b", { b: "B" }, "/a/x:b", "/a/x:b"],
    ],
  },
  {
    id: "2.2",
    cases: [["/teams/{enterprise-team}", { "enterprise-team": "t" }, { error: 'url: unexpected "-" in an expression at position 18 in template "/teams/{enterprise-team}"' }, "/teams/t"]],
  },
  {
    id: "2.3",
    cases: [
      ["/repos/{owner}/{repo}", { owner: "o" }, "/repos/o/", missing("repo")],
      ["/repos/{owner}/{repo}", { owner: "o", repo: null }, "/repos/o/", missing("repo")],
      ["/repos/{owner}/{repo}", { owner: "o", repo: [] }, "/repos/o/", missing("repo")],
      ["/repos/{owner}/{repo}", { owner: "o", repo: { k: null } }, "/repos/o/", missing("repo")],
      ["/x/{+p}", {}, "/x/", missing("p")],
      ["/x/:p", {}, "/x/:p", missing("p")],
      ["/repos/{owner}/{repo}", { owner: "o", repo: "" }, "/repos/o/", "/repos/o/"],
      ["/x{/p}{?q}{#f}", {}, "/x", "/x"],
    ],
  },
  {
    id: "2.4",
    cases: [
      ["/a\\b", {}, "/a%5Cb", misread("\\\\", 2, "/a\\\\b")],
      ["/a\tb", {}, "/a%09b", misread("\\t", 2, "/a\\tb")],
      ["/a\rb", {}, "/a%0Db", misread("\\r", 2, "/a\\rb")],
      ["/a\nb", {}, "/a%0Ab", misread("\\n", 2, "/a\\nb")],
      [" /a", {}, "%20/a", misread(" ", 0, " /a")],
      ["/a ", {}, "/a%20", misread(" ", 2, "/a ")],
      ["/a b\u0001", {}, "/a%20b%01", misread("\\u0001", 4, "/a b\\u0001")],
      ["/a b", {}, "/a%20b", "/a%20b"],
    ],
  },
  {
    id: "2.5",
    route: urlOf,
    cases: [
      ["https://api.github.com{+path}", { path: ".evil.com/x" }, "https://api.github.com.evil.com/x", { error: `path: ${HOST}` }],
      ["https://{host}/x", { host: "ghe.example" }, "https://ghe.example/x", "https://ghe.example/x"],
      ["{+origin}/x", { origin: "https://ghe.example" }, "https://ghe.example/x", "https://ghe.example/x"],
    ],
  },
  { id: "2.6", route: urlOf, cases: [["/x/{p}", { p: ".." }, "/x/..", { error: `p: ${DOTS}` }], ["/x/{+p}", { p: "a/%2e%2e/b" }, "/x/a/%2e%2e/b", { error: `p: ${DOTS}` }]] },
  { id: "2.7", route: urlOf, cases: [["/{a}/{b}", { a: "", b: "evil.example" }, "//evil.example", { error: `a: ${HOST}` }]] },
]

describe("2. where route mode differs from RFC 6570", () => {
  test.each(pin(MODES))("%s", (_id, row) => {
    for (const [template, values, rfc, route] of row.cases) {
      expect([template, expandIn("rfc6570", template, values), (row.route ?? ((t, v) => expandIn("route", t, v)))(template, values)]).toEqual([
        template,
        rfc,
        route,
      ])
    }
  })
  test("rfc6570 mode is url-template's RFC 6570 on these rows", () => {
    for (const row of MODES)
      for (const [template, values, rfc] of row.cases)
        if (typeof rfc === "string") expect([template, parseTemplate(template).expand(values as never)]).toEqual([template, rfc])
  })
})

/** Where RFC 6570 leaves the choice open: both modes decide the same way; url-template otherwise. */
interface BothRow {
  readonly id: string
  readonly cases: ReadonlyArray<readonly [string, Values, unknown, unknown]> // template, values, both modes, url-template
}
const huge = "a".repeat(70_000)
const BOTH: ReadonlyArray<BothRow> = [
  { id: "2.8", cases: [["/x{/p}", { p: null }, "/x", "/x"]] },
  { id: "2.9", cases: [["/x/{p}", { p: 12n }, "/x/12", "/x/"]] },
  {
    id: "2.10",
    cases: [
      ["/x/{p}", { p: { a: { b: 1 } } }, { error: "p.a: expected a string, number, boolean or bigint, got object" }, "/x/a,%5Bobject%20Object%5D"],
      ["/x/{p}", { p: () => 1 }, { error: "p: cannot expand a function in the url" }, "/x/"],
    ],
  },
  { id: "2.11", cases: [["/x/{p:2}", { p: ["abc", "def"] }, { error: "p: a prefix cannot apply to a list" }, "/x/abc,def"]] },
  { id: "2.12", cases: [["/x/{p}", { p: "\ud800" }, { error: "p: a lone surrogate cannot be percent-encoded" }, { throws: "URIError: URI malformed" }]] },
  {
    id: "2.13",
    cases: [
      ["/a{b", {}, { error: 'url: unclosed "{" at position 2 in template "/a{b"' }, "/a{b"],
      ["/a}", {}, { error: 'url: unmatched "}" at position 2 in template "/a}"' }, "/a}"],
    ],
  },
  { id: "2.14", cases: [["/x/{p}", { p: huge }, { error: "url: the expanded url is longer than 65536 characters" }, `/x/${huge}`]] },
]

describe("2. where both modes decide what RFC 6570 leaves open", () => {
  test.each(pin(BOTH))("%s", (_id, row) => {
    for (const [template, values, both, urlTemplate] of row.cases) {
      expect([template, expandIn("rfc6570", template, values), expandIn("route", template, values)]).toEqual([template, both, both])
      expect([template, outcome(() => parseTemplate(template).expand(values as never))]).toEqual([template, urlTemplate])
    }
  })
})

// -------------------------------------------------------------------------------------------------
// 3. Verdicts that changed in 0.1: every CHANGED_VERDICTS row is in the doc
// -------------------------------------------------------------------------------------------------

const DOC = readFileSync(new URL("../docs/decisions.md", import.meta.url), "utf8")
/** The lines of the doc's section `title`, up to the next `## ` heading. */
const section = (title: string): Array<string> => {
  const start = DOC.indexOf(`\n## ${title}\n`)
  expect(start, `section "${title}"`).toBeGreaterThanOrEqual(0)
  const end = DOC.indexOf("\n## ", start + 4)
  return DOC.slice(start, end < 0 ? undefined : end).split("\n")
}
/** A table's body rows: the lines starting with `| `, but for the header (the line before `|---`). */
const bodyRows = (lines: ReadonlyArray<string>): Array<string> =>
  lines.filter((l, i) => l.startsWith("| ") && !lines[i + 1]?.startsWith("|---"))
/** The cells of a table row. */
const cells = (row: string): Array<string> => row.slice(2, -2).split(" | ")

describe("3. verdicts that changed in 0.1", () => {
  // CHANGED_VERDICTS lives in a test file; importing it would register that file's tests, so its source is read
  const source = readFileSync(new URL("./wrong-requests.test.ts", import.meta.url), "utf8")
  const array = source.slice(source.indexOf("export const CHANGED_VERDICTS"), source.indexOf("\ndescribe(", source.indexOf("export const CHANGED_VERDICTS")))
  const templates = [...array.matchAll(/\{ template: ("(?:[^"\\]|\\.)*"),/g)].map((m) => JSON.parse(m[1]!) as string)

  test("the templates are read from CHANGED_VERDICTS, one a row", () => {
    expect(templates.length).toBeGreaterThanOrEqual(40)
    expect(templates.length).toBe(array.match(/\bwas: (?:url|err)\(/g)?.length)
  })
  test("the doc's table has one row per CHANGED_VERDICTS row, in order, each with its template", () => {
    const rows = bodyRows(section("Verdicts that changed in 0.1: the url judged after expansion"))
    expect(rows.map((r) => cells(r)[0])).toEqual(templates.map((t) => `\`${t}\``))
  })
})

// -------------------------------------------------------------------------------------------------
// 4. Behaviour that changed in 0.1 at the edges (the fetch adapters)
// -------------------------------------------------------------------------------------------------

const post = (data: unknown) => endpoint("POST /x", { data })
/** The JSON body `toRequestInit` sends, or `{ path, message }` of its EndpointError. */
const sent = (data: unknown): unknown => {
  const args = toRequestInitEither(post(data))
  return E.isLeft(args) ? { path: args.left.path, message: args.left.message } : args.right[1].body
}
const refused = (path: string, problem: string) => ({ path, message: `${path}: ${problem}` })
const nested = (levels: number): object => {
  const root: Record<string, unknown> = {}
  let at = root
  for (let i = 0; i < levels; i++) at = (at.x = {}) as Record<string, unknown>
  return root
}
const cycle: Record<string, Record<string, unknown>> = { a: { b: {} } }
cycle.a!.b = cycle
class TaggedForm {
  a = 1
  get [Symbol.toStringTag]() {
    return "FormData"
  }
}
class ShapedForm {
  a = 1
  append() {}
  get() {}
  entries() {}
}
const request = (r: Record<string, unknown>) => endpoint("GET /x", { request: r })
const errorOf = (f: () => unknown) => {
  try {
    f()
  } catch (e) {
    return { path: (e as { path: string }).path, message: (e as Error).message.replace(/TypeError: .*/, "TypeError: …") }
  }
  return "nothing thrown"
}

interface EdgeRow {
  readonly id: string
  readonly check: () => void | Promise<void>
}
const EDGES: ReadonlyArray<EdgeRow> = [
  {
    id: "4.1",
    check: () => {
      const stringify = (data: unknown) => {
        const r = sent(data) as { path: string; message: string }
        return [r.path, /^body: cannot be serialised as JSON \((?:Error|TypeError|RangeError): /.test(r.message)]
      }
      const throwing = {
        a: {
          get b(): never {
            throw new Error("boom")
          },
        },
      }
      for (const data of [throwing, cycle, nested(200_000), { a: { n: Object(1n) } }]) expect(stringify(data)).toEqual(["body", true])
      expect(sent(cycle)).toMatchObject({ message: expect.stringContaining("circular") })
      // what the check itself refuses still gets the key path
      expect(sent({ a: { n: 1n } })).toEqual(refused("body.a.n", "a bigint cannot be serialised as JSON"))
      expect(sent({ a: () => 1 })).toEqual(refused("body.a", "a function would be left out"))
      expect(sent({ a: [undefined] })).toEqual(refused("body.a[0]", "an undefined would be sent as null"))
      expect(sent({ a: new Map() })).toEqual(refused("body.a", "a Map would be sent as {}"))
    },
  },
  {
    id: "4.2",
    check: () => {
      const objects = [new Error("x"), /x/, new WeakRef({}), Promise.resolve(1), new Response("x"), new Request("https://h.example/"), new Headers({ x: "1" })]
      for (const a of objects) expect(sent({ a })).toBe('{"a":{}}')
      expect(sent({ a: new URL("https://h.example/"), d: new Date(0) })).toBe('{"a":"https://h.example/","d":"1970-01-01T00:00:00.000Z"}')
    },
  },
  {
    id: "4.3",
    check: () => {
      for (const a of [new Date(Number.NaN), new Number(Number.NaN), new Number(Number.POSITIVE_INFINITY)]) expect(sent({ a })).toBe('{"a":null}')
      expect(sent({ a: Number.NaN })).toEqual(refused("body.a", "NaN would be sent as null"))
      expect(sent({ a: Number.POSITIVE_INFINITY })).toEqual(refused("body.a", "Infinity would be sent as null"))
    },
  },
  {
    id: "4.4",
    check: async () => {
      const plain = { [Symbol.toStringTag]: "FormData", a: 1 }
      for (const data of [plain, new ShapedForm()]) {
        expect(post(data).headers["content-type"]).toBe(JSON_TYPE)
        expect(sent(data)).toBe('{"a":1}')
      }
      const tagged = new TaggedForm()
      expect(post(tagged).headers["content-type"]).toBeUndefined()
      expect(toRequestInit(post(tagged))[1].body).toBe(tagged)
      const r = toRequest(post(tagged)) as Request
      expect([r.headers.get("content-type"), await r.text()]).toEqual(["text/plain;charset=UTF-8", "[object FormData]"])
    },
  },
  {
    id: "4.5",
    check: () => {
      expect(toRequestInit(request({ keepalive: "yes", priority: 5 }))[1]).toMatchObject({ keepalive: "yes", priority: 5 })
      expect((toRequest(request({ keepalive: "yes" })) as Request).keepalive).toBe(true)
      expect(errorOf(() => toRequestInit(request({ redirect: "bogus" })))).toEqual({
        path: "request.redirect",
        message: "request.redirect: fetch refuses it: TypeError: …",
      })
      expect(errorOf(() => toRequest(request({ signal: "x" })))).toEqual({ path: "request.signal", message: "request.signal: fetch refuses it: TypeError: …" })
    },
  },
]

describe("4. behaviour that changed in 0.1 at the edges", () => {
  test.each(pin(EDGES))("%s", async (_id, row) => {
    await row.check()
  })
})

// -------------------------------------------------------------------------------------------------
// 5. Design notes
// -------------------------------------------------------------------------------------------------

class Agent {}
const NOTES: ReadonlyArray<EdgeRow> = [
  {
    id: "5.1",
    check: () => {
      const cancel = (url: string, name: string) => endpoint({ method: "POST", url, name }).url
      expect(cancel("{name}:cancel", "ops-1")).toBe("ops-1:cancel")
      expect(cancel("{name}:cancel", "https")).toBe("https:cancel")
      expect(new URL(cancel("{name}:cancel", "https")).host).toBe("cancel")
      expect(cancel("/v1/{name}:cancel", "ops-1")).toBe(`${G}/v1/ops-1:cancel`)
      expect(cancel("{+name}:cancel", "projects/p/operations/o")).toBe(`${G}/projects/p/operations/o:cancel`)
    },
  },
  {
    id: "5.2",
    check: () => {
      const url = endpoint({ url: "https:{x}//api.github.com/", x: "evil.com" }).url
      expect([url, new URL(url).host]).toEqual(["https:evil.com//api.github.com/", "evil.com"])
    },
  },
  {
    id: "5.3",
    check: () => {
      expect(urlOf("http://[{+ip}]/", { ip: "::1" })).toEqual({ error: `ip: ${HOST}` })
      expect(urlOf("http://[{ip}]/", { ip: "::1" })).toEqual({ error: 'ip: URL parsers refuse it: "http://[%3A%3A1]/"' })
      expect(urlOf("http://[::1]:{port}/x", { port: 8080 })).toBe("http://[::1]:8080/x")
      expect(urlOf("{+origin}/x", { origin: "http://[::1]:8080" })).toBe("http://[::1]:8080/x")
      expect(endpoint("GET /x", { baseUrl: "http://[::1]:8080" }).url).toBe("http://[::1]:8080/x")
    },
  },
  {
    id: "5.4",
    check: () => {
      const [agent, inner] = [new Agent(), { a: 1 }]
      const given = { agent, inner }
      const r = endpoint("GET /x", { request: given })
      expect([r.request === given, r.request?.agent === agent, r.request?.inner === inner]).toEqual([false, true, true])
      expect(octokit("GET /x", { request: given }).request).toBe(given)
    },
  },
  {
    id: "5.5",
    check: () => {
      const agent = new Agent()
      const e = endpoint.defaults({ method: "POST", url: "/x", labels: ["a"], request: { agent } })
      const call = e as unknown as Loose
      const [a, b] = [call() as { body: { labels: Array<string> } }, call() as { body: { labels: Array<string> } }]
      expect(a.body).not.toBe(b.body)
      expect(a.body.labels).toBe(b.body.labels)
      expect(a.body.labels).toBe((e.DEFAULTS as { labels?: unknown }).labels)
      expect(Object.isFrozen(a.body.labels)).toBe(true)
      expect(() => a.body.labels.push("b")).toThrow(TypeError)
      expect([call().request?.agent === agent, Object.isFrozen(agent)]).toEqual([true, false])
    },
  },
  {
    id: "5.6",
    check: () => {
      const decoded = Options.decode({ url: "/x", headers: { Accept: "y" }, a: 1 })
      expect(E.isRight(decoded) && Options.Codec.is(decoded.right)).toBe(true)
      expect(E.isRight(decoded) && Options.Codec.is(Options.concat(decoded.right, decoded.right))).toBe(true)
      expect(Options.Codec.is(Options.empty)).toBe(true)
      const notNormal: ReadonlyArray<unknown> = [
        { ...Options.empty, url: "/x", headers: { Accept: "x" } },
        { ...Options.empty, mediaType: { format: undefined, previews: ["a", "a"] } },
        { ...Options.empty, mediaType: { format: undefined, previews: ["a-preview"] } },
        { ...Options.empty, headers: { a: undefined } },
        { url: "/x" },
      ]
      for (const o of notNormal) expect([o, Options.Codec.is(o)]).toEqual([o, false])
    },
  },
  {
    id: "5.7",
    check: () => {
      const proto = Object.prototype as Record<string, unknown>
      /** `f` run while Object.prototype holds `keys`, which are removed again before anything else runs. */
      const polluted = <A>(keys: Record<string, unknown>, f: () => A): A => {
        try {
          Object.assign(proto, keys)
          return f()
        } finally {
          for (const key of Object.keys(keys)) delete proto[key]
        }
      }
      const own = polluted({ url: "https://evil.example/", page: 2, owner: "evil" }, () =>
        endpoint("POST /repos/{owner}/x", { owner: "o", a: 1 }),
      )
      expect([own.url, own.body]).toEqual([`${G}/repos/o/x`, { a: 1 }])
      expect(polluted({ toJSON: () => "polluted" }, () => toRequestInit(post({ a: 1 }))[1].body)).toBe('"polluted"')
    },
  },
  {
    id: "5.8",
    check: () => {
      const decoded = Options.decode({ method: "GET", url: "/x", page: 2 })
      if (E.isLeft(decoded)) throw new Error("decode failed")
      const refused = outcome(() => fp(decoded.right))
      expect(refused).toEqual(
        threw(
          "params: options in the model's form (what Options.decode returns): pass Options.encode(options); a body field named params goes in data",
        ),
      )
      expect(fp(Options.encode(decoded.right)).url).toBe(`${G}/x?page=2`)
      const allSet = { method: "POST", url: "/x", baseUrl: G, headers: {}, mediaType: {}, data: { a: 1 }, request: {}, params: 3 }
      expect(fp(allSet).body).toEqual({ a: 1 })
    },
  },
]

describe("5. design notes", () => {
  test.each(pin(NOTES))("%s", async (_id, row) => {
    await row.check()
  })
})

// -------------------------------------------------------------------------------------------------
// the doc's test column names exactly the rows pinned here
// -------------------------------------------------------------------------------------------------

test("every numbered row of docs/decisions.md is pinned here, and every row pinned here is in it", () => {
  const ids = DOC.split("\n")
    .filter((l) => l.startsWith("| "))
    .map((l) => cells(l).at(-1)!)
    .filter((c) => /^\d+\.\d+$/.test(c))
  expect(new Set(ids).size).toBe(ids.length)
  expect([...ids].sort()).toEqual([...PINNED].sort())
})
