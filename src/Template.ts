/**
 * RFC 6570 URI templates, all four levels, parsed once into a frozen plan and
 * expanded without re-reading the text. Two modes: `"rfc6570"` is the RFC to
 * the letter; `"route"`, what `endpoint()` uses, also reads `:name` path
 * placeholders and `-` inside variable names (GitHub's routes use both), and
 * refuses a value that would make a whole path segment `.` or `..`.
 *
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import type { EndpointError } from "./EndpointError.js"
import { kindOf, quote, shown } from "./internal/describe.js"
import { attemptEither, fail, right } from "./internal/either.js"
import { encode, isDigit, isHexDigit, isUriChar, loneSurrogateAt, pctCodePoint, surrogatePair, RESERVED, UNRESERVED, type Allow } from "./internal/encode.js"
import { byObject } from "./internal/memo.js"
import { has, isArray, isDense, isPlainObject } from "./internal/object.js"
import { scalarString } from "./internal/scalar.js"

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
 * `"rfc6570"`: the RFC alone. `"route"`: also `:name` placeholders at the
 * start of a path segment, `-` inside variable names, and no value that
 * makes a path segment `.` or `..`.
 *
 * @example
 * import type { Template } from "fp-endpoint"
 *
 * const mode: Template.Mode = "route"
 *
 * @since 0.1.0
 */
export type Mode = "rfc6570" | "route"

/**
 * One variable of an expression: its name, whether it is exploded (`*`),
 * and its prefix length (`:3`), 0 when there is none.
 *
 * @example
 * import type { Template } from "fp-endpoint"
 *
 * const v: Template.VarSpec = { name: "sha", explode: false, prefix: 7 } // "{sha:7}"
 *
 * @since 0.1.0
 */
export interface VarSpec {
  readonly name: string
  readonly explode: boolean
  readonly prefix: number
}

/**
 * A `{…}` expression (or a `:name` placeholder, which is `{name}`); `inPath`
 * says whether it stands before the template's query and fragment.
 *
 * @example
 * import type { Template } from "fp-endpoint"
 *
 * const e: Template.Expression = { operator: "?", variables: [{ name: "page", explode: false, prefix: 0 }], inPath: false }
 *
 * @since 0.1.0
 */
export interface Expression {
  readonly operator: Operator
  readonly variables: ReadonlyArray<VarSpec>
  readonly inPath: boolean
}

/**
 * A parsed template, deeply frozen: literal text (already encoded) and
 * expressions, and every variable name once, in order of appearance.
 *
 * @example
 * import { Template } from "fp-endpoint"
 * import * as E from "fp-ts/lib/Either.js"
 *
 * const t = Template.parse("/repos/{owner}/{repo}{?page}")
 * E.isRight(t) && t.right.names // ["owner", "repo", "page"]
 *
 * @since 0.1.0
 */
export interface Template {
  readonly source: string
  readonly mode: Mode
  readonly parts: ReadonlyArray<string | Expression>
  readonly names: ReadonlyArray<string>
}

interface OperatorSpec {
  readonly first: string
  readonly sep: string
  readonly named: boolean
  readonly ifEmpty: string
  readonly allow: Allow
}

const OPERATORS = {} as Record<Operator, OperatorSpec>
for (const op of ["", "+", "#", ".", "/", ";", "?", "&"] as const) {
  const query = op === "?" || op === "&"
  const reserved = op === "+" || op === "#"
  OPERATORS[op] = {
    first: op === "+" ? "" : op,
    sep: query ? "&" : reserved || op === "" ? "," : op,
    named: query || op === ";",
    ifEmpty: query ? "=" : "",
    allow: reserved ? RESERVED : UNRESERVED,
  }
}

/**
 * The longest url an expansion may produce (65 536 characters): a template
 * that repeats a long value cannot build an unbounded string.
 *
 * @example
 * import { Template } from "fp-endpoint"
 *
 * Template.MAX_LENGTH // 65536
 *
 * @since 0.1.0
 */
export const MAX_LENGTH = 65_536

// -------------------------------------------------------------------------------------
// parsing
// -------------------------------------------------------------------------------------

const isAlpha = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
const isNameChar = (c: number, mode: Mode): boolean => isAlpha(c) || isDigit(c) || c === 95 || (c === 45 && mode === "route")
const isOperator = (c: number): boolean => c === 43 || c === 35 || c === 46 || c === 47 || c === 59 || c === 63 || c === 38
const isReservedOperator = (c: number): boolean => c === 61 || c === 44 || c === 33 || c === 64 || c === 124

/** The length of the leading run of scheme characters, 0 unless `s` starts with a letter. */
const schemeRun = (s: string): number => {
  if (!isAlpha(s.charCodeAt(0))) return 0
  let i = 1
  while (i < s.length && (isAlpha(s.charCodeAt(i)) || isDigit(s.charCodeAt(i)) || "+-.".includes(s.charAt(i)))) i++
  return i
}

/**
 * Whether `s` starts with an RFC 3986 scheme and `:` (an absolute url).
 *
 * @example
 * import { Template } from "fp-endpoint"
 *
 * Template.hasScheme("https://x.test/a") // true
 * Template.hasScheme("/a") // false
 *
 * @since 0.1.0
 */
export const hasScheme = (s: string): boolean => {
  const i = schemeRun(s)
  return i > 0 && s.charCodeAt(i) === 58
}

/** Where `:name` placeholders may start: after `scheme:` and `//authority`, when present. */
const afterAuthority = (s: string): number => {
  if (!hasScheme(s)) return 0
  let i = schemeRun(s) + 1
  if (!s.startsWith("//", i)) return i
  i += 2
  while (i < s.length && !"/?#".includes(s.charAt(i))) i++
  return i
}

type Parsed<A> = Either<EndpointError, A>

const syntaxError = (source: string, at: number, problem: string): Parsed<never> =>
  fail("url", `${problem} at position ${at} in template ${quote(source)}`)

const charAt = (s: string, i: number): string => (i < s.length ? quote(s.charAt(i)) : "the end")

/** A variable name starting at `j`: its end, or an error. */
const nameEnd = (s: string, j: number, mode: Mode): Parsed<number> => {
  const start = j
  while (j < s.length) {
    const c = s.charCodeAt(j)
    if (isNameChar(c, mode)) j++
    else if (c === 37 && isHexDigit(s.charCodeAt(j + 1)) && isHexDigit(s.charCodeAt(j + 2))) j += 3
    else if (c === 37) return syntaxError(s, j, "invalid percent-encoding in a variable name")
    else if (c === 46 && j > start && s.charCodeAt(j - 1) !== 46) j++
    else if (c === 46) return syntaxError(s, j, 'unexpected "." in a variable name')
    else break
  }
  if (s.charCodeAt(j - 1) === 46) return syntaxError(s, j - 1, 'a variable name cannot end with "."')
  return right(j)
}

/** The modifier after a name at `j`: the spec and the index after it. */
const modifier = (s: string, j: number, name: string): Parsed<[VarSpec, number]> => {
  if (s.charCodeAt(j) === 42) return right([{ name, explode: true, prefix: 0 }, j + 1])
  if (s.charCodeAt(j) !== 58) return right([{ name, explode: false, prefix: 0 }, j])
  const from = ++j
  if (!(s.charCodeAt(j) >= 49 && s.charCodeAt(j) <= 57)) {
    return syntaxError(s, j, `a prefix length must be a number from 1 to 9999, got ${charAt(s, j)}`)
  }
  while (isDigit(s.charCodeAt(j))) j++
  if (j - from > 4) return syntaxError(s, from, "a prefix length must be below 10000")
  return right([{ name, explode: false, prefix: Number(s.slice(from, j)) }, j])
}

/** One `{…}` expression starting at `open`: the expression and the index after `}`. */
const expression = (s: string, open: number, mode: Mode, inPath: boolean): Parsed<[Expression, number]> => {
  let j = open + 1
  const c = s.charCodeAt(j)
  if (j >= s.length) return syntaxError(s, open, 'unclosed "{"')
  if (c === 125) return syntaxError(s, open, "empty expression")
  if (isReservedOperator(c)) return syntaxError(s, j, `operator ${quote(s.charAt(j))} is reserved`)
  const operator = (isOperator(c) ? s.charAt(j++) : "") as Operator
  const variables: Array<VarSpec> = []
  for (;;) {
    const end = nameEnd(s, j, mode)
    if (end._tag === "Left") return end
    if (end.right === j) {
      if (j >= s.length || s.charCodeAt(j) === 123) return syntaxError(s, open, 'unclosed "{"')
      return syntaxError(s, j, `expected a variable name, got ${charAt(s, j)}`)
    }
    const spec = modifier(s, end.right, s.slice(j, end.right))
    if (spec._tag === "Left") return spec
    variables.push(Object.freeze(spec.right[0]))
    j = spec.right[1]
    const next = s.charCodeAt(j)
    if (next === 125) return right([Object.freeze({ operator, variables: Object.freeze(variables), inPath }), j + 1])
    if (next !== 44) {
      if (j >= s.length || next === 123) return syntaxError(s, open, 'unclosed "{"')
      return syntaxError(s, j, `unexpected ${charAt(s, j)} in an expression`)
    }
    j++
  }
}

/** A `:name` placeholder at `i`: only in route mode, in the path, right after `/`. */
const colonName = (s: string, i: number, mode: Mode, inPath: boolean, from: number): number => {
  if (mode !== "route" || !inPath || i < from || s.charCodeAt(i - 1) !== 47) return i
  const d = s.charCodeAt(i + 1)
  if (!(isAlpha(d) || d === 95)) return i
  let j = i + 2
  while (j < s.length && (isAlpha(s.charCodeAt(j)) || isDigit(s.charCodeAt(j)) || s.charCodeAt(j) === 95)) j++
  return j
}

/**
 * Parses a template into a frozen plan. Malformed syntax is an
 * `EndpointError` naming the position; literal characters that may not
 * appear in a URI are percent-encoded (an existing `%XX` is kept).
 *
 * @example
 * import { Template } from "fp-endpoint"
 *
 * Template.parse("/repos/{owner}/{repo}") // right({ source, mode: "route", parts: [...], names: ["owner", "repo"] })
 * Template.parse("/repos/{owner") // left(EndpointError: url: unclosed "{" at position 7 ...)
 *
 * @since 0.1.0
 */
export const parse = (source: string, mode: Mode = "route"): Either<EndpointError, Template> => {
  if (typeof source !== "string") return fail("url", `expected a string, got ${kindOf(source)}`)
  const parts: Array<string | Expression> = []
  const names = new Set<string>()
  const colonsFrom = afterAuthority(source)
  let literal = ""
  let start = 0
  let inPath = true
  const add = (e: Expression): void => {
    if (literal !== "") parts.push(literal)
    literal = ""
    parts.push(e)
    for (const v of e.variables) names.add(v.name)
  }
  for (let i = 0; i < source.length; ) {
    const c = source.charCodeAt(i)
    const colon = c === 58 ? colonName(source, i, mode, inPath, colonsFrom) : i
    if (colon > i) {
      literal += source.slice(start, i)
      add(Object.freeze({ operator: "", variables: Object.freeze([Object.freeze({ name: source.slice(i + 1, colon), explode: false, prefix: 0 })]), inPath }))
      i = start = colon
    } else if (c === 123) {
      literal += source.slice(start, i)
      const e = expression(source, i, mode, inPath)
      if (e._tag === "Left") return e
      add(e.right[0])
      if ("?&#".includes(e.right[0].operator) && e.right[0].operator !== "") inPath = false
      i = start = e.right[1]
    } else if (c === 125) {
      return syntaxError(source, i, 'unmatched "}"')
    } else if (isUriChar(c) || (c === 37 && isHexDigit(source.charCodeAt(i + 1)) && isHexDigit(source.charCodeAt(i + 2)))) {
      if (c === 63 || c === 35) inPath = false
      i += c === 37 ? 3 : 1
    } else {
      const cp = c >= 0xd800 && c <= 0xdfff ? surrogatePair(source, i, c) : c
      if (cp < 0) return syntaxError(source, i, "lone surrogate")
      literal += source.slice(start, i) + pctCodePoint(cp)
      i = start = i + (cp > 0xffff ? 2 : 1)
    }
  }
  literal += source.slice(start)
  if (literal !== "") parts.push(literal)
  return right(Object.freeze({ source, mode, parts: Object.freeze(parts), names: Object.freeze(Array.from(names)) }))
}

// -------------------------------------------------------------------------------------
// expansion
// -------------------------------------------------------------------------------------

/** The first `count` code points of `s` (a prefix never splits a surrogate pair). */
const prefixOf = (s: string, count: number): string => {
  let i = 0
  for (let seen = 0; i < s.length && seen < count; seen++) i += surrogatePair(s, i, s.charCodeAt(i)) > 0xffff ? 2 : 1
  return s.slice(0, i)
}

/** `s` encoded for the operator, or the lone-surrogate error naming `field`. */
const encoded = (s: string, allow: Allow, field: string): Parsed<string> => {
  const out = encode(s, allow)
  return out !== undefined ? right(out) : fail(shown(field), `lone surrogate at index ${loneSurrogateAt(s)} cannot be percent-encoded`)
}

/** `name=value`, or `name` + the operator's `ifEmpty` for an empty value. */
const pair = (op: OperatorSpec, name: string, raw: string, value: string): string =>
  raw === "" ? name + op.ifEmpty : name + "=" + value

/** A list's or record's members, each checked and encoded: `[encoded key, raw value, encoded value]`. */
const members = (op: OperatorSpec, name: string, value: object): Parsed<Array<[string, string, string]>> => {
  const list = Array.isArray(value)
  if (list && !isDense(value)) return fail(shown(name), "a sparse array (with holes) cannot be expanded")
  const out: Array<[string, string, string]> = []
  // a list's members are its indices only (a regular expression's match has "index" and "input" too)
  const keys = list ? Array.from({ length: (value as ReadonlyArray<unknown>).length }, (_, i) => String(i)) : Object.keys(value)
  for (const key of keys) {
    const member: unknown = (value as Record<string, unknown>)[key]
    if (member === undefined || member === null) continue
    const field = list ? `${name}[${key}]` : `${name}.${key}`
    const s = scalarString(member)
    if (s === undefined) return fail(shown(field), `a list or record member must be a string, number, boolean or bigint, got ${kindOf(member)}`)
    const k = list ? right("") : encoded(key, op.allow, field)
    if (k._tag === "Left") return k
    const v = encoded(s, op.allow, field)
    if (v._tag === "Left") return v
    out.push([k.right, s, v.right])
  }
  return right(out)
}

/** A list or record value; `undefined` when it has no defined member (RFC 6570 §2.3). */
const composite = (op: OperatorSpec, v: VarSpec, value: object): Parsed<string | undefined> => {
  const list = Array.isArray(value)
  if (v.prefix > 0) return fail(shown(v.name), `a prefix modifier cannot apply to a ${list ? "list" : "record"}`)
  const m = members(op, v.name, value)
  if (m._tag === "Left" || m.right.length === 0) return m._tag === "Left" ? m : right(undefined)
  const pieces = m.right.map(([k, raw, enc]) =>
    list
      ? v.explode && op.named ? pair(op, v.name, raw, enc) : enc
      : !v.explode ? k + "," + enc : op.named ? pair(op, k, raw, enc) : k + "=" + enc,
  )
  const joined = pieces.join(v.explode ? op.sep : ",")
  return right(op.named && !v.explode ? v.name + "=" + joined : joined)
}

/** One variable's expansion, without the lead or separator; `undefined` when undefined. */
const variable = (op: OperatorSpec, v: VarSpec, value: unknown): Parsed<string | undefined> => {
  if (value === undefined || value === null) return right(undefined)
  const scalar = scalarString(value)
  if (scalar === undefined) {
    if (isArray(value) || isPlainObject(value)) return composite(op, v, value)
    return fail(shown(v.name), `cannot expand a ${kindOf(value)} in the url template (expected a string, number, boolean, bigint, list or record)`)
  }
  const s = v.prefix > 0 ? prefixOf(scalar, v.prefix) : scalar
  const e = encoded(s, op.allow, v.name)
  if (e._tag === "Left" || !op.named) return e
  return right(pair(op, v.name, s, e.right))
}

/** Each variable's expansion in one expansion of a template, by operator and variable: a name repeated reads and walks its value once. */
type Pieces = Map<string, Parsed<string | undefined>>

const expandExpression = (e: Expression, lookup: (name: string) => unknown, room: number, pieces: Pieces | undefined): Parsed<string> => {
  const op = OPERATORS[e.operator]
  let out = ""
  let defined = false
  for (const v of e.variables) {
    const value = lookup(v.name)
    if (value === undefined || value === null) continue
    // a string without a prefix, the commonest case, is written at once
    let piece = typeof value === "string" && v.prefix === 0 ? encode(value, op.allow) : undefined
    if (piece !== undefined && op.named) piece = pair(op, v.name, value as string, piece)
    if (piece === undefined) {
      const key = pieces === undefined ? "" : `${e.operator} ${v.explode} ${v.prefix} ${v.name}`
      const known = pieces?.get(key)
      const p = known ?? variable(op, v, value)
      if (known === undefined) pieces?.set(key, p)
      if (p._tag === "Left") return p
      if (p.right === undefined) continue
      piece = p.right
    }
    out += (defined ? op.sep : op.first) + piece
    defined = true
    if (out.length > room) return tooLong() // before a repeated long value can build an unbounded string
  }
  return right(out)
}

/** Whether a segment is `.` or `..`, `%2e` counting as a dot (WHATWG URL resolves it too). */
const isDotSegment = (segment: string): boolean => {
  if (segment.length > 6) return false
  const s = segment.replace(/%2e/gi, ".")
  return s === "." || s === ".."
}

/** Where the path of a url ends: at its first `?` or `#`, or its end. */
const pathLength = (url: string): number => {
  const q = url.indexOf("?")
  const h = url.indexOf("#")
  return q < 0 ? (h < 0 ? url.length : h) : h < 0 ? q : Math.min(q, h)
}

/** Whether a path may hold a `.` or `..` segment: a `/.`, a `/%2e`, or a leading dot. */
const mayHoldDotSegment = (path: string): boolean => {
  if (path.startsWith(".") || path.includes("/.")) return true
  for (let p = path.indexOf("%2"); p >= 0; p = path.indexOf("%2", p + 2)) {
    if ((path.charCodeAt(p + 2) | 32) === 101 && (p === 0 || path.charCodeAt(p - 1) === 47)) return true
  }
  return false
}

/** Operators whose text stays in the segment it starts in: an empty one there completes that segment. */
const IN_SEGMENT: ReadonlySet<Operator> = new Set<Operator>(["", "+", ".", ";"])

/**
 * The index (in `spans`) of the first expression that takes part in a `.` or
 * `..` segment of the path: it wrote some of the segment or the `/` before it
 * (`{/x}..` with `x` empty), or, empty, stands inside it (`{name}.{ext}` with
 * both empty). `spans` holds each expression's start, end and operator, in
 * order; one pass over segments and expressions together.
 */
const dotSegmentExpression = (url: string, spans: ReadonlyArray<Span>): number => {
  const path = url.slice(0, pathLength(url))
  let from = 0
  let first = 0 // expressions before `first` end before the current segment
  for (const segment of path.split("/")) {
    const to = from + segment.length
    while (first < spans.length && spans[first]![1] < from) first++
    if (isDotSegment(segment)) {
      for (let i = first; i < spans.length && spans[i]![0] <= to; i++) {
        const [start, end, operator] = spans[i]!
        if (start < end ? start < to : start >= from && IN_SEGMENT.has(operator)) return i
      }
    }
    from = to + 1
  }
  return -1
}

/** Where an expression's text stands in the url, and its operator. */
type Span = readonly [start: number, end: number, operator: Operator]

/** The variable of an expression to name for a dot segment: the first defined one whose text has a dot, else the first defined. */
const culprit = (e: Expression, lookup: (name: string) => unknown): string => {
  const defined = e.variables.flatMap((v) => {
    const value = lookup(v.name) // once each
    return value === undefined || value === null ? [] : [{ name: v.name, value }]
  })
  const dotted = defined.find(({ value }) => {
    const text = typeof value === "object" ? Object.values(value as object).join("/") : String(value)
    return text.includes(".") || /%2e/i.test(text)
  })
  return (dotted ?? defined[0] ?? e.variables[0]!).name
}

/**
 * Expands a parsed template, reading each variable through `lookup`. A value
 * that cannot be expanded, a url longer than {@link MAX_LENGTH}, or (route
 * mode) a value that makes a path segment `.` or `..` is an `EndpointError`.
 *
 * @example
 * import { Template } from "fp-endpoint"
 * import * as E from "fp-ts/lib/Either.js"
 * import { pipe } from "fp-ts/lib/function.js"
 *
 * pipe(Template.parse("/search{?q,page}"), E.flatMap(Template.expand({ q: "a b", page: 2 })))
 * // right("/search?q=a%20b&page=2")
 *
 * @since 0.1.0
 */
export const expandWith = (t: Template, lookup: (name: string) => unknown): Either<EndpointError, string> => {
  let out = ""
  const spans: Array<Span> = []
  const repeats = repeatsNames(t)
  const read = repeats ? remembering(lookup) : lookup
  const pieces: Pieces | undefined = repeats ? new Map() : undefined
  for (const part of t.parts) {
    if (typeof part === "string") {
      out += part
      continue
    }
    const piece = expandExpression(part, read, MAX_LENGTH - out.length, pieces)
    if (piece._tag === "Left") return piece
    spans.push([out.length, out.length + piece.right.length, part.operator])
    out += piece.right
  }
  if (out.length > MAX_LENGTH) return tooLong()
  if (t.mode === "rfc6570" || !mayHoldDotSegment(out) || !mayHoldDotSegment(out.slice(0, pathLength(out)))) return right(out)
  const found = dotSegmentExpression(out, spans)
  if (found < 0) return right(out)
  const e = t.parts.filter((p): p is Expression => typeof p !== "string")[found]!
  return fail(shown(culprit(e, read)), 'a value cannot make a path segment "." or ".." (it would move the request)')
}

const tooLong = (): Parsed<never> => fail("url", `the expanded url is longer than ${MAX_LENGTH} characters`)

/** Whether a template names a variable more than once (then each value is read, and walked, once). */
const repeatsNames = byObject((t: Template): boolean => t.parts.reduce((n, p) => n + (typeof p === "string" ? 0 : p.variables.length), 0) > t.names.length)

/** `lookup`, each name read once per expansion. */
const remembering = (lookup: (name: string) => unknown): ((name: string) => unknown) => {
  const seen = new Map<string, unknown>()
  return (name) => {
    if (!seen.has(name)) seen.set(name, lookup(name))
    return seen.get(name)
  }
}

/**
 * Expands a template with the given variables; data-last, for `pipe`.
 *
 * @example
 * import { Template } from "fp-endpoint"
 * import * as E from "fp-ts/lib/Either.js"
 * import { pipe } from "fp-ts/lib/function.js"
 *
 * pipe(Template.parse("/repos/{owner}"), E.flatMap(Template.expand({ owner: "octokit" }))) // right("/repos/octokit")
 *
 * @since 0.1.0
 */
export const expand =
  (values: { readonly [name: string]: unknown }) =>
  (t: Template): Either<EndpointError, string> =>
    typeof values !== "object" || values === null
      ? fail("values", `expected an object of variable values, got ${kindOf(values)}`)
      : attemptEither(() => expandWith(t, (name) => (has(values, name) ? values[name] : undefined))) // a caller's getter may throw
