// No silent wrong requests: each case here returned a request that looked fine
// and said something else (most still do in @octokit/endpoint). Where the request goes is
// judged on the expanded url (SPEC 6.11); CHANGED_VERDICTS below lists the templates whose
// verdict changed with that rule, for the README's decisions.
import { execFileSync } from "node:child_process"
import * as E from "fp-ts/lib/Either.js"
import { pipe } from "fp-ts/lib/function.js"
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { endpoint, EndpointError, isEndpointError, Options, Parse, Pipeline } from "../src/index.js"
import { errorOf } from "./helpers.js"

describe("a route fixes the method and the url", () => {
  test("a body field named url is an error pointing to data, not a request to another host", () => {
    const e = errorOf(() =>
      endpoint("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", {
        owner: "o", repo: "r", hook_id: 1, url: "https://example.com/hook", headers: { authorization: "token secret" },
      } as never),
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
    expect(errorOf(() => endpoint("GET /x", { method: "DELETE" } as never)).path).toBe("method")
    expect(endpoint("GET /x", { method: "get", url: "/x" }).url).toBe("https://api.github.com/x")
    expect(errorOf(() => endpoint.merge("GET /x", { url: "/y" } as never)).path).toBe("url")
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

// -------------------------------------------------------------------------------------------------
// where the request goes: the url is judged after expansion (SPEC 6.11)
// -------------------------------------------------------------------------------------------------

/** What a template and its values give: the url, or the variable the EndpointError names and why. */
type Verdict = { readonly url: string } | { readonly error: string; readonly because: Because }
type Because = keyof typeof BECAUSE
const BECAUSE = {
  host: /^only a simple \{name\} that writes something may stand in the url's scheme or host$/,
  origin: /^a value cannot change the origin the url names: it would send the request to /,
  dots: /^a value cannot make a path segment "\." or "\.\." \(URL parsers would move the request\)$/,
  missing: /^missing parameters?: /,
  noHost: /^a value must write the url's host here$/,
  unparsable: /^URL parsers refuse it: /,
}
const url = (u: string): Verdict => ({ url: u })
const err = (name: string, because: Because = "host"): Verdict => ({ error: name, because })

/** The verdict of `endpoint({ method: "GET", url: template, ...values })`; an unexpected error is its message. */
const verdictOf = (template: string, values: Readonly<Record<string, unknown>>): Verdict | string => {
  const r = endpoint.either({ method: "GET", url: template, ...values } as never)
  if (E.isRight(r)) return url(r.right.url)
  const because = (Object.keys(BECAUSE) as Array<Because>).find((k) => BECAUSE[k].test(r.left.problem))
  return because === undefined ? `unexpected: ${r.left.message}` : err(r.left.path, because)
}

interface Case {
  readonly template: string
  readonly values: Readonly<Record<string, unknown>>
  readonly verdict: Verdict
}
const c = (template: string, values: Readonly<Record<string, unknown>>, verdict: Verdict): Case => ({ template, values, verdict })
const G = "https://api.github.com"
const NO_BASE = { baseUrl: "" }

/**
 * The host and dot-segment cases of 0.1 whose verdict the new rule keeps (the old suite wrote some as
 * routes; they are options here, where a url need not start with "/", "{" or a scheme).
 */
const KEPT: ReadonlyArray<Case> = [
  // a value cannot make a path segment "." or ".." (%2e too), which URL parsers resolve
  c("/repos/{owner}/{repo}", { owner: "victim", repo: ".." }, err("repo", "dots")),
  c("/repos/{owner}/{repo}", { owner: "victim", repo: "." }, err("repo", "dots")),
  c("/x/{+path}", { path: "a/../b" }, err("path", "dots")),
  c("/x/{+path}", { path: "a/%2e%2E/b" }, err("path", "dots")), // reserved expansion keeps %XX
  c("/x/{+path}", { path: "%2E" }, err("path", "dots")),
  c("/x/{+path}", { path: ".%2e/x" }, err("path", "dots")),
  c("/x{/list*}", { list: ["a", ".."] }, err("list", "dots")),
  c("/x/:id", { id: ".." }, err("id", "dots")),
  c("/files/{name}.{ext}", { name: "", ext: "" }, err("name", "dots")), // empty values leave a literal "." segment
  c("/a/{x}./b", { x: "" }, err("x", "dots")),
  c("/x/{id}", { id: "%2e%2e" }, url(`${G}/x/%252e%252e`)), // simple expansion encodes the % itself
  c("/repos/{owner}/{repo}", { owner: "o", repo: "rest.js" }, url(`${G}/repos/o/rest.js`)),
  c("/x/{name}", { name: "..." }, url(`${G}/x/...`)),
  c("/files/{name}.{ext}", { name: "a", ext: "" }, url(`${G}/files/a.`)),
  c("/x{?q}", { q: ".." }, url(`${G}/x?q=..`)), // the query is no path
  c("/a/../b", {}, url(`${G}/a/../b`)), // the template's own dot segments stay

  // the template's text writes the origin: a value cannot change it
  c("https://api.github.com{+path}", { path: "@evil.com/user" }, err("path")),
  c("https://api.github.com{+path}", { path: ".evil.com/user" }, err("path")),
  c("https://api.github.com{+path}", { path: ":8443/user" }, err("path")),
  c("https://api.github.com{name}", { name: ".evil.com" }, err("name", "origin")), // "." is unreserved
  c("http{s}://api.github.com{+p}", { s: "s", p: ".evil.com/x" }, err("p")), // a scheme written by a value first
  c("{scheme}://api.github.com{+p}", { scheme: "https", p: "@evil.com/x" }, err("p")),
  c("//api.github.com{+path}", { ...NO_BASE, path: ".evil.com" }, err("path")),
  c("https://{+sub}.github.com/x", { sub: "evil.com#" }, err("sub")),
  c("http://localhost:{+port}/api", { port: "8080@evil.com" }, err("port")),
  c("https://{+sub}.github.com", { sub: "evil.com/" }, err("sub")),
  c("https://api.{+r}.example.com{/p}", { r: "evil.com/" }, err("r")),
  c("https://api.github.com{.p}", { p: "evil.com" }, err("p")),
  c("https:///api.github.com{+p}", { p: "@evil.com" }, err("p")), // URL parsers skip the extra slash
  c("https:api.github.com{+p}", { p: ".evil.com/x" }, err("p")), // a special scheme's host needs no "//"
  c("HTTP:/api.github.com{+p}", { p: ".evil.com/x" }, err("p")),
  c("wss:api.github.com{+p}", { p: ".evil.com/x" }, err("p")),
  c("https:/{/x}/api.github.com/x", { x: "evil.com" }, err("x")),
  c("https:{/x}/api.github.com/x", { x: "evil.com" }, err("x")),
  c("https:{+x}/api.github.com/x", { x: "//evil.com" }, err("x")),
  c("https://api.github.com{+p}:443/x", { p: ".evil.com" }, err("p")),
  c("https://api.github.com{;p}:443/x", { p: "" }, err("p")),
  c("https://x-access-token:{token}@github.com{+path}:443", { token: "t", path: ".evil.com" }, err("path")),
  c("http{s}:/{+x}/api.github.com/x", { s: "s", x: "/evil.com" }, err("x")),
  c("http{s}:{+x}/api.github.com/x", { s: "s", x: "//evil.com" }, err("x")),
  c("{scheme}:/{+x}/api.github.com/x", { scheme: "https", x: "/evil.com" }, err("x")),
  c("http{+s}:/api.github.com/x", { s: "s://evil.com/?" }, err("s")), // the text began the scheme: only the first part hands it over
  c("h{+s}:api.github.com/x", { s: "ttps://evil.com#" }, err("s")),
  c("https://{+user}:x@h.example/x", { user: "evil.com/" }, err("user")),
  c("https://{+user}:{pass}@h.example/x", { user: "evil.com#", pass: "p" }, err("user")),
  c("https://{+host}/repos", { host: "/evil.com" }, err("host")),
  c("https://api.github.com{+p}{/x}.json", { p: ".evil.com", x: "a" }, err("p")),
  c("https://{+sub}{/p}.github.com/x", { sub: "evil.com/" }, err("sub")),
  c("https://{+sub}{?q}.github.com/x", { sub: "evil.com?" }, err("sub")),
  c("https://h{.a,b}/x", { b: "@evil.com" }, err("b")), // the error names the expression's variable that has a value

  // a value that leaves the host empty, or writes nothing where the host goes on
  c("https://{host}/{owner}/repos", { host: "", owner: "evil.com" }, err("host")),
  c("https:/{host}/{owner}", { host: "", owner: "evil.com" }, err("host")),
  c("https:{host}/{owner}", { host: "", owner: "evil.com" }, err("host")),
  c("https:{x}/api.github.com/x", { x: "" }, err("x")),
  c("https://unpkg.com{/pkg}@{version}{/file}", { ...NO_BASE, version: "evil.com", file: "index.js" }, err("pkg")),
  c("https://h.example{/path*}.{format}", { ...NO_BASE, path: [], format: "evil.com" }, err("path")),
  c("https://api.github.com{#f}.{x}", { ...NO_BASE, x: "evil.com" }, err("f")),
  c("https://api.github.com{/v}@evil.com", NO_BASE, err("v")),
  c("https://github.com{/owner}{/repo}.git", NO_BASE, err("owner")),

  // a host the template leaves to simple values is theirs; paths, queries and fragments stay paths
  c("https://{host}{/owner,repo}", { host: "h.example", owner: "o", repo: "r" }, url("https://h.example/o/r")),
  c("https://x-access-token{t}:{p}@github.com/x", { t: "2", p: "q" }, url("https://x-access-token2:q@github.com/x")),
  c("https://bob{x}:pw@h.example/x", { x: "by" }, url("https://bobby:pw@h.example/x")),
  c("https:{host}", { host: "h.example" }, url("https:h.example")),
  c("mailto:{to}", { to: "a@b.example" }, url("mailto:a%40b.example")), // no authority: anything goes
  c("https://api.github.com{+path}", { path: "/user" }, url(`${G}/user`)),
  c("https://api.github.com{+path}", { path: "?a=1" }, url(`${G}?a=1`)),
  c("https://api.github.com{+path}", { path: "#top" }, url(`${G}#top`)),
  c("https://api.github.com{+path}", { path: "" }, url(G)),
  c("https://{host}/x", { host: "ghe.example" }, url("https://ghe.example/x")),
  c("http://localhost:{port}/api", { port: 8080 }, url("http://localhost:8080/api")),
  c("https://api.{region}.example.com/x", { region: "eu" }, url("https://api.eu.example.com/x")),
  c("https://{sub}.github.com/x", { sub: "a" }, url("https://a.github.com/x")),
  c("https://api.{region}.example.com:{port}/x", { region: "eu-1", port: 443 }, url("https://api.eu-1.example.com:443/x")),
  c("https://x-access-token:{token}@github.com/x", { token: "ghp_1" }, url("https://x-access-token:ghp_1@github.com/x")),
  c("https://bob@{host}{/p}", { host: "h.example", p: "x" }, url("https://bob@h.example/x")),
  c("https://{host}:{port}/x", { host: "h", port: 1 }, url("https://h:1/x")),
  c("https://github.com{/owner}{/repo}.git", { owner: "o", repo: "r" }, url("https://github.com/o/r.git")), // text after {/p} is the path's
  c("https://github.com{/owner,repo}.patch", { owner: "o", repo: "r" }, url("https://github.com/o/r.patch")),
  c("https://{host}{/path*}.git", { host: "h.example", path: ["o", "r"] }, url("https://h.example/o/r.git")),
  c("https://unpkg.com{/pkg}@{version}{/file*}", { pkg: "react", version: "18", file: ["index.js"] }, url("https://unpkg.com/react@18/index.js")),
  c("https://api.github.com{/p}{?q}", { q: "a" }, url(`${G}?q=a`)), // an empty {/p} before a query adds nothing to the host

  // the template's very first part hands the origin to its value, on purpose
  c("{+origin}{/owner}//{repo}", { origin: G, owner: "o", repo: "r" }, url(`${G}/o//r`)),
  c("{+origin}:8443/x", { origin: "https://ghe.example" }, url("https://ghe.example:8443/x")),
  c("{+origin}:{port}/x", { origin: "https://ghe.example", port: 8443 }, url("https://ghe.example:8443/x")),
  c("{+origin}:8443{/path*}", { origin: "https://ghe.example", path: ["a"] }, url("https://ghe.example:8443/a")),
  c("{+base}index", { base: "https://h.example/home/" }, url("https://h.example/home/index")), // RFC 6570's own
  c("{+href}.diff", { href: "https://github.com/o/r/pull/1" }, url("https://github.com/o/r/pull/1.diff")),
  c("{+origin}:8443{/owner}{/repo}.git", { origin: "https://h.example", owner: "o", repo: "r" }, url("https://h.example:8443/o/r.git")),
  c("{+u}/x", { u: "https://h.example" }, url("https://h.example/x")),
  c("{+u}/x", { ...NO_BASE, u: "https://h.example" }, url("https://h.example/x")),
  c("{scheme}://h.example/x", { scheme: "https" }, url("https://h.example/x")),

  // without a scheme of its own, a url goes under the base url; without a base, it stays as it is
  c("{+name}:cancel", { name: "projects/p/operations/o", baseUrl: "https://svc.example/v1" }, url("https://svc.example/v1/projects/p/operations/o:cancel")),
  c("{+name}:cancel", { ...NO_BASE, name: "projects/p/operations/o" }, url("projects/p/operations/o:cancel")),
  c("{+name}:cancel", { ...NO_BASE, name: "projects/p/locations/l/x:y" }, url("projects/p/locations/l/x:y:cancel")),
  c("//api.github.com{+path}", { path: ".evil.com" }, url(`${G}//api.github.com.evil.com`)), // a path under the base url
  c("/:owner/:repo", { owner: "", repo: "r" }, url(`${G}//r`)), // a base keeps the host
  c("/:owner/:repo", { ...NO_BASE, owner: "", repo: "evil.example" }, err("owner")), // but without one, "//" would name another
  c("/{a}/{b}", { ...NO_BASE, a: "", b: "evil.example" }, err("a")),
  c("//h.test/{x}", { ...NO_BASE, x: "" }, url("//h.test/")), // a template may start with "//" itself
  c("/{a}:{b}", { ...NO_BASE, a: "http", b: "x" }, url("/http:x")),
  c("http/{s}", { s: "x" }, url(`${G}/http/x`)),
  c("{+a}", {}, err("", "missing")), // a {+name} needs a value
]

/**
 * The host cases whose verdict changed in 0.1, for the README's decisions. `rule` is the part of
 * SPEC that changed it: 6.11 (the url judged after expansion, not predicted from the template) or 6.3
 * (a `{name}` or `{+name}` needs a value, so the request is refused before its host is judged).
 */
export const CHANGED_VERDICTS: ReadonlyArray<{
  readonly template: string
  readonly values: Readonly<Record<string, unknown>>
  readonly was: Verdict
  readonly now: Verdict
  readonly rule: "6.11" | "6.3"
  readonly why: string
}> = [
  // the template's first part hands the origin to its value: whatever it writes before the text is the target
  { template: "{+scheme}://api.github.com{+path}", values: { scheme: "https://evil.com/x?", path: "/user" }, was: err("scheme"), now: url("https://evil.com/x?://api.github.com/user"), rule: "6.11", why: "the first part writes the origin" },
  { template: "{+scheme}:/api.github.com/x", values: { scheme: "https://evil.com/?" }, was: err("scheme"), now: url("https://evil.com/?:/api.github.com/x"), rule: "6.11", why: "the first part writes the origin" },
  { template: "{+scheme}:api.github.com/x", values: { scheme: "https://evil.com#" }, was: err("scheme"), now: url("https://evil.com#:api.github.com/x"), rule: "6.11", why: "the first part writes the origin" },
  { template: "{+scheme}:{/p}/api.github.com/x", values: { scheme: "https://evil.com/?" }, was: err("scheme"), now: url("https://evil.com/?:/api.github.com/x"), rule: "6.11", why: "the first part writes the origin" },
  { template: "{+a}:{port}@github.com/x", values: { a: "https://evil.com/?", port: "1" }, was: err("a"), now: url("https://evil.com/?:1@github.com/x"), rule: "6.11", why: "the first part writes the origin" },
  { template: "{+a}:8443{b}@github.com/x", values: { a: "https://evil.com/?", b: "" }, was: err("a"), now: url("https://evil.com/?:8443@github.com/x"), rule: "6.11", why: "the first part writes the origin" },
  { template: "{+a}.github.com:443/x", values: { a: "https://evil.com/?" }, was: err("a"), now: url("https://evil.com/?.github.com:443/x"), rule: "6.11", why: "the first part writes the origin" },
  { template: "{+a}:8443{/p}@github.com/x", values: { a: "https://evil.com/?" }, was: err("a"), now: url("https://evil.com/?:8443@github.com/x"), rule: "6.11", why: "the first part writes the origin" },
  { template: "{+x}/y", values: { ...NO_BASE, x: "//evil.example" }, was: err("x"), now: url("//evil.example/y"), rule: "6.11", why: "the first part writes the origin" },
  { template: "{a}:{b}", values: { a: "https", b: "evil.com" }, was: url(`${G}/https:evil.com`), now: url("https:evil.com"), rule: "6.11", why: "the result has a scheme: no base url; the first part writes the origin" },
  { template: "{a}:{b}", values: { ...NO_BASE, a: "http", b: "evil.example" }, was: err("a"), now: url("http:evil.example"), rule: "6.11", why: "the first part writes the origin" },
  { template: "{+u}", values: { u: "https:evil.com" }, was: url(`${G}/https:evil.com`), now: url("https:evil.com"), rule: "6.11", why: "the result has a scheme: no base url" },
  { template: "{+u}", values: { u: "https:/evil.com" }, was: url(`${G}/https:/evil.com`), now: url("https:/evil.com"), rule: "6.11", why: "the result has a scheme: no base url" },
  { template: "{+u}", values: { ...NO_BASE, u: "https:/evil.example" }, was: err("u"), now: url("https:/evil.example"), rule: "6.11", why: "the first part writes the origin" },
  { template: "{name}:cancel", values: { name: "operations-1" }, was: url(`${G}/operations-1:cancel`), now: url("operations-1:cancel"), rule: "6.11", why: "operations-1: reads as a scheme: no base url" },
  { template: "{name}:cancel", values: { name: "https" }, was: url(`${G}/https:cancel`), now: url("https:cancel"), rule: "6.11", why: "https: makes the text after it the host" },
  { template: "{name}:cancel", values: { ...NO_BASE, name: "ops-1" }, was: err("name"), now: url("ops-1:cancel"), rule: "6.11", why: "the first part writes the origin" },
  // a simple {name} in the authority of a url whose text writes no origin (no host before the value) decides the host
  { template: "https:{x}//api.github.com/", values: { x: "evil.com" }, was: err("x"), now: url("https:evil.com//api.github.com/"), rule: "6.11", why: "a simple {name} may write the host; the text writes no origin before it" },
  { template: "https:{x}/api.github.com/x", values: { x: "evil.com" }, was: err("x"), now: url("https:evil.com/api.github.com/x"), rule: "6.11", why: "a simple {name} may write the host" },
  { template: "https:/{x}/api.github.com/x", values: { x: "evil.com" }, was: err("x"), now: url("https:/evil.com/api.github.com/x"), rule: "6.11", why: "a simple {name} may write the host" },
  { template: "https:/{x}/api.github.com{;p}", values: { x: "x", p: "" }, was: err("x"), now: url("https:/x/api.github.com;p"), rule: "6.11", why: "a simple {name} may write the host" },
  // refused now: only a simple {name} that writes something may stand in the scheme or the authority
  { template: "https://{+host}", values: { host: "/h.example" }, was: url("https:///h.example"), now: err("host"), rule: "6.11", why: "{+host} in the authority" },
  { template: "https://{a}{b}/x", values: { a: "", b: "h.example" }, was: url("https://h.example/x"), now: err("a"), rule: "6.11", why: "an empty {a} in the authority" },
  { template: "http://[{+ip}]:{port}/x", values: { ip: "::1", port: 8080 }, was: url("http://[::1]:8080/x"), now: err("ip"), rule: "6.11", why: "{+ip} in the authority (write the origin as the first part instead)" },
  { template: "https://api{.region}.example.com/x", values: { region: "eu" }, was: url("https://api.eu.example.com/x"), now: err("region"), rule: "6.11", why: "{.region} in the authority" },
  { template: "http{s}://example.com/x", values: { s: "" }, was: url("http://example.com/x"), now: err("s"), rule: "6.11", why: "an empty {s} in the scheme" },
  { template: "https://{/x}{/x}", values: { ...NO_BASE, x: "" }, was: url("https:////"), now: err("x"), rule: "6.11", why: "{/x} in the authority" },
  { template: "https://{?a}", values: { a: "x" }, was: url("https://?a=x"), now: err("a", "noHost"), rule: "6.11", why: "{?a} where the host should be" },
  { template: "https://a:99999/x", values: {}, was: url("https://a:99999/x"), now: err("url", "unparsable"), rule: "6.11", why: "the template's own text is a url URL parsers refuse" },
  // still refused, but the error names the first expression that breaks the rule
  { template: "https://h{/p}{+x}", values: { x: ".evil.com" }, was: err("x"), now: err("p"), rule: "6.11", why: "the empty {/p} stands in the authority first" },
  { template: "https:{x}{/y}/api.github.com/x", values: { x: "", y: "evil.com" }, was: err("y"), now: err("x"), rule: "6.11", why: "the empty {x} stands in the authority first" },
  // still refused, by the required-parameter rule, before the host is judged
  { template: "https://h{+a,b}/x", values: { b: "@evil.com" }, was: err("b"), now: err("", "missing"), rule: "6.3", why: "a needs a value" },
  { template: "https://{+a,b}/x", values: { a: null, b: "/evil.com" }, was: err("b"), now: err("", "missing"), rule: "6.3", why: "a needs a value" },
  { template: "https://{+x}{+a,b}/x", values: { x: "h.example", b: "@evil.com" }, was: err("b"), now: err("", "missing"), rule: "6.3", why: "a needs a value" },
  { template: "https://h{+a,b}/x", values: { a: [], b: "@evil.com" }, was: err("b"), now: err("", "missing"), rule: "6.3", why: "an empty list is no value" },
  { template: "https://h{+a,b}/x", values: { a: [null], b: "@evil.com" }, was: err("b"), now: err("", "missing"), rule: "6.3", why: "a list of nulls is no value" },
  { template: "https://h{+a,b}/x", values: { a: { k: null }, b: "@evil.com" }, was: err("b"), now: err("", "missing"), rule: "6.3", why: "a record of nulls is no value" },
  { template: "{x}http{+s}:/api.github.com/x", values: { s: "s://evil.com/?" }, was: err("s"), now: err("", "missing"), rule: "6.3", why: "x needs a value" },
  { template: "https://{host}{/owner,repo}", values: { owner: "evil.com", repo: "r" }, was: err("host"), now: err("", "missing"), rule: "6.3", why: "host needs a value" },
  { template: "http{s}://{host}{/owner}", values: { s: "s", host: [], owner: "evil.com" }, was: err("host"), now: err("", "missing"), rule: "6.3", why: "host needs a value" },
  { template: "https://{host}{+path}", values: { host: null, path: "/evil.com/x" }, was: err("host"), now: err("", "missing"), rule: "6.3", why: "host needs a value" },
  { template: "http{s}:/{host}/x", values: { s: "s" }, was: err("host"), now: err("", "missing"), rule: "6.3", why: "host needs a value" },
  { template: "https://{x,host}/{owner}", values: { host: "", owner: "evil.com" }, was: err("host"), now: err("", "missing"), rule: "6.3", why: "x needs a value" },
  { template: "https://{x,host}/{owner}", values: { x: [], host: "", owner: "evil.com" }, was: err("host"), now: err("", "missing"), rule: "6.3", why: "x needs a value" },
  { template: "{+a,u}", values: { ...NO_BASE, u: "https:/evil.example" }, was: err("u"), now: err("", "missing"), rule: "6.3", why: "a needs a value" },
  { template: "/{a}/{b}", values: { ...NO_BASE, b: "evil.example" }, was: err("a"), now: err("", "missing"), rule: "6.3", why: "a needs a value" },
]

describe("where the request goes: the url judged after expansion (SPEC 6.11)", () => {
  test.each(KEPT.map((k) => [k.template, JSON.stringify(k.values), k]))("%s with %s keeps its verdict", (_t, _v, k) => {
    expect(verdictOf(k.template, k.values)).toEqual(k.verdict)
  })

  test.each(CHANGED_VERDICTS.map((k) => [k.template, JSON.stringify(k.values), k]))("changed: %s with %s", (_t, _v, k) => {
    expect(verdictOf(k.template, k.values)).toEqual(k.now)
    expect(k.now).not.toEqual(k.was) // the table lists changes only
  })

  test("a text that writes the origin without // (https:api.github.com) keeps it too: URL parsers read no base into it", () => {
    // fetch reads "https:api.github.com.evil.com/user" as https://api.github.com.evil.com/user
    const token = { headers: { authorization: "token SECRET" } }
    for (const template of ["https:api.github.com{owner}/user", "https:/api.github.com{owner}/user", "HTTPS:api.github.com{owner}"]) {
      const r = endpoint.either({ ...token, url: template, owner: ".evil.com" })
      expect([template, E.isLeft(r) ? r.left.path : new URL(r.right.url).host]).toEqual([template, "owner"])
    }
    expect(endpoint({ url: "https:api.github.com{owner}/user", owner: "" }).url).toBe("https:api.github.com/user")
  })

  test("a value is judged on what it wrote: a list is read once, though the check expands it again", () => {
    let reads = 0
    const changing = Object.defineProperty([], 0, { get: () => (reads++ === 0 ? ".evil.com" : "x"), enumerable: true })
    expect(errorOf(() => endpoint("GET https://api.github.com{path}", { path: changing })).message).toBe(
      'path: a value cannot change the origin the url names: it would send the request to "https://api.github.com.evil.com"',
    )
    reads = 0
    const dots = Object.defineProperty([], 0, { get: () => (reads++ === 0 ? ".." : "x"), enumerable: true })
    expect(errorOf(() => endpoint("GET /x{/a}/{z}", { a: dots, z: "zz" })).path).toBe("a")
    expect(reads).toBe(1)
  })

  test("the checks are linear (generous guards): dot segments beside expressions, and values shared by many", () => {
    const guarded = (f: () => unknown): unknown => {
      const started = performance.now()
      const r = endpoint.either(f() as never)
      expect(performance.now() - started).toBeLessThan(5000) // each of these once took seconds or more
      return E.isLeft(r) ? r.left.path : r.right.url.length
    }
    expect(guarded(() => ({ url: "/x" + "/.".repeat(15_000) + "{a}".repeat(15_000), a: "b" }))).toBe(G.length + 2 + 30_000 + 15_000)
    expect(guarded(() => ({ url: "/" + "./".repeat(30_000) + "a" + "{x}".repeat(100_000), x: "" }))).toBe(G.length + 60_002)
    expect(guarded(() => ({ url: `https://api.github.com${"{/x}".repeat(16_000)}`, x: new Array(100_000).fill(null) }))).toBe(G.length)
    expect(guarded(() => ({ url: `https://${"{/x}".repeat(32_000)}`, baseUrl: "", x: "" }))).toBe("x")
    expect(guarded(() => ({ url: `https://h${"{x}".repeat(16_000)}/y`, baseUrl: "", x: "a" }))).toBe("x")
  })
})

/** Values a caller may pass: any string, strings made of the pieces URL parsers read specially, lists and records of them. */
const HOSTILE_PIECES = ["@", ":", "/", "//", "\\", ".", "..", "%2e", "%2F", "%40", "?", "#", "[", "]", "%", " ", "\t", "\u3002", "\uff0e", "\uff20", "evil.com", "https:", "https://evil.com", ":443", ""]
const anyString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.array(fc.constantFrom(...HOSTILE_PIECES), { maxLength: 5 }).map((a) => a.join("")),
)
const anyValue = fc.oneof({ weight: 4, arbitrary: anyString }, fc.array(anyString, { maxLength: 3 }), fc.dictionary(anyString, anyString, { maxKeys: 2 }), fc.integer())
const values = fc.record({ a: anyValue, b: anyValue, c: anyValue }, { requiredKeys: ["a", "b"] })
const expression = fc
  .tuple(fc.constantFrom("", "+", "#", ".", "/", ";", "?", "&"), fc.uniqueArray(fc.constantFrom("a", "b", "c"), { minLength: 1, maxLength: 2 }), fc.constantFrom("", "*", ":2"))
  .map(([op, names, modifier]) => `{${op}${names.map((n) => n + modifier).join(",")}}`)
/** Expressions, and literal text that starts a path, a query or a fragment (text in the authority would extend the host on purpose). */
const rest = fc.array(fc.oneof({ weight: 3, arbitrary: expression }, { weight: 1, arbitrary: fc.constantFrom("/", "/x", "?q=1", "#f") }), { minLength: 1, maxLength: 4 })

/** The origin of a url as fetch reads it: with no base when it has a scheme of its own. */
const originOf = (u: string, base: string): readonly [string, string, string] => {
  const parsed = /^[A-Za-z][A-Za-z\d+.-]*:/.test(u) ? new URL(u) : new URL(u, base)
  return [parsed.origin, parsed.username, parsed.password]
}

describe("where the request goes, for any values (properties)", () => {
  /** The result's origin is the one `prefix` writes (its port left open when it ends in ":"), or an EndpointError. */
  const keepsOrigin = (prefix: string, expressions: Array<string>, v: object, baseUrl: string): void => {
    const template = prefix + expressions.join("")
    const r = endpoint.either({ url: template, baseUrl, ...v } as never)
    if (E.isLeft(r)) return void expect(isEndpointError(r.left)).toBe(true)
    const [named, got] = [new URL(prefix.replace(/:$/, "")), new URL(r.right.url)] // a url with a scheme: read with no base, as fetch reads it
    const parts = (u: URL) => [u.protocol, u.hostname, u.username, u.password, prefix.endsWith(":") ? "" : u.port]
    expect([template, r.right.url, ...parts(got)]).toEqual([template, r.right.url, ...parts(named)])
  }

  test("a template whose text writes the origin keeps it: the result's origin is the text's, or an EndpointError", () => {
    const prefixes = ["https://api.github.com", "https://api.github.com:8443", "https://user@api.github.com", "HTTPS://API.GITHUB.COM", "http://localhost:", "https:///api.github.com"]
    fc.assert(fc.property(fc.constantFrom(...prefixes), rest, values, fc.constantFrom("", "https://base.example/api"), keepsOrigin), { numRuns: 600 })
  })

  test("… also when the text writes it without // (https:api.github.com), as URL parsers read it", () => {
    const prefixes = ["https:api.github.com", "https:/api.github.com", "http:api.github.com"]
    fc.assert(fc.property(fc.constantFrom(...prefixes), rest, values, fc.constantFrom("", "https://base.example/api"), keepsOrigin), { numRuns: 300 })
  })

  test("a url that values write whole, scheme or host too, is one URL parsers read, or an EndpointError", () => {
    expect(errorOf(() => endpoint({ url: "{+u}", baseUrl: "", u: "//[x" })).message).toBe('u: URL parsers refuse it: "//[x"')
    expect(errorOf(() => endpoint({ url: "{+u}", baseUrl: "", u: "https://a b" })).path).toBe("u")
    expect(endpoint({ url: "{+u}", baseUrl: "", u: "https://ok.example/x" }).url).toBe("https://ok.example/x")
    const opening = fc.constantFrom("{+a}", "{#a}", "{a}", "{+a,b}")
    fc.assert(
      fc.property(opening, rest, values, (first, more, v) => {
        const r = endpoint.either({ url: first + more.join(""), baseUrl: "", ...v } as never)
        if (E.isLeft(r)) return void expect(isEndpointError(r.left)).toBe(true)
        const url = r.right.url
        if (url.startsWith("//")) expect(URL.canParse(url, "https://placeholder.invalid")).toBe(true)
        else if (/^(?:https?|wss?|ftp|file):/i.test(url)) expect([url, URL.canParse(url)]).toEqual([url, true])
      }),
      { numRuns: 600 },
    )
  })

  test("a url whose scheme and host the template's own text writes is one URL parsers read too, or an EndpointError", () => {
    expect(errorOf(() => endpoint("GET https://{?a}", { a: "x" })).message).toBe("a: a value must write the url's host here")
    expect(errorOf(() => endpoint("GET https://", { q: 1 })).message).toBe('url: the url has no host: "https://"')
    expect(errorOf(() => endpoint("GET https://a:99999/x")).message).toBe('url: URL parsers refuse it: "https://a:99999"')
    expect(endpoint("GET https://api.github.com{?q}", { q: 1 }).url).toBe("https://api.github.com?q=1")
    const scheme = fc.constantFrom("https://", "https:", "http://", "HTTPS://", "//")
    const host = fc.array(fc.constantFrom("a", "b.example", "xn--", ":", ":443", ":99999", "[", "::1", "]", "@", ".", "%41", "%"), { maxLength: 4 })
    fc.assert(
      fc.property(scheme, host, fc.option(rest), values, (start, text, more, v) => {
        const r = endpoint.either({ url: start + text.join("") + (more ?? []).join(""), baseUrl: "", ...v } as never)
        if (E.isLeft(r)) return void expect(isEndpointError(r.left)).toBe(true)
        expect([r.right.url, URL.canParse(r.right.url, "https://placeholder.invalid")]).toEqual([r.right.url, true])
      }),
      { numRuns: 600 },
    )
  })

  test("a relative template with a base url always goes to the base url's origin", () => {
    const firsts = ["/", "/repos/", "/x/", "x/", "?q=", "#f", "//h.example/", "a.b/"] // text with a "/", "?" or "#" before any ":"
    const texts = fc.constantFrom("/", "x", ":", "//", "@", ".", "..", "a:b", "?", "#")
    const template = fc.tuple(fc.constantFrom(...firsts), fc.array(fc.oneof(expression, texts), { maxLength: 4 })).map(([first, more]) => first + more.join(""))
    const base = fc.constantFrom("https://base.example/api", "https://base.example", "http://127.0.0.1:8080/v3/", "https://u@base.example")
    fc.assert(
      fc.property(template, values, base, (t, v, baseUrl) => {
        const r = endpoint.either({ url: t, baseUrl, ...v } as never)
        if (E.isLeft(r)) return void expect(isEndpointError(r.left)).toBe(true)
        const want = new URL(baseUrl)
        expect([t, ...originOf(r.right.url, baseUrl)]).toEqual([t, want.origin, want.username, want.password])
      }),
      { numRuns: 600 },
    )
  })
})

describe("no value makes a dot segment (property)", () => {
  test("for any values, the path of a template without dot segments of its own has none after expansion", () => {
    const DOT = /^(?:\.|%2e){1,2}$/i
    const firsts = ["/", "/repos/", "x/", "https://api.github.com/", "https://api.github.com/x/", "{+a}", "/x."]
    const texts = fc.constantFrom("/", "x", ".x", "x.", "%2", "?", "#")
    const template = fc.tuple(fc.constantFrom(...firsts), fc.array(fc.oneof(expression, texts), { maxLength: 4 })).map(([first, more]) => first + more.join(""))
    const base = fc.constantFrom("https://base.example/api", "https://base.example/api/", "https://base.example", "")
    fc.assert(
      fc.property(template, values, base, (t, v, baseUrl) => {
        const r = endpoint.either({ url: t, baseUrl, ...v } as never)
        if (E.isLeft(r)) return void expect(isEndpointError(r.left)).toBe(true)
        const path = r.right.url.replace(/^[A-Za-z][A-Za-z\d+.-]*:\/*[^/?#]*/, "").split(/[?#]/)[0]!
        expect([t, r.right.url, path.split("/").filter((s) => DOT.test(s))]).toEqual([t, r.right.url, []])
      }),
      { numRuns: 1000 },
    )
  })
})

describe("a misspelt baseUrl is not a parameter", () => {
  test("baseURL (axios' spelling), in any case, is an EndpointError: the request, token included, would go to the default host", () => {
    const ghe = { baseURL: "https://ghe.example/api/v3", headers: { authorization: "token for-ghe" } }
    expect(errorOf(() => endpoint("GET /user", ghe as never)).message).toBe(
      "baseURL: the option is spelt baseUrl; as a parameter this would go to the query or the body",
    )
    expect(errorOf(() => endpoint.defaults({ BaseUrl: "https://ghe.example" })).path).toBe("BaseUrl")
    expect(endpoint("GET /user", { baseUrl: "https://ghe.example/api/v3" }).url).toBe("https://ghe.example/api/v3/user")
    expect(endpoint("POST /x", { base_url: "a" }).body).toEqual({ base_url: "a" }) // another name is a parameter
  })
})

describe("NaN and Infinity never reach a url", () => {
  test("in a path, a query or a list they are an EndpointError naming the parameter, as in headers and JSON bodies", () => {
    expect(errorOf(() => endpoint("GET /repos/o/r/issues/{issue_number}", { issue_number: Number.NaN })).message).toBe(
      "issue_number: cannot expand a NaN in the url",
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
    expect(ghe({ url: "user" }).url).toBe("https://ghe.example/api/v3/user")
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
  test("an error of the CommonJS copy in a Left draft is recognised; thrown from a getter, it comes back as this copy's, naming the getter", () => {
    const script = `
      import { createRequire } from "node:module"
      import { endpoint, EndpointError, isEndpointError, Pipeline } from "./dist/esm/index.js"
      const cjs = createRequire(import.meta.url)("./dist/cjs/index.js")
      let fromCjs
      try { cjs.endpoint("GET /x/{") } catch (e) { fromCjs = e }
      const built = Pipeline.build(cjs.Pipeline.route("GET /x y"))
      const thrown = endpoint.either("POST /x", { get title() { throw fromCjs } })
      console.log(JSON.stringify([isEndpointError(built.left), built.left.message, thrown.left instanceof EndpointError, thrown.left.message]))`
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: new URL("..", import.meta.url), encoding: "utf8" })
    expect(JSON.parse(out)).toEqual([
      true,
      'route: expected "<METHOD> <URL>", got more than two parts in "GET /x y"',
      true,
      'title: reading the input failed (EndpointError: url: unclosed "{" at position 3 in template "/x/{")',
    ])
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
    expect(errorOf(() => endpoint("GET /x", { mediaType: { get extra() { return boom() } } } as never)).message).toBe("mediaType.extra: unknown key (expected format or previews)") // not read
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
    const m = errorOf(() => endpoint("G\u001bT /x" as string))
    expect(m.message).not.toMatch(/[\u001b]/)
  })
})

describe("no way around validation", () => {
  test("Parse.parse checks hand-built options as the codec would: no header injection, no odd base url, no forged method", () => {
    const left = (o: Partial<Options.Options>) => {
      const r = Parse.parse({ ...Options.empty, url: "/user", ...o })
      return E.isLeft(r) ? r.left.message : "right"
    }
    expect(left({ headers: { "x-a": "a\r\nx-injected: 1" } })).toBe("headers.x-a: a header value cannot hold CR, LF or NUL")
    expect(left({ headers: { "Bad Name": "v" } })).toBe('headers["Bad Name"]: not an RFC 9110 token')
    expect(left({ method: "GET /x HTTP/1.1\r\n" })).toMatch(/^method: .* is not an HTTP method token$/)
    expect(left({ baseUrl: "https://evil.com?" })).toMatch(/^baseUrl: expected an absolute http\(s\) url/)
    expect(left({ baseUrl: "javascript:" })).toMatch(/^baseUrl: /)
    expect(left({ mediaType: { format: "raw, text/html", previews: [] } })).toMatch(/^mediaType.format: /)
    expect(left({ params: { url: "https://evil.example" } })).toBe("params.url: a parameter named as an option")
    expect(E.isLeft(Parse.parse(null as never)) && E.isLeft(Parse.parse({ url: "/x" } as never))).toBe(true)
    expect(left({ params: { baseURL: "https://evil.example" } })).toMatch(/^baseURL: the option is spelt baseUrl/) // in the model's form too
    expect(left({ baseUrl: "https://api.github.com\\@evil.com" })).toMatch(/^baseUrl: expected an absolute http\(s\) url with no query, fragment, whitespace or backslash/)
    expect(left({ repo: "r" } as never)).toBe("repo: no field of Options: a parameter goes in params") // it would be lost
    const throwing = { a: 1, get b(): number { throw new TypeError("x") } }
    expect(left({ mediaType: { format: "raw" } as never, params: throwing })).toBe("params.b: reading the input failed (TypeError: x)") // named by its key
    expect(left({ baseUrl: "https://api.github.com", mediaType: { format: "raw" } as never })).toBe("right") // previews left out, as flat options may
    const reads = { headers: 0, params: 0 } // a getter that answers a check one way and the build another cannot inject: each field is read once
    const lying = {
      ...Options.empty,
      url: "/x",
      get headers() { return reads.headers++ === 0 ? {} : { "x-a": "a\r\nx-injected: 1" } },
      get params() { return reads.params++ === 0 ? {} : { baseUrl: "https://evil.example" } },
    }
    const once = Parse.parse(lying as never)
    expect(E.isRight(once) && once.right).toEqual({ method: "get", url: "/x", headers: {} })
    expect(reads).toEqual({ headers: 1, params: 1 })
    const normalised = Parse.parse({ ...Options.empty, url: "/x", headers: { Accept: "text/plain" } as never }) // what decode would make of it
    expect(E.isRight(normalised) && normalised.right.headers).toEqual({ accept: "text/plain" })
  })
  test("Pipeline.buildWith validates defaults taken from any function's DEFAULTS", () => {
    const impostor = Object.assign(() => undefined, { DEFAULTS: { url: "/x", headers: { "x-a": "1\r\nInjected: 1" } } })
    const built = pipe(Pipeline.empty, Pipeline.buildWith(impostor as never))
    expect(E.isLeft(built) && built.left.path).toBe("defaults.headers.x-a")
  })
})
