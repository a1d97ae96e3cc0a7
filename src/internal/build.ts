// Merged options to request options, for options the codec has made: the steps of `Parse.parse`
// (expand the url, join the base, the query or the body, the headers), which checks its input first.
import type { Either } from "fp-ts/lib/Either.js"
import { EndpointError } from "../EndpointError.js"
import { isOpaqueBody } from "./body.js"
import { child, kindOf, quote, shown } from "./describe.js"
import { fail, left, right, toEndpointError } from "./either.js"
import { textOf } from "./encode.js"
import { byFrozenAndText, byText } from "./memo.js"
import { definedMembersOf, has, hasValueOnce, isArray, own, put } from "./object.js"
import { previewName, previewsIn } from "./preview.js"
import { pairOf } from "./query.js"
import { type Headers, isReserved, type MediaType, type Options } from "../Options.js"
import * as Template from "../Template.js"

/** What `endpoint()` returns: plain request options for any HTTP client.
 * @example
 * import type { RequestOptions } from "fp-endpoint"
 * const r: RequestOptions = { method: "get", url: "https://api.github.com/user", headers: { accept: "application/json" } }
 * @since 0.1.0
 */
export interface RequestOptions<M extends string = string> {
  method: M
  url: string
  headers: { [name: string]: string | number }
  body?: unknown
  request?: { readonly [key: string]: unknown } | undefined
}

/** The longest value of one header, 16 384 characters, as HTTP servers bound a header line.
 * @example
 * import { Parse } from "fp-endpoint"
 * Parse.MAX_HEADER_LENGTH // 16384
 * @since 0.1.0
 */
export const MAX_HEADER_LENGTH = 16_384

// Inside parse a step returns its value or the error that stops it; `parse` returns an Either.
type Result<A> = A | EndpointError
const isError = (u: unknown): u is EndpointError => u instanceof EndpointError

// the url -----------------------------------------------------------------------------------------

interface Compiled {
  readonly template: Template.Template
  /** Whether the template names a parameter, which then goes neither to the query nor to the body. */
  readonly names: { has(name: string): boolean }
  /** Whether no expansion can hold a `?` or `#`: no such literal and no `+`, `#`, `?` or `&` expression. */
  readonly plain: boolean
  /** Whether every expansion has a scheme of its own; `undefined` when a value may decide (`{base}/x`, `http{s}://h/x`). */
  readonly absolute: boolean | undefined
  /** The first character of every expansion when the template starts with literal text, else `""`. */
  readonly lead: string
  /** The template's authority when values write some of it (`https://h{+path}`, `http{s}://h{+p}`, `https://{sub}.h/x`), else `undefined`. */
  readonly host: HostShape | undefined
}

/** The url's template in route mode, its names, and whether it is plain, remembered by its text. */
const compiled = byText(
  (url: string): Either<EndpointError, Compiled> => {
    const t = Template.parse(url, "route")
    if (t._tag === "Left") return t
    const option = t.right.names.find(isReserved) // its value is an option's, never a parameter: it would expand to nothing
    if (option !== undefined) return fail("url", `the placeholder ${quote(option)} is named as an option, which never fills the url: rename it`)
    const names = [...t.right.names] // a few names are compared faster than hashed
    const plain = !/[?#]/.test(url) && t.right.parts.every((p) => typeof p === "string" || !["+", "#", "?", "&"].includes(p.operator))
    const first = t.right.parts[0] ?? ""
    const absolute = typeof first !== "string" || /^[A-Za-z][A-Za-z\d+.-]*$/.test(first) ? undefined : hasScheme(first)
    const lead = typeof first === "string" ? first.charAt(0) : ""
    return right({ template: t.right, names: names.length > 8 ? new Set(names) : { has: (name: string) => names.includes(name) }, plain, absolute, lead, host: hostShape(t.right.parts) })
  },
  (c) => c._tag === "Right",
)

/**
 * A template whose text opens an authority (`//` at its start, or after a scheme whose `:` the text
 * writes) with values in or before it: the index of the text part that holds the `//`, where in it the
 * authority starts (after the run of slashes, which URL parsers skip), whether the text wrote the `//`
 * (`https:h` needs none), whether a value at the url's start may write the whole origin (`{+origin}:8443/x`),
 * and for each part whether text of the template's own host (before its first `/`, `?`, `#` or a port's
 * `:`) may follow it (`hostTextAfter`: it does when every `{/p}`, `{?q}` or `{#f}` between them writes
 * nothing) or follows it whatever they write (`hostTextSurely`); and whether the text after it, past a run
 * of slashes, writes more before a `?` or `#`.
 */
interface HostShape {
  readonly at: number
  readonly from: number
  readonly slashed: boolean
  readonly originByValue: boolean
  readonly hostTextAfter: ReadonlyArray<boolean>
  readonly hostTextSurely: ReadonlyArray<boolean>
  readonly textPastSlashes: ReadonlyArray<boolean>
}

/** The shape of the template's authority when an expression stands before its end; `undefined` when its text alone writes it, or there is none. */
const hostShape = (parts: Template.Template["parts"]): HostShape | undefined => {
  const opening = authorityOpens(parts)
  if (opening === undefined) return undefined
  if (opening.at === 0 && /[/?#]/.test((parts[0] as string).slice(opening.from))) return undefined // the text ends the authority itself
  const textPastSlashes: Array<boolean> = []
  let next = "" // the first character other than a slash of the text after the part
  for (let i = parts.length - 1; i >= 0; i--) {
    textPastSlashes[i] = next !== "" && next !== "?" && next !== "#"
    const part = parts[i]!
    if (typeof part === "string") next = part.charAt(slashesAt(part)) || next
  }
  return { ...opening, hostTextAfter: hostTextFlags(parts, false), hostTextSurely: hostTextFlags(parts, true), textPastSlashes }
}

/**
 * For each part, whether text of the template's own host comes after it, found in one pass from the end: the text before a
 * part's first `/`, `?`, `#` or port's `:` is the host's while none came before it. With `surely`, only host text that no
 * `{/p}`, `{?q}` or `{#f}` stands before counts (when such an expression writes, what follows it is the path's); without,
 * host text behind one counts too (it joins the host when the expression writes nothing). A `{/p}` itself is followed by the path.
 */
const hostTextFlags = (parts: Template.Template["parts"], surely: boolean): Array<boolean> => {
  const flags: Array<boolean> = []
  let after = false
  let userinfo = false // an "@" follows in the authority's text: a ":" before it is userinfo's, not a port's
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]!
    flags[i] = after && (typeof part === "string" || !endsAuthority(part))
    if (typeof part !== "string") {
      if (surely && endsAuthority(part)) [after, userinfo] = [false, false]
      continue
    }
    const end = part.search(/[/?#]/)
    const authority = end < 0 ? part : part.slice(0, end)
    userinfo = authority.includes("@") || (end < 0 && userinfo)
    const port = userinfo ? -1 : authority.search(/:[^@]*$/) // a ":" with no "@" after it
    const cut = port >= 0 ? port : end
    after = cut >= 0 ? cut > 0 : part !== "" || after
  }
  return flags
}

/** Where a template's text opens its authority: the first fields of {@link HostShape}. */
type Opening = Pick<HostShape, "at" | "from" | "slashed" | "originByValue">

/** Whether an expression writes `/`, `?` or `#` first when it writes anything (`{/p}`, `{?q}`, `{#f}`): it ends an authority then. */
const endsAuthority = (e: Template.Expression): boolean => e.operator === "/" || e.operator === "?" || e.operator === "#"

/** How many slashes or backslashes `s` holds from index `from` on: URL parsers skip them where a host begins. */
const slashesAt = (s: string, from = 0): number => {
  let i = from
  while (s.charAt(i) === "/" || s.charAt(i) === "\\") i++
  return i - from
}

/** The template's text (its literal parts) before index `end` of the text part `at`. */
const textBefore = (parts: Template.Template["parts"], at: number, end: number): string =>
  parts.slice(0, at).filter((p) => typeof p === "string").join("") + (parts[at] as string).slice(0, end)

/**
 * Where the template's text opens an authority, as URL parsers read it: the part and the index in it
 * after the opening slashes. A `//` at the start, or after a scheme whose `:` the text writes; else a
 * special scheme the text starts with, whose host needs no `//` to them (`https:h`, `https:/h`).
 */
const authorityOpens = (parts: Template.Template["parts"]): Opening | undefined => {
  const at = parts.findIndex((p) => typeof p === "string" && p.includes("//"))
  const opening = parts[at] as string | undefined
  const slashes = opening?.indexOf("//") ?? -1
  const before = opening === undefined ? "" : textBefore(parts, at, slashes)
  if (opening !== undefined && ((at === 0 && before === "") || /^[A-Za-z\d+.-]*:$/.test(before))) {
    return { at, from: slashes + slashesAt(opening, slashes), slashed: true, originByValue: false } // URL parsers skip every slash there
  }
  const special = typeof parts[0] === "string" ? /^(?:https?|wss?|ftp):/i.exec(parts[0]) : null
  if (special === null) return schemeOpens(parts)
  return { at: 0, from: special[0].length + slashesAt(parts[0] as string, special[0].length), slashed: false, originByValue: false }
}

/**
 * A scheme that values write some of, before the text's `:` (`http{s}:/h`, `{scheme}:h`): read as a
 * special one, whose host needs no `//`. A value that starts the url may write the whole origin when
 * the text after the `:` is a port or nothing (`{+origin}:8443/x`, `{+origin}:{port}`).
 */
const schemeOpens = (parts: Template.Template["parts"]): Opening | undefined => {
  const at = parts.findIndex((p) => typeof p === "string" && p.includes(":"))
  if (at <= 0 || parts.slice(0, at).every((p) => typeof p === "string")) return undefined
  const text = parts[at] as string
  const colon = text.indexOf(":")
  if (!/^[A-Za-z\d+.-]*$/.test(textBefore(parts, at, colon))) return undefined
  // what follows the ":" as text: `{port}` stands for digits, `{/p}`, `{?q}` or `{#f}` for the character it writes first
  // or, when it writes nothing, for nothing, any other expression for a non-digit
  const after = (empty: boolean): string =>
    text.slice(colon + 1) + parts.slice(at + 1).map((p) => (typeof p === "string" ? p : p.operator === "" ? "0" : endsAuthority(p) ? (empty ? "" : "/") : "x")).join("")
  const portOrNothing = /^(?:\d+(?:[/?#]|$)|$)/.test(after(false)) // digits then the authority's end, or nothing at all
  const userinfo = /^[^/?#]*@/.test(after(true)) // an "@" before the path: what came before it would be userinfo, the host after it
  const originByValue = at === 1 && colon === 0 && portOrNothing && !userinfo
  return { at, from: colon + 1 + slashesAt(text, colon + 1), slashed: false, originByValue }
}

const hasScheme = (url: string): boolean => /^[A-Za-z][A-Za-z\d+.-]*:/.test(url)
/**
 * Whether a url names its scheme and host (`https://h/x`), which a url must when values write its
 * scheme: `{name}:cancel` with `https`, or `{a}:{b}` with `https` and `evil.com`, is a path under the
 * base url, where URL parsers would read `https:evil.com` as the host `evil.com`.
 */
const hasSchemeAndHost = (url: string): boolean => /^[A-Za-z][A-Za-z\d+.-]*:\/\//.test(url)

/**
 * A base url and a path with exactly one `/` between them; a path that is empty or starts with
 * `?` or `#` is appended as it is. `first` is the path's first character, which the template
 * knows when it starts with text: reading it from the expanded path would flatten the string.
 */
const joinBase = (baseUrl: string, path: string, first: string): string => {
  if (baseUrl === "" || first === "" || first === "?" || first === "#") return baseUrl + path
  const slashes = (baseUrl.endsWith("/") ? 1 : 0) + (first === "/" ? 1 : 0)
  return slashes === 2 ? baseUrl + path.slice(1) : slashes === 1 ? baseUrl + path : `${baseUrl}/${path}`
}

/**
 * The template expanded, and joined to the base unless it has a scheme of its own. Without a
 * base, a url that starts with `//` names a host, and so, to URL parsers, does one with a special
 * scheme and no `//` (`http:evil.example`): when values made it so (`/{owner}/{repo}` with
 * `owner: ""`, `{a}:{b}`), the request would leave for the host a value names.
 */
const urlOf = (c: Compiled, o: Options): Result<string> => {
  const pieces = c.host === undefined ? undefined : Template.expandParts(c.template, o.params) // what each part wrote, for the host check
  if (pieces?._tag === "Left") return pieces.left
  const path = pieces === undefined ? Template.expandWith(c.template, o.params) : right(pieces.right.join(""))
  if (path._tag === "Left") return path.left
  const base = o.baseUrl ?? ""
  if (c.absolute ?? hasSchemeAndHost(path.right)) return keptHost(c, pieces?.right ?? [], path.right, o.params)
  if (base !== "") return joinBase(base, path.right, c.lead || path.right.charAt(0)) // the text is not read: a fresh url stays unflattened
  // without a base the url goes as it is: values may not make it name a host
  const moved = c.absolute === undefined && hasScheme(path.right) ? 'give the url a scheme without "//" and a host (URL parsers would read what follows as the host)'
    : path.right.startsWith("//") && !c.template.source.startsWith("//") ? 'make the url start with "//" (it would name another host)' : undefined
  if (moved === undefined) return keptHost(c, pieces?.right ?? [], path.right, o.params)
  const first = c.template.parts.find((p) => typeof p !== "string") // a value wrote the scheme or one of the slashes
  return new EndpointError(typeof first === "object" ? blamed(first, o.params) : "url", `a value cannot ${moved}`)
}

/**
 * The url, unless a value changed the host that the template's text names, judged by what each part
 * wrote (`pieces`): a value before the `//` that is more than a scheme, or stands after the scheme's `:`
 * (a first value that writes a scheme of its own may, when only a port or nothing follows the text's `:`;
 * a url with no scheme names no host, `{+name}:cancel`); an `@` or `\\` from a value in the authority; a
 * value that goes on from the text of a host with no host text surely after it (`https://api.github.com{+path}`
 * with `.evil.com/x`); one that ends the authority where the template's own host text may follow
 * (`https://{+sub}.github.com` with `evil.com/`); or a `{/p}`, `{?q}` or `{#f}` that writes nothing where text
 * or a value then joins the host (`https://unpkg.com{/pkg}@{version}`). A value may write a host the text
 * leaves to it, a label, a port after a colon, userinfo before an `@`.
 */
const keptHost = (c: Compiled, pieces: ReadonlyArray<string>, url: string, params: Options["params"]): Result<string> => {
  if (c.host === undefined) return url
  const { at, hostTextAfter, hostTextSurely } = c.host
  const parts = c.template.parts
  let colon = false // the text wrote the scheme's ":"
  for (let i = 0; i < at; i++) {
    const part = parts[i]!
    if (typeof part === "string") colon ||= part.includes(":")
    else if (colon ? pieces[i] !== "" : !/^[A-Za-z\d+.-]*$/.test(pieces[i]!)) {
      if (!c.host.slashed && !hasScheme(url)) return url // no scheme (`{+name}:cancel` with `a/b:c`): no authority
      return c.host.originByValue ? url : hostMoved(blamed(part, params), url) // a value that wrote its own scheme wrote the origin: the first, before a port only
    }
  }
  const start = hostStart(c.host, parts, pieces, url, params)
  if (start === undefined || isError(start)) return start ?? url
  let last = "/" // the character written last in the authority ("/" for the slashes that open it), and whether the text wrote it
  let byText = true
  let unwritten: Template.Expression | undefined // a `{/p}`, `{?q}` or `{#f}` that wrote nothing: what follows it would join the host
  for (let i = start[0]; i < parts.length; i++) {
    const part = parts[i]!
    const written = i === start[0] ? pieces[i]!.slice(start[1]) : pieces[i]!
    const cut = written.search(/[/?#]/)
    const inside = cut < 0 ? written : written.slice(0, cut)
    if (typeof part !== "string") {
      // going on from the host's text is a label's only where host text surely follows; ending the host, wherever host text may follow
      const goesOn = inside !== "" && byText && !":.@[]/".includes(last) && !hostTextSurely[i] // "www{.dom*}" too: the text cannot say whether "www" is the host
      if (/[@\\]/.test(inside) || goesOn || (cut >= 0 && hostTextAfter[i])) return hostMoved(blamed(part, params), url)
      if (written === "" && endsAuthority(part)) unwritten ??= part
    }
    if (unwritten !== undefined && inside !== "") return hostJoined(blamed(unwritten, params), url)
    if (inside !== "") [last, byText] = [inside.slice(-1), typeof part === "string"]
    if (cut >= 0) return url
  }
  return url
}

/**
 * Where the host begins (a part and the index in what it wrote), past the slashes that URL parsers
 * skip after the text's opening ones, wherever they come from; `undefined` when nothing follows. When
 * text of the template follows, which would then be read as the host, a value there may not write a
 * slash (`https://{+x}/repos` with `/evil.com`), and where the text writes no `//`, nothing at all
 * (`https:{x}/api.github.com` with `evil.com`). Nor may a value there write nothing when slashes follow
 * and then a value, or after `//` anything (`https://{host}/{owner}` or `https://{host}{/owner}` with
 * `""` and `evil.com` would make the path the host); only the text's own host may follow it so.
 */
const hostStart = (shape: HostShape, parts: Template.Template["parts"], pieces: ReadonlyArray<string>, url: string, params: Options["params"]): Result<readonly [number, number]> | undefined => {
  let empty: Template.Expression | undefined // the first value that stood at the host's start and wrote nothing
  let skipped = false // slashes came after it
  for (let i = shape.at; i < parts.length; i++) {
    const part = parts[i]!
    const skip = i === shape.at ? shape.from : 0
    const written = pieces[i]!.slice(skip)
    const slashes = slashesAt(written)
    const byValue = typeof part !== "string"
    if (byValue && written === "") empty ??= part
    if (byValue && written !== "" && (slashes > 0 || !shape.slashed) && shape.textPastSlashes[i]) return hostMoved(blamed(part, params), url)
    skipped ||= empty !== undefined && slashes > 0
    if (skipped && written !== "") return hostEmptied(blamed(empty!, params), url) // what follows the slashes would be the host
    if (slashes < written.length) return [i, skip + slashes]
  }
  return undefined
}

/**
 * The name an error about what an expression wrote gives: its first variable with a value (`b` in `{+a,b}` when `a` has none), else its first.
 * Each value is judged once: a large list that many of its variables share is not walked once a variable.
 */
const blamed = (e: Template.Expression, params: Options["params"]): string => {
  const defined = hasValueOnce()
  return shown((e.variables.find((v) => defined(own(params, v.name))) ?? e.variables[0]!).name)
}

const hostEmptied = (name: string, url: string): EndpointError =>
  new EndpointError(name, `a value cannot leave the host empty: URL parsers would read the path as the host (${quote(url.slice(0, 100))})`)

const hostJoined = (name: string, url: string): EndpointError =>
  new EndpointError(name, `a value that writes nothing here lets what follows join the host: it would send the request to ${quote(url.slice(0, 100))}`)

const hostMoved = (name: string, url: string): EndpointError =>
  new EndpointError(name, `a value cannot change the host the url names: it would send the request to ${quote(url.slice(0, 100))}`)

// the query or the body ---------------------------------------------------------------------------

/** The error of a url longer than {@link Template.MAX_LENGTH}, once a query is added to it. */
export const urlTooLong = (): EndpointError => new EndpointError("url", `the url is longer than ${Template.MAX_LENGTH} characters`)

const notSent = (name: string, u: unknown): EndpointError =>
  new EndpointError(shown(name), `cannot be sent as a query parameter: expected a string, finite number, boolean, bigint or an array of them, got ${kindOf(u)}`)

/** A list's members as query text: the texts of its defined members and their length with a separator each, or the first member that cannot be sent. */
interface Listed {
  readonly texts: ReadonlyArray<string>
  readonly chars: number
  readonly bad?: readonly [index: string, member: unknown]
}

/** The lists one call has read as query text, each once; the Map made at the first. */
interface ListsRead {
  lists: Map<object, Listed | undefined> | undefined
}

/**
 * A dense list's members as query text, read once a call however many parameters share the list
 * (a thousand names, one list of 100 000 `null`s); `undefined` for a sparse one. The reading stops
 * once the texts are longer than a url may be, whatever the name: a long list never builds a huge text.
 */
const listed = (list: ReadonlyArray<unknown>): Listed | undefined => {
  const members = definedMembersOf(list)
  if (members === undefined) return undefined
  const texts: Array<string> = []
  let chars = 0
  for (const [index, member] of members) {
    const text = textOf(member)
    if (text === undefined) return { texts, chars, bad: [index, member] }
    texts.push(text)
    if ((chars += text.length + 1) > Template.MAX_LENGTH + 1) break
  }
  return { texts, chars }
}

/**
 * One parameter as query text: `null` gives none; an array is joined with `,`, or repeated as
 * `name[]=a&name[]=b` when the name ends in `[]`, its `null` members left out. `read` holds the
 * lists this call has read.
 */
const queryPair = (name: string, value: unknown, read: ListsRead): Result<string> => {
  const s = textOf(value)
  if (s !== undefined || value === null) return s === undefined ? "" : pairOf(name, s)
  if (!isArray(value)) return notSent(name, value)
  const lists = (read.lists ??= new Map())
  if (!lists.has(value)) lists.set(value, listed(value))
  const list = lists.get(value)
  if (list === undefined) return new EndpointError(shown(name), "a sparse array (with holes) cannot be sent as a query parameter")
  if (list.bad !== undefined) return notSent(`${name}[${list.bad[0]}]`, list.bad[1])
  const repeated = name.endsWith("[]")
  // each member adds its text and "&name[]=" when repeated, else ","
  const length = list.chars + (repeated ? list.texts.length * (name.length + 1) : 0)
  if (length > Template.MAX_LENGTH + (repeated ? name.length + 2 : 1)) return urlTooLong()
  if (!repeated) return pairOf(name, list.texts.join(","))
  const pairs = list.texts.map((m: string) => pairOf(name, m))
  return pairs.find(isError) ?? pairs.join("&")
}

/** The query text of the parameters that the template does not name; a getter or Proxy trap inside a value that throws is named by its parameter. */
const queryOf = (params: Options["params"], names: Compiled["names"]): Result<string> => {
  let query = ""
  const keys = Object.keys(params)
  let i = 0 // outside the loop: the catch names the parameter it stopped at
  const read: ListsRead = { lists: undefined }
  try {
    for (; i < keys.length; i++) {
      const key = keys[i]!
      const p = names.has(key) ? "" : queryPair(key, params[key], read)
      if (typeof p !== "string") return p
      if (p !== "") query += (query === "" ? "" : "&") + p
      if (query.length > Template.MAX_LENGTH) return urlTooLong()
    }
  } catch (e) {
    return toEndpointError(e, shown(keys[i]!))
  }
  return query
}

/** A url with query text added before its fragment, after `?` or `&` (none after a trailing `?` or `&`). */
export const withQuery = (url: string, query: string): string => {
  if (query === "") return url
  const hash = url.indexOf("#")
  const base = hash < 0 ? url : url.slice(0, hash)
  const separator = !base.includes("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&"
  return base + separator + query + (hash < 0 ? "" : url.slice(hash))
}

/** The body built from the parameters that the template does not name; `undefined` for none. */
const bodyOf = (params: Options["params"], names: Compiled["names"]): Record<string, unknown> | undefined => {
  let body: Record<string, unknown> | undefined
  for (const key of Object.keys(params)) if (!names.has(key)) put((body ??= {}), key, params[key])
  return body
}

// the headers -------------------------------------------------------------------------------------

const tooLong = (): EndpointError =>
  new EndpointError("headers.accept", `the value built from mediaType would be longer than ${MAX_HEADER_LENGTH} characters`)

/**
 * Each vendor media type of `accept` with the format in place of its own: `vnd.github.v3.raw`. The
 * length is counted entry by entry and the work stops past the limit: the value is refused only when
 * it would be too long (a format may shorten an entry, or meet none), and a long format on many
 * entries is never built out.
 */
const withFormat = (accept: string, format: string): Result<string> => {
  const entries = accept.split(",")
  let length = entries.length - 1 // the commas
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!.replace(VENDOR_TYPE, (_, vendor: string, v3 = "", space: string) => `${vendor}${v3}.${format}${space}`)
    if ((length += entry.length) > MAX_HEADER_LENGTH) return tooLong()
    entries[i] = entry
  }
  return entries.join(",")
}
/** A vendor media type, `application/vnd.github[.v3][.raw][+json]`, in any case: media types are case-insensitive (RFC 9110 §8.3.1). */
const VENDOR_TYPE = /^([ \t]*application\/vnd\.\w+)(\.v3(?!\w))?(?:\.\w+)?(?:\+json)?([ \t]*)$/i
const OCTET_STREAM = /application\/octet-stream/i

/**
 * The accept header for a media type: the format replaces the vendor media type's own; previews
 * make it a list of `application/vnd.github.<name>-preview` types (with the format, or `+json`),
 * the names already in the header first. An accept that asks for `application/octet-stream` stays.
 */
const amendAccept = (accept: string | undefined, { format = "", previews }: MediaType): Result<string | undefined> => {
  if ((format === "" && previews.length === 0) || (accept !== undefined && OCTET_STREAM.test(accept))) return accept
  const formatted = format !== "" && accept !== undefined ? withFormat(accept, format) : accept
  if (isError(formatted) || previews.length === 0) return formatted
  const names = new Map<string, string>() // each name once, in any case (media types are case-insensitive), first spelling kept
  for (const name of [...(formatted === undefined ? [] : previewsIn(formatted)), ...previews.map(previewName)]) {
    const key = name.toLowerCase()
    if (!names.has(key)) names.set(key, name)
  }
  const suffix = format !== "" ? "." + format : "+json"
  let length = 0
  for (const name of names.values()) length += name.length + "application/vnd.github.-preview,".length + suffix.length
  return length > MAX_HEADER_LENGTH + 1 ? tooLong() : Array.from(names.values(), (name) => `application/vnd.github.${name}-preview${suffix}`).join(",")
}

type HeaderRecord = Record<string, string | number>

/** A copy of headers without the `null` (and `undefined`) values, which remove a header. */
const withoutNulls = (headers: Headers): HeaderRecord => {
  const out: HeaderRecord = {}
  for (const name of Object.keys(headers)) if (headers[name] !== null && headers[name] !== undefined) put(out, name, headers[name]!)
  return out
}

/** The result's headers: no `null` values, the amended accept, and the JSON content type when `json` and none is named. */
const finalHeaders = (headers: Headers, mediaType: MediaType, json: boolean): Result<HeaderRecord> => {
  let removes = false
  for (const name of Object.keys(headers)) {
    const value = headers[name]
    if (typeof value === "string" && value.length > MAX_HEADER_LENGTH) return new EndpointError(child("headers", name), `longer than ${MAX_HEADER_LENGTH} characters`) // named as the codec names a header
    removes ||= value === null || value === undefined
  }
  const out = (removes ? withoutNulls(headers) : { ...headers }) as HeaderRecord // a spread defines keys, as put does
  const accept = own(headers, "accept") as Headers[string] | undefined
  const amended = amendAccept(accept === null || accept === undefined ? undefined : String(accept), mediaType)
  if (isError(amended)) return amended
  if (amended !== undefined && amended !== String(accept)) put(out, "accept", amended) // a number stays a number unless amended
  if (json && !has(headers, "content-type")) put(out, "content-type", "application/json; charset=utf-8")
  return out
}

/** A media type as text: the format, then each preview on a line of its own (no part holds a line break). */
const mediaTypeText = (m: MediaType): string => (m.previews.length === 0 ? (m.format ?? "") : [m.format ?? "", ...m.previews].join("\n"))

/** The result's headers without and with a JSON body, remembered for frozen headers (defaults' are) by the media type's text. */
const readyHeaders = [false, true].map((json) =>
  byFrozenAndText(
    (headers: Headers, text: string): Result<HeaderRecord> => {
      const [format = "", ...previews] = text.split("\n")
      return finalHeaders(headers, { format, previews }, json)
    },
    (ready) => !isError(ready),
  ),
)

/** The result's own headers: a copy of the ready ones, or built for it. */
const headersOf = (o: Options, json: boolean): Result<HeaderRecord> => {
  const ready = readyHeaders[json ? 1 : 0]!(o.headers, mediaTypeText(o.mediaType))
  return ready === undefined ? finalHeaders(o.headers, o.mediaType, json) : isError(ready) ? ready : { ...ready }
}

/** Request options from decoded merged options; never throws (a caller's getter inside a value becomes a `Left`). */
export const build = (o: Options): Either<EndpointError, RequestOptions> => {
  try {
    const result = parseOptions(o)
    return isError(result) ? left(result) : right(result)
  } catch (e) {
    return left(toEndpointError(e))
  }
}

const parseOptions = (o: Options): Result<RequestOptions> => {
  if (o.url === undefined) return new EndpointError("url", "required, got nothing")
  const c = compiled(o.url)
  if (c._tag === "Left") return c.left
  const method = (o.method ?? "GET").toLowerCase()
  const path = urlOf(c.right, o)
  if (isError(path)) return path
  const query = method === "get" || method === "head" ? queryOf(o.params, c.right.names) : undefined
  if (isError(query)) return query
  const url = query === undefined || query === "" ? path : c.right.plain ? `${path}?${query}` : withQuery(path, query)
  const body = query !== undefined ? undefined : o.data !== undefined ? o.data : bodyOf(o.params, c.right.names)
  if (url.length > Template.MAX_LENGTH) return urlTooLong()
  const hasBody = query === undefined && body !== undefined
  const headers = headersOf(o, hasBody && !isOpaqueBody(body))
  if (isError(headers)) return headers
  const { request } = o // literals define their keys: a setter on Object.prototype sees none
  if (!hasBody) return request === undefined ? { method, url, headers } : { method, url, headers, request }
  return request === undefined ? { method, url, headers, body } : { method, url, headers, body, request }
}
