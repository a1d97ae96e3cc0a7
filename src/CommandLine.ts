/**
 * The `fp-endpoint` command line, as pure functions: `parseArgs` reads argv
 * into a command, `render` turns a command into output, `main` wires both to
 * streams and returns the exit code. httpie's conventions: `key=value` is a
 * string parameter, `key:=json` a raw JSON value, `name==value` a query
 * parameter, `Name:value` a header and `Name:` its removal. None of these
 * functions throws anything but `EndpointError`, whatever it is given.
 *
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import { endpoint } from "./Endpoint.js"
import { EndpointError, isEndpointError } from "./EndpointError.js"
import { toRequestInitEither } from "./Fetch.js"
import { attempt, chain, errorText, run, toEndpointError } from "./internal/either.js"
import { child, kindOf, quote, shown } from "./internal/describe.js"
import { encode, loneSurrogateAt, UNRESERVED } from "./internal/encode.js"
import { has, isArray, isDense, isPlainObject, own, put } from "./internal/object.js"
import { isToken } from "./internal/token.js"
import { isReserved } from "./Options.js"
import type { RequestOptions } from "./Parse.js"
import * as Template from "./Template.js"
import { VERSION } from "./version.js"

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

/**
 * What the command line was asked to do. A `Build` route carries the query
 * of the `name==value` items, already in its url.
 *
 * @example
 * import type { CommandLine } from "fp-endpoint"
 *
 * const c: CommandLine.Command = { _tag: "Build", route: "GET /user", options: {}, output: "curl" }
 * const v: CommandLine.Command = { _tag: "Version" }
 *
 * @since 0.1.0
 */
export type Command =
  | { readonly _tag: "Help" }
  | { readonly _tag: "Version" }
  | {
      readonly _tag: "Build"
      readonly route: string
      readonly options: { readonly [key: string]: unknown }
      readonly output: "json" | "merge" | "curl"
    }

/**
 * Usage text.
 *
 * @example
 * import { CommandLine } from "fp-endpoint"
 *
 * CommandLine.USAGE.startsWith("Usage: fp-endpoint") // true
 *
 * @since 0.1.0
 */
export const USAGE = `Usage: fp-endpoint [OPTION ...] METHOD URL [ITEM ...]
       fp-endpoint [OPTION ...] 'METHOD URL' [ITEM ...]
       fp-endpoint [OPTION ...] URL [ITEM ...]          (the method is GET)

Builds request options for a REST route and prints them as JSON. Sends nothing.

The route: 'METHOD URL' as one argument, or METHOD and URL as two. Two when
the first is one word (an HTTP method token, such as GET) and the second
starts with "/", "http://" or "https://". No item starts that way: such an
argument is always a URL, and anywhere else it is an error. A URL alone may be
one word (user, for /user), but not one in capitals: POST alone is a method,
and a url must follow it.
A {name} or :name placeholder in the path needs a value: owner=octokit.

Items (httpie's conventions):
  key=value      a string parameter                       title=Bug
  key:=json      a raw JSON parameter                     labels:='["bug"]'
  name==value    a query parameter, whatever the method   q==is:open
  Name:value     a header                                 'Authorization:token 0000'
  Name:          no such header, not even a default       User-Agent:
  Name;          a header with an empty value             X-Empty;
  A key given more than once (= or :=) is an array of its values, in order:
  labels=bug labels:='"ui"' sends "labels": ["bug", "ui"]. A name given more
  than once with == is repeated in the query: a==1 a==2 gives ?a=1&a=2. A
  header is one value: of Name:a Name:b, the last is sent.
  Use \\ before = or : to keep it literal in a key.

Options:
  --merge          print the merged options (defaults applied, url not expanded)
  --curl           print a curl command that sends the request (HEAD as
                   --head, a header with an empty value as -H 'Name;')
  --base-url URL   use URL as the base url (once)
  --version        print the version
  -h, --help       show this text
  --               no options after this: a route may then start with -

Examples:
  fp-endpoint GET /search/issues q==is:open per_page:=5
  fp-endpoint POST '/repos/{owner}/{repo}/issues' owner=octokit repo=rest.js title=Bug \\
    labels:='["bug"]' 'Authorization:token 0000'

Exit codes: 0 done, 1 the output could not be written, 2 invalid input (the
reason is printed on stderr).
`

// -------------------------------------------------------------------------------------
// parsing
// -------------------------------------------------------------------------------------

type Item =
  | { readonly _tag: "Param"; readonly key: string; readonly value: unknown }
  | { readonly _tag: "Query"; readonly name: string; readonly value: string }
  | { readonly _tag: "Header"; readonly name: string; readonly value: string | null }

/** Splits one item at its first unescaped `=`, `==`, `:=` or `:`, or reads `Name;`. */
const parseItem = (arg: string): Item => {
  let key = ""
  for (let i = 0; i < arg.length; i++) {
    const c = arg.charAt(i)
    const next = arg.charAt(i + 1)
    if (c === "\\" && (next === "=" || next === ":" || next === "\\")) {
      key += next
      i++
    } else if (c === "=" || c === ":" || (c === ";" && i === arg.length - 1)) {
      return itemAt(nonEmpty(key, arg), c, arg.slice(i + 1))
    } else {
      key += c
    }
  }
  throw new EndpointError(
    "argv",
    `${quote(arg)} is not key=value, key:=json, name==value or Name:value (a url starts with "/", "http://" or "https://")`,
  )
}

/** The item whose key ends at separator `c`, `rest` following it. */
const itemAt = (key: string, c: string, rest: string): Item => {
  if (c === ";") return { _tag: "Header", name: key, value: "" }
  if (c === "=") {
    return rest.startsWith("=") ? { _tag: "Query", name: key, value: rest.slice(1) } : { _tag: "Param", key, value: rest }
  }
  if (rest.startsWith("=")) return { _tag: "Param", key, value: parseJson(key, rest.slice(1)) }
  return { _tag: "Header", name: key, value: rest === "" ? null : rest }
}

const parseJson = (key: string, text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch (e) {
    const why = e instanceof SyntaxError ? "invalid JSON" : `JSON that cannot be read (${errorText(e) ?? kindOf(e)})`
    throw new EndpointError(shown(key), `${why} after ":=": ${quote(text)}`)
  }
}

const nonEmpty = (key: string, arg: string): string => {
  if (key === "") throw new EndpointError("argv", `${quote(arg)} has an empty name`)
  return key
}

/** Whether an argument is a url: it starts with `/`, `http://` or `https://` (any case). No item does. */
const isUrl = (arg: string): boolean => arg.startsWith("/") || /^https?:\/\//i.test(arg)

/** `name=value` percent-encoded as RFC 6570's `{?name}` encodes it: everything but unreserved characters. */
const queryPair = (name: string, value: string): string => {
  const k = encode(name, UNRESERVED)
  const v = encode(value, UNRESERVED)
  if (k === undefined) throw new EndpointError(shown(name), `lone surrogate at index ${loneSurrogateAt(name)} in a query name`)
  if (v === undefined) throw new EndpointError(shown(name), `lone surrogate at index ${loneSurrogateAt(value)} cannot be percent-encoded`)
  return `${k}=${v}`
}

/**
 * A url template with `query` (encoded pairs) added to its query: before a
 * `{?…}` or `{&…}` expression (which becomes `{&…}`), else at the end of the
 * query or path, before any fragment. Text only: a url that endpoint would
 * refuse stays refused (one with an unclosed `{` is left as it is).
 */
const insertQuery = (url: string, query: string): string => {
  let literal = false // a literal "?" came before
  for (let i = 0; i < url.length; i++) {
    const c = url.charAt(i)
    if (c === "#" || (c === "{" && url.charAt(i + 1) === "#")) return joinQuery(url, i, literal, query)
    if (c === "?") literal = true
    if (c !== "{") continue
    const op = url.charAt(i + 1)
    if ((op === "?" || op === "&") && !literal) return `${url.slice(0, i)}?${query}{&${url.slice(i + 2)}`
    const close = url.indexOf("}", i)
    if (close < 0) return url // an unclosed "{": endpoint refuses this url, with its own message
    i = close
  }
  return joinQuery(url, url.length, literal, query)
}

const joinQuery = (url: string, at: number, literal: boolean, query: string): string => {
  const before = url.slice(0, at)
  const separator = !literal ? "?" : before.endsWith("?") || before.endsWith("&") ? "" : "&"
  return before + separator + query + url.slice(at)
}

const isSpace = (c: string): boolean => c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f" || c === "\v"

/** The route with the query added to its url, its last word. */
const withQuery = (route: string, query: string): string => {
  let end = route.length
  while (end > 0 && isSpace(route.charAt(end - 1))) end--
  let start = end
  while (start > 0 && !isSpace(route.charAt(start - 1))) start--
  if (start === end) throw new EndpointError("route", 'expected "<METHOD> <URL>", got an empty route')
  return route.slice(0, start) + insertQuery(route.slice(start, end), query) + route.slice(end)
}

/** Real argv holds far fewer: Linux caps the arguments of a process at a few megabytes. */
const MAX_ARGS = 1_000_000

/** A copy of argv, every element checked to be a string; a Proxy's traps run here, once. */
const readArgv = (argv: unknown): Array<string> => {
  try {
    if (!isArray(argv)) throw new EndpointError("argv", `expected an array of strings, got ${kindOf(argv)}`)
    const n: unknown = argv.length
    if (typeof n !== "number" || !(n >= 0 && n <= MAX_ARGS)) throw new EndpointError("argv", `expected at most ${MAX_ARGS} arguments`)
    const out: Array<string> = []
    for (let i = 0; i < n; i++) {
      const arg: unknown = argv[i]
      if (typeof arg !== "string") throw new EndpointError(`argv[${i}]`, `expected a string, got ${kindOf(arg)}`)
      out.push(arg)
    }
    return out
  } catch (e) {
    throw toEndpointError(e, "argv")
  }
}

interface State {
  flags: boolean // options are still read (no "--" yet)
  output: "json" | "merge" | "curl"
  baseUrl: string | undefined
  route: string | undefined
  urlMayFollow: boolean // the route so far is a method alone, and nothing followed it
  readonly params: Map<string, Array<unknown>>
  readonly headers: Record<string, string | null>
  headerCount: number
  readonly query: Array<string>
}

/** Reads one option; `"Help"` or `"Version"` ends the parse, `"next"` consumed the next argument. */
const readFlag = (s: State, arg: string, next: string | undefined): "Help" | "Version" | "next" | undefined => {
  if (arg === "--") s.flags = false
  else if (arg === "-h" || arg === "--help") return "Help"
  else if (arg === "--version") return "Version"
  else if (arg === "--merge" || arg === "--curl") {
    const wanted = arg === "--merge" ? "merge" : "curl"
    if (s.output !== "json" && s.output !== wanted) throw new EndpointError("argv", "--merge and --curl cannot be combined")
    s.output = wanted
  } else if (arg === "--base-url" || arg.startsWith("--base-url=")) {
    const url = arg === "--base-url" ? next : arg.slice("--base-url=".length)
    if (url === undefined) throw new EndpointError("argv", "--base-url needs a URL")
    if (s.baseUrl !== undefined) throw new EndpointError("argv", "--base-url given twice")
    s.baseUrl = url
    if (arg === "--base-url") return "next"
  } else throw new EndpointError("argv", `unknown option ${quote(arg)} (see --help)`)
  return undefined
}

/** Reads the route, the url after a method given alone, or an item. */
const readPositional = (s: State, arg: string): void => {
  const afterMethod = s.urlMayFollow
  s.urlMayFollow = false
  if (s.route === undefined) {
    s.route = arg
    s.urlMayFollow = isToken(arg)
  } else if (isUrl(arg)) {
    if (!afterMethod) {
      throw new EndpointError("argv", `${quote(arg)} is a url, which goes right after the method (GET /user) or in the route ('GET /user')`)
    }
    s.route = `${s.route} ${arg}`
  } else {
    const item = parseItem(arg)
    if (item._tag === "Query") s.query.push(queryPair(item.name, item.value))
    else if (item._tag === "Header") {
      put(s.headers, item.name, item.value)
      s.headerCount++
    } else {
      const values = s.params.get(item.key)
      if (values === undefined) s.params.set(item.key, [item.value])
      else values.push(item.value)
    }
  }
}

/**
 * Whether a route is a method alone: one word in capitals (`POST`), which as a
 * url would be read as the path `/POST`. A lowercase word (`user`) is a url.
 */
const isMethodAlone = (route: string): boolean => /^[A-Z]+$/.test(route)

/** The options of the command: a key given once is its value, more than once an array of its values. */
const build = (s: State): Command => {
  if (s.route === undefined) throw new EndpointError("route", "required (see --help)")
  if (isMethodAlone(s.route)) {
    throw new EndpointError("route", `${quote(s.route)} is a method; a url must follow it (fp-endpoint ${s.route} /path ...)`)
  }
  const options: Record<string, unknown> = {}
  for (const [key, values] of s.params) put(options, key, values.length === 1 ? values[0] : values)
  if (s.headerCount > 0) putOnce(options, "headers", s.headers, "Name:value items")
  if (s.baseUrl !== undefined) putOnce(options, "baseUrl", s.baseUrl, "--base-url")
  const route = s.query.length === 0 ? s.route : withQuery(s.route, s.query.join("&"))
  return { _tag: "Build", route, options, output: s.output }
}

const putOnce = (o: Record<string, unknown>, key: string, value: unknown, how: string): void => {
  if (has(o, key)) throw new EndpointError(key, `given both as an item and by ${how}`)
  put(o, key, value)
}

/**
 * Reads the arguments (without `node` and the script) into a command. Never
 * throws: anything wrong with `argv` (not an array, a non-string, a Proxy
 * whose traps throw) is an `EndpointError` in a `Left`.
 *
 * @example
 * import { CommandLine } from "fp-endpoint"
 *
 * CommandLine.parseArgs(["GET", "/orgs/{org}/repos", "org=octokit", "per_page:=2", "q==a b", "Accept:application/json"])
 * // right({ _tag: "Build", route: "GET /orgs/{org}/repos?q=a%20b", output: "json",
 * //         options: { org: "octokit", per_page: 2, headers: { Accept: "application/json" } } })
 *
 * @since 0.1.0
 */
export const parseArgs = (argv: ReadonlyArray<string>): Either<EndpointError, Command> =>
  attempt((): Command => {
    const args = readArgv(argv)
    const s: State = {
      flags: true, output: "json", baseUrl: undefined, route: undefined, urlMayFollow: false,
      params: new Map(), headers: {}, headerCount: 0, query: [],
    }
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!
      if (!s.flags || !arg.startsWith("-") || arg === "-") {
        readPositional(s, arg)
        continue
      }
      const flag = readFlag(s, arg, args[i + 1])
      if (flag === "Help" || flag === "Version") return { _tag: flag }
      if (flag === "next") i++
    }
    return build(s)
  })

// -------------------------------------------------------------------------------------
// rendering
// -------------------------------------------------------------------------------------

/**
 * Single-quotes a word for a POSIX shell (sh, dash, bash, ksh, zsh). Inside
 * single quotes nothing is special (not `$`, a backquote, `\`, a newline, nor
 * `!`: bash's history expansion does not look inside single quotes), so the
 * only character to handle is `'` itself, written `'\''` (close the quotes, an
 * escaped quote, reopen). Not for fish, PowerShell or cmd.exe.
 */
const shellQuote = (s: string): string => "'" + s.split("'").join("'\\''") + "'"

/**
 * One value of the printed command, quoted. An argument cannot carry NUL (a C
 * string ends there, and shells drop it or cut the word), so a value with a
 * NUL is an EndpointError naming the field, not a command that would send
 * something else. endpoint never puts NUL in a method, url or header; a string
 * body can hold one.
 */
const shellArgument = (field: string, s: string): string => {
  if (s.includes("\0")) throw new EndpointError(field, "contains NUL, which a command-line argument cannot carry")
  return shellQuote(s)
}

/** Whether a header value is all whitespace as curl sees it (its ISSPACE), or empty: curl drops `name: ` then. */
const isBlank = (value: string): boolean => /^[ \t\n\v\f\r]*$/.test(value)

/**
 * The body as text, as fetch would send it (`toRequestInit`'s rules): a
 * string as it is, anything else as JSON. A bigint, a cycle or a throwing
 * `toJSON` is an EndpointError naming the field (`body.a`); so is a binary or
 * form body, which is no command-line argument.
 */
const bodyText = (body: unknown): string => {
  if (typeof body === "string") return body
  const init = toRequestInitEither({ method: "POST", url: "", headers: { "content-type": "application/json" }, body })
  if (init._tag === "Left") throw init.left
  const text = init.right[1].body
  if (typeof text !== "string") throw new EndpointError("body", `a ${kindOf(body)} body cannot be written as a curl argument`)
  return text
}

/**
 * A curl command that sends the request, for a POSIX shell:
 * `curl -X 'METHOD' --url 'URL' -H 'name: value' ... --data-raw 'BODY'`.
 * Two exceptions, curl's own ways: HEAD (in any case) is `--head`, since with
 * `-X 'HEAD'` curl waits for a response body that never comes; and a header
 * whose value is empty or blank is `-H 'name;'`, since curl sends no header
 * for `-H 'name: '` (a blank value is sent empty, as fetch trims it).
 * Every value is single-quoted, the method included, and follows the option
 * that takes it (curl reads the next argument as that option's value, whatever
 * it starts with); the url goes through `--url`, so a url starting with `-` is
 * a url, not an option. It trusts its types: `r` is what `endpoint` returns,
 * and header names and values are not checked again, only for the NUL that no
 * argument can carry. Whatever `r` is, it throws an EndpointError and nothing
 * else: for a NUL, for a body that cannot be JSON (a bigint, a cycle), or for
 * an `r` that is no request options at all.
 *
 * @example
 * import { CommandLine, endpoint } from "fp-endpoint"
 *
 * CommandLine.toCurl(endpoint("GET /user"))
 * // "curl -X 'GET' --url 'https://api.github.com/user' -H 'accept: application/vnd.github.v3+json' -H 'user-agent: fp-endpoint/0.1.0'"
 * CommandLine.toCurl(endpoint("POST /x", { a: 1n })) // throws EndpointError: body.a: a bigint cannot be serialised as JSON
 *
 * @since 0.1.0
 */
export const toCurl = (r: RequestOptions): string =>
  run(() => {
    const method = r.method.toUpperCase()
    const words = ["curl", ...(method === "HEAD" ? ["--head"] : ["-X", shellArgument("method", method)])]
    words.push("--url", shellArgument("url", r.url))
    const headers = r.headers
    for (const name of Object.keys(headers)) {
      const value = `${headers[name]}`
      words.push("-H", shellArgument(child("headers", name), isBlank(value) ? `${name};` : `${name}: ${value}`))
    }
    const body = r.body
    if (body !== undefined) words.push("--data-raw", shellArgument("body", bodyText(body)))
    return words.join(" ")
  })

/**
 * A bigint is printed as a string of its digits (JSON has no bigint); a sparse
 * array is refused, since JSON would write every hole of its declared length.
 */
const printable = (key: string, value: unknown): unknown => {
  if (typeof value === "bigint") return value.toString()
  if (isArray(value) && !isDense(value)) throw new EndpointError(key, "a sparse array (with holes) cannot be printed as JSON")
  return value
}

/** JSON for the terminal; what cannot be printed (a cycle, a throwing `toJSON`) is an EndpointError naming its key. */
const printed = (value: object): string => {
  try {
    return JSON.stringify(value, printable, 2)
  } catch (e) {
    if (isEndpointError(e)) throw e
    const key = Object.keys(value).find((k) => {
      try {
        JSON.stringify((value as Record<string, unknown>)[k], printable)
        return false
      } catch {
        return true
      }
    })
    throw new EndpointError(child("", key ?? ""), `cannot be printed as JSON (${errorText(e) ?? kindOf(e)})`)
  }
}

/** Undefined as RFC 6570 §2.3 has it: undefined, null, an empty list or an empty object. Expands to nothing. */
const isUndefinedValue = (v: unknown): boolean =>
  v === undefined || v === null || (isArray(v) && v.length === 0) || (isPlainObject(v) && Object.keys(v).length === 0)

/**
 * Refuses merged options whose url has a path placeholder (`{name}`,
 * `{+name}` or `:name` before the query) without a value: on a command line
 * the route is written by hand, so an empty path segment is a mistake.
 */
const requirePlaceholders = (merged: { readonly [key: string]: unknown }): void => {
  const url = own(merged, "url")
  if (typeof url !== "string") return
  const t = Template.parse(url, "route")
  if (t._tag === "Left") throw t.left
  const missing: Array<string> = []
  for (const part of t.right.parts) {
    if (typeof part === "string" || !part.inPath || (part.operator !== "" && part.operator !== "+")) continue
    for (const { name } of part.variables) {
      if (!missing.includes(name) && isUndefinedValue(isReserved(name) ? undefined : own(merged, name))) missing.push(name)
    }
  }
  if (missing.length > 0) {
    throw new EndpointError("", `missing parameter${missing.length > 1 ? "s" : ""}: ${missing.map(shown).join(", ")}`)
  }
}

/**
 * Runs a command: the text to print on stdout. Never throws: whatever
 * `command` is (a hand-built object, a Proxy), a failure is an
 * `EndpointError` in a `Left`. A path placeholder without a value is one:
 * `missing parameter: owner`.
 *
 * @example
 * import { CommandLine } from "fp-endpoint"
 *
 * CommandLine.render({ _tag: "Build", route: "GET /user", options: {}, output: "curl" })
 * // right("curl -X 'GET' --url 'https://api.github.com/user' ...")
 * CommandLine.render({ _tag: "Build", route: "GET /users/{user}", options: {}, output: "json" })
 * // left(EndpointError: missing parameter: user)
 *
 * @since 0.1.0
 */
export const render = (command: Command): Either<EndpointError, string> =>
  attempt(() => {
    if (typeof command !== "object" || command === null) throw new EndpointError("command", `expected a command, got ${kindOf(command)}`)
    const tag: unknown = command._tag
    if (tag === "Help") return USAGE
    if (tag === "Version") return VERSION
    if (tag !== "Build") throw new EndpointError("_tag", `expected "Help", "Version" or "Build", got ${kindOf(tag)}`)
    const { route, options, output } = command as Extract<Command, { readonly _tag: "Build" }>
    if (typeof route !== "string") throw new EndpointError("route", `expected a string, got ${kindOf(route)}`)
    if (output !== "json" && output !== "merge" && output !== "curl") {
      throw new EndpointError("output", `expected "json", "merge" or "curl", got ${kindOf(output)}`)
    }
    const merged = endpoint.merge(route, options)
    requirePlaceholders(merged)
    if (output === "merge") return printed(merged)
    const result = endpoint(route, options)
    return output === "curl" ? toCurl(result) : printed(result)
  })

/** Calls one of `io`'s writers; false when it throws. */
const write = (io: unknown, stream: "stdout" | "stderr", text: string): boolean => {
  try {
    ;(io as Record<typeof stream, (text: string) => void>)[stream](text)
    return true
  } catch {
    return false
  }
}

/**
 * The whole command line: parses, renders, writes, and returns the exit code:
 * 0, 1 when the output could not be written (a writer threw), or 2 for
 * invalid input with the reason on stderr and no stack trace. Never throws,
 * whatever `argv` and `io` are.
 *
 * @example
 * import { CommandLine } from "fp-endpoint"
 *
 * const code = CommandLine.main(["GET", "/user"], {
 *   stdout: (s) => process.stdout.write(s),
 *   stderr: (s) => process.stderr.write(s),
 * }) // 0
 *
 * @since 0.1.0
 */
export const main = (
  argv: ReadonlyArray<string>,
  io: { readonly stdout: (text: string) => void; readonly stderr: (text: string) => void },
): number => {
  const outcome = chain(parseArgs(argv), render)
  if (outcome._tag === "Left") {
    write(io, "stderr", `fp-endpoint: ${toEndpointError(outcome.left).message}\n`)
    return 2
  }
  if (write(io, "stdout", outcome.right.endsWith("\n") ? outcome.right : outcome.right + "\n")) return 0
  write(io, "stderr", "fp-endpoint: writing the output failed\n")
  return 1
}
