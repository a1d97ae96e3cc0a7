// The percent-encoders against the platform's own, on every well-formed string.
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { EndpointError } from "../../src/EndpointError.js"
import { encode, encodeComponent, RESERVED, UNRESERVED } from "../../src/internal/encode.js"

const wellFormed = fc.string({ unit: "grapheme", maxLength: 30 })
const anyUnits = fc.string({ unit: "binary", maxLength: 30 })

describe("percent-encoding", () => {
  test("encodeComponent equals encodeURIComponent on well-formed strings", () => {
    fc.assert(fc.property(wellFormed, (s) => encodeComponent(s, "f") === encodeURIComponent(s)), { numRuns: 2000 })
  })
  test("unreserved encoding is encodeURIComponent with ! ' ( ) * encoded too", () => {
    const strict = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase())
    fc.assert(fc.property(wellFormed, (s) => encode(s, UNRESERVED, "f") === strict(s)), { numRuns: 2000 })
  })
  test("reserved encoding decodes back to the input when it holds no %", () => {
    fc.assert(
      fc.property(wellFormed.filter((s) => !s.includes("%")), (s) => decodeURI(encode(s, RESERVED, "f")) === s),
      { numRuns: 2000 },
    )
  })
  test("a lone surrogate is an EndpointError naming the field, exactly when encodeURIComponent throws", () => {
    fc.assert(
      fc.property(anyUnits, (s) => {
        let platform = true
        try {
          encodeURIComponent(s)
        } catch {
          platform = false
        }
        let ours: string | EndpointError
        try {
          ours = encodeComponent(s, "field")
        } catch (e) {
          ours = e as EndpointError
        }
        if (platform) expect(ours).toBe(encodeURIComponent(s))
        else expect(ours instanceof EndpointError && ours.path === "field").toBe(true)
      }),
      { numRuns: 2000 },
    )
  })
})
