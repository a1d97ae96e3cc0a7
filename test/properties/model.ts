// Generators derived from the model: one arbitrary per field of Options, typed by
// the model's keys, so a new field does not compile (and the test below fails)
// until it has a generator.
import fc from "fast-check"
import { Options } from "../../src/index.js"
import { arbValue } from "./arbitraries.js"

type Model = Options.Options

const scalarParam = fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: -5, max: 1000 }), fc.boolean(), fc.constant(null))

/** One generator per field of the model, producing normal (decoded) values. */
export const fieldArbitraries: { readonly [K in keyof Model]-?: fc.Arbitrary<Model[K]> } = {
  method: fc.constantFrom(undefined, "GET", "POST", "patch", "HEAD"),
  url: fc.constantFrom(undefined, "/x", "/repos/{owner}/{repo}", "/orgs/:org/repos", "/search{?q,page}", "https://h/{a}"),
  baseUrl: fc.constantFrom(undefined, "", "https://api.example.com", "https://h/api/"),
  headers: fc.dictionary(fc.constantFrom("accept", "x-a", "content-type", "user-agent"), fc.oneof(fc.constantFrom("1", "text/plain"), fc.nat(99), fc.constant(null)), { maxKeys: 3, noNullPrototype: true }),
  mediaType: fc.record({
    format: fc.constantFrom(undefined, "", "raw", "diff"),
    previews: fc.subarray(["a", "b", "c-d", "e"]), // normal: no trailing -preview
  }),
  data: fc.oneof(fc.constant(undefined), fc.constant(null), fc.string({ maxLength: 4 }), fc.dictionary(fc.constantFrom("k"), scalarParam, { noNullPrototype: true })),
  request: fc.option(fc.dictionary(fc.constantFrom("retries", "timeout", "x"), arbValue.filter((v) => v !== undefined), { maxKeys: 3, noNullPrototype: true }), { nil: undefined }),
  params: fc.dictionary(fc.constantFrom("a", "b", "owner", "repo", "org", "q", "page", "__proto__"), arbValue.filter((v) => v !== undefined), { maxKeys: 4, noNullPrototype: true }),
}

/** Decoded options: every field, from its generator. */
// (structuredClone turns fast-check's null-prototype records into ordinary objects, as callers write them)
export const arbModel: fc.Arbitrary<Model> = (fc.record(fieldArbitraries) as fc.Arbitrary<Model>).map((o) => structuredClone(o))
