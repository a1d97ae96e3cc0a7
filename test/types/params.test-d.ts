// Type tests for src/Params.ts: the type-level reading of url templates.
import { describe, expectTypeOf, test } from "vitest"
import { endpoint, type Names, type NamesOf, type Params, type Placeholder, type RequiredNames, type Scalar } from "../../src/index.js"

describe("NamesOf: required forms", () => {
  test("{name} and {+name} are required", () => {
    expectTypeOf<NamesOf<"/repos/{owner}/{repo}">>().toEqualTypeOf<Names<"owner" | "repo", never, never>>()
    expectTypeOf<NamesOf<"{+base}/x">>().toEqualTypeOf<Names<"base", never, never>>()
  })

  test("several names in one simple expression are all required", () => {
    expectTypeOf<NamesOf<"/x/{a,b}">>().toEqualTypeOf<Names<"a" | "b", never, never>>()
    expectTypeOf<NamesOf<"/x/{+a,b}">>().toEqualTypeOf<Names<"a" | "b", never, never>>()
  })

  test(":name outside {…}: a letter or _, then letters, digits or _", () => {
    expectTypeOf<NamesOf<"/repos/:owner/:repo">>().toEqualTypeOf<Names<"owner" | "repo", never, never>>()
    expectTypeOf<NamesOf<"/x/:_id/:a1b2">>().toEqualTypeOf<Names<"_id" | "a1b2", never, never>>()
    // a digit cannot start a name; a colon before `{` or at the end is a literal
    expectTypeOf<NamesOf<"/x/:1/a:/b:{c}">>().toEqualTypeOf<Names<"c", never, never>>()
    // the name ends at the first character that cannot continue it
    expectTypeOf<NamesOf<"/x/:id.json">>().toEqualTypeOf<Names<"id", never, never>>()
    // only right after a "/": here `:b` follows a "-"
    expectTypeOf<NamesOf<"/x/:a-:b">>().toEqualTypeOf<Names<"a", never, never>>()
  })

  test("no :name in a scheme and authority", () => {
    expectTypeOf<NamesOf<"https://h:8080/x">>().toEqualTypeOf<Names<never, never, never>>()
    expectTypeOf<NamesOf<"https://user:pass@h:8080/x/:id">>().toEqualTypeOf<Names<"id", never, never>>()
    expectTypeOf<NamesOf<"https://{host}:8080/x/:id">>().toEqualTypeOf<Names<"host" | "id", never, never>>()
    expectTypeOf<NamesOf<"urn:isbn:x">>().toEqualTypeOf<Names<never, never, never>>()
    expectTypeOf<NamesOf<"http://h?q=:v">>().toEqualTypeOf<Names<never, never, never>>()
    // an expression that crosses the end of the authority is still read; x:y is literal
    expectTypeOf<NamesOf<"https://h{/path}/x:y">>().toEqualTypeOf<Names<never, "path", never>>()
  })

  test(":name only at the start of a path segment", () => {
    expectTypeOf<NamesOf<"/search?q=user:theonion">>().toEqualTypeOf<Names<never, never, never>>()
    expectTypeOf<NamesOf<"/v1/{name}:cancel">>().toEqualTypeOf<Names<"name", never, never>>()
    expectTypeOf<NamesOf<"/x{?a}/:b">>().toEqualTypeOf<Names<never, "a", never>>()
    expectTypeOf<NamesOf<"/x#/:b">>().toEqualTypeOf<Names<never, never, never>>()
    expectTypeOf<NamesOf<"/enterprises/{enterprise}/teams/{enterprise-team}">>().toEqualTypeOf<Names<"enterprise" | "enterprise-team", never, never>>()
  })
})

describe("NamesOf: optional forms and modifiers", () => {
  test("every other operator is optional", () => {
    expectTypeOf<NamesOf<"/x{/a}{?b,c}{&d}{#e}{.f}{;g}">>().toEqualTypeOf<
      Names<never, "a" | "b" | "c" | "d" | "e" | "f" | "g", never>
    >()
  })

  test("explode and prefix modifiers are stripped; prefixed names are scalar", () => {
    expectTypeOf<NamesOf<"/x/{list*}{?keys*}">>().toEqualTypeOf<Names<"list", "keys", never>>()
    expectTypeOf<NamesOf<"/commits/{sha:7}{/ref:3}">>().toEqualTypeOf<Names<"sha", "ref", "sha" | "ref">>()
  })

  test("a name both required and optional is required", () => {
    expectTypeOf<NamesOf<"/x/{a}{?a,b}">>().toEqualTypeOf<Names<"a", "b", never>>()
  })

  test("a malformed expression (an EndpointError at run time) names nothing", () => {
    expectTypeOf<NamesOf<"/x/{!a}/{=b}/{}/{c}">>().toEqualTypeOf<Names<"c", never, never>>()
  })

  test("reserved option names are never parameters", () => {
    expectTypeOf<NamesOf<"/{url}/{method}/:headers{?data,page}">>().toEqualTypeOf<Names<never, "page", never>>()
  })
})

describe("NamesOf: what is not a literal", () => {
  test("plain string: nothing known", () => {
    expectTypeOf<NamesOf<string>>().toEqualTypeOf<Names<never, never, never>>()
  })

  test("a union: required when every member requires it", () => {
    expectTypeOf<NamesOf<"/a/{x}/{y}" | "/b/{x}">>().toEqualTypeOf<Names<"x", "y", never>>()
    expectTypeOf<NamesOf<"/a/{x}" | "/b">>().toEqualTypeOf<Names<never, "x", never>>()
  })

  test("hostile literals stay shallow (no 'excessively deep' error)", () => {
    type Long = `/x/:${"abcdefghij"}${"abcdefghij"}${"abcdefghij"}${"abcdefghij"}${"abcdefghij"}`
    expectTypeOf<NamesOf<Long>["required"]>().toBeString()
  })
})

describe("Params", () => {
  test("required keys, optional keys, value types", () => {
    type P = Params<"/repos/{owner}/{repo}/commits{/sha:7}{?page}">
    expectTypeOf<P>().toEqualTypeOf<
      { owner: Placeholder; repo: Placeholder } & {
        sha?: Scalar | null | undefined
        page?: Placeholder | null | undefined
      }
    >()
    expectTypeOf({ owner: "o", repo: 1, page: [1, 2] }).toExtend<P>()
    expectTypeOf({ owner: "o" }).not.toExtend<P>()
    expectTypeOf({ owner: "o", repo: "r", sha: ["a"] }).not.toExtend<P>()
    expectTypeOf({ owner: { a: 1 }, repo: 10n }).toExtend<P>()
    expectTypeOf({ owner: null, repo: "r" }).not.toExtend<P>()
    expectTypeOf({ owner: { a: {} }, repo: "r" }).not.toExtend<P>()
  })

  test("supplied names become optional", () => {
    expectTypeOf<RequiredNames<"/repos/{owner}/{repo}", "owner">>().toEqualTypeOf<"repo">()
    expectTypeOf({ repo: "r" }).toExtend<Params<"/repos/{owner}/{repo}", "owner">>()
  })

  test("a plain string has no required parameter", () => {
    expectTypeOf<RequiredNames<string>>().toBeNever()
    expectTypeOf({}).toExtend<Params<string>>()
  })
})

describe("null members", () => {
  test("a list or record with null or undefined members fills a placeholder: they are left out, as at run time", () => {
    endpoint("GET /x/{a}{?b*}", { a: ["x", null, "y"], b: { p: null, q: "1", r: undefined } })
  })
})
