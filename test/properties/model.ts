// Generators derived from the model: one arbitrary per field of Options, typed by the model's
// keys, so that a new field does not compile (and the key test in laws.property.test.ts fails)
// until it has a generator. Each produces normal values: what Options.decode makes.
import fc from "fast-check"
import * as E from "fp-ts/lib/Either.js"
import { Options } from "../../src/index.js"
import { arbRawOptions, arbValue } from "./arbitraries.js"

type Model = Options.Options

const defined = arbValue.filter((v) => v !== undefined)

/** One generator per field of the model, producing normal (decoded) values. `__proto__` is no key of the
 * options, of `headers` or of `request` (decode refuses it); deeper inside values it is ordinary data. (No key is
 * named `constructor`: vitest's toStrictEqual compares `a.constructor`, and attacks.test.ts covers that name.) */
export const fieldArbitraries: { readonly [K in keyof Model]-?: fc.Arbitrary<Model[K]> } = {
  method: fc.constantFrom(undefined, "GET", "POST", "patch", "HEAD", "PROPFIND"),
  url: fc.constantFrom(
    undefined,
    "/x",
    "/repos/{owner}/{repo}",
    "/orgs/:org/repos",
    "/search{?q,page}",
    "https://h/{a}",
    "user",
  ),
  baseUrl: fc.constantFrom(undefined, "", "https://api.example.com", "https://h/api/"),
  headers: fc.dictionary(
    fc.constantFrom("accept", "x-a", "content-type", "user-agent"),
    fc.oneof(fc.constantFrom("1", "text/plain", ""), fc.nat(99), fc.constant(null)),
    { maxKeys: 3, noNullPrototype: true },
  ),
  mediaType: fc.record({
    format: fc.constantFrom(undefined, "", "raw", "diff"),
    previews: fc.subarray(["a", "b", "c-d", "e"]), // normal: each once, no trailing -preview
  }),
  data: fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.string({ maxLength: 4 }),
    fc.dictionary(fc.constantFrom("k", "__proto__"), defined, { noNullPrototype: true }),
  ),
  request: fc.option(
    fc.dictionary(fc.constantFrom("retries", "timeout", "x"), defined, {
      maxKeys: 3,
      noNullPrototype: true,
    }),
    { nil: undefined },
  ),
  params: fc.dictionary(
    fc.constantFrom("a", "b", "owner", "repo", "org", "q", "page", "fields[]"),
    defined,
    { maxKeys: 4, noNullPrototype: true },
  ),
}

/** Decoded options: every field, from its generator.
 * (structuredClone turns fast-check's null-prototype records into ordinary objects, as callers write them) */
export const arbModel: fc.Arbitrary<Model> = (fc.record(fieldArbitraries) as fc.Arbitrary<Model>).map((o) =>
  structuredClone(o),
)

/** Options as `Options.decode` makes them from raw options a caller writes (the raw ones it refuses left out),
 * their records ordinary objects (structuredClone'd), so that a clone of them deep-equals them. */
export const arbDecoded: fc.Arbitrary<Model> = arbRawOptions
  .map((raw) => Options.decode(structuredClone(raw)))
  .filter(E.isRight)
  .map((d) => d.right)
