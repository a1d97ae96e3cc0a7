// The url of a request: the template compiled once by its text (the package's cache, with Route.parseKnown), expanded
// with the parameters, joined to the base url, judged by the platform's URL parser (SPEC 6.11), and
// given the query of the parameters the template does not name.
import * as E from "#fp-ts/Either.js"
import type { Either } from "fp-ts/lib/Either.js"
import { isReserved } from "./Codec.js"
import { EndpointError } from "./EndpointError.js"
import { kindOf, quote, shown } from "./internal/describe.js"
import { attempt } from "./internal/read.js"
import * as Template from "./Template.js"

type Params = Readonly<Record<string, unknown>>
type Url = Either<EndpointError, string>

/** A url template in route mode, with what the checks need of it. */
export interface Compiled {
  readonly template: Template.Template
  /** The names the template consumes: they go neither to the query nor to the body. */
  readonly names: ReadonlySet<string>
  /** The origin the text before the first expression writes (`https://api.github.com{+path}`), if it writes one. */
  readonly origin: URL | undefined
  /** Where the url's scheme and host end when the template's first text settles it, whatever the values. */
  readonly headEnd: number | undefined
  /** Whether that text ends at a port's `:`, leaving the port to a value. */
  readonly portOpen: boolean
  /** Whether every expansion is a path (`/repos/…`) or has a scheme (`https://…`), as the template's
   * first text shows; `undefined` when a value decides. */
  readonly scheme: boolean | undefined
}

/** What a url that starts with `//` (and so has no scheme) is parsed against: any other url is parsed alone. */
const PLACEHOLDER = "https://placeholder.invalid"
const SCHEME = /^[A-Za-z][A-Za-z\d+.-]*:/
const SPECIAL = /^(?:https?|wss?|ftp|file):/i

const parseUrl = (url: string): Either<EndpointError, URL> =>
  attempt(
    () => E.right(url.startsWith("//") ? new URL(url, PLACEHOLDER) : new URL(url)),
    () => "url",
    () => `URL parsers refuse it: ${quote(url)}`,
  )

const cache = new Map<string, Compiled>()

/** The url's template compiled, remembered by its text (at most 1000 texts of at most 16 384 characters). */
export const compile = (url: string): Either<EndpointError, Compiled> => {
  const known = cache.get(url)
  if (known !== undefined) return E.right(known)
  const parsed = Template.parse(url, "route")
  if (E.isLeft(parsed)) return parsed
  const option = parsed.right.names.find(isReserved)
  if (option !== undefined) {
    return E.left(
      new EndpointError(
        "url",
        `the placeholder ${quote(option)} is named as an option, which never fills the url: rename it`,
      ),
    )
  }
  const [prefix] = parsed.right.parts
  const writes =
    typeof prefix === "string" && parsed.right.parts.length > 1 && (SCHEME.test(prefix) || prefix.startsWith("//"))
  const origin = writes ? E.getOrElseW(() => undefined)(parseUrl(prefix)) : undefined
  const end = typeof prefix === "string" ? head(prefix)[1] : 0
  const settled = end === 0 ? /^\/[^/]/.test(prefix as string) : end < (prefix as string).length
  const written = settled && end > 0 ? parseUrl((prefix as string).slice(0, end)) : undefined
  if (written !== undefined && E.isLeft(written)) return written
  const compiled = {
    template: parsed.right,
    headEnd: typeof prefix === "string" && settled ? end : undefined,
    names: new Set(parsed.right.names),
    origin: origin?.hostname ? origin : undefined,
    portOpen: /:$/.test(prefix as string),
    scheme:
      typeof prefix !== "string"
        ? undefined
        : SCHEME.test(prefix)
          ? true
          : /^[^:]*[/?#]/.test(prefix)
            ? false
            : undefined,
  }
  if (cache.size >= 1000) cache.clear()
  if (url.length <= 16_384) cache.set(url, compiled)
  return E.right(compiled)
}

/** A base url and a path with exactly one `/` between them; a path that is empty or starts with `?` or `#` as it is. */
const joined = (base: string, path: string): string => {
  if (path === "" || path[0] === "?" || path[0] === "#") return base + path
  const slashes = (base.endsWith("/") ? 1 : 0) + (path[0] === "/" ? 1 : 0)
  return slashes === 2 ? base + path.slice(1) : slashes === 1 ? base + path : `${base}/${path}`
}

/** Where a url's authority starts and where its scheme and authority end (0 and 0 for a path, the
 * scheme's end for a url without an authority), as URL parsers read them: past any run of slashes. */
const head = (url: string): readonly [number, number] => {
  const scheme = SCHEME.exec(url)?.[0].length ?? 0
  if (!url.startsWith("//", scheme) && !(scheme > 0 && SPECIAL.test(url))) return [scheme, scheme]
  let start = scheme
  while (url[start] === "/") start++
  let end = start
  while (end < url.length && url[end] !== "/" && url[end] !== "?" && url[end] !== "#") end++
  return [start, end]
}

/** The first variable of an expression that has a value, else its first: the one an error names. */
const blamed = (e: Template.Expression, params: Params): string =>
  shown((e.variables.find((v) => Object.hasOwn(params, v.name) && params[v.name] != null) ?? e.variables[0]!).name)

const fail = (path: string, problem: string): Url => E.left(new EndpointError(path, problem))

/**
 * The url judged by what it is: where a url has a scheme or an authority of its own, each value in
 * them must come from a simple `{name}` that writes something (the template's first part may write
 * them all: that template hands the origin to it), the url must parse, and when the template's text
 * before its first value writes the origin, and no more text follows in it, the origin stays that.
 */
const judged = (c: Compiled, pieces: ReadonlyArray<string>, url: string, params: Params): Url => {
  const [start, end] = head(url)
  const needsHost = url.startsWith("//") || SPECIAL.test(url)
  const parts = c.template.parts
  let [at, inside, textAfter]: [number, Template.Expression | undefined, boolean] = [0, undefined, false]
  for (let i = 0; i < parts.length && at <= end && end > 0; at += pieces[i]!.length, i++) {
    const part = parts[i]!
    if (typeof part === "string") textAfter ||= inside !== undefined && at < end
    else if (i > 0 && at === end && start === end && needsHost)
      return fail(blamed(part, params), "a value must write the url's host here")
    else if (i > 0 && at < end && (part.operator !== "" || pieces[i] === "")) {
      return fail(
        blamed(part, params),
        "only a simple {name} that writes something may stand in the url's scheme or host",
      )
    } else if (i > 0 && at < end) inside ??= part
  }
  if (start === end && start > 0 && needsHost) return fail("url", `the url has no host: ${quote(url)}`)
  const parsed = parseUrl(url)
  const first = parts[0]
  const writer = inside ?? (typeof first === "string" ? undefined : first)
  if (E.isLeft(parsed)) return writer === undefined ? parsed : fail(blamed(writer, params), parsed.left.problem)
  if (inside === undefined) return E.right(url)
  const [r, o] = [parsed.right, textAfter ? undefined : c.origin]
  if (
    o === undefined ||
    (r.protocol === o.protocol &&
      r.hostname === o.hostname &&
      r.username === o.username &&
      r.password === o.password &&
      (c.portOpen || r.port === o.port))
  )
    return E.right(url)
  return fail(
    blamed(inside, params),
    `a value cannot change the origin the url names: it would send the request to ${quote(r.origin)}`,
  )
}

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i

/** The url, unless a value makes a path segment `.` or `..` (`%2e` too), which URL parsers would
 * resolve: the url sent would not be the url written. The template's own dot segments stay. */
const withoutDotSegments = (c: Compiled, pieces: ReadonlyArray<string>, url: string, params: Params): Url => {
  const path = url.slice(0, url.search(/[?#]|$/))
  const spans: Array<readonly [Template.Expression, number, number]> = []
  let at = url.length - pieces.reduce((n, p) => n + p.length, 0) // after the base url
  c.template.parts.forEach((part, i) => {
    if (typeof part !== "string") spans.push([part, at, at + pieces[i]!.length])
    at += pieces[i]!.length
  })
  let [from, k] = [0, 0]
  for (const segment of path.split("/")) {
    const to = from + segment.length
    while (k < spans.length && spans[k]![2] < from) k++
    for (let i = k; DOT_SEGMENT.test(segment) && i < spans.length && spans[i]![1] <= to; i++) {
      // a value that wrote some of it or the slash around it, or that stands empty in it
      const [e, start, end] = spans[i]!
      if (start < end || start >= from)
        return fail(
          blamed(e, params),
          'a value cannot make a path segment "." or ".." (URL parsers would move the request)',
        )
    }
    from = to + 1
  }
  return E.right(url)
}

/** Whether a segment of the url's path, from `from` on, starts with `.` or `%2e`: a dot segment needs one. */
const dottedPath = (url: string, from: number): boolean => {
  const starts = (i: number) => i === 0 || url[i - 1] === "/"
  let [dot, percent] = [url.indexOf(".", from), url.indexOf("%", from)]
  while (dot >= 0 && !starts(dot)) dot = url.indexOf(".", dot + 1)
  while (percent >= 0 && !(starts(percent) && /^%2e/i.test(url.slice(percent, percent + 3))))
    percent = url.indexOf("%", percent + 1)
  const first = dot < 0 ? percent : percent < 0 ? dot : Math.min(dot, percent)
  return first >= 0 && !/[?#]/.test(url.slice(0, first))
}

/** The template expanded with the parameters, joined to the base url when it has no scheme, and judged. */
export const expanded = (c: Compiled, params: Params, baseUrl: string, reads: Template.Reads): Url => {
  const path = Template.expandTemplate(c.template, params, reads)
  if (E.isLeft(path)) return path
  const joins = baseUrl !== "" && !(c.scheme ?? SCHEME.test(path.right))
  const url = joins ? joined(baseUrl, path.right) : path.right
  const judges = !joins && c.headEnd === undefined && head(url)[1] > 0
  // a value's segment starts after the base url (joined always puts a slash between them), or past the template's host
  const from = joins ? baseUrl.length : (c.headEnd ?? 0)
  const dots = dottedPath(url, from)
  if (!judges && !dots) return E.right(url)
  // the text each part wrote, expanded again from what this call has read
  const pieces: Array<string> = []
  Template.expandTemplate(c.template, params, reads, pieces)
  const judgedUrl = judges ? judged(c, pieces, url, params) : E.right(url)
  return E.isLeft(judgedUrl) || !dots ? judgedUrl : withoutDotSegments(c, pieces, url, params)
}

// the query ---------------------------------------------------------------------------------------

const tooLong = (): Url => fail("url", `the url is longer than ${Template.MAX_LENGTH} characters`)

/** `name=value`, percent-encoded as `encodeURIComponent` does; `q` keeps its `+` (GitHub's search syntax). */
const pair = (name: string, value: string): Url => {
  const key = Template.encode(name, Template.COMPONENT)
  const text = name === "q" && value.includes("+") ? queryText(value) : Template.encode(value, Template.COMPONENT)
  return key !== undefined && text !== undefined
    ? E.right(`${key}=${text}`)
    : fail(shown(name), "a lone surrogate cannot be percent-encoded")
}

/** GitHub's search query: its `+`s kept, the rest encoded. */
const queryText = (q: string): string | undefined => {
  const parts = q.split("+").map((p) => Template.encode(p, Template.COMPONENT))
  return parts.includes(undefined) ? undefined : parts.join("+")
}

const notSent = (name: string, u: unknown): Url =>
  fail(
    shown(name),
    "cannot be sent as a query parameter: expected a string, finite number, boolean, bigint or an array of them, got " +
      kindOf(u),
  )

/** One parameter as query text: `""` for none; an array joined with `,`, or repeated as `name[]=a&name[]=b`. */
const queryPair = (name: string, value: unknown, reads: Template.Reads): Url => {
  const text = Template.textOf(value)
  if (text !== undefined || value === null) return text === undefined ? E.right("") : pair(name, text)
  const members = typeof value === "object" ? Template.definedMembers(value, name, reads) : undefined
  // a list, and no record: definedMembers reads both (Array.isArray may throw, for a revoked Proxy, inside it)
  if (members === undefined || E.isLeft(members)) return members ?? notSent(name, value)
  if (members.right === undefined || !members.right.list) return notSent(name, value)
  const texts: Array<string> = []
  let length = 0
  for (const [i, m] of members.right.entries) {
    const t = Template.textOf(m)
    if (t === undefined) return notSent(`${name}[${i}]`, m)
    if ((length += t.length + name.length + 2) > Template.MAX_LENGTH * 2) return tooLong()
    texts.push(t)
  }
  if (!name.endsWith("[]")) return pair(name, texts.join(","))
  const pairs: Array<string> = []
  for (const t of texts) {
    const p = pair(name, t)
    if (E.isLeft(p)) return p
    pairs.push(p.right)
  }
  return E.right(pairs.join("&"))
}

/** The url with the query of the parameters the template does not name, before any fragment. */
export const withQuery = (url: string, params: Params, names: ReadonlySet<string>, reads: Template.Reads): Url => {
  let query = ""
  for (const key of Object.keys(params)) {
    if (names.has(key)) continue
    const p = queryPair(key, params[key], reads)
    if (E.isLeft(p)) return p
    if (p.right !== "") query += (query === "" ? "" : "&") + p.right
    if (query.length > Template.MAX_LENGTH) return tooLong()
  }
  if (query === "") return url.length > Template.MAX_LENGTH ? tooLong() : E.right(url)
  const hash = url.indexOf("#")
  const base = hash < 0 ? url : url.slice(0, hash)
  const separator = !base.includes("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&"
  const whole = base + separator + query + (hash < 0 ? "" : url.slice(hash))
  return whole.length > Template.MAX_LENGTH ? tooLong() : E.right(whole)
}
