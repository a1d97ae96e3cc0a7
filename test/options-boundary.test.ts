// The options boundary: options in the model's form where flat options are expected, a polluted
// Object.prototype on the way back from the model, revoked Proxies in defaults, and which media
// types Codec.is calls normal.
import * as E from "fp-ts/lib/Either.js"
import { pipe } from "fp-ts/lib/function.js"
import { afterEach, describe, expect, it } from "vitest"
import { endpoint, Merge, Options, Parse, Request } from "../src/index.js"
import { errorOf } from "./helpers.js"

const decoded = (o: object): Options.Options => {
  const r = Options.decode(o)
  if (E.isLeft(r)) throw r.left
  return r.right
}

describe("options in the model's form where flat options are expected", () => {
  // Options.decode and Options.concat return the model (Codec.is holds); flat entries read its `params`
  // as one parameter named params: a body { params: { title } } instead of { title }, without an error
  const a = decoded({ headers: { "x-a": "1" }, title: "Bug" })
  const b = decoded({ mediaType: { previews: ["symmetra"] }, labels: ["bug"] })
  const model = Options.concat(a, b)
  const MESSAGE = /^params: options in the model's form .*Options\.encode/

  it("is an EndpointError from every flat entry, never a parameter named params", () => {
    expect(Options.Codec.is(model)).toBe(true)
    const d = decoded(endpoint.DEFAULTS)
    const cases: Array<[string, () => unknown]> = [
      ["defaults", () => endpoint.defaults(model as never)],
      ["endpoint", () => endpoint("POST /repos/o/r/issues", model as never)],
      ["endpoint(options, more)", () => endpoint({ url: "/x" }, model as never)],
      ["merge", () => endpoint.merge("POST /x", model as never)],
      ["parse", () => endpoint.parse({ ...model, method: "POST", url: "/x" } as never)],
      ["Merge.merge", () => { const r = Merge.merge(d, "POST /x", model); if (E.isLeft(r)) throw r.left }],
      ["Options.decode", () => { const r = Options.decode(model); if (E.isLeft(r)) throw r.left }],
    ]
    for (const [where, f] of cases) expect([where, errorOf(f).message]).toEqual([where, expect.stringMatching(MESSAGE)])
  })

  it("encoded, it is what the cascade gives; flat options with a parameter named params stay as they were", () => {
    const cascaded = endpoint.defaults(Options.encode(a)).defaults(Options.encode(b))
    expect(endpoint.defaults(Options.encode(model))("POST /repos/o/r/issues")).toEqual(cascaded("POST /repos/o/r/issues"))
    expect(endpoint("POST /x", { params: { a: 1 } }).body).toEqual({ params: { a: 1 } })
    // every reserved key set (as merge() shows them) beside a parameter named params: flat options, not the model
    const merged = endpoint.merge("POST /x{?params*}", { data: "d", request: { r: 1 }, params: { a: 1 } })
    expect(endpoint.parse(merged)).toEqual(endpoint("POST /x{?params*}", { data: "d", request: { r: 1 }, params: { a: 1 } }))
    expect(endpoint.parse(merged).url).toBe("https://api.github.com/x?a=1")
  })
})

describe("a polluted Object.prototype on the way from the model back to flat options", () => {
  const FIELDS = ["method", "url", "baseUrl", "headers", "mediaType", "data", "request", "params"] as const
  afterEach(() => {
    for (const key of FIELDS) delete (Object.prototype as Record<string, unknown>)[key]
  })

  it("a setter named like a field receives nothing, and no field is lost (Parse.parse, Merge.merge, Request.build)", () => {
    const model = decoded({ method: "POST", url: "https://api.example.com/x", headers: { authorization: "token secret" }, title: "t" })
    const defaults = decoded({ ...endpoint.DEFAULTS, headers: { ...endpoint.DEFAULTS.headers, authorization: "token d" } })
    const expected = { parsed: Parse.parse(model), merged: Merge.merge(defaults, "GET /user"), built: pipe(Request.route("GET /user"), Request.authorization("token r"), Request.build) }
    const stolen: Array<unknown> = []
    for (const key of FIELDS.slice(0, 7)) Object.defineProperty(Object.prototype, key, { set: (v: unknown) => stolen.push(v), get: () => undefined, configurable: true })
    const parsed = Parse.parse(model)
    const merged = Merge.merge(defaults, "GET /user")
    const built = pipe(Request.route("GET /user"), Request.authorization("token r"), Request.build)
    for (const key of FIELDS.slice(0, 7)) delete (Object.prototype as Record<string, unknown>)[key]
    expect(stolen).toEqual([])
    expect({ parsed, merged, built }).toEqual(expected)
  })

  it("a field missing from hand-built options is not read from Object.prototype", () => {
    Object.defineProperty(Object.prototype, "baseUrl", { value: "https://evil.example", configurable: true, writable: true })
    Object.defineProperty(Object.prototype, "params", { value: { stolen: 1 }, configurable: true, writable: true })
    const forged = { url: "/x", method: "POST", headers: {}, mediaType: { format: undefined, previews: [] } } as unknown as Options.Options
    const r = Parse.parse(forged)
    for (const key of FIELDS) delete (Object.prototype as Record<string, unknown>)[key]
    expect(E.isLeft(r) && r.left.message).toBe("options: expected options in the model's form, with params (Options.decode makes them)")
    const withParams = Parse.parse({ ...forged, params: {} } as Options.Options)
    expect(E.isRight(withParams) && withParams.right.url).toBe("/x")
  })
})

describe("a revoked Proxy in defaults is an opaque value, as in every call", () => {
  it("kept by reference by defaults(), never a foreign TypeError", () => {
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    expect((endpoint("POST /x", { p: proxy }).body as { p: unknown }).p).toBe(proxy)
    expect((endpoint.defaults({ p: proxy })("POST /x").body as { p: unknown }).p).toBe(proxy)
    expect(endpoint.defaults({ data: proxy })("POST /x").body).toBe(proxy)
    expect((endpoint.defaults({ request: { agent: proxy } })("GET /x").request as { agent: unknown }).agent).toBe(proxy)
    expect((endpoint.defaults({ p: { q: proxy } }).DEFAULTS as { p: { q: unknown } }).p.q).toBe(proxy)
  })
})

describe("Codec.is takes only what decode makes", () => {
  it("a media type without its format key is not normal: the Monoid's identities would not give it back", () => {
    const handBuilt = { ...Options.empty, url: "/x", mediaType: { previews: [] } } as unknown as Options.Options
    expect(Options.Codec.is(handBuilt)).toBe(false)
    expect(Options.concat(Options.empty, handBuilt)).not.toStrictEqual(handBuilt) // why: the identity gives a format key back
    expect(Options.Codec.is({ ...handBuilt, mediaType: { format: undefined, previews: [] } })).toBe(true)
  })
})
