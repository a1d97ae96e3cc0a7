// Property tests for src/Template.ts.
//
// 1. Differential: on the domain where `url-template` (the test oracle, a
//    devDependency, never used at run time) follows RFC 6570, our parse +
//    expand in strict "rfc6570" mode gives exactly its result.
// 2. parse and expand are total: an Either for any input, never a throw.
// 3. Every generated valid template parses, and reports exactly its variables,
//    operators, modifiers and where each expression stands (path or not); route
//    mode reads `:name` only at the start of a path segment, strict mode never.
// 4. Route mode expands as strict mode does, except that it refuses a value
//    that makes a path segment `.` or `..`, and only that.
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
  readonly inPath: boolean
}

/**
 * The expressions a template holds when read in `mode`, each with whether it
 * stands before the query and fragment: a literal `?` or `#`, or a `{?…}`,
 * `{&…}` or `{#…}` expression, ends the path. A `/:name/` part is a
 * placeholder only in route mode and only in the path; otherwise it is text.
 * After a lone `/` it opens the template with `//:name`, an authority: text.
 */
const expressionsOf = (parts: ReadonlyArray<GPart>, mode: Mode): Array<ModelExpression> => {
  const out: Array<ModelExpression> = []
  let inPath = true
  for (const [i, p] of parts.entries()) {
    if (p.kind === "lit") {
      if (p.text.includes("?") || p.text.includes("#")) inPath = false
    } else if (p.kind === "colon") {
      const inAuthority = render(parts.slice(0, i)) === "/"
      if (mode === "route" && inPath && !inAuthority) out.push({ operator: "", variables: [{ name: p.name, explode: false, prefix: 0 }], inPath })
    } else {
      out.push({ operator: p.op, variables: p.vars, inPath })
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

  test("expandWith reads own properties only: values inherited through a prototype are undefined", () => {
    fc.assert(
      fc.property(oracleCase, ({ template, values }) => {
        const parsed = Template.parse(template, "rfc6570")
        if (E.isLeft(parsed)) throw parsed.left
        expect(Template.expandWith(parsed.right, Object.create(values))).toEqual(Template.expand({})(parsed.right))
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
        // with every variable undefined, the expansion is the literal text alone; in route mode it may
        // instead be refused, when an absent value leaves a literal "." or ".." (or %2e) as a whole segment
        const literal = t.right.parts.filter((p) => typeof p === "string").join("")
        const expanded = Template.expand({})(t.right)
        if (mode === "route" && E.isLeft(expanded)) {
          expect(expanded.left.problem).toContain("path segment")
          expect(literal.split(/[?#]/)[0]!.split("/").some((seg) => /^(\.|%2e){1,2}$/i.test(seg))).toBe(true)
        } else expect(expanded).toEqual(E.right(literal))
      }),
      { numRuns: 500 },
    )
  })

  test("a parsed template is deeply frozen", () => {
    fc.assert(
      fc.property(validTemplate, (parts) => {
        const t = Template.parse(render(parts), "route")
        if (E.isLeft(t)) throw t.left
        expect(Object.isFrozen(t.right)).toBe(true)
        expect(Object.isFrozen(t.right.parts)).toBe(true)
        expect(Object.isFrozen(t.right.names)).toBe(true)
        for (const e of expressionParts(t.right)) {
          expect(Object.isFrozen(e)).toBe(true)
          expect(Object.isFrozen(e.variables)).toBe(true)
          for (const v of e.variables) expect(Object.isFrozen(v)).toBe(true)
        }
      }),
      { numRuns: 200 },
    )
  })
})

// Route mode refuses a value that makes a whole path segment `.` or `..` (also
// written `%2e`): the request would go elsewhere once a client resolves the dot
// segments (RFC 3986 §5.2.4; the WHATWG URL parser also decodes `%2e`). On a
// domain where the template's own text has no dot and no `%` (so every dot
// comes from a value) and where both modes read the template alike (no `:` and
// no `-`), route mode must be strict mode plus exactly that refusal. A value's
// own `?` or `#` (under `{+x}`) ends the path, and an expression after `{?…}`
// that expands to nothing leaves the next one in the path: both are generated.
describe("route mode: strict mode plus the dot-segment rule", () => {
  const dotty = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(".", "..", "%2e", "%2E%2e", ".%2e", "a/..", "../b", "a/./b") },
    { weight: 2, arbitrary: fc.constantFrom("", "...", "a", "a.b", "a?/..", "#..", "x/", "%2e%2e%2e", "..?", "a/.#x", "%2e?") },
  )
  const value = fc.oneof(
    { weight: 4, arbitrary: dotty },
    { weight: 2, arbitrary: fc.array(dotty, { minLength: 1, maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("k", ".", ".."), dotty, { minKeys: 1, maxKeys: 2 }) },
    { weight: 1, arbitrary: fc.constantFrom(null, 1) },
  )
  const part = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom("/", "/", "a/", "/b", "ab", "?", "#", "/?a", "b#") },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.oneof({ weight: 3, arbitrary: fc.constantFrom<Op>("", "+", "/") }, { weight: 2, arbitrary: fc.constantFrom(...OPS) }),
          fc.array(fc.constantFrom("a", "b", "c", "a*", "b*", "c:1", "c:2"), { minLength: 1, maxLength: 2 }),
        )
        .map(([op, vars]) => `{${op}${vars.join(",")}}`),
    },
  )
  const template = fc.array(part, { minLength: 1, maxLength: 5 }).map((ps) => ps.join(""))
  const values = fc.record({ a: value, b: value, c: value }, { requiredKeys: [] })

  /** The path of a url: up to its first `?` or `#`. */
  const pathOf = (url: string): string => url.split(/[?#]/)[0]!
  const hasDotSegment = (url: string): boolean =>
    pathOf(url)
      .split("/")
      .some((s) => {
        const d = s.replace(/%2e/gi, ".")
        return d === "." || d === ".."
      })

  test("route expands as strict does, or refuses, naming a variable, exactly when the path has a dot segment", () => {
    let refused = 0
    let agreed = 0
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
          expect(route).toEqual(strict)
          return
        }
        if (E.isRight(route)) {
          agreed++
          expect(route.right).toBe(strict.right)
          expect(hasDotSegment(route.right)).toBe(false)
        } else {
          refused++
          expect(hasDotSegment(strict.right)).toBe(true)
          expect(r.right.names).toContain(route.left.path)
          expect(route.left.message).toContain('a value cannot make a path segment "." or ".."')
        }
      }),
      { numRuns: 3000 },
    )
    // both outcomes occur, so the property is not vacuous
    expect(refused).toBeGreaterThan(100)
    expect(agreed).toBeGreaterThan(1000)
  })
})

describe("route mode: literal dots beside values", () => {
  // A restatement of the rule on a small domain (scalar strings under "", "+", "/" and "."),
  // written straight from its definition: a dot segment of the path is refused when an
  // expression wrote some of it or the "/" before it, or, empty, stands inside it under an
  // operator whose text stays in the segment, or under "+" begins right after it (with the "/",
  // "?" or "#" that ends it). The library skips the search when no value can
  // take part in a dot segment; this checks that skipping it never lets one through.
  type Piece = string | { readonly op: "" | "+" | "/" | "."; readonly name: "a" | "b" }
  const piece: fc.Arbitrary<Piece> = fc.oneof(
    fc.constantFrom(".", "..", "/", "/.", "./", "x.", ".x", "%2e", "/x"),
    fc.record({ op: fc.constantFrom<"" | "+" | "/" | ".">("", "+", "/", "."), name: fc.constantFrom<"a" | "b">("a", "b") }),
  )
  const text = fc.option(fc.constantFrom("", ".", "..", "x", "x.y", "%2e", "a/..", "x/", "/", "?a", "#", "..?"), { nil: undefined })
  const encoded = (s: string, reserved: boolean) => (reserved ? s : encodeURIComponent(s).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase()))

  /** The expansion and, for each expression, where its text starts and ends. */
  const expandWithSpans = (pieces: ReadonlyArray<Piece>, values: Record<string, string | undefined>) => {
    let url = ""
    const spans: Array<{ start: number; end: number; op: string }> = []
    for (const p of pieces) {
      if (typeof p === "string") url += p
      else {
        const v = values[p.name]
        const out = v === undefined ? "" : (p.op === "/" || p.op === "." ? p.op : "") + encoded(v, p.op === "+")
        spans.push({ start: url.length, end: url.length + out.length, op: p.op })
        url += out
      }
    }
    return { url, spans }
  }
  const refused = (pieces: ReadonlyArray<Piece>, values: Record<string, string | undefined>): boolean => {
    const { url, spans } = expandWithSpans(pieces, values)
    let from = 0
    for (const segment of url.split(/[?#]/)[0]!.split("/")) {
      const to = from + segment.length
      const dots = segment.replace(/%2e/gi, ".")
      const takesPart = ({ start, end, op }: { start: number; end: number; op: string }) =>
        start < end ? (start < to && end >= from) || (start === to && op === "+") : start >= from && start <= to && op !== "/"
      if ((dots === "." || dots === "..") && spans.some(takesPart)) return true
      from = to + 1
    }
    return false
  }
  const source = (pieces: ReadonlyArray<Piece>) => pieces.map((p) => (typeof p === "string" ? p : `{${p.op}${p.name}}`)).join("")

  test("a value, an empty one included, that makes a dot segment with literal dots is refused, and only then", () => {
    let refusals = 0
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), text, text, (pieces, a, b) => {
        const t = Template.parse(source(pieces), "route")
        if (E.isLeft(t)) throw t.left
        const values = { a, b }
        const outcome = Template.expand(values)(t.right)
        const expected = refused(pieces, values)
        if (expected) refusals++
        expect(E.isLeft(outcome)).toBe(expected)
        if (!expected) expect(outcome).toEqual(E.right(expandWithSpans(pieces, values).url))
      }),
      { numRuns: 5000 },
    )
    expect(refusals).toBeGreaterThan(200)
  })
})
