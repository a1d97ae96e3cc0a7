// The runtime half of the agreement table (see agreement.ts): what the
// template parser reads in route mode (what endpoint() uses) must be what the
// type-level parser reads, and the names the types require must be the names the
// run time requires (SPEC 6.3: one rule, in the types and at run time).
import * as E from "fp-ts/lib/Either.js"
import { describe, expect, test } from "vitest"
import { endpoint, Template } from "../../src/index.js"
import { TABLE } from "./agreement.js"

const RESERVED = new Set(["method", "url", "baseUrl", "headers", "mediaType", "data", "request"])

const parsed = (source: string): Template.Template => {
  const t = Template.parse(source, "route")
  if (E.isLeft(t)) throw t.left
  return t.right
}

const read = (source: string) => {
  const required = new Set<string>()
  const named = new Set<string>()
  const prefixed = new Set<string>()
  for (const part of parsed(source).parts) {
    if (typeof part === "string") continue
    for (const v of part.variables) {
      if (RESERVED.has(v.name)) continue
      named.add(v.name)
      if (part.operator === "" || part.operator === "+") required.add(v.name)
      if (v.prefix > 0) prefixed.add(v.name)
    }
  }
  const optional = [...named].filter((n) => !required.has(n))
  return { required: [...required].sort(), optional: optional.sort(), prefixed: [...prefixed].sort() }
}

/** The names a route-mode expansion says are missing, sorted; `[]` when it expands. */
const missingOf = (result: E.Either<{ readonly path: string; readonly message: string }, unknown>): Array<string> => {
  if (E.isRight(result)) return []
  expect(result.left.path).toBe("")
  const m = /^missing parameters?: (.*)$/.exec(result.left.message)
  if (m === null) throw new Error(`expected a missing-parameter error, got ${result.left.message}`)
  return m[1]!.split(", ").sort()
}

describe("the runtime reads templates as the types do", () => {
  for (const [source, required, optional, prefixed] of TABLE) {
    test(source, () => {
      expect(read(source)).toEqual({
        required: [...required].sort(),
        optional: [...optional].sort(),
        prefixed: [...prefixed].sort(),
      })
    })
  }
})

describe("the runtime requires the names the types require", () => {
  /** Rows whose template names an option: endpoint() refuses them whole (below). */
  const namesAnOption = (source: string) => parsed(source).names.some((n) => RESERVED.has(n))

  for (const [source, required] of TABLE) {
    if (namesAnOption(source)) continue // endpoint() refuses the template (below); to Template alone, `{url}` is an ordinary name
    test(`${source}: with no values, exactly the required names are missing; given them alone, it expands`, () => {
      const t = parsed(source)
      expect(missingOf(Template.expand({})(t))).toEqual([...required].sort())
      const values = Object.fromEntries(required.map((n) => [n, "v"]))
      expect(E.isRight(Template.expand(values)(t))).toBe(true)
    })
  }

  for (const [source, required] of TABLE) {
    test(`${source}: through endpoint(), without parameters`, () => {
      const result = endpoint.either({ method: "POST", baseUrl: "", url: source })
      if (namesAnOption(source)) {
        expect(E.isLeft(result) && [result.left.path, result.left.problem]).toEqual(["url", expect.stringContaining("is named as an option")])
        return
      }
      expect(missingOf(result)).toEqual([...required].sort())
    })
  }
})
