// The FP pipeline: every request endpoint() can build, built as a pipe that ends in an Either.
import * as E from "fp-ts/lib/Either.js"
import { pipe } from "fp-ts/lib/function.js"
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { endpoint, EndpointError, isEndpointError, Request, Options } from "../src/index.js"
import { arbRawOptions } from "./properties/arbitraries.js"

describe("Request pipeline", () => {
  test("route, params, headers, authorization, base url, previews, format, data: same as endpoint()", () => {
    const built = pipe(
      Request.route("POST /repos/{owner}/{repo}/issues"),
      Request.params({ owner: "octokit", repo: "rest.js" }),
      Request.param("title", "Bug"),
      Request.header("X-Trace", "1"),
      Request.headers({ "x-a": 2 }),
      Request.authorization("token 0000"),
      Request.baseUrl("https://ghe.example/api/v3"),
      Request.previews(["symmetra"]),
      Request.format("raw"),
      Request.meta({ timeout: 5 }),
      Request.build,
    )
    expect(built).toEqual(
      E.right(
        endpoint("POST /repos/{owner}/{repo}/issues", {
          owner: "octokit",
          repo: "rest.js",
          title: "Bug",
          headers: { "X-Trace": "1", "x-a": 2, authorization: "token 0000" },
          baseUrl: "https://ghe.example/api/v3",
          mediaType: { previews: ["symmetra"], format: "raw" },
          request: { timeout: 5 },
        }),
      ),
    )
  })
  test("data sets the body", () => {
    const built = pipe(Request.route("POST /markdown/raw"), Request.data("# hi"), Request.header("content-type", "text/plain"), Request.build)
    expect(E.isRight(built) && built.right.body).toBe("# hi")
  })
  test("combinators are dual", () => {
    const draft = Request.route("GET /x")
    expect(Request.param(draft, "a", 1)).toEqual(pipe(draft, Request.param("a", 1)))
    expect(Request.header(draft, "X-A", "1")).toEqual(pipe(draft, Request.header("X-A", "1")))
    expect(Request.with(draft, { b: 2 })).toEqual(pipe(draft, Request.with({ b: 2 })))
  })
  test("the first error short-circuits and is an EndpointError value; nothing throws", () => {
    const built = pipe(
      Request.route("GET /x"),
      Request.header("bad name", "1"),
      Request.param("a", 1),
      Request.build,
    )
    expect(E.isLeft(built) && built.left).toBeInstanceOf(EndpointError)
    expect(E.isLeft(built) && built.left.message).toBe('headers["bad name"]: header name is not an RFC 9110 token')
    expect(E.isLeft(pipe(Request.route("GET /x/{"), Request.build))).toBe(true)
    expect(E.isLeft(Request.build(null as never))).toBe(true)
    expect(E.isLeft(Request.param(Request.empty, 5 as never, 1))).toBe(true)
  })
  test("param with an option's name is an EndpointError: a parameter loop over untrusted keys cannot move the request", () => {
    const draft = pipe(Request.route("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" }), Request.authorization("token T"))
    for (const [name, value] of [["baseUrl", "https://evil.example"], ["headers", { authorization: null }], ["data", "x"], ["url", "/other"], ["request", {}]] as const) {
      const built = pipe(draft, Request.param(name, value), Request.build)
      const instead = name === "url" ? "a route fixes it; to send a body field of that name, put the body in data" : "set it with Request.with, or its own step"
      expect(E.isLeft(built) && built.left.message).toBe(`${name}: is an option, not a parameter: ${instead}`)
    }
    expect(E.isRight(pipe(draft, Request.param("title", "Bug"), Request.build))).toBe(true)
  })
  test("a header may have an option's name: Request.header is endpoint()'s headers, whatever the name", () => {
    for (const name of ["url", "method", "data", "request", "headers", "mediaType", "baseUrl"]) {
      const built = pipe(Request.route("GET /x"), Request.header(name, "v"), Request.build)
      expect(built).toEqual(E.right(endpoint("GET /x", { headers: { [name]: "v" } })))
    }
    expect(E.isLeft(Request.header(Request.empty, 5 as never, "v"))).toBe(true)
  })
  test("buildWith on options layers them on the built-in defaults, as endpoint.defaults does: a token never goes to a relative url", () => {
    const draft = pipe(Request.route("GET /repos/{owner}/{repo}"), Request.param("repo", "r"))
    expect(pipe(draft, Request.buildWith({ owner: "o", headers: { authorization: "token T" } }))).toEqual(
      E.right(endpoint.defaults({ owner: "o", headers: { authorization: "token T" } })("GET /repos/{owner}/{repo}", { repo: "r" })),
    )
    expect(pipe(draft, Request.buildWith({ owner: "o", baseUrl: "" }))).toMatchObject(E.right({ url: "/repos/o/r" })) // "" still means none
  })
  test("buildWith on options refuses what endpoint.defaults refuses: a hole, a getter that throws inside a value", () => {
    const throwing = { a: { get b(): never { throw new Error("no") } } }
    for (const options of [{ labels: ["a", , "b"] }, throwing]) {
      const viaDefaults = (() => {
        try {
          endpoint.defaults(options)
        } catch (e) {
          return (e as EndpointError).message
        }
      })()
      const built = pipe(Request.route("POST /x"), Request.buildWith(options))
      expect([viaDefaults, E.isLeft(built) && built.left.message]).toEqual([expect.any(String), `defaults.${viaDefaults}`])
    }
  })
  test("buildWith uses an endpoint's defaults", () => {
    const ghe = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", org: "o" })
    expect(pipe(Request.route("GET /orgs/{org}"), Request.buildWith(ghe))).toEqual(E.right(ghe("GET /orgs/{org}")))
  })
  test("merged gives Merged options that Parse.parse turns into the same result", () => {
    const draft = pipe(Request.route("GET /orgs/{org}", { org: "x" }))
    const merged = Request.merged(draft)
    expect(E.isRight(merged) && endpoint.parse(merged.right)).toEqual(endpoint("GET /orgs/{org}", { org: "x" }))
  })
  test("a draft is the decoded model: fromOptions is Options.decode", () => {
    const options = { url: "/x", headers: { "X-Trace": "1", "x-none": undefined }, mediaType: { previews: ["a", "a"] }, page: 2 }
    expect(Request.fromOptions(options)).toEqual(Options.decode(options))
    const draft = Request.fromOptions(options)
    expect(E.isRight(draft) && draft.right.headers).toEqual({ "x-trace": "1" })
    expect(E.isRight(draft) && draft.right.mediaType.previews).toEqual(["a"])
    expect(E.isRight(draft) && draft.right.params).toEqual({ page: 2 })
  })
  test("merged is endpoint.merge", () => {
    const draft = pipe(Request.route("POST /repos/{owner}/{repo}/issues"), Request.params({ owner: "o", repo: "r", title: "t" }), Request.header("X-A", "1"))
    expect(Request.merged(draft)).toEqual(
      E.right(endpoint.merge("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", headers: { "x-a": "1" } })),
    )
  })
  test("parameters and request (meta) merge deeply; headers merge key by key", () => {
    const built = pipe(
      Request.route("POST /x"),
      Request.params({ p: { a: 1 }, q: 1 }),
      Request.params({ p: { b: 2 } }),
      Request.meta({ timeout: 1, agent: { keep: true } }),
      Request.meta({ agent: { other: true } }),
      Request.headers({ "x-a": "1", "x-b": "1" }),
      Request.header("X-B", "2"),
      Request.build,
    )
    expect(E.isRight(built) && built.right.body).toStrictEqual({ p: { a: 1, b: 2 }, q: 1 })
    expect(E.isRight(built) && built.right.request).toStrictEqual({ timeout: 1, agent: { keep: true, other: true } })
    expect(E.isRight(built) && built.right.headers).toMatchObject({ "x-a": "1", "x-b": "2" })
  })
  test("a null header removes it, a default one included", () => {
    const secret = endpoint.defaults({ headers: { authorization: "token secret" } })
    const built = pipe(Request.route("GET /user"), Request.headers({ Authorization: null, "user-agent": null }), Request.buildWith(secret))
    expect(E.isRight(built) && built.right.headers).toEqual({ accept: "application/vnd.github.v3+json" })
    expect(pipe(Request.route("GET /user"), Request.buildWith(secret))).toEqual(E.right(secret("GET /user")))
  })
  test("a route fixes the url and the method: a route's parameters cannot change them", () => {
    const url = pipe(Request.route("POST /x", { url: "https://evil.example" }), Request.build)
    expect(E.isLeft(url) && url.left.path).toBe("url")
    const method = pipe(Request.route("POST /x", { method: "GET" }), Request.build)
    expect(E.isLeft(method) && method.left.path).toBe("method")
    expect(E.isRight(pipe(Request.route("POST /x", { url: "/x", method: "post" }), Request.build))).toBe(true)
  })
  test("invalid options are a Left naming the field: baseUrl, long headers, sparse arrays, long urls", () => {
    const left = (draft: Request.Draft<never>): string => {
      const built = Request.build(draft)
      expect(E.isLeft(built) && isEndpointError(built.left)).toBe(true)
      return E.isLeft(built) ? built.left.path : ""
    }
    expect(left(pipe(Request.route("GET /x"), Request.baseUrl("ftp://x.example")))).toBe("baseUrl")
    expect(left(pipe(Request.route("GET /x"), Request.baseUrl("https://x.example/?a=1")))).toBe("baseUrl")
    expect(left(pipe(Request.route("GET /x"), Request.header("x-big", "v".repeat(16_385))))).toBe("headers.x-big")
    expect(left(pipe(Request.route("GET /x"), Request.param("s", [1, , 3])))).toBe("s")
    expect(left(pipe(Request.route("GET /x"), Request.previews([, "a"] as Array<string>)))).toBe("mediaType.previews")
    expect(left(pipe(Request.route("GET /x{/s*}"), Request.param("s", Array.from({ length: 40_000 }, () => "ab"))))).toBe("url")
  })
  test("an error from a forged draft or from defaults that cannot be read names the field: draft, defaults", () => {
    const trap = new Proxy({}, { get: () => { throw new Error("trap") }, getPrototypeOf: () => { throw new Error("trap") } })
    for (const built of [Request.build(trap as never), Request.merged(trap as never), Request.param(trap as never, "a", 1)]) {
      expect(E.isLeft(built) && [built.left.path, built.left.problem]).toEqual(["draft", "reading the input failed (Error: trap)"])
    }
    const throwingFn = new Proxy(() => ({}), { get: () => { throw new Error("trap") } })
    const viaFn = pipe(Request.route("GET /x"), Request.buildWith(throwingFn as never))
    expect(E.isLeft(viaFn) && viaFn.left.message).toBe("defaults: reading the input failed (Error: trap)")
    // as Merge.merge names defaults that are no options: `defaults`, not `defaults.options`
    const viaNull = pipe(Request.route("GET /x"), Request.buildWith(null as never))
    expect(E.isLeft(viaNull) && viaNull.left.message).toBe("defaults: expected a plain object, got null")
  })
  test("a draft Request made is frozen, and trusted as it is; a copy of one, which anyone can change, is checked again", () => {
    const made = pipe(Request.route("POST /x"), Request.header("x-a", "1"), Request.previews(["a"]), Request.param("p", { q: 1 }))
    const parts = E.isRight(made) ? [made, made.right, made.right.params, made.right.headers, made.right.mediaType, made.right.mediaType.previews] : []
    expect(parts.map(Object.isFrozen)).toEqual([true, true, true, true, true, true])
    expect(E.isRight(made) && Object.isFrozen(made.right.params.p)).toBe(false) // a caller's value is the caller's
    for (const draft of [Request.empty, Request.fromOptions({ url: "/x" }), Request.route("GET /x", { a: 1 }), Request.with(Request.empty, { url: "/y" })]) {
      expect(E.isRight(draft) && [Object.isFrozen(draft), Object.isFrozen(draft.right)]).toEqual([true, true])
    }
    const copy = E.isRight(made) ? { _tag: "Right", right: { ...made.right, headers: { "x-a": "1\r\nx-b: 2" } } } : made
    const built = Request.build(copy as never)
    expect(E.isLeft(built) && built.left.message).toMatch(/^headers.x-a: header value contains CR/)
  })
  test("a made draft holds the caller's request by reference: one that is no plain object any more is refused as in a forged draft", () => {
    const request: Record<string, unknown> = { timeout: 1 }
    const made = Request.meta(Request.route("GET /x"), request)
    Object.setPrototypeOf(request, Date.prototype) // after the draft was made
    const forged = E.isRight(made) ? ({ _tag: "Right", right: { ...made.right } } as Request.Draft) : made
    for (const draft of [made, forged]) {
      const merged = Request.merged(draft)
      expect(E.isLeft(merged) && merged.left.message).toBe("request: expected a plain object, got Date")
      const stepped = Request.meta(draft, { b: 2 }) // a deep merge would make a plain record of it
      expect(E.isLeft(stepped) && stepped.left.message).toBe("request: expected a plain object, got Date")
    }
  })
  test("trusting the drafts Request made changes no result: a pipeline builds as one whose every draft is a copy", () => {
    const copied = (d: Request.Draft<string>): Request.Draft =>
      E.isRight(d) ? ({ _tag: "Right", right: { ...d.right, params: { ...d.right.params }, headers: { ...d.right.headers }, mediaType: { ...d.right.mediaType, previews: [...d.right.mediaType.previews] } } } as Request.Draft) : d
    fc.assert(
      fc.property(fc.array(arbRawOptions, { minLength: 1, maxLength: 4 }), (all) => {
        const made = all.reduce<Request.Draft>((d, o) => Request.with(d, o as never), Request.empty)
        const fromCopies = all.reduce<Request.Draft>((d, o) => Request.with(copied(d), o as never), Request.empty)
        expect(Request.build(copied(made))).toEqual(Request.build(made))
        expect(Request.build(fromCopies)).toEqual(Request.build(made))
      }),
      { numRuns: 300 },
    )
  })
  test("a draft's url and method stay once set; what the types leave to run time is an EndpointError there", () => {
    const message = (d: Request.Draft<string>) => (E.isLeft(d) ? d.left.message : "no error")
    expect(message(Request.with(Request.fromOptions({ url: "/x" }), { url: "/y" }))).toBe('url: set to "/x" already, the options give "/y"; to send a body field of that name, put the body in data')
    expect(message(Request.with(Request.route("GET /x"), { method: "POST" }))).toMatch(/^method: set to "GET" already, the options give "POST"/)
    expect(endpoint({ url: "/x", method: "GET" }, { url: "/y", method: "POST" })).toMatchObject({ method: "post", url: "https://api.github.com/y" }) // endpoint(a, b): b wins
    const sameMethod = Request.with(Request.route("GET /x"), { method: "get" })
    expect(E.isRight(sameMethod) && sameMethod.right.method).toBe("GET")
    const since = Request.build(Request.param(Request.route("GET /x{?since}"), "since", new Date(0))) // optional: the types let it through
    expect(E.isLeft(since) && since.left.path).toBe("since")
    const prefixed = Request.build(Request.param(Request.route("GET /c/{sha:7}"), "sha", ["a", "b"]))
    expect(E.isLeft(prefixed) && prefixed.left.message).toBe("sha: a prefix modifier cannot apply to a list")
  })
  test("build and buildWith never throw, whatever they are given", () => {
    const forged = { _tag: "Left", left: Object.create(EndpointError.prototype) }
    for (const draft of [undefined, 1, "x", {}, { _tag: "Right" }, { _tag: "Right", right: 1 }, { _tag: "Left", left: "boom" }, forged]) {
      const built = Request.build(draft as never)
      expect(E.isLeft(built) && isEndpointError(built.left)).toBe(true)
    }
    const lookalike = Object.assign(() => ({}), { DEFAULTS: { baseUrl: "javascript:alert(1)" } })
    const built = pipe(Request.route("GET /x"), Request.buildWith(lookalike as never))
    expect(E.isLeft(built) && built.left.path).toBe("defaults.baseUrl")
  })
})
