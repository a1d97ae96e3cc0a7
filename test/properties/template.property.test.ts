// Property tests for src/Template.ts.
//
// 1. Differential: on the domain where `url-template` (the test oracle, a
//    devDependency) follows RFC 6570, our parse + expand gives exactly its result.
// 2. parse is total: it returns an Either for any input and never throws.
// 3. Every generated valid template parses, and reports exactly its variables.
// 4. The parse cache stays bounded.
//
// The oracle's domain, worked out from where it departs from RFC 6570 (each of
// these departures is pinned by the conformance suite or test/Template.test.ts):
// - variable names without `%XX` (it encodes the `%` of a name again);
// - no `:name` in literals (SPEC §6.2 is ours, not RFC 6570);
// - literals: `%` only in a valid `%XX` triplet or not followed by a hex digit
//   (it lets `%` + one hex digit through unencoded); no lone surrogates;
// - strings under `+` and `#` without `%` (it lets an invalid `%` through);
// - prefix modifiers only on scalars, whose strings are BMP without surrogates
//   (it cuts UTF-16 units and then throws URIError on a split pair);
// - composites (lists, records) with at least one defined member, whose
//   members are strings (it calls `split` on non-string members under `+`/`#`
//   and writes `name=` for an empty list or record under `?`, `&`, `;`);
// - under `;` with explode, no empty members (it writes `name=`, RFC: `name`);
// - record keys under `+`/`#` without reserved characters or `%` (it always
//   encodes keys with the unreserved set);
// - no bigints (it does not know them).
import fc from "fast-check"
import * as E from "fp-ts/lib/Either.js"
import { parseTemplate } from "url-template"
import { describe, expect, test } from "vitest"
import { EndpointError } from "../../src/EndpointError.js"
import * as Template from "../../src/Template.js"
import { hasScheme } from "../../src/Parse.js"

// -------------------------------------------------------------------------------------
// template model used by the generators
// -------------------------------------------------------------------------------------

type Op = "" | "+" | "#" | "." | "/" | ";" | "?" | "&"
const OPS: ReadonlyArray<Op> = ["", "+", "#", ".", "/", ";", "?", "&"]

interface GVar {
  readonly name: string
  readonly explode: boolean
  readonly prefix: number
}
type GPart =
  | { readonly kind: "lit"; readonly text: string }
  | { readonly kind: "expr"; readonly op: Op; readonly vars: ReadonlyArray<GVar> }
  | { readonly kind: "colon"; readonly name: string }

const render = (parts: ReadonlyArray<GPart>): string =>
  parts
    .map((p) => {
      switch (p.kind) {
        case "lit":
          return p.text
        case "colon":
          return `/:${p.name}/`
        case "expr":
          return (
            "{" +
            p.op +
            p.vars.map((v) => v.name + (v.explode ? "*" : v.prefix > 0 ? `:${v.prefix}` : "")).join(",") +
            "}"
          )
      }
    })
    .join("")

const namesOf = (parts: ReadonlyArray<GPart>): Array<string> => {
  const out: Array<string> = []
  for (const p of parts) {
    const names = p.kind === "expr" ? p.vars.map((v) => v.name) : p.kind === "colon" ? [p.name] : []
    for (const n of names) if (!out.includes(n)) out.push(n)
  }
  return out
}

// -------------------------------------------------------------------------------------
// generators
// -------------------------------------------------------------------------------------

const ALPHA = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
const VARCHAR = ALPHA + "0123456789_"
const HEX = "0123456789abcdefABCDEF"

const charFrom = (chars: string) => fc.constantFrom(...chars.split(""))
const hexTriplet = fc.tuple(charFrom(HEX), charFrom(HEX)).map(([a, b]) => `%${a}${b}`)

/** An RFC 6570 varname: varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded. */
const varname = (withPct: boolean) => {
  const varchar = withPct ? fc.oneof({ weight: 6, arbitrary: charFrom(VARCHAR) }, { weight: 1, arbitrary: hexTriplet }) : charFrom(VARCHAR)
  const segment = fc.array(varchar, { minLength: 1, maxLength: 5 }).map((a) => a.join(""))
  return fc.array(segment, { minLength: 1, maxLength: 3 }).map((a) => a.join("."))
}

/** A `:name` placeholder name: a letter or `_`, then letters, digits, `_`. */
const colonName = fc
  .tuple(charFrom(ALPHA + "_"), fc.array(charFrom(VARCHAR), { maxLength: 6 }))
  .map(([h, t]) => h + t.join(""))

const bmpChar = fc
  .integer({ min: 0, max: 0xffff })
  .filter((c) => c < 0xd800 || c > 0xdfff)
  .map((c) => String.fromCharCode(c))

/** Literal characters: anything but `{`, `}`, `%` (added as tokens below) and lone surrogates. */
const literalChar = fc.oneof(
  { weight: 4, arbitrary: charFrom("abcXYZ019-._~/?#[]@!$&'()*+,;=: ") },
  { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
)
const literalToken = (withColon: boolean) =>
  fc.oneof(
    { weight: 8, arbitrary: literalChar.filter((c) => c !== "{" && c !== "}" && c !== "%" && (withColon || c !== ":")) },
    { weight: 1, arbitrary: hexTriplet },
    { weight: 1, arbitrary: charFrom("gz/ -").map((c) => `%${c}`) },
  )
const literal = (withColon: boolean) =>
  fc.array(literalToken(withColon), { minLength: 1, maxLength: 8 }).map((a) => a.join(""))

const gvar = (withPct: boolean) =>
  fc.record({
    name: varname(withPct),
    mod: fc.oneof(
      { weight: 3, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.constant(-1) }, // explode
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 9999 }) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 6 }) },
    ),
  }).map(({ name, mod }): GVar => ({ name, explode: mod === -1, prefix: mod > 0 ? mod : 0 }))

const expression = (withPct: boolean, names?: ReadonlyArray<string>) =>
  fc.record({
    op: fc.constantFrom(...OPS),
    vars: fc.array(
      names === undefined
        ? gvar(withPct)
        : fc.tuple(fc.constantFrom(...names), gvar(false)).map(([name, v]) => ({ ...v, name })),
      { minLength: 1, maxLength: 4 },
    ),
  }).map(({ op, vars }): GPart => ({ kind: "expr", op, vars }))

/** Any valid template (for the parse properties): `%XX` names, `:name`, every modifier. */
const validTemplate = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: expression(true) },
    { weight: 2, arbitrary: literal(false).map((text): GPart => ({ kind: "lit", text })) },
    { weight: 1, arbitrary: colonName.map((name): GPart => ({ kind: "colon", name })) },
  ),
  { maxLength: 8 },
)

/** A template in the oracle's domain; a small pool of names so variables recur. */
const POOL = ["a", "b", "c", "x.y", "list", "keys", "A_1", "v9"]
const oracleTemplate = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: expression(false, POOL) },
      { weight: 2, arbitrary: literal(true).map((text): GPart => ({ kind: "lit", text })) },
    ),
    { maxLength: 7 },
  )
  .filter((parts) => {
    // no `:name` placeholder in the literal text (SPEC §6.2 is not RFC 6570);
    // check the whole string, since literals may be adjacent
    const s = render(parts)
    let depth = 0
    for (let i = 0; i < s.length; i++) {
      const ch = s[i]!
      if (ch === "{") depth++
      else if (ch === "}") depth--
      else if (depth === 0 && ch === ":" && i + 1 < s.length && /[A-Za-z_]/.test(s[i + 1]!)) return false
    }
    // and no `%` + one hex digit in a literal run made by adjacent literals
    for (let i = 0; i < s.length; i++) {
      if (s[i] === "%" && /[0-9A-Fa-f]/.test(s[i + 1] ?? "") && !/[0-9A-Fa-f]/.test(s[i + 2] ?? "")) return false
    }
    return true
  })

interface Use {
  prefixed: boolean
  reserved: boolean
  semicolonExplode: boolean
}

const usesOf = (parts: ReadonlyArray<GPart>): Map<string, Use> => {
  const uses = new Map<string, Use>()
  for (const p of parts) {
    if (p.kind !== "expr") continue
    for (const v of p.vars) {
      const u = uses.get(v.name) ?? { prefixed: false, reserved: false, semicolonExplode: false }
      u.prefixed ||= v.prefix > 0
      u.reserved ||= p.op === "+" || p.op === "#"
      u.semicolonExplode ||= p.op === ";" && v.explode
      uses.set(v.name, u)
    }
  }
  return uses
}

const RESERVED_CHARS = ":/?#[]@!$&'()*+,;="
const noPct = (s: string): boolean => !s.includes("%")

/** A value for a variable used as `use` says, from the oracle's domain. */
const valueFor = (use: Use): fc.Arbitrary<unknown> => {
  const str = (u: fc.Arbitrary<string>) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.string({ unit: u, maxLength: 8 }) },
      { weight: 1, arbitrary: fc.constantFrom("", "a b", "a/b?c=d&e", "%41", "50%", "ü", "😀x", "[x]", "#f") },
    )
  const scalarString = (use.prefixed ? str(bmpChar).filter((s) => !/[\ud800-\udfff]/.test(s)) : str(fc.string({ unit: "binary", minLength: 1, maxLength: 1 }))).filter(
    (s) => !use.reserved || noPct(s),
  )
  const scalar = fc.oneof(
    { weight: 4, arbitrary: scalarString },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.boolean() },
  )
  const member = str(fc.string({ unit: "binary", minLength: 1, maxLength: 1 })).filter(
    (s) => (!use.reserved || noPct(s)) && (!use.semicolonExplode || s !== ""),
  )
  const maybe = fc.oneof({ weight: 5, arbitrary: member }, { weight: 1, arbitrary: fc.constantFrom(null, undefined) })
  const list = fc.array(maybe, { minLength: 1, maxLength: 4 }).filter((a) => a.some((m) => m != null))
  const key = fc
    .string({ unit: fc.oneof(charFrom(VARCHAR + "-.~ "), fc.string({ unit: "binary", minLength: 1, maxLength: 1 })), minLength: 1, maxLength: 5 })
    .filter((k) => !use.reserved || (noPct(k) && ![...k].some((c) => RESERVED_CHARS.includes(c))))
  const record = fc
    .dictionary(key, maybe, { minKeys: 1, maxKeys: 4 })
    .filter((r) => Object.values(r).some((m) => m != null))
  const undef = fc.constantFrom(null, undefined)
  return use.prefixed
    ? fc.oneof({ weight: 6, arbitrary: scalar }, { weight: 1, arbitrary: undef })
    : fc.oneof(
        { weight: 4, arbitrary: scalar },
        { weight: 2, arbitrary: list },
        { weight: 2, arbitrary: record },
        { weight: 1, arbitrary: undef },
      )
}

const oracleCase = oracleTemplate.chain((parts) => {
  const uses = [...usesOf(parts)]
  return fc
    .tuple(...uses.map(([name, use]) => fc.option(valueFor(use), { nil: "absent" as const }).map((v) => [name, v] as const)))
    .map((entries) => {
      const values: Record<string, unknown> = {}
      for (const [name, v] of entries) if (v !== "absent") values[name] = v
      return { template: render(parts), values }
    })
})

// -------------------------------------------------------------------------------------
// properties
// -------------------------------------------------------------------------------------

const ours = (template: string, values: Record<string, unknown>) =>
  E.flatMap(Template.parse(template), Template.expand(values))

describe("Template: differential test against url-template", () => {
  test("parse + expand equals url-template on its correct domain", () => {
    fc.assert(
      fc.property(oracleCase, ({ template, values }) => {
        const oracleContext = Object.assign(Object.create(null) as Record<string, unknown>, values)
        const expected = parseTemplate(template).expand(oracleContext as never)
        expect(ours(template, values)).toEqual(E.right(expected))
      }),
      { numRuns: 1000 },
    )
  })

  test("our own composite code (no delegation) equals url-template on the same domain", () => {
    fc.assert(
      fc.property(oracleCase, ({ template, values }) => {
        const oracleContext = Object.assign(Object.create(null) as Record<string, unknown>, values)
        const expected = parseTemplate(template).expand(oracleContext as never)
        const parsed = Template.parse(template)
        if (E.isLeft(parsed)) throw parsed.left
        const own = Template.expandWith(parsed.right, (name) => (Object.hasOwn(values, name) ? values[name] : undefined), "own")
        expect(own).toBe(expected)
      }),
      { numRuns: 1000 },
    )
  })

  test("the generated domain exercises composites, prefixes and every operator", () => {
    // guards the generator itself: a differential test over trivial inputs proves nothing
    const samples = fc.sample(oracleCase, { numRuns: 500, seed: 42 })
    const templates = samples.map((s) => s.template).join(" ")
    for (const op of ["{+", "{#", "{.", "{/", "{;", "{?", "{&"]) expect(templates).toContain(op)
    expect(templates).toMatch(/:\d+[,}]/)
    expect(templates).toContain("*")
    const values = samples.flatMap((s) => Object.values(s.values))
    expect(values.some(Array.isArray)).toBe(true)
    expect(values.some((v) => typeof v === "object" && v !== null && !Array.isArray(v))).toBe(true)
    const outputs = samples.map((s) => ours(s.template, s.values)).filter(E.isRight).map((r) => r.right)
    expect(outputs.some((o) => o.includes("%"))).toBe(true)
  })
})

describe("Template.parse is total", () => {
  const hostileChar = fc.oneof(
    { weight: 6, arbitrary: charFrom("{}%:*,.+#/;?&=!@|$-_ aZ09") },
    { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
  )
  const hostile = fc.string({ unit: hostileChar, maxLength: 40 })

  test("any string gives Right(template) or Left(EndpointError), never a throw", () => {
    fc.assert(
      fc.property(hostile, (s) => {
        let result: ReturnType<typeof Template.parse> | undefined
        expect(() => {
          result = Template.parse(s)
        }).not.toThrow()
        if (E.isLeft(result!)) {
          expect(result.left).toBeInstanceOf(EndpointError)
          expect(result.left.path).toBe("url")
          expect(result.left.message).toContain("position")
        } else {
          expect(result!.right.source).toBe(s)
        }
      }),
      { numRuns: 1000 },
    )
  })

  test("any non-string gives Left(EndpointError)", () => {
    fc.assert(
      fc.property(
        fc.anything().filter((u) => typeof u !== "string"),
        (u) => {
          const result = Template.parse(u as string)
          expect(E.isLeft(result) && result.left instanceof EndpointError).toBe(true)
        },
      ),
      { numRuns: 300 },
    )
  })

  test("expand never throws: a Right string or a Left EndpointError for any values", () => {
    fc.assert(
      fc.property(validTemplate, fc.dictionary(fc.constantFrom("a", "b", "x", "list"), fc.anything()), (parts, values) => {
        const t = Template.parse(render(parts))
        expect(E.isRight(t)).toBe(true)
        if (E.isLeft(t)) return
        let result: ReturnType<ReturnType<typeof Template.expand>> | undefined
        expect(() => {
          result = Template.expand(values)(t.right)
        }).not.toThrow()
        if (E.isLeft(result!)) expect(result.left).toBeInstanceOf(EndpointError)
        else expect(typeof result!.right).toBe("string")
      }),
      { numRuns: 500 },
    )
  })
})

describe("Template.parse on valid templates", () => {
  test("every generated valid template parses, reporting its variables in order", () => {
    fc.assert(
      fc.property(validTemplate, (parts) => {
        const source = render(parts)
        const t = Template.parse(source)
        if (E.isLeft(t)) throw new Error(`rejected ${JSON.stringify(source)}: ${t.left.message}`)
        expect(t.right.names).toEqual(namesOf(parts))
        expect([...t.right.nameSet].sort()).toEqual([...namesOf(parts)].sort())
      }),
      { numRuns: 1000 },
    )
  })

  test("the parsed expressions carry the operators and modifiers written", () => {
    fc.assert(
      fc.property(validTemplate, (parts) => {
        const t = Template.parse(render(parts))
        if (E.isLeft(t)) throw t.left
        const written = parts.flatMap((p): Array<{ operator: Op; variables: ReadonlyArray<GVar> }> =>
          p.kind === "expr"
            ? [{ operator: p.op, variables: p.vars }]
            : p.kind === "colon"
              ? [{ operator: "" as const, variables: [{ name: p.name, explode: false, prefix: 0 }] }]
              : [],
        )
        const parsed = t.right.parts.flatMap((p) => (p._tag === "Expression" ? [{ operator: p.operator, variables: p.variables }] : []))
        expect(parsed).toEqual(written)
      }),
      { numRuns: 500 },
    )
  })
})

describe("the template cache", () => {
  /** Parses twice: a template is cached the second time it is seen. */
  const parseTwice = (source: string) => {
    Template.parse(source)
    return Template.parse(source)
  }
  const same = (a: ReturnType<typeof Template.parse>, b: ReturnType<typeof Template.parse>): boolean =>
    E.isRight(a) && E.isRight(b) && a.right === b.right

  test("stays bounded by CACHE_SIZE after more than CACHE_SIZE distinct templates", () => {
    const extra = 500
    for (let i = 0; i < Template.CACHE_SIZE + extra; i++) {
      const r = parseTwice(`/cache/${i}/{x${i}}`)
      expect(E.isRight(r)).toBe(true)
      expect(Template.cachedCount()).toBeLessThanOrEqual(Template.CACHE_SIZE)
    }
    expect(Template.cachedCount()).toBe(Template.CACHE_SIZE)
  })

  test("a template seen twice is reused; an evicted one parses again to an equal value", () => {
    const source = "/cache/first/{a}{?b}"
    const once = Template.parse(source)
    const twice = Template.parse(source)
    const thrice = Template.parse(source)
    expect(same(twice, thrice)).toBe(true)
    expect(once).toEqual(twice)
    for (let i = 0; i < Template.CACHE_SIZE + 1; i++) parseTwice(`/evict/${i}`)
    expect(Template.cachedCount()).toBe(Template.CACHE_SIZE)
    const later = Template.parse(source)
    expect(same(later, twice)).toBe(false)
    expect(later).toEqual(twice)
  })

  test("templates seen once are not cached: distinct urls do not churn the cache", () => {
    for (let i = 0; i < Template.CACHE_SIZE; i++) parseTwice(`/keep/${i}`)
    const kept = Template.parse("/keep/0")
    for (let i = 0; i < 5 * Template.CACHE_SIZE; i++) {
      expect(E.isRight(Template.parse(`/repos/o/r/issues/${i}`))).toBe(true)
    }
    // the one-off templates evicted nothing
    expect(same(Template.parse("/keep/0"), kept)).toBe(true)
    expect(Template.cachedCount()).toBe(Template.CACHE_SIZE)
  })

  test("templates longer than CACHE_MAX_LENGTH are parsed but never cached", () => {
    const long = "/" + "x".repeat(Template.CACHE_MAX_LENGTH) + "/{a}"
    const results = [Template.parse(long), Template.parse(long), Template.parse(long)]
    for (const r of results) expect(E.isRight(r) && r.right.names).toEqual(["a"])
    expect(same(results[1]!, results[2]!)).toBe(false)
    expect(results[1]).toEqual(results[2])
    const atLimit = "/" + "y".repeat(Template.CACHE_MAX_LENGTH - 5) + "/{a}"
    expect(atLimit.length).toBe(Template.CACHE_MAX_LENGTH)
    expect(same(parseTwice(atLimit), Template.parse(atLimit))).toBe(true)
  })

  test("long templates are cached while their total length stays within CACHE_MAX_TOTAL_LENGTH", () => {
    const long = (i: number) => `/${i}/` + "z".repeat(Template.CACHE_MAX_LENGTH - 20) + "/{a}"
    const fit = Math.floor(Template.CACHE_MAX_TOTAL_LENGTH / long(0).length)
    for (let i = 0; i < fit + 10; i++) {
      const twice = parseTwice(long(i))
      expect(same(twice, Template.parse(long(i)))).toBe(true) // kept
      expect(Template.cachedLength()).toBeLessThanOrEqual(Template.CACHE_MAX_TOTAL_LENGTH)
    }
    expect(Template.cachedCount()).toBeLessThanOrEqual(fit)
    // the oldest long ones made room: evicted first
    expect(same(Template.parse(long(0)), Template.parse(long(0)))).toBe(false)
  })

  test("rejected templates are not cached", () => {
    for (let i = 0; i < Template.CACHE_SIZE; i++) parseTwice(`/fill/${i}`)
    const oldest = Template.parse("/fill/0")
    for (let i = 0; i < Template.CACHE_SIZE; i++) {
      expect(E.isLeft(parseTwice(`/bad/${i}/{`))).toBe(true)
    }
    // had the bad templates been cached, they would have evicted "/fill/0"
    expect(same(Template.parse("/fill/0"), oldest)).toBe(true)
  })
})

describe("what a parse works out in advance", () => {
  // templates and values rich in scheme, query and fragment characters
  const templateText = fc.string({ unit: charFrom("ab:/?#%2F{}+.;&=,*hts"), maxLength: 24 })
  const text = fc.string({ unit: charFrom("ab:/?#%2Fhts"), maxLength: 8 })
  const value = fc.oneof(text, fc.array(text, { maxLength: 3 }), fc.dictionary(fc.constantFrom("a", "b"), text, { maxKeys: 2 }))
  const values = fc.dictionary(fc.constantFrom("a", "b", "ab", "h", "s"), value, { maxKeys: 5 })

  test("a decided scheme is what every expansion has", () => {
    let decided = 0
    fc.assert(
      fc.property(templateText, values, (source, vars) => {
        const parsed = Template.parse(source)
        if (E.isLeft(parsed)) return
        const expanded = Template.expand(vars)(parsed.right)
        if (E.isLeft(expanded)) return
        if (parsed.right.scheme !== undefined) {
          decided++
          expect(hasScheme(expanded.right)).toBe(parsed.right.scheme)
        }
      }),
      { numRuns: 2000 },
    )
    expect(decided).toBeGreaterThan(100)
  })
  test("a path-only template never expands to a ? or #, whatever the values", () => {
    let pathOnly = 0
    let withQueryChars = 0
    // literals and expressions with every operator, so that each kind of part occurs often
    const expression = fc
      .tuple(fc.constantFrom("", "+", "#", ".", "/", ";", "?", "&"), fc.constantFrom("a", "b", "ab", "a*", "a,b"))
      .map(([op, vars]) => `{${op}${vars}}`)
    const pathOnlyTemplate = fc.array(fc.oneof(fc.string({ unit: charFrom("ab/?#%2F."), maxLength: 4 }), expression), { maxLength: 4 })
    fc.assert(
      fc.property(pathOnlyTemplate, values, (parts, vars) => {
        const parsed = Template.parse(parts.join(""))
        if (E.isLeft(parsed)) return
        const expanded = Template.expand(vars)(parsed.right)
        if (E.isLeft(expanded)) return
        if (parsed.right.pathOnly) {
          pathOnly++
          expect(expanded.right).not.toMatch(/[?#]/)
        } else if (/[?#]/.test(expanded.right)) withQueryChars++
      }),
      { numRuns: 2000 },
    )
    // both kinds occur, so the property is not vacuous
    expect(pathOnly).toBeGreaterThan(100)
    expect(withQueryChars).toBeGreaterThan(100)
  })
  test("examples", () => {
    const of = (s: string) => {
      const t = Template.parse(s)
      if (E.isLeft(t)) throw t.left
      return t.right.scheme
    }
    expect(of("https://h/{a}")).toBe(true)
    expect(of("/repos/{owner}")).toBe(false)
    expect(of("{+base}/x")).toBeUndefined()
    expect(of("ht{a}")).toBeUndefined()
    expect(of("ht")).toBe(false)
    expect(of("/x{?q}")).toBe(false)
  })
})
