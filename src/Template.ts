/** RFC 6570 URI templates, all four levels. Mode `"rfc6570"` is the RFC to the letter; mode
 * `"route"`, which `endpoint()` uses, also reads `:name` path placeholders and `-` in names (GitHub's
 * routes use both), refuses text that URL parsers read otherwise, and requires a value for every
 * name of a `{name}`, `{+name}` or `:name` expression.
 * @since 0.1.0
 */
import * as E from "#fp-ts/Either.js"
import type { Either } from "fp-ts/lib/Either.js"
import { EndpointError } from "./EndpointError.js"
import { aKind, child, cut, kindOf, LONE_SURROGATE, quote, shown } from "./internal/describe.js"
import { attempt, isPlainObject, membersOf, put } from "./internal/read.js"

// model -------------------------------------------------------------------------------------------

/** An expression operator: `""` (simple), `+`, `#`, `.`, `/`, `;`, `?` or `&`.
 * @example
 * import type { Template } from "fp-endpoint"
 * const query: Template.Operator = "?" // as in "{?page,per_page}"
 * @since 0.1.0
 */
export type Operator = "" | "+" | "#" | "." | "/" | ";" | "?" | "&"

/** `"rfc6570"`, the RFC alone, or `"route"`: also `:name`, `-` in names and required names.
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

/** A `{…}` expression, or a `:name` placeholder (which is `{name}`).
 * @example
 * import type { Template } from "fp-endpoint"
 * const e: Template.Expression = { operator: "?", variables: [{ name: "page", explode: false, prefix: 0 }] }
 * @since 0.1.0
 */
export interface Expression {
  readonly operator: Operator
  readonly variables: ReadonlyArray<VarSpec>
}

/** A parsed template: literal text (already encoded) and expressions, and each variable name once.
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

/** The longest url an expansion may write, 65 536 characters.
 * @example
 * import { Template } from "fp-endpoint"
 * Template.MAX_LENGTH // 65536
 * @since 0.1.0
 */
export const MAX_LENGTH = 65_536

// percent-encoding --------------------------------------------------------------------------------

/** For each ASCII character, the encodings that let it through: 1 unreserved (RFC 3986 §2.3), 2 reserved
 * too (§2.2), 4 query components (unreserved and `!'()*`, as `encodeURIComponent`). */
const CLASS = Uint8Array.from({ length: 128 }, (_, c) => {
  const ch = String.fromCharCode(c)
  return /[\w.~-]/.test(ch) ? 7 : /[!'()*]/.test(ch) ? 6 : /[:/?#[\]@$&+,;=]/.test(ch) ? 2 : 0
})
/** `%XX` for each ASCII character. */
const PERCENT = Array.from({ length: 128 }, (_, c) => `%${c.toString(16).toUpperCase().padStart(2, "0")}`)
const isHex = (c: number): boolean => (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102)

/** What an encoding lets through (see {@link CLASS}); `RESERVED` also keeps `%XX` triplets.
 * @internal */
export const UNRESERVED = 1
/** @internal */
export const RESERVED = 2
/** @internal */
export const COMPONENT = 4

/** `s` UTF-8 percent-encoded but for what `allow` lets through; `undefined` for a string with a lone
 * surrogate, which has no UTF-8 form.
 * @internal */
export const encode = (s: string, allow: number): string | undefined => {
  let out = ""
  let from = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 128 && (CLASS[c]! & allow) !== 0) continue
    if (allow === RESERVED && c === 37 && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2))) continue
    let end = i + 1
    while (c >= 128 && end < s.length && s.charCodeAt(end) >= 128) end++
    const run = s.slice(i, end)
    if (!run.isWellFormed()) return undefined
    out += s.slice(from, i) + (c < 128 ? PERCENT[c] : encodeURIComponent(run))
    from = end
    i = end - 1
  }
  return from === 0 ? s : out + s.slice(from)
}

// parsing -----------------------------------------------------------------------------------------

type Parsed<A> = Either<EndpointError, A>

const NAME = {
  rfc6570: /(?:\w|%[\dA-Fa-f]{2})+(?:\.(?:\w|%[\dA-Fa-f]{2})+)*/y,
  route: /(?:[\w-]|%[\dA-Fa-f]{2})+(?:\.(?:[\w-]|%[\dA-Fa-f]{2})+)*/y,
}
const COLON_NAME = /[A-Za-z_]\w*/y
const PREFIX = /[1-9]\d{0,3}(?!\d)/y
/** What URL parsers read otherwise than it is written: a backslash (a `/` to them), a tab or line
 * break (dropped), a space or control at either end (trimmed). */
const MISREAD = /[\\\t\n\r]|^[\0- ]|[\0- ]$/

const sticky = (re: RegExp, s: string, at: number): string | undefined => {
  re.lastIndex = at
  return re.exec(s)?.[0]
}

const syntaxError = (s: string, at: number, problem: string): Parsed<never> =>
  E.left(new EndpointError("url", `${problem} at position ${at} in template ${quote(s)}`))

/** At the end or at a `{`, the expression opened at `open` is unclosed; anything else is `problem` at `at`. */
const unexpected = (s: string, open: number, at: number, problem: string): Parsed<never> =>
  at >= s.length || s[at] === "{" ? syntaxError(s, open, 'unclosed "{"') : syntaxError(s, at, problem)

/** The `{…}` expression opened at `open`, and the index after its `}`. */
const expression = (s: string, open: number, mode: Mode): Parsed<readonly [Expression, number]> => {
  let j = open + 1
  if (s[j] === "}") return syntaxError(s, open, "empty expression")
  if (s[j] !== undefined && "=,!@|".includes(s[j]!)) return syntaxError(s, j, `operator ${quote(s[j]!)} is reserved`)
  const operator = (s[j] !== undefined && "+#./;?&".includes(s[j]!) ? s[j++] : "") as Operator
  const variables: Array<VarSpec> = []
  for (;;) {
    const name = sticky(NAME[mode], s, j)
    const got = s[j] === undefined ? "the end" : quote(s[j]!)
    if (name === undefined) return unexpected(s, open, j, `expected a variable name, got ${got}`)
    j += name.length
    const prefix = s[j] === ":" ? sticky(PREFIX, s, j + 1) : ""
    if (prefix === undefined) return syntaxError(s, j + 1, "a prefix length must be a number from 1 to 9999")
    variables.push({ name, explode: s[j] === "*", prefix: Number(prefix) })
    j += s[j] === "*" ? 1 : prefix === "" ? 0 : prefix.length + 1
    if (s[j] === "}") return E.right([{ operator, variables }, j + 1])
    if (s[j] !== ",")
      return unexpected(s, open, j, `unexpected ${s[j] === undefined ? "end" : quote(s[j]!)} in an expression`)
    j++
  }
}

/** A template's literal text, percent-encoded where it may not stand in a URI. */
const literal = (s: string, from: number, to: number): Parsed<string> => {
  const text = encode(s.slice(from, to), RESERVED)
  const lone = text === undefined ? s.slice(from, to).search(LONE_SURROGATE) : 0
  return text !== undefined ? E.right(text) : syntaxError(s, from + lone, "a lone surrogate in the text")
}

/** Parses a template. Malformed syntax is an `EndpointError` naming the position; literal
 * characters that may not stand in a URI are percent-encoded (`%XX` is kept).
 * @example
 * import { Template } from "fp-endpoint"
 * Template.parse("/repos/{owner}/{repo}") // right({ source, mode: "route", parts: [...], names: ["owner", "repo"] })
 * Template.parse("/repos/{owner") // left(EndpointError: url: unclosed "{" at position 7 ...)
 * @since 0.1.0
 */
export const parse = (source: string, mode: Mode = "route"): Either<EndpointError, Template> => {
  if (typeof source !== "string") return E.left(new EndpointError("url", `expected a string, got ${kindOf(source)}`))
  if (mode !== "route" && mode !== "rfc6570") return E.left(new EndpointError("mode", 'expected "route" or "rfc6570"'))
  const misread = mode === "route" ? MISREAD.exec(source) : null
  if (misread !== null)
    return syntaxError(source, misread.index, `${quote(misread[0])}, which URL parsers read otherwise`)
  const parts: Array<string | Expression> = []
  const names = new Set<string>()
  let [inPath, start, i] = [true, 0, 0]
  for (; i < source.length; i++) {
    const c = source[i]
    const colon =
      c === ":" && inPath && mode === "route" && source[i - 1] === "/" ? sticky(COLON_NAME, source, i + 1) : undefined
    if (c !== "{" && c !== "}" && colon === undefined) {
      inPath &&= c !== "?" && c !== "#"
      continue
    }
    const text = literal(source, start, i)
    if (E.isLeft(text)) return text
    if (c === "}") return syntaxError(source, i, 'unmatched "}"')
    if (text.right !== "") parts.push(text.right)
    const e: Parsed<readonly [Expression, number]> =
      colon === undefined
        ? expression(source, i, mode)
        : E.right([{ operator: "", variables: [{ name: colon, explode: false, prefix: 0 }] }, i + 1 + colon.length])
    if (E.isLeft(e)) return e
    parts.push(e.right[0])
    for (const v of e.right[0].variables) names.add(v.name)
    inPath &&= e.right[0].operator !== "?" && e.right[0].operator !== "&" && e.right[0].operator !== "#"
    start = e.right[1]
    i = start - 1
  }
  const text = literal(source, start, i)
  if (E.isLeft(text)) return text
  if (text.right !== "") parts.push(text.right)
  return E.right({ source, mode, parts, names: [...names] })
}

// expansion ---------------------------------------------------------------------------------------

/** RFC 6570 Appendix A: what an operator writes first and between values, and how. */
interface Rules {
  readonly first: string
  readonly sep: string
  readonly named: boolean
  readonly ifEmpty: string
  readonly reserved: boolean
}
const rules = (first: string, sep: string, named: boolean, ifEmpty: string, reserved: boolean): Rules => ({
  first,
  sep,
  named,
  ifEmpty,
  reserved,
})
const OPERATORS: { readonly [O in Operator]: Rules } = {
  "": rules("", ",", false, "", false),
  "+": rules("", ",", false, "", true),
  "#": rules("#", ",", false, "", true),
  ".": rules(".", ".", false, "", false),
  "/": rules("/", "/", false, "", false),
  ";": rules(";", ";", true, "", false),
  "?": rules("?", "&", true, "=", false),
  "&": rules("&", "&", true, "=", false),
}

/** A list's or a record's defined members (neither `null` nor `undefined`): each key and value. */
type Defined = { readonly list: boolean; readonly entries: ReadonlyArray<readonly [string, unknown]> }

type Values = Readonly<Record<string, unknown>>

/** What one call has read of its parameters' lists and records, each once however many names
 * share it, and the names a template requires that have no value.
 * @internal */
export interface Reads {
  members?: Map<object, Either<EndpointError, Defined | undefined>> | undefined
  missing?: Array<string> | undefined
}

/** The text of a scalar: a string, a finite number, a boolean or a bigint; else `undefined`.
 * @internal */
export const textOf = (u: unknown): string | undefined =>
  typeof u === "string"
    ? u
    : (typeof u === "number" && Number.isFinite(u)) || typeof u === "boolean" || typeof u === "bigint"
      ? String(u)
      : undefined

const tooLong = (): EndpointError =>
  new EndpointError("url", `the expanded url is longer than ${MAX_LENGTH} characters`)
const encoded = (s: string, op: Rules, field: string): Either<EndpointError, string> => {
  const e = encode(s, op.reserved ? RESERVED : UNRESERVED)
  return e === undefined
    ? E.left(new EndpointError(shown(field), "a lone surrogate cannot be percent-encoded"))
    : E.right(e)
}
const pair = (op: Rules, name: string, raw: string, text: string): string =>
  raw === "" ? name + op.ifEmpty : `${name}=${text}`

/** The defined members of a list or a record (`undefined` for any other value), read once a call:
 * what a getter or Proxy trap in it throws is named by `name`.
 * @internal */
export const definedMembers = (
  value: object,
  name: string,
  reads: Reads,
): Either<EndpointError, Defined | undefined> => {
  const known = reads.members?.get(value)
  if (known !== undefined) return known
  const read = attempt(
    (): Either<EndpointError, Defined | undefined> => {
      if (!Array.isArray(value)) {
        if (!isPlainObject(value)) return E.right(undefined)
        return E.right({ list: false, entries: Object.entries(value).filter(([, m]) => m != null) })
      }
      const members = membersOf(value)
      if (members === undefined)
        return E.left(new EndpointError(shown(name), "a sparse array (with holes) is not accepted"))
      const defined: Array<readonly [string, unknown]> = []
      for (let i = 0; i < members.length; i++) if (members[i] != null) defined.push([String(i), members[i]])
      return E.right({ list: true, entries: defined })
    },
    () => shown(name),
  )
  ;(reads.members ??= new Map()).set(value, read)
  return read
}

/** A list or a record expanded; `undefined` when it has no defined member (RFC 6570 §2.3). */
const composite = (op: Rules, v: VarSpec, value: object, reads: Reads): Either<EndpointError, string | undefined> => {
  const defined = definedMembers(value, v.name, reads)
  if (E.isLeft(defined)) return defined
  if (defined.right === undefined)
    return E.left(new EndpointError(shown(v.name), `cannot expand ${aKind(value)} in the url`))
  const { list, entries } = defined.right
  if (v.prefix > 0)
    return E.left(new EndpointError(shown(v.name), `a prefix cannot apply to a ${list ? "list" : "record"}`))
  const pieces: Array<string> = []
  let length = 0
  for (const [key, member] of entries) {
    const field = list ? `${shown(v.name)}[${key}]` : child(shown(v.name), key)
    const raw = textOf(member)
    if (raw === undefined)
      return E.left(
        new EndpointError(shown(field), `expected a string, number, boolean or bigint, got ${kindOf(member)}`),
      )
    const text = encoded(raw, op, field)
    const name = list ? E.right(v.name) : encoded(key, op, field)
    if (E.isLeft(text) || E.isLeft(name)) return E.isLeft(text) ? text : name
    const piece = !v.explode
      ? list
        ? text.right
        : `${name.right},${text.right}`
      : op.named
        ? pair(op, name.right, raw, text.right)
        : list
          ? text.right
          : `${name.right}=${text.right}`
    if ((length += piece.length + 1) > MAX_LENGTH + 1) return E.left(tooLong())
    pieces.push(piece)
  }
  if (pieces.length === 0) return E.right(undefined)
  const joined = pieces.join(v.explode ? op.sep : ",")
  return E.right(op.named && !v.explode ? `${v.name}=${joined}` : joined)
}

/** One variable's text, without the operator's lead or separator; `undefined` when it has no value. */
const variable = (op: Rules, v: VarSpec, value: unknown, reads: Reads): Either<EndpointError, string | undefined> => {
  if (value === undefined || value === null) return E.right(undefined)
  const raw = textOf(value)
  if (raw === undefined && typeof value === "object") return composite(op, v, value, reads)
  if (raw === undefined) return E.left(new EndpointError(shown(v.name), `cannot expand ${aKind(value)} in the url`))
  const text = encoded(v.prefix > 0 ? [...raw].slice(0, v.prefix).join("") : raw, op, v.name)
  return op.named && E.isRight(text) ? E.right(pair(op, v.name, raw, text.right)) : text
}

/** An expression's text; the names it requires but has no value for are added to `missing`. */
const expandExpression = (
  e: Expression,
  values: Values,
  route: boolean,
  reads: Reads,
): Either<EndpointError, string> => {
  const op = OPERATORS[e.operator]
  const required = route && (e.operator === "" || e.operator === "+")
  let out: string | undefined
  for (const v of e.variables) {
    const text = variable(op, v, Object.hasOwn(values, v.name) ? values[v.name] : undefined, reads)
    if (E.isLeft(text)) return text
    if (text.right === undefined && required) (reads.missing ??= []).push(v.name)
    if (text.right === undefined) continue
    out = (out === undefined ? op.first : out + op.sep) + text.right
    if (out.length > MAX_LENGTH) return E.left(tooLong())
  }
  return E.right(out ?? "")
}

/**
 * `t` expanded with `values` (the parameters, read as own properties); with `pieces`, the text each
 * part wrote is pushed on it too. What it reads of lists and records goes in `reads`.
 * @internal
 */
export const expandTemplate = (
  t: Template,
  values: Values,
  reads: Reads,
  pieces?: Array<string>,
): Either<EndpointError, string> => {
  let out = ""
  for (const part of t.parts) {
    const text = typeof part === "string" ? part : expandExpression(part, values, t.mode === "route", reads)
    if (typeof text !== "string" && E.isLeft(text)) return text
    const piece = typeof text === "string" ? text : text.right
    if ((out += piece).length > MAX_LENGTH) return E.left(tooLong())
    pieces?.push(piece)
  }
  if (reads.missing === undefined) return E.right(out)
  const names = [...new Set(reads.missing)].map(shown)
  reads.missing = undefined
  return E.left(new EndpointError("", `missing parameter${names.length > 1 ? "s" : ""}: ${cut(names.join(", "), 200)}`))
}

/** Expands a template with the given variables; data-last, for `pipe`. The template is read again
 * from its source text, and each value once. Never throws.
 * @example
 * import { Template } from "fp-endpoint"
 * import * as E from "fp-ts/lib/Either.js"
 * import { pipe } from "fp-ts/lib/function.js"
 * pipe(Template.parse("/search{?q,page}"), E.flatMap(Template.expand({ q: "a b", page: 2 })))
 * // right("/search?q=a%20b&page=2")
 * @since 0.1.0
 */
export const expand =
  (values: { readonly [name: string]: unknown }) =>
  (t: Template): Either<EndpointError, string> => {
    let at = "template"
    return attempt(
      () => {
        if (typeof t?.source !== "string")
          return E.left(new EndpointError("template", "expected a Template, made by Template.parse"))
        const parsed = parse(t.source, t.mode)
        if (E.isLeft(parsed) || typeof values !== "object" || values === null) {
          return E.isLeft(parsed)
            ? parsed
            : E.left(new EndpointError("values", `expected an object, got ${kindOf(values)}`))
        }
        const named: Record<string, unknown> = {}
        for (at of parsed.right.names) if (Object.hasOwn(values, at)) put(named, at, values[at])
        return expandTemplate(parsed.right, named, {})
      },
      () => shown(at),
    )
  }
