// Property tests for src/Template.ts.
//
// 1. Differential: on the domain where `url-template` (the test oracle, a
//    devDependency, never used at run time) follows RFC 6570, our parse +
//    expand in strict "rfc6570" mode gives exactly its result.
// 2. parse and expand are total: an Either for any input, never a throw.
// 3. Every generated valid template parses, and reports exactly its variables,
//    operators and modifiers; route mode reads `:name` only at the start of a
//    path segment (never in the query or fragment), strict mode never.
// 4. Route mode expands as strict mode does, except that a `{x}`, `{+x}` or `:x`
//    variable without a value is a "missing parameter" error, and only that
//    (dot segments are judged at the url level, src/Url.ts, not here).
// 5. expand re-parses the template's source: a forged template's parts are never
//    walked.
//
// The oracle's domain, worked out from where it departs from RFC 6570 (each of
// these departures is pinned by the conformance suite or test/Template.test.ts):
// - variable names without `%XX` (it encodes the `%` of a name again);
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
// A literal `:name` is in the domain: strict mode reads it as literal text, as
// url-template does.
import fc from "fast-check"
import * as E from "fp-ts/lib/Either.js"
import { parseTemplate } from "url-template"
import { describe, expect, test } from "vitest"
import { EndpointError } from "../../src/EndpointError.js"
import * as Template from "../../src/Template.js"

// -------------------------------------------------------------------------------------
// template model used by the generators
// -------------------------------------------------------------------------------------

type Op = "" | "+" | "#" | "." | "/" | ";" | "?" | "&"
const OPS: ReadonlyArray<Op> = ["", "+", "#", ".", "/", ";", "?", "&"]
type Mode = Template.Mode
const MODES: ReadonlyArray<Mode> = ["rfc6570", "route"]

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

interface ModelExpression {
  readonly operator: Op
  readonly variables: ReadonlyArray<GVar>
}

/**
 * The expressions a template holds when read in `mode`. A `/:name/` part is a
 * placeholder only in route mode and only in the path, before the query and
 * fragment: a literal `?` or `#`, or a `{?…}`, `{&…}` or `{#…}` expression, ends
 * the path. Otherwise it is text (`//:name` too is a placeholder: see docs/decisions.md).
 */
const expressionsOf = (parts: ReadonlyArray<GPart>, mode: Mode): Array<ModelExpression> => {
  const out: Array<ModelExpression> = []
  let inPath = true
  for (const p of parts) {
    if (p.kind === "lit") {
      if (p.text.includes("?") || p.text.includes("#")) inPath = false
    } else if (p.kind === "colon") {
      if (mode === "route" && inPath) out.push({ operator: "", variables: [{ name: p.name, explode: false, prefix: 0 }] })
    } else {
      out.push({ operator: p.op, variables: p.vars })
      if (p.op === "?" || p.op === "&" || p.op === "#") inPath = false
    }
  }
  return out
}

const namesOf = (expressions: ReadonlyArray<ModelExpression>): Array<string> => {
  const out: Array<string> = []
  for (const e of expressions) for (const v of e.variables) if (!out.includes(v.name)) out.push(v.name)
  return out
}

/** The error of a route-mode template whose required names have no value (SPEC 6.3). */
const missingMessage = (names: ReadonlyArray<string>): string =>
  `missing parameter${names.length > 1 ? "s" : ""}: ${names.join(", ")}`

const expressionParts = (t: Template.Template): Array<Template.Expression> =>
  t.parts.filter((p): p is Template.Expression => typeof p !== "string")

// -------------------------------------------------------------------------------------
// generators
// -------------------------------------------------------------------------------------

const ALPHA = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
const VARCHAR = ALPHA + "0123456789_"
const HEX = "0123456789abcdefABCDEF"

const charFrom = (chars: string) => fc.constantFrom(...chars.split(""))
const hexTriplet = fc.tuple(charFrom(HEX), charFrom(HEX)).map(([a, b]) => `%${a}${b}`)

/**
 * An RFC 6570 varname: varchar *( ["."] varchar ), varchar = ALPHA / DIGIT /
 * "_" / pct-encoded; with `withDash`, also `-` (route mode only).
 */
const varname = (withPct: boolean, withDash = false) => {
  const chars = withDash ? VARCHAR + "-" : VARCHAR
  const varchar = withPct ? fc.oneof({ weight: 6, arbitrary: charFrom(chars) }, { weight: 1, arbitrary: hexTriplet }) : charFrom(chars)
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

const modifier = fc.oneof(
  { weight: 3, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.constant(-1) }, // explode
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 9999 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 6 }) },
)

const gvar = (name: fc.Arbitrary<string>) =>
  fc.record({ name, mod: modifier }).map(({ name, mod }): GVar => ({ name, explode: mod === -1, prefix: mod > 0 ? mod : 0 }))

const expression = (name: fc.Arbitrary<string>) =>
  fc.record({
    op: fc.constantFrom(...OPS),
    vars: fc.array(gvar(name), { minLength: 1, maxLength: 4 }),
  }).map(({ op, vars }): GPart => ({ kind: "expr", op, vars }))

/**
 * Any valid route-mode template (for the parse properties): `%XX` and `-` in
 * names, `/:name/` placeholders, every operator and modifier. Literals have
 * no `:` of their own, so every `:name` is a generated `/:name/` part.
 */
const validTemplate = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: expression(varname(true, true)) },
    { weight: 2, arbitrary: literal(false).map((text): GPart => ({ kind: "lit", text })) },
    { weight: 1, arbitrary: colonName.map((name): GPart => ({ kind: "colon", name })) },
  ),
  { maxLength: 8 },
).filter((parts) => !MISREAD_IN_ROUTE.test(render(parts)))

/** What route mode refuses in a template's text, which URL parsers read otherwise: a backslash, a tab or line break, a space or control character at either end. */
const MISREAD_IN_ROUTE = /[\\\t\n\r]|^[\0- ]|[\0- ]$/

/** A template in the oracle's domain; a small pool of names so variables recur. */
const POOL = ["a", "b", "c", "x.y", "list", "keys", "A_1", "v9"]
const oracleTemplate = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: expression(fc.constantFrom(...POOL)) },
      { weight: 2, arbitrary: literal(true).map((text): GPart => ({ kind: "lit", text })) },
    ),
    { maxLength: 7 },
  )
  .filter((parts) => {
    // no `%` + one hex digit in a literal run made by adjacent literals
    const s = render(parts)
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
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) }, // NaN and Infinity are refused (a separate test), url-template writes them
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

const ours = (template: string, values: Record<string, unknown>, mode: Mode = "rfc6570") =>
  E.flatMap(Template.parse(template, mode), Template.expand(values))

describe("Template: differential test against url-template", () => {
  test("strict parse + expand equals url-template on its correct domain", () => {
    fc.assert(
      fc.property(oracleCase, ({ template, values }) => {
        const oracleContext = Object.assign(Object.create(null) as Record<string, unknown>, values)
        const expected = parseTemplate(template).expand(oracleContext as never)
        expect(ours(template, values)).toEqual(E.right(expected))
      }),
      { numRuns: 1000 },
    )
  })

  test("expand reads own properties only: values inherited through a prototype are undefined", () => {
    fc.assert(
      fc.property(oracleCase, ({ template, values }) => {
        const parsed = Template.parse(template, "rfc6570")
        if (E.isLeft(parsed)) throw parsed.left
        expect(Template.expand(Object.create(values) as Record<string, unknown>)(parsed.right)).toEqual(Template.expand({})(parsed.right))
      }),
      { numRuns: 300 },
    )
  })

  test("the generated domain exercises composites, prefixes, every operator and literal colons", () => {
    // guards the generator itself: a differential test over trivial inputs proves nothing
    const samples = fc.sample(oracleCase, { numRuns: 500, seed: 42 })
    const templates = samples.map((s) => s.template).join(" ")
    for (const op of ["{+", "{#", "{.", "{/", "{;", "{?", "{&"]) expect(templates).toContain(op)
    expect(templates).toMatch(/:\d+[,}]/)
    expect(templates).toContain("*")
    expect(templates).toMatch(/[^{,]:[A-Za-z_]/) // a literal colon before a name, which strict mode keeps as text
    const values = samples.flatMap((s) => Object.values(s.values))
    expect(values.some(Array.isArray)).toBe(true)
    expect(values.some((v) => typeof v === "object" && v !== null && !Array.isArray(v))).toBe(true)
    const outputs = samples.map((s) => ours(s.template, s.values)).filter(E.isRight).map((r) => r.right)
    expect(outputs.some((o) => o.includes("%"))).toBe(true)
  })
})

describe("Template.parse and expand are total", () => {
  const hostileChar = fc.oneof(
    { weight: 6, arbitrary: charFrom("{}%:*,.+#/;?&=!@|$-_ aZ09") },
    { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
  )
  const hostile = fc.string({ unit: hostileChar, maxLength: 40 })

  test("any string gives Right(template) or Left(EndpointError) in either mode, never a throw", () => {
    fc.assert(
      fc.property(hostile, fc.constantFrom(...MODES), (s, mode) => {
        let result: ReturnType<typeof Template.parse> | undefined
        expect(() => {
          result = Template.parse(s, mode)
        }).not.toThrow()
        if (E.isLeft(result!)) {
          expect(result.left).toBeInstanceOf(EndpointError)
          expect(result.left.path).toBe("url")
          expect(result.left.message).toContain("position")
        } else {
          expect(result!.right.source).toBe(s)
          expect(result!.right.mode).toBe(mode)
        }
      }),
      { numRuns: 1000 },
    )
  })

  test("any non-string gives Left(EndpointError)", () => {
    fc.assert(
      fc.property(
        fc.anything().filter((u) => typeof u !== "string"),
        fc.constantFrom(...MODES),
        (u, mode) => {
          const result = Template.parse(u as string, mode)
          expect(E.isLeft(result) && result.left instanceof EndpointError).toBe(true)
        },
      ),
      { numRuns: 300 },
    )
  })

  test("expand never throws: a Right string or a Left EndpointError for any values", () => {
    fc.assert(
      fc.property(validTemplate, fc.dictionary(fc.constantFrom("a", "b", "x", "list"), fc.anything()), (parts, values) => {
        const t = Template.parse(render(parts), "route")
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
  test("every generated valid template parses in route mode, reporting its variables in order", () => {
    fc.assert(
      fc.property(validTemplate, (parts) => {
        const source = render(parts)
        const t = Template.parse(source, "route")
        if (E.isLeft(t)) throw new Error(`rejected ${JSON.stringify(source)}: ${t.left.message}`)
        expect(t.right.names).toEqual(namesOf(expressionsOf(parts, "route")))
      }),
      { numRuns: 1000 },
    )
  })

  test("the parsed expressions carry the operators, modifiers and places written", () => {
    fc.assert(
      fc.property(validTemplate, (parts) => {
        const t = Template.parse(render(parts), "route")
        if (E.isLeft(t)) throw t.left
        expect(expressionParts(t.right)).toEqual(expressionsOf(parts, "route"))
      }),
      { numRuns: 500 },
    )
  })

  test("strict mode reads the same template without the `:name` placeholders, and refuses a `-` in a name", () => {
    let dashed = 0
    let colons = 0
    fc.assert(
      fc.property(validTemplate, (parts) => {
        const source = render(parts)
        const t = Template.parse(source, "rfc6570")
        const hasDash = parts.some((p) => p.kind === "expr" && p.vars.some((v) => v.name.includes("-")))
        if (hasDash) {
          dashed++
          expect(E.isLeft(t) && t.left.path).toBe("url")
          expect(E.isLeft(t) && t.left.message).toMatch(/at position \d+/)
          return
        }
        if (E.isLeft(t)) throw t.left
        if (parts.some((p) => p.kind === "colon")) colons++
        expect(expressionParts(t.right)).toEqual(expressionsOf(parts, "rfc6570"))
        expect(t.right.names).toEqual(namesOf(expressionsOf(parts, "rfc6570")))
      }),
      { numRuns: 1000 },
    )
    expect(dashed).toBeGreaterThan(50)
    expect(colons).toBeGreaterThan(50)
  })

  test("literal parts are non-empty strings, never two in a row; their text is the template's, encoded", () => {
    fc.assert(
      fc.property(validTemplate, fc.constantFrom(...MODES), (parts, mode) => {
        const t = Template.parse(render(parts), mode)
        if (E.isLeft(t)) return
        t.right.parts.forEach((p, i) => {
          if (typeof p !== "string") return
          expect(p).not.toBe("")
          expect(typeof t.right.parts[i + 1]).not.toBe("string")
          // only URI characters and %XX triplets: expanding the literal alone gives it back
          expect(p).toMatch(/^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/)
        })
        // with every variable undefined, the expansion is the literal text alone; in route mode, unless
        // the template has a `{x}`, `{+x}` or `:x` expression: then it names all of their variables
        const literal = t.right.parts.filter((p) => typeof p === "string").join("")
        const required = namesOf(expressionsOf(parts, mode).filter((e) => e.operator === "" || e.operator === "+"))
        const expanded = Template.expand({})(t.right)
        if (mode === "route" && required.length > 0) expect(E.isLeft(expanded) && [expanded.left.path, expanded.left.message]).toEqual(["", missingMessage(required)])
        else expect(expanded).toEqual(E.right(literal))
      }),
      { numRuns: 500 },
    )
  })
})


// Route mode requires a value for every variable of a `{x}`, `{+x}` or `:x`
// expression (SPEC 6.3): missing, `undefined`, `null`, `[]`, `{}` and lists or
// records of nothing but nulls are no value; `""` is one. On templates both modes
// read alike (no `:` and no `-`), route mode must be strict mode plus exactly that
// error, listing those names once each, in the order they first appear. Values
// that make dot segments are generated too: Template judges none (the url does).
describe("route mode: strict mode plus the required-parameter rule", () => {
  const NAMES = ["a", "b", "c"] as const
  const noValue = fc.constantFrom<unknown>(undefined, null, [], {}, [null], [undefined, null], { k: null }, { k: undefined })
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom<unknown>("", "x", "..", ".", "a/b", "%2e", 0, false, 7n) },
    { weight: 2, arbitrary: fc.array(fc.constantFrom<unknown>("", "y", "..", null), { minLength: 1, maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("k", "l"), fc.constantFrom<unknown>("", "v", null), { minKeys: 1, maxKeys: 2 }) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(() => 1, Symbol("s"), Number.NaN, new Date(0)) }, // errors in both modes
  )
  const part = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom("/", "/x/", "a", "?", "#", "/..", "{", "}") },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.oneof({ weight: 3, arbitrary: fc.constantFrom<Op>("", "+") }, { weight: 2, arbitrary: fc.constantFrom(...OPS) }),
          fc.array(fc.constantFrom("a", "b", "c", "a*", "b*", "c:1", "c:3"), { minLength: 1, maxLength: 3 }),
        )
        .map(([op, vars]) => `{${op}${vars.join(",")}}`),
    },
  )
  const template = fc.array(part, { minLength: 1, maxLength: 6 }).map((ps) => ps.join(""))
  const values = fc.record(
    Object.fromEntries(NAMES.map((n) => [n, fc.oneof({ weight: 2, arbitrary: value }, { weight: 1, arbitrary: noValue })])),
    { requiredKeys: [] },
  )

  const hasValue = (u: unknown): boolean =>
    u != null && (Array.isArray(u) ? u.some((m) => m != null) : typeof u === "object" && !(u instanceof Date) ? Object.values(u).some((m) => m != null) : true)
  /** The names of `{x}` and `{+x}` expressions without a value, read from the text. */
  const missing = (source: string, vars: Record<string, unknown>): Array<string> => {
    const out: Array<string> = []
    for (const [, op, list] of source.matchAll(/\{([+#./;?&]?)([^{}]*)\}/g))
      if (op === "" || op === "+")
        for (const spec of list!.split(",")) {
          const name = spec.replace(/\*|:\d+/, "")
          if (!hasValue(vars[name]) && !out.includes(name)) out.push(name)
        }
    return out
  }

  test("route expands as strict does, or is the missing-parameter error exactly when a required name has no value", () => {
    let [agreed, missed, failedAlike] = [0, 0, 0]
    fc.assert(
      fc.property(template, values, (source, vars) => {
        const s = Template.parse(source, "rfc6570")
        const r = Template.parse(source, "route")
        if (E.isLeft(s) || E.isLeft(r)) {
          expect(E.isLeft(s) && E.isLeft(r) && r.left.message).toBe(E.isLeft(s) && s.left.message)
          return
        }
        expect(r.right.parts).toEqual(s.right.parts)
        const strict = Template.expand(vars)(s.right)
        const route = Template.expand(vars)(r.right)
        if (E.isLeft(strict)) {
          failedAlike++
          expect(route).toEqual(strict) // a value that cannot be expanded is that error in both modes
          return
        }
        const names = missing(source, vars)
        if (names.length === 0) {
          agreed++
          expect(route).toEqual(strict)
        } else {
          missed++
          expect(route).toEqual(E.left(new EndpointError("", missingMessage(names))))
          expect(E.isLeft(route) && route.left.path).toBe("")
        }
      }),
      { numRuns: 3000 },
    )
    // every outcome occurs, so the property is not vacuous
    expect(agreed).toBeGreaterThan(300)
    expect(missed).toBeGreaterThan(300)
    expect(failedAlike).toBeGreaterThan(50)
  })

  test("strict mode never asks for a parameter: no values expand every expression to nothing", () => {
    fc.assert(
      fc.property(template, (source) => {
        const s = Template.parse(source, "rfc6570")
        if (E.isLeft(s)) return
        expect(Template.expand({})(s.right)).toEqual(E.right(s.right.parts.filter((p) => typeof p === "string").join("")))
      }),
      { numRuns: 500 },
    )
  })
})

describe("Template.expand reads the template again from its source", () => {
  test("a template whose parts and names are forged expands as its source does", () => {
    fc.assert(
      fc.property(validTemplate, fc.constantFrom(...MODES), fc.anything(), fc.anything(), fc.dictionary(fc.constantFrom("a", "b", "x"), fc.constantFrom("v", 1, ["l"])), (parts, mode, forgedParts, forgedNames, values) => {
        const source = render(parts)
        const t = Template.parse(source, mode)
        const forged = { source, mode, parts: forgedParts, names: forgedNames } as unknown as Template.Template
        const real = E.flatMap(Template.expand(values))(t)
        expect(Template.expand(values)(forged)).toEqual(real)
      }),
      { numRuns: 500 },
    )
  })

  test("anything that is no template gives a Left EndpointError, never a throw", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.record({ source: fc.anything(), mode: fc.anything() })), (u) => {
        let result: ReturnType<ReturnType<typeof Template.expand>> | undefined
        expect(() => {
          result = Template.expand({ a: 1 })(u as Template.Template)
        }).not.toThrow()
        if (E.isLeft(result!)) expect(result.left).toBeInstanceOf(EndpointError)
        else {
          // only a real template's source and mode expand
          const { source, mode } = u as { source: string; mode: Template.Mode }
          expect(result).toEqual(E.flatMap(Template.expand({ a: 1 }))(Template.parse(source, mode)))
        }
      }),
      { numRuns: 500 },
    )
  })
})
