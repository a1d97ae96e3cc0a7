/** RFC 6570 URI templates, all four levels, parsed once into a frozen plan and expanded without
 * reading the text again. Mode `"rfc6570"` is the RFC to the letter; mode `"route"`, which
 * `endpoint()` uses, also reads `:name` path placeholders and `-` inside variable names (GitHub's
 * routes use both), and refuses a value that would make a path segment `.` or `..`.
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import { EndpointError } from "./EndpointError.js"
import { aKind, kindOf, quote, shown } from "./internal/describe.js"
import { chain, fail, left, right, toEndpointError } from "./internal/either.js"
import { encode, loneSurrogateAt, RESERVED, textOf, UNRESERVED } from "./internal/encode.js"
import { definedMembersOf, has, isArray, isPlainObject, own, put } from "./internal/object.js"

/** An expression operator: `""` (simple), `+`, `#`, `.`, `/`, `;`, `?` or `&`.
 * @example
 * import type { Template } from "fp-endpoint"
 * const query: Template.Operator = "?" // as in "{?page,per_page}"
 * @since 0.1.0
 */
export type Operator = "" | "+" | "#" | "." | "/" | ";" | "?" | "&"

/** `"rfc6570"`, the RFC alone, or `"route"`: also `:name`, `-` in names, and no dot segments made by values.
 * @example
 * import type { Template } from "fp-endpoint"
 * const mode: Template.Mode = "route"
 * @since 0.1.0
 */
export type Mode = "rfc6570" | "route"

/** A variable of an expression: its name, whether it is exploded (`*`), its prefix length (`:3`, 0 for none).
 * @example
 * import type { Template } from "fp-endpoint"
 * const v: Template.VarSpec = { name: "sha", explode: false, prefix: 7 } // "{sha:7}"
 * @since 0.1.0
 */
export interface VarSpec {
  readonly name: string
  readonly explode: boolean
  readonly prefix: number
}

/** A `{…}` expression, or a `:name` placeholder (which is `{name}`); `inPath` says whether it
 * stands before the template's query and fragment.
 * @example
 * import type { Template } from "fp-endpoint"
 * const e: Template.Expression = { operator: "?", variables: [{ name: "page", explode: false, prefix: 0 }], inPath: false }
 * @since 0.1.0
 */
export interface Expression {
  readonly operator: Operator
  readonly variables: ReadonlyArray<VarSpec>
  readonly inPath: boolean
}

/** A parsed template, deeply frozen: literal text (already encoded) and expressions, and every
 * variable name once, in order of appearance.
 * @example
 * import { Template } from "fp-endpoint"
 * const t = Template.parse("/repos/{owner}/{repo}{?page}")
 * t._tag === "Right" && t.right.names // ["owner", "repo", "page"]
 * @since 0.1.0
 */
export interface Template {
  readonly source: string
  readonly mode: Mode
  readonly parts: ReadonlyArray<string | Expression>
  readonly names: ReadonlyArray<string>
}

/** The longest url an expansion may produce, 65 536 characters: a template that repeats a long
 * value cannot build an unbounded string.
 * @example
 * import { Template } from "fp-endpoint"
 * Template.MAX_LENGTH // 65536
 * @since 0.1.0
 */
export const MAX_LENGTH = 65_536

/** RFC 6570 Appendix A: what an operator writes first and between variables, whether it names them, what it lets through. */
interface Rules {
  readonly first: string
  readonly sep: string
  readonly named: boolean
  readonly ifEmpty: string
  readonly allow: number
}
const rules = (first: string, sep: string, named: boolean, ifEmpty: string, allow: number): Rules => ({ first, sep, named, ifEmpty, allow })
const OPERATORS: { readonly [O in Operator]: Rules } = {
  "": rules("", ",", false, "", UNRESERVED),
  "+": rules("", ",", false, "", RESERVED),
  "#": rules("#", ",", false, "", RESERVED),
  ".": rules(".", ".", false, "", UNRESERVED),
  "/": rules("/", "/", false, "", UNRESERVED),
  ";": rules(";", ";", true, "", UNRESERVED),
  "?": rules("?", "&", true, "=", UNRESERVED),
  "&": rules("&", "&", true, "=", UNRESERVED),
}

// parsing -----------------------------------------------------------------------------------------

type Parsed<A> = Either<EndpointError, A>

/** A variable name: letters, digits, `_` and `%XX`, single inner dots; `-` too in route mode. */
const NAME = {
  rfc6570: /(?:\w|%[\dA-Fa-f]{2})+(?:\.(?:\w|%[\dA-Fa-f]{2})+)*/y,
  route: /(?:[\w-]|%[\dA-Fa-f]{2})+(?:\.(?:[\w-]|%[\dA-Fa-f]{2})+)*/y,
}
const match = (re: RegExp, s: string, at: number): string | undefined => {
  re.lastIndex = at
  return re.exec(s)?.[0]
}

const syntaxError = (s: string, at: number, problem: string): Parsed<never> => fail("url", `${problem} at position ${at} in template ${quote(s)}`)
const charAt = (s: string, i: number): string => (i < s.length ? quote(s.charAt(i)) : "the end")
/** At the end or at a `{`, the expression that opened at `open` is unclosed; anything else is `problem` at `j`. */
const unexpected = (s: string, open: number, j: number, problem: string): Parsed<never> =>
  j >= s.length || s.charAt(j) === "{" ? syntaxError(s, open, 'unclosed "{"') : syntaxError(s, j, problem)

/** The variable at `j` and the index after it. */
const varSpec = (s: string, open: number, j: number, mode: Mode): Parsed<[VarSpec, number]> => {
  const name = match(NAME[mode], s, j)
  if (name === undefined) {
    return unexpected(s, open, j, s.charAt(j) === "%" ? "invalid percent-encoding in a variable name" : `expected a variable name, got ${charAt(s, j)}`)
  }
  const spec = (explode: boolean, prefix: number, end: number): Parsed<[VarSpec, number]> => right([Object.freeze({ name, explode, prefix }), end])
  j += name.length
  if (s.charAt(j) !== ":") return s.charAt(j) === "*" ? spec(true, 0, j + 1) : spec(false, 0, j)
  const digits = match(/[1-9]\d*/y, s, ++j)
  if (digits === undefined) return syntaxError(s, j, `a prefix length must be a number from 1 to 9999, got ${charAt(s, j)}`)
  return digits.length > 4 ? syntaxError(s, j, "a prefix length must be below 10000") : spec(false, Number(digits), j + digits.length)
}

/** The `{…}` expression at `open` and the index after its `}`. */
const expression = (s: string, open: number, mode: Mode, inPath: boolean): Parsed<[Expression, number]> => {
  let j = open + 1
  const c = s.charAt(j)
  if (c === "}") return syntaxError(s, open, "empty expression")
  if (c !== "" && "=,!@|".includes(c)) return syntaxError(s, j, `operator ${quote(c)} is reserved`)
  const operator = (c !== "" && "+#./;?&".includes(c) ? s.charAt(j++) : "") as Operator
  const variables: Array<VarSpec> = []
  for (;;) {
    const v = varSpec(s, open, j, mode)
    if (v._tag === "Left") return v
    variables.push(v.right[0])
    j = v.right[1]
    if (s.charAt(j) === "}") return right([Object.freeze({ operator, variables: Object.freeze(variables), inPath }), j + 1])
    const c = s.charAt(j++)
    if (c !== ",") return unexpected(s, open, j - 1, c === "%" ? "invalid percent-encoding in a variable name" : `unexpected ${charAt(s, j - 1)} in an expression`)
  }
}

/** A `:name` placeholder at `i`, right after a `/`: the expression (`{name}`) and the index after it. */
const colonName = (s: string, i: number, inPath: boolean): [Expression, number] | undefined => {
  const name = s.charAt(i - 1) === "/" ? match(/[A-Za-z_]\w*/y, s, i + 1) : undefined
  if (name === undefined) return undefined
  return [Object.freeze({ operator: "", variables: Object.freeze([Object.freeze({ name, explode: false, prefix: 0 })]), inPath }), i + 1 + name.length]
}

/** Literal text, percent-encoded where it may not stand in a URI; a lone surrogate is an error. */
const literal = (s: string, from: number, to: number): Parsed<string> => {
  const text = s.slice(from, to)
  const out = encode(text, RESERVED)
  return out !== undefined ? right(out) : syntaxError(s, from + loneSurrogateAt(text), "lone surrogate")
}

/**
 * What URL parsers (WHATWG's, fetch's) read otherwise than the text says, so that the url sent would not
 * be the url written: a backslash, which they read as `/` (`https://h\\@evil.com/` goes to `h`, its
 * encoded form `%5C@evil.com` to `evil.com`); a tab or line break, which they drop; a space or control
 * character at either end, which they trim (`" https://h/x"` is `https://h/x` to them).
 */
const MISREAD = /[\\\t\n\r]|^[\0- ]|[\0- ]$/
const misreadProblem = (c: string): string =>
  c === "\\" ? 'a backslash (URL parsers read it as "/"; write "/", or "%5C" for the character itself)'
  : c === "\t" || c === "\n" || c === "\r" ? `${quote(c)} (URL parsers drop it; write ${encode(c, UNRESERVED)} for the character itself)`
  : `${quote(c)} at an end of the url (URL parsers trim spaces and control characters there)`

/** Parses a template into a frozen plan. Malformed syntax is an `EndpointError` naming the
 * position; literal characters that may not stand in a URI are percent-encoded (`%XX` is kept).
 * @example
 * import { Template } from "fp-endpoint"
 * Template.parse("/repos/{owner}/{repo}") // right({ source, mode: "route", parts: [...], names: ["owner", "repo"] })
 * Template.parse("/repos/{owner") // left(EndpointError: url: unclosed "{" at position 7 ...)
 * @since 0.1.0
 */
export const parse = (source: string, mode: Mode = "route"): Either<EndpointError, Template> => {
  if (typeof source !== "string") return fail("url", `expected a string, got ${kindOf(source)}`)
  if (mode !== "route" && mode !== "rfc6570") return fail("mode", `expected "route" or "rfc6570", got ${typeof mode === "string" ? quote(mode) : kindOf(mode)}`)
  const misread = mode === "route" ? MISREAD.exec(source) : null
  if (misread !== null) return syntaxError(source, misread.index, misreadProblem(misread[0]))
  const parts: Array<string | Expression> = []
  const names = new Set<string>()
  // `:name` is read in route mode only, after any `scheme:` and `//authority` (`//:token@host/x` too: an authority without a base url)
  // a scheme that values write some of counts too when `//` follows its `:` (`http{s}://:token@h/x`)
  const colonsFrom = mode === "route" ? (/^(?:[A-Za-z][A-Za-z\d+.-]*:|[^/?#]*:(?=\/\/))?(?:\/\/[^/?#]*)?/.exec(source)![0].length) : Infinity
  let inPath = true
  let start = 0 // where the literal text not yet added begins
  for (let i = 0; i <= source.length; ) {
    const c = source.charAt(i)
    const colon: [Expression, number] | undefined = c === ":" && inPath && i >= colonsFrom ? colonName(source, i, inPath) : undefined
    if (c === "}") return chain(literal(source, start, i), () => syntaxError(source, i, 'unmatched "}"')) // a lone surrogate before it comes first
    if (c !== "{" && colon === undefined && i < source.length) {
      inPath &&= c !== "?" && c !== "#"
      i++
      continue
    }
    const text = literal(source, start, i)
    if (text._tag === "Left") return text
    if (text.right !== "") parts.push(text.right)
    if (i === source.length) break
    const e: Parsed<[Expression, number]> = colon !== undefined ? right(colon) : expression(source, i, mode, inPath)
    if (e._tag === "Left") return e
    const [expr, end]: [Expression, number] = e.right
    parts.push(expr)
    for (const v of expr.variables) names.add(v.name)
    inPath &&= expr.operator !== "?" && expr.operator !== "&" && expr.operator !== "#"
    i = start = end
  }
  return right(Object.freeze({ source, mode, parts: Object.freeze(parts), names: Object.freeze([...names]) }))
}

// expansion ---------------------------------------------------------------------------------------

// Inside an expansion a step returns its text or the error that stops it; exports return Eithers.
type Text = string | EndpointError
type Values = Readonly<Record<string, unknown>>

const encoded = (s: string, allow: number, field: string): Text =>
  encode(s, allow) ?? new EndpointError(shown(field), `lone surrogate at index ${loneSurrogateAt(s)} cannot be percent-encoded`)

/** `name=value`, or `name` and the operator's `ifEmpty` for an empty value. */
const pair = (op: Rules, name: string, raw: string, value: string): string => (raw === "" ? name + op.ifEmpty : `${name}=${value}`)

/** A list's member (`key` is its index) or a record's entry, expanded. */
const member = (op: Rules, v: VarSpec, list: boolean, key: string, value: unknown): Text => {
  const field = list ? `${v.name}[${key}]` : `${v.name}.${key}`
  const s = textOf(value)
  if (s === undefined) return new EndpointError(shown(field), `a list or record member must be a string, finite number, boolean or bigint, got ${kindOf(value)}`)
  const k = list ? "" : encoded(key, op.allow, field)
  const e = encoded(s, op.allow, field)
  if (typeof k !== "string" || typeof e !== "string") return typeof k !== "string" ? k : e
  if (list) return v.explode && op.named ? pair(op, v.name, s, e) : e
  return !v.explode ? `${k},${e}` : op.named ? pair(op, k, s, e) : `${k}=${e}`
}

/** A list's or a record's defined members (see `definedMembersOf`); `undefined` for a sparse array. */
type Members = ReadonlyArray<readonly [string, unknown]> | undefined

/**
 * The defined members of a list or a record, read once an expansion however many names or
 * operators the object stands under: one large value shared by many names (a thousand names,
 * one list of 100 000 `null`s) must not be walked once a name. What the walks then do is bounded
 * by what they write, which the url's bound stops.
 */
const definedMembers = (x: Expansion, value: object): Members => {
  if (x.members?.has(value)) return x.members.get(value)
  const defined = definedMembersOf(value)
  ;(x.members ??= new Map()).set(value, defined)
  return defined
}

/** A list or a record, expanded; `undefined` when no member is defined (RFC 6570 §2.3). */
const composite = (op: Rules, v: VarSpec, value: object, x: Expansion): Text | undefined => {
  const list = Array.isArray(value)
  if (v.prefix > 0) return new EndpointError(shown(v.name), `a prefix modifier cannot apply to a ${list ? "list" : "record"}`)
  const members = definedMembers(x, value)
  if (members === undefined) return new EndpointError(shown(v.name), "a sparse array (with holes) cannot be expanded")
  const pieces: Array<string> = []
  let length = 0 // one long string listed many times must not build a huge text before the url's bound is checked
  for (const [key, m] of members) {
    const piece = member(op, v, list, key, m)
    if (typeof piece !== "string") return piece
    pieces.push(piece)
    if ((length += piece.length + 1) > MAX_LENGTH + 1) return tooLong() // each piece and a separator; the last has none
  }
  const joined = pieces.join(v.explode ? op.sep : ",")
  return pieces.length === 0 ? undefined : op.named && !v.explode ? `${v.name}=${joined}` : joined
}

/** One variable's expansion, without the operator's lead or separator; `undefined` when it is undefined. */
const variable = (op: Rules, v: VarSpec, value: unknown, x: Expansion): Text | undefined => {
  if (value === undefined || value === null) return undefined
  const scalar = textOf(value)
  if (scalar === undefined) {
    if (isArray(value) || isPlainObject(value)) return composite(op, v, value, x)
    return new EndpointError(shown(v.name), `cannot expand ${aKind(value)} in the url template (expected a string, finite number, boolean, bigint, list or record)`)
  }
  const s = v.prefix > 0 ? [...scalar.slice(0, 2 * v.prefix)].slice(0, v.prefix).join("") : scalar // code points: no pair is split
  const e = encoded(s, op.allow, v.name)
  return typeof e !== "string" || !op.named ? e : pair(op, v.name, s, e)
}

/**
 * Whether a string may take part in a dot segment: it is empty; it starts with a `?` or `#` (which,
 * under `{+x}`, end the path, and so may end dots written before it); or a part of it that starts
 * after a `/` (or at its start) is only dots (`%2e` too) up to a `/`, its end, a `?` or a `#`.
 * Without a `/`, only a string that starts with `.`, `%`, `?` or `#` can be.
 */
const mayDot = (s: string): boolean =>
  s === "" || s.startsWith("?") || s.startsWith("#") || ((s.includes("/") || s.startsWith(".") || s.startsWith("%")) && MAY_DOT.test(s))
const MAY_DOT = /(?:^|\/)(?:\.|%2e)*(?:[/?#]|$)/i

/**
 * One expansion under way: the values; the expansions of its non-string variables so far, by
 * operator, modifiers and name (a repeated name walks its value once); and whether a value may
 * take part in a dot segment (see `mayDot`; a prefixed string, a list or a record may too, and
 * so may an expression with no text), for which the url is searched at the end.
 */
interface Expansion {
  readonly values: Values
  memo: Map<string, Text | undefined> | undefined
  /** The defined members of each list or record read so far (see `definedMembers`). */
  members: Map<object, Members> | undefined
  dotted: boolean
  /** The variable being expanded: a getter or Proxy trap inside its value that throws is named by it. */
  reading: string
}

const expandExpression = (e: Expression, x: Expansion, room: number): Text => {
  const op = OPERATORS[e.operator]
  let out = ""
  let defined = false
  for (let i = 0; i < e.variables.length; i++) {
    const v = e.variables[i]!
    x.reading = v.name
    const value = own(x.values, v.name)
    x.dotted ||= typeof value === "string" ? v.prefix > 0 || mayDot(value) : typeof value === "object" && value !== null
    // a scalar without a prefix, the commonest case, is written at once
    const text = v.prefix === 0 ? textOf(value) : undefined
    let piece: Text | undefined = text === undefined ? undefined : encode(text, op.allow)
    if (piece !== undefined && op.named) piece = pair(op, v.name, text!, piece)
    if (piece === undefined) {
      const key = `${e.operator} ${v.explode} ${v.prefix} ${v.name}` // a list or a record is walked once a key
      piece = x.memo?.has(key) ? x.memo.get(key) : variable(op, v, value, x)
      if (typeof value === "object" && value !== null) (x.memo ??= new Map()).set(key, piece)
      if (piece === undefined) continue
      if (typeof piece !== "string") return piece
    }
    out += (defined ? op.sep : op.first) + piece
    defined = true
    if (out.length > room) return tooLong() // before a repeated long value can build an unbounded string
  }
  x.dotted ||= out === ""
  return out
}

const tooLong = (): EndpointError => new EndpointError("url", `the expanded url is longer than ${MAX_LENGTH} characters`)

/** Where an expression's text stands in the url. */
interface Span {
  readonly expression: Expression
  readonly start: number
  readonly end: number
}

/**
 * The expression to name for the first `.` or `..` segment of the path (`%2e` is a dot to URL
 * parsers too) that an expression takes part in: the first that wrote some of the segment, else
 * the first that wrote the `/` before it, else the first that, empty, stands inside it
 * (`{name}.{ext}`, both empty), else the first `{+x}` whose value ends it with its `/`, `?` or `#`
 * (`..{+p}` with `?a`; the `/` that `{/x}` itself writes after dots of the template does not count). One pass
 * over segments and spans together: `first` skips the spans that end before a segment.
 */
const dotSegmentExpression = (url: string, spans: ReadonlyArray<Span>): Expression | undefined => {
  let from = 0
  let first = 0
  for (const segment of url.split(/[?#]/, 1)[0]!.split("/")) {
    const to = from + segment.length
    while (first < spans.length && spans[first]!.end < from) first++
    const dots = /^(?:\.|%2e){1,2}$/i.test(segment)
    // named only when no expression wrote some of the segment
    let slash: Expression | undefined
    let empty: Expression | undefined
    let ender: Expression | undefined
    for (let i = first; dots && i < spans.length && spans[i]!.start <= to; i++) {
      const { expression, start, end } = spans[i]!
      if (start < end && start < to && end > from) return expression
      if (start < end && start < to) slash ??= expression
      else if (start === end && start >= from && ["", "+", ".", ";"].includes(expression.operator)) empty ??= expression
      else if (start === to && start < end && expression.operator === "+") ender ??= expression // its value's /, ? or # ends the segment
    }
    const named = slash ?? empty ?? ender
    if (named !== undefined) return named
    from = to + 1
  }
  return undefined
}

/** The variable named for a dot segment: the first defined one whose text has a dot, else the first defined. */
const culprit = (e: Expression, x: Expansion): string => {
  const read = (v: VarSpec): unknown => own(x.values, (x.reading = v.name)) // a getter that throws in it is named by v
  const defined = e.variables.filter((v) => read(v) !== undefined && read(v) !== null)
  // a list's or record's members as the expansion read them: a value shared by many names is not walked again for each
  const text = (u: unknown): string => (typeof u === "object" ? (definedMembers(x, u as object) ?? []).map(([, m]) => String(m)).join("/") : String(u))
  return (defined.find((v) => /\.|%2e/i.test(text(read(v)))) ?? defined[0] ?? e.variables[0]!).name
}

/** Expands a parsed template with `values`, whose own properties are the variables. A value that
 * cannot be expanded, a url longer than {@link MAX_LENGTH}, or (route mode) a value that makes a
 * path segment `.` or `..` is an `EndpointError`, and so is what a getter or Proxy trap inside a
 * value throws, named by its variable. Never throws.
 * @example
 * import { Template } from "fp-endpoint"
 * import * as E from "fp-ts/lib/Either.js"
 * import { pipe } from "fp-ts/lib/function.js"
 * pipe(Template.parse("/repos/{owner}"), E.flatMap((t) => Template.expandWith(t, { owner: "octokit" }))) // right("/repos/octokit")
 * @since 0.1.0
 */
export const expandWith = (t: Template, values: Values): Either<EndpointError, string> => expandInto(t, values, undefined)

/** {@link expandWith}, and the text each part wrote, in order: a literal as it is, an expression as it expanded.
 * @example
 * import { Template } from "fp-endpoint"
 * import * as E from "fp-ts/lib/Either.js"
 * import { pipe } from "fp-ts/lib/function.js"
 * pipe(Template.parse("https://{host}/x{?q}"), E.flatMap((t) => Template.expandParts(t, { host: "h" }))) // right(["https://", "h", "/x", ""])
 * @since 0.1.0
 */
export const expandParts = (t: Template, values: Values): Either<EndpointError, ReadonlyArray<string>> => {
  const pieces: Array<string> = []
  return chain(expandInto(t, values, pieces), () => right(pieces))
}

/** The expansion, each part's text pushed on `pieces` when given. */
const expandInto = (t: Template, values: Values, pieces: Array<string> | undefined): Either<EndpointError, string> => {
  const x: Expansion = { values, memo: undefined, members: undefined, dotted: false, reading: "" }
  try {
    return expanded(t, x, pieces)
  } catch (e) {
    return left(toEndpointError(e, shown(x.reading))) // a getter or Proxy trap inside a value
  }
}

const expanded = (t: Template, x: Expansion, pieces: Array<string> | undefined): Either<EndpointError, string> => {
  // from the first expression that may take part in a dot segment: the text of one before it has a
  // character other than a dot and no `/` at its end, so it cannot
  let spans: Array<Span> | undefined
  let out = ""
  for (let i = 0; i < t.parts.length; i++) {
    const part = t.parts[i]!
    const text = typeof part === "string" ? part : expandExpression(part, x, MAX_LENGTH - out.length)
    if (typeof text !== "string") return left(text)
    pieces?.push(text)
    if (typeof part !== "string" && x.dotted) (spans ??= []).push({ expression: part, start: out.length, end: out.length + text.length })
    out += text
  }
  if (out.length > MAX_LENGTH) return left(tooLong())
  const mayHold = spans !== undefined && t.mode === "route" && (out.startsWith(".") || out.includes("/.") || /(?:^|\/)%2e/i.test(out))
  const e = mayHold ? dotSegmentExpression(out, spans!) : undefined
  return e === undefined ? right(out) : fail(shown(culprit(e, x)), 'a value cannot make a path segment "." or ".." (it would move the request)')
}

/** Expands a template with the given variables; data-last, for `pipe`. Never throws.
 * @example
 * import { Template } from "fp-endpoint"
 * import * as E from "fp-ts/lib/Either.js"
 * import { pipe } from "fp-ts/lib/function.js"
 * pipe(Template.parse("/search{?q,page}"), E.flatMap(Template.expand({ q: "a b", page: 2 }))) // right("/search?q=a%20b&page=2")
 * @since 0.1.0
 */
export const expand =
  (values: { readonly [name: string]: unknown }) =>
  (t: Template): Either<EndpointError, string> =>
    typeof values !== "object" || values === null
      ? fail("values", `expected an object of variable values, got ${kindOf(values)}`)
      : chain(valuesOf(values, t), (named) => expandWith(t, named))

/** One read of each of the template's names; a getter or Proxy trap that throws is named by the name it stands at. */
const valuesOf = (values: Values, t: Template): Either<EndpointError, Values> => {
  const named: Record<string, unknown> = {}
  let reading = ""
  try {
    for (reading of t.names) if (has(values, reading)) put(named, reading, values[reading]) // t too may be anything, from untyped code
  } catch (e) {
    return left(toEndpointError(e, shown(reading)))
  }
  return right(named)
}
