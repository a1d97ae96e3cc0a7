/**
 * The `fp-endpoint` command line, as pure functions: `parseArgs` reads argv into a command, `render` turns a
 * command into output, `main` wires both to streams and returns the exit code. httpie's conventions: `key=value`
 * is a string parameter, `key:=json` a raw JSON value, `name==value` a query parameter, `Name:value` a header and
 * `Name:` its removal. None of these functions throws anything but `EndpointError`, whatever it is given.
 *
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import { endpoint } from "./Endpoint.js"
import { EndpointError, isEndpointError } from "./EndpointError.js"
import { toRequestInitEither } from "./Fetch.js"
import { attempt, chain, errorText, orThrow, run, toEndpointError } from "./internal/either.js"
import { child, kindOf, quote, shown } from "./internal/describe.js"
import { encode, loneSurrogateAt, UNRESERVED } from "./internal/encode.js"
import { has, isArray, isDense, isPlainObject, own, put } from "./internal/object.js"
import { isToken } from "./internal/token.js"
import { isReserved } from "./Options.js"
import type { RequestOptions } from "./Parse.js"
import * as Template from "./Template.js"
import { VERSION } from "./version.js"


/**
 * What the command line was asked to do. A `Build` route carries the query of the `name==value` items, in its url.
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
  | { readonly _tag: "Build"; readonly route: string; readonly options: { readonly [key: string]: unknown }; readonly output: "json" | "merge" | "curl" }

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

const MAX_ARGS = 1_000_000 // real argv holds far fewer: Linux caps the arguments of a process at a few megabytes

/** A copy of argv, every element checked to be a string; a Proxy's traps run here, once. */
const readArgv = (argv: unknown): Array<string> => {
  try {
    if (!isArray(argv)) throw new EndpointError("argv", `expected an array of strings, got ${kindOf(argv)}`)
    const n: unknown = argv.length
    if (typeof n !== "number" || !(n >= 0 && n <= MAX_ARGS)) throw new EndpointError("argv", `expected at most ${MAX_ARGS} arguments`)
    return Array.from({ length: n }, (_, i): string => {
      const arg: unknown = argv[i]
      if (typeof arg !== "string") throw new EndpointError(`argv[${i}]`, `expected a string, got ${kindOf(arg)}`)
      return arg
    })
  } catch (e) {
    throw toEndpointError(e, "argv")
  }
}

/** Every field is set from the start: a polluted Object.prototype must not answer for a missing one. */
interface State {
  flags: boolean // options are still read (no "--" yet)
  output: "json" | "merge" | "curl"
  baseUrl: string | undefined
  route: string | undefined
  urlMayFollow: boolean // the route so far is a method alone, and nothing followed it
  readonly params: Map<string, Array<unknown>> // a Map keeps the order of keys such as "1" and "0"
  headers: Record<string, string | null> | undefined
  readonly query: Array<string>
}

/** Reads one argument: the command that ends the parse (help, version), else how many arguments it took after itself. */
const readArg = (s: State, arg: string, next: string | undefined): Command | number => {
  if (!s.flags || !arg.startsWith("-") || arg === "-") readPositional(s, arg)
  else if (arg === "-h" || arg === "--help") return { _tag: "Help" }
  else if (arg === "--version") return { _tag: "Version" }
  else if (arg === "--") s.flags = false
  else if (arg === "--merge" || arg === "--curl") {
    const wanted = arg === "--merge" ? "merge" : "curl"
    if (s.output !== "json" && s.output !== wanted) throw new EndpointError("argv", "--merge and --curl cannot be combined")
    s.output = wanted
  } else if (arg === "--base-url" || arg.startsWith("--base-url=")) {
    const url = arg === "--base-url" ? next : arg.slice("--base-url=".length)
    if (url === undefined) throw new EndpointError("argv", "--base-url needs a URL")
    if (s.baseUrl !== undefined) throw new EndpointError("argv", "--base-url given twice")
    s.baseUrl = url
    return arg === "--base-url" ? 1 : 0
  } else throw new EndpointError("argv", `unknown option ${quote(arg)} (see --help)`)
  return 0
}

/** Whether an argument is a url: it starts with `/`, `http://` or `https://` (any case). No item does. */
const isUrl = (arg: string): boolean => arg.startsWith("/") || /^https?:\/\//i.test(arg)

/** Reads the route, the url after a method given alone, or an item. */
const readPositional = (s: State, arg: string): void => {
  const afterMethod = s.urlMayFollow
  s.urlMayFollow = s.route === undefined && isToken(arg)
  if (s.route === undefined) s.route = arg
  else if (!isUrl(arg)) readItem(s, arg)
  else if (afterMethod) s.route = `${s.route} ${arg}`
  else throw new EndpointError("argv", `${quote(arg)} is a url, which goes right after the method (GET /user) or in the route ('GET /user')`)
}

/** Splits one item at its first unescaped `=`, `==`, `:=` or `:`, or reads `Name;`. */
const readItem = (s: State, arg: string): void => {
  let key = ""
  for (let i = 0; i < arg.length; i++) {
    const c = arg.charAt(i)
    const next = arg.charAt(i + 1)
    if (c === "\\" && (next === "=" || next === ":" || next === "\\")) key += arg.charAt(++i)
    else if (c === "=" || c === ":" || (c === ";" && i === arg.length - 1)) {
      if (key === "") throw new EndpointError("argv", `${quote(arg)} has an empty name`)
      return addItem(s, key, c, arg.slice(i + 1))
    } else key += c
  }
  const forms = 'key=value, key:=json, name==value or Name:value (a url starts with "/", "http://" or "https://")'
  throw new EndpointError("argv", `${quote(arg)} is not ${forms}`)
}

/** Adds the item whose key ends at separator `c`, `rest` following it. */
const addItem = (s: State, key: string, c: string, rest: string): void => {
  if (c === "=" && rest.startsWith("=")) return void s.query.push(queryPair(key, rest.slice(1)))
  if (c === ";" || (c === ":" && !rest.startsWith("="))) return put((s.headers ??= {}), key, c === ";" ? "" : rest || null)
  const value = c === "=" ? rest : parseJson(key, rest.slice(1))
  if (s.params.get(key)?.push(value) === undefined) s.params.set(key, [value]) // the key's first value
}

const parseJson = (key: string, text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch (e) {
    const why = e instanceof SyntaxError ? "invalid JSON" : `JSON that cannot be read (${errorText(e) ?? kindOf(e)})`
    throw new EndpointError(shown(key), `${why} after ":=": ${quote(text)}`)
  }
}

/** `name=value` percent-encoded as RFC 6570's `{?name}` encodes it: everything but unreserved characters. */
const queryPair = (name: string, value: string): string => {
  const k = encode(name, UNRESERVED)
  const v = encode(value, UNRESERVED)
  if (k === undefined) throw new EndpointError(shown(name), `lone surrogate at index ${loneSurrogateAt(name)} in a query name`)
  if (v === undefined) throw new EndpointError(shown(name), `lone surrogate at index ${loneSurrogateAt(value)} cannot be percent-encoded`)
  return `${k}=${v}`
}

/**
 * A url template with `query` (encoded pairs) added: before a `{?…}` or `{&…}` (which becomes `{&…}`), else at the
 * end of the query or path, before any fragment. Text only: a url that endpoint refuses stays refused.
 */
const insertQuery = (url: string, query: string): string => {
  let literal = false // a literal "?" came before
  let at = 0 // where the query ends: a fragment or the end
  for (; at < url.length; at++) {
    const c = url.charAt(at)
    if (c === "#" || (c === "{" && url.charAt(at + 1) === "#")) break
    if (c === "?") literal = true
    if (c !== "{") continue
    const op = url.charAt(at + 1)
    if ((op === "?" || op === "&") && !literal) return `${url.slice(0, at)}?${query}{&${url.slice(at + 2)}`
    const close = url.indexOf("}", at)
    if (close < 0) return url // endpoint refuses this url, with its own message
    at = close
  }
  const before = url.slice(0, at)
  const separator = !literal ? "?" : before.endsWith("?") || before.endsWith("&") ? "" : "&"
  return before + separator + query + url.slice(at)
}

const isSpace = (c: string): boolean => /[ \t\n\v\f\r]/.test(c)

/** The route with the query added to its url, its last word. */
const withQuery = (route: string, query: string): string => {
  let end = route.length
  while (end > 0 && isSpace(route.charAt(end - 1))) end--
  let start = end
  while (start > 0 && !isSpace(route.charAt(start - 1))) start--
  if (start === end) throw new EndpointError("route", 'expected "<METHOD> <URL>", got an empty route')
  return route.slice(0, start) + insertQuery(route.slice(start, end), query) + route.slice(end)
}

/** The options of the command: a key given once is its value, more than once an array of its values. */
const build = (s: State): Command => {
  if (s.route === undefined) throw new EndpointError("route", "required (see --help)")
  // one word in capitals (POST) is a method alone, which as a url would be the path /POST; a lowercase word (user) is a url
  if (/^[A-Z]+$/.test(s.route)) throw new EndpointError("route", `${quote(s.route)} is a method; a url must follow it (fp-endpoint ${s.route} /path ...)`)
  const options: Record<string, unknown> = {}
  for (const [key, values] of s.params) put(options, key, values.length === 1 ? values[0] : values)
  for (const [key, value, how] of [["headers", s.headers, "Name:value items"], ["baseUrl", s.baseUrl, "--base-url"]] as const) {
    if (value === undefined) continue
    if (has(options, key)) throw new EndpointError(key, `given both as an item and by ${how}`)
    put(options, key, value)
  }
  const route = s.query.length === 0 ? s.route : withQuery(s.route, s.query.join("&"))
  return { _tag: "Build", route, options, output: s.output }
}

/**
 * Reads the arguments (without `node` and the script) into a command. Never throws: anything wrong with `argv`
 * (not an array, a non-string, a Proxy whose traps throw) is an `EndpointError` in a `Left`.
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
      params: new Map(), headers: undefined, query: [],
    }
    for (let i = 0; i < args.length; i++) {
      const read = readArg(s, args[i]!, args[i + 1])
      if (typeof read === "object") return read
      i += read
    }
    return build(s)
  })

/**
 * A value single-quoted for a POSIX shell (not fish, PowerShell or cmd.exe), where nothing inside single quotes is
 * special but `'`, written `'\''`. No argument can carry NUL (a C string ends there): that is an EndpointError.
 */
const shellArgument = (field: string, s: string): string => {
  if (s.includes("\0")) throw new EndpointError(field, "contains NUL, which a command-line argument cannot carry")
  return "'" + s.split("'").join("'\\''") + "'"
}

/** The body as fetch sends it (a string as it is, else JSON); a bigint, a cycle or a binary or form body is an EndpointError. */
const bodyText = (body: unknown): string => {
  if (typeof body === "string") return body
  const text = orThrow(toRequestInitEither({ method: "POST", url: "", headers: { "content-type": "application/json" }, body }))[1].body
  if (typeof text !== "string") throw new EndpointError("body", `a ${kindOf(body)} body cannot be written as a curl argument`)
  return text
}

/**
 * A curl command that sends the request, for a POSIX shell:
 * `curl -X 'METHOD' --url 'URL' -H 'name: value' ... --data-raw 'BODY'`, every value single-quoted
 * (`--url` keeps a url starting with `-` a url). HEAD is `--head` (with `-X 'HEAD'` curl awaits a body), and a
 * header with an empty or blank value is `-H 'name;'` (curl drops `-H 'name: '`). Throws an EndpointError and
 * nothing else: for a NUL, a body that cannot be JSON, or an `r` that is no request options.
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
    const words = ["curl", ...(method === "HEAD" ? ["--head"] : ["-X", shellArgument("method", method)]), "--url", shellArgument("url", r.url)]
    const headers = r.headers
    for (const name of Object.keys(headers)) {
      const value = `${headers[name]}`
      words.push("-H", shellArgument(child("headers", name), /^[ \t\n\v\f\r]*$/.test(value) ? `${name};` : `${name}: ${value}`)) // curl drops a blank value
    }
    const body = r.body
    if (body !== undefined) words.push("--data-raw", shellArgument("body", bodyText(body)))
    return words.join(" ")
  })

/** A bigint prints as its digits (JSON has none); a sparse array is refused, as JSON would write every hole. */
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
    const key = Object.keys(value).find((k) => attempt(() => JSON.stringify((value as Record<string, unknown>)[k], printable))._tag === "Left")
    throw new EndpointError(child("", key ?? ""), `cannot be printed as JSON (${errorText(e) ?? kindOf(e)})`)
  }
}

/** Undefined as RFC 6570 §2.3 has it: undefined, null, an empty list or an empty object. Expands to nothing. */
const isUndefinedValue = (v: unknown): boolean =>
  v === undefined || v === null || (isArray(v) && v.length === 0) || (isPlainObject(v) && Object.keys(v).length === 0)

/** Refuses a path placeholder (`{name}`, `{+name}`, `:name`) without a value: on a command line that is a mistake. */
const requirePlaceholders = (merged: { readonly [key: string]: unknown }): void => {
  const url = own(merged, "url")
  if (typeof url !== "string") return
  const missing = new Set<string>()
  for (const part of orThrow(Template.parse(url, "route")).parts) {
    if (typeof part === "string" || !part.inPath || (part.operator !== "" && part.operator !== "+")) continue
    for (const { name } of part.variables) if (isUndefinedValue(isReserved(name) ? undefined : own(merged, name))) missing.add(name)
  }
  if (missing.size > 0) throw new EndpointError("", `missing parameter${missing.size > 1 ? "s" : ""}: ${[...missing].map(shown).join(", ")}`)
}

/**
 * Runs a command: the text to print on stdout. Never throws: whatever `command` is (a hand-built object, a Proxy),
 * a failure is an `EndpointError` in a `Left`. A path placeholder without a value is one: `missing parameter: owner`.
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
    if (!["json", "merge", "curl"].includes(output)) throw new EndpointError("output", `expected "json", "merge" or "curl", got ${kindOf(output)}`)
    const merged = endpoint.merge(route, options)
    requirePlaceholders(merged)
    if (output === "merge") return printed(merged)
    const result = endpoint(route, options)
    return output === "curl" ? toCurl(result) : printed(result)
  })

const write = (io: unknown, stream: "stdout" | "stderr", text: string): boolean =>
  attempt(() => (io as Record<typeof stream, (text: string) => void>)[stream](text))._tag === "Right"

/**
 * The whole command line: parses, renders, writes, and returns the exit code: 0, 1 when the output could not be
 * written (a writer threw), or 2 for invalid input with the reason on stderr and no stack trace. Never throws.
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
export const main = (argv: ReadonlyArray<string>, io: { readonly stdout: (text: string) => void; readonly stderr: (text: string) => void }): number => {
  const outcome = chain(parseArgs(argv), render)
  if (outcome._tag === "Left") {
    write(io, "stderr", `fp-endpoint: ${toEndpointError(outcome.left).message}\n`)
    return 2
  }
  if (write(io, "stdout", outcome.right.endsWith("\n") ? outcome.right : outcome.right + "\n")) return 0
  write(io, "stderr", "fp-endpoint: writing the output failed\n")
  return 1
}
