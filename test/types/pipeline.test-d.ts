// The pipeline tracks which placeholders of a route literal are still missing (Draft<Missing, Method>),
// and the route's method; its name, Pipeline, leaves the platform's global Request alone.
import { pipe } from "fp-ts/lib/function.js"
import * as E from "fp-ts/lib/Either.js"
import { describe, expectTypeOf, test } from "vitest"
import { endpoint, Pipeline, toRequest, type EndpointError, type Endpoint, type FlatOptions, type Merged, type RequestOptions } from "../../src/index.js"

describe("Pipeline types", () => {
  test("a route literal starts with its required placeholders missing, and its method", () => {
    expectTypeOf(Pipeline.route("POST /repos/{owner}/{repo}/issues")).toEqualTypeOf<Pipeline.Draft<"owner" | "repo", "POST">>()
    expectTypeOf(Pipeline.route("GET /orgs/:org{?page}")).toEqualTypeOf<Pipeline.Draft<"org", "GET">>()
    expectTypeOf(Pipeline.route("GET /user")).toEqualTypeOf<Pipeline.Draft<never, "GET">>()
    expectTypeOf(Pipeline.route("/user")).toEqualTypeOf<Pipeline.Draft<never, "GET">>()
    expectTypeOf(Pipeline.route("GET /orgs/{org}", { org: "o" })).toEqualTypeOf<Pipeline.Draft<never, "GET">>()
    expectTypeOf(Pipeline.route("GET /enterprises/{enterprise}/teams/{enterprise-team}")).toEqualTypeOf<
      Pipeline.Draft<"enterprise" | "enterprise-team", "GET">
    >()
  })
  test("params, param and with remove what they supply; other steps keep the rest", () => {
    const d = pipe(Pipeline.route("POST /repos/{owner}/{repo}/issues"), Pipeline.params({ owner: "o" }))
    expectTypeOf(d).toEqualTypeOf<Pipeline.Draft<"repo", "POST">>()
    expectTypeOf(pipe(d, Pipeline.header("x-a", "1"), Pipeline.authorization("token 0"))).toEqualTypeOf<Pipeline.Draft<"repo", "POST">>()
    expectTypeOf(pipe(d, Pipeline.param("repo", "r"))).toEqualTypeOf<Pipeline.Draft<never, "POST">>()
    expectTypeOf(Pipeline.param(d, "repo", "r")).toEqualTypeOf<Pipeline.Draft<never, "POST">>()
    expectTypeOf(pipe(d, Pipeline.with({ repo: "r" }))).toEqualTypeOf<Pipeline.Draft<never, "POST">>()
    // undefined supplies nothing
    expectTypeOf(pipe(d, Pipeline.params({ repo: undefined }))).toEqualTypeOf<Pipeline.Draft<"repo", "POST">>()
  })
  test("build wants nothing missing", () => {
    pipe(Pipeline.route("GET /repos/{owner}/{repo}"), Pipeline.params({ owner: "o", repo: "r" }), Pipeline.build)
    // @ts-expect-error missing parameter: repo
    pipe(Pipeline.route("GET /repos/{owner}/{repo}"), Pipeline.params({ owner: "o" }), Pipeline.build)
    // @ts-expect-error nothing supplied
    Pipeline.build(Pipeline.route("GET /orgs/{org}"))
  })
  test("buildWith accepts what the endpoint's defaults supply", () => {
    const mine = endpoint.defaults({ owner: "octokit" })
    pipe(Pipeline.route("GET /repos/{owner}/{repo}"), Pipeline.param("repo", "r"), Pipeline.buildWith(mine))
    // @ts-expect-error the defaults supply owner, not repo
    pipe(Pipeline.route("GET /repos/{owner}/{repo}"), Pipeline.buildWith(mine))
    pipe(Pipeline.route("GET /repos/{owner}/{repo}"), Pipeline.buildWith({ owner: "o", repo: "r" }))
    // @ts-expect-error options given as defaults supply owner, not repo
    pipe(Pipeline.route("GET /repos/{owner}/{repo}"), Pipeline.buildWith({ owner: "o" }))
  })
  test("defaults whose value cannot fill a placeholder supply nothing", () => {
    const draft = pipe(Pipeline.route("GET /repos/{owner}/{repo}"), Pipeline.param("repo", "r"))
    // @ts-expect-error missing parameter: owner (a Date cannot expand)
    pipe(draft, Pipeline.buildWith({ owner: new Date() }))
    // @ts-expect-error the same through an endpoint
    pipe(draft, Pipeline.buildWith(endpoint.defaults({ owner: new Date() })))
    pipe(draft, Pipeline.buildWith({ owner: "o", since: new Date() })) // since fills no placeholder
  })
  test("a route typed as plain string is not checked", () => {
    const route: string = "GET /repos/{owner}"
    pipe(Pipeline.route(route), Pipeline.build)
    expectTypeOf(pipe(Pipeline.route(route), Pipeline.build)).toEqualTypeOf<E.Either<EndpointError, RequestOptions>>()
  })
})

describe("build keeps the method literal, as endpoint() does", () => {
  test("the route's method, lowercased", () => {
    expectTypeOf(pipe(Pipeline.route("GET /x"), Pipeline.build)).toEqualTypeOf<E.Either<EndpointError, RequestOptions<"get">>>()
    expectTypeOf(Pipeline.build(Pipeline.route("/x"))).toEqualTypeOf<E.Either<EndpointError, RequestOptions<"get">>>()
    expectTypeOf(
      pipe(Pipeline.route("POST /repos/{owner}/{repo}/issues"), Pipeline.params({ owner: "o", repo: "r" }), Pipeline.header("x-a", "1"), Pipeline.build),
    ).toEqualTypeOf<E.Either<EndpointError, RequestOptions<"post">>>()
    // the same as endpoint()
    expectTypeOf(endpoint("PATCH /x").method).toEqualTypeOf<"patch">()
    expectTypeOf(pipe(Pipeline.route("PATCH /x"), Pipeline.build)).toEqualTypeOf<E.Either<EndpointError, RequestOptions<"patch">>>()
  })
  test("through every step, data-last and data-first", () => {
    const d = Pipeline.route("DELETE /x/{id}")
    const steps = pipe(
      d,
      Pipeline.param("id", 1),
      Pipeline.header("x-a", "1"),
      Pipeline.headers({ "x-b": 2 }),
      Pipeline.authorization("token 0"),
      Pipeline.baseUrl("https://ghe.example/api/v3"),
      Pipeline.previews(["mercy"]),
      Pipeline.format("raw"),
      Pipeline.data(null),
      Pipeline.meta({ timeout: 1 }),
    )
    expectTypeOf(steps).toEqualTypeOf<Pipeline.Draft<never, "DELETE">>()
    expectTypeOf(Pipeline.meta(Pipeline.format(Pipeline.param(d, "id", 1), "raw"), {})).toEqualTypeOf<Pipeline.Draft<never, "DELETE">>()
    expectTypeOf(pipe(steps, Pipeline.buildWith(endpoint))).toEqualTypeOf<E.Either<EndpointError, RequestOptions<"delete">>>()
  })
  test("options that set the method set it; a draft without one builds a string method", () => {
    expectTypeOf(pipe(Pipeline.empty, Pipeline.with({ method: "PUT", url: "/x" }), Pipeline.build)).toEqualTypeOf<
      E.Either<EndpointError, RequestOptions<"put">>
    >()
    expectTypeOf(pipe(Pipeline.empty, Pipeline.with({ url: "/x" }), Pipeline.build)).toEqualTypeOf<E.Either<EndpointError, RequestOptions>>()
    expectTypeOf(Pipeline.build(Pipeline.with(Pipeline.empty, { url: "/x" }))).toEqualTypeOf<E.Either<EndpointError, RequestOptions>>()
  })
  test("a draft with a known method is still a Draft", () => {
    const d: Pipeline.Draft = Pipeline.route("GET /user")
    expectTypeOf(Pipeline.merged(Pipeline.route("GET /user"))).toEqualTypeOf(Pipeline.merged(d))
  })
})

describe("param checks a placeholder's value where the route needs one", () => {
  test("a placeholder the route misses takes a Placeholder", () => {
    pipe(Pipeline.route("GET /x/{a}"), Pipeline.param("a", "s"), Pipeline.build)
    pipe(Pipeline.route("GET /x/{a}"), Pipeline.param("a", 1), Pipeline.build)
    pipe(Pipeline.route("GET /x/{a}"), Pipeline.param("a", ["l", 1, true, 2n]), Pipeline.build)
    pipe(Pipeline.route("GET /x/{a}"), Pipeline.param("a", { k: "v" }), Pipeline.build)
    // @ts-expect-error parameter a: expected a string, number, boolean, bigint, list or record, got a Date
    pipe(Pipeline.route("GET /x/{a}"), Pipeline.param("a", new Date()), Pipeline.build)
    // @ts-expect-error the same data-first
    Pipeline.param(Pipeline.route("GET /x/{a}"), "a", new Date())
    // @ts-expect-error got undefined
    pipe(Pipeline.route("GET /x/{a}"), Pipeline.param("a", undefined as string | undefined), Pipeline.build)
    // @ts-expect-error got an object that is not a record of scalars
    pipe(Pipeline.route("GET /x/{a}"), Pipeline.param("a", { nested: { b: 1 } }), Pipeline.build)
  })
  test("a route fixes the method: with, params and route may repeat it (in any case), not change it", () => {
    pipe(Pipeline.route("GET /x/{a}"), Pipeline.with({ method: "get" }), Pipeline.param("a", 1), Pipeline.build)
    // @ts-expect-error method: the route fixed it to GET
    pipe(Pipeline.route("GET /x/{a}"), Pipeline.with({ method: "PUT" }), Pipeline.param("a", 1), Pipeline.build)
    // @ts-expect-error the same data-first
    Pipeline.params(Pipeline.route("GET /x/{a}"), { a: 1, method: "post" })
    // @ts-expect-error and in the route's own parameters
    Pipeline.route("GET /x/{a}", { a: 1, method: "PUT" })
    expectTypeOf(pipe(Pipeline.empty, Pipeline.with({ url: "/x", method: "PUT" }), Pipeline.build)).toEqualTypeOf<E.Either<EndpointError, RequestOptions<"put">>>()
  })
  test("params, with and route check their values as param does", () => {
    pipe(Pipeline.route("GET /x/{a}"), Pipeline.params({ a: "s", since: new Date() }), Pipeline.build) // since fills no placeholder
    // @ts-expect-error parameter a: expected a string, number, boolean, bigint, list or record, got a Date
    pipe(Pipeline.route("GET /x/{a}"), Pipeline.params({ a: new Date() }), Pipeline.build)
    // @ts-expect-error the same data-first
    Pipeline.params(Pipeline.route("GET /x/{a}"), { a: new Date() })
    // @ts-expect-error and in the route's own parameters
    Pipeline.route("GET /x/{a}", { a: new Date() })
    Pipeline.route("GET /x/{a}", { a: ["l", 1] })
  })
  test("any other parameter (a body field) takes any value", () => {
    pipe(Pipeline.route("POST /x/{a}"), Pipeline.param("a", "s"), Pipeline.param("since", new Date()), Pipeline.build)
    pipe(Pipeline.route("POST /repos/{owner}/{repo}/hooks"), Pipeline.params({ owner: "o", repo: "r" }), Pipeline.param("config", { url: "https://e.x", insecure_ssl: { v: 0 } }), Pipeline.build)
    Pipeline.param(Pipeline.route("POST /x"), "config", { nested: { b: 1 } })
  })
})

describe("drafts and endpoints typed loosely", () => {
  test("an Endpoint<any> as buildWith's defaults supplies anything", () => {
    const build = (e: Endpoint<any>) => pipe(Pipeline.route("GET /repos/{owner}/{repo}"), Pipeline.buildWith(e))
    expectTypeOf(build).returns.toEqualTypeOf<E.Either<EndpointError, RequestOptions<"get">>>()
  })

  test("a plain Either of flat options (a draft after E.map, or one made by hand) goes through every step to build", () => {
    const flat = (u: FlatOptions): E.Either<EndpointError, FlatOptions> => E.right(u)
    expectTypeOf(pipe(flat({}), Pipeline.with({ url: "/x" }), Pipeline.build)).toEqualTypeOf<E.Either<EndpointError, RequestOptions>>()
    expectTypeOf(pipe(flat({ url: "/x" }), Pipeline.param("x", 1), Pipeline.header("a", "b"), Pipeline.build)).toEqualTypeOf<E.Either<EndpointError, RequestOptions>>()
    expectTypeOf(pipe(Pipeline.route("GET /x/{a}"), E.map((o) => o), Pipeline.param("a", 1), Pipeline.build)).toEqualTypeOf<E.Either<EndpointError, RequestOptions>>()
    expectTypeOf(Pipeline.build(Pipeline.with(flat({}), { url: "/x" }))).toEqualTypeOf<E.Either<EndpointError, RequestOptions>>()
    // a draft is flat options: what the route gave is there to read
    expectTypeOf(Pipeline.route("GET /x")).toExtend<E.Either<EndpointError, FlatOptions>>()
  })
})

describe("Pipeline.merged", () => {
  test("takes a draft that still misses placeholders: merging does not expand the url", () => {
    expectTypeOf(Pipeline.merged(Pipeline.route("GET /orgs/{org}/repos"))).toEqualTypeOf<E.Either<EndpointError, Merged>>()
  })
})

describe("the name Pipeline leaves the global Request alone", () => {
  test("a module that imports Pipeline still constructs the platform's Request, and toRequest gives one", () => {
    const draft = Pipeline.route("GET /user")
    expectTypeOf(draft).toEqualTypeOf<Pipeline.Draft<never, "GET">>()
    const request = new Request("https://api.github.com/user", { method: "GET" })
    expectTypeOf(request).toEqualTypeOf<Request>()
    expectTypeOf(request.headers).toEqualTypeOf<Headers>()
    expectTypeOf(toRequest(endpoint("GET /user"))).toEqualTypeOf<Request>()
  })
  test("the package exports no Request: the old name of the pipeline is gone", () => {
    type Exports = keyof typeof import("../../src/index.js")
    expectTypeOf<"Request" extends Exports ? true : false>().toEqualTypeOf<false>()
    expectTypeOf<"Pipeline" extends Exports ? true : false>().toEqualTypeOf<true>()
  })
})
