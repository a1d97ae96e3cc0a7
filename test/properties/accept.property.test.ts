// The accept rewrite (in src/Headers.ts) reads SPEC §6.8 with two patterns. The oracle here
// reads the same grammar character by character, with no pattern:
//   format:   each comma-separated entry `application/vnd.<vendor>[.v3][.<x>][+json]`, in
//             any case (spaces or tabs around it kept), becomes `application/vnd.<vendor>[.v3].<format>`;
//   previews: each maximal run of word characters and `-` that ends in `-preview`, in
//             any case, names a preview already there: the text before every such suffix.
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { endpoint } from "../../src/index.js"

/** The accept header endpoint() sends for this accept and media type. */
const amendAccept = (accept: string, m: { format?: string; previews?: ReadonlyArray<string> }): string | number | undefined =>
  endpoint("GET /x", { headers: { accept }, mediaType: m }).headers.accept

const isWord = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z0-9_]$/.test(c)
const wordEnd = (s: string, i: number): number => {
  while (isWord(s[i])) i++
  return i
}

const oracleEntry = (entry: string, format: string): string => {
  let lead = 0
  while (entry[lead] === " " || entry[lead] === "\t") lead++
  let end = entry.length
  while (end > lead && (entry[end - 1] === " " || entry[end - 1] === "\t")) end--
  const s = entry.slice(lead, end)
  const lower = s.toLowerCase() // media types are case-insensitive
  const prefix = "application/vnd."
  if (!lower.startsWith(prefix)) return entry
  const vendorEnd = wordEnd(s, prefix.length)
  if (vendorEnd === prefix.length) return entry
  let i = vendorEnd
  let v3 = ""
  if (lower.startsWith(".v3", i) && !isWord(s[i + 3])) {
    v3 = s.slice(i, i + 3)
    i += 3
  }
  if (s[i] === ".") {
    const xEnd = wordEnd(s, i + 1)
    if (xEnd === i + 1) return entry
    i = xEnd
  }
  if (lower.startsWith("+json", i)) i += 5
  if (i !== s.length) return entry
  return entry.slice(0, lead) + s.slice(0, vendorEnd) + v3 + "." + format + entry.slice(end)
}

/** A name without every trailing `-preview`, in any case. */
const strip = (n: string): string => (n.length >= 8 && n.slice(-8).toLowerCase() === "-preview" ? strip(n.slice(0, -8)) : n)

const oraclePreviews = (accept: string): Array<string> => {
  const names: Array<string> = []
  let run = ""
  for (const c of accept + " ") {
    if (isWord(c) || c === "-") {
      run += c
      continue
    }
    const name = strip(run)
    if (name !== run && name !== "") names.push(name)
    run = ""
  }
  return names
}

const oracle = (accept: string, format: string, previews: ReadonlyArray<string>): string => {
  if (accept.toLowerCase().includes("application/octet-stream")) return accept
  let value = format === "" ? accept : accept.split(",").map((e) => oracleEntry(e, format)).join(",")
  if (previews.length > 0) {
    // a name once, in any case, the first spelling kept; a given name loses any trailing -preview, in any case
    const seen = new Map<string, string>()
    for (const n of [...oraclePreviews(value), ...previews.map(strip)]) if (!seen.has(n.toLowerCase())) seen.set(n.toLowerCase(), n)
    const names = [...seen.values()]
    value = names.map((n) => `application/vnd.github.${n}-preview${format === "" ? "+json" : "." + format}`).join(",")
  }
  return value
}

// accept values built from the grammar's own pieces, so that most entries are near misses
const piece = fc.constantFrom(
  "application/vnd.", "github", "v3", ".v3", ".v3x", ".raw", ".", "+json", "+jsonx", "json",
  "-preview", "symmetra", "_", "-", " ", "\t", ",", "application/json", "$1", "x", "9",
  "Application/VND.", "GitHub", ".V3", "+JSON", "Application/Octet-Stream", "-Preview",
)
const accept = fc.array(piece, { maxLength: 12 }).map((ps) => ps.join(""))
const format = fc.constantFrom("", "raw", "html", "diff", "$&", "a.b")
const previews = fc.array(fc.constantFrom("symmetra", "luke-cage", "x", "Symmetra", "x-Preview"), { maxLength: 3 })

describe("the accept rewrite", () => {
  test("equals a character-by-character reading of SPEC §6.8", () => {
    fc.assert(
      fc.property(accept, format, previews, (a, f, p) => {
        expect(amendAccept(a, { format: f, previews: p })).toBe(oracle(a, f, p))
      }),
      { numRuns: 3000 },
    )
  })
  test("examples from the spec, and a format with a replacement pattern in it", () => {
    expect(amendAccept("application/vnd.github.v3+json", { format: "raw" })).toBe("application/vnd.github.v3.raw")
    expect(amendAccept(" application/vnd.github.v3.html+json ,text/plain", { format: "diff" })).toBe(
      " application/vnd.github.v3.diff ,text/plain",
    )
    expect(amendAccept("application/vnd.github+json", { format: "$&" })).toBe("application/vnd.github.$&")
    expect(amendAccept("application/vnd.github.v3x+json", { format: "raw" })).toBe("application/vnd.github.raw")
  })
})

describe("preview names round-trip through the accept header", () => {
  // any token character, so that names the codec refuses are generated as often as the ones it takes
  const tchar = fc.constantFrom(..."aZ9_-.+!#$%&'*^`|~")
  const name = fc.oneof(fc.string({ unit: tchar, minLength: 1, maxLength: 6 }), fc.constantFrom("symmetra", "a-preview", "luke-cage"))
  const format = fc.oneof(fc.constantFrom("", "raw", "x-preview", "a.b-Preview"), fc.string({ unit: tchar, maxLength: 12 }))
  test("accepted names and format, read back from the accept they wrote, name those previews and no other", () => {
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 3 }), format, (names, f) => {
        const first = endpoint.either("GET /x", { mediaType: { previews: names, format: f } })
        if (first._tag === "Left") return // refused: nothing is written
        const written = first.right.headers.accept as string
        // read as an accept header is read for previews, it names the given previews and no other
        const lower = (ns: ReadonlyArray<string>) => new Set(ns.map((n) => n.toLowerCase()))
        expect(lower(oraclePreviews(written))).toEqual(lower(names.map(strip)))
        // the same media type again over the accept it wrote: the header is unchanged
        expect(amendAccept(written, { previews: names, format: f })).toBe(written)
        expect(amendAccept(written, { previews: [...names].reverse(), format: f })).toBe(written)
      }),
      { numRuns: 2000 },
    )
  })
})
