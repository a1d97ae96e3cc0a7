// The README's "## Types" example, type-checked here (its `@ts-expect-error`
// lines must be errors) and run by test/readme.test.ts. readme-sync.test.ts
// keeps the region below and the README block identical.
import assert from "node:assert"
import { test } from "vitest"
import { endpoint } from "../../src/index.js"

test("the README's types example", () => {
  // region:readme
  // A placeholder of a literal route is a required parameter.
  endpoint("GET /repos/{owner}/{repo}", { owner: "octokit", repo: "rest.js" })
  // @ts-expect-error Property 'repo' is missing in type '{ owner: string; }'
  endpoint("GET /repos/{owner}/{repo}", { owner: "octokit" })

  // `:name` and `{+name}` too; the other RFC 6570 forms (`{?ref}`) are optional,
  // and extra parameters (`per_page`) become the query or the body.
  endpoint("GET /repos/:owner/:repo/contents/{+path}{?ref}", { owner: "o", repo: "r", path: "src/a.ts" })
  endpoint("GET /orgs/{org}/repos", { org: "octokit", per_page: 100 })

  // Values are checked: a prefixed name takes a scalar, a header a string or a number.
  assert.throws(() =>
    // @ts-expect-error Type 'string[]' is not assignable to type 'Scalar'
    endpoint("GET /repos/{owner}/{repo}/commits/{sha:7}", { owner: "o", repo: "r", sha: ["a", "b"] }),
  )
  assert.throws(() =>
    // @ts-expect-error Type 'true' is not assignable to type 'string | number | null | undefined'
    endpoint("GET /user", { headers: { "x-debug": true } }),
  )

  // The result's method is the lowercase literal.
  const get: "get" = endpoint("GET /user").method
  const post: "post" = endpoint({ method: "POST", url: "/user/repos", name: "x" }).method
  assert.deepStrictEqual([get, post], ["get", "post"])

  // Defaults supply parameters, at any depth of cascading, and keep their types.
  const mine = endpoint.defaults({ owner: "octokit" }).defaults({ repo: "rest.js" })
  mine("GET /repos/{owner}/{repo}/issues/{issue_number}", { issue_number: 1 })
  // @ts-expect-error "missing parameter: issue_number"
  mine("GET /repos/{owner}/{repo}/issues/{issue_number}")
  const owner: "octokit" = mine.DEFAULTS.owner
  assert.strictEqual(owner, "octokit")
  // A default that cannot fill a placeholder supplies nothing: a `Date`, or a list for a prefix.
  assert.throws(() =>
    // @ts-expect-error "missing parameter: sha"
    mine.defaults({ sha: ["a", "b"] })("GET /repos/{owner}/{repo}/commits/{sha:7}"),
  )

  // A route typed as plain `string` is not checked: anything goes, as before.
  const route: string = "GET /repos/{owner}/{repo}"
  endpoint(route, { owner: "octokit" })
  // endregion
})
