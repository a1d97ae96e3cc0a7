// The FP pipeline: a Draft is an Either of flat options; each step decodes the draft and its fragment and
// concatenates them; build is the built-in endpoint's either. Every request endpoint() can build, built as
// a pipe that ends in an Either, and nothing throws.
import fc from "fast-check"
import * as E from "fp-ts/lib/Either.js"
import { pipe } from "fp-ts/lib/function.js"
import { describe, expect, test } from "vitest"
import { endpoint, EndpointError, isEndpointError, Options, Pipeline } from "../src/index.js"
import { arbModel } from "./properties/model.js"

/** Decoded options from the model, the url and method set by the first only (a draft keeps them); a parameter
 * named __proto__, which decode refuses (tested above), left out. */
const arbSteps = (maxLength: number) =>
  fc.array(arbModel, { minLength: 1, maxLength }).map((models) =>
    models.map((m, i) => {
      const params = Object.fromEntries(Object.entries(m.params).filter(([k]) => k !== "__proto__"))
      return i === 0 ? { ...m, params } : { ...m, params, url: undefined, method: undefined }
    }),
  )

/** The Left's message, or "no error". */
const message = (d: E.Either<EndpointError, unknown>): string => (E.isLeft(d) ? d.left.message : "no error")
/** The Left's path, or "no error". */
const pathOf = (d: E.Either<EndpointError, unknown>): string => (E.isLeft(d) ? d.left.path : "no error")

describe("steps", () => {
  test("route, params, param, headers, authorization, base url, previews, format, meta in a pipe: the same as endpoint()", () => {
    const built = pipe(
      Pipeline.route("POST /repos/{owner}/{repo}/issues"),
      Pipeline.params({ owner: "octokit", repo: "rest.js" }),
      Pipeline.param("title", "Bug"),
      Pipeline.header("X-Trace", "1"),
      Pipeline.headers({ "x-a": 2 }),
      Pipeline.authorization("token 0000"),
      Pipeline.baseUrl("https://ghe.example/api/v3"),
      Pipeline.previews(["symmetra"]),
      Pipeline.format("raw"),
      Pipeline.meta({ timeout: 5 }),
      Pipeline.build,
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

  test("every step is dual: data-last in a pipe gives what data-first gives", () => {
    const draft = Pipeline.route("POST /x/{id}")
    const cases: Array<[string, Pipeline.Draft<string>, unknown]> = [
      ["param", Pipeline.param(draft, "id", 1), pipe(draft, Pipeline.param("id", 1))],
      ["with", Pipeline.with(draft, { id: 1 }), pipe(draft, Pipeline.with({ id: 1 }))],
      ["params", Pipeline.params(draft, { id: 1 }), pipe(draft, Pipeline.params({ id: 1 }))],
      ["header", Pipeline.header(draft, "X-A", "1"), pipe(draft, Pipeline.header("X-A", "1"))],
      ["headers", Pipeline.headers(draft, { "x-a": "1" }), pipe(draft, Pipeline.headers({ "x-a": "1" }))],
      ["authorization", Pipeline.authorization(draft, "token T"), pipe(draft, Pipeline.authorization("token T"))],
      ["baseUrl", Pipeline.baseUrl(draft, "https://h.example"), pipe(draft, Pipeline.baseUrl("https://h.example"))],
      ["previews", Pipeline.previews(draft, ["mercy"]), pipe(draft, Pipeline.previews(["mercy"]))],
      ["format", Pipeline.format(draft, "raw"), pipe(draft, Pipeline.format("raw"))],
      ["data", Pipeline.data(draft, "# hi"), pipe(draft, Pipeline.data("# hi"))],
      ["meta", Pipeline.meta(draft, { timeout: 1 }), pipe(draft, Pipeline.meta({ timeout: 1 }))],
    ]
    for (const [name, dataFirst, dataLast] of cases) {
      expect(E.isRight(dataFirst), `${name} data-first: ${message(dataFirst)}`).toBe(true)
      expect([name, dataLast]).toEqual([name, dataFirst])
    }
  })

  test("data sets the body, a string sent as it is", () => {
    const built = Pipeline.build(Pipeline.header(Pipeline.data(Pipeline.route("POST /markdown/raw"), "# hi"), "content-type", "text/plain"))
    expect(E.isRight(built) && [built.right.body, built.right.headers["content-type"]]).toEqual(["# hi", "text/plain"])
    const none = Pipeline.build(Pipeline.data(Pipeline.route("POST /x", { a: 1 }), null)) // null is a body
    expect(E.isRight(none) && none.right.body).toBe(null)
  })

  test("a draft is an Either of flat options: what the route and the steps gave, as a caller writes options", () => {
    expect(Pipeline.route("GET /orgs/{org}/repos", { org: "octokit" })).toEqual(E.right({ method: "GET", url: "/orgs/{org}/repos", org: "octokit" }))
    expect(Pipeline.header(Pipeline.route("GET /x"), "X-A", "1")).toEqual(E.right({ method: "GET", url: "/x", headers: { "x-a": "1" } }))
    expect(Pipeline.empty).toEqual(E.right({}))
  })

  test("the first error short-circuits and is an EndpointError value; nothing throws", () => {
    const bad = Pipeline.header(Pipeline.route("GET /x"), "bad name", "1")
    const built = Pipeline.build(Pipeline.param(bad, "a", 1))
    expect(E.isLeft(built) && built.left).toBeInstanceOf(EndpointError)
    expect(message(built)).toBe('headers["bad name"]: not an RFC 9110 token')
    expect(message(Pipeline.build(Pipeline.route("GET /x/{")))).toMatch(/^url: /)
    expect(pathOf(Pipeline.build(null as never))).toBe("draft")
    expect(message(Pipeline.param(Pipeline.empty, 5 as never, 1))).toBe("name: expected a name, got number")
    expect(message(Pipeline.header(Pipeline.empty, 5 as never, "v"))).toBe("name: expected a name, got number")
  })

  test("a route must be METHOD and a url that starts with /, { or a scheme", () => {
    for (const route of ["GET", "GET/user", "GET user", "user"]) {
      expect([route, pathOf(Pipeline.route(route))]).toEqual([route, "route"])
    }
    expect(E.isRight(Pipeline.route("/user"))).toBe(true)
    expect(E.isRight(Pipeline.route("GET https://uploads.github.com/x"))).toBe(true)
  })

  test("a required path parameter without a value is the core's missing parameter error", () => {
    expect(Pipeline.build(Pipeline.route("GET /repos/{owner}/{repo}") as never)).toEqual(E.left(new EndpointError("", "missing parameters: owner, repo")))
    expect(message(Pipeline.build(Pipeline.param(Pipeline.route("GET /orgs/:org"), "org", null as never) as never))).toBe("missing parameter: org")
    expect(message(Pipeline.build(Pipeline.param(Pipeline.route("GET /repos/{path}"), "path", "")))).toBe("no error") // "" is a value
  })
})

describe("what a step may set", () => {
  test("param with an option's name is an EndpointError: a parameter loop over untrusted keys cannot move the request", () => {
    const draft = Pipeline.authorization(Pipeline.route("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" }), "token T")
    for (const [name, value] of [["baseUrl", "https://evil.example"], ["headers", { authorization: null }], ["data", "x"], ["url", "/other"], ["request", {}], ["method", "GET"], ["mediaType", {}]] as const) {
      const built = Pipeline.build(Pipeline.param(draft, name, value as never))
      expect(message(built)).toBe(`${name}: is an option, not a parameter: set it with Pipeline.with, or its own step`)
    }
    expect(message(Pipeline.param(draft, "baseURL", "https://evil.example"))).toMatch(/^baseURL: the option is spelt baseUrl/)
    expect(E.isRight(Pipeline.build(Pipeline.param(draft, "title", "Bug")))).toBe(true)
  })

  test("a key named __proto__ in options, headers or request is refused; a parameter's value may hold one as data", () => {
    const proto = (json: string) => JSON.parse(json) as Record<string, unknown>
    expect(message(Pipeline.param(Pipeline.route("POST /x"), "__proto__", 1))).toMatch(/^__proto__: a key named __proto__ would set a prototype/)
    expect(message(Pipeline.with(Pipeline.empty, proto('{"__proto__": {"x": 1}}')))).toMatch(/^__proto__: a key named __proto__/)
    expect(message(Pipeline.headers(Pipeline.route("GET /x"), proto('{"__proto__": "x"}') as never))).toMatch(/^headers\.__proto__: a key named __proto__/)
    expect(message(Pipeline.meta(Pipeline.route("GET /x"), proto('{"__proto__": "x"}')))).toMatch(/^request(\.__proto__)?: a key named __proto__/)
    const built = Pipeline.build(Pipeline.param(Pipeline.route("POST /x"), "config", proto('{"__proto__": {"polluted": true}}')))
    expect(E.isRight(built) && Object.hasOwn((built.right.body as { config: object }).config, "__proto__")).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  test("a header may have an option's name: Pipeline.header is endpoint()'s headers, whatever the name", () => {
    for (const name of ["url", "method", "data", "request", "headers", "mediaType", "baseUrl"]) {
      expect(Pipeline.build(Pipeline.header(Pipeline.route("GET /x"), name, "v"))).toEqual(E.right(endpoint("GET /x", { headers: { [name]: "v" } })))
    }
  })

  test("a draft's url and method stay once set; the same method in another case is no change", () => {
    expect(message(Pipeline.with(Pipeline.with(Pipeline.empty, { url: "/x" }), { url: "/y" }))).toBe(
      'url: set to "/x" already, a step gives "/y"; a body field of that name goes in data',
    )
    expect(message(Pipeline.with(Pipeline.route("GET /x"), { method: "POST" } as never))).toBe(
      'method: set to "GET" already, a step gives "POST"; a body field of that name goes in data',
    )
    expect(Pipeline.with(Pipeline.route("GET /x"), { method: "get" })).toEqual(E.right({ method: "GET", url: "/x" }))
    expect(endpoint({ url: "/x", method: "GET" }, { url: "/y", method: "POST" })).toMatchObject({ method: "post", url: "https://api.github.com/y" }) // endpoint(a, b): b wins
  })

  test("a route fixes the url and the method: the route's own parameters cannot change them", () => {
    expect(pathOf(Pipeline.build(Pipeline.route("POST /x", { url: "https://evil.example" }) as never))).toBe("url")
    expect(pathOf(Pipeline.build(Pipeline.route("POST /x", { method: "GET" } as never) as never))).toBe("method")
    expect(E.isRight(Pipeline.build(Pipeline.route("POST /x", { url: "/x", method: "post" })))).toBe(true)
  })

  test("what the types leave to run time is an EndpointError there, naming the parameter", () => {
    expect(message(Pipeline.build(Pipeline.param(Pipeline.route("GET /x{?since}"), "since", new Date(0))))).toBe("since: cannot expand a Date in the url")
    expect(message(Pipeline.build(Pipeline.param(Pipeline.route("GET /c/{sha:7}"), "sha", ["a", "b"])))).toBe("sha: a prefix cannot apply to a list")
  })

  test("invalid options are a Left naming the field: baseUrl, long headers, sparse arrays, long urls", () => {
    const left = (draft: Pipeline.Draft<never>): string => {
      const built = Pipeline.build(draft)
      expect(E.isLeft(built) && isEndpointError(built.left)).toBe(true)
      return pathOf(built)
    }
    const x = Pipeline.route("GET /x")
    expect(left(Pipeline.baseUrl(x, "ftp://x.example"))).toBe("baseUrl")
    expect(left(Pipeline.baseUrl(x, "https://x.example/?a=1"))).toBe("baseUrl")
    expect(left(Pipeline.header(x, "x-big", "v".repeat(16_385)))).toBe("headers.x-big")
    expect(left(Pipeline.param(x, "s", [1, , 3]))).toBe("s") // eslint-disable-line no-sparse-arrays
    expect(left(Pipeline.previews(x, [, "a"] as Array<string>))).toBe("mediaType.previews") // eslint-disable-line no-sparse-arrays
    expect(left(Pipeline.param(Pipeline.route("GET /x{/s*}"), "s", Array.from({ length: 40_000 }, () => "ab")))).toBe("url")
  })
})

describe("unions one level deep", () => {
  test("a later parameter or request key wins whole; headers merge key by key, previews are an ordered union", () => {
    let draft = Pipeline.params(Pipeline.route("POST /x"), { p: { a: 1 }, q: 1 })
    draft = Pipeline.params(draft, { p: { b: 2 } })
    draft = Pipeline.meta(draft, { timeout: 1, agent: { keep: true } })
    draft = Pipeline.meta(draft, { agent: { other: true } })
    draft = Pipeline.header(Pipeline.headers(draft, { "x-a": "1", "x-b": "1" }), "X-B", "2")
    draft = Pipeline.previews(Pipeline.previews(draft, ["a", "b"]), ["b", "c"])
    const built = Pipeline.build(draft)
    expect(E.isRight(built) && built.right.body).toStrictEqual({ p: { b: 2 }, q: 1 })
    expect(E.isRight(built) && built.right.request).toStrictEqual({ timeout: 1, agent: { other: true } })
    expect(E.isRight(built) && built.right.headers).toMatchObject({ "x-a": "1", "x-b": "2" })
    expect(E.isRight(built) && built.right.headers.accept).toBe("application/vnd.github.a-preview+json,application/vnd.github.b-preview+json,application/vnd.github.c-preview+json")
  })

  test("a null header removes it, a default one included", () => {
    const secret = endpoint.defaults({ headers: { authorization: "token secret" } })
    const built = Pipeline.buildWith(secret)(Pipeline.headers(Pipeline.route("GET /user"), { Authorization: null, "user-agent": null }))
    expect(E.isRight(built) && built.right.headers).toEqual({ accept: "application/vnd.github.v3+json" })
    expect(Pipeline.buildWith(secret)(Pipeline.route("GET /user"))).toEqual(E.right(secret("GET /user")))
  })

  test("property: a pipeline of with steps builds what endpoint.either builds of their concatenation (the url and method set once)", () => {
    fc.assert(
      fc.property(arbSteps(4), (once) => {
        const draft = once.reduce<Pipeline.Draft>((d, m) => Pipeline.with(d, Options.encode(m)), Pipeline.empty)
        expect(Pipeline.build(draft)).toEqual(endpoint.either(Options.encode(Options.concatAll(once))))
      }),
      { numRuns: 300 },
    )
  })

  test("property: a later step that sets another url or method is a Left naming it; the same one (any case) is none", () => {
    const url = fc.constantFrom("/x", "/y", "/repos/{owner}/{repo}")
    const method = fc.constantFrom("GET", "get", "POST", "patch")
    fc.assert(
      fc.property(url, method, url, method, (u1, m1, u2, m2) => {
        const second = Pipeline.with(Pipeline.with(Pipeline.empty, { url: u1, method: m1 }), { url: u2, method: m2 })
        const expected = u1 !== u2 ? "url" : m1.toUpperCase() !== m2.toUpperCase() ? "method" : "no error"
        expect(pathOf(second)).toBe(expected)
      }),
    )
  })
})

describe("building", () => {
  test("buildWith on options layers them on the built-in defaults, as endpoint.defaults does", () => {
    const draft = Pipeline.param(Pipeline.route("GET /repos/{owner}/{repo}"), "repo", "r")
    expect(Pipeline.buildWith({ owner: "o", headers: { authorization: "token T" } })(draft)).toEqual(
      E.right(endpoint.defaults({ owner: "o", headers: { authorization: "token T" } })("GET /repos/{owner}/{repo}", { repo: "r" })),
    )
    expect(Pipeline.buildWith({ owner: "o", baseUrl: "" })(draft)).toMatchObject(E.right({ url: "/repos/o/r" })) // "" means none
  })

  test("buildWith on options refuses what endpoint.defaults refuses, under defaults", () => {
    const refused = [{ a: { get b(): never { throw new Error("no") } } }, { baseUrl: "javascript:alert(1)" }, { headers: { "x-a": "1\r\n" } }]
    for (const options of refused) {
      let viaDefaults = ""
      try {
        endpoint.defaults(options)
      } catch (e) {
        viaDefaults = (e as EndpointError).message
      }
      expect([viaDefaults !== "", message(Pipeline.buildWith(options)(Pipeline.route("POST /x")))]).toEqual([true, `defaults.${viaDefaults}`])
    }
  })

  test("buildWith uses an endpoint's defaults; build is the built-in endpoint's either", () => {
    const ghe = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", org: "o" })
    expect(Pipeline.buildWith(ghe)(Pipeline.route("GET /orgs/{org}"))).toEqual(E.right(ghe("GET /orgs/{org}")))
    expect(Pipeline.build(Pipeline.route("GET /orgs/{org}", { org: "x" }))).toEqual(endpoint.either("GET /orgs/{org}", { org: "x" }))
  })

  test("merged is endpoint.merge as an Either, and Parse turns it into the same result", () => {
    const draft = Pipeline.header(Pipeline.params(Pipeline.route("POST /repos/{owner}/{repo}/issues"), { owner: "o", repo: "r", title: "t" }), "X-A", "1")
    expect(Pipeline.merged(draft)).toEqual(E.right(endpoint.merge("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", headers: { "x-a": "1" } })))
    const merged = Pipeline.merged(Pipeline.route("GET /orgs/{org}", { org: "x" }))
    expect(E.isRight(merged) && endpoint.parse(merged.right)).toEqual(endpoint("GET /orgs/{org}", { org: "x" }))
    expect(E.isRight(Pipeline.merged(Pipeline.route("GET /orgs/{org}")))).toBe(true) // merging expands nothing: nothing is missing yet
    expect(message(Pipeline.merged(Pipeline.empty))).toBe("url: required, got nothing")
  })
})

describe("drafts from anywhere", () => {
  test("a forged draft is checked at every step: a CR LF header, a url that is no string, a Left that holds no EndpointError", () => {
    const made = Pipeline.param(Pipeline.header(Pipeline.route("POST /x"), "x-a", "1"), "p", { q: 1 })
    const forged = E.isRight(made) ? E.right({ ...made.right, headers: { "x-a": "1\r\nx-b: 2" } }) : made
    for (const next of [Pipeline.build(forged), Pipeline.merged(forged), Pipeline.param(forged, "a", 1), Pipeline.header(forged, "x-c", "3")]) {
      expect(message(next)).toBe("headers.x-a: a header value cannot hold CR, LF or NUL")
    }
    expect(pathOf(Pipeline.param(E.right({ url: 5 }) as never, "a", 1))).toBe("url")
    for (const left of [{ _tag: "Left", left: "boom" }, { _tag: "Left", left: Object.create(EndpointError.prototype) }]) {
      expect(message(Pipeline.build(left as never))).toBe("draft: expected a Draft (an Either of options)")
    }
  })

  test("a draft copies request one level deep: the caller changing its object afterwards changes nothing", () => {
    const request: Record<string, unknown> = { timeout: 1 }
    const made = Pipeline.meta(Pipeline.route("GET /x"), request)
    Object.setPrototypeOf(request, Date.prototype)
    request.timeout = 2
    expect(Pipeline.meta(made, { b: 2 })).toEqual(E.right({ method: "GET", url: "/x", request: { timeout: 1, b: 2 } }))
  })

  test("property: a draft (a Right) and its structured clone build the same", () => {
    fc.assert(
      fc.property(arbSteps(3), (once) => {
        const draft = once.reduce<Pipeline.Draft>((d, m) => Pipeline.with(d, Options.encode(m)), Pipeline.empty)
        fc.pre(E.isRight(draft)) // a Left's EndpointError is the package's own: a clone of it is none (see below)
        expect(Pipeline.build(structuredClone(draft))).toEqual(Pipeline.build(draft))
      }),
      { numRuns: 200 },
    )
  })

  test("an error from a draft or defaults that cannot be read names the field: draft, defaults", () => {
    const trap = new Proxy({}, { get: () => { throw new Error("trap") }, getPrototypeOf: () => { throw new Error("trap") } })
    for (const built of [Pipeline.build(trap as never), Pipeline.merged(trap as never), Pipeline.param(trap as never, "a", 1)]) {
      expect(E.isLeft(built) && [built.left.path, built.left.problem]).toEqual(["draft", "reading the input failed (Error: trap)"])
    }
    const throwingFn = new Proxy(() => ({}), { get: () => { throw new Error("trap") } })
    expect(pathOf(Pipeline.buildWith(throwingFn as never)(Pipeline.route("GET /x")))).toBe("defaults")
    expect(message(Pipeline.buildWith(null as never)(Pipeline.route("GET /x")))).toBe("defaults: expected a plain object, got null")
  })

  test("build and buildWith never throw, whatever they are given", () => {
    for (const draft of [undefined, 1, "x", {}, { _tag: "Right" }, { _tag: "Right", right: 1 }, { _tag: "Left", left: "boom" }, new Proxy({}, { get: () => { throw "s" } })]) {
      const built = Pipeline.build(draft as never)
      expect(E.isLeft(built) && isEndpointError(built.left)).toBe(true)
    }
    const lookalike = Object.assign(() => ({}), { DEFAULTS: { baseUrl: "javascript:alert(1)" } })
    expect(pathOf(Pipeline.buildWith(lookalike as never)(Pipeline.route("GET /x")))).toBe("defaults.baseUrl")
  })
})
