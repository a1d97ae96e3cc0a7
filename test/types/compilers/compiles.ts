// Must compile under TypeScript 5.9 and 7 (test/types/compilers.test.ts):
// what a TypeScript user writes in their first hour.
import type * as E from "fp-ts/lib/Either.js"
import { pipe } from "fp-ts/lib/function.js"
import {
  endpoint,
  withDefaults,
  Request,
  type Endpoint,
  type EndpointError,
  type FlatOptions,
  type NamesOf,
  type Names,
  type RequestOptions,
} from "../../../src/index.js"

// GitHub's own names: `-` inside a {name}
const team: Names<"enterprise" | "enterprise-team", never, never> = {} as NamesOf<"/enterprises/{enterprise}/teams/{enterprise-team}">
endpoint("GET /enterprises/{enterprise}/teams/{enterprise-team}", { enterprise: "e", "enterprise-team": "t" })

// options typed with an interface
interface RepoRef {
  owner: string
  repo: string
}
const ref: RepoRef = { owner: "octokit", repo: "rest.js" }
endpoint("GET /repos/{owner}/{repo}", ref)
endpoint.merge("GET /repos/{owner}/{repo}", ref)
endpoint.either("GET /repos/{owner}/{repo}", ref)
endpoint.defaults(ref)("GET /repos/{owner}/{repo}/issues")
withDefaults(ref)("GET /repos/{owner}/{repo}")

// options typed as FlatOptions, after a route typed as string and alone
const o: FlatOptions = { url: "/x/{y}", y: 1 }
endpoint("GET /x" as string, o)
endpoint(o)

// an Endpoint<any> takes any route
export const list = (e: Endpoint<any>) => e("GET /repos/{owner}/{repo}")

// one argument, a route or options: the method literal either way
const get: "get" = endpoint("GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "p" }).method
const post: "post" = endpoint({ method: "POST", url: "/user/repos", name: "x" }).method

// the Request pipeline builds the route's method, lowercased
const built: E.Either<EndpointError, RequestOptions<"get">> = pipe(
  Request.route("GET /repos/{owner}/{repo}/contents/{path}"),
  Request.params({ owner: "o", repo: "r" }),
  Request.param("path", "README.md"),
  Request.build,
)
// a body field takes any value
pipe(Request.route("POST /repos/{owner}/{repo}/hooks", ref), Request.param("config", { url: "https://e.x", at: new Date() }), Request.build)

export { team, get, post, built }
