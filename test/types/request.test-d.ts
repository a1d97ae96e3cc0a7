// The pipeline tracks which placeholders of a route literal are still missing,
// and the route's method.
import { pipe } from "fp-ts/lib/function.js"
import * as E from "fp-ts/lib/Either.js"
import { describe, expectTypeOf, test } from "vitest"
import { endpoint, Options, Request, type EndpointError, type Endpoint, type Merged, type RequestOptions } from "../../src/index.js"

describe("Request pipeline types", () => {
  test("a route literal starts with its required placeholders missing, and its method", () => {
    expectTypeOf(Request.route("POST /repos/{owner}/{repo}/issues")).toEqualTypeOf<Request.Draft<"owner" | "repo", "POST">>()
    expectTypeOf(Request.route("GET /orgs/:org{?page}")).toEqualTypeOf<Request.Draft<"org", "GET">>()
    expectTypeOf(Request.route("GET /user")).toEqualTypeOf<Request.Draft<never, "GET">>()
    expectTypeOf(Request.route("/user")).toEqualTypeOf<Request.Draft<never, "GET">>()
    expectTypeOf(Request.route("GET /orgs/{org}", { org: "o" })).toEqualTypeOf<Request.Draft<never, "GET">>()
    expectTypeOf(Request.route("GET /enterprises/{enterprise}/teams/{enterprise-team}")).toEqualTypeOf<
      Request.Draft<"enterprise" | "enterprise-team", "GET">
    >()
  })
  test("params, param and with remove what they supply; other steps keep the rest", () => {
    const d = pipe(Request.route("POST /repos/{owner}/{repo}/issues"), Request.params({ owner: "o" }))
    expectTypeOf(d).toEqualTypeOf<Request.Draft<"repo", "POST">>()
    expectTypeOf(pipe(d, Request.header("x-a", "1"), Request.authorization("token 0"))).toEqualTypeOf<Request.Draft<"repo", "POST">>()
    expectTypeOf(pipe(d, Request.param("repo", "r"))).toEqualTypeOf<Request.Draft<never, "POST">>()
    expectTypeOf(Request.param(d, "repo", "r")).toEqualTypeOf<Request.Draft<never, "POST">>()
    expectTypeOf(pipe(d, Request.with({ repo: "r" }))).toEqualTypeOf<Request.Draft<never, "POST">>()
    // undefined supplies nothing
    expectTypeOf(pipe(d, Request.params({ repo: undefined }))).toEqualTypeOf<Request.Draft<"repo", "POST">>()
  })
  test("build wants nothing missing", () => {
    pipe(Request.route("GET /repos/{owner}/{repo}"), Request.params({ owner: "o", repo: "r" }), Request.build)
    // @ts-expect-error missing parameter: repo
    pipe(Request.route("GET /repos/{owner}/{repo}"), Request.params({ owner: "o" }), Request.build)
    // @ts-expect-error nothing supplied
    Request.build(Request.route("GET /orgs/{org}"))
  })
  test("buildWith accepts what the endpoint's defaults supply", () => {
    const mine = endpoint.defaults({ owner: "octokit" })
    pipe(Request.route("GET /repos/{owner}/{repo}"), Request.param("repo", "r"), Request.buildWith(mine))
    // @ts-expect-error the defaults supply owner, not repo
    pipe(Request.route("GET /repos/{owner}/{repo}"), Request.buildWith(mine))
    pipe(Request.route("GET /repos/{owner}/{repo}"), Request.buildWith({ owner: "o", repo: "r" }))
    // @ts-expect-error options given as defaults supply owner, not repo
    pipe(Request.route("GET /repos/{owner}/{repo}"), Request.buildWith({ owner: "o" }))
  })
  test("defaults whose value cannot fill a placeholder supply nothing", () => {
    const draft = pipe(Request.route("GET /repos/{owner}/{repo}"), Request.param("repo", "r"))
    // @ts-expect-error missing parameter: owner (a Date cannot expand)
    pipe(draft, Request.buildWith({ owner: new Date() }))
    // @ts-expect-error the same through an endpoint
    pipe(draft, Request.buildWith(endpoint.defaults({ owner: new Date() })))
    pipe(draft, Request.buildWith({ owner: "o", since: new Date() })) // since fills no placeholder
  })
  test("a route typed as plain string is not checked", () => {
    const route: string = "GET /repos/{owner}"
    pipe(Request.route(route), Request.build)
    expectTypeOf(pipe(Request.route(route), Request.build)).toEqualTypeOf<E.Either<EndpointError, RequestOptions>>()
  })
})

describe("build keeps the method literal, as endpoint() does", () => {
  test("the route's method, lowercased", () => {
    expectTypeOf(pipe(Request.route("GET /x"), Request.build)).toEqualTypeOf<E.Either<EndpointError, RequestOptions<"get">>>()
    expectTypeOf(Request.build(Request.route("/x"))).toEqualTypeOf<E.Either<EndpointError, RequestOptions<"get">>>()
    expectTypeOf(
      pipe(Request.route("POST /repos/{owner}/{repo}/issues"), Request.params({ owner: "o", repo: "r" }), Request.header("x-a", "1"), Request.build),
    ).toEqualTypeOf<E.Either<EndpointError, RequestOptions<"post">>>()
    // the same as endpoint()
    expectTypeOf(endpoint("PATCH /x").method).toEqualTypeOf<"patch">()
    expectTypeOf(pipe(Request.route("PATCH /x"), Request.build)).toEqualTypeOf<E.Either<EndpointError, RequestOptions<"patch">>>()
  })
  test("through every step, data-last and data-first", () => {
    const d = Request.route("DELETE /x/{id}")
    const steps = pipe(
      d,
      Request.param("id", 1),
      Request.header("x-a", "1"),
      Request.headers({ "x-b": 2 }),
      Request.authorization("token 0"),
      Request.baseUrl("https://ghe.example/api/v3"),
      Request.previews(["mercy"]),
      Request.format("raw"),
      Request.data(null),
      Request.meta({ timeout: 1 }),
    )
    expectTypeOf(steps).toEqualTypeOf<Request.Draft<never, "DELETE">>()
    expectTypeOf(Request.meta(Request.format(Request.param(d, "id", 1), "raw"), {})).toEqualTypeOf<Request.Draft<never, "DELETE">>()
    expectTypeOf(pipe(steps, Request.buildWith(endpoint))).toEqualTypeOf<E.Either<EndpointError, RequestOptions<"delete">>>()
  })
  test("options that set the method set it; a draft without one builds a string method", () => {
    expectTypeOf(pipe(Request.empty, Request.with({ method: "PUT", url: "/x" }), Request.build)).toEqualTypeOf<
      E.Either<EndpointError, RequestOptions<"put">>
    >()
    expectTypeOf(pipe(Request.empty, Request.with({ url: "/x" }), Request.build)).toEqualTypeOf<E.Either<EndpointError, RequestOptions>>()
    expectTypeOf(pipe(Request.fromOptions({ url: "/x" }), Request.build)).toEqualTypeOf<E.Either<EndpointError, RequestOptions>>()
  })
  test("a draft with a known method is still a Draft", () => {
    const d: Request.Draft = Request.route("GET /user")
    expectTypeOf(Request.merged(Request.route("GET /user"))).toEqualTypeOf(Request.merged(d))
  })
})

describe("param checks a placeholder's value where the route needs one", () => {
  test("a placeholder the route misses takes a Placeholder", () => {
    pipe(Request.route("GET /x/{a}"), Request.param("a", "s"), Request.build)
    pipe(Request.route("GET /x/{a}"), Request.param("a", 1), Request.build)
    pipe(Request.route("GET /x/{a}"), Request.param("a", ["l", 1, true, 2n]), Request.build)
    pipe(Request.route("GET /x/{a}"), Request.param("a", { k: "v" }), Request.build)
    // @ts-expect-error parameter a: expected a string, number, boolean, bigint, list or record, got a Date
    pipe(Request.route("GET /x/{a}"), Request.param("a", new Date()), Request.build)
    // @ts-expect-error the same data-first
    Request.param(Request.route("GET /x/{a}"), "a", new Date())
    // @ts-expect-error got undefined
    pipe(Request.route("GET /x/{a}"), Request.param("a", undefined as string | undefined), Request.build)
    // @ts-expect-error got an object that is not a record of scalars
    pipe(Request.route("GET /x/{a}"), Request.param("a", { nested: { b: 1 } }), Request.build)
  })
  test("a route fixes the method: with, params and route may repeat it (in any case), not change it", () => {
    pipe(Request.route("GET /x/{a}"), Request.with({ method: "get" }), Request.param("a", 1), Request.build)
    // @ts-expect-error method: the route fixed it to GET
    pipe(Request.route("GET /x/{a}"), Request.with({ method: "PUT" }), Request.param("a", 1), Request.build)
    // @ts-expect-error the same data-first
    Request.params(Request.route("GET /x/{a}"), { a: 1, method: "post" })
    // @ts-expect-error and in the route's own parameters
    Request.route("GET /x/{a}", { a: 1, method: "PUT" })
    expectTypeOf(pipe(Request.empty, Request.with({ url: "/x", method: "PUT" }), Request.build)).toEqualTypeOf<E.Either<EndpointError, RequestOptions<"put">>>()
  })
  test("params, with and route check their values as param does", () => {
    pipe(Request.route("GET /x/{a}"), Request.params({ a: "s", since: new Date() }), Request.build) // since fills no placeholder
    // @ts-expect-error parameter a: expected a string, number, boolean, bigint, list or record, got a Date
    pipe(Request.route("GET /x/{a}"), Request.params({ a: new Date() }), Request.build)
    // @ts-expect-error the same data-first
    Request.params(Request.route("GET /x/{a}"), { a: new Date() })
    // @ts-expect-error and in the route's own parameters
    Request.route("GET /x/{a}", { a: new Date() })
    Request.route("GET /x/{a}", { a: ["l", 1] })
  })
  test("any other parameter (a body field) takes any value", () => {
    pipe(Request.route("POST /x/{a}"), Request.param("a", "s"), Request.param("since", new Date()), Request.build)
    pipe(Request.route("POST /repos/{owner}/{repo}/hooks"), Request.params({ owner: "o", repo: "r" }), Request.param("config", { url: "https://e.x", insecure_ssl: { v: 0 } }), Request.build)
    Request.param(Request.route("POST /x"), "config", { nested: { b: 1 } })
  })
})

describe("drafts and endpoints typed loosely", () => {
  test("an Endpoint<any> as buildWith's defaults supplies anything", () => {
    const build = (e: Endpoint<any>) => pipe(Request.route("GET /repos/{owner}/{repo}"), Request.buildWith(e))
    expectTypeOf(build).returns.toEqualTypeOf<E.Either<EndpointError, RequestOptions<"get">>>()
  })

  test("a plain Either of options (Options.decode's, or a draft after E.map) goes through every step to build", () => {
    const decoded = (u: unknown) => Options.decode(u)
    expectTypeOf(pipe(decoded(1), Request.with({ url: "/x" }), Request.build)).toEqualTypeOf<E.Either<EndpointError, RequestOptions>>()
    expectTypeOf(pipe(decoded(1), Request.param("x", 1), Request.header("a", "b"), Request.build)).toEqualTypeOf<E.Either<EndpointError, RequestOptions>>()
    expectTypeOf(pipe(Request.route("GET /x/{a}"), E.map((o) => o), Request.param("a", 1), Request.build)).toEqualTypeOf<E.Either<EndpointError, RequestOptions>>()
    expectTypeOf(Request.build(Request.with(decoded(1), { url: "/x" }))).toEqualTypeOf<E.Either<EndpointError, RequestOptions>>()
  })
})

describe("Request.merged", () => {
  test("takes a draft that still misses placeholders: merging does not expand the url", () => {
    expectTypeOf(Request.merged(Request.route("GET /orgs/{org}/repos"))).toEqualTypeOf<E.Either<EndpointError, Merged>>()
  })
})
