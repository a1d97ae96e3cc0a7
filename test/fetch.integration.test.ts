// toRequest / toRequestInit and the README recipes (test/recipes.ts), proven
// against a real node:http server that records what arrives on the wire. Both
// adapters build the platform's Request from what they give fetch (without the
// body), so they refuse the same things, and what fetch would refuse is an
// EndpointError before anything is sent.
import { createReadStream, readFileSync } from "node:fs"
import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import { createRequire } from "node:module"
import type { AddressInfo } from "node:net"
import vm from "node:vm"
import { Agent, fetch as undiciFetch, FormData as UndiciFormData, request as undiciRequest } from "undici"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import * as E from "fp-ts/lib/Either.js"
import {
  endpoint,
  EndpointError,
  toRequest,
  toRequestEither,
  toRequestInit,
  toRequestInitEither,
  type Endpoint,
  type RequestOptions,
} from "../src/index.js"
import { BAD_PORTS } from "../src/Fetch.js"
import { viaAxios, viaFetchInit, viaFetchRequest, viaGot, viaKy, viaUndici } from "./recipes.js"
import { errorOf } from "./helpers.js"

/** The message both throwing adapters give, after checking that the Either forms give the same Left. */
const refusedBoth = (r: RequestOptions): EndpointError => {
  const [init, request] = [errorOf(() => toRequestInit(r)), errorOf(() => toRequest(r))]
  const [initEither, requestEither] = [toRequestInitEither(r), toRequestEither(r)]
  expect([init.message, E.isLeft(initEither) && initEither.left.message, E.isLeft(requestEither) && requestEither.left.message]).toEqual([
    request.message,
    request.message,
    request.message,
  ])
  return init
}

interface Received {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: Buffer
}

let server: Server
let base = ""
let api: Endpoint
let received: Array<Received> = []

/** Signals from the /hang route: when a request arrives, and when its connection closes. */
const hangs = { arrived: () => {}, closed: () => {} }

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/hang") {
      // never answers: the test aborts, and the server sees the connection close
      res.on("close", () => hangs.closed())
      hangs.arrived()
      return
    }
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) })
      if (req.url === "/redirect") {
        res.writeHead(302, { location: "/landed" })
        res.end()
        return
      }
      res.writeHead(200, { "content-type": "application/json" })
      res.end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  api = endpoint.defaults({ baseUrl: base, headers: { authorization: "token 0000" } })
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())))
})

beforeEach(() => {
  received = []
})

const only = (): Received => {
  expect(received).toHaveLength(1)
  return received[0]!
}

const ours = (extra: Record<string, string> = {}) => ({
  accept: "application/vnd.github.v3+json",
  "user-agent": "fp-endpoint/0.1.0",
  authorization: "token 0000",
  ...extra,
})

const TITLE = "Grüße, 世界 🌍 — ünïcödé"

const cases = () => ({
  get: api("GET /repos/{owner}/{repo}/issues", {
    owner: "octo cat",
    repo: "hello",
    labels: ["bug", "ui"],
    "fields[]": ["title", "body"],
    q: "is:open+label:bug",
  }),
  patch: api("PATCH /repos/{owner}/{repo}/issues/{number}", { owner: "o", repo: "r", number: 7, title: TITLE }),
  put: api("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }),
  post: api("POST /markdown/raw", { data: "# Hello *world*\n", headers: { "content-type": "text/plain; charset=utf-8" } }),
})

const senders: Array<[string, (o: RequestOptions) => Promise<unknown>]> = [
  ["fetch(toRequest(r))", viaFetchRequest],
  ["fetch(...toRequestInit(r))", viaFetchInit],
  ["undici.request", viaUndici],
  ["axios", viaAxios],
  ["got", viaGot],
  ["ky", viaKy],
]

describe.each(senders)("sent with %s, the server receives", (_name, send) => {
  it("GET with a path parameter, a query, a plain array and a fields[] array", async () => {
    const r = cases().get
    expect(r.body).toBeUndefined()
    await send(r)
    const got = only()
    expect(got.method).toBe("GET")
    expect(got.url).toBe("/repos/octo%20cat/hello/issues?labels=bug%2Cui&fields%5B%5D=title&fields%5B%5D=body&q=is%3Aopen+label%3Abug")
    expect(got.headers).toMatchObject(ours())
    expect(got.headers["content-type"]).toBeUndefined()
    expect(got.body.length).toBe(0)
  })

  it("PATCH with a JSON body with non-ASCII text, as UTF-8", async () => {
    await send(cases().patch)
    const got = only()
    expect(got.method).toBe("PATCH")
    expect(got.url).toBe("/repos/o/r/issues/7")
    const json = JSON.stringify({ title: TITLE })
    expect(got.headers).toMatchObject(ours({ "content-type": "application/json; charset=utf-8" }))
    expect(got.body.toString("utf8")).toBe(json)
    expect(JSON.parse(got.body.toString("utf8"))).toEqual({ title: TITLE })
    if (got.headers["content-length"] !== undefined) {
      expect(Number(got.headers["content-length"])).toBe(Buffer.byteLength(json, "utf8"))
    }
  })

  it("PUT without a body", async () => {
    const r = cases().put
    expect("body" in r).toBe(false)
    await send(r)
    const got = only()
    expect(got.method).toBe("PUT")
    expect(got.url).toBe("/user/starred/o/r")
    expect(got.headers).toMatchObject(ours())
    expect(got.headers["content-type"]).toBeUndefined()
    expect(got.body.length).toBe(0)
  })

  it("POST with a raw text body and its own content type", async () => {
    await send(cases().post)
    const got = only()
    expect(got.method).toBe("POST")
    expect(got.url).toBe("/markdown/raw")
    expect(got.headers).toMatchObject(ours({ "content-type": "text/plain; charset=utf-8" }))
    expect(got.body.toString("utf8")).toBe("# Hello *world*\n")
  })
})

describe("the lowercase method pitfall", () => {
  it("fetch does not uppercase `patch`, and Node's server answers 400 before any handler runs", async () => {
    const r = cases().patch
    expect(r.method).toBe("patch")
    const response = await fetch(r.url, { method: r.method, headers: r.headers as Record<string, string>, body: JSON.stringify(r.body) })
    expect(response.status).toBe(400)
    expect(received).toHaveLength(0)
  })

  it("through the adapter the same request arrives as PATCH", async () => {
    const response = await fetch(toRequest(cases().patch))
    expect(response.status).toBe(200)
    expect(only().method).toBe("PATCH")
  })
})

describe("bodies fetch sends as they are", () => {
  const post = (data: unknown, contentType = "application/octet-stream") =>
    api("POST /upload", { data, headers: { "content-type": contentType } })

  it("Uint8Array, ArrayBuffer and DataView", async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255])
    for (const data of [bytes, bytes.buffer.slice(0), new DataView(bytes.buffer.slice(0))]) {
      await fetch(toRequest(post(data)))
    }
    expect(received.map((x) => [...x.body])).toEqual([[0, 1, 2, 250, 255], [0, 1, 2, 250, 255], [0, 1, 2, 250, 255]])
  })

  it("Blob", async () => {
    await fetch(toRequest(post(new Blob(["blob ✓"]))))
    expect(only().body.toString("utf8")).toBe("blob ✓")
  })

  it("URLSearchParams, even under a JSON content type", async () => {
    await fetch(...toRequestInit(post(new URLSearchParams({ a: "1 2", b: "ü" }), "application/x-www-form-urlencoded")))
    expect(only().body.toString()).toBe("a=1+2&b=%C3%BC")
    received = []
    await fetch(toRequest(post(new URLSearchParams({ a: "1" }), "application/json")))
    expect(only().body.toString()).toBe("a=1")
  })

  it("FormData (fetch writes the multipart content type)", async () => {
    const form = new FormData()
    form.append("field", "välue")
    const r = api("POST /form", { data: form })
    delete (r.headers as Record<string, unknown>)["content-type"]
    await fetch(toRequest(r))
    const got = only()
    expect(got.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/)
    expect(got.body.toString("utf8")).toContain("välue")
  })

  it("ReadableStream, with duplex: half", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("chunk one, "))
        controller.enqueue(new TextEncoder().encode("chunk two"))
        controller.close()
      },
    })
    const [url, init] = toRequestInit(post(stream, "text/plain"))
    expect(init.duplex).toBe("half")
    await fetch(url, init)
    expect(only().body.toString()).toBe("chunk one, chunk two")
  })
})

// Form and binary bodies go out untouched: no JSON, no content type of the adapter's, so the
// client writes its own (a multipart boundary, the form content type). undici 7 is a copy of
// fetch separate from Node's own: it sends only its own FormData (a FormData of Node's global
// class arrives from undici as the text "[object FormData]"), so its cases use undici's FormData,
// which endpoint() knows by its tag as a form body.
describe("form and binary bodies arrive as the client sends them", () => {
  type Client = "fetch" | "undici"
  const form = (client: Client): FormData => {
    const f = client === "fetch" ? new FormData() : (new UndiciFormData() as unknown as FormData)
    f.append("a", "1")
    f.append("file", new Blob(["xyz"]), "x.txt")
    return f
  }
  const options = (_client: Client, data: unknown): RequestOptions => api("POST /upload", { data })
  const senders: Array<[string, Client, (o: RequestOptions) => Promise<unknown>]> = [
    ["fetch(toRequest(r))", "fetch", (o) => fetch(toRequest(o))],
    ["fetch(...toRequestInit(r))", "fetch", (o) => fetch(...toRequestInit(o))],
    ["undici.fetch(...toRequestInit(r))", "undici", (o) => undiciFetch(...(toRequestInit(o) as Parameters<typeof undiciFetch>))],
    [
      "undici.request(toRequestInit(r))",
      "undici",
      async (o) => {
        const [url, { method, headers, body }] = toRequestInit(o)
        const response = await undiciRequest(url, { method, headers, body: body as never })
        return response.body.text()
      },
    ],
  ]
  const bytes = [0, 1, 2, 127, 128, 250, 255]

  describe.each(senders)("%s", (name, client, send) => {
    it("a FormData as multipart/form-data with a boundary and its fields", async () => {
      const r = options(client, form(client))
      expect(r.headers["content-type"]).toBeUndefined()
      expect(toRequestInit(r)[1].headers["content-type"]).toBeUndefined()
      await send(r)
      const got = only()
      const type = got.headers["content-type"] ?? ""
      expect(type).toMatch(/^multipart\/form-data; boundary=\S+$/)
      const boundary = type.slice(type.indexOf("boundary=") + "boundary=".length)
      const text = got.body.toString("latin1")
      expect(text.startsWith(`--${boundary}\r\n`)).toBe(true)
      expect(text.endsWith(`--${boundary}--\r\n`)).toBe(true)
      expect(text).toContain('Content-Disposition: form-data; name="a"\r\n\r\n1\r\n')
      expect(text).toContain('Content-Disposition: form-data; name="file"; filename="x.txt"')
      expect(text).toContain("\r\n\r\nxyz\r\n")
    })

    // undici's request() is not fetch: it takes an iterable as a stream of chunks (a
    // URLSearchParams is an iterable of [name, value] pairs) and an ArrayBuffer only of its own
    // realm, so it cannot send these two, whatever the adapter does: they are fetch's cases only
    // (declared for the fetch clients, not skipped for undici.request)
    const fetchOnly: (title: string, body: () => Promise<void>) => void = name.startsWith("undici.request") ? () => undefined : it

    fetchOnly("a URLSearchParams as application/x-www-form-urlencoded;charset=UTF-8", async () => {
      await send(options(client, new URLSearchParams({ a: "1" })))
      const got = only()
      expect(got.headers["content-type"]).toBe("application/x-www-form-urlencoded;charset=UTF-8")
      expect(got.body.toString("latin1")).toBe("a=1")
    })

    it("a Uint8Array byte for byte, without a content type", async () => {
      await send(options(client, new Uint8Array(bytes)))
      const got = only()
      expect([...got.body]).toEqual(bytes)
      expect(got.headers["content-type"]).toBeUndefined()
    })

    it("a Blob byte for byte", async () => {
      await send(options(client, new Blob([new Uint8Array(bytes), "✓"])))
      expect([...only().body]).toEqual([...bytes, 0xe2, 0x9c, 0x93])
    })

    fetchOnly("an ArrayBuffer from another realm byte for byte", async () => {
      const foreign: unknown = vm.runInNewContext("new Uint8Array([0, 1, 2, 127, 128, 250, 255]).buffer")
      expect(foreign instanceof ArrayBuffer).toBe(false)
      await send(options(client, foreign))
      expect([...only().body]).toEqual(bytes)
    })
  })

  it("a form or binary body is passed through as the same object, whatever the content type", () => {
    const bodies: Array<unknown> = [
      form("fetch"),
      form("undici"),
      new URLSearchParams("a=1"),
      new Blob(["b"]),
      new Uint8Array(2),
      new DataView(new ArrayBuffer(2)),
      new ArrayBuffer(2),
      vm.runInNewContext("new ArrayBuffer(2)"),
      new ReadableStream(),
    ]
    for (const body of bodies) {
      for (const headers of [{}, { "content-type": "application/json" }, { "content-type": "text/plain" }] as Array<Record<string, string>>) {
        const [, init] = toRequestInit({ method: "post", url: "http://x/", headers, body })
        expect(init.body).toBe(body)
        expect(init.headers).toEqual(headers)
      }
    }
  })

  it("a Node stream as data is an EndpointError, not its internals (a file path among them) sent as JSON", () => {
    for (const range of [{}, { start: 0, end: 3 }]) {
      const file = createReadStream(new URL(import.meta.url), range)
      try {
        const e = refusedBoth(api("POST /x", { data: file }))
        expect([range, e.path.startsWith("body"), e.message.includes("fetch.integration")]).toEqual([range, true, false])
      } finally {
        file.destroy()
      }
    }
  })

  it("a body that only says it is a FormData or a Blob (its tag) is a form body: endpoint() sets no type, the adapters pass it on", async () => {
    // the form-data package's FormData: the tag on its prototype, append and getHeaders; Node's fetch sends it as text
    class PackageFormData {
      get [Symbol.toStringTag]() {
        return "FormData"
      }
      append() {}
      getHeaders() {
        return {}
      }
    }
    class TaggedBlob {
      get [Symbol.toStringTag]() {
        return "Blob"
      }
    }
    for (const data of [new PackageFormData(), new TaggedBlob()]) {
      const r = api("POST /x", { data })
      expect(r.headers).not.toHaveProperty("content-type")
      expect(toRequestInit(r)[1].body).toBe(data)
    }
    const sent = await toRequest(api("POST /x", { data: new PackageFormData() })).text()
    expect(sent).toBe("[object FormData]") // a decision of the README: the client decides what it makes of it
    for (const data of [new FormData(), new UndiciFormData(), new Blob(["x"])]) expect(toRequestInit(api("POST /x", { data }))[1].body).toBe(data)
  })

  it("shared memory is an EndpointError: fetch would send the text [object SharedArrayBuffer], or throw", () => {
    const shared = new SharedArrayBuffer(3)
    // endpoint() treats it as binary, not JSON: no content type is defaulted
    expect(api("POST /x", { data: shared }).headers).not.toHaveProperty("content-type")
    expect(api("POST /x", { data: new Uint8Array(shared) }).headers).not.toHaveProperty("content-type")
    for (const data of [shared, new Uint8Array(shared), new DataView(shared)]) {
      const r = api("POST /x", { data, headers: { "content-type": "application/octet-stream" } })
      expect(refusedBoth(r).message).toBe("body: shared memory cannot be sent by fetch; copy it into an ArrayBuffer")
    }
  })
})

// Fetch options given in `request` reach fetch; any other key of `request` stays out.
describe("fetch options in request travel with the request", () => {
  const hang = () => {
    const arrived = new Promise<void>((resolve) => (hangs.arrived = resolve))
    const closed = new Promise<void>((resolve) => (hangs.closed = resolve))
    return { arrived, closed }
  }

  it.each([
    ["fetch(...toRequestInit(r))", (o: RequestOptions) => fetch(...toRequestInit(o))],
    ["fetch(toRequest(r))", (o: RequestOptions) => fetch(toRequest(o))],
    ["undici.fetch(...toRequestInit(r))", (o: RequestOptions) => undiciFetch(...(toRequestInit(o) as Parameters<typeof undiciFetch>))],
  ])("%s: request.signal aborts the request, and the server sees the connection close", async (_name, send) => {
    const { arrived, closed } = hang()
    const controller = new AbortController()
    const sent = send(api("GET /hang", { request: { signal: controller.signal, timeout: 10 } }))
    await arrived
    controller.abort()
    await expect(sent).rejects.toMatchObject({ name: "AbortError" })
    await closed
  }, 5_000)

  it('request.redirect "manual" reaches fetch: the 302 is returned, not followed', async () => {
    const r = api("GET /redirect", { request: { redirect: "manual" } })
    for (const response of [await fetch(...toRequestInit(r)), await fetch(toRequest(r))]) {
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe("/landed")
    }
    expect(received.map((x) => x.url)).toEqual(["/redirect", "/redirect"])
    // without it, fetch follows
    await fetch(...toRequestInit(api("GET /redirect")))
    expect(received.map((x) => x.url).slice(2)).toEqual(["/redirect", "/landed"])
  })

  it("request.dispatcher reaches undici's fetch", async () => {
    let dispatched = 0
    class Counting extends Agent {
      override dispatch(...args: Parameters<Agent["dispatch"]>): boolean {
        dispatched++
        return super.dispatch(...args)
      }
    }
    const dispatcher = new Counting()
    try {
      const [url, init] = toRequestInit(api("GET /user", { request: { dispatcher } }))
      expect(init.dispatcher).toBe(dispatcher)
      await undiciFetch(url, init as Parameters<typeof undiciFetch>[1])
      expect(dispatched).toBe(1)
      expect(only().url).toBe("/user")
    } finally {
      await dispatcher.close()
    }
  })

  it("every fetch option is carried; other keys (timeout) and null or undefined values are not", () => {
    const signal = new AbortController().signal
    const dispatcher = { dispatch: () => true }
    // the eleven fetch options, each with a value fetch accepts: all of them travel
    const carried = {
      signal,
      redirect: "error",
      credentials: "omit",
      cache: "no-store",
      keepalive: true,
      referrerPolicy: "no-referrer",
      priority: "high",
      mode: "same-origin",
      integrity: "sha256-abc",
      referrer: "",
      dispatcher,
    }
    // keys for the caller's own client, and init fields the request itself decides: none travels
    const kept = { timeout: 10, agent: {}, window: null, method: "DELETE", headers: { x: "1" }, body: "smuggled", duplex: "half" }
    const [, init] = toRequestInit(api("PATCH /x", { a: 1, request: { ...carried, ...kept } }))
    expect(Object.keys(carried)).toHaveLength(11)
    expect(init).toEqual({
      method: "PATCH",
      headers: ours({ "content-type": "application/json; charset=utf-8" }),
      body: '{"a":1}',
      ...carried,
    })
    const [, bare] = toRequestInit({ method: "get", url: "http://x/", headers: {}, request: { signal: undefined, redirect: null, timeout: 1 } })
    expect(bare).toEqual({ method: "GET", headers: {} })
    const built = toRequest(api("GET /x", { request: { redirect: "manual", cache: "no-store", signal } }))
    expect([built.redirect, built.cache]).toEqual(["manual", "no-store"])
  })

  it("toRequestInit refuses what the platform's Request refuses, as toRequest does: fetch would throw before sending", () => {
    const cases: Array<[string, RequestOptions]> = [
      ["a referrer that is no url", api("GET /x", { request: { referrer: "no url::" } })],
      ['mode "no-cors" with PUT', api("PUT /x", { request: { mode: "no-cors" } })],
      ['cache "only-if-cached" without mode "same-origin"', api("GET /x", { request: { cache: "only-if-cached" } })],
      ["a redirect that is none of follow, error, manual", api("GET /x", { request: { redirect: "nope" } })],
      ['mode "navigate"', api("GET /x", { request: { mode: "navigate" } })],
      ["a signal that is no AbortSignal", api("GET /x", { request: { signal: {} } })],
      ["a header value beyond Latin-1", api("GET /x", { headers: { "x-title": "snowman ☃" } })],
      ["a forbidden method", api("TRACE /x")],
      ["a relative url", { method: "get", url: "/relative", headers: {} }],
    ]
    for (const [name, r] of cases) {
      const e = refusedBoth(r)
      expect([name, e.problem]).toEqual([name, expect.stringMatching(/^fetch refuses it: TypeError: /)])
    }
    // the same options with what fetch accepts instead go through
    expect(toRequestInit(api("GET /x", { request: { cache: "only-if-cached", mode: "same-origin" } }))[1]).toMatchObject({ cache: "only-if-cached", mode: "same-origin" })
    expect(toRequestInit(api("PUT /x", { request: { mode: "cors", referrer: "about:client" } }))[1]).toMatchObject({ mode: "cors", referrer: "about:client" })
    expect(toRequest(api("GET /x", { request: { referrer: `${base}/from` } })).referrer).toBe(`${base}/from`)
  })

  it("what the platform's Request refuses is named: the option, the header or the method, not the url", () => {
    const cases: Array<[string, RequestOptions]> = [
      ["request.referrer", api("GET /x", { request: { referrer: "no url::" } })],
      ["request.mode", api("PUT /x", { request: { mode: "no-cors" } })],
      ["request.cache", api("GET /x", { request: { cache: "only-if-cached" } })],
      ["request.redirect", api("GET /x", { request: { redirect: "nope" } })],
      ["request.signal", api("GET /x", { request: { signal: {} } })],
      ["headers.x-title", api("GET /x", { headers: { "x-title": "snowman ☃" } })],
      ["method", api("TRACE /x")],
      ["url", { method: "get", url: "/relative", headers: {} }],
    ]
    expect(cases.map(([path, r]) => [path, refusedBoth(r).path])).toEqual(cases.map(([path]) => [path, path]))
  })
})

describe("ports fetch will not connect to", () => {
  it("the list is fetch's own (undici's bad ports), and fetch refuses such a port without connecting", async () => {
    const undici = createRequire(import.meta.url)("undici/lib/web/fetch/constants.js") as { badPorts: ReadonlyArray<string> }
    expect([...BAD_PORTS].sort()).toEqual([...undici.badPorts].sort())
    await expect(fetch("http://127.0.0.1:25/")).rejects.toMatchObject({ cause: { message: "bad port" } })
  })

  it("each is an EndpointError naming the url, under http and https, however the port is written", () => {
    for (const port of BAD_PORTS) {
      for (const scheme of ["http", "https"]) {
        expect(refusedBoth({ method: "get", url: `${scheme}://127.0.0.1:${port}/x`, headers: {} }).message).toBe(`url: fetch refuses to connect to port ${port}`)
      }
    }
    expect(refusedBoth({ method: "get", url: "http://127.0.0.1:0025/x", headers: {} }).message).toBe("url: fetch refuses to connect to port 25")
    // a port a value writes is judged on the result
    expect(refusedBoth(endpoint("GET http://127.0.0.1:{port}/x", { port: 25 })).message).toBe("url: fetch refuses to connect to port 25")
  })

  it("a port fetch connects to, or the scheme's default, is fine", () => {
    for (const url of ["http://127.0.0.1:8080/x", "http://127.0.0.1:80/x", "https://h.example:443/x", "http://127.0.0.1:26/x", "https://h.example/x"]) {
      expect(toRequestInit({ method: "get", url, headers: {} })[0]).toBe(url)
    }
  })
})

describe("toRequestInit", () => {
  it("uppercases the method, stringifies numeric headers, keeps `request`'s other keys out", () => {
    const r = api("PATCH /x", { a: 1, headers: { "x-rate": 5 }, request: { timeout: 10 } })
    const [url, init] = toRequestInit(r)
    expect(url).toBe(`${base}/x`)
    expect(init).toEqual({
      method: "PATCH",
      headers: ours({ "x-rate": "5", "content-type": "application/json; charset=utf-8" }),
      body: '{"a":1}',
    })
    expect("request" in init).toBe(false)
  })

  it("GET and HEAD never carry a body, even from hand-made options", () => {
    for (const method of ["get", "head", "GET"]) {
      const [, init] = toRequestInit({ method, url: "http://x/", headers: {}, body: { a: 1 } })
      expect(init).toEqual({ method: method.toUpperCase(), headers: {} })
    }
  })

  it("uppercases any token method", () => {
    expect(toRequestInit(api("PROPFIND /x"))[1].method).toBe("PROPFIND")
    expect(toRequest(api("delete /x")).method).toBe("DELETE")
  })

  it("serialises JSON for every JSON content type, case and parameters aside", () => {
    for (const type of ["application/json", "Application/JSON; charset=UTF-8", "application/vnd.github+json", "application/merge-patch+json ; x=y"]) {
      const [, init] = toRequestInit(api("POST /x", { data: { k: [1, null] }, headers: { "content-type": type } }))
      expect(init.body).toBe('{"k":[1,null]}')
    }
    expect(toRequestInit(api("POST /x", { data: null }))[1].body).toBe("null")
    expect(toRequestInit(api("POST /x", { data: 3 }))[1].body).toBe("3")
  })

  it("passes a string body through, JSON content type or not", () => {
    expect(toRequestInit(api("POST /x", { data: '{"pre":"made"}' }))[1].body).toBe('{"pre":"made"}')
  })

  it("refuses an object body without a JSON content type", () => {
    expect(() => toRequestInit(api("POST /x", { data: { a: 1 }, headers: { "content-type": "text/plain" } }))).toThrow(
      /^body: an object is sent as JSON only with a JSON content type, got content-type "text\/plain"/,
    )
    expect(() => toRequestInit({ method: "post", url: "http://x/", headers: {}, body: { a: 1 } })).toThrow(/no content-type/)
  })
})

describe("nothing but EndpointError escapes", () => {
  it("a header value beyond Latin-1 is refused; one within it is sent as it is", () => {
    expect(refusedBoth(api("GET /x", { headers: { "x-title": "snowman ☃" } })).problem).toMatch(/^fetch refuses it: TypeError: .*ByteString/)
    expect(toRequestInit(api("GET /x", { headers: { "x-latin1": "café" } }))[1].headers["x-latin1"]).toBe("café")
  })

  it("a bigint, a function or a cycle in the body is refused; a bigint is named by its key path", () => {
    expect(refusedBoth(api("POST /x", { user: { id: 1n } })).message).toBe("body.user.id: a bigint cannot be serialised as JSON")
    expect(refusedBoth(api("POST /x", { list: [1, 2n] })).message).toBe("body.list[1]: a bigint cannot be serialised as JSON")
    expect(refusedBoth(api("POST /x", { data: () => 1 })).message).toBe("body: a function would be left out") // as the body: nothing would be sent
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic.self = { back: cyclic }
    const cycle = refusedBoth(api("POST /x", { data: cyclic }))
    expect([cycle.path, cycle.problem]).toEqual([expect.stringMatching(/^body/), expect.stringMatching(/circular/)])
  })

  it("deep nesting is an EndpointError, not a RangeError", () => {
    let deep: unknown = 1
    for (let i = 0; i < 20_000; i++) deep = [deep]
    expect(errorOf(() => toRequestInit({ method: "post", url: "http://x/", headers: { "content-type": "application/json" }, body: deep })).path).toMatch(/^body/)
  })

  it("forbidden methods, bad urls and malformed options", () => {
    for (const method of ["TRACE", "CONNECT", "track"]) expect(refusedBoth(api(`${method} /x` as string)).problem).toMatch(/^fetch refuses it: TypeError: .*unsupported/)
    expect(refusedBoth({ method: "get", url: "/relative", headers: {} }).path).toBe("url")
    expect(refusedBoth(null as unknown as RequestOptions).message).toBe("options: expected request options, got null")
    expect(refusedBoth({ method: 1, url: "http://x/", headers: {} } as unknown as RequestOptions).path).toBe("method")
    expect(refusedBoth({ method: "get", url: 1, headers: {} } as unknown as RequestOptions).path).toBe("url")
    expect(refusedBoth({ method: "get", url: "http://x/", headers: { a: {} } } as unknown as RequestOptions).message).toBe(
      "headers.a: expected a string or a finite number, got object",
    )
    expect(refusedBoth({ method: "get", url: "http://x/", headers: [] } as unknown as RequestOptions).message).toBe("headers: expected a plain object, got array")
    expect(refusedBoth({ method: "get", url: "http://x/", headers: { A: "1", a: "2" } }).message).toBe(
      "headers.a: names a header another key names: one value would be lost",
    )
  })

  it("the Either variants return the same failures as values and never throw", () => {
    const r = api("POST /x", { n: 1n })
    const e1 = toRequestEither(r)
    const e2 = toRequestInitEither(r)
    expect(E.isLeft(e1) && e1.left.message).toBe("body.n: a bigint cannot be serialised as JSON")
    expect(E.isLeft(e2) && e2.left).toBeInstanceOf(EndpointError)
    const ok = toRequestInitEither(api("GET /user"))
    expect(E.isRight(ok) && ok.right[0]).toBe(`${base}/user`)
    const req = toRequestEither(api("GET /user"))
    expect(E.isRight(req) && req.right.method).toBe("GET")
  })
})

describe("what Node's fetch would not send as given is an EndpointError", () => {
  const received1 = () => only().headers

  it("a lone surrogate in a text body: fetch sends U+FFFD in its place (it has no UTF-8 form)", async () => {
    const r = api("POST /x", { data: "a\ud800b", headers: { "content-type": "text/plain" } })
    await fetch(r.url, { method: "POST", headers: r.headers as Record<string, string>, body: r.body as string })
    expect(only().body).toEqual(Buffer.from("a\ufffdb"))
    expect(refusedBoth(r).message).toBe("body: a lone surrogate, which fetch would send as U+FFFD")
    // in a JSON body it is written as the escape \ud800, which keeps it
    expect(toRequestInit(api("POST /x", { a: "\ud800" }))[1].body).toBe('{"a":"\\ud800"}')
  })

  it("a sec-fetch-mode header: fetch writes its own (the request's mode), so the value given is not sent", async () => {
    const r = api("GET /x", { headers: { "sec-fetch-mode": "navigate" } })
    await fetch(r.url, { headers: r.headers as Record<string, string> })
    expect(received1()["sec-fetch-mode"]).toBe("cors")
    expect(refusedBoth(r).message).toBe(
      "headers.sec-fetch-mode: fetch writes this header itself, refuses it or loses it: the request would not carry this value",
    )
  })

  it("a header named __proto__: Node's fetch reads the headers into an object, where the name sets the prototype, so it is not sent", async () => {
    const headers = JSON.parse('{"__proto__": "x", "x-a": "1"}') as Record<string, string>
    const r: RequestOptions = { method: "get", url: `${base}/x`, headers }
    await fetch(r.url, { headers })
    expect(received1()).toMatchObject({ "x-a": "1" })
    expect(Object.keys(received1())).not.toContain("__proto__")
    expect(refusedBoth(r).message).toBe(
      "headers.__proto__: fetch writes this header itself, refuses it or loses it: the request would not carry this value",
    )
  })
})

describe("the guide's recipes are the tested ones", () => {
  it("every region of test/recipes.ts appears verbatim in docs/guide.md", () => {
    const recipes = readFileSync(new URL("./recipes.ts", import.meta.url), "utf8")
    const readme = readFileSync(new URL("../docs/guide.md", import.meta.url), "utf8")
    const regions = [...recipes.matchAll(/^\/\/ recipe:(\S+)\n([\s\S]*?)^\/\/ end$/gm)]
    expect(regions.map((m) => m[1])).toEqual(["fetch", "undici", "axios", "got", "ky"])
    for (const [, name, code] of regions) {
      const text = code!.replaceAll('"../src/index.js"', '"fp-endpoint"').trimEnd()
      expect(readme.includes(text), `recipe ${name} is not in docs/guide.md as written in test/recipes.ts`).toBe(true)
    }
  })
})
