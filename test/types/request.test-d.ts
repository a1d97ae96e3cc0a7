// The pipeline tracks which placeholders of a route literal are still missing.
import { pipe } from "fp-ts/lib/function.js"
import { describe, expectTypeOf, test } from "vitest"
import { endpoint, Request } from "../../src/index.js"

describe("Request pipeline types", () => {
  test("a route literal starts with its required placeholders missing", () => {
    expectTypeOf(Request.route("POST /repos/{owner}/{repo}/issues")).toEqualTypeOf<Request.Draft<"owner" | "repo">>()
    expectTypeOf(Request.route("GET /orgs/:org{?page}")).toEqualTypeOf<Request.Draft<"org">>()
    expectTypeOf(Request.route("GET /user")).toEqualTypeOf<Request.Draft<never>>()
    expectTypeOf(Request.route("GET /orgs/{org}", { org: "o" })).toEqualTypeOf<Request.Draft<never>>()
  })
  test("params, param and with remove what they supply; other steps keep the rest", () => {
    const d = pipe(Request.route("POST /repos/{owner}/{repo}/issues"), Request.params({ owner: "o" }))
    expectTypeOf(d).toEqualTypeOf<Request.Draft<"repo">>()
    expectTypeOf(pipe(d, Request.header("x-a", "1"), Request.authorization("token 0"))).toEqualTypeOf<Request.Draft<"repo">>()
    expectTypeOf(pipe(d, Request.param("repo", "r"))).toEqualTypeOf<Request.Draft<never>>()
    expectTypeOf(Request.param(d, "repo", "r")).toEqualTypeOf<Request.Draft<never>>()
    expectTypeOf(pipe(d, Request.with({ repo: "r" }))).toEqualTypeOf<Request.Draft<never>>()
    // undefined supplies nothing
    expectTypeOf(pipe(d, Request.params({ repo: undefined }))).toEqualTypeOf<Request.Draft<"repo">>()
  })
  test("build wants nothing missing", () => {
    pipe(Request.route("GET /repos/{owner}/{repo}"), Request.params({ owner: "o", repo: "r" }), Request.build)
    // @ts-expect-error repo was never supplied
    pipe(Request.route("GET /repos/{owner}/{repo}"), Request.params({ owner: "o" }), Request.build)
    // @ts-expect-error nothing supplied
    Request.build(Request.route("GET /orgs/{org}"))
  })
  test("buildWith accepts what the endpoint's defaults supply", () => {
    const mine = endpoint.defaults({ owner: "octokit" })
    pipe(Request.route("GET /repos/{owner}/{repo}"), Request.param("repo", "r"), Request.buildWith(mine))
    // @ts-expect-error the defaults supply owner, not repo
    pipe(Request.route("GET /repos/{owner}/{repo}"), Request.buildWith(mine))
  })
  test("a route typed as plain string is not checked", () => {
    const route: string = "GET /repos/{owner}"
    pipe(Request.route(route), Request.build)
  })
})
