// Must fail under TypeScript 5.9 and 7, each where the directive says, and
// (test/types/compilers.test.ts) with a message that contains the quoted text.
import { pipe } from "fp-ts/lib/function.js"
import { endpoint, Request, type Endpoint } from "../../../src/index.js"

// a route alone names what is missing, under both compilers
// @ts-expect-error "missing parameter: path"
endpoint("GET /repos/{owner}/{repo}/contents/{path}")
// @ts-expect-error "missing parameter: path"
endpoint.merge("GET /repos/{owner}/{repo}/contents/{path}")
// @ts-expect-error "missing parameter: path"
endpoint.either("GET /repos/{owner}/{repo}/contents/{path}")
// @ts-expect-error "missing parameter: enterprise-team"
endpoint("GET /enterprises/{enterprise}/teams/{enterprise-team}")
const mine = endpoint.defaults({ owner: "octokit" })
// @ts-expect-error "missing parameter: repo"
mine("GET /repos/{owner}/{repo}")
// @ts-expect-error "missing parameter: owner"
export const bare = (e: Endpoint) => e("GET /repos/{owner}")

// options alone, and a route with options, name the missing property
// @ts-expect-error "Property 'owner' is missing"
endpoint({ url: "/repos/{owner}" })
// @ts-expect-error "Property 'repo' is missing"
endpoint("GET /repos/{owner}/{repo}", { owner: "o" })
interface RepoRef {
  owner: string
  repo: string
}
declare const ref: RepoRef
// @ts-expect-error "Property 'issue_number' is missing"
endpoint("GET /repos/{owner}/{repo}/issues/{issue_number}", ref)
// @ts-expect-error "Type 'Date' is not assignable to type 'Placeholder'"
endpoint("GET /x/{a}", { a: new Date() })

// the pipeline: a missing placeholder at build, a bad value at param
pipe(
  Request.route("GET /repos/{owner}/{repo}/contents/{path}"),
  Request.params({ owner: "o", repo: "r" }),
  Request.header("x-a", "1"),
  // @ts-expect-error "missing parameter: path"
  Request.build,
)
pipe(
  Request.route("GET /x/{a}"),
  // @ts-expect-error "parameter a: expected a string, number, boolean, bigint, list or record, got a Date"
  Request.param("a", new Date()),
  Request.build,
)
// @ts-expect-error "parameter a: expected a string, number, boolean, bigint, list or record, got a Date"
Request.param(Request.route("GET /x/{a}"), "a", new Date())
// @ts-expect-error "missing parameter: org"
Request.build(Request.route("GET /orgs/{org}"))
// @ts-expect-error "missing parameter: repo"
pipe(Request.route("GET /repos/{owner}/{repo}"), Request.buildWith(mine))
