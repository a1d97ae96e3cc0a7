// The runtime half of the agreement table (see agreement.ts): what the
// template parser reads in route mode (what endpoint() uses) must be what the
// type-level parser reads.
import { describe, expect, test } from "vitest"
import { Template } from "../../src/index.js"
import { TABLE } from "./agreement.js"

const RESERVED = new Set(["method", "url", "baseUrl", "headers", "mediaType", "data", "request"])

const read = (source: string) => {
  const parsed = Template.parse(source, "route")
  if (parsed._tag === "Left") throw parsed.left
  const required = new Set<string>()
  const named = new Set<string>()
  const prefixed = new Set<string>()
  for (const part of parsed.right.parts) {
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
