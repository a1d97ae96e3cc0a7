// The FP pipeline: every request endpoint() can build, built as a pipe that ends in an Either.
import * as E from "fp-ts/lib/Either.js"
import { pipe } from "fp-ts/lib/function.js"
import { describe, expect, test } from "vitest"
import { endpoint, EndpointError, Request } from "../src/index.js"

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
  test("buildWith uses an endpoint's defaults", () => {
    const ghe = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", org: "o" })
    expect(pipe(Request.route("GET /orgs/{org}"), Request.buildWith(ghe))).toEqual(E.right(ghe("GET /orgs/{org}")))
  })
  test("merged gives Merged options that Parse.parse turns into the same result", () => {
    const draft = pipe(Request.route("GET /orgs/{org}", { org: "x" }))
    const merged = Request.merged(draft)
    expect(E.isRight(merged) && endpoint.parse(merged.right)).toEqual(endpoint("GET /orgs/{org}", { org: "x" }))
  })
})
