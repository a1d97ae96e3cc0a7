// The command line: items and flags, files (=@, :=@) and a piped body read through main's io, name==value,
// rendering, bounded output, the exit codes, and the built executable (the bin of package.json) run with
// real pipes. --curl against a real server: test/curl.property.test.ts.
import { execFileSync, spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import fc from "fast-check"
import * as E from "fp-ts/lib/Either.js"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { CommandLine, endpoint, isEndpointError, VERSION } from "../src/index.js"
import { ensureBuilt, root } from "./built.js"

type Io = Partial<CommandLine.Input>

const capture = (argv: Array<string>, io: Io = {}) => {
  let stdout = ""
  let stderr = ""
  const code = CommandLine.main(argv, { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s), ...io })
  return { code, stdout, stderr }
}

/** The request options the command line prints for `argv`, or its failure thrown. */
const printed = (argv: Array<string>, io: Io = {}) => {
  const { code, stdout, stderr } = capture(argv, io)
  if (code !== 0) throw new Error(`exit ${code}: ${stderr}`)
  return JSON.parse(stdout) as { method: string; url: string; headers: Record<string, string>; body?: unknown }
}

/** A readFile over a few named texts; any other name fails as a missing file does. */
const files = (texts: Record<string, string>) => ({
  readFile: (path: string) => {
    if (!Object.hasOwn(texts, path)) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: "ENOENT" })
    return texts[path]!
  },
})

const built = (argv: Array<string>) => {
  const parsed = CommandLine.parseArgs(argv)
  return E.isRight(parsed) && parsed.right._tag === "Build" ? parsed.right : parsed
}

describe("parseArgs", () => {
  test("key=value is a string, key:=json a JSON value, Name:value a header; the first separator splits", () => {
    expect(built(["POST /r/{owner}", "owner=o", "n:=5", 'labels:=["bug"]', "Authorization:token 0000", "t=a:b=c"])).toEqual({
      _tag: "Build",
      route: "POST /r/{owner}",
      output: "json",
      options: { owner: "o", n: 5, labels: ["bug"], t: "a:b=c", headers: { Authorization: "token 0000" } },
    })
  })
  test("a header item's blanks are trimmed in linear time: a long inner run is no hang (generous guard)", () => {
    const started = performance.now()
    const read = built(["GET", "/x", `X-A: a${" ".repeat(200_000)}b\t `])
    expect(performance.now() - started).toBeLessThan(2000)
    expect("options" in read && read.options.headers).toEqual({ "X-A": `a${" ".repeat(200_000)}b` })
  })
  test("a backslash keeps =, :, @ or \\ literal in a key", () => {
    expect(built(["/x", "a\\=b=1", "c\\:d:=2", "e\\@f=3", "g\\\\=4"])).toMatchObject({ options: { "a=b": "1", "c:d": 2, "e@f": "3", "g\\": "4" } })
  })
  test("flags: --merge, --curl, --base-url (both forms), --ignore-stdin, --help, --version, --", () => {
    expect(built(["--merge", "/x"])).toMatchObject({ output: "merge" })
    expect(built(["/x", "--curl"])).toMatchObject({ output: "curl" })
    expect(built(["--base-url", "https://h", "/x"])).toMatchObject({ options: { baseUrl: "https://h" } })
    expect(built(["--base-url=https://h", "/x"])).toMatchObject({ options: { baseUrl: "https://h" } })
    expect(built(["--ignore-stdin", "/x"])).toMatchObject({ route: "/x" })
    expect(CommandLine.parseArgs(["-h"])).toEqual(E.right({ _tag: "Help" }))
    expect(CommandLine.parseArgs(["GET", "/x", "--version"])).toEqual(E.right({ _tag: "Version" }))
    expect(built(["--", "-X", "/x"])).toMatchObject({ route: "-X /x" }) // after --, a method may start with -
  })
  test.each<[Array<string>, string]>([
    [[], "route: required (see --help)"],
    [["/x", "novalue"], 'argv: "novalue" is not key=value, key:=json, name==value or Name:value'],
    [["/x", "a:={"], "a: invalid JSON ("],
    [["/x", "=1"], 'argv: "=1" has an empty name'],
    [["--bogus", "/x"], 'argv: unknown option "--bogus" (see --help)'],
    [["--base-url"], "argv: --base-url needs a URL"],
    [["--merge", "--curl", "/x"], "argv: --merge and --curl cannot be combined"],
    [["GET /x", "/y"], 'argv: "/y" is a url, which goes right after the method'],
    [["POST"], 'route: "POST" is a method; a url must follow it'],
  ])("%j is an EndpointError: %s", (argv, message) => {
    const parsed = CommandLine.parseArgs(argv)
    expect(E.isLeft(parsed) && isEndpointError(parsed.left) && parsed.left.message).toContain(message)
  })
})

describe("METHOD and URL as two arguments (httpie)", () => {
  test("GET /user reads as 'GET /user'; the url may be absolute, and options may come between", () => {
    expect(CommandLine.parseArgs(["GET", "/user"])).toEqual(E.right({ _tag: "Build", route: "GET /user", options: {}, output: "json" }))
    expect(printed(["POST", "/repos/{owner}/{repo}/issues", "owner=o", "repo=r", "title=Bug"])).toEqual(
      endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Bug" }),
    )
    expect(printed(["GET", "https://uploads.github.com/x"]).url).toBe("https://uploads.github.com/x")
    expect(built(["PATCH", "--curl", "/x", "a=1"])).toMatchObject({ route: "PATCH /x", output: "curl" })
  })
  test("a route's url starts with /, { or a scheme: a one-word route is refused, as the core refuses it", () => {
    for (const argv of [["user"], ["user", "a=1"], ["GET", "user"]]) expect(capture(argv)).toMatchObject({ code: 2, stdout: "" })
    for (const argv of [["GET"], ["--curl", "DELETE", "q==1"], ["HEAD"]]) {
      expect(capture(argv).stderr).toMatch(/^fp-endpoint: route: "[A-Z]+" is a method; a url must follow it/)
    }
  })
})

describe("files: key=@file is the file's text, key:=@file its JSON", () => {
  const io = files({ "notes.md": "# Notes\nit's 'quoted'\n", "hook.json": '{"active": true, "events": ["push"]}', "bad.json": "{" })
  test("the texts become parameters, read through main's readFile", () => {
    expect(printed(["POST", "/x", "body=@notes.md", "config:=@hook.json"], io).body).toEqual({
      body: "# Notes\nit's 'quoted'\n",
      config: { active: true, events: ["push"] },
    })
    expect(printed(["GET", "/x", "q=@notes.md"], io).url).toBe(endpoint("GET /x", { q: "# Notes\nit's 'quoted'\n" }).url)
  })
  test("a file that cannot be read or holds no JSON is an EndpointError naming the key; without readFile it is one too", () => {
    expect(capture(["POST", "/x", "body=@missing.md"], io)).toEqual({
      code: 2,
      stdout: "",
      stderr: `fp-endpoint: body: cannot read "missing.md" (Error: ENOENT: no such file or directory, open 'missing.md')\n`,
    })
    expect(capture(["POST", "/x", "config:=@bad.json"], io).stderr).toMatch(/^fp-endpoint: config: invalid JSON \(SyntaxError: /)
    expect(capture(["POST", "/x", "body=@notes.md"]).stderr).toBe("fp-endpoint: body: reading files needs main's input\n")
    const parsed = CommandLine.parseArgs(["POST", "/x", "body=@notes.md"], { readFile: () => { throw "not an Error" } })
    expect(E.isLeft(parsed) && parsed.left.message).toBe('body: cannot read "notes.md" (string)')
  })
  test("a JSON string that starts with @ is no file; a key may hold @ when escaped", () => {
    const reads: Array<string> = []
    const spy = { readFile: (path: string) => (reads.push(path), "x") }
    expect(printed(["POST", "/x", 'a:="@notes.md"', "b\\@c=1"], spy).body).toEqual({ a: "@notes.md", "b@c": "1" })
    expect(reads).toEqual([])
  })
})

describe("standard input: a piped body", () => {
  const piped = (text: string | undefined) => ({ stdin: () => text })
  test("is the body (data) of a method that sends one", () => {
    const r = printed(["POST", "/markdown/raw", "Content-Type:text/plain"], piped("# Hello\n"))
    expect([r.body, r.headers["content-type"]]).toEqual(["# Hello\n", "text/plain"])
    expect(printed(["PUT", "/x"], piped('{"a":1}')).body).toBe('{"a":1}')
  })
  test("empty or closed (no text) is no body; --ignore-stdin does not read it at all", () => {
    for (const text of ["", undefined]) expect("body" in printed(["POST", "/x"], piped(text))).toBe(false)
    let reads = 0
    const counted = { stdin: () => (reads++, "body") }
    expect("body" in printed(["--ignore-stdin", "POST", "/x"], counted)).toBe(false)
    expect(printed(["--ignore-stdin", "GET", "/x"], counted).method).toBe("get")
    expect(reads).toBe(0)
  })
  test("a non-empty piped body on GET or HEAD is an error; an empty one is none", () => {
    for (const method of ["GET", "HEAD"]) {
      expect(capture([method, "/x"], piped("body"))).toEqual({
        code: 2,
        stdout: "",
        stderr: "fp-endpoint: stdin: a piped body needs a method that sends one; pass --ignore-stdin to leave it unread\n",
      })
      expect(capture([method, "/x"], piped("")).code).toBe(0)
    }
  })
  test("standard input that cannot be read is an EndpointError naming stdin", () => {
    expect(capture(["POST", "/x"], { stdin: () => { throw new Error("EAGAIN") } }).stderr).toBe("fp-endpoint: stdin: reading the input failed (Error: EAGAIN)\n")
  })
  test("a piped body and body items together are refused, as httpie refuses them: neither is silently dropped", () => {
    for (const items of [["title=Bug"], ["data=x"], ["n:=1"]]) {
      const { code, stdout, stderr } = capture(["POST", "/x", ...items], piped("piped"))
      expect([items, code, stdout, stderr]).toEqual([items, 2, "", expect.stringMatching(/^fp-endpoint: stdin: /)])
    }
    // items that are no body (a query item, a header) go with it
    expect(printed(["POST", "/x", "q==1", "X-A:1"], piped("piped"))).toMatchObject({ url: "https://api.github.com/x?q=1", body: "piped", headers: { "x-a": "1" } })
    expect(printed(["--ignore-stdin", "POST", "/x", "title=Bug"], piped("piped")).body).toEqual({ title: "Bug" })
  })
})

describe("name==value: a query parameter whatever the method", () => {
  test("GET and HEAD: an ordinary parameter, in position among the others", () => {
    expect(printed(["GET", "/x", "q==1", "a=2", "b==3"]).url).toBe("https://api.github.com/x?q=1&a=2&b=3")
    expect(printed(["GET", "/x{?a,q}", "q==1", "a=2"]).url).toBe("https://api.github.com/x?a=2&q=1") // the template expands it
    expect(printed(["HEAD", "/x/{id}", "id==7"]).url).toBe("https://api.github.com/x/7")
    expect(built(["GET", "/x", "q==1"])).toEqual({ _tag: "Build", route: "GET /x", output: "json", options: { q: "1" } })
  })
  test("another method: joined to the url after expansion, not sent in the body", () => {
    expect(printed(["POST", "/x", "q==1", "q=2", "method==m"])).toMatchObject({ url: "https://api.github.com/x?q=1&method=m", body: { q: "2" } })
    expect(printed(["POST", "/x?z=0#top", "q==1"]).url).toBe("https://api.github.com/x?z=0&q=1#top")
    expect(printed(["POST", "{+u}", "u=https://h.example/x#top", "q==1"]).url).toBe("https://h.example/x?q=1#top") // what the value expands to counts
    expect(printed(["POST", "/repos{+p}", "p=/o/r?ref=main", "q==1"]).url).toBe("https://api.github.com/repos/o/r?ref=main&q=1")
    expect(printed(["POST", "/x/{id}", "id=7", "id==8"]).url).toBe("https://api.github.com/x/7?id=8") // a query item fills no placeholder
    expect(built(["POST", "/x", "q==1"])).toMatchObject({ options: {}, query: { q: "1" } })
  })
  test.each(["a b", "!*'()+", "é😀", "a&b=c#d", "{x}", "%41", "", "is:open+label:bug"])("%j is encoded as endpoint writes a GET query", (v) => {
    expect(printed(["PUT", "/x", `q==${v}`]).url).toBe(endpoint("GET /x", { q: v }).url)
    expect(printed(["PUT", "/x", `other==${v}`]).url).toBe(endpoint("GET /x", { other: v }).url)
  })
  test("repeated names are a list, written as endpoint writes a GET's lists", () => {
    expect(printed(["POST", "/x", "fields[]==a", "fields[]==b"]).url).toBe(endpoint("GET /x", { "fields[]": ["a", "b"] }).url)
    expect(printed(["POST", "/x", "q==1", "q==2"]).url).toBe(endpoint("GET /x", { q: ["1", "2"] }).url)
  })
  test("--merge shows a template, which cannot hold a query added after expansion; for GET it is a parameter", () => {
    expect(capture(["--merge", "POST", "/x{?a}", "q==1"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "fp-endpoint: query: name==value items of a method with a body join the url after expansion: run without --merge\n",
    })
    expect(JSON.parse(capture(["--merge", "GET", "/x", "q==1"]).stdout)).toMatchObject({ url: "/x", q: "1" })
  })
  test("a route the core refuses stays refused; a lone surrogate names the parameter", () => {
    expect(capture(["GET /x/{", "q==1"]).stderr).toBe('fp-endpoint: url: unclosed "{" at position 3 in template "/x/{"\n')
    for (const method of ["GET", "POST"]) expect(capture([method, "/x", "q==a\ud800"]).stderr).toBe("fp-endpoint: q: a lone surrogate cannot be percent-encoded\n")
  })
})

describe("headers: Name: removes one, Name; sends it empty (httpie)", () => {
  test("User-Agent: (or a blank value) leaves out the default user-agent; X-Empty; is an empty value", () => {
    expect(built(["GET", "/user", "User-Agent:"])).toMatchObject({ options: { headers: { "User-Agent": null } } })
    expect(printed(["GET", "/user", "User-Agent:"]).headers).toEqual({ accept: "application/vnd.github.v3+json" })
    expect(printed(["GET", "/user", "User-Agent: \t"]).headers).toEqual({ accept: "application/vnd.github.v3+json" })
    expect(printed(["GET", "/user", "X-Empty;"]).headers["x-empty"]).toBe("")
    expect(built(["/x", "a;b=1"])).toMatchObject({ options: { "a;b": "1" } })
  })
  test("a header given twice, in any case, is an error, not the last one silently winning", () => {
    expect(capture(["/x", "X-A:1", "X-A:2"]).stderr).toBe("fp-endpoint: headers.X-A: given twice\n")
    expect(capture(["/x", "X-A:1", "x-a:2"]).code).toBe(2)
    expect(printed(["/x", "Authorization: token 0000", "X-B:\t b \t", "X-D;"]).headers).toMatchObject({ authorization: "token 0000", "x-b": "b", "x-d": "" })
  })
  test("a headers:= item and Name:value items together: neither is silently dropped", () => {
    const { code, stdout } = capture(["/x", 'headers:={"x-q":"1"}', "X-A:b"])
    expect(code === 2 || JSON.parse(stdout).headers["x-q"] === "1").toBe(true)
  })
})

describe("a key given more than once is an array (httpie)", () => {
  test('a=1 a=2 sends ["1", "2"]; = and := mix, in order', () => {
    expect(printed(["POST", "/x", "a=1", "a=2"]).body).toEqual({ a: ["1", "2"] })
    expect(printed(["POST", "/x", "a=1", "b=x", "a:=2", "a:=[3]"]).body).toEqual({ a: ["1", 2, [3]], b: "x" })
    expect(printed(["POST", "/x", "1=a", "0=b"]).body).toEqual({ 1: "a", 0: "b" })
  })
  test("GET: the array goes to the query as endpoint writes arrays", () => {
    expect(printed(["GET", "/x", "labels=a", "labels=b"]).url).toBe(endpoint("GET /x", { labels: ["a", "b"] }).url)
  })
})

describe("a path placeholder without a value is the core's missing parameter error", () => {
  test.each<[Array<string>, string]>([
    [["GET /repos/{owner}/{repo}", "owner=o"], "missing parameter: repo"],
    [["GET", "/orgs/:org/repos"], "missing parameter: org"],
    [["GET", "/repos/{owner}/{repo}"], "missing parameters: owner, repo"],
    [["GET", "/x/{+path}"], "missing parameter: path"],
    [["GET", "/x/{a,b}", "a=1"], "missing parameter: b"],
    [["GET", "/x/{a}", "a:=null"], "missing parameter: a"],
    [["GET", "/x/{a}", "a:=[]"], "missing parameter: a"],
    [["GET", "/x/{a}", "a:=[null]"], "missing parameter: a"],
    [["GET", "/x/{a}", 'a:={"k":null}'], "missing parameter: a"],
    [["GET", "/search?q={q}#{f}"], "missing parameters: q, f"],
    [["--curl", "POST", "/x/:a", "b=1"], "missing parameter: a"],
    [["POST", "/x/{q}", "q==1"], "missing parameter: q"],
  ])("%j exits 2: %s", (argv, message) => {
    expect(capture(argv)).toEqual({ code: 2, stdout: "", stderr: `fp-endpoint: ${message}\n` })
  })
  test("optional expressions ({/x}, {.x}, {?x}, {#x}) and an explicit empty value need nothing; --merge expands nothing", () => {
    expect(printed(["GET", "/x{/a}{.b}{?c}{#d}"]).url).toBe("https://api.github.com/x")
    expect(printed(["GET", "/x/{a}", "a:=[null,1]"]).url).toBe("https://api.github.com/x/1")
    expect(printed(["GET", "/x/{a}/y", "a="]).url).toBe("https://api.github.com/x//y")
    expect(capture(["--merge", "GET", "/x/{a}"]).code).toBe(0)
  })
  test("render refuses it too, whoever built the command", () => {
    const r = CommandLine.render({ _tag: "Build", route: "GET /users/{user}", options: {}, output: "json" })
    expect(E.isLeft(r) && r.left.message).toBe("missing parameter: user")
  })
})

describe("output", () => {
  test("JSON is indented; --merge prints the merged options", () => {
    const { stdout } = capture(["POST /repos/{owner}/{repo}/issues", "owner=octokit", "repo=rest.js", "title=Bug"])
    expect(stdout).toBe(`${JSON.stringify(endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Bug" }), null, 2)}\n`)
    expect(JSON.parse(capture(["--merge", "GET /orgs/:org", "org=o"]).stdout)).toEqual(endpoint.merge("GET /orgs/:org", { org: "o" }))
  })
  test("a 3 KB argv of 1 500 nested lists prints compact, far less than the 4.5 MB its indentation would take", () => {
    const argv = ["POST", "/x", `a:=${"[".repeat(1500)}${"]".repeat(1500)}`]
    const { code, stdout } = capture(argv)
    expect(code).toBe(0)
    expect(JSON.parse(stdout).body).toEqual(JSON.parse(`{"a":${argv[2]!.slice(3)}}`))
    expect(stdout.length).toBeLessThan(64 * 1024)
  })
  test("output never passes 16 MiB: compact up to it, an EndpointError past it", () => {
    const near = capture(["POST", "/x", `a=${"x".repeat(2 ** 24 - 300)}`])
    expect(near.code).toBe(0)
    expect(near.stdout.length).toBeLessThanOrEqual(2 ** 24 + 1)
    expect(near.stdout.split("\n")).toHaveLength(2) // one line: indenting would pass the bound
    expect(capture(["POST", "/x", `a=${"x".repeat(2 ** 24)}`])).toEqual({
      code: 2,
      stdout: "",
      stderr: `fp-endpoint: the output would be longer than ${2 ** 24} characters\n`,
    })
  })
  test("10 000 levels of nested JSON give a result or an EndpointError, never a crash", () => {
    const deep = "[".repeat(10_000) + "]".repeat(10_000)
    const { code, stderr } = capture(["POST /x", `a:=${deep}`])
    expect([0, 2]).toContain(code)
    if (code === 2) expect(stderr).toMatch(/^fp-endpoint: [^\n]*\n$/)
  })
  test("a value JSON cannot print (a number past a double) is refused", () => {
    expect(capture(["POST", "/x", "a:=1e999"])).toMatchObject({ code: 2, stdout: "", stderr: expect.stringMatching(/^fp-endpoint: .*Infinity/) })
    expect(capture(["--curl", "POST", "/x", "a:=[1, -1e400]"]).stderr).toBe("fp-endpoint: body.a[1]: -Infinity would be sent as null\n")
    expect(printed(["POST", "/x", "a:=1e308"]).body).toEqual({ a: 1e308 })
  })
  test("DEL and C1 controls are escaped in the printed JSON (U+009B is a terminal's CSI), which still parses to the same value", () => {
    const note = "a\u009b31mb\u007fc\u0085"
    const { code, stdout } = capture(["POST", "/x", `note=${note}`])
    expect(code).toBe(0)
    expect(stdout).not.toMatch(/[\x7f-\x9f]/)
    expect(stdout).toContain("a\\u009b31mb\\u007fc\\u0085")
    expect(JSON.parse(stdout).body).toEqual({ note })
  })
  test("a sparse list handed to render costs what it holds, not its declared length (generous guard)", () => {
    const started = performance.now()
    const out = CommandLine.render({ _tag: "Build", route: "POST /x", options: { list: new Array(2 ** 24) }, output: "json" })
    expect(out._tag).toBe("Left")
    expect(performance.now() - started).toBeLessThan(2000)
  })
  test("--curl prints one command that starts with curl -sS, or printf … | curl -sS with a body", () => {
    expect(capture(["--curl", "GET", "/x"]).stdout).toMatch(/^curl -sS .*--url 'https:\/\/api\.github\.com\/x'.*\n$/)
    expect(capture(["--curl", "HEAD", "/x"]).stdout).toMatch(/^curl -sS -q --globoff --head --url /)
    expect(capture(["--curl", "POST", "/x", "a=1"]).stdout).toMatch(/^printf '%b' '.*' \| curl -sS .* --data-binary @-\n$/)
  })
})

describe("exit codes, and nothing but EndpointError", () => {
  test("0 done, 1 the output could not be written, 2 invalid input with one line of reason on stderr", () => {
    expect(capture(["--version"])).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: "" })
    expect(capture(["--help"])).toMatchObject({ code: 0, stdout: CommandLine.USAGE })
    const boom = () => {
      throw new Error("EPIPE")
    }
    let stderr = ""
    expect(CommandLine.main(["GET /x"], { stdout: boom, stderr: (s) => (stderr += s) })).toBe(1)
    expect(stderr).toBe("fp-endpoint: writing the output failed\n")
    expect(CommandLine.main(["GET /x"], { stdout: boom, stderr: boom })).toBe(1)
    expect(CommandLine.main(["/x", "bad"], { stdout: boom, stderr: boom })).toBe(2)
    expect(capture(["GET /x", "Bad Header:1"])).toEqual({ code: 2, stdout: "", stderr: 'fp-endpoint: headers["Bad Header"]: not an RFC 9110 token\n' })
    for (const io of [null, undefined]) expect([1, 2]).toContain(CommandLine.main(["GET /x"], io as never))
  })
  const { proxy: revoked, revoke } = Proxy.revocable([], {})
  revoke()
  test.each<[string, unknown]>([
    ["a Proxy whose traps throw an Error", new Proxy([], { get: () => { throw new Error("trap") } })],
    ["a Proxy whose traps throw a string", new Proxy(["GET /x"], { get: () => { throw "trap" } })],
    ["a revoked Proxy", revoked],
    ["a Proxy with a huge length", new Proxy([], { get: (_t, k) => (k === "length" ? 2 ** 32 - 1 : "a=1") })],
    ["a Proxy with a NaN length", new Proxy([], { get: (_t, k) => (k === "length" ? NaN : "a=1") })],
    ["an array with a number", [1]],
    ["an array-like", { length: 1, 0: "/x" }],
    ["undefined", undefined],
  ])("main, argv %s: exit 2, an argv EndpointError on stderr (generous guard)", (_name, argv) => {
    const started = performance.now()
    const { code, stdout, stderr } = capture(argv as Array<string>)
    expect({ code, stdout }).toEqual({ code: 2, stdout: "" })
    expect(stderr).toMatch(/^fp-endpoint: argv: [^\n]*\n$/)
    expect(performance.now() - started).toBeLessThan(2000)
  })
  test("render: a command that is not one is a Left EndpointError; a value JSON cannot print is one too", () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    const left = (c: unknown) => {
      const r = CommandLine.render(c as CommandLine.Command)
      expect(E.isLeft(r) && isEndpointError(r.left)).toBe(true)
      return E.isLeft(r) ? r.left.message : ""
    }
    expect(left(null)).toBe("command: expected a command, got null")
    expect(left({ _tag: "Nope" })).toBe("command: expected a command, got object")
    expect(left(new Proxy({}, { get: () => { throw new Error("trap") } }))).toBe("command: reading the input failed (Error: trap)")
    expect(left({ _tag: "Build", route: "POST /x", options: { a: cyclic }, output: "json" })).toMatch(/circular/)
    expect(left({ _tag: "Build", route: "POST /x", options: { a: cyclic }, output: "merge" })).toMatch(/circular/)
    expect(left({ _tag: "Build", route: "POST /x", options: { a: 1n }, output: "curl" })).toBe("body.a: a bigint cannot be serialised as JSON")
    let deep: unknown = 1
    for (let i = 0; i < 20_000; i++) deep = { a: deep }
    expect(left({ _tag: "Build", route: "POST /x", options: { a: deep }, output: "json" })).not.toBe("")
    // deeper than JSON.stringify's stack: the error names the top-level field it was printing
    const deeper = `a:=${"[".repeat(40_000)}${"]".repeat(40_000)}`
    expect(capture(["POST", "/x", deeper]).stderr).toMatch(/^fp-endpoint: body: cannot be printed as JSON \(RangeError/)
    expect(capture(["--merge", "POST", "/x", deeper]).stderr).toMatch(/^fp-endpoint: a: cannot be printed as JSON \(RangeError/)
  })
  test("property: main, given any argv and any standard input, returns 0 or 2 and writes one line of reason on a failure", () => {
    const item = fc.oneof(
      fc.constantFrom("GET", "POST", "/x", "/x/{a}", "--curl", "--merge", "--base-url", "--ignore-stdin", "--", "a=1", "a==", "A:", "A;", "a:=[", "a=@f", "a:=@f", "-h"),
      fc.string(),
    )
    const argv = fc.oneof(fc.array(item, { maxLength: 6 }), fc.array(fc.anything(), { maxLength: 3 }), fc.anything())
    const stdin = fc.option(fc.string({ maxLength: 8 }), { nil: undefined })
    fc.assert(
      fc.property(argv, stdin, (a, text) => {
        const { code, stdout, stderr } = capture(a as Array<string>, { stdin: () => text, readFile: () => "[1]" })
        expect([0, 2]).toContain(code)
        if (code === 2) expect({ stdout, stderr: /^fp-endpoint: [^\n]*\n$/.test(stderr) }).toEqual({ stdout: "", stderr: true })
      }),
      { numRuns: 300 },
    )
  })
})

describe("the usage text", () => {
  test("documents the items, the flags and the exit codes", () => {
    for (const text of ["METHOD URL", "key=@file", "key:=@file", "name==value", "Name:  ", "Name;", "is an array", "piped standard input is the body", "--ignore-stdin", "--curl", "--version", "1 the output could not be written", "2 invalid input"]) {
      expect([text, CommandLine.USAGE.includes(text)]).toEqual([text, true])
    }
  })
})

describe("the built executable", () => {
  const bin = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { bin: Record<string, string> }).bin["fp-endpoint"]!
  const dir = mkdtempSync(join(tmpdir(), "fp-endpoint-cli-"))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  beforeAll(() => {
    ensureBuilt([bin]) // the bin package.json names, rebuilt when older than src
  })
  /** The executable run by node with `input` on a real pipe (or none: /dev/null), in the repository. */
  const run = (argv: Array<string>, input?: string) =>
    spawnSync(process.execPath, [bin, ...argv], { cwd: root, ...(input === undefined ? { stdio: ["ignore", "pipe", "pipe"] } : { input }) })

  test("runs the README example", () => {
    const out = execFileSync(process.execPath, [bin, "POST /repos/{owner}/{repo}/issues", "owner=octokit", "repo=rest.js", "title=Bug", 'labels:=["bug"]', "Authorization:token 0000"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    }).toString()
    expect(JSON.parse(out)).toMatchObject({
      method: "post",
      url: "https://api.github.com/repos/octokit/rest.js/issues",
      headers: { authorization: "token 0000" },
      body: { title: "Bug", labels: ["bug"] },
    })
  })
  test("a body piped on a real pipe is the body; an empty pipe, /dev/null or a closed stdin is none", () => {
    const piped = run(["POST", "/markdown/raw", "Content-Type:text/plain"], "# Hello, ü\n")
    expect([piped.status, JSON.parse(piped.stdout.toString()).body]).toEqual([0, "# Hello, ü\n"])
    expect(JSON.parse(run(["POST", "/x"], "").stdout.toString())).not.toHaveProperty("body")
    expect(JSON.parse(run(["POST", "/x"]).stdout.toString())).not.toHaveProperty("body")
    const closed = spawnSync("sh", ["-c", `exec "${process.execPath}" "${bin}" POST /x 0<&-`], { cwd: root })
    expect([closed.status, closed.stderr.toString()]).toEqual([0, ""])
    expect(JSON.parse(closed.stdout.toString())).not.toHaveProperty("body")
    expect(run(["GET", "/x"], "body")).toMatchObject({ status: 2 })
    expect(JSON.parse(run(["--ignore-stdin", "GET", "/x", "q==1"], "body").stdout.toString()).url).toBe("https://api.github.com/x?q=1")
  })
  test("key=@file and key:=@file read real files", () => {
    writeFileSync(join(dir, "notes.md"), "line 1\nline 2\n")
    writeFileSync(join(dir, "hook.json"), '{"active":true}')
    const r = run(["--ignore-stdin", "POST", "/x", `body=@${join(dir, "notes.md")}`, `config:=@${join(dir, "hook.json")}`])
    expect([r.status, JSON.parse(r.stdout.toString()).body]).toEqual([0, { body: "line 1\nline 2\n", config: { active: true } }])
    const missing = run(["--ignore-stdin", "POST", "/x", `body=@${join(dir, "none.md")}`])
    expect([missing.status, missing.stderr.toString()]).toEqual([2, expect.stringMatching(/^fp-endpoint: body: cannot read .*ENOENT[^\n]*\n$/)])
  })
  test("--version, and invalid input: exit 2 with the message and no stack trace", () => {
    expect(run(["--version"]).stdout.toString()).toBe(`${VERSION}\n`)
    const r = run(["GET /x/{"])
    expect([r.status, r.stderr.toString()]).toEqual([2, 'fp-endpoint: url: unclosed "{" at position 3 in template "/x/{"\n'])
    const missing = run(["GET", "/repos/{owner}/{repo}"])
    expect([missing.status, missing.stderr.toString()]).toEqual([2, "fp-endpoint: missing parameters: owner, repo\n"])
  })
  test("a reader that went away (EPIPE): exit 1, no stack trace", () => {
    // `true` exits at once; node starts 0.2 s later and writes to a pipe nobody reads
    const r = spawnSync("bash", ["-c", `{ sleep 0.2; exec "${process.execPath}" "${bin}" --help; } | true; exit "\${PIPESTATUS[0]}"`], { cwd: root })
    expect({ status: r.status, stderr: r.stderr.toString() }).toEqual({ status: 1, stderr: "" })
  })
  test("invalid input whose message cannot be written (stderr full) still exits 2, not 1", (ctx) => {
    if (!existsSync("/dev/full")) {
      console.warn("skipping the /dev/full test: this system has no /dev/full")
      return ctx.skip()
    }
    const r = spawnSync("sh", ["-c", `exec "${process.execPath}" "${bin}" --bogus 2>/dev/full`], { cwd: root })
    expect(r.status).toBe(2)
  })
})
