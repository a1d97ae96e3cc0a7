// The percent-encoder against the platform's own, on every well-formed string and every
// string of UTF-16 code units.
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { COMPONENT, encode, RESERVED, UNRESERVED } from "../../src/internal/encode.js"

const wellFormed = fc.string({ unit: "grapheme", maxLength: 30 })
const anyUnits = fc.string({ unit: "binary", maxLength: 30 })
const RUNS = { numRuns: 2000 }

describe("percent-encoding", () => {
  test("query components are encoded as encodeURIComponent encodes them", () => {
    fc.assert(fc.property(wellFormed, (s) => encode(s, COMPONENT) === encodeURIComponent(s)), RUNS)
  })
  test("unreserved encoding is encodeURIComponent with ! ' ( ) * encoded too", () => {
    const strict = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase())
    fc.assert(fc.property(wellFormed, (s) => encode(s, UNRESERVED) === strict(s)), RUNS)
  })
  test("reserved encoding decodes back to the input when it holds no %", () => {
    fc.assert(fc.property(wellFormed.filter((s) => !s.includes("%")), (s) => decodeURI(encode(s, RESERVED)!) === s), RUNS)
  })
  test("reserved encoding keeps a %XX triplet and encodes any other %", () => {
    expect(encode("%41%zz%", RESERVED)).toBe("%41%25zz%25")
  })
  test("a lone surrogate gives undefined, exactly when encodeURIComponent throws", () => {
    fc.assert(
      fc.property(anyUnits, fc.constantFrom(UNRESERVED, RESERVED, COMPONENT), (s, allow) => {
        let wellFormedText = true
        try {
          encodeURIComponent(s)
        } catch {
          wellFormedText = false
        }
        expect(encode(s, allow) === undefined).toBe(!wellFormedText)
      }),
      RUNS,
    )
  })
})
