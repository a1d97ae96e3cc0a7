// Template.encode, the one percent-encoder (white-box: it is @internal, and the url and the query
// use it through Template.expand and endpoint()), against the platform's encodeURIComponent and
// against RFC 3986's character sets written out here, on well-formed strings and on any string
// of UTF-16 code units (lone surrogates included).
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { COMPONENT, encode, RESERVED, UNRESERVED } from "../../src/Template.js"

/** RFC 3986 §2.3 unreserved, §2.2 reserved (gen-delims and sub-delims). */
const UNRESERVED_SET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
const GEN_DELIMS = ":/?#[]@"
const SUB_DELIMS = "!$&'()*+,;="
/** What encodeURIComponent leaves: the unreserved and `!'()*`. */
const COMPONENT_SET = UNRESERVED_SET + "!'()*"

const utf8 = new TextEncoder()
/** The RFC's percent-encoding written out: each code point kept when `kept` holds it, else its
 * UTF-8 bytes as upper-case `%XX`; with `triplets`, a `%XX` already there is kept. `undefined`
 * for a lone surrogate, which has no UTF-8 form. */
const reference = (s: string, kept: string, triplets: boolean): string | undefined => {
  let out = ""
  for (let i = 0; i < s.length; ) {
    const cp = s.codePointAt(i)!
    const ch = String.fromCodePoint(cp)
    const triplet = triplets && /^%[0-9A-Fa-f]{2}/.test(s.slice(i, i + 3))
    if (cp >= 0xd800 && cp <= 0xdfff) return undefined
    if (triplet) out += s.slice(i, i + 3)
    else if (kept.includes(ch)) out += ch
    else for (const b of utf8.encode(ch)) out += `%${b.toString(16).toUpperCase().padStart(2, "0")}`
    i += triplet ? 3 : ch.length
  }
  return out
}

const SETS = [
  ["UNRESERVED", UNRESERVED, UNRESERVED_SET, false],
  ["RESERVED", RESERVED, UNRESERVED_SET + GEN_DELIMS + SUB_DELIMS, true],
  ["COMPONENT", COMPONENT, COMPONENT_SET, false],
] as const

/** Well-formed text, weighted to the characters where the sets differ. */
const wellFormed = fc.string({
  unit: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(..."%%aZ09-._~:/?#[]@!$&'()*+,;= \"<>\\^`{|}\u007f\u0000é€😀") },
    { weight: 1, arbitrary: fc.constantFrom("%41", "%e2%82%AC", "%4", "%zz") },
    { weight: 2, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }) },
  ),
  maxLength: 30,
})
/** Any UTF-16 code units, lone surrogates often. */
const codeUnit = fc.oneof(
  { weight: 2, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 0xffff }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 127 }) },
).map((c) => String.fromCharCode(c))
const anyUnits = fc.string({ unit: codeUnit, maxLength: 30 })
const RUNS = { numRuns: 2000 }

describe("Template.encode", () => {
  test("COMPONENT encodes as encodeURIComponent does", () => {
    fc.assert(
      fc.property(wellFormed, (s) => {
        expect(encode(s, COMPONENT)).toBe(encodeURIComponent(s))
      }),
      RUNS,
    )
  })

  test("UNRESERVED is encodeURIComponent with ! ' ( ) * encoded too", () => {
    const strict = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    fc.assert(
      fc.property(wellFormed, (s) => {
        expect(encode(s, UNRESERVED)).toBe(strict(s))
      }),
      RUNS,
    )
  })

  test.each(SETS)("%s keeps exactly its RFC 3986 set (RESERVED: also %XX triplets) and UTF-8 encodes the rest", (_, allow, kept, triplets) => {
    fc.assert(
      fc.property(wellFormed, (s) => {
        expect(encode(s, allow)).toBe(reference(s, kept, triplets))
      }),
      RUNS,
    )
  })

  test.each(SETS)("%s writes only its set and %XX triplets, and decodes back to the input", (_, allow, kept, triplets) => {
    const allowed = new RegExp(`^(?:[${kept.replace(/[\]\\^-]/g, "\\$&")}]|%[0-9A-Fa-f]{2})*$`)
    fc.assert(
      fc.property(triplets ? wellFormed.filter((s) => !s.includes("%")) : wellFormed, (s) => {
        const e = encode(s, allow)!
        expect(e).toMatch(allowed)
        expect(decodeURIComponent(e)).toBe(s)
      }),
      RUNS,
    )
  })

  test("RESERVED keeps a %XX triplet and encodes any other %; the others encode every %", () => {
    expect(encode("%41%zz%4%", RESERVED)).toBe("%41%25zz%254%25")
    expect(encode("%41", UNRESERVED)).toBe("%2541")
    expect(encode("%41", COMPONENT)).toBe("%2541")
  })

  test("text with nothing to encode is returned as it is", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...UNRESERVED_SET), maxLength: 30 }), fc.constantFrom(UNRESERVED, RESERVED, COMPONENT), (s, allow) => {
        expect(encode(s, allow)).toBe(s)
      }),
      { numRuns: 300 },
    )
  })

  test("a lone surrogate gives undefined, never a URIError: exactly when encodeURIComponent throws", () => {
    let lone = 0
    fc.assert(
      fc.property(anyUnits, fc.constantFrom(UNRESERVED, RESERVED, COMPONENT), (s, allow) => {
        let wellFormedText = true
        try {
          encodeURIComponent(s)
        } catch (e) {
          expect(e).toBeInstanceOf(URIError)
          wellFormedText = false
        }
        if (!wellFormedText) lone++
        let out: string | undefined
        expect(() => {
          out = encode(s, allow)
        }).not.toThrow()
        expect(out === undefined).toBe(!wellFormedText)
        expect(s.isWellFormed()).toBe(wellFormedText)
        if (wellFormedText) expect(out).toBe(reference(s, SETS.find(([, a]) => a === allow)![2], allow === RESERVED))
      }),
      RUNS,
    )
    expect(lone).toBeGreaterThan(500) // the generator does produce lone surrogates
  })

  test("lone surrogates anywhere: alone, at either end, beside a pair, between ASCII", () => {
    for (const s of ["\ud800", "\udc00", "a\ud800", "\udfffa", "😀\ud83d", "\ude00😀", "a\ud800b", "\udc00\ud800"])
      for (const allow of [UNRESERVED, RESERVED, COMPONENT]) expect(encode(s, allow)).toBeUndefined()
    expect(encode("😀", UNRESERVED)).toBe("%F0%9F%98%80")
  })
})
