/**
 * RFC 6570 URI templates, level 4, plus the `:name` shorthand of REST routes.
 *
 * A template is parsed once, in a single left-to-right scan, into literals and
 * expressions; parsed templates are kept in a bounded cache. Expansion walks the
 * parsed parts and never re-reads the template text.
 *
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import { EndpointError } from "./EndpointError.js"
import { quote, kindOf } from "./internal/describe.js"
import { encode, isDigit, isHexDigit, isUriChar, pctCodePoint, surrogatePair, UNRESERVED, RESERVED, type Allow } from "./internal/encode.js"
import { attempt } from "./internal/attempt.js"
import { SecondSightCache } from "./internal/cache.js"
import { has, isPlainObject, put } from "./internal/object.js"
import { scalarString } from "./internal/scalar.js"
import { parseTemplate as parseUrlTemplate } from "url-template"

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

/**
 * An expression operator: `""` (simple), `+`, `#`, `.`, `/`, `;`, `?` or `&`.
 *
 * @example
 * import type { Template } from "fp-endpoint"
 *
 * const query: Template.Operator = "?" // as in "{?page,per_page}"
 *
 * @since 0.1.0
 */
export type Operator = "" | "+" | "#" | "." | "/" | ";" | "?" | "&"

/**
 * One variable of an expression: its name as written, whether it is exploded
 * (`*`), and its prefix length (`:3`), 0 when there is none.
 *
 * @example
 * import type { Template } from "fp-endpoint"
 *
 * const v: Template.VarSpec = { name: "path", explode: false, prefix: 3 } // "{path:3}"
 *
 * @since 0.1.0
 */
export interface VarSpec {
  readonly name: string
  readonly explode: boolean
  readonly prefix: number
}

/**
 * A literal run, already encoded as it appears in the expansion.
 *
 * @example
 * import type { Template } from "fp-endpoint"
 *
 * const l: Template.Literal = { _tag: "Literal", text: "/repos/" }
 *
 * @since 0.1.0
 */
export interface Literal {
  readonly _tag: "Literal"
  readonly text: string
}

/**
 * A `{…}` expression (or a `:name` placeholder, which is `{name}`).
 *
 * @example
 * import type { Template } from "fp-endpoint"
 *
 * const e: Template.Expression = { _tag: "Expression", operator: "?", variables: [{ name: "page", explode: false, prefix: 0 }] }
 *
 * @since 0.1.0
 */
export interface Expression {
  readonly _tag: "Expression"
  readonly operator: Operator
  readonly variables: ReadonlyArray<VarSpec>
}

/**
 * A parsed template.
 *
 * @example
 * import { Template } from "fp-endpoint"
 * import * as E from "fp-ts/Either"
 *
 * const t = Template.parse("/repos/{owner}/{repo}{?page}")
 * E.isRight(t) && t.right.names // ["owner", "repo", "page"]
 *
 * @since 0.1.0
 */
export interface Template {
  /** The template text as given. */
  readonly source: string
  readonly parts: ReadonlyArray<Literal | Expression>
  /** Every variable name the template uses, once each, in order of appearance. */
  readonly names: ReadonlyArray<string>
  /** The same names, for membership tests. */
  readonly nameSet: ReadonlySet<string>
  /**
   * Each name's index in `names`.
   *
   * @internal
   */
  readonly indexOf: ReadonlyMap<string, number>
  /**
   * Whether every expansion starts with a URI scheme: `true` or `false` when
   * the leading literal decides it, `undefined` when an expression does.
   */
  readonly scheme: boolean | undefined
  /**
   * Whether no expansion can hold `?` or `#`: no literal has them and no
   * expression uses `+`, `#`, `?` or `&`, the operators that can write them.
   * A query can then be appended with a plain `?`.
   */
  readonly pathOnly: boolean
  /**
   * The parts as expansion walks them: literal text as a string, each
   * expression as its operator and the index of each variable in `names`.
   *
   * @internal
   */
  readonly plan: ReadonlyArray<string | Step>
}

/**
 * An expression as expansion walks it: values come in an array in the order
 * of `names`, so a variable is read by index.
 *
 * @internal
 */
export interface Step {
  readonly op: OperatorSpec
  readonly variables: ReadonlyArray<VarSpec>
  /** For each variable, the index of its name in the template's `names`. */
  readonly indices: ReadonlyArray<number>
  /**
   * For each variable, what comes before a scalar value when it is the first
   * defined one (`leads`) or follows one (`seps`): the operator's first
   * character or separator, then `name=` under a named operator.
   */
  readonly leads: ReadonlyArray<string>
  readonly seps: ReadonlyArray<string>
  /** The value's index when the step is one variable under the simple operator, without a prefix; else -1. */
  readonly simple: number
}

/**
 * Variable values: a string, number, boolean or bigint; a list of them; or a
 * record of them. `null` and `undefined` are undefined variables.
 *
 * @example
 * import type { Template } from "fp-endpoint"
 *
 * const values: Array<Template.Value> = ["octokit", 2, ["a", "b"], { sort: "created" }, null]
 *
 * @since 0.1.0
 */
export type Value =
  | string
  | number
  | boolean
  | bigint
  | null
  | undefined
  | ReadonlyArray<string | number | boolean | bigint | null | undefined>
  | { readonly [key: string]: string | number | boolean | bigint | null | undefined }

// -------------------------------------------------------------------------------------
// parsing
// -------------------------------------------------------------------------------------

/** @internal */
export interface OperatorSpec {
  readonly operator: Operator
  readonly first: string
  readonly sep: string
  readonly named: boolean
  readonly ifEmpty: string
  readonly allow: Allow
}

const OPERATORS = {} as Record<Operator, OperatorSpec>
for (const operator of ["", "+", "#", ".", "/", ";", "?", "&"] as const) {
  const query = operator === "?" || operator === "&"
  const reserved = operator === "+" || operator === "#"
  OPERATORS[operator] = {
    operator,
    first: operator === "+" ? "" : operator,
    sep: query ? "&" : reserved || operator === "" ? "," : operator,
    named: query || operator === ";",
    ifEmpty: query ? "=" : "",
    allow: reserved ? RESERVED : UNRESERVED,
  }
}

const isAlpha = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
const isVarChar = (c: number): boolean => isAlpha(c) || isDigit(c) || c === 95
const isSchemeChar = (c: number): boolean => isAlpha(c) || isDigit(c) || c === 43 || c === 45 || c === 46

/** The length of the run of URI scheme characters that starts `s`; 0 unless `s` starts with a letter. */
const schemeRun = (s: string): number => {
  if (!isAlpha(s.charCodeAt(0))) return 0
  let i = 1
  while (i < s.length && isSchemeChar(s.charCodeAt(i))) i++
  return i
}

/**
 * Whether `s` starts with an RFC 3986 scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":".
 *
 * @internal
 */
export const startsWithScheme = (s: string): boolean => {
  const i = schemeRun(s)
  return i > 0 && s.charCodeAt(i) === 58 /* : */
}

/**
 * The index where `:name` placeholders start to count: after `scheme:` and,
 * when present, `//authority`. 0 when the template has no literal scheme.
 */
const afterSchemeAndAuthority = (s: string): number => {
  let i = schemeRun(s)
  if (i === 0 || s.charCodeAt(i) !== 58 /* : */) return 0
  i++
  if (s.startsWith("//", i)) {
    i += 2
    while (i < s.length) {
      const c = s.charCodeAt(i)
      if (c === 47 || c === 63 || c === 35) break // / ? #
      i++
    }
  }
  return i
}

const isOperator = (c: number): boolean =>
  c === 43 || c === 35 || c === 46 || c === 47 || c === 59 || c === 63 || c === 38 // + # . / ; ? &
const isReservedOperator = (c: number): boolean =>
  c === 61 || c === 44 || c === 33 || c === 64 || c === 124 // = , ! @ |

const describeChar = (s: string, i: number): string => (i < s.length ? quote(s.charAt(i)) : "the end")

const syntaxError = (source: string, position: number, problem: string): EndpointError =>
  new EndpointError("url", `${problem} at position ${position} in template ${quote(source)}`)

/**
 * Parses one `{…}` expression starting at `open` (the index of `{`); returns
 * the expression and the index after its `}`.
 */
const parseExpression = (s: string, open: number): [Expression, number] => {
  const n = s.length
  let j = open + 1
  let operator: Operator = ""
  if (j >= n) throw syntaxError(s, open, `unclosed "{"`)
  const oc = s.charCodeAt(j)
  if (oc === 125 /* } */) throw syntaxError(s, open, "empty expression")
  if (isOperator(oc)) {
    operator = s.charAt(j) as Operator
    j++
  } else if (isReservedOperator(oc)) {
    throw syntaxError(s, j, `operator ${quote(s.charAt(j))} is reserved`)
  }
  const variables: Array<VarSpec> = []
  for (;;) {
    const start = j
    let dot = false
    while (j < n) {
      const c = s.charCodeAt(j)
      if (isVarChar(c)) {
        dot = false
        j++
      } else if (c === 37 /* % */) {
        if (!(j + 2 < n && isHexDigit(s.charCodeAt(j + 1)) && isHexDigit(s.charCodeAt(j + 2)))) {
          throw syntaxError(s, j, `invalid percent-encoding in a variable name`)
        }
        dot = false
        j += 3
      } else if (c === 46 /* . */) {
        if (j === start || dot) throw syntaxError(s, j, `unexpected "." in a variable name`)
        dot = true
        j++
      } else break
    }
    if (j === start) {
      if (j >= n || s.charCodeAt(j) === 123) throw syntaxError(s, open, `unclosed "{"`)
      throw syntaxError(s, j, `expected a variable name, got ${describeChar(s, j)}`)
    }
    if (dot) throw syntaxError(s, j - 1, `a variable name cannot end with "."`)
    const name = s.slice(start, j)
    let explode = false
    let prefix = 0
    const m = s.charCodeAt(j)
    if (m === 58 /* : */) {
      j++
      const digitsStart = j
      const first = s.charCodeAt(j)
      if (!(first >= 49 && first <= 57)) {
        throw syntaxError(s, j, `a prefix length must be a number from 1 to 9999, got ${describeChar(s, j)}`)
      }
      while (j < n && isDigit(s.charCodeAt(j))) {
        if (j - digitsStart >= 4) throw syntaxError(s, digitsStart, "a prefix length must be below 10000")
        prefix = prefix * 10 + (s.charCodeAt(j) - 48)
        j++
      }
    } else if (m === 42 /* * */) {
      explode = true
      j++
    }
    variables.push({ name, explode, prefix })
    if (j >= n) throw syntaxError(s, open, `unclosed "{"`)
    const c = s.charCodeAt(j)
    if (c === 44 /* , */) {
      j++
      continue
    }
    if (c === 125 /* } */) return [{ _tag: "Expression", operator, variables }, j + 1]
    if (c === 123 /* { */) throw syntaxError(s, open, `unclosed "{"`)
    throw syntaxError(s, j, `unexpected ${describeChar(s, j)} in an expression`)
  }
}

/** Whether the leading literal decides that expansions start with a scheme. */
const leadingScheme = (parts: ReadonlyArray<Literal | Expression>): boolean | undefined => {
  const first = parts[0]
  if (first === undefined) return false
  if (first._tag === "Expression") return undefined
  if (startsWithScheme(first.text)) return true
  // a literal of scheme characters only, followed by an expression, may yet be a scheme
  return schemeRun(first.text) === first.text.length && parts.length > 1 ? undefined : false
}

/**
 * Whether a url text has neither `?` nor `#`, so a query can follow it with a plain `?`.
 *
 * @internal
 */
export const isPathOnlyText = (s: string): boolean => !s.includes("?") && !s.includes("#")

/** Whether a part can never write `?` or `#` into an expansion. */
const isPathOnly = (part: Literal | Expression): boolean =>
  part._tag === "Literal"
    ? isPathOnlyText(part.text)
    : OPERATORS[part.operator].allow === UNRESERVED && part.operator !== "?" && part.operator !== "&"

/**
 * The same string, as V8 keeps it for property keys (internalised): two such
 * strings are compared by identity first, so a key read from an object is
 * told apart from a name at once.
 */
const internalised = (name: string): string => Object.keys({ [name]: 0 })[0]!

const parseTemplate = (source: string): Template => {
  const n = source.length
  const colonsFrom = afterSchemeAndAuthority(source)
  const parts: Array<Literal | Expression> = []
  const names: Array<string> = []
  const nameSet = new Set<string>()
  const indexOf = new Map<string, number>()
  const plan: Array<string | Step> = []
  let literal = ""
  let start = 0 // start of the verbatim run not yet copied into `literal`

  const flush = (end: number): void => {
    literal += source.slice(start, end)
    if (literal !== "") {
      parts.push({ _tag: "Literal", text: literal })
      plan.push(literal)
    }
    literal = ""
  }
  const addExpression = (e: Expression): void => {
    parts.push(e)
    const indices: Array<number> = []
    for (const v of e.variables) {
      let index = indexOf.get(v.name)
      if (index === undefined) {
        indexOf.set(v.name, (index = names.length))
        nameSet.add(v.name)
        names.push(internalised(v.name))
      }
      indices.push(index)
    }
    const op = OPERATORS[e.operator]
    const named = (v: VarSpec): string => (op.named ? v.name + "=" : "")
    plan.push({
      op,
      variables: e.variables,
      indices,
      leads: e.variables.map((v) => op.first + named(v)),
      seps: e.variables.map((v) => op.sep + named(v)),
      simple: e.operator === "" && e.variables.length === 1 && e.variables[0]!.prefix === 0 ? indices[0]! : -1,
    })
  }

  let i = 0
  while (i < n) {
    const c = source.charCodeAt(i)
    if (isUriChar(c)) {
      // unreserved and reserved characters are copied verbatim (`{`, `}` and `%` are neither)
      if (c === 58 /* : */ && i >= colonsFrom && i + 1 < n) {
        const d = source.charCodeAt(i + 1)
        if (isAlpha(d) || d === 95) {
          let j = i + 2
          while (j < n && isVarChar(source.charCodeAt(j))) j++
          flush(i)
          addExpression({ _tag: "Expression", operator: "", variables: [{ name: source.slice(i + 1, j), explode: false, prefix: 0 }] })
          i = j
          start = j
          continue
        }
      }
      i++
    } else if (c === 123 /* { */) {
      flush(i)
      const [expression, next] = parseExpression(source, i)
      addExpression(expression)
      i = next
      start = next
    } else if (c === 125 /* } */) {
      throw syntaxError(source, i, `unmatched "}"`)
    } else if (c === 37 /* % */ && i + 2 < n && isHexDigit(source.charCodeAt(i + 1)) && isHexDigit(source.charCodeAt(i + 2))) {
      i += 3
    } else {
      // a character that is not allowed in a URI: copy its percent-encoding
      literal += source.slice(start, i)
      if (c >= 0xd800 && c <= 0xdfff) {
        const cp = surrogatePair(source, i, c)
        if (cp < 0) throw syntaxError(source, i, "lone surrogate")
        literal += pctCodePoint(cp)
        i += 2
      } else {
        literal += pctCodePoint(c)
        i++
      }
      start = i
    }
  }
  flush(n)
  return { source, parts, names, nameSet, indexOf, scheme: leadingScheme(parts), pathOnly: parts.every(isPathOnly), plan }
}

// -------------------------------------------------------------------------------------
// cache
// -------------------------------------------------------------------------------------

/**
 * How many parsed templates are kept. A process that sees more distinct
 * templates than this evicts the oldest first, so memory stays bounded.
 *
 * A template is cached the second time it is seen within the last
 * `CACHE_SIZE` distinct templates: a process that builds every url with its
 * ids baked in (`/repos/o/r/issues/123`) never fills the cache with parses it
 * will not reuse, which would cost more (in garbage collection) than parsing.
 *
 * @example
 * import { Template } from "fp-endpoint"
 *
 * Template.CACHE_SIZE // 1000
 *
 * @since 0.1.0
 */
export const CACHE_SIZE = 1000

/**
 * Templates longer than this many characters are parsed on every call and not
 * cached, so that one long template never evicts dozens of ordinary ones.
 * Parsing is linear, so a long template costs in proportion to its length
 * either way.
 *
 * @example
 * import { Template } from "fp-endpoint"
 *
 * Template.CACHE_MAX_LENGTH // 16384
 *
 * @since 0.1.0
 */
export const CACHE_MAX_LENGTH = 16_384

/**
 * The cached templates' lengths add up to at most this many characters: the
 * cache's memory is bounded, not only its count. When a new template would
 * go over, the oldest are evicted first.
 *
 * @example
 * import { Template } from "fp-endpoint"
 *
 * Template.CACHE_MAX_TOTAL_LENGTH // 1048576
 *
 * @since 0.1.0
 */
export const CACHE_MAX_TOTAL_LENGTH = 1_048_576

/** Parsed templates, kept from their second sighting on (see internal/cache.ts), weighed by length. */
const cache = new SecondSightCache<string, Template>(CACHE_SIZE, CACHE_MAX_TOTAL_LENGTH)

/**
 * Parses a template, or returns the cached parse; throws `EndpointError`.
 * For the Either form use {@link parse}.
 *
 * @internal
 */
export const compile = (source: string): Template => {
  const hit = cache.get(source)
  if (hit !== undefined) return hit
  const t = parseTemplate(source) // a malformed template throws here: never cached
  if (source.length <= CACHE_MAX_LENGTH) cache.offer(source, t, source.length)
  return t
}

/**
 * The cached parse of a template, if there is one; never parses.
 *
 * @internal
 */
export const cachedTemplate = (source: string): Template | undefined => cache.get(source)

/** @internal for tests: how many templates the cache holds now. */
export const cachedCount = (): number => cache.size

/** @internal for tests: the cached templates' total length. */
export const cachedLength = (): number => cache.weight

// -------------------------------------------------------------------------------------
// constructors
// -------------------------------------------------------------------------------------

/**
 * Parses a URI template. `:name` outside expressions (after any scheme and
 * authority) reads as `{name}`.
 *
 * @example
 * import * as Template from "fp-endpoint/Template"
 * import * as E from "fp-ts/Either"
 *
 * const t = Template.parse("/repos/:owner/{repo}{?page}")
 * E.isRight(t) && t.right.names // ["owner", "repo", "page"]
 * E.isLeft(Template.parse("/repos/{owner")) // true: unclosed "{"
 *
 * @since 0.1.0
 */
export const parse = (source: string): Either<EndpointError, Template> =>
  attempt(() => {
    if (typeof source !== "string") throw new EndpointError("url", `expected a string, got ${kindOf(source)}`)
    return compile(source)
  })

// -------------------------------------------------------------------------------------
// expansion
// -------------------------------------------------------------------------------------

type Lookup = (name: string) => unknown

/**
 * Who expands lists and records: `"split"`, url-template within its correct
 * domain and this module elsewhere (what the library does); `"own"`, this
 * module always (for the differential test of its own code).
 */
type Engine = "split" | "own"

/** The first `count` code points of `s` (a surrogate pair is one code point). */
const prefixOf = (s: string, count: number): string => {
  let i = 0
  let seen = 0
  const n = s.length
  while (i < n && seen < count) {
    const c = s.charCodeAt(i)
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < n && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1
    seen++
  }
  return i >= n ? s : s.slice(0, i)
}

/** A named operator's `name=value`, or `name` + its `ifEmpty` for an empty value. */
const named = (op: OperatorSpec, name: string, s: string, encoded: string): string =>
  s === "" ? name + op.ifEmpty : name + "=" + encoded

/**
 * Expands a variable whose value is neither a scalar nor undefined: a list or
 * a record. `undefined` when it has no defined member.
 */
const expandComposite = (op: OperatorSpec, v: VarSpec, value: unknown, engine: Engine): string | undefined => {
  const name = v.name
  const list = Array.isArray(value)
  if (!list && !isPlainObject(value)) {
    throw new EndpointError(
      name,
      `cannot expand a ${kindOf(value)} in the url template (expected a string, number, boolean, bigint, list or record)`,
    )
  }
  if (v.prefix > 0) throw new EndpointError(name, `a prefix modifier cannot apply to a ${list ? "list" : "record"}`)
  // One loop for both: a list's members are keyed by index, a record's by key.
  // `checked` collects the members for url-template (see below).
  const checked: Array<string> | Record<string, string> = list ? [] : {}
  let delegate = engine === "split" && !name.includes("%")
  let out = ""
  let count = 0
  const keys = list ? undefined : Object.keys(value)
  const n = keys === undefined ? (value as ReadonlyArray<unknown>).length : keys.length
  for (let i = 0; i < n; i++) {
    const key = keys === undefined ? String(i) : keys[i]!
    const member: unknown = (value as Record<string, unknown>)[key]
    if (member === undefined || member === null) continue
    const field = list ? `${name}[${key}]` : `${name}.${key}`
    const s = scalarString(member)
    if (s === undefined) {
      throw new EndpointError(field, `a list or record member must be a string, number, boolean or bigint, got ${kindOf(member)}`)
    }
    const k = list ? "" : encode(key, op.allow, field) // also rejects a lone surrogate, in the key first
    const encoded = encode(s, op.allow, field) // and in the value
    let piece = encoded
    if (list) {
      if (v.explode && op.named) piece = named(op, name, s, encoded)
      ;(checked as Array<string>).push(s)
    } else {
      // RFC 6570 Appendix A: an exploded pair is `name` + ifemp when empty only
      // under a named operator; unnamed operators always write "name=value".
      piece = !v.explode ? k + "," + encoded : op.named ? named(op, k, s, encoded) : k + "=" + encoded
      put(checked as Record<string, string>, key, s)
      // url-template writes an empty key's pair as the bare value
      if (key === "" || (op.allow === RESERVED && encode(key, UNRESERVED, field) !== key)) delegate = false
    }
    if ((op.operator === ";" && v.explode && s === "") || (op.allow === RESERVED && s.includes("%"))) delegate = false
    out += (count++ === 0 ? "" : v.explode ? op.sep : ",") + piece
  }
  if (count === 0) return undefined // an empty list or record is undefined (RFC 6570 §2.3)
  if (delegate) return viaUrlTemplate(op, v, checked)
  return op.named && !v.explode ? name + "=" + out : out
}

// Lists and records, the uncommon forms, are expanded by url-template, the engine
// the project chose, wherever it follows RFC 6570 (`delegate` above). It departs
// from the RFC in these corners, which stay with the code above: a percent-encoded
// variable name (written double-encoded), an empty member under an exploded ";"
// (written "name=" instead of "name"), and under "+" and "#" a "%" in a value (an
// invalid one is let through) or a reserved character in a record key (encoded
// anyway; the check keeps every key with a non-unreserved character here), and
// an empty record key anywhere (it writes the pair as the bare value). Members
// reach it as checked strings, so it never sees a lone surrogate or a bigint.
// test/properties/template.property.test.ts proves the two agree.

/** One variable's expansion by url-template, without the operator's leading character. */
const viaUrlTemplate = (op: OperatorSpec, v: VarSpec, value: ReadonlyArray<string> | Record<string, string>): string => {
  const context: Record<string, ReadonlyArray<string> | Record<string, string>> = {}
  put(context, v.name, value)
  const expanded = parseUrlTemplate(`{${op.operator}${v.name}${v.explode ? "*" : ""}}`).expand(
    context as Parameters<ReturnType<typeof parseUrlTemplate>["expand"]>[0],
  )
  return expanded.slice(op.first.length)
}

/**
 * Expands a parsed template; `values` holds each variable's value in the
 * order of `t.names`. Throws `EndpointError` for values that cannot be expanded.
 *
 * @internal
 */
export const expandValues = (t: Template, values: ArrayLike<unknown>, engine: Engine = "split"): string => {
  let out = ""
  const plan = t.plan
  for (let p = 0; p < plan.length; p++) {
    const step = plan[p]!
    if (typeof step === "string") {
      out += step
      continue
    }
    if (step.simple >= 0) {
      // one variable under the simple operator, the commonest step: a string is written encoded
      const value = values[step.simple]
      if (typeof value === "string") {
        out += encode(value, UNRESERVED, step.variables[0]!.name)
        continue
      }
    }
    const { op, variables, indices } = step
    let any = false
    for (let k = 0; k < variables.length; k++) {
      const v = variables[k]!
      const value = values[indices[k]!]
      const scalar = scalarString(value)
      if (scalar !== undefined) {
        // the usual case, written straight into the result: lead, then the encoded value
        const s = v.prefix > 0 ? prefixOf(scalar, v.prefix) : scalar
        if (op.named && s === "") out += (any ? op.sep : op.first) + v.name + op.ifEmpty
        else out += (any ? step.seps[k]! : step.leads[k]!) + encode(s, op.allow, v.name)
      } else {
        if (value === undefined || value === null) continue
        const piece = expandComposite(op, v, value, engine)
        if (piece === undefined) continue
        out += (any ? op.sep : op.first) + piece
      }
      any = true
    }
  }
  return out
}

/**
 * Expands a parsed template, reading variables through `lookup` (once per
 * name); throws `EndpointError` for values that cannot be expanded.
 *
 * @internal
 */
export const expandWith = (t: Template, lookup: Lookup, engine: Engine = "split"): string =>
  expandValues(
    t,
    t.names.map((name) => lookup(name)),
    engine,
  )

/**
 * Expands a template with the given variables (data-last).
 *
 * @example
 * import * as Template from "fp-endpoint/Template"
 * import { pipe } from "fp-ts/function"
 * import * as E from "fp-ts/Either"
 *
 * pipe(
 *   Template.parse("/search{?q,page}"),
 *   E.flatMap(Template.expand({ q: "a b", page: 2 })),
 * ) // E.right("/search?q=a%20b&page=2")
 *
 * @since 0.1.0
 */
export const expand =
  (values: { readonly [name: string]: unknown }) =>
  (t: Template): Either<EndpointError, string> =>
    attempt(() => expandWith(t, (name) => (has(values, name) ? values[name] : undefined)))
