// `--curl` prints a command that sends what `fetch(...toRequestInit(r))` sends. Here the real curl binary
// runs each printed command through `sh -c` (POSIX sh: dash on Debian) against a loopback server that
// records the raw request (its request line, header lines and body bytes), and the same request options are
// sent by Node's fetch to the same server: the method, the path and query, every header the request sets
// (and content-length, content-type, expect, transfer-encoding) and the body bytes must be the same. The
// server is a plain TCP server, so a method Node's HTTP parser does not know (X', `touch`) is seen as sent.
// A printed command is one shell word per value: a payload in a method, a header or the body runs nothing.
import { spawn, spawnSync } from "node:child_process"
import { mkdtempSync, readdirSync, rmSync } from "node:fs"
import { createServer, type Server, type Socket } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { CommandLine, endpoint, isEndpointError, type RequestOptions, toRequestInit, toRequestInitEither } from "../src/index.js"

// -------------------------------------------------------------------------------------
// curl, and running a printed command
// -------------------------------------------------------------------------------------

const CURL = spawnSync("sh", ["-c", "command -v curl"]).stdout.toString().trim()
if (CURL === "") console.warn("skipping the tests that run curl: the curl binary is not installed (.ci/setup.sh installs it)")
/** A test that needs the real curl: skipped, with the reason printed above, when curl is absent. */
const withCurl = CURL === "" ? test.skip : test

/** A fresh, empty working directory for the shell: a payload's `touch pwned` would land here. */
const cwd = mkdtempSync(join(tmpdir(), "fp-endpoint-curl-"))
const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: cwd, LANG: "C.UTF-8" }

/** `sh` run with `args` in the empty directory, `input` on its stdin: its status, stderr and the files it left. */
const sh = (args: Array<string>, input = "") =>
  new Promise<{ status: number | null; stderr: string; created: Array<string> }>((resolve) => {
    const child = spawn("sh", args, { cwd, env })
    let stderr = ""
    child.stdout.resume()
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()))
    child.on("close", (status) => {
      const created = readdirSync(cwd)
      for (const name of created) rmSync(join(cwd, name), { recursive: true, force: true })
      resolve({ status, stderr, created })
    })
    child.stdin.end(input)
  })

// -------------------------------------------------------------------------------------
// a loopback server that records raw requests
// -------------------------------------------------------------------------------------

/** A request as it arrived: the request line's method and target, the header lines (names lowercase,
 * values without the whitespace around them, which HTTP ignores) and the body's bytes. */
interface Raw {
  method: string
  target: string
  headers: Array<[string, string]>
  body: Buffer
}

let server: Server
let origin = ""
let received: Array<Raw> = []

/** The body after the head: content-length bytes, or chunked (decoded); `undefined` while incomplete. */
const bodyOf = (headers: Array<[string, string]>, rest: Buffer): Buffer | undefined => {
  const length = headers.find(([n]) => n === "content-length")?.[1]
  if (headers.some(([n, v]) => n === "transfer-encoding" && /chunked/i.test(v))) {
    const parts: Array<Buffer> = []
    let at = 0
    for (;;) {
      const eol = rest.indexOf("\r\n", at)
      if (eol < 0) return undefined
      const size = Number.parseInt(rest.subarray(at, eol).toString("latin1"), 16)
      if (size === 0) return rest.indexOf("\r\n\r\n", eol) >= 0 || rest.length >= eol + 4 ? Buffer.concat(parts) : undefined
      if (rest.length < eol + 2 + size + 2) return undefined
      parts.push(rest.subarray(eol + 2, eol + 2 + size))
      at = eol + 2 + size + 2
    }
  }
  const n = length === undefined ? 0 : Number(length)
  return rest.length >= n ? rest.subarray(0, n) : undefined
}

beforeAll(async () => {
  server = createServer((socket: Socket) => {
    let data = Buffer.alloc(0)
    socket.on("data", (chunk: Buffer) => {
      data = Buffer.concat([data, chunk])
      const end = data.indexOf("\r\n\r\n")
      if (end < 0) return
      const [line = "", ...lines] = data.subarray(0, end).toString("latin1").split("\r\n")
      const headers = lines.map((l): [string, string] => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()])
      const body = bodyOf(headers, data.subarray(end + 4))
      if (body === undefined) return
      const [method = "", target = ""] = line.split(" ")
      received.push({ method, target, headers, body })
      socket.end("HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
    })
    socket.on("error", () => undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  origin = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  rmSync(cwd, { recursive: true, force: true })
})

/** The one request the server received while `send` ran. */
const receivedBy = async (send: () => Promise<unknown>): Promise<Raw> => {
  received = []
  await send()
  expect(received).toHaveLength(1)
  return received[0]!
}

/** What fetch sends for `r`. */
const byFetch = (r: RequestOptions): Promise<Raw> =>
  receivedBy(async () => {
    const response = await fetch(...toRequestInit(r))
    await response.arrayBuffer()
  })

/** What the printed command sends, run by `sh -c`; it must succeed, print nothing on stderr and leave no file. */
const byCurl = (command: string): Promise<Raw> =>
  receivedBy(async () => {
    const run = await sh(["-c", `${command} -o /dev/null`])
    expect(run).toEqual({ status: 0, stderr: "", created: [] })
  })

/** The part of a request both must send alike: method, target, the headers `names` (and the framing ones), the body. */
const comparable = (raw: Raw, names: ReadonlyArray<string>) => {
  const wanted = new Set([...names, "content-length", "content-type", "expect", "transfer-encoding"])
  return {
    method: raw.method,
    target: raw.target,
    headers: raw.headers.filter(([n]) => wanted.has(n)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    body: raw.body.toString("hex"),
  }
}

/** curl (through sh) and fetch send `r` alike. */
const expectSameBytes = async (r: RequestOptions): Promise<void> => {
  const [, init] = toRequestInit(r)
  const names = Object.keys(init.headers)
  const command = CommandLine.toCurl(r)
  const viaFetch = comparable(await byFetch(r), names)
  const viaCurl = comparable(await byCurl(command), names)
  expect({ command, sent: viaCurl }).toEqual({ command, sent: viaFetch })
}

/** The EndpointError toCurl throws, or a failure when it throws something else or nothing. */
const curlRefusal = (r: RequestOptions): { path: string; problem: string } => {
  try {
    CommandLine.toCurl(r)
  } catch (e) {
    expect(isEndpointError(e)).toBe(true)
    return { path: (e as { path: string }).path, problem: (e as { problem: string }).problem }
  }
  throw new Error("expected toCurl to refuse, it printed a command")
}

const cli = (argv: Array<string>) => {
  let stdout = ""
  let stderr = ""
  const code = CommandLine.main(argv, { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s), stdin: () => undefined })
  return { code, stdout, stderr }
}

const TEXT = { "content-type": "text/plain" }

// -------------------------------------------------------------------------------------
// examples
// -------------------------------------------------------------------------------------

describe("the printed command", () => {
  test("is curl -sS -q --globoff, the method, --url and -H words; a body goes through printf '%b' … | curl -sS", () => {
    expect(CommandLine.toCurl(endpoint("GET /user"))).toBe(
      `curl -sS -q --globoff -X 'GET' --url 'https://api.github.com/user' -H 'accept: application/vnd.github.v3+json' -H 'user-agent: ${endpoint.DEFAULTS.headers?.["user-agent"]}'`,
    )
    expect(CommandLine.toCurl({ method: "head", url: "https://h.example/x", headers: {} })).toBe("curl -sS -q --globoff --head --url 'https://h.example/x'")
    expect(CommandLine.toCurl({ method: "post", url: "https://h.example/x", headers: TEXT, body: "it's" })).toBe(
      "printf '%b' 'it\\0047s' | curl -sS -q --globoff -X 'POST' --url 'https://h.example/x' -H 'content-type: text/plain' -H 'Expect:' --data-binary @-",
    )
    const { code, stdout } = cli(["--curl", "POST", "/x", "title=Bug"])
    expect([code, stdout]).toEqual([0, expect.stringMatching(/^printf '%b' '\{"title":"Bug"\}' \| curl -sS -q --globoff -X 'POST' --url 'https:\/\/api\.github\.com\/x' .*--data-binary @-\n$/)])
  })

  withCurl("a body with quotes, backslashes, NUL, CR, LF, % and non-ASCII text arrives byte for byte", async () => {
    for (const body of ["it's \"quoted\" \\ \\\\ \\0 \\c %s %b %%", "a\0b\r\nc\rd\n", "Grüße, 世界 😀 \u2028\ufeff", "", "'", "\\"]) {
      await expectSameBytes({ method: "post", url: `${origin}/x`, headers: TEXT, body })
    }
  })

  withCurl("a JSON body, and a string body without a content type (fetch writes text/plain;charset=UTF-8)", async () => {
    await expectSameBytes(endpoint(`POST ${origin}/repos/{owner}/{repo}/issues`, { owner: "o", repo: "r", title: "it's \\ \"x\" é", labels: ["a"] }))
    await expectSameBytes({ method: "put", url: `${origin}/x`, headers: {}, body: "plain" })
  })

  withCurl("DEL and C1 controls in a body arrive as fetch sends them: their UTF-8 bytes", async () => {
    await expectSameBytes({ method: "post", url: `${origin}/x`, headers: TEXT, body: "a\u0085b\u009bc\u007fd\u0080" })
    await expectSameBytes(endpoint(`POST ${origin}/x`, { note: "\u0085\u009b" }))
  })

  withCurl("no body or an empty one: content-length 0 where fetch sends it (POST, PUT, PATCH, QUERY, PROPFIND, PROPPATCH), none elsewhere", async () => {
    for (const method of ["post", "put", "patch", "delete", "options", "get", "head", "propfind", "proppatch", "query", "lock", "mkcol"]) {
      await expectSameBytes({ method, url: `${origin}/x`, headers: {} })
      if (!["get", "head"].includes(method)) await expectSameBytes({ method, url: `${origin}/x`, headers: TEXT, body: "" }) // an empty body
    }
  })

  withCurl("an empty or blank header value is sent empty (-H 'name;'), inner blanks kept; a number as its text", async () => {
    await expectSameBytes({ method: "get", url: `${origin}/x`, headers: { "x-empty": "", "x-blank": "   ", "x-inner": "a  b", "x-edge": "  c  ", "x-n": 5 } })
  })

  withCurl("a TAB inside a header value is ASCII: it is sent as fetch sends it", async () => {
    await expectSameBytes({ method: "get", url: `${origin}/x`, headers: { "x-t": "a\tb" } })
  })

  withCurl("urls where curl and fetch could read a url differently: the target fetch asks for", async () => {
    for (const path of ["/x?", "/x?#f", "/x/%2e%2e/y", "/x/.%2E/y/%2e/z", "/x?name=O'Brien", "/{a}", "/a[1-3]", "/b{a,b}", "\\@h.example/x", "/é/😀?é=😀", "/%zz/%", "/a b?c d", "/x?a=1&&b=2"]) {
      await expectSameBytes({ method: "get", url: origin + path, headers: {} })
    }
  })

  withCurl("a body longer than an argument may be (128 KiB on Linux), with quotes and CRs, reaches curl whole through printf", async () => {
    const body = "x'é\r\n!$(touch pwned)`touch pwned`\\".repeat(32_000) // over 1 MiB: curl would ask the server first but for Expect:
    const r: RequestOptions = { method: "post", url: `${origin}/x`, headers: TEXT, body }
    const command = CommandLine.toCurl(r)
    // as a user pastes it: the shell reads the command, no exec argument holds it
    const viaCurl = await receivedBy(async () => expect(await sh(["-s"], `${command} -o /dev/null\n`)).toEqual({ status: 0, stderr: "", created: [] }))
    const viaFetch = await byFetch(r)
    expect(comparable(viaCurl, ["content-type"])).toEqual(comparable(viaFetch, ["content-type"]))
  })

  withCurl("a method, a header or a body holding shell syntax runs nothing: curl sends it as written", async () => {
    const payloads = ["$(touch pwned)", "`touch pwned`", "'; touch pwned; '", "\"$HOME\"", "!!", "a|b&c;d"]
    for (const p of payloads) {
      await expectSameBytes({ method: "post", url: `${origin}/x`, headers: { "x-p": p, ...TEXT }, body: p })
    }
    for (const method of ["X'", "`TOUCH`", "$X", "A|B&C", "-O", "~", "#", "!!"]) await expectSameBytes({ method, url: `${origin}/x`, headers: {} })
  })
})

describe("what --curl refuses", () => {
  test("a header value beyond ASCII: fetch sends its Latin-1 bytes, which printed text cannot carry", () => {
    expect(curlRefusal({ method: "get", url: "https://h.example/x", headers: { "x-a": "café" } })).toEqual({
      path: "headers.x-a",
      problem: "beyond ASCII, fetch sends Latin-1 bytes, which a printed command cannot carry",
    })
    expect(toRequestInitEither({ method: "get", url: "https://h.example/x", headers: { "x-a": "café" } })._tag).toBe("Right") // fetch itself sends it
    expect(cli(["--curl", "GET", "/x", "X-A:café"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "fp-endpoint: headers.x-a: beyond ASCII, fetch sends Latin-1 bytes, which a printed command cannot carry\n",
    })
  })

  test("a header value beyond Latin-1 (fetch refuses it too) is refused, naming the header", () => {
    expect(curlRefusal({ method: "get", url: "https://h.example/x", headers: { "x-a": "snow ☃" } }).path).toBe("headers.x-a")
  })

  test("a control character a terminal would act on, in a header value, is refused naming it", () => {
    for (const value of ["\u001b]0;pwn\u0007", "a\u009bb", "a\u007f"]) {
      expect(curlRefusal({ method: "get", url: "https://h.example/x", headers: { "x-t": value } }).path).toBe("headers.x-t")
    }
  })

  test("a port fetch will not connect to, written in the url or by a value", () => {
    expect(cli(["--curl", "GET", "http://127.0.0.1:{port}/x", "port=25"])).toEqual({ code: 2, stdout: "", stderr: "fp-endpoint: url: fetch refuses to connect to port 25\n" })
    expect(cli(["--curl", "--base-url", "http://127.0.0.1:6000", "GET", "/x"]).stderr).toBe("fp-endpoint: url: fetch refuses to connect to port 6000\n")
    expect(curlRefusal({ method: "get", url: "https://127.0.0.1:10080/x", headers: {} })).toEqual({ path: "url", problem: "fetch refuses to connect to port 10080" })
    expect(cli(["--curl", "GET", "http://127.0.0.1:{port}/x", "port=8080"]).code).toBe(0)
  })

  test("a url that is not http or https, and what fetch refuses (a relative url, a forbidden method, a header fetch writes itself)", () => {
    expect(cli(["--curl", "GET", "{+u}", "u=gopher://127.0.0.1:6379/_FLUSHALL"]).stderr).toBe('fp-endpoint: url: fetch sends only http and https, got "gopher:"\n')
    expect(cli(["--curl", "GET", "ftp://h.example/x"]).code).toBe(2)
    expect(curlRefusal({ method: "get", url: "/relative", headers: {} }).path).toBe("url")
    expect(curlRefusal({ method: "trace", url: "https://h.example/x", headers: {} }).problem).toMatch(/^fetch refuses it: /)
    expect(curlRefusal({ method: "get", url: "https://h.example/x", headers: { Host: "evil.example" } }).path).toBe("headers.Host")
  })

  test("a body that is no string (binary, a form, a stream) cannot be a curl argument; a lone surrogate fetch would change", () => {
    const post = (body: unknown): RequestOptions => ({ method: "post", url: "https://h.example/x", headers: {}, body })
    for (const body of [new Uint8Array([1]), new URLSearchParams("a=1"), new Blob(["x"]), new ReadableStream()]) {
      expect(curlRefusal(post(body)).path).toBe("body")
    }
    expect(curlRefusal({ ...post("a\ud800b"), headers: TEXT })).toEqual({ path: "body", problem: "a lone surrogate, which fetch would send as U+FFFD" })
    expect(curlRefusal({ ...post({ a: 1n }), headers: { "content-type": "application/json" } }).path).toBe("body.a")
  })

  test("the command line refuses what the core refuses: a missing path parameter, a Content-Type that is not JSON for body items", () => {
    expect(cli(["--curl", "POST", "/x/:a", "b=1"]).stderr).toBe("fp-endpoint: missing parameter: a\n")
    expect(cli(["--curl", "POST", "/x", "Content-Type:text/plain", "a=1"]).stderr).toMatch(/^fp-endpoint: body: an object is sent as JSON only with a JSON content type/)
  })
})

// -------------------------------------------------------------------------------------
// properties
// -------------------------------------------------------------------------------------

/** RFC 9110 tchar. */
const TCHAR = [..."!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"]
/** Text a shell or printf could read as syntax, and text beyond ASCII. */
const PIECES = [
  "'", "''", "'\\''", "\"", "\\", "\\\\", "\\0", "\\c", "\\n", "%", "%s", "%b", "%%", "$(touch pwned)", "`touch pwned`", "$HOME", "!!", ";", "|", "&", "*", "?", "~", "#", " ", "--", "-o", "@-",
  "é", "ü", "世界", "😀", "\u2028", "\ufeff", "\u00a0",
]
/** What only a body may hold besides: NUL, CR, LF, TAB, other C0 controls, DEL and C1 controls. */
const BODY_PIECES = ["\0", "\r", "\n", "\r\n", "\t", "\u0001", "\u001b[31m", "\u007f", "\u0085", "\u009b"]

const ascii = fc.string({ unit: fc.constantFrom(...[..." !\"#$%&'()*+,-./0123456789:;<=>?@[\\]^_`{|}~aAzZ"]), maxLength: 6 })
const textOf = (pieces: Array<string>, other: fc.Arbitrary<string>) => fc.array(fc.oneof(fc.constantFrom(...pieces), other), { maxLength: 6 }).map((a) => a.join(""))
/** A header value: printable ASCII (what --curl prints), shell syntax included. */
const headerValue = fc.oneof(textOf(PIECES.filter((p) => /^[\x20-\x7e]*$/.test(p)), ascii), fc.constantFrom("", "   "), fc.integer({ min: -5, max: 99_999 }))
/** A string body: anything well-formed. */
const bodyText = textOf([...PIECES, ...BODY_PIECES], fc.oneof(ascii, fc.string({ unit: "binary", maxLength: 3 })))
/** Any text for a path or a query value. */
const anyText = textOf(PIECES, fc.oneof(ascii, fc.string({ unit: "binary", maxLength: 3 })))

const method = fc.oneof(
  fc.constantFrom("GET", "get", "POST", "post", "PUT", "PATCH", "patch", "DELETE", "HEAD", "head", "OPTIONS", "PROPFIND", "PROPPATCH", "QUERY", "REPORT", "LOCK", "TRACE"),
  fc.string({ unit: fc.constantFrom(...TCHAR), minLength: 1, maxLength: 8 }),
)
const headerName = fc.oneof(
  fc.constantFrom("x-a", "X-B", "accept", "authorization", "content-type", "if-none-match", "cookie", "referer", "te", "accept-encoding", "user-agent"),
  fc.string({ unit: fc.constantFrom(...TCHAR), minLength: 1, maxLength: 8 }),
)
const headers = fc.dictionary(headerName, headerValue, { maxKeys: 4 })
const contentType = fc.option(fc.constantFrom("text/plain", "application/json", "application/vnd.api+json; charset=utf-8", "text/csv; charset=ISO-8859-1"), { nil: undefined })
const body = fc.oneof(
  fc.constant(undefined),
  bodyText,
  fc.dictionary(anyText, fc.oneof(bodyText, fc.integer(), fc.boolean(), fc.constant(null), fc.array(bodyText, { maxLength: 3 })), { maxKeys: 3 }),
)

/** Request options as a caller may hand them to toCurl: any url text after the origin. */
const handBuilt = fc.record({ method, path: anyText, headers, type: contentType, body }).map(({ method, path, headers, type, body }): RequestOptions => ({
  method,
  url: `${origin}/${path}`,
  headers: type === undefined ? headers : { ...headers, "content-type": type },
  ...(body === undefined ? {} : { body }),
}))

/** Whether the printed text may carry `value` as a header: printable ASCII only. */
const printable = (value: unknown) => /^[\x20-\x7e]*$/.test(String(value))

/**
 * The law: when the fetch adapter accepts `r`, toCurl prints a command unless a header value is beyond printable
 * ASCII (then it refuses that header), and the command sends what fetch sends; when the fetch adapter refuses `r`,
 * toCurl refuses it with the same error.
 */
const sendsWhatFetchSends = async (r: RequestOptions): Promise<void> => {
  const init = toRequestInitEither(r)
  if (init._tag === "Left") {
    expect(curlRefusal(r)).toEqual({ path: init.left.path, problem: init.left.problem })
    return
  }
  const unprintable = Object.entries(init.right[1].headers).find(([, v]) => !printable(v))
  if (unprintable !== undefined) {
    expect(curlRefusal(r).path).toMatch(/^headers/)
    return
  }
  await expectSameBytes(r)
}

const RUNS = 60
const TIMEOUT = 180_000

describe("--curl: properties (curl, run by sh, against fetch, on a loopback server)", () => {
  withCurl(
    "toCurl: for any method, url, headers and string or JSON body, curl sends the bytes fetch sends",
    async () => {
      await fc.assert(fc.asyncProperty(handBuilt, sendsWhatFetchSends), { numRuns: RUNS })
    },
    TIMEOUT,
  )

  withCurl(
    "the command line: a method, a path, query items, header items and body items give a command that sends what fetch sends of endpoint's result",
    async () => {
      const item = fc.oneof(
        fc.tuple(fc.constantFrom("title", "q", "note", "a b", "fields[]"), anyText).map(([k, v]) => `${k}=${v}`),
        fc.tuple(fc.constantFrom("q", "page", "é"), anyText).map(([k, v]) => `${k}==${v}`),
        fc.tuple(fc.constantFrom("X-A", "x-b", "If-None-Match"), headerValue).map(([n, v]) => `${n}:${v}`),
        fc.constantFrom("User-Agent:", "Accept:", "X-Empty;"),
        bodyText.map((s) => `data:=${JSON.stringify(s)}`),
      )
      const verb = fc.constantFrom("GET", "POST", "patch", "PUT", "DELETE", "HEAD")
      await fc.assert(
        fc.asyncProperty(verb, anyText, fc.array(item, { maxLength: 4 }), async (m, p, items) => {
          const argv = ["--ignore-stdin", "--curl", "--base-url", origin, "--", m, `/p/{id}`, `id=${p}`, ...items]
          const { code, stdout, stderr } = cli(argv)
          const parsed = CommandLine.parseArgs(argv.filter((a) => a !== "--curl"))
          const json = parsed._tag === "Right" ? CommandLine.render(parsed.right) : parsed
          if (json._tag === "Left") {
            // the core refused the input (a dot segment a value wrote, a header given twice): so does --curl
            expect({ code, stderr }).toEqual({ code: 2, stderr: `fp-endpoint: ${json.left.message}\n` })
            return
          }
          const r = JSON.parse(json.right) as RequestOptions
          if (code !== 0) {
            expect(stderr).toMatch(/^fp-endpoint: (headers|body|url)/) // what fetch or the printed text refuses
            return
          }
          expect(stdout).toMatch(/^(printf '%b' '[^\n]*' \| )?curl -sS /)
          const names = Object.keys(toRequestInit(r)[1].headers)
          const viaCurl = comparable(await byCurl(stdout.replace(/\n$/, "")), names)
          expect(viaCurl).toEqual(comparable(await byFetch(r), names))
        }),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )
})
