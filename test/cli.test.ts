// The command line: parsing of items and flags, rendering, exit codes, and the built executable.
import { execFileSync, spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import fc from "fast-check"
import * as E from "fp-ts/lib/Either.js"
import { beforeAll, describe, expect, test } from "vitest"
import { CommandLine, endpoint, isEndpointError, VERSION } from "../src/index.js"
import { ensureBuilt } from "./built.js"

const capture = (argv: Array<string>) => {
  let stdout = ""
  let stderr = ""
  const code = CommandLine.main(argv, { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s) })
  return { code, stdout, stderr }
}

describe("parseArgs", () => {
  test("key=value is a string, key:=json a JSON value, Name:value a header", () => {
    expect(
      CommandLine.parseArgs(["POST /r/{owner}", "owner=o", "n:=5", "labels:=[\"bug\"]", "Authorization:token 0000", "t=a:b=c"]),
    ).toEqual(
      E.right({
        _tag: "Build",
        route: "POST /r/{owner}",
        output: "json",
        options: { owner: "o", n: 5, labels: ["bug"], t: "a:b=c", headers: { Authorization: "token 0000" } },
      }),
    )
  })
  test("a header item's blanks are trimmed in linear time: a long inner run is no hang (generous guard)", () => {
    const started = performance.now()
    const read = CommandLine.parseArgs(["GET", "/x", `X-A: a${" ".repeat(200_000)}b\t `])
    expect(performance.now() - started).toBeLessThan(2000) // /[ \t]+$/ retried every blank of the run: 74 s for 400 000
    expect(read._tag === "Right" && read.right._tag === "Build" && read.right.options.headers).toEqual({ "X-A": `a${" ".repeat(200_000)}b` })
  })
  test("a backslash keeps = or : literal in a key", () => {
    const parsed = CommandLine.parseArgs(["/x", "a\\=b=1", "c\\:d:=2"])
    expect(E.isRight(parsed) && parsed.right._tag === "Build" && parsed.right.options).toEqual({ "a=b": "1", "c:d": 2 })
  })
  test("flags: --merge, --curl, --base-url (both forms), --help, --", () => {
    const read = (argv: Array<string>) => CommandLine.parseArgs(argv)
    expect(read(["--merge", "/x"])).toMatchObject({ right: { output: "merge" } })
    expect(read(["/x", "--curl"])).toMatchObject({ right: { output: "curl" } })
    expect(read(["--base-url", "https://h", "/x"])).toMatchObject({ right: { options: { baseUrl: "https://h" } } })
    expect(read(["--base-url=https://h", "/x"])).toMatchObject({ right: { options: { baseUrl: "https://h" } } })
    expect(read(["-h"])).toEqual(E.right({ _tag: "Help" }))
    expect(read(["--", "--odd-route"])).toMatchObject({ right: { route: "--odd-route" } })
  })
  test.each<[Array<string>, string]>([
    [[], "route: required"],
    [["/x", "novalue"], "is not key=value"],
    [["/x", "a:={"], "a: invalid JSON"],
    [["/x", "=1"], "has an empty name"],
    [["--bogus", "/x"], "unknown option"],
    [["--base-url"], "--base-url needs a URL"],
    [["--merge", "--curl", "/x"], "cannot be combined"],
  ])("%j is an EndpointError: %s", (argv, message) => {
    const parsed = CommandLine.parseArgs(argv)
    expect(E.isLeft(parsed) && parsed.left.message).toContain(message)
  })
})

describe("main", () => {
  test("prints the result as JSON and exits 0", () => {
    const { code, stdout, stderr } = capture(["POST /repos/{owner}/{repo}/issues", "owner=octokit", "repo=rest.js", "title=Bug"])
    expect(code).toBe(0)
    expect(stderr).toBe("")
    expect(JSON.parse(stdout)).toEqual(endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Bug" }))
  })
  test("--merge prints the merged options", () => {
    const { stdout } = capture(["--merge", "GET /orgs/:org", "org=o"])
    expect(JSON.parse(stdout)).toEqual(endpoint.merge("GET /orgs/:org", { org: "o" }))
  })
  test("--curl prints HEAD as --head (curl -X HEAD waits for a body that never comes), whatever its case", () => {
    const rest = `--url 'https://api.github.com/x?a=1' -H 'accept: application/vnd.github.v3+json' -H 'user-agent: ${endpoint.DEFAULTS.headers?.["user-agent"]}'\n`
    expect(capture(["--curl", "HEAD /x", "a=1"]).stdout).toBe(`curl -q --globoff --head ${rest}`)
    expect(capture(["--curl", "head", "/x", "a=1"]).stdout).toBe(`curl -q --globoff --head ${rest}`)
    expect(CommandLine.toCurl({ method: "Head", url: "https://h.example/x", headers: { "x-a": "1" } })).toBe("curl -q --globoff --head --url 'https://h.example/x' -H 'x-a: 1'")
    expect(CommandLine.toCurl({ method: "HEADS", url: "https://h.example/x", headers: {} })).toBe("curl -q --globoff -X 'HEADS' --url 'https://h.example/x'")
  })
  test("--curl prints a curl command with quoting that survives a single quote", () => {
    const { stdout } = capture(["--curl", "POST /x", "title=it's"])
    expect(stdout).toBe(
      "curl -q --globoff -X 'POST' --url 'https://api.github.com/x' -H 'accept: application/vnd.github.v3+json' " +
        `-H 'user-agent: ${endpoint.DEFAULTS.headers?.["user-agent"]}' -H 'content-type: application/json; charset=utf-8' ` +
        `--data-raw '{"title":"it'\\''s"}'\n`,
    )
  })
  test("bad input: exit code 2, the EndpointError message on stderr, nothing on stdout", () => {
    const { code, stdout, stderr } = capture(["GET /x", "Bad Header:1"])
    expect(code).toBe(2)
    expect(stdout).toBe("")
    expect(stderr).toBe('fp-endpoint: headers["Bad Header"]: header name is not an RFC 9110 token\n')
  })
  test("--help prints the usage and exits 0", () => {
    const { code, stdout } = capture(["--help"])
    expect(code).toBe(0)
    expect(stdout).toContain("Usage: fp-endpoint")
  })
  test("10 000 levels of nested JSON give a result or an EndpointError, never a crash", () => {
    const deep = "[".repeat(10_000) + "]".repeat(10_000)
    const { code, stderr } = capture(["POST /x", `a:=${deep}`])
    expect([0, 2]).toContain(code)
    if (code === 2) expect(stderr).toMatch(/^fp-endpoint: /)
  })
})

/** The request options the command line prints for `argv`, or its failure. */
const printed = (argv: Array<string>) => {
  const { code, stdout, stderr } = capture(argv)
  if (code !== 0) throw new Error(`exit ${code}: ${stderr}`)
  return JSON.parse(stdout) as { method: string; url: string; headers: Record<string, string>; body?: unknown }
}

describe("METHOD and URL as two arguments (httpie)", () => {
  test("GET /user reads as 'GET /user'", () => {
    expect(CommandLine.parseArgs(["GET", "/user"])).toEqual(CommandLine.parseArgs(["GET /user"]))
    expect(CommandLine.parseArgs(["GET", "/user"])).toEqual(E.right({ _tag: "Build", route: "GET /user", options: {}, output: "json" }))
    const argv = ["POST", "/repos/{owner}/{repo}/issues", "owner=o", "repo=r", "title=Bug"]
    expect(printed(argv)).toEqual(endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Bug" }))
  })
  test("the url may be absolute (http:// or https://, any case), and options may come between", () => {
    expect(printed(["GET", "https://uploads.github.com/x"]).url).toBe("https://uploads.github.com/x")
    expect(printed(["delete", "HTTP://h.example/x"])).toMatchObject({ method: "delete", url: "HTTP://h.example/x" })
    expect(CommandLine.parseArgs(["PATCH", "--curl", "/x", "a=1"])).toMatchObject({ right: { route: "PATCH /x", output: "curl" } })
    expect(CommandLine.parseArgs(["--", "-X", "/x"])).toMatchObject({ right: { route: "-X /x" } })
  })
  test("a one-word route followed by an item is still a url alone (the method GET)", () => {
    expect(CommandLine.parseArgs(["user", "a=1"])).toMatchObject({ right: { route: "user", options: { a: "1" } } })
  })
  test("a method in capitals with no url after it is refused, not read as the url /POST", () => {
    expect(capture(["POST", "title=Bug"])).toEqual({
      code: 2,
      stdout: "",
      stderr: 'fp-endpoint: route: "POST" is a method; a url must follow it (fp-endpoint POST /path ...)\n',
    })
    for (const argv of [["GET"], ["--curl", "DELETE", "q==1"], ["--", "PATCH", "Accept:x"], ["HEAD"]]) {
      expect(capture(argv)).toMatchObject({ code: 2, stderr: expect.stringMatching(/^fp-endpoint: route: "[A-Z]+" is a method; a url must follow it/) })
    }
    expect(printed(["user"]).url).toBe("https://api.github.com/user")
    expect(printed(["user", "a==1"]).url).toBe("https://api.github.com/user?a=1")
    expect(printed(["POST", "/x", "title=Bug"])).toMatchObject({ url: "https://api.github.com/x", body: { title: "Bug" } })
  })
  test.each<[Array<string>]>([
    [["GET /x", "/y"]],
    [["/x", "/k=v"]],
    [["GET", "a=1", "/y"]],
    [["GET", "/x", "https://h.example/y"]],
    [["'GET /x'", "https://h:1"]],
  ])("an argument starting with /, http:// or https:// is never an item: %j is refused", (argv) => {
    const parsed = CommandLine.parseArgs(argv)
    expect(E.isLeft(parsed) && parsed.left.message).toMatch(/^argv: ".*" is a url, which goes right after the method/)
  })
})

describe("name==value: a query parameter whatever the method", () => {
  test("POST: in the query, not in the body", () => {
    expect(printed(["POST", "/x", "q==foo"])).toEqual(endpoint("POST /x{?q}", { q: "foo" }))
    expect(printed(["POST", "/x", "q==foo"]).url).toBe("https://api.github.com/x?q=foo")
    const r = printed(["POST", "/x", "q==1", "q=2", "method==m"])
    expect(r).toMatchObject({ method: "post", url: "https://api.github.com/x?q=1&method=m", body: { q: "2" } })
  })
  test.each(["a b", "!*'()+", "é😀", "a&b=c#d", "{x}", "%41", "", "is:open+label:bug"])("%j is encoded as endpoint writes a GET query (q keeps its +)", (v) => {
    expect(printed(["PUT", "/x", `q==${v}`]).url).toBe(endpoint("GET /x", { q: v }).url)
    expect(printed(["PUT", "/x", `other==${v}`]).url).toBe(endpoint("GET /x", { other: v }).url)
  })
  test("q==is:open+label:bug keeps the + of GitHub's search syntax, as q=… does for GET", () => {
    expect(printed(["GET", "/search/issues", "q==is:open+label:bug"]).url).toBe("https://api.github.com/search/issues?q=is%3Aopen+label%3Abug")
  })
  test("the query joins the expanded url's, as endpoint() adds a GET's: after its query, before a fragment; repeated names repeat", () => {
    expect(printed(["GET", "/x?a=1#top", "q==1", "q==2"]).url).toBe("https://api.github.com/x?a=1&q=1&q=2#top")
    expect(printed(["GET", "/x{?page,per_page}", "q==1", "page:=2"]).url).toBe("https://api.github.com/x?page=2&q=1")
    expect(printed(["GET", "/x{?page}", "q==1"]).url).toBe("https://api.github.com/x?q=1")
    expect(printed(["GET", "/x{#f}", "q==1", "f=top"]).url).toBe("https://api.github.com/x?q=1#top")
    expect(printed(["GET", "/x?", "q==1"]).url).toBe("https://api.github.com/x?q=1")
    expect(printed(["GET", "/x", "q==1", "r=2"]).url).toBe("https://api.github.com/x?r=2&q=1")
    expect(CommandLine.parseArgs(["/x/{a}", "q==1"])).toMatchObject({ right: { route: "/x/{a}", query: "q=1" } })
    // what a value expands to counts: its ? or # is the url's
    expect(printed(["GET {+u}", "u=https://h.example/x#top", "q==1"]).url).toBe("https://h.example/x?q=1#top")
    expect(printed(["GET {+u}", "u=https://h.example/x?b=1", "q==1"]).url).toBe("https://h.example/x?b=1&q=1")
    expect(printed(["POST", "/repos{+p}", "p=/o/r?ref=main", "q==1"]).url).toBe("https://api.github.com/repos/o/r?ref=main&q=1")
    // --merge shows a template, which cannot hold a query added after expansion
    expect(capture(["--merge", "GET /x{?a}", "q==1"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "fp-endpoint: query: name==value items join the url after expansion, which merged options (a template) cannot show: run without --merge\n",
    })
  })
  test("a route endpoint refuses stays refused", () => {
    expect(capture(["GET /x/{", "q==1"]).stderr).toContain('unclosed "{" at position 3')
    expect(capture(["GET /x y", "q==1"]).code).toBe(2)
  })
  test("a lone surrogate is an EndpointError naming the parameter", () => {
    const parsed = CommandLine.parseArgs(["/x", "q==a\ud800"])
    expect(E.isLeft(parsed) && parsed.left.message).toBe("q: lone surrogate at index 1 cannot be percent-encoded")
  })
})

describe("Name: removes a header, Name; sends it empty (httpie)", () => {
  test("User-Agent: leaves out the default user-agent", () => {
    expect(CommandLine.parseArgs(["GET", "/user", "User-Agent:"])).toMatchObject({ right: { options: { headers: { "User-Agent": null } } } })
    const r = printed(["GET", "/user", "User-Agent:"])
    expect(r.headers).toEqual({ accept: "application/vnd.github.v3+json" })
    expect(capture(["--curl", "GET", "/user", "User-Agent:", "accept:"]).stdout).toBe("curl -q --globoff -X 'GET' --url 'https://api.github.com/user'\n")
  })
  test("X-Empty; is a header with an empty value", () => {
    expect(printed(["GET", "/user", "X-Empty;"]).headers["x-empty"]).toBe("")
    expect(CommandLine.parseArgs(["/x", "a;b=1"])).toMatchObject({ right: { options: { "a;b": "1" } } })
  })
  test("--curl prints an empty (or blank) value as -H 'name;', curl's syntax: curl drops -H 'name: ' unsent", () => {
    const { code, stdout } = capture(["--curl", "GET /x", "X-Empty;", "X-Blank: \t", "X-Full:1"])
    expect(code).toBe(0)
    expect(stdout).toContain(" -H 'x-empty;' -H 'x-blank;' -H 'x-full: 1'\n")
    expect(CommandLine.toCurl({ method: "get", url: "https://h.example/x", headers: { "x-a": "", "x-b": " a" } })).toBe("curl -q --globoff -X 'GET' --url 'https://h.example/x' -H 'x-a;' -H 'x-b:  a'")
  })
})

describe("a key given more than once is an array (httpie)", () => {
  test("a=1 a=2 sends [\"1\", \"2\"]; = and := mix, in order", () => {
    expect(printed(["POST", "/x", "a=1", "a=2"]).body).toEqual({ a: ["1", "2"] })
    expect(printed(["POST", "/x", "a=1", "b=x", "a:=2", "a:=[3]"]).body).toEqual({ a: ["1", 2, [3]], b: "x" })
    expect(printed(["POST", "/x", 'a:=["1"]']).body).toEqual({ a: ["1"] })
  })
  test("GET: the array goes to the query as endpoint writes arrays", () => {
    expect(printed(["GET", "/x", "labels=a", "labels=b"]).url).toBe(endpoint("GET /x", { labels: ["a", "b"] }).url)
  })
  test("headers:= with Name:value items, or baseUrl= with --base-url, is an error, not one silently winning", () => {
    expect(capture(["/x", "headers:={}", "a:b"]).stderr).toBe("fp-endpoint: headers: given both as an item and by Name:value items\n")
    expect(capture(["--base-url=https://h", "/x", "baseUrl=https://g"]).stderr).toContain("baseUrl: given both")
    expect(capture(["--base-url=https://h", "--base-url", "https://g", "/x"]).stderr).toBe("fp-endpoint: argv: --base-url given twice\n")
  })
  test("a header given twice, in any case, is an error, not the last one silently winning", () => {
    expect(capture(["/x", "X-A:1", "X-A:2"]).stderr).toBe("fp-endpoint: headers.X-A: given twice: a header takes one value\n")
    expect(JSON.parse(capture(["/x", "Authorization: token 0000", "X-B:\t b \t", "X-C: ", "X-D;"]).stdout).headers).toMatchObject({ authorization: "token 0000", "x-b": "b", "x-d": "" })
    expect(JSON.parse(capture(["/x", "User-Agent: "]).stdout).headers).toMatchObject({ "user-agent": "" }) // blank: sent empty, as Name; is
    expect(capture(["/x", "X-A:1", "x-a:2"]).stderr).toBe('fp-endpoint: headers.x-a: names the same header as the key "X-A": one value would be lost\n')
  })
})

describe("a path placeholder without a value", () => {
  test.each<[Array<string>, string]>([
    [["GET /repos/{owner}/{repo}", "owner=o"], "missing parameter: repo"],
    [["GET", "/orgs/:org/repos"], "missing parameter: org"],
    [["GET", "/repos/{owner}/{repo}"], "missing parameters: owner, repo"],
    [["GET", "/x/{+path}"], "missing parameter: path"],
    [["GET", "/x/{a,b}", "a=1"], "missing parameter: b"],
    [["GET", "/x/{a}", "a:=null"], "missing parameter: a"],
    [["GET", "/x/{a}", "a:=[]"], "missing parameter: a"],
    [["GET", "/x/{a}", "a:=[null]"], "missing parameter: a"], // expands to nothing, as an empty list does
    [["GET", "/x/{a}", 'a:={"k":null}'], "missing parameter: a"],
    [["GET", "/x/{data}", "data=1"], 'url: the placeholder "data" is named as an option, which never fills the url: rename it'],
    [["--merge", "GET", "/x/{a}"], "missing parameter: a"],
    [["--curl", "POST", "/x/:a", "b=1"], "missing parameter: a"],
  ])("%j exits 2: %s", (argv, message) => {
    expect(capture(argv)).toEqual({ code: 2, stdout: "", stderr: `fp-endpoint: ${message}\n` })
  })
  test("optional expressions ({/x}, {.x}, {?x}, {#x}) and an explicit empty value need nothing", () => {
    expect(capture(["GET", "/x{/a}{.b}{?c}{#d}"]).code).toBe(0)
    expect(printed(["GET", "/search?q={q}#{f}"]).url).toBe("https://api.github.com/search?q=#") // past the path: as endpoint() writes it
    expect(printed(["GET", "/x/{a}", "a:=[null,1]"]).url).toBe("https://api.github.com/x/1")
    expect(printed(["GET", "/x/{a}/y", "a="]).url).toBe("https://api.github.com/x//y")
  })
  test("render refuses it too, whoever built the command", () => {
    const r = CommandLine.render({ _tag: "Build", route: "GET /users/{user}", options: {}, output: "json" })
    expect(E.isLeft(r) && r.left.message).toBe("missing parameter: user")
  })
  test("one large list or record under many placeholders is judged once, not once a placeholder", () => {
    const names = Array.from({ length: 1000 }, (_, i) => `a${i}`)
    const list: Array<null> = Array(100_000).fill(null)
    const record = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, null]))
    for (const value of [list, record]) {
      const started = performance.now()
      const r = CommandLine.render({ _tag: "Build", route: `POST /x/{${names.join(",")}}`, options: Object.fromEntries(names.map((n) => [n, value])), output: "json" })
      expect(E.isLeft(r) && r.left.message).toBe(`missing parameters: ${names.join(", ")}`)
      expect(performance.now() - started).toBeLessThan(2000) // a generous guard: it took 13 s (list) and 23 s (record) walking the value once a name
    }
  })
})

describe("--version", () => {
  test("prints the version and exits 0", () => {
    expect(CommandLine.parseArgs(["--version"])).toEqual(E.right({ _tag: "Version" }))
    expect(capture(["--version"])).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: "" })
    expect(capture(["GET", "/x", "--version"]).stdout).toBe(`${VERSION}\n`)
  })
})

describe("nothing but EndpointError, whatever the input", () => {
  const { proxy: revoked, revoke } = Proxy.revocable([], {})
  revoke()
  test.each<[string, unknown]>([
    ["a Proxy whose traps throw an Error", new Proxy([], { get: () => { throw new Error("trap") } })],
    ["a Proxy whose traps throw a string", new Proxy(["GET /x"], { get: () => { throw "trap" } })],
    ["a revoked Proxy", revoked],
    ["a Proxy with a huge length", new Proxy([], { get: (_t, k) => (k === "length" ? 2 ** 32 - 1 : "a=1") })],
    ["a Proxy with a NaN length", new Proxy([], { get: (_t, k) => (k === "length" ? NaN : "a=1") })],
  ])("main, argv %s: exit 2, an argv EndpointError on stderr", (_name, argv) => {
    const { code, stdout, stderr } = capture(argv as Array<string>)
    expect({ code, stdout }).toEqual({ code: 2, stdout: "" })
    expect(stderr).toMatch(/^fp-endpoint: argv: [^\n]*\n$/)
  })
  test.each<[unknown, string]>([
    [[1], "argv[0]: expected a string, got number"],
    [["GET /x", null], "argv[1]: expected a string, got null"],
    [{ length: 1, 0: "/x" }, "argv: expected an array of strings, got object"],
    [undefined, "argv: expected an array of strings, got undefined"],
  ])("main, argv %j: exit 2 with %s", (argv, message) => {
    expect(capture(argv as Array<string>)).toEqual({ code: 2, stdout: "", stderr: `fp-endpoint: ${message}\n` })
  })
  test("main: a writer that throws gives exit 1 (or 2), never an exception", () => {
    const boom = () => {
      throw new Error("EPIPE")
    }
    let stderr = ""
    expect(CommandLine.main(["GET /x"], { stdout: boom, stderr: (s) => (stderr += s) })).toBe(1)
    expect(stderr).toBe("fp-endpoint: writing the output failed\n")
    expect(CommandLine.main(["GET /x"], { stdout: boom, stderr: boom })).toBe(1)
    expect(CommandLine.main(["/x", "bad"], { stdout: boom, stderr: boom })).toBe(2)
    expect(CommandLine.main(["GET /x"], null as never)).toBe(1)
  })
  test("render: any command that is not one, or options JSON cannot print, is a Left EndpointError naming the field", () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    const left = (c: unknown) => {
      const r = CommandLine.render(c as CommandLine.Command)
      expect(E.isLeft(r) && isEndpointError(r.left)).toBe(true)
      return E.isLeft(r) ? r.left.message : ""
    }
    expect(left(null)).toBe("command: expected a command, got null")
    expect(left({ _tag: "Nope" })).toBe('_tag: expected "Help", "Version" or "Build", got string')
    expect(left({ _tag: "Build", route: "GET /x", options: {}, output: "xml" })).toContain("output:")
    expect(left(new Proxy({}, { get: () => { throw new Error("trap") } }))).toContain("trap")
    expect(left({ _tag: "Build", route: 5, options: {}, output: "json" })).toContain("route")
    expect(left({ _tag: "Build", route: "POST /x", options: { a: cyclic }, output: "json" })).toMatch(/^body: cannot be printed as JSON/)
    expect(left({ _tag: "Build", route: "POST /x", options: { a: cyclic }, output: "merge" })).toMatch(/^a: cannot be printed as JSON/)
    expect(left({ _tag: "Build", route: "POST /x", options: { a: 1n }, output: "curl" })).toBe("body.a: a bigint cannot be serialised as JSON")
    let deep: unknown = 1
    for (let i = 0; i < 20_000; i++) deep = { a: deep }
    expect(left({ _tag: "Build", route: "POST /x", options: { a: deep }, output: "json" })).toBe("body: nested too deeply to print as JSON") // not the RangeError's words
    expect(left({ _tag: "Build", route: "GET /x", options: { query: "q=1" }, output: "json", query: 5 })).toBe("query: expected a string, got number")
  })
  test("property: main, given any argv at all, returns 0 or 2 and writes one line of reason on a failure", () => {
    const item = fc.oneof(
      fc.constantFrom("GET", "POST", "/x", "/x/{a}", "--curl", "--merge", "--base-url", "--", "a=1", "a==", "A:", "A;", "a:=[", "-h"),
      fc.string(),
    )
    const argv = fc.oneof(fc.array(item, { maxLength: 6 }), fc.array(fc.anything(), { maxLength: 3 }), fc.anything())
    fc.assert(
      fc.property(argv, (a) => {
        const { code, stdout, stderr } = capture(a as Array<string>)
        expect([0, 2]).toContain(code)
        if (code === 2) expect({ stdout, stderr: /^fp-endpoint: [^\n]*\n$/.test(stderr) }).toEqual({ stdout: "", stderr: true })
      }),
      { numRuns: 300 },
    )
  })
})

describe("the usage text", () => {
  test("documents the two-argument route, ==, Name:, Name;, repeated keys, --version and exit code 1", () => {
    for (const text of ["METHOD URL", "a url must follow it", "--head", 'starts with "/", "http://" or "https://"', "name==value", "Name:  ", "Name;", "is an array", "--version", "1 the output could not be written"]) {
      expect(CommandLine.USAGE).toContain(text)
    }
  })
})

describe("the built executable", () => {
  beforeAll(() => {
    ensureBuilt(["dist/node/cli.js"]) // the bin package.json names, rebuilt when older than src
  })
  test("runs the README example", () => {
    const out = execFileSync(process.execPath, [
      "dist/node/cli.js",
      "POST /repos/{owner}/{repo}/issues",
      "owner=octokit",
      "repo=rest.js",
      "title=Bug",
      'labels:=["bug"]',
      "Authorization:token 0000",
    ]).toString()
    expect(JSON.parse(out)).toMatchObject({
      method: "post",
      url: "https://api.github.com/repos/octokit/rest.js/issues",
      headers: { authorization: "token 0000" },
      body: { title: "Bug", labels: ["bug"] },
    })
  })
  test("METHOD URL as two arguments, and --version", () => {
    const out = execFileSync(process.execPath, ["dist/node/cli.js", "POST", "/x", "q==1", "a=1", "a=2", "User-Agent:"]).toString()
    expect(JSON.parse(out)).toEqual(endpoint("POST /x{?q}", { q: "1", a: ["1", "2"], headers: { "user-agent": null } }))
    expect(execFileSync(process.execPath, ["dist/node/cli.js", "--version"]).toString()).toBe(`${VERSION}\n`)
  })
  test("a reader that went away (EPIPE): exit 1, no stack trace", () => {
    // `true` exits at once; node starts 0.2 s later and writes to a pipe nobody reads
    const r = spawnSync("bash", ["-c", `{ sleep 0.2; exec "${process.execPath}" dist/node/cli.js --help; } | true; exit "\${PIPESTATUS[0]}"`])
    expect({ status: r.status, stderr: r.stderr.toString() }).toEqual({ status: 1, stderr: "" })
  })
  test("invalid input whose message cannot be written (stderr full) still exits 2, not 1", (ctx) => {
    if (!existsSync("/dev/full")) {
      console.warn("skipping the /dev/full test: this system has no /dev/full")
      return ctx.skip()
    }
    const r = spawnSync("bash", ["-c", `exec "${process.execPath}" dist/node/cli.js --bogus 2>/dev/full`])
    expect(r.status).toBe(2)
  })
  test("exits 2 with the message and no stack trace", () => {
    const r = spawnSync(process.execPath, ["dist/node/cli.js", "GET /x/{"])
    expect(r.status).toBe(2)
    expect(r.stderr.toString()).toBe('fp-endpoint: url: unclosed "{" at position 3 in template "/x/{"\n')
  })
})

describe("numbers and controls in JSON", () => {
  test("a:=1e999 is refused: JSON would send the number as null", () => {
    expect(capture(["POST", "/x", "a:=1e999"])).toEqual({ code: 2, stdout: "", stderr: 'fp-endpoint: a: a number in "1e999" is too large to send (it would be sent as null)\n' })
    expect(capture(["POST", "/x", "a:=[1, -1e400]"]).code).toBe(2)
    expect(JSON.parse(capture(["POST", "/x", "a:=1e308"]).stdout).body).toEqual({ a: 1e308 })
  })
  test("a:=1e-400 is refused: JSON would send the number as 0; a zero, however written, and a small double pass", () => {
    expect(capture(["POST", "/x", "a:=1e-400"])).toEqual({
      code: 2,
      stdout: "",
      stderr: 'fp-endpoint: a: the number "1e-400" is too small to send (it would be sent as 0); send it as a string (key=value, or in quotes inside JSON)\n',
    })
    expect(capture(["POST", "/x", 'a:={"b":[-1e-330]}']).code).toBe(2)
    for (const zero of ["0", "0e-999", "0.000", "-0.0e5"]) expect(JSON.parse(capture(["POST", "/x", `a:=${zero}`]).stdout).body).toEqual({ a: 0 })
    expect(JSON.parse(capture(["POST", "/x", "a:=1e-300"]).stdout).body).toEqual({ a: 1e-300 })
  })
  test("a:=12345678901234567890 is refused: the number sent would be another integer; what comes back as written passes", () => {
    expect(capture(["POST", "/x", "id:=12345678901234567890"])).toEqual({
      code: 2,
      stdout: "",
      stderr: 'fp-endpoint: id: the integer "12345678901234567890" would be sent as 12345678901234567000 (JSON numbers are doubles here); send it as a string (key=value, or in quotes inside JSON)\n',
    })
    const refused = (json: string) => capture(["POST", "/x", `id:=${json}`]).stderr.match(/the integer "(.*?)" would be sent as (\S+)/)?.slice(1)
    expect(refused('[1, {"n": -9007199254740993}]')).toEqual(["-9007199254740993", "-9007199254740992"])
    expect(refused("36028797018963968")).toEqual(["36028797018963968", "36028797018963970"]) // a double holds it, but JSON writes other digits
    expect(refused("12345678901234567890.0")).toEqual(["12345678901234567890.0", "12345678901234567000"])
    expect(refused("1.2345678901234567890e19")).toEqual(["1.2345678901234567890e19", "12345678901234567000"])
    const body = (args: Array<string>) => JSON.parse(capture(["POST", "/x", ...args]).stdout).body
    expect(body(["id:=9007199254740992", "big:=100000000000000000000", "e:=1e22", "one:=1.0"])).toEqual({ id: 2 ** 53, big: 1e20, e: 1e22, one: 1 })
    expect(body(['ids:=["12345678901234567890", 0.1234567890123456789, 1.5e300]'])).toEqual({ ids: ["12345678901234567890", 0.1234567890123456789, 1.5e300] })
    expect(body(["id=12345678901234567890"])).toEqual({ id: "12345678901234567890" })
  })
  test("a long JSON string after := is read (the integer check walks the text in a loop)", () => {
    const long = "x".repeat(10_000_000)
    const parsed = CommandLine.parseArgs(["POST", "/x", `a:="${long}"`, `b:="${"\\n".repeat(2_000_000)}"`])
    expect(E.isRight(parsed) && parsed.right.options).toMatchObject({ a: long, b: "\n".repeat(2_000_000) })
  })
  test("DEL and C1 controls are escaped in the printed JSON (U+009B is a terminal's CSI), which still parses to the same value", () => {
    const note = "a\u009b31mb\u007fc\u0085"
    const { code, stdout } = capture(["POST", "/x", `note=${note}`])
    expect(code).toBe(0)
    expect(stdout).not.toMatch(/[\x7f-\x9f]/)
    expect(stdout).toContain("a\\u009b31mb\\u007fc\\u0085")
    expect(JSON.parse(stdout).body).toEqual({ note })
  })
})

describe("--curl and a lone surrogate, which has no UTF-8 form", () => {
  test("in a text body or a header value it is refused: the printed command would carry U+FFFD in its place", () => {
    expect(capture(["--curl", "POST", "/x", 'data:="a\\ud800b"', "Content-Type:text/plain"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "fp-endpoint: body: lone surrogate at index 1, which has no UTF-8 form: fetch would send U+FFFD in its place\n",
    })
    expect(capture(["--curl", "GET", "/x", 'headers:={"x-a": "a\\ud800b"}'])).toEqual({
      code: 2,
      stdout: "",
      stderr: "fp-endpoint: headers.x-a: lone surrogate at index 1, which has no UTF-8 form\n",
    })
  })
  test("in a JSON body it is written as its escape, which keeps it", () => {
    const { code, stdout } = capture(["--curl", "POST", "/x", 'a:="\\ud800"'])
    expect(code).toBe(0)
    expect(stdout).toContain(`--data-raw '{"a":"\\ud800"}'`)
  })
})

describe("printing a body with a sparse array", () => {
  test("is an EndpointError found fast, not a string as long as the array's declared length", () => {
    const started = performance.now()
    const out = CommandLine.render({ _tag: "Build", route: "POST /x", options: { list: new Array(2 ** 24) }, output: "json" })
    expect(out._tag).toBe("Left")
    expect(out._tag === "Left" && out.left.message).toMatch(/sparse array/)
    expect(performance.now() - started).toBeLessThan(2000) // a generous guard: the old code took 4 s and 200 MB
  })
})
