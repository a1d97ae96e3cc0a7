// `--curl` prints a command that people paste into a shell (the issue: command
// injection through the method, a header value or a url that starts with "-").
// Here bash runs the printed command with `curl` replaced by a function that
// prints its argv NUL-separated: the argv must be exactly the intended one, and
// nothing else may run (no sentinel file, nothing on stderr). Every run has
// bash's history expansion on, as in an interactive shell, so a `!` that
// escaped its quotes would show (on stderr, or in the argv).
import { spawn, spawnSync } from "node:child_process"
import { createServer, type IncomingMessage } from "node:http"
import type { AddressInfo } from "node:net"
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import fc from "fast-check"
import { afterAll, describe, expect, test } from "vitest"
import { CommandLine, endpoint, isEndpointError, toRequestInit, type RequestOptions } from "../src/index.js"

// -------------------------------------------------------------------------------------
// running a printed command
// -------------------------------------------------------------------------------------

/** A fresh, empty working directory for bash: a payload's `touch pwned` would land here. */
const cwd = mkdtempSync(join(tmpdir(), "fp-endpoint-curl-"))
afterAll(() => rmSync(cwd, { recursive: true, force: true }))

// a body piped to `--data-binary @-` is printed as `--data-raw` and what came on stdin: the same bytes sent
const PROLOGUE = [
  "set -o history -o histexpand",
  "curl() { local a; for a in \"$@\"; do",
  "  if [ \"$a\" = --data-binary ]; then a=--data-raw; elif [ \"$a\" = @- ]; then a=$(cat; printf x); a=${a%x}; fi",
  "  printf '%s\\0' \"$a\"; done; }",
  "",
].join("\n")
const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: cwd, LANG: "C.UTF-8" }

/** What bash does with a printed command: its syntax check, the argv curl receives, stderr, the files it left. */
const inBash = (printed: string) => {
  const syntax = spawnSync("bash", ["--norc", "--noprofile", "-n"], { input: printed + "\n", cwd, env })
  const run = spawnSync("bash", ["--norc", "--noprofile", "-s"], { input: PROLOGUE + printed + "\n", cwd, env })
  const out = run.stdout.toString("utf8")
  const created = readdirSync(cwd)
  for (const name of created) rmSync(join(cwd, name), { recursive: true, force: true })
  return {
    syntax: { status: syntax.status, stderr: syntax.stderr.toString("utf8") },
    status: run.status,
    argv: out.endsWith("\0") ? out.slice(0, -1).split("\0") : [out],
    stderr: run.stderr.toString("utf8"),
    created,
  }
}

/**
 * The argv curl should get for `r`, under the fetch adapters' rules: every value right after the option
 * that takes it, header names lowercase, no body for GET or HEAD, an object body as JSON only under a
 * JSON content type; `undefined` when they refuse `r` (two keys for one header, an object body without a
 * JSON content type). HEAD is `--head` (with `-X HEAD` curl waits for a body that never comes); a header
 * whose value is empty or blank is `name;` (curl sends no header for `name: `, only for `name;`).
 */
const intended = (r: RequestOptions): Array<string> | undefined => {
  if (!/^[\w!#$%&'*+.^`|~-]+$/.test(r.method)) return undefined // no token: curl would send -X's text as the request line
  const url = fetchUrlOf(r.url)
  if (url === undefined) return undefined
  const method = r.method.toUpperCase()
  const argv = ["-q", "--globoff", ...(method === "HEAD" ? ["--head"] : ["-X", method]), "--url", url]
  const names = new Set<string>()
  for (const name of Object.keys(r.headers)) {
    const [value, lower] = [`${r.headers[name]}`, name.toLowerCase()]
    if (names.has(lower) || FETCH_OWN.includes(lower)) return undefined
    names.add(lower)
    argv.push("-H", /^[ \t]*$/.test(value) ? `${lower};` : `${lower}: ${value}`)
  }
  const body = method === "GET" || method === "HEAD" ? undefined : r.body
  const type = String(Object.entries(r.headers).find(([n]) => n.toLowerCase() === "content-type")?.[1])
  const json = /^application\/(?:[\w.-]+\+)?json$/i.test(type.split(";")[0]!.trim())
  if (typeof body !== "string" && body !== undefined && !json) return undefined
  // what fetch adds on its own: a zero length for a POST or PUT without a body, a text type for a string
  if (body === undefined && ["POST", "PUT", "PATCH"].includes(method)) argv.push("-H", "content-length: 0") // as Node's fetch
  if (typeof body === "string" && !names.has("content-type")) argv.push("-H", "content-type: text/plain;charset=UTF-8")
  const text = body === undefined ? undefined : typeof body === "string" ? body : escapeC1(JSON.stringify(body))
  if (text !== undefined && Buffer.byteLength(text) > 1024) argv.push("-H", "Expect:") // curl would send Expect: 100-continue, fetch never does
  if (text !== undefined) argv.push("--data-raw", text)
  return argv.some((word) => TERMINAL_CONTROL.test(word)) ? undefined : argv // a control a terminal acts on is refused
}
/** A url with query text added before its fragment: after "?" (none yet), "&", or nothing when it ends in "?" or "&". */
const withQueryText = (url: string, query: string): string => {
  const [base, ...fragment] = url.split("#")
  const separator = !base!.includes("?") ? "?" : /[?&]$/.test(base!) ? "" : "&"
  return [base + separator + query, ...fragment].join("#")
}
/** Headers fetch writes itself, refuses or loses. */
const FETCH_OWN = ["host", "content-length", "sec-fetch-mode", "connection", "transfer-encoding", "expect", "keep-alive", "upgrade", "__proto__"]
/** The url fetch sends, as WHATWG's parser writes it: absolute http or https, no credentials; else `undefined`. */
const fetchUrlOf = (url: string): string | undefined => {
  try {
    const u = new URL(url)
    return ["http:", "https:"].includes(u.protocol) && u.username === "" && u.password === "" ? u.origin + u.pathname + u.search : undefined
  } catch {
    return undefined
  }
}
/** What a terminal acts on when a command is shown: C0 but NUL, TAB, LF and CR, and DEL and C1. */
const TERMINAL_CONTROL = /[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/
/** JSON with DEL and C1 escaped, as the adapters write it (the same JSON value). */
const escapeC1 = (json: string): string => json.replace(/[\x7f-\x9f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)

/** The printed command, run by bash, gives exactly `argv`; it parses, and nothing else runs. */
const expectRunsAs = (printed: string, argv: Array<string>) => {
  const result = inBash(printed)
  expect(result).toEqual({ syntax: { status: 0, stderr: "" }, status: 0, argv, stderr: "", created: [] })
}

const cli = (argv: Array<string>) => {
  let stdout = ""
  let stderr = ""
  const code = CommandLine.main(argv, { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s) })
  return { code, stdout, stderr }
}

const DEFAULT_HEADERS = Object.entries(endpoint.DEFAULTS.headers ?? {}).flatMap(([n, v]) => ["-H", `${n}: ${v}`])

// -------------------------------------------------------------------------------------
// examples (the cases; each fails on the unquoted method / bare url)
// -------------------------------------------------------------------------------------

describe("--curl: the issue's examples", () => {
  test("the printed format: curl -X 'METHOD' --url 'URL' -H 'name: value' ... --data-raw 'BODY'", () => {
    expect(CommandLine.toCurl(endpoint("POST /x", { title: "it's" }))).toBe(
      "curl -q --globoff -X 'POST' --url 'https://api.github.com/x' -H 'accept: application/vnd.github.v3+json' " +
        `-H 'user-agent: ${endpoint.DEFAULTS.headers?.["user-agent"]}' -H 'content-type: application/json; charset=utf-8' ` +
        `--data-raw '{"title":"it'\\''s"}'`,
    )
  })

  test("a method X' with a $(touch pwned) header: the quote stays in the method, nothing runs", () => {
    const { code, stdout } = cli(["--curl", "X' /x", "x-a:$(touch pwned)", "x-b:'"])
    expect(code).toBe(0)
    expectRunsAs(stdout.replace(/\n$/, ""), [
      "-q", "--globoff", "-X", "X'", "--url", "https://api.github.com/x", ...DEFAULT_HEADERS,
      "-H", "x-a: $(touch pwned)", "-H", "x-b: '",
    ])
  })

  test("a method `touch` is no command substitution", () => {
    const { code, stdout } = cli(["--curl", "`touch` /x"])
    expect(code).toBe(0)
    expectRunsAs(stdout.replace(/\n$/, ""), ["-q", "--globoff", "-X", "`TOUCH`", "--url", "https://api.github.com/x", ...DEFAULT_HEADERS])
  })

  test.each(["a;b", "a b", "(x)", "{x}", '"', "é"])("a method %s, no token, is refused: curl would send what -X holds as the request line", (m) => {
    expect(() => CommandLine.toCurl({ method: m, url: "https://h.example/x", headers: {} })).toThrow(/^method: .* is not an HTTP method token$/)
  })
  test.each(["a|b", "a&b", "$HOME", "*", "#", "!!", "~", "-o", "x'y", "`X`"])("a method %s, a token, stays one argument", (m) => {
    const r = { method: m, url: "https://h.example/x", headers: {} }
    expectRunsAs(CommandLine.toCurl(r), ["-q", "--globoff", "-X", m.toUpperCase(), "--url", "https://h.example/x"])
  })
  test("a method with CR LF cannot add request lines: curl sends -X's text as it is", () => {
    const smuggle = { method: "GET /admin HTTP/1.1\r\nX-Smuggled: 1\r\n\r\nGET", url: "http://127.0.0.1:1/x", headers: {} }
    expect(() => CommandLine.toCurl(smuggle)).toThrow(/^method: "GET \/admin HTTP\/1\.1\\r\\nX-Smuggled.* is not an HTTP method token$/)
  })

  test("--base-url=-o/tmp/x is refused (not an http(s) url), and so is a url -o/tmp/x; a url goes through --url", () => {
    const refused = cli(["--curl", "--base-url=-o/tmp/x", "GET /x"])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain("baseUrl")
    const { code, stderr } = cli(["--curl", "--base-url=", "GET -o/tmp/x"]) // no http(s) url: refused before it reaches curl
    expect([code, stderr]).toEqual([2, 'fp-endpoint: url: expected an absolute http or https url, as fetch sends, got "-o/tmp/x"\n'])
    expectRunsAs(CommandLine.toCurl({ method: "get", url: "https://h.example/-o/tmp/x", headers: {} }), ["-q", "--globoff", "-X", "GET", "--url", "https://h.example/-o/tmp/x"])
  })

  test("! is inert in single quotes, with history expansion on; newlines stay inside a body", () => {
    const body = "line 1 !! !-1 !echo\n'$(touch pwned)' `touch pwned`\n\\ \"!\"; touch pwned"
    const { code, stdout } = cli(["--curl", "POST /x", "x-h:!! !-1 !$ ^a^b", `data:=${JSON.stringify(body)}`])
    expect(code).toBe(0)
    expectRunsAs(stdout.replace(/\n$/, ""), [
      "-q", "--globoff", "-X", "POST", "--url", "https://api.github.com/x", ...DEFAULT_HEADERS,
      "-H", "x-h: !! !-1 !$ ^a^b", "-H", "content-type: application/json; charset=utf-8", "--data-raw", body,
    ])
  })

  test("an empty header value is -H 'name;' and HEAD is --head, as curl sends them", () => {
    const { code, stdout } = cli(["--curl", "HEAD /x", "X-Empty;", "x-sp: ", "a=1"])
    expect(code).toBe(0)
    expectRunsAs(stdout.replace(/\n$/, ""), ["-q", "--globoff", "--head", "--url", "https://api.github.com/x?a=1", ...DEFAULT_HEADERS, "-H", "x-empty;", "-H", "x-sp;"])
    expectRunsAs(CommandLine.toCurl({ method: "head", url: "https://h.example/x", headers: { a: "", b: "\t", c: " c" } }), [
      "-q", "--globoff", "--head", "--url", "https://h.example/x", "-H", "a;", "-H", "b;", "-H", "c:  c",
    ])
  })

  test("a NUL in a body is an EndpointError naming the body (an argument cannot carry NUL)", () => {
    const { code, stdout, stderr } = cli(["--curl", "POST /x", 'data:="a\\u0000b"'])
    expect({ code, stdout, stderr }).toEqual({
      code: 2,
      stdout: "",
      stderr: "fp-endpoint: body: contains NUL, which a command-line argument cannot carry\n",
    })
    expect(() => CommandLine.toCurl({ method: "get", url: "https://h.example/x", headers: { "x-a": "1\u00002" } })).toThrow(
      "headers.x-a: header value contains CR, LF or NUL",
    )
    expect(CommandLine.toCurl({ method: "get", url: "https://h.example/x\u0000y", headers: {} })).toBe("curl -q --globoff -X 'GET' --url 'https://h.example/x%00y'") // as fetch sends it
  })

  test("the stub sees a broken command: an unquoted method splits, a bare -o url is an option", () => {
    // The harness itself must be able to fail: the old output for the cases.
    expect(inBash("curl -X `TOUCH` 'https://h/x'")).toMatchObject({ stderr: expect.stringMatching(/TOUCH/), argv: ["-X", "https://h/x"] })
    expect(inBash("curl -X X' 'https://h/x' -H 'x-a: $(touch pwned)' -H 'x-b: '\\'''")).toMatchObject({ created: ["pwned"] })
    expect(inBash("curl -X GET '-o/tmp/x/x'").argv).toEqual(["-X", "GET", "-o/tmp/x/x"])
    expect(inBash("curl -H x!!").stderr).not.toBe("")
  })
})

describe("toCurl throws an EndpointError and nothing else", () => {
  /** What `f` threw: an EndpointError's message, or the foreign exception itself. */
  const thrown = (f: () => unknown): unknown => {
    try {
      f()
    } catch (e) {
      return isEndpointError(e) ? e.message : e
    }
    return "nothing"
  }
  test("a bigint or a cycle in the body names its field", () => {
    expect(thrown(() => CommandLine.toCurl(endpoint("POST /x", { a: 1n })))).toBe("body.a: a bigint cannot be serialised as JSON")
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(thrown(() => CommandLine.toCurl(endpoint("POST /x", { a: cyclic })))).toBe(
      "body.a.self: a circular reference cannot be serialised as JSON",
    )
    const json = { "content-type": "application/json" }
    expect(thrown(() => CommandLine.toCurl({ method: "post", url: "https://h.example/x", headers: json, body: [1n] }))).toBe("body[0]: a bigint cannot be serialised as JSON")
    expect(thrown(() => CommandLine.toCurl({ method: "post", url: "https://h.example/x", headers: json, body: { a: { b: Object(1n) } } }))).toBe(
      "body.a.b: a bigint cannot be serialised as JSON",
    )
  })
  test("a body with a throwing toJSON, a form body, a function body: an EndpointError naming the body", () => {
    const hostile = { toJSON: () => { throw new Error("no") } }
    expect(thrown(() => CommandLine.toCurl({ method: "post", url: "https://h.example/x", headers: {}, body: hostile }))).toMatch(/^body: /)
    expect(thrown(() => CommandLine.toCurl({ method: "post", url: "https://h.example/x", headers: {}, body: new URLSearchParams("a=1") }))).toMatch(/^body: /)
    expect(thrown(() => CommandLine.toCurl({ method: "post", url: "https://h.example/x", headers: {}, body: () => 1 }))).toMatch(/^body: /)
  })
  test("what no system would pass to curl: an EndpointError naming the url, the header or the headers, not a command that fails to run", () => {
    const get = (url: string, headers: Record<string, string>): RequestOptions => ({ method: "get", url, headers })
    expect(thrown(() => CommandLine.toCurl(get(`https://h.example/${"é".repeat(65_536)}`, {})))).toMatch(/^url: 393234 bytes as an argument of curl, more than Linux passes/)
    expect(thrown(() => CommandLine.toCurl(get("https://h.example/", { "x-a": "a".repeat(131_067) })))).toMatch(/^headers\.x-a: 131072 bytes/)
    expect(CommandLine.toCurl(get("https://h.example/", { "x-a": "a".repeat(131_066) }))).toMatch(/-H 'x-a: a+'$/)
    const many = Object.fromEntries(Array.from({ length: 62 }, (_, i) => [`x-${i}`, "a".repeat(16_000)]))
    expect(thrown(() => CommandLine.toCurl(get("https://h.example/", many)))).toMatch(/^headers: 992660 bytes as curl's arguments, more than a system passes to a program \(983040\)$/)
  })
  test("the limit counts the arguments that stand for a piped body (--data-binary @-) too", () => {
    const post = (last: number): RequestOptions => {
      const headers: Record<string, string> = { "content-type": "text/plain" }
      for (let i = 0; i < 8; i++) headers[`x-${i}`] = "a".repeat(120_000)
      headers["x-8"] = "a".repeat(last)
      return { method: "post", url: "https://h.example/", headers, body: "x" }
    }
    expect(thrown(() => CommandLine.toCurl(post(22_880)))).toBe("headers: 983057 bytes as curl's arguments, more than a system passes to a program (983040)")
    expect(thrown(() => CommandLine.toCurl(post(22_868)))).toBe("headers: 983045 bytes as curl's arguments, more than a system passes to a program (983040)")
    expect(CommandLine.toCurl(post(22_867)).endsWith(" --data-raw 'x'")).toBe(true) // 983 040 bytes with the body inline
  })
  test("what counts is the arguments curl gets, not their quoted text; a body that would not fit beside the rest goes to stdin", () => {
    const quotes = (n: number) => "'".repeat(n) // four bytes each when quoted, one as an argument
    const headers: Record<string, string> = { "content-type": "text/plain" }
    for (let i = 0; i < 4; i++) headers[`x-${i}`] = quotes(16_000)
    const r = { method: "post", url: `https://h.example/${quotes(65_000)}`, headers, body: quotes(131_071) }
    expect(CommandLine.toCurl(r)).toMatch(/^curl -q .* --data-raw '(?:'\\'')+'$/)
    const wide: Record<string, string> = { "content-type": "text/plain" }
    for (let i = 0; i < 55; i++) wide[`x-${i}`] = "a".repeat(16_000)
    const command = CommandLine.toCurl({ method: "post", url: "https://h.example/", headers: wide, body: "b".repeat(120_000) })
    expect([command.startsWith(`printf '%s' '${"b".repeat(120_000)}' | curl -q`), command.endsWith(" --data-binary @-")]).toEqual([true, true])
  })
  test("a piped body's quotes are printf's \\047, never '\\'' in an argument: bash reads a word of many such pieces in quadratic time", () => {
    const command = CommandLine.toCurl({ method: "post", url: "https://h.example/x", headers: { "content-type": "text/plain" }, body: "a'".repeat(100_000) })
    expect([command.startsWith(`printf '${"%s\\047".repeat(100_000)}' ${"'a' ".repeat(100_000)}| curl -q`), command.includes("\\'")]).toEqual([true, false])
  })
  test("a body up to 128 KiB is an argument of curl, a longer one goes to its stdin through printf", () => {
    const post = (body: string): RequestOptions => ({ method: "post", url: "https://h.example/x", headers: { "content-type": "text/plain" }, body })
    const command = "curl -q --globoff -X 'POST' --url 'https://h.example/x' -H 'content-type: text/plain' -H 'Expect:'" // over 1 KiB: no Expect: 100-continue
    expect(CommandLine.toCurl(post("é".repeat(65_535)))).toBe(`${command} --data-raw '${"é".repeat(65_535)}'`) // 131 070 bytes
    expect(CommandLine.toCurl(post("é".repeat(65_536)))).toBe(`printf '%s' '${"é".repeat(65_536)}' | ${command} --data-binary @-`)
  })
  test("request options that are none: an EndpointError, never a TypeError", () => {
    for (const r of [null, {}, { method: 1, url: "https://h.example/x", headers: {} }, { method: "get", url: "https://h.example/x", headers: null }]) {
      expect(typeof thrown(() => CommandLine.toCurl(r as never))).toBe("string")
    }
  })
  test("a null, number or boolean body is its JSON text under a JSON content type, and refused without one, as fetch has it", () => {
    const json = { "content-type": "application/json" }
    expect(CommandLine.toCurl({ method: "post", url: "https://h.example/x", headers: json, body: null })).toBe(
      "curl -q --globoff -X 'POST' --url 'https://h.example/x' -H 'content-type: application/json' --data-raw 'null'",
    )
    expect(CommandLine.toCurl({ method: "post", url: "https://h.example/x", headers: json, body: 5 })).toBe(
      "curl -q --globoff -X 'POST' --url 'https://h.example/x' -H 'content-type: application/json' --data-raw '5'",
    )
    for (const headers of [{}, { "content-type": "text/plain" }]) {
      for (const body of [{ a: 1 }, null, 5, true]) {
        expect(thrown(() => CommandLine.toCurl({ method: "post", url: "https://h.example/x", headers, body }))).toMatch(
          /^body: an? \w+ body is sent as JSON only with a JSON content type, got (no content-type|content-type "text\/plain")/,
        )
      }
    }
  })
})

describe("toCurl prints what the fetch adapters would send", () => {
  const thrown = (f: () => unknown): string => {
    try {
      f()
    } catch (e) {
      if (isEndpointError(e)) return e.message
      throw e
    }
    throw new Error("no error")
  }
  const r = (fields: Partial<RequestOptions>): RequestOptions => ({ method: "post", url: "https://h.example/x", headers: {}, ...fields })
  test("one header under two keys, headers that are no plain object, a value that is no finite number: refused, as fetch's adapters refuse them", () => {
    expect(thrown(() => CommandLine.toCurl(r({ headers: { Authorization: "token a", authorization: "token b" } })))).toBe(
      'headers.authorization: names the same header as the key "Authorization": one value would be lost',
    )
    expect(thrown(() => CommandLine.toCurl(r({ headers: new Headers({ authorization: "token a" }) as never })))).toBe("headers: expected a plain object, got Headers")
    expect(thrown(() => CommandLine.toCurl(r({ headers: { "x-a": Number.NaN } })))).toBe("headers.x-a: expected a finite number, got NaN")
  })
  test("a body on a polluted Object.prototype is no body: the command sends none, as fetch would", () => {
    const r: RequestOptions = { method: "delete", url: "https://h.example/x", headers: {} }
    const proto = Object.prototype as { body?: unknown }
    proto.body = "--polluted"
    try {
      expect([CommandLine.toCurl(r), Object.hasOwn(toRequestInit(r)[1], "body")]).toEqual(["curl -q --globoff -X 'DELETE' --url 'https://h.example/x'", false])
    } finally {
      delete proto.body
    }
  })
  test("GET and HEAD send no body; a null header value sends no header; names are lowercase", () => {
    expect(CommandLine.toCurl(r({ method: "head", body: "x" }))).toBe("curl -q --globoff --head --url 'https://h.example/x'")
    expect(CommandLine.toCurl(r({ method: "get", body: "x", headers: { "X-A": "1", "x-b": null as never } }))).toBe("curl -q --globoff -X 'GET' --url 'https://h.example/x' -H 'x-a: 1'")
  })
  test("what only fetch refuses is printed: a TRACE, a header value beyond Latin-1 (curl sends it as UTF-8), fetch options ignored", () => {
    expect(CommandLine.toCurl(r({ method: "trace" }))).toBe("curl -q --globoff -X 'TRACE' --url 'https://h.example/x'")
    expect(CommandLine.toCurl(r({ method: "get", headers: { "x-name": "Zoë 😀" }, request: { redirect: "nowhere" } }))).toBe(
      "curl -q --globoff -X 'GET' --url 'https://h.example/x' -H 'x-name: Zoë 😀'",
    )
  })
  test("what fetch would not send, curl would: another scheme, credentials in the url, a header fetch writes itself; all refused", () => {
    for (const url of ["gopher://127.0.0.1:6379/_FLUSHALL%0D%0A", "file:///etc/passwd", "/x", "dict://h/x"]) {
      expect(thrown(() => CommandLine.toCurl(r({ url })))).toBe(`url: expected an absolute http or https url, as fetch sends, got ${JSON.stringify(url)}`)
    }
    for (const url of ["https://u:p@h.example/x", "https://u@h.example/x", "http:u@h.example"]) {
      expect(thrown(() => CommandLine.toCurl(r({ url })))).toBe("url: credentials in the url (user:password@) are not sent by fetch: send an authorization header")
    }
    expect(thrown(() => CommandLine.toCurl(r({ url: "http://u:p@xn--a.example/x" })))).toMatch(/^url: expected an absolute http or https url/) // fetch's parser refuses the host
    expect(CommandLine.toCurl(r({ method: "get", url: "HTTP://h.example/a@b?c=u:p@d" }))).toBe("curl -q --globoff -X 'GET' --url 'http://h.example/a@b?c=u:p@d'")
  })
  test("the url is the one fetch sends, as its URL parser writes it: curl reads a url its own way", () => {
    const url = (written: string): string => CommandLine.toCurl(r({ method: "get", url: written })).split(" ")[6]!
    expect(url("https://h.example\\@evil.example/x")).toBe("'https://h.example/@evil.example/x'") // curl: userinfo "h.example\\", host evil.example
    expect(url("https://@h.example/x")).toBe("'https://h.example/x'") // curl would send "authorization: Basic Og==" for the empty userinfo
    expect(url("https://h.example/x/%2e%2e/y")).toBe("'https://h.example/y'") // curl keeps %2e%2e
    expect(url("https://h.example/x/.%2E/y/%2e/z")).toBe("'https://h.example/y/z'")
    expect(url("https://h.example/x?name=O'Brien")).toBe("'https://h.example/x?name=O%27Brien'") // quoted: '\\''
    expect(url("https://H.Example/{a}")).toBe("'https://h.example/%7Ba%7D'")
    expect(url("https://h.example/x?#f")).toBe("'https://h.example/x'") // fetch sends no empty query, and no fragment
    expect(url("https://h.example/x?a=1#f")).toBe("'https://h.example/x?a=1'")
    expect(thrown(() => CommandLine.toCurl(r({ method: "get", headers: { "x-d": "\v" } })))).toMatch(/^headers\.x-d: contains the control character/) // fetch refuses it; curl would send it empty
    expect(thrown(() => CommandLine.toCurl(r({ headers: { Host: "evil.example" } })))).toMatch(/^headers\.Host: fetch writes this header itself/)
    const { code, stderr } = cli(["--curl", "GET {+u}", "u=gopher://127.0.0.1:6379/_FLUSHALL"])
    expect([code, stderr]).toEqual([2, 'fp-endpoint: url: expected an absolute http or https url, as fetch sends, got "gopher://127.0.0.1:6379/_FLUSHALL"\n'])
  })
  test("what fetch adds, the command adds: content-length 0 for a POST, PUT or PATCH without a body, a text type for a string body without one", () => {
    expect(CommandLine.toCurl(r({}))).toBe("curl -q --globoff -X 'POST' --url 'https://h.example/x' -H 'content-length: 0'")
    expect(CommandLine.toCurl(r({ method: "put" }))).toBe("curl -q --globoff -X 'PUT' --url 'https://h.example/x' -H 'content-length: 0'")
    expect(CommandLine.toCurl(r({ method: "patch" }))).toBe("curl -q --globoff -X 'PATCH' --url 'https://h.example/x' -H 'content-length: 0'") // Node's fetch sends it too
    for (const method of ["delete", "get", "options"]) expect(CommandLine.toCurl(r({ method }))).not.toContain("content-length")
    expect(CommandLine.toCurl(r({ body: "hello" }))).toBe("curl -q --globoff -X 'POST' --url 'https://h.example/x' -H 'content-type: text/plain;charset=UTF-8' --data-raw 'hello'")
    expect(CommandLine.toCurl(r({ body: "hello", headers: { "content-type": "text/csv" } }))).not.toContain("text/plain")
  })
  test("a control character a terminal acts on is refused where it would be printed; a JSON body escapes DEL and C1 instead", () => {
    expect(thrown(() => CommandLine.toCurl(r({ headers: { "x-t": "\u001b]0;pwn\u0007" } })))).toBe(
      'headers.x-t: contains the control character "\\u001b", which a terminal would act on when the command is shown',
    )
    expect(thrown(() => CommandLine.toCurl(r({ body: "a\u009b31m" })))).toMatch(/^body: contains the control character "\\u009b", /)
    const json = CommandLine.toCurl(r({ headers: { "content-type": "application/json" }, body: { note: "a\u009bb\u007f", tab: "\t", line: "x\r\ny" } }))
    expect(json).toBe(String.raw`curl -q --globoff -X 'POST' --url 'https://h.example/x' -H 'content-type: application/json' --data-raw '{"note":"a\u009bb\u007f","tab":"\t","line":"x\r\ny"}'`)
    expect(CommandLine.toCurl(r({ body: "tab\tand\nlines" }))).toBe(
      "curl -q --globoff -X 'POST' --url 'https://h.example/x' -H 'content-type: text/plain;charset=UTF-8' --data-raw 'tab\tand\nlines'",
    )
  })
  test("a body with a CR goes through printf, whose format writes it as \\r: shown as it is, it would move the cursor back over the command", () => {
    const command = "curl -q --globoff -X 'POST' --url 'https://h.example/x' -H 'content-type: text/plain;charset=UTF-8' --data-binary @-"
    expect(CommandLine.toCurl(r({ body: "one\r\ntwo\rit's" }))).toBe(`printf '%s\\r%s\\r%s\\047%s' 'one' '\ntwo' 'it' 's' | ${command}`)
    expect(CommandLine.toCurl(r({ body: "\r'" }))).toBe(`printf '\\r\\047' | ${command}`)
  })
  test("the command line: a Content-Type item that is not JSON with body parameters is refused for --curl, not sent as mislabelled JSON", () => {
    const { code, stderr } = cli(["--curl", "POST", "/x", "Content-Type:text/plain", "a=1"])
    expect([code, stderr]).toEqual([2, expect.stringMatching(/^fp-endpoint: body: an object body is sent as JSON only with a JSON content type, got content-type "text\/plain"/)])
  })
})

describe("curl sends the printed url, one request: no globbing", () => {
  // curl reads [1-3] and {a,b} in a url as a pattern and sends a request for each match: a
  // DELETE to /x/a[1-3] would delete three resources. A local server shows which paths it was asked for.
  const curlPath = spawnSync("sh", ["-c", "command -v curl"]).stdout.toString().trim()
  /** Whether curl is missing, and the test then skipped with a word of why. */
  const withoutCurl = (ctx: { skip: (note?: string) => void }): boolean => {
    if (curlPath !== "") return false
    console.warn("skipping the real-curl test: curl is not installed (.ci/setup.sh installs it)")
    ctx.skip("curl is not installed")
    return true
  }
  /** A local server for the time of `use`: it reads each request's body, answers with `<its path>` and keeps `record(request, body)` in `seen`. */
  const withServer = async (record: (req: IncomingMessage, body: string) => string, use: (origin: string, seen: Array<string>) => Promise<void>): Promise<void> => {
    const seen: Array<string> = []
    const server = createServer((req, res) => {
      const chunks: Array<Buffer> = []
      req.on("data", (chunk: Buffer) => chunks.push(chunk))
      req.on("end", () => {
        seen.push(record(req, Buffer.concat(chunks).toString("utf8")))
        res.end(`<${req.url}>`)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    try {
      await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen)
    } finally {
      server.close()
    }
  }
  /** A printed command run by bash, given on its stdin (an argument could not hold a long one): its exit status and what it wrote. */
  const runInBash = (command: string) =>
    new Promise<{ status: number | null; stdout: string }>((resolve) => {
      const child = spawn("bash", ["--norc", "--noprofile", "-s"], { cwd, env })
      let stdout = ""
      child.stdout.on("data", (d: Buffer) => (stdout += d.toString()))
      child.on("close", (status) => resolve({ status, stdout }))
      child.stdin.end(command + "\n")
    })

  test("a url with [1-3] or {a,b} is fetched once, as fetch writes it", async (ctx) => {
    if (withoutCurl(ctx)) return
    await withServer((req) => req.url ?? "", async (origin, seen) => {
      for (const [name, sent] of [["/a[1-3]", "/a[1-3]"], ["/b{a,b}", "/b%7Ba,b%7D"]]) { // fetch, and so the command, encodes { and }
        seen.length = 0
        const run = await runInBash(CommandLine.toCurl({ method: "get", url: origin + name, headers: {} }))
        expect({ ...run, seen }).toEqual({ status: 0, stdout: `<${sent}>`, seen: [sent] })
      }
    })
  })
  test("curl asks the server for what fetch asks for, where the two read a url differently", async (ctx) => {
    if (withoutCurl(ctx)) return
    await withServer((req) => `${req.headers.host ?? ""} ${req.url ?? ""}`, async (origin, seen) => {
      for (const path of ["/x?", "/x?#f", "/x/%2e%2e/y", "/x/.%2E/y/%2e/z", "/x?name=O'Brien", "/{a}", "\\@h.example/x"]) {
        const r: RequestOptions = { method: "get", url: origin + path, headers: {} }
        seen.length = 0
        await (await fetch(...toRequestInit(r))).text()
        const byFetch = seen[0]
        seen.length = 0
        await runInBash(`${CommandLine.toCurl(r)} -s -o /dev/null`)
        expect([path, seen[0]]).toEqual([path, byFetch])
      }
    })
  })
  test("a body longer than an argument may be (128 KiB on Linux), with quotes and CRs, reaches curl whole through printf, with no Expect", async (ctx) => {
    if (withoutCurl(ctx)) return
    const body = "x'é\r\n!$(touch pwned)`touch pwned`".repeat(32_000) // 1 088 000 bytes: curl asks the server first from 1 MiB
    await withServer((req, received) => `${req.method} ${req.headers["content-length"]} ${req.headers.expect} ${received === body}`, async (origin, seen) => {
      const command = CommandLine.toCurl({ method: "post", url: `${origin}/x`, headers: { "content-type": "text/plain" }, body })
      const run = await runInBash(`${command} -s -o /dev/null`)
      expect({ status: run.status, seen, created: readdirSync(cwd) }).toEqual({ status: 0, seen: [`POST ${Buffer.byteLength(body)} undefined true`], created: [] })
    })
  })
})

// -------------------------------------------------------------------------------------
// properties
// -------------------------------------------------------------------------------------

/** RFC 9110 tchar. */
const TCHAR = [..."!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"]
const PAYLOADS = [
  "$(touch pwned)", "`touch pwned`", ";touch pwned;", "|touch pwned", "&touch pwned&", "' ; touch pwned ; '",
  "'\\''", "'", "''", "\"", "\\", "\\'", "!", "!!", "!-1", "$HOME", "${x}", "$'\\x41'", "*", "?", "~", "#", " ", "\t",
  "--", "-o", "-o/tmp/x", "--output=x", "@/etc/passwd", "é", "😀", "\u2028", "\ufeff", "\u00a0", "\x1b[2K",
]
const piecesOf = (extra: fc.Arbitrary<string>) =>
  fc.array(fc.oneof(fc.constantFrom(...PAYLOADS), extra), { maxLength: 8 }).map((a) => a.join(""))

const method = fc.oneof(
  fc.string({ unit: fc.constantFrom(...TCHAR), minLength: 1, maxLength: 10 }),
  fc.constantFrom("X'", "`touch`", "a|b", "$(x)", "-o", "GET", "post", "HEAD", "head"),
)
/** Any string without CR, LF or NUL (what a header value may be). */
const lineText = fc
  .oneof(piecesOf(fc.string({ unit: "binary", maxLength: 4 })), fc.string({ unit: "binary" }))
  .map((s) => s.replace(/[\r\n\0]/g, ""))
/** Any string without NUL (what an argument may be), newlines included. */
const text = fc
  .oneof(piecesOf(fc.oneof(fc.string({ unit: "binary", maxLength: 4 }), fc.constantFrom("\n", "\r\n", "\r"))), fc.string({ unit: "binary" }))
  .map((s) => s.replace(/\0/g, ""))
const headerName = fc.string({ unit: fc.constantFrom(...TCHAR), minLength: 1, maxLength: 8 })
const url = fc.oneof(
  text.map((s) => "https://h.example/" + s),
  text.map((s) => "-" + s),
  fc.constantFrom("-o/tmp/x", "--output=/tmp/x", "-K/etc/passwd"),
  text,
)
const body = fc.oneof(
  fc.constant(undefined),
  text,
  fc.dictionary(text, fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 3 })), { maxKeys: 4 }),
)
const request: fc.Arbitrary<RequestOptions> = fc
  .record({
    method,
    url,
    headers: fc.dictionary(headerName, fc.oneof(lineText, fc.integer(), fc.constantFrom("", " ", "\t")), { maxKeys: 4 }),
    type: fc.option(fc.constantFrom("application/json", "application/vnd.api+json", "text/plain")),
    body,
  })
  .map(({ body, type, headers, ...rest }) => {
    const withType = type === null ? headers : { ...headers, "content-type": type }
    return body === undefined ? { ...rest, headers: withType } : { ...rest, headers: withType, body }
  })

const RUNS = 100
const TIMEOUT = 120_000

/**
 * The command line's --curl output, run by bash, gives curl exactly the argv of
 * endpoint's result for the same route and options; when endpoint refuses them,
 * the command line exits 2. Returns the route the command line read.
 */
const expectCommandLineRunsAsEndpoint = (argv: Array<string>): string | undefined => {
  const parsed = CommandLine.parseArgs(argv)
  if (parsed._tag === "Left" && /: given twice: a header takes one value$/.test(parsed.left.message)) {
    expect(cli(argv).code).toBe(2) // a header item given twice: refused, as endpoint refuses one header given twice
    return undefined
  }
  if (parsed._tag === "Left" || parsed.right._tag !== "Build") throw new Error(`unexpected parse: ${JSON.stringify(parsed)}`)
  let r: RequestOptions
  try {
    r = endpoint(parsed.right.route, parsed.right.options)
    const query = parsed.right.query ?? ""
    if (query !== "") r = { ...r, url: withQueryText(r.url, query) } // the name==value items, after expansion
  } catch {
    expect(cli(argv).code).toBe(2) // endpoint refused the input: so does the command line
    return parsed.right.route
  }
  const { code, stdout, stderr } = cli(argv)
  const expected = intended(r)
  if (expected === undefined) expect(code).toBe(2) // a body fetch would refuse (a Content-Type item that is not JSON)
  else expect({ code, stderr }).toEqual({ code: 0, stderr: "" })
  if (expected !== undefined) expectRunsAs(stdout.replace(/\n$/, ""), expected)
  return parsed.right.route
}

describe("--curl: properties (bash runs every printed command)", () => {
  test(
    "toCurl: for any method, url, headers and body, bash gives curl exactly the intended argv and runs nothing else",
    () => {
      fc.assert(
        fc.property(request, (r) => {
          const argv = intended(r)
          if (argv === undefined) expect(() => CommandLine.toCurl(r)).toThrow(/^(method|url|headers\S+|body): /)
          else expectRunsAs(CommandLine.toCurl(r), argv)
        }),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )

  test(
    "the command line: --base-url, a method, a path, header items and params give the argv of endpoint's result",
    () => {
      const path = fc.string({ unit: fc.constantFrom(...TCHAR, "/", "(", ")", ";", "<", ">", "\"", "\\", "@", "[", "]", "é", "😀"), maxLength: 12 })
      const base = fc.oneof(fc.constantFrom("https://h.example", "-o/tmp/x", "--output=/tmp/x"), lineText.map((s) => s.replace(/\s/g, "")))
      const header = fc.tuple(headerName, fc.oneof(lineText, fc.constantFrom(" ", "\t"))).map(([n, v]) => `${n}:${v}`)
      const param = fc.oneof(
        fc.tuple(fc.constantFrom("title", "q", "note"), text).map(([k, v]) => `${k}=${v}`),
        text.map((s) => `data:=${JSON.stringify(s)}`),
      )
      fc.assert(
        fc.property(base, method, path, fc.array(header, { maxLength: 3 }), fc.array(param, { maxLength: 2 }), (b, m, p, hs, ps) => {
          expectCommandLineRunsAsEndpoint(["--curl", `--base-url=${b}`, "--", `${m} /${p}`, ...hs, ...ps]) // -- : a method may start with -
        }),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )

  test(
    "the command line, httpie's forms: METHOD URL as two arguments, name==value, Name:, Name; and repeated keys",
    () => {
      const path = fc.string({ unit: fc.constantFrom(...TCHAR, "/", "(", ")", ";", "@", "é"), maxLength: 8 })
      const item = fc.oneof(
        fc.tuple(headerName, lineText).map(([n, v]) => `${n}:${v}`),
        fc.constantFrom("user-agent:", "accept:", "x-empty;"),
        fc.tuple(fc.constantFrom("q", "note", "$x", "a b"), text).map(([k, v]) => `${k}==${v}`),
        fc.tuple(fc.constantFrom("title", "title", "q"), text).map(([k, v]) => `${k}=${v}`),
      )
      const verb = fc.constantFrom("GET", "POST", "patch", "HEAD", "head", "X'", "`touch`")
      fc.assert(
        fc.property(verb, path, fc.array(item, { maxLength: 4 }), (m, p, items) => {
          const route = expectCommandLineRunsAsEndpoint(["--curl", "--", m, `/${p}`, ...items])
          expect(route === undefined || route.startsWith(`${m} /`)).toBe(true)
        }),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )
})
