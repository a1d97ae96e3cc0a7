// No silent wrong requests: each case here returned a request that looked fine
// and said something else (most still do in @octokit/endpoint).
import { execFileSync } from "node:child_process"
import * as E from "fp-ts/lib/Either.js"
import { pipe } from "fp-ts/lib/function.js"
import { describe, expect, test } from "vitest"
import { endpoint, EndpointError, isEndpointError, Options, Parse, Request } from "../src/index.js"
import { errorOf } from "./helpers.js"

describe("a route fixes the method and the url", () => {
  test("a body field named url is an error pointing to data, not a request to another host", () => {
    const e = errorOf(() =>
      endpoint("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", {
        owner: "o", repo: "r", hook_id: 1, url: "https://example.com/hook", headers: { authorization: "token secret" },
      }),
    )
    expect(e.path).toBe("url")
    expect(e.message).toContain("data")
    // as data, it is the body
    const r = endpoint("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", {
      owner: "o", repo: "r", hook_id: 1, data: { url: "https://example.com/hook", content_type: "json" },
    })
    expect(r.url).toBe("https://api.github.com/repos/o/r/hooks/1/config")
    expect(r.body).toEqual({ url: "https://example.com/hook", content_type: "json" })
  })
  test("a different method is an error; an equal url or method (any case) is fine", () => {
    expect(errorOf(() => endpoint("GET /x", { method: "DELETE" })).path).toBe("method")
    expect(endpoint("GET /x", { method: "get", url: "/x" }).url).toBe("https://api.github.com/x")
    expect(errorOf(() => endpoint.merge("GET /x", { url: "/y" })).path).toBe("url")
  })
  test("without a route, url and method are options", () => {
    expect(endpoint({ method: "POST", url: "/x", a: 1 })).toMatchObject({ method: "post", url: "https://api.github.com/x", body: { a: 1 } })
  })
})

describe("a placeholder named as an option", () => {
  test("is an EndpointError: an option never fills the url, so DELETE /things/{data} would go to /things/", () => {
    for (const [route, name] of [["DELETE /things/{data}", "data"], ["GET /things/:method", "method"], ["GET /x{?url,page}", "url"], ["GET /{+baseUrl}/x", "baseUrl"]]) {
      const e = endpoint.either(route!, { data: "42", page: 1 })
      expect(e._tag === "Left" && e.left.message).toBe(`url: the placeholder "${name}" is named as an option, which never fills the url: rename it`)
    }
    expect(endpoint("DELETE /things/{thing}", { thing: "42" }).url).toBe("https://api.github.com/things/42")
  })
})

describe(":name is a placeholder only at the start of a path segment", () => {
  test("in the query and after } it is literal text", () => {
    expect(endpoint("GET /search/repositories?q=user:theonion").url).toBe("https://api.github.com/search/repositories?q=user:theonion")
    expect(endpoint("POST /v1/{name}:cancel", { name: "ops/1" }).url).toBe("https://api.github.com/v1/ops%2F1:cancel")
    expect(endpoint("GET /x#a:b").url).toBe("https://api.github.com/x#a:b")
    expect(endpoint("GET /time/12:30").url).toBe("https://api.github.com/time/12:30")
    expect(endpoint("GET /a/:b/c", { b: "B" }).url).toBe("https://api.github.com/a/B/c")
  })
})

describe("form and binary bodies keep their own content type", () => {
  const bodies: Array<[string, unknown]> = [
    ["URLSearchParams", new URLSearchParams("a=1")],
    ["FormData", new FormData()],
    ["Blob", new Blob(["x"])],
    ["ArrayBuffer", new ArrayBuffer(2)],
    ["Uint8Array", new Uint8Array(2)],
    ["DataView", new DataView(new ArrayBuffer(2))],
    ["ReadableStream", new ReadableStream()],
  ]
  for (const [name, data] of bodies) {
    test(`${name}: no content type is defaulted, the body is passed as it is`, () => {
      const r = endpoint("POST /upload", { data })
      expect(r.headers["content-type"]).toBeUndefined()
      expect(r.body).toBe(data)
    })
  }
  test("a form or binary body from another realm or another copy of fetch is known too", async () => {
    const { FormData: UndiciFormData } = await import("undici")
    const { runInNewContext } = await import("node:vm")
    for (const data of [new UndiciFormData(), runInNewContext("new ArrayBuffer(2)"), runInNewContext("new Uint8Array(2)")]) {
      expect(endpoint("POST /upload", { data }).headers["content-type"]).toBeUndefined()
    }
  })
  test("a string or an object body still gets the JSON content type; a given one is kept", () => {
    expect(endpoint("POST /x", { data: "x" }).headers["content-type"]).toBe("application/json; charset=utf-8")
    expect(endpoint("POST /x", { data: new Uint8Array(1), headers: { "content-type": "application/zip" } }).headers["content-type"]).toBe("application/zip")
  })
})

describe("a path value cannot move the request", () => {
  for (const repo of ["..", "."]) {
    test(`repo: ${JSON.stringify(repo)} is an EndpointError naming the parameter`, () => {
      expect(errorOf(() => endpoint("DELETE /repos/{owner}/{repo}", { owner: "victim", repo })).path).toBe("repo")
    })
  }
  test("reserved expansion, path segments and :name are checked too; dots inside a segment are fine", () => {
    expect(errorOf(() => endpoint("GET /x/{+path}", { path: "a/../b" })).path).toBe("path")
    // reserved expansion keeps %XX, and URL parsers resolve %2e as a dot
    for (const path of ["a/%2e%2E/b", "%2E", ".%2e/x"]) expect(errorOf(() => endpoint("GET /x/{+path}", { path })).path).toBe("path")
    // simple expansion encodes the % itself: "%2e" stays data
    expect(endpoint("GET /x/{id}", { id: "%2e%2e" }).url).toBe("https://api.github.com/x/%252e%252e")
    expect(errorOf(() => endpoint("GET /x{/list*}", { list: ["a", ".."] })).path).toBe("list")
    expect(errorOf(() => endpoint("GET /x/:id", { id: ".." })).path).toBe("id")
    expect(endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "rest.js" }).url).toBe("https://api.github.com/repos/o/rest.js")
    expect(endpoint("GET /x/{name}", { name: "..." }).url).toBe("https://api.github.com/x/...")
  })
  test("empty values that leave a literal dot as a whole segment are refused", () => {
    expect(errorOf(() => endpoint("DELETE /files/{name}.{ext}", { name: "", ext: "" })).path).toBe("name")
    expect(errorOf(() => endpoint("DELETE /a/{x}./b", { x: "" })).path).toBe("x")
    expect(endpoint("DELETE /files/{name}.{ext}", { name: "a", ext: "" }).url).toBe("https://api.github.com/files/a.")
  })
  test("a dot-segment check is linear in the url", () => {
    const started = performance.now()
    endpoint("GET /x" + "/.".repeat(15_000) + "{a}".repeat(15_000), { a: "b" })
    expect(performance.now() - started).toBeLessThan(2000) // a generous guard: it was quadratic
  })
  test("a value cannot change a host the template's text names; the host a template leaves to values is theirs", () => {
    const token = { headers: { authorization: "token SECRET" } }
    for (const path of ["@evil.com/user", ".evil.com/user", ":8443/user"]) {
      expect(errorOf(() => endpoint("GET https://api.github.com{+path}", { ...token, path })).message).toBe(
        `path: a value cannot change the host the url names: it would send the request to "https://api.github.com${path}"`,
      )
    }
    expect(errorOf(() => endpoint("GET https://api.github.com{name}", { name: ".evil.com" })).path).toBe("name") // "." is unreserved
    expect(errorOf(() => endpoint("GET http{s}://api.github.com{+p}", { s: "s", p: ".evil.com/x" })).path).toBe("p") // a scheme written by a value first
    expect(errorOf(() => endpoint("GET {scheme}://api.github.com{+p}", { scheme: "https", p: "@evil.com/x" })).path).toBe("p")
    expect(errorOf(() => endpoint({ url: "//api.github.com{+path}", baseUrl: "", path: ".evil.com" })).path).toBe("path")
    expect(errorOf(() => endpoint("GET https://{+sub}.github.com/x", { sub: "evil.com#" })).path).toBe("sub") // the host's last text must stay
    expect(errorOf(() => endpoint("GET http://localhost:{+port}/api", { port: "8080@evil.com" })).path).toBe("port") // no @ from a value
    expect(errorOf(() => endpoint("GET {+scheme}://api.github.com{+path}", { scheme: "https://evil.com/x?", path: "/user" })).path).toBe("scheme") // more than a scheme
    expect(errorOf(() => endpoint("GET https://{+sub}.github.com", { sub: "evil.com/" })).path).toBe("sub") // ends the host before the template's text
    expect(errorOf(() => endpoint("GET https://api.{+r}.example.com{/p}", { r: "evil.com/" })).path).toBe("r")
    expect(errorOf(() => endpoint("GET https://h{/p}{+x}", { x: ".evil.com" })).path).toBe("x") // an empty {/p} leaves the host open
    expect(errorOf(() => endpoint("GET https://api.github.com{.p}", { p: "evil.com" })).path).toBe("p")
    expect(errorOf(() => endpoint("GET https:{x}//api.github.com/", { x: "evil.com" })).path).toBe("x") // https:evil.com//… names evil.com
    expect(errorOf(() => endpoint("GET https:///api.github.com{+p}", { p: "@evil.com" })).path).toBe("p") // URL parsers skip the extra slash
    for (const route of ["GET https:api.github.com{+p}", "GET HTTP:/api.github.com{+p}", "GET wss:api.github.com{+p}"]) { // a special scheme's host needs no "//"
      expect(errorOf(() => endpoint(route, { p: ".evil.com/x" })).path).toBe("p")
    }
    // where the host begins URL parsers skip slashes: a value there decides whether the text that follows is the host
    for (const [route, values, name] of [
      ["GET https:{x}/api.github.com/x", { x: "evil.com" }, "x"], // no "//" in the text: https:/api.github.com names api.github.com
      ["GET https:/{x}/api.github.com/x", { x: "evil.com" }, "x"],
      ["GET https:{/x}/api.github.com/x", { x: "evil.com" }, "x"],
      ["GET https:/{/x}/api.github.com/x", { x: "evil.com" }, "x"],
      ["GET https:{+x}/api.github.com/x", { x: "//evil.com" }, "x"],
      ["GET https:{x}{/y}/api.github.com/x", { x: "", y: "evil.com" }, "y"],
      ["GET https:/{x}/api.github.com{;p}", { x: "x", p: "" }, "x"],
      ["GET https://api.github.com{+p}:443/x", { p: ".evil.com" }, "p"], // a port after the value is no host text before it
      ["GET https://api.github.com{;p}:443/x", { p: "" }, "p"],
      ["GET https://x-access-token:{token}@github.com{+path}:443", { token: "t", path: ".evil.com" }, "path"],
      ["GET http{s}:/{+x}/api.github.com/x", { s: "s", x: "/evil.com" }, "x"], // a scheme a value writes, with no "//"
      ["GET http{s}:{+x}/api.github.com/x", { s: "s", x: "//evil.com" }, "x"],
      ["GET {scheme}:/{+x}/api.github.com/x", { scheme: "https", x: "/evil.com" }, "x"],
      ["GET http{+s}:/api.github.com/x", { s: "s://evil.com/?" }, "s"], // the text began the scheme: a value may only finish it
      ["GET h{+s}:api.github.com/x", { s: "ttps://evil.com#" }, "s"],
      ["GET https://{+user}:x@h.example/x", { user: "evil.com/" }, "user"], // userinfo's ":" is no port's: the host text follows the "@"
      ["GET https://{+user}:{pass}@h.example/x", { user: "evil.com#", pass: "p" }, "user"],
      ["GET https://{+host}/repos", { host: "/evil.com" }, "host"], // more slashes: the path would be the host
      ["GET {x}http{+s}:/api.github.com/x", { s: "s://evil.com/?" }, "s"], // only a value that starts the url may write the origin
      ["GET {+scheme}:/api.github.com/x", { scheme: "https://evil.com/?" }, "scheme"], // and only before a port
      ["GET {+scheme}:api.github.com/x", { scheme: "https://evil.com#" }, "scheme"],
      ["GET https://api.github.com{+p}{/x}.json", { p: ".evil.com", x: "a" }, "p"], // text after {/x} is the path's
      ["GET https://{+sub}{/p}.github.com/x", { sub: "evil.com/" }, "sub"], // an empty {/p} leaves .github.com the host's
      ["GET https://{+sub}{?q}.github.com/x", { sub: "evil.com?" }, "sub"],
      ["GET {+a}:{port}@github.com/x", { a: "https://evil.com/?", port: "1" }, "a"], // no port alone after the ":"
      ["GET {+a}:8443{b}@github.com/x", { a: "https://evil.com/?", b: "" }, "a"],
      ["GET {+scheme}:{/p}/api.github.com/x", { scheme: "https://evil.com/?" }, "scheme"],
      ["GET {+a}.github.com:443/x", { a: "https://evil.com/?" }, "a"], // host text before the ":"
      ["GET {+a}:8443{/p}@github.com/x", { a: "https://evil.com/?" }, "a"], // an empty {/p}: the port's text goes on
      ["GET https://h{+a,b}/x", { b: "@evil.com" }, "b"], // the error names the expression's variable that has a value
      ["GET https://{+a,b}/x", { a: null, b: "/evil.com" }, "b"],
      ["GET https://{+x}{+a,b}/x", { x: "h.example", b: "@evil.com" }, "b"],
      ["GET https://h{+a,b}/x", { a: [], b: "@evil.com" }, "b"], // an empty list, a list of nulls, an empty record: no value (RFC 6570 §2.3)
      ["GET https://h{+a,b}/x", { a: [null], b: "@evil.com" }, "b"],
      ["GET https://h{+a,b}/x", { a: { k: null }, b: "@evil.com" }, "b"],
    ] as const) expect(errorOf(() => endpoint(route, values)).message).toMatch(new RegExp(`^${name}: a value cannot change the host the url names`))
    expect(errorOf(() => endpoint("GET https://{host}/{owner}/repos", { host: "", owner: "evil.com" })).message).toBe(
      'host: a value cannot leave the host empty: URL parsers would read the path as the host ("https:///evil.com/repos")',
    )
    for (const [route, values] of [ // the slash after the empty host from a value, or after a special scheme without "//"
      ["GET https://{host}{/owner,repo}", { owner: "evil.com", repo: "r" }],
      ["GET http{s}://{host}{/owner}", { s: "s", host: [], owner: "evil.com" }],
      ["GET https://{host}{+path}", { host: null, path: "/evil.com/x" }],
      ["GET https:/{host}/{owner}", { host: "", owner: "evil.com" }],
      ["GET https:{host}/{owner}", { host: "", owner: "evil.com" }],
      ["GET http{s}:/{host}/x", { s: "s" }],
      ["GET https://{x,host}/{owner}", { host: "", owner: "evil.com" }],
      ["GET https://{x,host}/{owner}", { x: [], host: "", owner: "evil.com" }],
    ] as const) expect(errorOf(() => endpoint(route, values)).message).toMatch(/^host: a value cannot leave the host empty/)
    for (const [url, values, name] of [ // {/p}, {?q} or {#f} writing nothing: the text or values after it would join the host
      ["https://unpkg.com{/pkg}@{version}{/file}", { version: "evil.com", file: "index.js" }, "pkg"], // https://unpkg.com@evil.com/index.js
      ["https://h.example{/path*}.{format}", { path: [], format: "evil.com" }, "path"],
      ["https://api.github.com{#f}.{x}", { x: "evil.com" }, "f"],
      ["https://api.github.com{/v}@evil.com", {}, "v"],
      ["https://github.com{/owner}{/repo}.git", {}, "owner"],
    ] as const) expect(errorOf(() => endpoint({ url, baseUrl: "", ...values })).message).toMatch(new RegExp(`^${name}: a value that writes nothing here lets what follows join the host`))
    expect(endpoint("GET https://{host}{/owner,repo}", { host: "h.example", owner: "o", repo: "r" }).url).toBe("https://h.example/o/r")
    expect(endpoint("GET https://x-access-token{t}:{p}@github.com/x", { t: "2", p: "q" }).url).toBe("https://x-access-token2:q@github.com/x")
    expect(endpoint("GET https://bob{x}:pw@h.example/x", { x: "by" }).url).toBe("https://bobby:pw@h.example/x")
    expect(errorOf(() => endpoint("GET https:{x}/api.github.com/x", { x: "" })).path).toBe("x") // a value where the slashes go: text or value may follow
    expect(endpoint("GET https:{host}", { host: "h.example" }).url).toBe("https:h.example") // no host text: the value's
    expect(endpoint("GET https://{+host}", { host: "/h.example" }).url).toBe("https:///h.example")
    expect(endpoint("GET https://{a}{b}/x", { a: "", b: "h.example" }).url).toBe("https://h.example/x")
    expect(endpoint("GET mailto:{to}", { to: "a@b.example" }).url).toBe("mailto:a%40b.example") // no host: anything goes
    let reads = 0
    const changing = Object.defineProperty([], 0, { get: () => (reads++ === 0 ? ".evil.com" : ""), enumerable: true })
    expect(errorOf(() => endpoint("GET https://api.github.com{+path}", { path: changing })).path).toBe("path") // judged on what was written
    const started = performance.now()
    expect(endpoint(`GET https://api.github.com${"{+x}".repeat(16_000)}`, { x: new Array(100_000).fill(null) }).url).toBe("https://api.github.com")
    expect(performance.now() - started).toBeLessThan(5000) // a generous guard: each list was once walked again per expression
    const slashes = performance.now()
    expect(endpoint({ url: `https://${"{/x}".repeat(32_000)}`, baseUrl: "", x: "" }).url.length).toBe(32_008)
    expect(performance.now() - slashes).toBeLessThan(5000) // a generous guard: the text after each value was once joined again (34 s)
    for (const path of ["/user", "?a=1", "#top", ""]) expect(endpoint("GET https://api.github.com{+path}", { path }).url).toBe(`https://api.github.com${path}`)
    expect(endpoint("GET https://{host}/x", { host: "ghe.example" }).url).toBe("https://ghe.example/x")
    expect(endpoint("GET http://localhost:{port}/api", { port: 8080 }).url).toBe("http://localhost:8080/api")
    expect(endpoint("GET https://api.{region}.example.com/x", { region: "eu" }).url).toBe("https://api.eu.example.com/x")
    expect(endpoint("GET https://{sub}.github.com/x", { sub: "a" }).url).toBe("https://a.github.com/x")
    for (const [route, values, url] of [
      ["GET https://api.{region}.example.com:{port}/x", { region: "eu-1", port: 443 }, "https://api.eu-1.example.com:443/x"],
      ["GET https://x-access-token:{token}@github.com/x", { token: "ghp_1" }, "https://x-access-token:ghp_1@github.com/x"],
      ["GET https://bob@{host}{/p}", { host: "h.example", p: "x" }, "https://bob@h.example/x"],
      ["GET http://[{+ip}]:{port}/x", { ip: "::1", port: 8080 }, "http://[::1]:8080/x"],
      ["GET https://{host}:{port}/x", { host: "h", port: 1 }, "https://h:1/x"],
      ["GET https://api{.region}.example.com/x", { region: "eu" }, "https://api.eu.example.com/x"], // host text follows the label
      ["GET {+origin}{/owner}//{repo}", { origin: "https://api.github.com", owner: "o", repo: "r" }, "https://api.github.com/o//r"], // no scheme in the text
      ["GET {+origin}:8443/x", { origin: "https://ghe.example" }, "https://ghe.example:8443/x"], // a value wrote the scheme and all before the port
      ["GET {+origin}:{port}/x", { origin: "https://ghe.example", port: 8443 }, "https://ghe.example:8443/x"],
      ["GET {+origin}:8443{/path*}", { origin: "https://ghe.example", path: ["a"] }, "https://ghe.example:8443/a"],
      ["GET {+base}index", { base: "https://h.example/home/" }, "https://h.example/home/index"], // RFC 6570's own
      ["GET {+href}.diff", { href: "https://github.com/o/r/pull/1" }, "https://github.com/o/r/pull/1.diff"], // no ":" in the text: the value's origin
      ["GET {+origin}:8443{/owner}{/repo}.git", { origin: "https://h.example", owner: "o", repo: "r" }, "https://h.example:8443/o/r.git"],
      ["GET {+name}:cancel", { name: "projects/p/operations/o", baseUrl: "https://svc.example/v1" }, "https://svc.example/v1/projects/p/operations/o:cancel"], // a custom method
      ["GET https://github.com{/owner}{/repo}.git", { owner: "o", repo: "r" }, "https://github.com/o/r.git"], // text after {/p} is the path's
      ["GET https://github.com{/owner,repo}.patch", { owner: "o", repo: "r" }, "https://github.com/o/r.patch"],
      ["GET https://{host}{/path*}.git", { host: "h.example", path: ["o", "r"] }, "https://h.example/o/r.git"],
      ["GET https://unpkg.com{/pkg}@{version}{/file*}", { pkg: "react", version: "18", file: ["index.js"] }, "https://unpkg.com/react@18/index.js"],
      ["GET https://api.github.com{/p}{?q}", { q: "a" }, "https://api.github.com?q=a"], // an empty {/p} before a query adds nothing to the host
    ] as const) expect(endpoint(route, values).url).toBe(url)
    expect(endpoint({ url: "{+name}:cancel", baseUrl: "", name: "projects/p/operations/o" }).url).toBe("projects/p/operations/o:cancel") // no scheme: no host
    expect(endpoint({ url: "{+name}:cancel", baseUrl: "", name: "projects/p/locations/l/x:y" }).url).toBe("projects/p/locations/l/x:y:cancel")
    expect(endpoint({ url: "//api.github.com{+path}", path: ".evil.com" }).url).toBe("https://api.github.com//api.github.com.evil.com") // a path under the base url
  })
  test("values in the query, and dot segments written in the template, are left alone", () => {
    expect(endpoint("GET /x{?q}", { q: ".." }).url).toBe("https://api.github.com/x?q=..")
    expect(endpoint("GET /a/../b").url).toBe("https://api.github.com/a/../b")
  })
})

describe("a misspelt baseUrl is not a parameter", () => {
  test("baseURL (axios' spelling), in any case, is an EndpointError: the request, token included, would go to the default host", () => {
    const ghe = { baseURL: "https://ghe.example/api/v3", headers: { authorization: "token for-ghe" } }
    expect(errorOf(() => endpoint("GET /user", ghe as never)).message).toBe(
      "baseURL: the option is spelt baseUrl; as a parameter this would go to the query or the body, and the request to the default base url",
    )
    expect(errorOf(() => endpoint.defaults({ BaseUrl: "https://ghe.example" })).path).toBe("BaseUrl")
    expect(endpoint("GET /user", { baseUrl: "https://ghe.example/api/v3" }).url).toBe("https://ghe.example/api/v3/user")
    expect(endpoint("POST /x", { base_url: "a" }).body).toEqual({ base_url: "a" }) // another name is a parameter
  })
})

describe("NaN and Infinity never reach a url", () => {
  test("in a path, a query or a list they are an EndpointError naming the parameter, as in headers and JSON bodies", () => {
    expect(errorOf(() => endpoint("GET /repos/o/r/issues/{issue_number}", { issue_number: Number.NaN })).message).toBe(
      "issue_number: cannot expand a NaN in the url template (expected a string, finite number, boolean, bigint, list or record)",
    )
    expect(errorOf(() => endpoint("GET /repos/o/r/issues", { page: Number.parseInt("x") })).message).toBe(
      "page: cannot be sent as a query parameter: expected a string, finite number, boolean, bigint or an array of them, got NaN",
    )
    expect(errorOf(() => endpoint("GET /x", { ids: [1, -Infinity] })).path).toBe("ids[1]")
    expect(errorOf(() => endpoint("GET /x{?list}", { list: [1, Infinity] })).path).toBe("list[1]")
    expect(errorOf(() => endpoint("GET /x{?rec*}", { rec: { a: Number.NaN } })).path).toBe("rec.a")
    expect(endpoint("GET /x/{n}{?m}", { n: -0.5, m: 1e21 }).url).toBe("https://api.github.com/x/-0.5?m=1e%2B21") // finite numbers as String() writes them
  })
})

describe("headers and base urls that can be expressed and checked", () => {
  test("null removes a header, a default one included; concat keeps the null", () => {
    const r = endpoint("GET /user", { headers: { "user-agent": null } })
    expect(r.headers).toEqual({ accept: "application/vnd.github.v3+json" })
    const quiet = endpoint.defaults({ headers: { "user-agent": null } })
    expect(quiet.DEFAULTS.headers["user-agent"]).toBeNull()
    expect(quiet("GET /user").headers["user-agent"]).toBeUndefined()
    expect(quiet("GET /user", { headers: { "user-agent": "back" } }).headers["user-agent"]).toBe("back")
    expect(endpoint("POST /x", { a: 1, headers: { "content-type": null } }).headers["content-type"]).toBeUndefined()
  })
  test("baseUrl is an absolute http(s) url without query or fragment, or empty", () => {
    for (const bad of ["not a url", "https://x.test/api?x=1", "https://x.test/#f", "ftp://x.test", "https://", "https://x y/"]) {
      expect(errorOf(() => endpoint("GET /user", { baseUrl: bad })).path).toBe("baseUrl")
    }
    expect(endpoint("GET /user", { baseUrl: "" }).url).toBe("/user")
    expect(endpoint("GET https://h/x", { baseUrl: "" }).url).toBe("https://h/x")
  })
  test("exactly one / joins baseUrl and the path", () => {
    const ghe = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3" })
    expect(ghe("GET user").url).toBe("https://ghe.example/api/v3/user")
    expect(ghe("GET /user").url).toBe("https://ghe.example/api/v3/user")
    expect(ghe("GET /user", { baseUrl: "https://ghe.example/api/v3/" }).url).toBe("https://ghe.example/api/v3/user")
  })
})

describe("callers that octokit's ecosystem already has", () => {
  test("merge and endpoint take options then options: the second is concatenated on top", () => {
    expect(endpoint.merge({ url: "/x" }, {})).toMatchObject({ url: "/x", method: "GET" })
    expect(endpoint({ url: "/x", a: 1 }, { b: 2 }).url).toBe("https://api.github.com/x?a=1&b=2")
    expect(E.isRight(endpoint.either({ url: "/x" }, { method: "POST" }))).toBe(true)
  })
  test("before-after-hook's call pattern hook(request, options, options) builds the same request", () => {
    const options = { method: "GET", url: "/repos/{owner}/{repo}", owner: "o", repo: "r", headers: { authorization: "token x" } }
    const hook = (request: typeof endpoint, ...args: [typeof options, typeof options]) => request(...args)
    expect(hook(endpoint, options, options)).toEqual(endpoint(options))
  })
})

describe("only EndpointError, and only a real one", () => {
  test("a Proxy whose prototype imitates EndpointError is not one, and is not handed back", () => {
    const fake = new Proxy(Object.create(EndpointError.prototype), {
      get: () => {
        throw new Error("gotcha")
      },
    })
    expect(isEndpointError(fake)).toBe(false)
    const thrower = { get a() { throw fake } }
    const e = errorOf(() => endpoint("GET /x", thrower))
    expect(e === fake).toBe(false)
    expect(isEndpointError(e)).toBe(true)
    expect(e.message).toContain("reading the input failed")
    const revoked = Proxy.revocable({}, {})
    revoked.revoke()
    expect(isEndpointError(revoked.proxy)).toBe(false)
  })
  test("isEndpointError recognises an error from the CommonJS copy in the same process", () => {
    const script = `
      import { createRequire } from "node:module"
      import { endpoint, isEndpointError } from "./dist/esm/index.js"
      const cjs = createRequire(import.meta.url)("./dist/cjs/index.js")
      let fromCjs, fromEsm
      try { cjs.endpoint("GET /x/{") } catch (e) { fromCjs = e }
      try { endpoint("GET /x/{") } catch (e) { fromEsm = e }
      console.log(JSON.stringify([isEndpointError(fromCjs), cjs.isEndpointError(fromEsm)]))`
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: new URL("..", import.meta.url), encoding: "utf8" })
    expect(JSON.parse(out)).toEqual([true, true])
  })
  test("an error of the CommonJS copy, thrown from a getter or in a Left draft, comes back as this copy's EndpointError", () => {
    const script = `
      import { createRequire } from "node:module"
      import { endpoint, EndpointError, Request } from "./dist/esm/index.js"
      const cjs = createRequire(import.meta.url)("./dist/cjs/index.js")
      let fromCjs
      try { cjs.endpoint("GET /x/{") } catch (e) { fromCjs = e }
      const built = Request.build(cjs.Request.route("GET /x y"))
      const thrown = endpoint.either("POST /x", { get title() { throw fromCjs } })
      console.log(JSON.stringify([built.left instanceof EndpointError, built.left.message, thrown.left instanceof EndpointError, thrown.left.problem === fromCjs.problem]))`
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: new URL("..", import.meta.url), encoding: "utf8" })
    expect(JSON.parse(out)).toEqual([true, 'route: expected "<METHOD> <URL>", got more than two parts in "GET /x y"', true, true])
  })
  test("headers and previews are read once: a getter cannot pass a check and then inject", () => {
    let n = 0
    const headers = { get "x-a"() { return n++ ? "ok\r\nx-injected: 1" : "ok" } }
    expect(endpoint("GET /user", { headers }).headers["x-a"]).toBe("ok")
    let m = 0
    const previews = ["ok"]
    Object.defineProperty(previews, 0, { get: () => (m++ ? "ok\r\nx-inj: 1" : "ok"), enumerable: true })
    expect(endpoint("GET /user", { mediaType: { previews } }).headers.accept).toBe("application/vnd.github.ok-preview+json")
  })
  test("a getter or Proxy trap that throws in headers or mediaType is named by its key, and runs once", () => {
    let reads = 0
    const boom = () => {
      reads++
      throw new Error("boom")
    }
    const at = (options: object) => errorOf(() => endpoint("GET /x", options)).path
    expect(at({ headers: { "x-a": "1", get accept() { return boom() } } })).toBe("headers.accept")
    expect(at({ headers: new Proxy({ "x-b": "1" }, { get: boom }) })).toBe("headers.x-b")
    expect(at({ mediaType: { get format() { return boom() } } })).toBe("mediaType.format")
    expect(at({ mediaType: { format: "raw", get previews() { return boom() } } })).toBe("mediaType.previews")
    expect(at({ headers: { "0": {} } })).toBe('headers["0"]') // a key, not an index
    expect(errorOf(() => endpoint("GET /x", { mediaType: { get extra() { return boom() } } })).message).toBe("mediaType.extra: unknown key (expected format or previews)") // not read
    expect(at({ headers: new Proxy({}, { ownKeys: boom }) })).toBe("headers") // no key to name
    expect(reads).toBe(5)
  })
  test("Options.empty and what decodes to it cannot be changed", () => {
    const decoded = (Options.decode({ url: "/x" }) as E.Right<Options.Options>).right
    expect(() => ((decoded.headers as Record<string, string>)["x-evil"] = "1")).toThrow(TypeError)
    expect(() => ((decoded.params as Record<string, string>).evil = "1")).toThrow(TypeError)
    expect(endpoint("GET /user").url).toBe("https://api.github.com/user")
  })
  test("a class name in a message is escaped too", () => {
    class X {}
    Object.defineProperty(X, "name", { value: "Date\n[INFO] token accepted\u001b[2J" })
    expect(errorOf(() => endpoint("GET /x", { headers: new X() as never })).message).not.toMatch(/[\n\u001b]/)
  })
  test("messages quote caller text with control characters escaped", () => {
    const e = errorOf(() => endpoint("GET /x", { headers: { "x\r\nInjected: 1\u001b[2J": "v" } }))
    expect(e.message).not.toMatch(/[\r\n\u001b]/)
    expect(e.message).toContain("\\r\\n")
    const m = errorOf(() => endpoint("G\u001bT /x"))
    expect(m.message).not.toMatch(/[\u001b]/)
  })
})

describe("no way around validation", () => {
  test("Parse.parse checks hand-built options as the codec would: no header injection, no odd base url, no forged method", () => {
    const left = (o: Partial<Options.Options>) => {
      const r = Parse.parse({ ...Options.empty, url: "/user", ...o })
      return E.isLeft(r) ? r.left.message : "right"
    }
    expect(left({ headers: { "x-a": "a\r\nx-injected: 1" } })).toBe("headers.x-a: header value contains CR, LF or NUL")
    expect(left({ headers: { "Bad Name": "v" } })).toBe('headers["Bad Name"]: header name is not an RFC 9110 token')
    expect(left({ method: "GET /x HTTP/1.1\r\n" })).toMatch(/^method: .* is not an HTTP method token$/)
    expect(left({ baseUrl: "https://evil.com?" })).toMatch(/^baseUrl: expected an absolute http\(s\) url/)
    expect(left({ baseUrl: "javascript:" })).toMatch(/^baseUrl: /)
    expect(left({ mediaType: { format: "raw, text/html", previews: [] } })).toMatch(/^mediaType.format: /)
    expect(left({ params: { url: "https://evil.example" } })).toBe("params.url: is named as an option: an option goes in its own field")
    expect(E.isLeft(Parse.parse(null as never)) && E.isLeft(Parse.parse({ url: "/x" } as never))).toBe(true)
    expect(left({ params: { baseURL: "https://evil.example" } })).toMatch(/^baseURL: the option is spelt baseUrl/) // in the model's form too
    expect(left({ baseUrl: "https://api.github.com\\@evil.com" })).toMatch(/^baseUrl: expected an absolute http\(s\) url with no query, fragment, whitespace or backslash/)
    expect(left({ repo: "r" } as never)).toBe("repo: is no field of Options: a parameter goes in params") // it would be lost
    const throwing = { a: 1, get b(): number { throw new TypeError("x") } }
    expect(left({ mediaType: { format: "raw" } as never, params: throwing })).toBe("b: reading the input failed (TypeError: x)") // named by its key
    expect(left({ baseUrl: "https://api.github.com", mediaType: { format: "raw" } as never })).toBe("right") // previews left out, as flat options may
    const reads = { headers: 0, params: 0 } // a getter that answers a check one way and the build another cannot inject: each field is read once
    const lying = {
      ...Options.empty,
      url: "/x",
      get headers() { return reads.headers++ === 0 ? {} : { "x-a": "a\r\nx-injected: 1" } },
      get params() { return reads.params++ === 0 ? {} : { baseUrl: "https://evil.example" } },
    }
    const once = Parse.parse(lying)
    expect(E.isRight(once) && once.right).toEqual({ method: "get", url: "/x", headers: {} })
    expect(reads).toEqual({ headers: 1, params: 1 })
    const normalised = Parse.parse({ ...Options.empty, url: "/x", headers: { Accept: "text/plain" } as never }) // what decode would make of it
    expect(E.isRight(normalised) && normalised.right.headers).toEqual({ accept: "text/plain" })
  })
  test("Request.buildWith validates defaults taken from any function's DEFAULTS", () => {
    const impostor = Object.assign(() => undefined, { DEFAULTS: { url: "/x", headers: { "x-a": "1\r\nInjected: 1" } } })
    const built = pipe(Request.empty, Request.buildWith(impostor as never))
    expect(E.isLeft(built) && built.left.path).toBe("defaults.headers.x-a")
  })
})
