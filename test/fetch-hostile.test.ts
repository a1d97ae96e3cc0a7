// Only EndpointError leaves toRequest / toRequestInit, and a Left the Either forms, whatever the caller's
// object does when it is read (a getter that throws, a Proxy whose traps throw, a revoked Proxy, a toJSON
// that throws, a throw of something that is not an Error). Request options are read once, their fields
// named when a read fails; a JSON body is serialised by JSON.stringify with a replacer that refuses what
// JSON would change (a bigint, NaN, a function, a Map, ...) at its key path. A throw inside the body while
// JSON.stringify reads it (a getter, a toJSON, a trap) is refused as the body's: where it happened is not
// looked for. Exotic values JSON writes as {} or null (an Error, a Promise, a class whose data sits behind
// getters, a Blob inside the body) are sent as JSON.stringify writes them: a decision of the README.
import * as E from "fp-ts/lib/Either.js"
import { describe, expect, it } from "vitest"
import {
  endpoint,
  type EndpointError,
  isEndpointError,
  type RequestOptions,
  toRequest,
  toRequestEither,
  toRequestInit,
  toRequestInitEither,
} from "../src/index.js"

const JSON_HEADERS = { "content-type": "application/json" }

const options = (fields: Partial<RequestOptions>): RequestOptions => ({
  method: "post",
  url: "http://127.0.0.1/x",
  headers: JSON_HEADERS,
  ...fields,
})

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
    let thrown: unknown = "nothing thrown"
    try {
      adapter(input as RequestOptions)
    } catch (e) {
      thrown = e
    }
    expect(isEndpointError(thrown), `${adapter.name}: ${String(thrown)}`).toBe(true)
    errors.push(thrown as EndpointError)
  }
  for (const adapter of [toRequestInitEither, toRequestEither]) errors.push(errorFrom(input, adapter))
  expect(new Set(errors.map((e) => e.message)).size).toBe(1)
  return errors[0]!
}

/** The Left of an Either form, which must neither throw nor return a Right. */
const errorFrom = (
  input: unknown,
  adapter: (o: RequestOptions) => E.Either<EndpointError, unknown> = toRequestInitEither,
): EndpointError => {
  const result = adapter(input as RequestOptions)
  if (E.isRight(result)) throw new Error(`${adapter.name} returned a Right`)
  expect(isEndpointError(result.left)).toBe(true)
  return result.left
}

/** The JSON text toRequestInit sends for `body`. */
const sent = (body: unknown): unknown => toRequestInit(options({ body }))[1].body

describe("a throwing getter", () => {
  it.each([
    ["method", () => getter(options({}), "method", boom)],
    ["url", () => getter(options({}), "url", boom)],
    ["headers", () => getter(options({}), "headers", boom)],
    ["headers.x-a", () => options({ headers: getter({ ...JSON_HEADERS }, "x-a", boom) })],
    ["body", () => getter(options({}), "body", boom)],
    ["request", () => getter(options({}), "request", boom)],
    ["request.signal", () => options({ request: getter({}, "signal", boom) })],
  ])("on the field %s names it", (path, make) => {
    const e = failure(make())
    expect([e.path, e.problem]).toEqual([path, expect.stringContaining("Error: boom")])
  })

  it.each([
    ["body.b", () => options({ body: getter({ a: 1 }, "b", boom) })],
    ["body.list[1]", () => options({ body: { list: Object.defineProperty([1, 2], 1, { get: boom, enumerable: true, configurable: true }) } })],
    ["body.x.then", () => options({ body: { x: getter({}, "then", boom) } })],
  ])("inside the body (%s) is the body's: it cannot be serialised", (_where, make) => {
    expect(failure(make()).message).toBe("body: cannot be serialised as JSON (Error: boom)")
  })
})

describe("a Proxy", () => {
  it("whose traps all throw, as the options, the headers, the body, a body field or request", () => {
    expect(failure(throwingTraps({})).path).toBe("method")
    expect(failure(options({ headers: throwingTraps({}) as never })).path).toBe("headers")
    expect(failure(options({ body: throwingTraps({}) })).message).toBe("body: cannot be serialised as JSON (Error: boom)")
    expect(failure(options({ body: { a: [throwingTraps({})] } })).message).toBe("body: cannot be serialised as JSON (Error: boom)")
    expect(failure(options({ request: throwingTraps({}) as never })).path).toBe("request.signal")
  })

  it("whose ownKeys trap alone throws, as the body or the headers", () => {
    const keysThrow = (target: object) => new Proxy(target, { ownKeys: boom })
    expect(failure(options({ body: { inner: keysThrow({ a: 1 }) } })).message).toBe("body: cannot be serialised as JSON (Error: boom)")
    expect(failure(options({ headers: keysThrow({}) as never })).path).toBe("headers")
  })

  it("whose traps JSON.stringify never meets (getOwnPropertyDescriptor of a list, a symbol's get) is sent as what it holds", () => {
    expect(sent({ list: new Proxy([1, 2], { getOwnPropertyDescriptor: boom }) })).toBe('{"list":[1,2]}')
    const getTrap = new Proxy({ a: 1 }, { get: (t, k) => (typeof k === "symbol" ? boom() : t[k as "a"]) })
    expect(sent({ p: getTrap })).toBe('{"p":{"a":1}}')
  })

  it("revoked, as the options, the body, a body field, a header value or a signal", () => {
    expect(failure(revoked()).path).toBe("method")
    expect(failure(options({ body: revoked() })).message).toMatch(/^body: cannot be serialised as JSON \(TypeError: .*revoked/)
    expect(failure(options({ body: { p: revoked() } })).message).toMatch(/^body: cannot be serialised as JSON \(TypeError: .*revoked/)
    expect(failure(options({ headers: { "x-a": revoked() as never } })).message).toBe("headers.x-a: expected a string or a finite number, got object")
    expect(failure(options({ request: { signal: revoked() } })).path).toBe("request.signal")
  })
})

describe("toJSON", () => {
  it("that throws, at the root, in an object, in an array, or as a getter, is the body's", () => {
    const bad = { toJSON: boom }
    for (const body of [bad, { when: bad }, { list: [0, bad] }, { x: getter({}, "toJSON", boom) }]) {
      expect(failure(options({ body })).message).toBe("body: cannot be serialised as JSON (Error: boom)")
    }
  })

  it("that returns a bigint is refused at its key path; a cycle, or a value that throws in turn, as the body", () => {
    expect(failure(options({ body: { n: { toJSON: () => 1n } } })).message).toBe("body.n: a bigint cannot be serialised as JSON")
    const loop: Record<string, unknown> = {}
    loop.self = { toJSON: () => loop }
    expect(failure(options({ body: loop })).problem).toMatch(/circular/)
    expect(failure(options({ body: { a: { toJSON: () => ({ b: { toJSON: boom } }) } } })).message).toBe("body: cannot be serialised as JSON (Error: boom)")
  })
})

describe("values JSON would send otherwise than they are", () => {
  it("a Map, a Set, a WeakMap, a WeakSet (a subclass too, whatever its tag) is refused at its key path: JSON would send {}", () => {
    class Bag extends Set<number> {
      get then(): never {
        throw new Error("not a promise") // JSON.stringify never reads it
      }
    }
    const tagged = (tag: string) => Object.defineProperty(new Map([[1, 2]]), Symbol.toStringTag, { value: tag })
    for (const [body, message] of [
      [{ labels: new Set(["bug"]) }, "body.labels: a Set would be sent as {}"],
      [new Map([["a", 1]]), "body: a Map would be sent as {}"],
      [{ seen: new WeakMap() }, "body.seen: a WeakMap would be sent as {}"],
      [{ seen: [new WeakSet()] }, "body.seen[0]: a WeakSet would be sent as {}"],
      [{ s: new Bag([1]) }, "body.s: a Bag would be sent as {}"],
      [{ m: tagged("Arguments") }, "body.m: a Map would be sent as {}"],
      [{ m: tagged("String") }, "body.m: a Map would be sent as {}"],
    ] as const) {
      expect(failure(options({ body })).message).toBe(message)
    }
  })

  it("NaN, Infinity, a bigint, an array's undefined or hole, a function or a symbol is refused at its key path", () => {
    for (const [body, message] of [
      [{ ratio: 0 / 0 }, "body.ratio: NaN would be sent as null"],
      [[1, -1 / 0], "body[1]: -Infinity would be sent as null"],
      [{ n: 2n }, "body.n: a bigint cannot be serialised as JSON"],
      [{ ids: [1, undefined] }, "body.ids[1]: an undefined would be sent as null"],
      [{ ids: [1, , 3] }, "body.ids[1]: an undefined would be sent as null"], // eslint-disable-line no-sparse-arrays
      [{ onDone: () => 1 }, "body.onDone: a function would be left out"],
      [{ tag: Symbol("t") }, "body.tag: a symbol would be left out"],
      [{ steps: [() => 1] }, "body.steps[0]: a function would be sent as null"],
      [{ async *[Symbol.asyncIterator]() {}, pipe() {} }, "body: an object is a stream, not JSON: send a web ReadableStream as data, or read it first"], // a Node stream's shape
    ] as const) {
      expect(failure(options({ body })).message).toBe(message)
    }
  })

  it("a NaN in a typed array is refused at its index, written as an index", () => {
    expect(failure(options({ body: { samples: new Float64Array([1, Number.NaN]) } })).message).toBe("body.samples[1]: NaN would be sent as null")
  })

  it("a boxed bigint is refused", () => {
    expect(failure(options({ body: { a: { b: Object(1n) } } })).path).toMatch(/^body/)
  })

  it("an object member that is undefined is left out, as an undefined option is; a toJSON that makes a value plain is its value", () => {
    expect(sent({ a: undefined, b: 1, c: { toJSON: () => ({ n: 1 }) }, n: new Number(2) })).toBe('{"b":1,"c":{"n":1},"n":2}')
  })

  it("a null is sent as null, also one a getter gives, and the getter is run once", () => {
    let reads = 0
    const body = {
      none: null,
      list: [null],
      get due() {
        return reads++ === 0 ? null : new Date(0)
      },
    }
    expect(sent(body)).toBe('{"none":null,"list":[null],"due":null}')
    expect(reads).toBe(1)
  })

  it("what keeps its contents is sent: a toJSON that makes one plain, a Date, index keys, a boxed string, a then that is data, an empty class", () => {
    const set = Object.assign(new Set([1, 2]), {
      toJSON(this: Set<number>): Array<number> {
        return [...this]
      },
    })
    const args = (function (..._: Array<number>) {
      return arguments // eslint-disable-line prefer-rest-params
    })(1, 2)
    const body = { set, at: new Date(0), bytes: new Uint8Array([7]), args, name: new String("x"), step: { then: "next" }, none: new Uint8Array(0), empty: new (class Empty {})() }
    expect(sent(body)).toBe(
      '{"set":[1,2],"at":"1970-01-01T00:00:00.000Z","bytes":{"0":7},"args":{"0":1,"1":2},"name":"x","step":{"then":"next"},"none":{},"empty":{}}',
    )
  })

  it("exotic values the replacer does not refuse are sent as JSON.stringify writes them ({} or null): a README decision", () => {
    class Money {
      #cents = 5
      get cents() {
        return this.#cents
      }
    }
    const generated = (function* () {
      yield 1
    })()
    const exotic = {
      cause: new Error("x"),
      pattern: /a+/,
      target: new WeakRef({}),
      promise: Promise.resolve(1),
      generated,
      tag: Object(Symbol("t")),
      reply: new Response("x"),
      request: new Request("http://127.0.0.1/x"),
      price: new Money(),
      signal: AbortSignal.abort(),
      due: new Date("junk"),
      boxedNaN: new Number(Number.NaN),
      file: { buffer: new ArrayBuffer(2), view: new DataView(new ArrayBuffer(2)), blob: new Blob(["x"]), form: new FormData(), query: new URLSearchParams("a=1") },
    }
    expect(sent(exotic)).toBe(JSON.stringify(exotic))
    expect(JSON.parse(sent(exotic) as string)).toMatchObject({ cause: {}, price: {}, due: null, boxedNaN: null, file: { blob: {} } })
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
})

describe("what is thrown is described, never rethrown", () => {
  const genuine = (() => {
    try {
      endpoint("GET /x/{")
    } catch (e) {
      return e
    }
  })()
  it.each([
    ["a number", 42, "number"],
    ["null", null, "null"],
    ["a string", "text", "string"],
    ["a Proxy whose traps throw", throwingTraps({}), "an object that cannot be read"],
    ["a genuine EndpointError from another call", genuine, `EndpointError: ${(genuine as EndpointError).message}`],
  ])("%s", (_name, value, described) => {
    const thrower = () => {
      throw value
    }
    const inputs: Array<[string, unknown]> = [
      ["method", getter(options({}), "method", thrower)],
      ["body", options({ body: getter({}, "a", thrower) })],
      ["request.signal", options({ request: getter({}, "signal", thrower) })],
    ]
    for (const [path, input] of inputs) {
      const e = failure(input)
      expect(e === value).toBe(false) // (not toBe: vitest would print the Proxy)
      expect([e.path, e.problem.endsWith(described) || e.problem.includes(`(${described})`)]).toEqual([path, true])
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
  it("a method that is no token, a header name that is no token, a header value with CR LF: refused, naming it", () => {
    const method = failure(options({ method: "GET /admin HTTP/1.1\r\nX: y" }))
    expect([method.path, method.message.includes("\r")]).toEqual(["method", false])
    expect(failure(options({ headers: { "x a": "1" } })).path).toBe('headers["x a"]')
    expect(failure(options({ headers: { "x-a": "1\r\nx-b: 2" } })).path).toBe("headers.x-a")
  })

  it("a header value that is no finite number is refused, naming it", () => {
    expect(failure(options({ headers: { "x-a": Number.NaN } })).message).toBe("headers.x-a: expected a string or a finite number, got NaN")
    expect(failure(options({ headers: { "x-a": -Infinity } })).message).toBe("headers.x-a: expected a string or a finite number, got -Infinity")
  })

  it("a header fetch writes itself (host, content-length), refuses or loses is an EndpointError: fetch would not send the value given", () => {
    for (const name of ["Host", "content-length", "sec-fetch-mode", "Connection", "Transfer-Encoding", "expect", "keep-alive", "upgrade"]) {
      expect(failure(options({ headers: { ...JSON_HEADERS, [name]: "1" } })).message).toBe(
        `headers.${name}: fetch writes this header itself, refuses it or loses it: the request would not carry this value`,
      )
    }
    expect(toRequestInit(options({ headers: { ...JSON_HEADERS, cookie: "a=1", origin: "https://h.example" } }))[1].headers).toMatchObject({
      cookie: "a=1",
      origin: "https://h.example",
    })
  })

  it("method, url, headers, body and request are own properties: a polluted Object.prototype supplies none", () => {
    const keys = ["method", "url", "headers", "body", "request"] as const
    const values = { method: "put", url: "/evil", headers: { "x-evil": "1" }, body: "evil", request: { mode: "no-cors" } }
    let results: Array<unknown> = []
    try {
      for (const key of keys) Object.defineProperty(Object.prototype, key, { value: values[key], configurable: true, writable: true })
      results = [toRequestInitEither({ method: "post", url: "http://127.0.0.1/x" } as RequestOptions), toRequestInitEither({ method: "post" } as RequestOptions)]
    } finally {
      for (const key of keys) delete (Object.prototype as Record<string, unknown>)[key]
    }
    expect(results[0]).toEqual(E.right(["http://127.0.0.1/x", { method: "POST", headers: {} }]))
    expect(E.isLeft(results[1] as E.Either<EndpointError, unknown>) && (results[1] as E.Left<EndpointError>).left.path).toBe("url")
  })
})
