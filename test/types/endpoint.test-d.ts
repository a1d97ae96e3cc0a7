// Type tests for the `Endpoint` interface: route literals checked at compile time.
import type { Either } from "fp-ts/lib/Either.js"
import { assertType, describe, expectTypeOf, test } from "vitest"
import {
  endpoint,
  withDefaults,
  Route,
  type BuiltInDefaults,
  type Endpoint,
  type EndpointError,
  type MergedAs,
  type FlatOptions as OptionsType,
  type RequestOptions,
  type SuppliedBy,
} from "../../src/index.js"

describe("required placeholders", () => {
  test("a missing {name} does not compile", () => {
    // @ts-expect-error repo is missing
    endpoint("GET /repos/{owner}/{repo}", { owner: "o" })
    // @ts-expect-error owner and repo are missing: the options are not optional
    endpoint("GET /repos/{owner}/{repo}")
    endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" })
  })

  test("explicit undefined options are fine exactly when nothing is required", () => {
    endpoint("GET /x", undefined)
    const maybe = undefined as { page?: number } | undefined
    endpoint("GET /x", maybe)
    // @ts-expect-error id is missing
    endpoint("GET /x/{id}", undefined)
    // @ts-expect-error id is missing
    endpoint("GET /x/{id}", maybe)
  })

  test("{+name} and :name are required too", () => {
    // @ts-expect-error path is missing
    endpoint("GET /contents/{+path}", {})
    endpoint("GET /contents/{+path}", { path: "a/b" })
    // @ts-expect-error repo is missing
    endpoint("GET /repos/:owner/:repo", { owner: "o" })
    endpoint("GET /repos/:owner/:repo", { owner: "o", repo: "r" })
    // a port is not a parameter
    endpoint("GET https://ghe.example:8443/api/v3/user")
  })

  test("a misspelt parameter is found", () => {
    // @ts-expect-error `repository` is an extra parameter, but `repo` is missing
    endpoint("GET /repos/{owner}/{repo}", { owner: "o", repository: "r" })
  })

  test("optional forms may be left out", () => {
    endpoint("GET /search/issues{?q,page}")
    endpoint("GET /repos{/owner}{/repo}{?page,per_page}", { page: 2 })
    endpoint("GET /x{#frag}{.ext}{;v}{&a}")
  })

  test("extra parameters are allowed: they become query or body", () => {
    endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open", labels: ["bug"] })
    endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Bug", assignees: ["me"] })
  })

  test("the options form is checked when url is a literal", () => {
    endpoint({ url: "/repos/{owner}", owner: "o" })
    // @ts-expect-error owner is missing
    endpoint({ url: "/repos/{owner}" })
    endpoint({ method: "POST", url: "/repos/{owner}/{repo}/issues", owner: "o", repo: "r", title: "t" })
  })

  test("a route fixes the url and the method, as at run time (a different one is an EndpointError there)", () => {
    // @ts-expect-error a webhook's url belongs in data: an options url can only repeat the route's
    endpoint("POST /repos/{owner}/{repo}/hooks", { owner: "o", repo: "r", url: "https://example.com/hook" })
    endpoint("GET /x/{a}", { url: "/x/{a}", a: 1 })
    // @ts-expect-error a is still required: the route's url is the one that counts
    endpoint("GET /x/{a}", { url: "/x/{a}" })
    // @ts-expect-error PUT is not the route's method
    endpoint("GET /x", { method: "PUT" })
    expectTypeOf(endpoint("GET /x", { method: "get" }).method).toEqualTypeOf<"get">()
    const someMethod: string = "PUT"
    endpoint("GET /x", { method: someMethod }) // a plain string is checked at run time
    const options: OptionsType = { url: "/x" }
    endpoint("GET /x", options) // so is a url typed string
  })

  test("a union of routes needs only what every member needs; options of a generic type take more options", () => {
    const u = Math.random() > 0.5 ? ("GET /a/{x}" as const) : ("GET /b/{y}" as const)
    endpoint(u, {})
    endpoint.merge(u, {})
    const w = Math.random() > 0.5 ? ("GET /a/{x}/{z}" as const) : ("POST /b/{x}/{y}" as const)
    expectTypeOf(endpoint(w, { x: 1 }).method).toEqualTypeOf<"get" | "post">()
    // @ts-expect-error x is in both
    endpoint(w, {})
    const generic = <O extends OptionsType>(o: O) => endpoint(o, { headers: { "x-a": "1" } })
    expectTypeOf(generic({ url: "/x" })).toEqualTypeOf<RequestOptions>()
    const hook = (request: Endpoint, o: OptionsType, more?: OptionsType) => request(o, more)
    expectTypeOf(hook(endpoint, { url: "/x" })).toEqualTypeOf<RequestOptions>()
  })
  test("merge shows the route's spelling of its method, as at run time", () => {
    expectTypeOf(endpoint.merge("GET /x", { method: "get" }).method).toEqualTypeOf<"GET">()
    expectTypeOf(endpoint("GET /x", { method: "get" }).method).toEqualTypeOf<"get">()
  })
  test("one two-argument form: an error sits on the argument, where a directive beside it catches it", () => {
    endpoint(
      "GET /repos/{owner}/{repo}",
      // @ts-expect-error repo is missing
      { owner: "o" },
    )
    endpoint(
      { url: "/x" },
      // @ts-expect-error headers must be a record
      { headers: 1 },
    )
  })
})

describe("placeholder values", () => {
  test("scalars, lists and records", () => {
    endpoint("GET /x/{a}/{b}/{c}/{d}", { a: "s", b: 1, c: 2n, d: true })
    endpoint("GET /x/{list}{?keys*}", { list: ["a", 1], keys: { a: "1", b: 2 } })
  })

  test("a prefixed name takes a scalar only", () => {
    endpoint("GET /commits/{sha:7}", { sha: "0123456789" })
    // @ts-expect-error a prefix cannot apply to a list
    endpoint("GET /commits/{sha:7}", { sha: ["a"] })
  })

  test("objects, functions and null are not placeholder values", () => {
    // @ts-expect-error a nested object cannot be expanded
    endpoint("GET /x/{a}", { a: { b: { c: 1 } } })
    // @ts-expect-error null leaves a required placeholder undefined
    endpoint("GET /x/{a}", { a: null })
    // an optional placeholder takes null and undefined
    endpoint("GET /x{?a,b}", { a: null, b: undefined })
  })
})

describe("option value types", () => {
  test("headers", () => {
    endpoint("GET /x", { headers: { accept: "a", "x-n": 1, "x-skip": null, "x-none": undefined } })
    // @ts-expect-error a header value is a string or a number
    endpoint("GET /x", { headers: { "x-bad": true } })
  })

  test("mediaType", () => {
    endpoint("GET /x", { mediaType: { format: "raw", previews: ["symmetra"] } })
    const previews: readonly string[] = ["a"]
    endpoint("GET /x", { mediaType: { previews } })
    // @ts-expect-error previews are strings
    endpoint("GET /x", { mediaType: { previews: [1] } })
    // @ts-expect-error format is a string
    endpoint("GET /x", { mediaType: { format: 1 } })
  })

  test("request is a record; method, url and baseUrl are strings", () => {
    endpoint("GET /x", { request: { timeout: 1000, signal: undefined } })
    // @ts-expect-error request is a record
    endpoint("GET /x", { request: "fast" })
    // @ts-expect-error baseUrl is a string
    endpoint("GET /x", { baseUrl: 1 })
    // @ts-expect-error url is a string
    endpoint({ url: 1 })
  })
})

describe("the result", () => {
  test("method is the lowercase literal of a literal route", () => {
    expectTypeOf(endpoint("GET /x").method).toEqualTypeOf<"get">()
    expectTypeOf(endpoint("/x").method).toEqualTypeOf<"get">()
    expectTypeOf(endpoint("  PROPFIND\t/x  ").method).toEqualTypeOf<"propfind">()
    expectTypeOf(endpoint({ method: "POST", url: "/x" }).method).toEqualTypeOf<"post">()
    expectTypeOf(endpoint.defaults({ method: "DELETE", url: "/x" })({}).method).toEqualTypeOf<"delete">()
  })

  test("a union of routes gives a union of methods", () => {
    const r = Math.random() > 0.5 ? ("POST /x" as const) : ("/y" as const)
    expectTypeOf(endpoint(r).method).toEqualTypeOf<"post" | "get">()
  })

  test("the shape", () => {
    const r = endpoint("POST /x", { a: 1 })
    expectTypeOf(r).toEqualTypeOf<RequestOptions<"post">>()
    expectTypeOf(r.url).toEqualTypeOf<string>()
    expectTypeOf(r.headers).toEqualTypeOf<{ [name: string]: string | number }>()
    expectTypeOf(r.body).toEqualTypeOf<unknown>()
    expectTypeOf(r.request).toEqualTypeOf<{ readonly [key: string]: unknown } | undefined>()
    // a literal result is still a RequestOptions
    assertType<RequestOptions>(r)
  })

  test("either carries the same types", () => {
    expectTypeOf(endpoint.either("PATCH /x/{id}", { id: 1 })).toEqualTypeOf<
      Either<EndpointError, RequestOptions<"patch">>
    >()
    // @ts-expect-error id is missing
    endpoint.either("PATCH /x/{id}", {})
  })
})

describe("merge and parse", () => {
  test("merge keeps method as written and url as the template", () => {
    expectTypeOf(endpoint.merge("GET /x").method).toEqualTypeOf<"GET">()
    expectTypeOf(endpoint.merge("post /x/{id}", { id: 1 })).toEqualTypeOf<MergedAs<"post", "/x/{id}"> & { readonly id: 1 }>()
    // it carries the parameters given, so it can be passed back
    expectTypeOf(endpoint(endpoint.merge("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" })).method).toEqualTypeOf<"get">()
    expectTypeOf(endpoint.merge({ method: "PUT", url: "/x" }).method).toEqualTypeOf<"PUT">()
    // @ts-expect-error id is missing
    endpoint.merge("GET /x/{id}")
  })

  test("parse lowercases a known method; no method is GET", () => {
    expectTypeOf(endpoint.parse(endpoint.merge("POST /x")).method).toEqualTypeOf<"post">()
    expectTypeOf(endpoint.parse({ url: "/x" }).method).toEqualTypeOf<"get">()
    const merged = endpoint.merge("GET /x" as string)
    expectTypeOf(endpoint.parse(merged).method).toEqualTypeOf<string>()
  })
})

describe("defaults", () => {
  test("a parameter supplied by defaults is no longer required", () => {
    const mine = endpoint.defaults({ owner: "o" })
    mine("GET /repos/{owner}/{repo}", { repo: "r" })
    // @ts-expect-error repo is still missing
    mine("GET /repos/{owner}/{repo}", {})
    // the supplied one may still be given
    mine("GET /repos/{owner}/{repo}", { owner: "other", repo: "r" })
  })

  test("at any depth of cascading", () => {
    const e = endpoint.defaults({ owner: "o" }).defaults({ headers: { authorization: "token x" } }).defaults({ repo: "r" })
    e("GET /repos/{owner}/{repo}")
    e("GET /repos/{owner}/{repo}/issues/{issue_number}", { issue_number: 1 })
    // @ts-expect-error issue_number is missing
    e("GET /repos/{owner}/{repo}/issues/{issue_number}")
  })

  test("withDefaults is defaults on the built-in endpoint", () => {
    withDefaults({ org: "octokit" })("GET /orgs/{org}/repos")
  })

  test("a default url and its parameters", () => {
    const e = endpoint.defaults({ url: "/repos/{owner}/{repo}" })
    e({ owner: "o", repo: "r" })
    // @ts-expect-error repo is missing from the default url's parameters
    e({ owner: "o" })
  })

  test("undefined and null supply nothing", () => {
    const e = endpoint.defaults({ owner: undefined, repo: null })
    // @ts-expect-error owner and repo are still missing
    e("GET /repos/{owner}/{repo}", {})
  })

  test("a value that cannot fill a placeholder supplies nothing: it would be an EndpointError at run time", () => {
    const dated = endpoint.defaults({ owner: new Date() })
    // @ts-expect-error owner is missing: a Date cannot expand
    dated("GET /repos/{owner}/{repo}", { repo: "r" })
    // @ts-expect-error missing parameter: owner
    dated("GET /repos/{owner}")
    dated("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" })
    dated("POST /x") // a body field takes any value
    // @ts-expect-error a later Date replaces a good value, as at run time
    endpoint.defaults({ owner: "o" }).defaults({ owner: new Date() })("GET /repos/{owner}")
    endpoint.defaults({ owner: new Date() }).defaults({ owner: "o" })("GET /repos/{owner}")
    // @ts-expect-error a Date in withDefaults neither
    withDefaults({ owner: new Date() })("GET /repos/{owner}")
  })

  test("a prefixed placeholder is supplied by a scalar only, as endpoint() takes it", () => {
    const listed = endpoint.defaults({ sha: ["a", "b"] })
    // @ts-expect-error missing parameter: sha (a prefix cannot cut a list)
    listed("GET /c/{sha:7}")
    // @ts-expect-error sha is missing
    listed("GET /c/{sha:7}", { page: 1 })
    listed("GET /c/{sha:7}", { sha: "abcdef0" })
    listed("GET /c/{sha}") // a list fills a name without a prefix
    listed("GET /c/{sha*}")
    // @ts-expect-error a record neither, in a default url
    endpoint.defaults({ url: "/c/{sha:7}", sha: { a: "1" } })({})
    endpoint.defaults({ sha: "abcdef0123" })("GET /c/{sha:7}")
  })

  test("SuppliedBy: the keys whose value fills a placeholder (a scalar for the prefixed names given), and the options set", () => {
    expectTypeOf<SuppliedBy<BuiltInDefaults & { readonly owner: "octokit"; readonly page?: number }>>().toEqualTypeOf<
      "owner" | "method" | "baseUrl" | "headers" | "mediaType"
    >()
    expectTypeOf<SuppliedBy<{ readonly owner: Date; readonly repo: "r"; readonly f: () => void; readonly m: string | Date }>>().toEqualTypeOf<"repo">()
    expectTypeOf<SuppliedBy<{ readonly sha: readonly ["a"]; readonly q: { readonly a: 1 } }>>().toEqualTypeOf<"sha" | "q">()
    expectTypeOf<SuppliedBy<{ readonly sha: readonly ["a"]; readonly q: { readonly a: 1 }; readonly n: 1 }, "sha" | "q" | "n">>().toEqualTypeOf<"n">()
    expectTypeOf<SuppliedBy<any>>().toEqualTypeOf<string>()
  })

  test("DEFAULTS keeps its precise type", () => {
    expectTypeOf(endpoint.DEFAULTS).toEqualTypeOf<BuiltInDefaults>()
    const e = endpoint.defaults({ owner: "o", per_page: 100 }).defaults({ baseUrl: "https://ghe.example/api/v3" })
    expectTypeOf(e.DEFAULTS).toEqualTypeOf<
      BuiltInDefaults & { readonly owner: "o"; readonly per_page: 100 } & { readonly baseUrl: "https://ghe.example/api/v3" }
    >()
    expectTypeOf(e.DEFAULTS.baseUrl).toEqualTypeOf<"https://ghe.example/api/v3">()
    expectTypeOf(e.DEFAULTS.method).toEqualTypeOf<string>()
    // still options: usable wherever Options are
    assertType<OptionsType>(e.DEFAULTS)
  })

  test("a derived endpoint is still an Endpoint", () => {
    const e: Endpoint = endpoint.defaults({ owner: "o" })
    assertType<Endpoint>(e)
    // a bare `Endpoint` requires every parameter: it knows no extra defaults
    // @ts-expect-error owner is missing
    e("GET /repos/{owner}")
  })

  test("one of two endpoints, chosen at run time, is called through the Endpoint type", () => {
    const ghe = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3" })
    const mine = endpoint.defaults({ owner: "o" })
    const either = Math.random() > 0.5 ? ghe : mine
    // @ts-expect-error two derived endpoint types, one whose defaults supply a parameter, have no common call signature
    either("GET /user")
    const chosen: Endpoint = Math.random() > 0.5 ? ghe : mine
    expectTypeOf(chosen("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).method).toEqualTypeOf<"get">()
  })
})

describe("plain string routes stay permissive", () => {
  test("any parameters, no options needed", () => {
    const route: string = "GET /repos/{owner}/{repo}"
    endpoint(route)
    endpoint(route, { anything: 1, nested: { deep: [{}] } })
    expectTypeOf(endpoint(route).method).toEqualTypeOf<string>()
    const options: Record<string, unknown> = { owner: "o" }
    endpoint(route, options)
    endpoint({ url: route })
    const url: string = "/x/{y}"
    endpoint({ url, method: "GET" as string })
  })

  test("options typed as Options work everywhere", () => {
    const o: OptionsType = { url: "/x/{y}", y: 1 }
    endpoint(o)
    endpoint("GET /x" as string, o)
    endpoint.defaults(o)
    endpoint.parse(o)
  })
})

describe("Route.parse", () => {
  test("a literal route gives typed method and url", () => {
    expectTypeOf(Route.parse("POST /x")).toEqualTypeOf<Either<EndpointError, Route.Route<"POST", "/x">>>()
    expectTypeOf(Route.parse(" /repos/{owner} ")).toEqualTypeOf<
      Either<EndpointError, Route.Route<"GET", "/repos/{owner}">>
    >()
    expectTypeOf(Route.parse("DELETE\t/x")).toEqualTypeOf<Either<EndpointError, Route.Route<"DELETE", "/x">>>()
    expectTypeOf(Route.parse("GET /x" as string)).toEqualTypeOf<Either<EndpointError, Route.Route>>()
  })
})

describe("GitHub's own route names", () => {
  test("a `-` inside a {name} is part of the name, and required", () => {
    endpoint("GET /enterprises/{enterprise}/teams/{enterprise-team}", { enterprise: "e", "enterprise-team": "t" })
    // @ts-expect-error enterprise-team is missing
    endpoint("GET /enterprises/{enterprise}/teams/{enterprise-team}", { enterprise: "e" })
    // @ts-expect-error missing parameter: enterprise-team
    endpoint("GET /enterprises/{enterprise}/teams/{enterprise-team}")
    withDefaults({ enterprise: "e", "enterprise-team": "t" })("GET /enterprises/{enterprise}/teams/{enterprise-team}")
  })
})

describe("options typed with an interface", () => {
  interface RepoRef {
    owner: string
    repo: string
  }
  interface Page {
    per_page?: number
    headers?: { readonly "if-none-match"?: string }
  }
  const ref: RepoRef = { owner: "octokit", repo: "rest.js" }
  const page: Page = { per_page: 100 }

  test("are accepted wherever options are", () => {
    endpoint("GET /repos/{owner}/{repo}", ref)
    endpoint("GET /user/repos", page)
    endpoint.either("GET /repos/{owner}/{repo}", ref)
    endpoint.merge("GET /repos/{owner}/{repo}", ref)
    const mine = endpoint.defaults(ref)
    mine("GET /repos/{owner}/{repo}/issues")
    withDefaults(ref)("GET /repos/{owner}/{repo}")
    endpoint.parse(page)
    interface WithUrl {
      url: "/repos/{owner}/{repo}"
      owner: string
      repo: string
    }
    const w: WithUrl = { url: "/repos/{owner}/{repo}", ...ref }
    endpoint(w)
  })

  test("are still checked", () => {
    // @ts-expect-error repo is missing from the interface
    endpoint("GET /repos/{owner}/{repo}/issues/{issue_number}", ref)
    interface Bad {
      owner: string
      repo: Date
    }
    const bad = { owner: "o", repo: new Date() } as Bad
    // @ts-expect-error a Date is not a placeholder value
    endpoint("GET /repos/{owner}/{repo}", bad)
    interface BadHeaders {
      headers: { "x-a": boolean }
    }
    // @ts-expect-error a header value is a string or a number
    endpoint("GET /x", { headers: { "x-a": true } } as BadHeaders)
  })
})

describe("options typed as FlatOptions (EndpointOptions)", () => {
  test("after a route typed as string, and alone", () => {
    const o: OptionsType = { url: "/x/{y}", y: 1 }
    expectTypeOf(endpoint("GET /x" as string, o).method).toEqualTypeOf<string>()
    expectTypeOf(endpoint(o).method).toEqualTypeOf<string>()
    expectTypeOf(endpoint.either(o)).toEqualTypeOf<Either<EndpointError, RequestOptions>>()
    expectTypeOf(endpoint.merge("GET /x" as string, o)).toEqualTypeOf<MergedAs<string, string>>()
  })
})

describe("an Endpoint<any> takes any route", () => {
  test("its defaults may supply anything", () => {
    const list = (e: Endpoint<any>) => e("GET /repos/{owner}/{repo}")
    expectTypeOf(list).returns.toEqualTypeOf<RequestOptions<"get">>()
    const merged = (e: Endpoint<any>) => e.merge("GET /repos/{owner}/{repo}")
    expectTypeOf(merged).returns.toEqualTypeOf<MergedAs<"GET", "/repos/{owner}/{repo}">>()
    const either = (e: Endpoint<any>) => e.either("GET /repos/{owner}/{repo}", { per_page: 1 })
    expectTypeOf(either).returns.toEqualTypeOf<Either<EndpointError, RequestOptions<"get">>>()
    // values are still checked
    // @ts-expect-error a nested object cannot be expanded
    ;(e: Endpoint<any>) => e("GET /repos/{owner}", { owner: { a: { b: 1 } } })
  })
  test("a bare Endpoint still requires every parameter", () => {
    // @ts-expect-error missing parameter: owner
    ;(e: Endpoint) => e("GET /repos/{owner}")
  })
})

describe("one argument: a route or options, one signature", () => {
  test("a route alone", () => {
    expectTypeOf(endpoint("GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "p" }).method).toEqualTypeOf<"get">()
    // @ts-expect-error missing parameter: path
    endpoint("GET /repos/{owner}/{repo}/contents/{path}")
    // @ts-expect-error missing parameter: path
    endpoint.merge("GET /repos/{owner}/{repo}/contents/{path}")
    // @ts-expect-error missing parameter: path
    endpoint.either("GET /repos/{owner}/{repo}/contents/{path}")
  })
  test("options alone", () => {
    expectTypeOf(endpoint({ method: "DELETE", url: "/x/{id}", id: 1 }).method).toEqualTypeOf<"delete">()
    expectTypeOf(endpoint.merge({ method: "DELETE", url: "/x/{id}", id: 1 })).toEqualTypeOf<MergedAs<"DELETE", "/x/{id}"> & { readonly id: 1 }>() // the parameters, to pass it back
    expectTypeOf(endpoint.either({ url: "/x" })).toEqualTypeOf<Either<EndpointError, RequestOptions<string>>>()
    // @ts-expect-error id is missing
    endpoint({ method: "DELETE", url: "/x/{id}" })
    // @ts-expect-error url is a string
    endpoint.merge({ url: 1 })
    // @ts-expect-error neither a route nor options
    endpoint(1)
  })
  test("a route or options typed loosely", () => {
    const route = "GET /x" as string
    expectTypeOf(endpoint(route).method).toEqualTypeOf<string>()
    const union = Math.random() > 0.5 ? ("/a/{x}" as const) : ("/b" as const)
    // a name is required only when every route requires it
    endpoint(union)
  })
})

describe("options, then options (README decisions: @octokit/core's hooks call request(options, options))", () => {
  test("endpoint, merge and either take two options objects", () => {
    expectTypeOf(endpoint({ method: "POST", url: "/repos/{owner}/{repo}/issues", owner: "o", repo: "r" }, { title: "t" })).toEqualTypeOf<RequestOptions>()
    expectTypeOf(endpoint.either({ url: "/x" }, { page: 1 })).toEqualTypeOf<Either<EndpointError, RequestOptions>>()
    expectTypeOf(endpoint.merge({ url: "/x" }, { headers: { a: "1" } }).url).toEqualTypeOf<string>() // merge() needs a url
    const hook = (request: Endpoint, route: OptionsType, parameters: OptionsType) => request(route, parameters)
    expectTypeOf(hook(endpoint, { url: "/x" }, { page: 1 })).toEqualTypeOf<RequestOptions>()
  })
  test("a route then options is still checked: a missing placeholder still does not compile", () => {
    // @ts-expect-error repo is missing
    endpoint("GET /repos/{owner}/{repo}", { owner: "o" })
    // @ts-expect-error the options' headers are checked
    endpoint({ url: "/x" }, { headers: 1 })
  })
})

describe("a cascade that overrides a default (Defaulted: the later value wins, as at run time)", () => {
  test("DEFAULTS keeps the later value, not never, and placeholder checks stay on", () => {
    const o = endpoint.defaults({ owner: "a" }).defaults({ owner: "b" })
    expectTypeOf(o.DEFAULTS.owner).toEqualTypeOf<"b">()
    // @ts-expect-error repo is still required
    o("GET /repos/{owner}/{repo}/issues/{issue_number}")
    o("GET /repos/{owner}/{repo}", { repo: "r" })
    const p = endpoint.defaults({ per_page: 100 }).defaults({ per_page: 50 })
    expectTypeOf(p.DEFAULTS.per_page).toEqualTypeOf<50>()
    // @ts-expect-error repo is still required
    p("GET /repos/{owner}/{repo}", { owner: "o" })
  })
  test("what does not clash stays: the built-in defaults, other parameters, the index signature; still an Endpoint", () => {
    const o = endpoint.defaults({ owner: "a", repo: "r" }).defaults({ owner: "b" })
    assertType<Endpoint>(o)
    expectTypeOf(o.DEFAULTS.baseUrl).toEqualTypeOf<string>()
    o("GET /repos/{owner}/{repo}") // repo still comes from the first defaults
    // @ts-expect-error repo is missing: a url in the defaults is still checked
    endpoint.defaults({ url: "/repos/{owner}/{repo}", owner: "a" }).defaults({ owner: "b" })({})
  })
  test("headers and a media type that clash combine key by key, as at run time", () => {
    const h = endpoint.defaults({ headers: { accept: "a" } }).defaults({ headers: { accept: "b" } })
    expectTypeOf(h.DEFAULTS.headers.accept).toEqualTypeOf<"b">()
    expectTypeOf(h.DEFAULTS.headers["user-agent"]).toEqualTypeOf<string | number | null | undefined>() // the index signature, read with noUncheckedIndexedAccess
    const m = endpoint.defaults({ mediaType: { format: "raw" } }).defaults({ mediaType: { format: "diff" } })
    expectTypeOf(m.DEFAULTS.mediaType.format).toEqualTypeOf<"diff">()
    expectTypeOf(m.DEFAULTS.mediaType.previews).toEqualTypeOf<ReadonlyArray<string>>()
    // two lists of previews are their ordered union at run time, not the never of two tuples
    const p = endpoint.defaults({ mediaType: { format: "raw", previews: ["mercy"] } }).defaults({ mediaType: { previews: ["symmetra"] } })
    expectTypeOf(p.DEFAULTS.mediaType.previews).toEqualTypeOf<ReadonlyArray<string>>()
    expectTypeOf(p.DEFAULTS.mediaType.format).toEqualTypeOf<"raw">()
    assertType<Endpoint>(p)
  })
  test("a media type that may be undefined keeps the defaults' one; previews elsewhere is no list", () => {
    const raw = Math.random() > 0.5
    const c = endpoint.defaults({ mediaType: raw ? { format: "raw" } : undefined })
    assertType<Endpoint>(c)
    expectTypeOf(c.DEFAULTS.mediaType.previews).toEqualTypeOf<ReadonlyArray<string>>()
    const make = (mediaType?: OptionsType["mediaType"]): Endpoint => endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", mediaType })
    assertType<Endpoint>(make())
    expectTypeOf(endpoint.defaults({ page: 1, previews: "a" }).defaults({ previews: "b" }).DEFAULTS.previews).toEqualTypeOf<"b">()
    expectTypeOf(endpoint.defaults({ headers: { previews: "a" } }).defaults({ headers: { previews: "b" } }).DEFAULTS.headers.previews).toEqualTypeOf<"b">()
  })
  test("a value that is not a record replaces the earlier one, as at run time: no intersection claims what is gone", () => {
    const s = endpoint.defaults({ p: { a: 1 } }).defaults({ p: "x" })
    expectTypeOf(s.DEFAULTS.p).toEqualTypeOf<"x">() // at run time "x": an intersection `{ a: 1 } & "x"` would claim p.a
    const l = endpoint.defaults({ labels: ["a"] }).defaults({ labels: ["b", "c"] })
    expectTypeOf(l.DEFAULTS.labels).toEqualTypeOf<readonly ["b", "c"]>() // two lists: the later one, not `never` members
    const o = endpoint.defaults({ p: { a: 1 } }).defaults({ p: [1] })
    expectTypeOf(o.DEFAULTS.p).toEqualTypeOf<readonly [1]>()
    const r = endpoint.defaults({ request: { agent: { a: 1 }, timeout: 1 } }).defaults({ request: { agent: "x" } })
    expectTypeOf(r.DEFAULTS.request.agent).toEqualTypeOf<"x">() // request merges key by key, each key as a parameter does
    expectTypeOf(r.DEFAULTS.request.timeout).toEqualTypeOf<1>()
    const m = endpoint.defaults({ p: { a: 1 } }).defaults({ p: { b: 2 } })
    expectTypeOf(m.DEFAULTS.p).toEqualTypeOf<{ readonly b: 2 }>() // a parameter is replaced whole, a record too (one-level union)
    assertType<Endpoint>(s)
    assertType<Endpoint>(r)
  })
  test("a record parameter or a request key is replaced whole: no intersection claims what is gone", () => {
    const n = endpoint.defaults({ p: { a: { x: 1 } } }).defaults({ p: { a: 5 } })
    expectTypeOf(n.DEFAULTS.p.a).toEqualTypeOf<5>() // at run time p is { a: 5 }: { x: 1 } & 5 would claim p.a.x
    const r = endpoint.defaults({ request: { a: { b: { x: 1 } } } }).defaults({ request: { a: { b: "s" } } })
    expectTypeOf(r.DEFAULTS.request.a.b).toEqualTypeOf<"s">()
    const token: string = "token b"
    const h = endpoint.defaults({ headers: { authorization: "token a" } }).defaults({ headers: { authorization: token } })
    expectTypeOf(h.DEFAULTS.headers.authorization).toEqualTypeOf<string>() // the later string, not the earlier literal
    const m = endpoint.defaults({ p: { a: 1, b: 1 } }).defaults({ p: { a: 2 } })
    expectTypeOf(m.DEFAULTS.p).toEqualTypeOf<{ readonly a: 2 }>() // { a: 2 } at run time: b is gone
    const wide: Record<string, number> = { n: 1 }
    expectTypeOf(endpoint.defaults({ p: { b: "s" } }).defaults({ p: wide }).DEFAULTS.p).toEqualTypeOf<Record<string, number>>()
    assertType<Endpoint>(n)
    assertType<Endpoint>(h)
  })
  test("a method overridden gives the later method; an undefined override keeps the earlier value", () => {
    expectTypeOf(endpoint.defaults({ method: "POST", url: "/x" }).defaults({ method: "PUT" })({}).method).toEqualTypeOf<"put">()
    const u = endpoint.defaults({ owner: "o" }).defaults({ owner: undefined })
    expectTypeOf(u.DEFAULTS.owner).toEqualTypeOf<"o">()
    u("GET /repos/{owner}/{repo}", { repo: "r" })
  })
})
