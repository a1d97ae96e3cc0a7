// Only EndpointError leaves toRequest / toRequestInit, and a Left the Either forms: whatever the
// caller's object does when it is read (a getter that throws, a Proxy whose traps throw, a
// revoked Proxy, a toJSON that throws, a throw of something that is not an Error), the error
// names the field that failed wherever that is cheap to know.
import { describe, expect, it } from "vitest"
import * as E from "fp-ts/lib/Either.js"
import { endpoint, EndpointError, isEndpointError, toRequest, toRequestEither, toRequestInit, toRequestInitEither, type RequestOptions } from "../src/index.js"

const JSON_HEADERS = { "content-type": "application/json" }

const options = (fields: Partial<RequestOptions>): RequestOptions => ({ method: "post", url: "http://127.0.0.1/x", headers: JSON_HEADERS, ...fields })

const boom = () => {
  throw new Error("boom")
}

const getter = <A extends object>(target: A, key: string, get: () => unknown): A =>
  Object.defineProperty(target, key, { enumerable: true, configurable: true, get })

const revoked = () => {
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  return proxy
}

const throwingTraps = (target: object): object =>
  new Proxy(target, {
    get: boom,
    has: boom,
    ownKeys: boom,
    getOwnPropertyDescriptor: boom,
    getPrototypeOf: boom,
  })

/** The same EndpointError from all four adapters: thrown by two, in a Left from the others. */
const failure = (input: unknown): EndpointError => {
  const errors: Array<EndpointError> = []
  for (const adapter of [toRequestInit, toRequest]) {
    let thrown: unknown
    try {
      adapter(input as RequestOptions)
    } catch (e) {
      thrown = e
    }
    expect(isEndpointError(thrown), `${adapter.name} threw something else`).toBe(true)
    errors.push(thrown as EndpointError)
  }
  for (const adapter of [toRequestInitEither, toRequestEither]) errors.push(errorFrom(input, adapter))
  expect(new Set(errors.map((e) => e.message)).size).toBe(1)
  return errors[0]!
}

/** The Left of an Either form, which must neither throw nor return a Right. */
const errorFrom = (input: unknown, adapter: (o: RequestOptions) => E.Either<EndpointError, unknown> = toRequestInitEither): EndpointError => {
  const result = adapter(input as RequestOptions)
  if (E.isRight(result)) throw new Error(`${adapter.name} returned a Right`)
  expect(isEndpointError(result.left)).toBe(true)
  return result.left
}

describe("a throwing getter", () => {
  it.each([
    ["method", () => getter(options({}), "method", boom)],
    ["url", () => getter(options({}), "url", boom)],
    ["headers", () => getter(options({}), "headers", boom)],
    ["headers.x-a", () => options({ headers: getter({ ...JSON_HEADERS }, "x-a", boom) })],
    ["body", () => getter(options({}), "body", boom)],
    ["body.b", () => options({ body: getter({ a: 1 }, "b", boom) })],
    ["body.list[1]", () => options({ body: { list: Object.defineProperty([1, 2], 1, { get: boom, enumerable: true, configurable: true }) } })],
    ["request", () => getter(options({}), "request", boom)],
    ["request.signal", () => options({ request: getter({}, "signal", boom) })],
  ])("on %s names it", (path, make) => {
    expect(failure(make()).message).toBe(`${path}: reading it failed (Error: boom)`)
  })
})

describe("a Proxy", () => {
  it("whose traps all throw, as the options, the headers, the body, a body field or request", () => {
    expect(failure(throwingTraps({})).message).toBe("method: reading it failed (Error: boom)")
    // not a plain object (its prototype cannot be read), so not headers
    expect(failure(options({ headers: throwingTraps({}) as never })).message).toBe("headers: expected a plain object, got object")
    expect(failure(options({ body: throwingTraps({}) })).message).toBe("body: reading toJSON failed (Error: boom)")
    expect(failure(options({ body: { a: [throwingTraps({})] } })).message).toBe("body.a[0]: reading toJSON failed (Error: boom)")
    expect(failure(options({ request: throwingTraps({}) as never })).message).toBe("request.signal: reading it failed (Error: boom)")
  })

  it("whose ownKeys trap alone throws, as the body or the headers", () => {
    const keysThrow = (target: object) => new Proxy(target, { ownKeys: boom })
    expect(failure(options({ body: { inner: keysThrow({ a: 1 }) } })).message).toBe("body.inner: reading its keys failed (Error: boom)")
    expect(failure(options({ headers: keysThrow({}) as never })).message).toBe("headers: reading its keys failed (Error: boom)")
  })

  it("whose getOwnPropertyDescriptor trap throws, as a JSON array (a hole is looked for among its own indices)", () => {
    const list = new Proxy([1, 2], { getOwnPropertyDescriptor: boom })
    expect(failure(options({ body: { list } })).message).toBe("body.list: reading it failed (Error: boom)")
  })

  it("revoked, as the options, the body, a body field, a header value or a signal", () => {
    expect(failure(revoked()).path).toBe("method")
    expect(failure(options({ body: revoked() })).message).toMatch(/^body: reading toJSON failed \(TypeError: .*revoked/)
    expect(failure(options({ body: { p: revoked() } })).message).toMatch(/^body\.p: reading toJSON failed \(TypeError: .*revoked/)
    expect(failure(options({ headers: { "x-a": revoked() as never } })).message).toBe("headers.x-a: expected string or number, got revoked Proxy")
    expect(failure(options({ request: { signal: revoked() } })).message).toMatch(/^request\.signal: reading it failed \(TypeError: .*revoked/)
  })
})

describe("toJSON", () => {
  it("that throws, at the root, in an object, in an array, or as a getter", () => {
    const bad = { toJSON: boom }
    expect(failure(options({ body: bad })).message).toBe("body: toJSON threw (Error: boom)")
    expect(failure(options({ body: { when: bad } })).message).toBe("body.when: toJSON threw (Error: boom)")
    expect(failure(options({ body: { list: [0, bad] } })).message).toBe("body.list[1]: toJSON threw (Error: boom)")
    expect(failure(options({ body: { x: getter({}, "toJSON", boom) } })).message).toBe("body.x: reading toJSON failed (Error: boom)")
  })

  it("that returns a bigint, a cycle, or a value that throws in turn", () => {
    expect(failure(options({ body: { n: { toJSON: () => 1n } } })).message).toBe("body.n: a bigint cannot be serialised as JSON")
    const loop: Record<string, unknown> = {}
    loop.self = { toJSON: () => loop }
    expect(failure(options({ body: loop })).message).toBe("body.self: a circular reference cannot be serialised as JSON")
    expect(failure(options({ body: { a: { toJSON: () => ({ b: { toJSON: boom } }) } } })).message).toBe("body.a.b: toJSON threw (Error: boom)")
  })
})

describe("values JSON would send without what they hold", () => {
  it("a Map, a Set, an iterator, a Promise or a stream is refused, naming the field", () => {
    const generated = (function* () {
      yield 1
    })()
    const stream = { async *[Symbol.asyncIterator]() {}, pipe() {} } // a Node stream's shape
    for (const [body, message] of [
      [{ labels: new Set(["bug"]) }, "body.labels: a Set cannot be serialised as JSON (it would be sent without its entries): make it an array or a plain object"],
      [new Map([["a", 1]]), "body: a Map cannot be serialised as JSON (it would be sent without its entries): make it an array or a plain object"],
      [{ list: [1, generated] }, "body.list[1]: an object cannot be serialised as JSON (it would be sent without its entries): make it an array or a plain object"],
      [{ p: Promise.resolve(1) }, "body.p: a Promise cannot be serialised as JSON: await it first"],
      [stream, "body: an object is a stream, not JSON: send a web ReadableStream as data, or read it first"],
    ] as const) {
      expect(failure(options({ body })).message).toBe(message)
      expect(E.isLeft(toRequestEither(options({ body })))).toBe(true)
    }
  })

  /** A class whose data is private, shown by a getter: JSON.stringify writes `{}` for it. */
  class Money {
    #cents = 5
    get cents() {
      return this.#cents
    }
  }

  it("an Error, a RegExp or a weak collection, NaN, Infinity, an array's undefined, a function or a symbol is refused, naming the field", () => {
    const refused = (kind: string, why: string) => `${kind} cannot be serialised as JSON (${why}): send the fields you mean as a plain object`
    for (const [body, message] of [
      [{ cause: new Error("x") }, `body.cause: ${refused("an Error", "its message would be lost")}`],
      [{ cause: Object.assign(new TypeError("x"), { code: "E1" }) }, `body.cause: ${refused("a TypeError", "its message would be lost")}`], // its code would go, its message not
      [{ reason: AbortSignal.abort().reason }, `body.reason: ${refused("a DOMException", "its message would be lost")}`], // an Error whose tag says DOMException
      [{ pattern: /a+/ }, `body.pattern: ${refused("a RegExp", "its pattern would be lost")}`],
      [{ seen: new WeakMap() }, `body.seen: ${refused("a WeakMap", "what it holds cannot be read")}`],
      [{ seen: new WeakSet() }, `body.seen: ${refused("a WeakSet", "what it holds cannot be read")}`],
      [{ target: new WeakRef({}) }, `body.target: ${refused("a WeakRef", "what it holds cannot be read")}`],
      [{ ratio: new Number(Number.NaN) }, `body.ratio: ${refused("a Number", "it holds NaN, which would be sent as null")}`],
      [{ ratio: 0 / 0 }, "body.ratio: NaN cannot be serialised as JSON (it would be sent as null)"],
      [[1, -1 / 0], "body[1]: -Infinity cannot be serialised as JSON (it would be sent as null)"],
      [{ samples: new Float64Array([1, Number.NaN]) }, "body.samples[1]: NaN cannot be serialised as JSON (it would be sent as null)"],
      [{ ids: [1, undefined] }, "body.ids[1]: undefined cannot be serialised as JSON (it would be sent as null)"],
      [{ onDone: () => 1 }, "body.onDone: a function cannot be serialised as JSON (it would be left out)"],
      [{ tag: Symbol("t") }, "body.tag: a symbol cannot be serialised as JSON (it would be left out)"],
      [{ steps: [() => 1] }, "body.steps[0]: a function cannot be serialised as JSON (it would be sent as null)"],
      [{ due: new Date("junk") }, "body.due: an invalid Date cannot be serialised as JSON (it would be sent as null)"],
      [{ dates: [new Date(0), new Date(Number.NaN)] }, "body.dates[1]: an invalid Date cannot be serialised as JSON (it would be sent as null)"],
      [{ tag: Object(Symbol("t")) }, `body.tag: ${refused("a Symbol", "its symbol would be lost")}`],
      [{ reply: new Response("x") }, `body.reply: ${refused("a Response", "its body and headers would be lost")}`],
      [[new Request("http://127.0.0.1/x")], `body[0]: ${refused("a Request", "its body and headers would be lost")}`],
      [{ price: new Money() }, `body.price: ${refused("a Money", "it shows its data through getters of its class, which JSON does not read: it would be sent as {}")}`],
      [{ signal: AbortSignal.abort() }, `body.signal: ${refused("an AbortSignal", "it shows its data through getters of its class, which JSON does not read: it would be sent as {}")}`],
    ] as const) expect(failure(options({ body })).message).toBe(message)
    expect(failure({ method: "post", url: "https://x.test/", headers: { "content-type": "application/json" }, body: new Date(Number.NaN) }).message)
      .toBe("body: an invalid Date cannot be serialised as JSON (it would be sent as null)")
    const [, init] = toRequestInit(options({ body: { a: undefined, b: 1, c: { toJSON: () => ({ n: 1 }) }, n: new Number(2) } })) // an undefined member is left out, as an undefined option is
    expect(init.body).toBe('{"b":1,"c":{"n":1},"n":2}')
  })

  it("many objects of one large class are looked at once for getters: linear, not objects × members (generous guard)", () => {
    const big = Object.create(null) as Record<string, unknown>
    for (let i = 0; i < 20_000; i++) big[`m${i}`] = i
    const items = Array.from({ length: 2_000 }, () => Object.create(big) as object)
    const started = performance.now()
    expect(toRequestInit(options({ body: { items } }))[1].body).toBe(JSON.stringify({ items }))
    expect(performance.now() - started).toBeLessThan(3000) // each object copied the prototype's 20 000 members: 72 s
  })

  it("a null is sent as null, also one a getter gives (its invalid Date is not known: the getter is not run twice)", () => {
    let reads = 0
    const body = { none: null, list: [null], get due() { return reads++ === 0 ? new Date(Number.NaN) : new Date(0) } }
    expect(toRequestInit(options({ body }))[1].body).toBe('{"none":null,"list":[null],"due":null}')
    expect(reads).toBe(1)
  })

  it("what keeps its contents is sent: a toJSON that makes one plain, a Date, index keys, a boxed string, a then that is data, an object with nothing to lose", () => {
    const set = Object.assign(new Set([1, 2]), { toJSON() { return [...this] } })
    const args = (function (..._: Array<number>) {
      return arguments // eslint-disable-line prefer-rest-params
    })(1, 2)
    const body = { set, at: new Date(0), bytes: new Uint8Array([7]), args, name: new String("x"), step: { then: "next" }, none: new Uint8Array(0), empty: new (class Empty {})() }
    const [, init] = toRequestInit(options({ body }))
    expect(init.body).toBe('{"set":[1,2],"at":"1970-01-01T00:00:00.000Z","bytes":{"0":7},"args":{"0":1,"1":2},"name":"x","step":{"then":"next"},"none":{},"empty":{}}')
  })

  it("a then getter or a trap that throws while it is looked at is an EndpointError naming the value", () => {
    expect(failure(options({ body: { x: getter({}, "then", boom) } })).message).toBe("body.x: reading it failed (Error: boom)")
    const symbolTrap = new Proxy({ a: 1 }, {
      getOwnPropertyDescriptor: (t, k) => {
        if (typeof k === "symbol") throw new Error("symbol")
        return Reflect.getOwnPropertyDescriptor(t, k)
      },
    })
    expect(failure(options({ body: { p: symbolTrap } })).message).toBe("body.p: reading it failed (Error: symbol)")
    // a plain object's symbols are looked at only where it has them: a get trap that throws for symbols is never met
    const getTrap = new Proxy({ a: 1 }, { get: (t, k) => { if (typeof k === "symbol") throw new Error("symbol"); return t[k as "a"] } })
    expect(toRequestInit(options({ body: { p: getTrap } }))[1].body).toBe('{"p":{"a":1}}')
    // a throw JSON.stringify would never meet (on the prototype, or where no own key is) cannot let a Set through as {}
    class Bag extends Set<number> {
      get then(): never {
        throw new Error("not a promise")
      }
    }
    expect(failure(options({ body: { s: new Bag([1]) } })).message).toBe("body.s: reading it failed (Error: not a promise)")
  })

  it("a binary or form body inside a JSON body is refused: JSON would send {} for it; a boxed bigint is a bigint", () => {
    const sab = typeof SharedArrayBuffer === "function" ? new SharedArrayBuffer(2) : new ArrayBuffer(2)
    for (const [value, kind] of [
      [new ArrayBuffer(2), "an ArrayBuffer"],
      [new DataView(new ArrayBuffer(2)), "a DataView"],
      [new Blob(["x"]), "a Blob"],
      [new URLSearchParams("a=1"), "a URLSearchParams"],
      [new FormData(), "a FormData"],
      [sab, typeof SharedArrayBuffer === "function" ? "a SharedArrayBuffer" : "an ArrayBuffer"],
    ] as const) {
      expect(failure(options({ body: { file: { data: value } } })).message).toBe(
        `body.file.data: ${kind} cannot be serialised as JSON (it would be sent as {}): send it as data, the whole body, or encode it first`,
      )
    }
    expect(failure(options({ body: { a: { b: Object(1n) } } })).message).toBe("body.a.b: a bigint cannot be serialised as JSON")
    expect(toRequestInit(options({ body: { bytes: new Uint8Array([1]) } }))[1].body).toBe('{"bytes":{"0":1}}') // a typed array keeps its members
    expect(toRequestInit(options({ body: { note: "a\u009b" } }))[1].body).toBe('{"note":"a\\u009b"}') // the same JSON, C1 escaped as JSON does C0
  })

  it("a then or an iterator that someone added to Object.prototype makes no value a Promise or an iterable", () => {
    class Point {
      x = 1
    }
    let init: unknown
    try {
      Object.defineProperty(Object.prototype, "then", { value: () => undefined, configurable: true, writable: true })
      init = toRequestInit(options({ body: { p: new Point(), bytes: new Uint8Array([1]), plain: { a: 1 } } }))[1]
    } finally {
      delete (Object.prototype as { then?: unknown }).then
    }
    expect((init as { body: string }).body).toBe('{"p":{"x":1},"bytes":{"0":1},"plain":{"a":1}}')
  })

  it("a Map is known by what it is, not by a tag that says Arguments or String", () => {
    for (const tag of ["Arguments", "String"]) {
      const m = Object.defineProperty(new Map([[1, 2]]), Symbol.toStringTag, { value: tag })
      expect(failure(options({ body: { m } })).message).toMatch(/^body\.m: a Map cannot be serialised as JSON/)
    }
  })
})

describe("what is thrown is described, never rethrown", () => {
  it.each([
    ["a number", 42, "number"],
    ["null", null, "null"],
    ["a string", "text", "string"],
    ["a Proxy whose traps throw", throwingTraps({}), "object"],
    ["a genuine EndpointError from another call", (() => { try { endpoint("GET /x/{") } catch (e) { return e } })(), undefined],
  ])("%s", (_name, value, kind) => {
    const thrower = () => {
      throw value
    }
    for (const input of [getter(options({}), "method", thrower), options({ body: getter({}, "a", thrower) }), options({ request: getter({}, "signal", thrower) })]) {
      const e = failure(input)
      expect(e === value).toBe(false) // (not toBe: vitest would print the Proxy)
      expect(e.path).toMatch(/^(method|body\.a|request\.signal)$/)
      expect(e.problem).toBe(kind === undefined ? `reading it failed (EndpointError: ${(value as EndpointError).message})` : `reading it failed (${kind})`)
    }
  })

  it("a getter that throws only the first time: the error still says what failed", () => {
    let calls = 0
    const body = getter({}, "a", () => {
      if (calls++ === 0) throw new Error("once")
      return 1
    })
    expect(errorFrom(options({ body })).message).toBe("body: cannot be serialised as JSON (Error: once)")
  })
})

describe("request options checked as fetch would check them, each named", () => {
  it("a method that is no token, a header value that is no finite number, a header name that is no token", () => {
    expect(failure(options({ method: "GET /admin HTTP/1.1\r\nX: y" })).message).toMatch(/^method: "GET \/admin .* is not an HTTP method token$/)
    expect(failure(options({ headers: { "x-a": Number.NaN } })).message).toBe("headers.x-a: expected a finite number, got NaN")
    expect(failure(options({ headers: { "x-a": -Infinity } })).message).toBe("headers.x-a: expected a finite number, got -Infinity")
    expect(failure(options({ headers: { "x a": "1" } })).message).toBe('headers["x a"]: header name is not an RFC 9110 token')
  })

  it("a header fetch writes itself (host, content-length) or refuses is an EndpointError: fetch would not send the value given", () => {
    for (const name of ["Host", "content-length", "Connection", "Transfer-Encoding", "expect", "keep-alive", "upgrade"]) {
      expect(failure(options({ headers: { ...JSON_HEADERS, [name]: "1" } })).message).toBe(
        `headers.${name}: fetch writes this header itself or refuses it, so the request would not carry this value`,
      )
    }
    expect(toRequestInit(options({ headers: { ...JSON_HEADERS, cookie: "a=1", origin: "https://h.example" } }))[1].headers).toMatchObject({ cookie: "a=1", origin: "https://h.example" })
  })

  it("method, url, headers and body are own properties: a polluted Object.prototype supplies none", () => {
    const keys = ["method", "url", "headers", "body"] as const
    let results: Array<unknown> = []
    try {
      for (const key of keys) Object.defineProperty(Object.prototype, key, { value: key === "headers" ? { "x-evil": "1" } : "/evil", configurable: true, writable: true })
      results = [toRequestInit({ method: "post", url: "http://127.0.0.1/x" } as RequestOptions), errorFrom({ method: "post" })]
    } finally {
      for (const key of keys) delete (Object.prototype as Record<string, unknown>)[key]
    }
    expect(results[0]).toEqual(["http://127.0.0.1/x", { method: "POST", headers: {} }])
    expect((results[1] as EndpointError).message).toBe("url: expected string, got undefined")
  })

  it("an option fetch rejects for this request (mode no-cors on PUT) is named, not the whole request", () => {
    const e = errorFrom(options({ method: "put", body: "x", headers: {}, request: { mode: "no-cors", redirect: "follow" } }), toRequestEither)
    expect([e.path, e.problem]).toEqual(["request.mode", expect.stringMatching(/^fetch rejected this option for this request \(TypeError: /)])
    const cache = errorFrom(options({ method: "get", headers: {}, request: { cache: "only-if-cached" } }), toRequestEither)
    expect(cache.path).toBe("request.cache")
  })
})
