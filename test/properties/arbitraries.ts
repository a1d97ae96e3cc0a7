// Generators of realistic options for the law properties: few distinct keys, so that
// concatenations collide often, nested objects (with `__proto__` as an ordinary key below the
// top level), undefined and null values, headers in mixed case, previews with and without
// "-preview", and some invalid values, so that errors are compared as well as results.
import fc from "fast-check"

const keys = ["a", "b", "owner", "repo", "org", "q", "page", "filter", "fields[]", "labels"] as const

const scalar = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom("..", ".", "a.b", "%2e", ""), // dot segments and empty values, when they land in a path
  fc.integer({ min: -5, max: 1000 }),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt({ min: -5n, max: 5n }),
)

/** Parameter values: scalars, arrays of scalars, and plain objects nested up to three levels. */
export const arbValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(scalar, { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("x", "y", "z", "__proto__"), tie("value"), { maxKeys: 3 }),
    fc.constant(undefined),
  ),
})).value

const headerValue = fc.oneof(
  fc.constantFrom("1", "text/plain", "token 0000"),
  fc.nat(99),
  fc.constant(null),
  fc.constant(undefined),
)

export const arbHeaders = fc.dictionary(
  fc.constantFrom("Accept", "accept", "x-a", "X-A", "content-type", "authorization"),
  headerValue,
  { maxKeys: 4 },
)

export const arbMediaType = fc.record(
  {
    format: fc.constantFrom("", "raw", "diff", "text+json", undefined),
    previews: fc.subarray(["a", "b", "a-preview", "c-preview", "d"]),
  },
  { requiredKeys: [] },
)

const reserved = fc.record(
  {
    method: fc.constantFrom("GET", "POST", "get", "PATCH", "HEAD", "PROPFIND"),
    url: fc.constantFrom(
      "/x",
      "/repos/{owner}/{repo}",
      "/orgs/:org/repos",
      "/search{?q,page}",
      "/x/{a}{/b}",
      "https://h:8080/{a}",
      "/{+filter}",
      "user",
    ),
    baseUrl: fc.constantFrom("https://api.example.com", "https://h/api/", "", "not a url", "https://h/api?x=1"),
    headers: arbHeaders,
    mediaType: arbMediaType,
    data: fc.oneof(fc.string({ maxLength: 5 }), fc.constant(null), fc.dictionary(fc.constantFrom("k"), scalar)),
    request: fc.dictionary(fc.constantFrom("retries", "timeout", "x"), arbValue, { maxKeys: 3 }),
  },
  { requiredKeys: [] },
)

/** Raw options as a caller writes them (before decode). */
export const arbRawOptions: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(reserved, fc.dictionary(fc.constantFrom(...keys), arbValue, { maxKeys: 5 }))
  .map(([r, params]) => ({ ...params, ...r }))

/** Routes: each url starts with "/", "{" or a scheme (SPEC 5), with required and optional placeholders. */
export const arbRoute = fc.constantFrom(
  "GET /x",
  "GET /search?q=user:{q}", // :name in the query is literal
  "POST /v1/{a}:cancel", // and after }
  "GET /repos/:owner/:repo",
  "POST /repos/{owner}/{repo}/issues",
  "/orgs/{org}",
  "GET /search{?q}",
  "PUT /x/{a}",
  "DELETE /x",
  "GET /x{/b}{?page}",
  "GET https://h.example/{a}",
  "HEAD {+filter}/x",
)

/** Freezes plain objects and arrays, all the way down. */
export const deepFreeze = <A>(value: A): A => {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const k of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[k])
  }
  return value
}
