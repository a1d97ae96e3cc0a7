/** The `fp-endpoint` command line as pure functions: `parseArgs` reads argv into a command, `render` turns a command
 * into output, `main` wires both to streams and returns the exit code. Whatever they are given, nothing but an
 * `EndpointError` is ever thrown.
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import { endpoint, type Merged } from "./Endpoint.js"
import { EndpointError, isEndpointError } from "./EndpointError.js"
import { curlArgs, type FetchInit } from "./Fetch.js"
import { urlTooLong, withQuery } from "./internal/build.js"
import { aKind, child, kindOf, quote, shown } from "./internal/describe.js"
import { attempt, chain, describeError, fail, orThrow, right, run, toEndpointError, tryCatch } from "./internal/either.js"
import { changedNumber, jsonBudget, TOO_MUCH_JSON, withControlsEscaped } from "./internal/json.js"
import { has, hasValueOnce, isArray, membersOf, own, put, tabulate } from "./internal/object.js"
import { pairOf } from "./internal/query.js"
import { isToken } from "./internal/token.js"
import { isReserved } from "./Options.js"
import type { RequestOptions } from "./Parse.js"
import * as Template from "./Template.js"
import { VERSION } from "./version.js"

/** What the command line was asked to do. A `Build` carries the query of the `name==value` items (encoded pairs), which
 * goes into the url after expansion, as `endpoint()` adds a GET's query (so `--merge` refuses it).
 * @example
 * import type { CommandLine } from "fp-endpoint"
 * const c: CommandLine.Command = { _tag: "Build", route: "GET /user", options: {}, output: "curl" }
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
    readonly query?: string
  }

type Build = Extract<Command, { readonly _tag: "Build" }>

/** The text `--help` prints.
 * @example
 * import { CommandLine } from "fp-endpoint"
 * CommandLine.USAGE.startsWith("Usage: fp-endpoint") // true
 * @since 0.1.0
 */
export const USAGE = `Usage: fp-endpoint [OPTION ...] METHOD URL [ITEM ...]
       fp-endpoint [OPTION ...] 'METHOD URL' [ITEM ...]
       fp-endpoint [OPTION ...] URL [ITEM ...]          (the method is GET)

Prints the request options of a REST route as JSON; sends nothing. METHOD URL
may be two arguments when URL starts with "/", "http://" or "https://", as no
item does. A lowercase word alone (user) is a url, but POST alone is a method:
a url must follow it. Path placeholders ({owner}, :owner) need values.

Items (httpie's conventions):
  key=value      a string parameter                       title=Bug
  key:=json      a raw JSON parameter                     labels:='["bug"]'
  name==value    a query parameter, whatever the method   q==is:open
  Name:value     a header                                 'Authorization:token 0000'
  Name:          no such header, not even a default       User-Agent:
  Name;          a header with an empty value             X-Empty;
  A key given more than once is an array of its values, in order; a name==
  given more than once is repeated in the query. \\ keeps = or : in a key.

Options:
  --merge          print the merged options (defaults applied, url not expanded)
  --curl           print a curl command that sends the request (HEAD as --head)
  --base-url URL   use URL as the base url
  --version        print the version
  -h, --help       show this text
  --               no options after this: a route may then start with -

Example:
  fp-endpoint POST '/repos/{owner}/{repo}/issues' owner=octokit repo=rest.js \\
    title=Bug labels:='["bug"]' 'Authorization:token 0000'

Exit codes: 0 done, 1 the output could not be written, 2 invalid input (the
reason is printed on stderr).
`

/** A copy of argv, checked to hold strings only; a Proxy's traps run here, once each. */
const readArgv = (argv: unknown): Either<EndpointError, Array<string>> =>
  attempt(() => {
    if (!isArray(argv)) return fail("argv", `expected an array of strings, got ${kindOf(argv)}`)
    const n: unknown = argv.length // a Proxy may claim 2 ** 32 - 1; Linux caps a real argv at a few megabytes
    if (typeof n !== "number" || !(n >= 0 && n <= 1_000_000)) return fail("argv", "expected at most 1000000 arguments")
    return right(tabulate(n, (i): string => {
      const arg: unknown = argv[i]
      if (typeof arg !== "string") throw new EndpointError(`argv[${i}]`, `expected a string, got ${kindOf(arg)}`)
      return arg
    }))
  }, "argv")

/** An item, read: where it goes, its key, and its value (for the query, the encoded `name=value` pair). */
type Item = readonly ["query" | "header" | "param", string, unknown]

/** Reads the arguments in order, up to `--help` or `--version`. The first that is no option is the route. */
const readCommand = (args: ReadonlyArray<string>): Command => {
  let output: Build["output"] = "json"
  let baseUrl: string | undefined
  let route: string | undefined
  let optionsEnded = false // by "--"
  const items: Array<Item> = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (optionsEnded || !arg.startsWith("-") || arg === "-") {
      if (route === undefined) route = arg
      else if (!/^(?:\/|https?:\/\/)/i.test(arg)) items.push(readItem(arg)) // no item starts as a url does
      else if (items.length === 0 && isToken(route)) route = `${route} ${arg}` // METHOD URL as two arguments
      else throw new EndpointError("argv", `${quote(arg)} is a url, which goes right after the method (GET /user) or in the route ('GET /user')`)
    } else if (arg === "-h" || arg === "--help") return { _tag: "Help" }
    else if (arg === "--version") return { _tag: "Version" }
    else if (arg === "--") optionsEnded = true
    else if (arg === "--merge" || arg === "--curl") {
      if (output !== "json" && arg !== `--${output}`) throw new EndpointError("argv", "--merge and --curl cannot be combined")
      output = arg === "--merge" ? "merge" : "curl"
    } else if (arg === "--base-url" || arg.startsWith("--base-url=")) {
      const url = arg === "--base-url" ? args[++i] : arg.slice("--base-url=".length)
      if (url === undefined) throw new EndpointError("argv", "--base-url needs a URL")
      if (baseUrl !== undefined) throw new EndpointError("argv", "--base-url given twice")
      baseUrl = url
    } else throw new EndpointError("argv", `unknown option ${quote(arg)} (see --help)`)
  }
  return build(route, items, output, baseUrl)
}

/**
 * Reads an item at its first separator: `==` (a query pair), `:=` (JSON), `=` (a string), `:` or a final `;` (a header).
 * In the key, `\` keeps the next `=`, `:` or `\` literal.
 */
const readItem = (arg: string): Item => {
  for (const { 0: separator, index } of arg.matchAll(/\\[\\=:]|==|:=|=|:|;$/g)) {
    if (separator.startsWith("\\")) continue // an escape, not a separator
    const key = arg.slice(0, index).replace(/\\([\\=:])/g, "$1")
    const value = arg.slice(index + separator.length)
    if (key === "") throw new EndpointError("argv", `${quote(arg)} has an empty name`)
    if (separator === "==") return ["query", key, queryPair(key, value)]
    if (separator === ":=") return ["param", key, parseJson(key, value)]
    if (separator === "=") return ["param", key, value]
    // "Name:" removes the header, "Name;" (or a blank value) sends it empty; spaces and tabs around a value are not part of it (RFC 9110 §5.5)
    return ["header", key, separator === ";" ? "" : value === "" ? null : withoutBlanks(value)]
  }
  const forms = 'key=value, key:=json, name==value or Name:value (a url starts with "/", "http://" or "https://")'
  throw new EndpointError("argv", `${quote(arg)} is not ${forms}`)
}

/** `s` without the spaces and tabs at its ends, in time linear in its length (`/[ \t]+$/` would retry every blank of an inner run). */
const withoutBlanks = (s: string): string => {
  let [start, end] = [0, s.length]
  while (start < end && (s[start] === " " || s[start] === "\t")) start++
  while (end > start && (s[end - 1] === " " || s[end - 1] === "\t")) end--
  return s.slice(start, end)
}

/**
 * JSON after `:=`. A number too large for a double (`1e999`, which JSON would send back as `null`) is an
 * error, and so is an integer that would be sent as another (`12345678901234567890`, an id).
 */
const parseJson = (key: string, text: string): unknown => {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (e) {
    const why = e instanceof SyntaxError ? "invalid JSON" : `JSON that cannot be read (${describeError(e)})`
    throw new EndpointError(shown(key), `${why} after ":=": ${quote(text)}`)
  }
  const changed = changedNumber(text)
  if (changed === undefined) return value
  const sent = Number(changed)
  throw new EndpointError(shown(key), !Number.isFinite(sent) ? `a number in ${quote(text)} is too large to send (it would be sent as null)`
    : sent === 0 ? `the number ${quote(changed)} is too small to send (it would be sent as 0); send it as a string (key=value, or in quotes inside JSON)`
    : `the integer ${quote(changed)} would be sent as ${sent} (JSON numbers are doubles here); send it as a string (key=value, or in quotes inside JSON)`)
}

/** `name=value` as endpoint() writes a GET's query (`q` keeps its `+`, GitHub's search syntax). */
const queryPair = (name: string, value: string): string => {
  const pair = pairOf(name, value)
  if (typeof pair !== "string") throw pair
  return pair
}

/** The command the arguments make: a key given once is its value, more than once an array of its values. */
const build = (route: string | undefined, items: ReadonlyArray<Item>, output: Build["output"], baseUrl: string | undefined): Command => {
  if (route === undefined) throw new EndpointError("route", "required (see --help)")
  // one word in capitals (POST) is a method alone, which as a url would be the path /POST; a lowercase word (user) is a url
  if (/^[A-Z]+$/.test(route)) throw new EndpointError("route", `${quote(route)} is a method; a url must follow it (fp-endpoint ${route} /path ...)`)
  const params = new Map<string, Array<unknown>>() // a Map keeps the order of keys such as "1" and "0", which an object sorts
  const query: Array<unknown> = []
  let headers: Record<string, unknown> | undefined
  for (const [to, key, value] of items) {
    if (to === "query") query.push(value)
    else if (to === "header" && headers !== undefined && has(headers, key)) throw new EndpointError(child("headers", key), "given twice: a header takes one value")
    else if (to === "header") put((headers ??= {}), key, value)
    else if (params.has(key)) params.get(key)!.push(value)
    else params.set(key, [value])
  }
  const options: Record<string, unknown> = {}
  for (const [key, values] of params) put(options, key, values.length === 1 ? values[0] : values)
  // given twice, neither silently wins
  if (headers !== undefined && has(options, "headers")) throw new EndpointError("headers", "given both as an item and by Name:value items")
  if (baseUrl !== undefined && has(options, "baseUrl")) throw new EndpointError("baseUrl", "given both as an item and by --base-url")
  if (headers !== undefined) put(options, "headers", headers)
  if (baseUrl !== undefined) put(options, "baseUrl", baseUrl)
  return query.length === 0 ? { _tag: "Build", route, options, output } : { _tag: "Build", route, options, output, query: query.join("&") }
}

/** Reads the arguments (without `node` and the script) into a command. Never throws: anything wrong with `argv`
 * (not an array, a non-string, a Proxy whose traps throw) is an `EndpointError` in a `Left`.
 * @example
 * import { CommandLine } from "fp-endpoint"
 * CommandLine.parseArgs(["GET", "/orgs/{org}/repos", "org=octokit", "per_page:=2", "q==a b", "Accept:application/json"])
 * // right({ _tag: "Build", route: "GET /orgs/{org}/repos", output: "json", query: "q=a%20b",
 * //         options: { org: "octokit", per_page: 2, headers: { Accept: "application/json" } } })
 * @since 0.1.0
 */
export const parseArgs = (argv: ReadonlyArray<string>): Either<EndpointError, Command> =>
  chain(readArgv(argv), (args) => tryCatch(() => readCommand(args)))

/**
 * A shell word: `s` in POSIX single quotes, where only `'` is special (written `'\\''`). A NUL no argument
 * can carry, and a control character a terminal acts on when the command is shown (ESC, BEL, CR, DEL, the C1
 * controls; TAB and LF are text), are errors: a body's CR is written by {@link printfOf}.
 */
const quoted = (field: string, s: string): string => {
  if (s.includes("\0")) throw new EndpointError(field, "contains NUL, which a command-line argument cannot carry")
  const control = /[\x01-\x08\x0b-\x1f\x7f-\x9f]/.exec(s)
  if (control !== null) throw new EndpointError(field, `contains the control character ${quote(control[0])}, which a terminal would act on when the command is shown`)
  return `'${s.split("'").join("'\\''")}'`
}

/** A curl command that sends the request as the fetch adapters would, under their rules (`toRequestInit`: a
 * method token, header values without CR, LF or NUL, one key a header, no body for GET or HEAD, an object body
 * as JSON only under a JSON content type; not fetch's own `Headers` check nor its options), for a POSIX shell (not fish, PowerShell or cmd.exe): every value is in
 * single quotes and the url, as fetch's URL parser writes it, follows `--url`, so no value can run a command or
 * pass for an option; `-q` keeps curl from reading `~/.curlrc`, `--globoff` from reading `[1-3]` or `{a,b}` in the url as several urls. HEAD is `--head` (after `-X 'HEAD'` curl
 * awaits a body); a blank header value is `-H 'name;'` (curl drops `-H 'name: '`); a body over 1 KiB comes with `-H 'Expect:'`.
 * A body longer than Linux lets an argument be (128 KiB), or than fits beside the others, or with a CR, reaches
 * curl's stdin through `printf`, a shell builtin.
 * Throws an EndpointError and nothing else: where `toRequestInit` would, for a NUL, for a form or binary body,
 * which has no text, and for a url or header too long for an argument or arguments over 960 KiB, which no system would pass.
 * @example
 * import { CommandLine, endpoint } from "fp-endpoint"
 * CommandLine.toCurl(endpoint("GET /user"))
 * // "curl -q --globoff -X 'GET' --url 'https://api.github.com/user' -H 'accept: application/vnd.github.v3+json' -H 'user-agent: fp-endpoint/0.1.0'"
 * @since 0.1.0
 */
export const toCurl = (r: RequestOptions): string =>
  run(() => {
    const [written, init] = curlArgs(r)
    const { method, headers } = init
    const body = own(init, "body") as FetchInit["body"] // own: a body on a polluted Object.prototype is none
    // -q (first): no ~/.curlrc, which fetch does not read; --globoff: curl would read [ ] and { } in the url as a pattern and send a request for each match
    const words: Array<Word> = ["curl", "-q", "--globoff", ...(method === "HEAD" ? ["--head"] : ["-X", ["method", method] as const]), "--url", ["url", fetchUrl(written)]]
    for (const [name, value] of Object.entries(headers)) words.push("-H", [child("headers", name), /^[ \t]*$/.test(value) ? `${name};` : `${name}: ${value}`])
    // the headers fetch adds on its own, which curl would leave out or write otherwise
    if (body === undefined && ["POST", "PUT", "PATCH"].includes(method)) words.push("-H", ["headers", "content-length: 0"]) // as Node's fetch
    if (typeof body === "string" && !has(headers, "content-type")) words.push("-H", ["headers", "content-type: text/plain;charset=UTF-8"]) // not curl's form type
    if (body !== undefined && typeof body !== "string") throw new EndpointError("body", `${aKind(body)} body cannot be written as a curl argument`)
    const size = body === undefined ? 0 : byteLength(body)
    if (size > 1024) words.push("-H", ["headers", "Expect:"]) // curl would ask the server first (from 1 MiB, older versions from 1 KiB); fetch never does
    // a body too long for an argument, or to fit beside the others, goes through printf, a shell builtin that no exec limit applies to, to curl's stdin;
    // so does one with a CR, which printf's format writes as \r: shown as it is, a CR would let the body overwrite the command on the terminal
    const before = argvBytes(words)
    const inline = "--data-raw".length + 1 + size + 1 // its two arguments, each with its NUL
    const piped = body !== undefined && (size > ARGUMENT_BYTES || before + inline > COMMAND_BYTES || body.includes("\r"))
    const tail: Array<Word> = body === undefined ? [] : piped ? ["--data-binary", "@-"] : ["--data-raw", ["body", body]]
    const bytes = before + (piped ? argvBytes(tail) : body === undefined ? 0 : inline)
    words.push(...tail)
    if (bytes > COMMAND_BYTES) throw new EndpointError("headers", `${bytes} bytes as curl's arguments, more than a system passes to a program (${COMMAND_BYTES})`)
    const command = words.map((word) => (typeof word === "string" ? word : quoted(...word))).join(" ")
    return piped ? `${printfOf(body)} | ${command}` : command
  })

/**
 * A `printf` that writes `text` exactly: its runs between quotes and CRs as `%s` arguments, each `'` and CR as `\047`
 * and `\r` in the format. No argument holds a quote, which single quotes would write `'\\''`: bash reads a word of
 * many such pieces in quadratic time (a megabyte of quotes took 24 s); one argument a run, it reads them in linear time.
 */
const printfOf = (text: string): string => {
  let format = ""
  const runs: Array<string> = []
  for (const piece of text.split(/(['\r])/)) {
    if (piece === "'") format += "\\047"
    else if (piece === "\r") format += "\\r"
    else if (piece !== "") {
      format += "%s"
      runs.push(quoted("body", piece))
    }
  }
  return `printf '${format}'${runs.map((run) => " " + run).join("")}`
}

/** A word of a curl command: an option as it is written, or a field's value, which is quoted. */
type Word = string | readonly [field: string, value: string]

/** The longest argument Linux passes to a program (MAX_ARG_STRLEN, less the NUL that ends it), in UTF-8 bytes. */
const ARGUMENT_BYTES = 131_071
/** The most all arguments may hold: macOS's 1 MiB (ARG_MAX), less 64 KiB for the environment, which it counts too. */
const COMMAND_BYTES = 983_040

const UTF8 = /* @__PURE__ */ new TextEncoder()
const byteLength = (s: string): number => UTF8.encode(s).length

/** What the system passes to curl for `words`: each argument and the NUL that ends it. */
const argvBytes = (words: ReadonlyArray<Word>): number => words.reduce((bytes, word) => bytes + argumentBytes(word) + 1, 0)

/** The bytes of the argument a word stands for; a field's value longer than a program's argument may be is an error. */
const argumentBytes = (word: Word): number => {
  if (typeof word === "string") return byteLength(word)
  const [field, value] = word
  const bytes = byteLength(value)
  if (bytes > ARGUMENT_BYTES) throw new EndpointError(field, `${bytes} bytes as an argument of curl, more than Linux passes to a program (${ARGUMENT_BYTES})`)
  return bytes
}

/**
 * The url as fetch sends it, read by the URL parser fetch uses: curl reads urls its own way (a `\\` before an `@`
 * is userinfo to it, a `/` to fetch), keeps `%2e%2e` segments and sends a query's `'` as it is. Refused where fetch
 * would not send it and curl would: a url the parser refuses, another scheme than http or https (curl speaks
 * gopher:, file:, smtp: and more), and credentials in the url.
 */
const fetchUrl = (url: string): string => {
  const read = tryCatch(() => new URL(url))
  const parsed = read._tag === "Right" && ["http:", "https:"].includes(read.right.protocol) ? read.right : undefined
  if (parsed === undefined) throw new EndpointError("url", `expected an absolute http or https url, as fetch sends, got ${quote(url.slice(0, 100))}`)
  const { username, password, origin, pathname, search } = parsed
  if (username !== "" || password !== "") throw new EndpointError("url", "credentials in the url (user:password@) are not sent by fetch: send an authorization header")
  return origin + pathname + search // what fetch sends: no empty userinfo (`http://@h`), no empty `?`, no fragment
}

/**
 * A replacer of JSON for the terminal: a bigint as its digits; a sparse array or more than the JSON bounds is an
 * EndpointError. An array is printed from a copy made with its `length` read once, one copy an array so that
 * JSON.stringify still finds a cycle. Each text gets a replacer of its own: the bound counts one text.
 */
const printable = (): ((key: string, v: unknown) => unknown) => {
  const [copies, overBudget] = [new Map<object, Array<unknown>>(), jsonBudget()]
  return (key, v) => {
    if (overBudget(key, v)) throw new EndpointError("", `${TOO_MUCH_JSON} to print as JSON`)
    if (!isArray(v)) return typeof v === "bigint" ? v.toString() : v
    const members = copies.get(v) ?? membersOf(v)
    if (members === undefined) throw new EndpointError(key, "a sparse array (with holes) cannot be printed as JSON") // not a null per hole
    copies.set(v, members)
    return members
  }
}

/** JSON for the terminal, DEL and C1 controls escaped; a cycle or a throwing `toJSON` is an EndpointError naming the top-level key. */
const printed = (value: object): string => {
  try {
    return withControlsEscaped(JSON.stringify(value, printable(), 2))
  } catch (e) {
    if (isEndpointError(e)) throw toEndpointError(e) // the replacer's own; else name the top-level key that cannot be printed
    const key = Object.keys(value).find((k) => tryCatch(() => JSON.stringify(own(value, k), printable()))._tag === "Left")
    const deep = e instanceof RangeError && /call stack/i.test(e.message) // JSON.stringify recurses
    throw new EndpointError(child("", key ?? ""), deep ? "nested too deeply to print as JSON" : `cannot be printed as JSON (${describeError(e)})`)
  }
}

/** The result with `query` added to its expanded url (before a fragment, after `?` or `&`), as `endpoint()` adds a GET's. */
const withQueryOf = (result: RequestOptions, query: string): RequestOptions => {
  const url = withQuery(result.url, query)
  if (url.length > Template.MAX_LENGTH) throw urlTooLong()
  return url === result.url ? result : { ...result, url }
}

/** Refuses a path placeholder (`{name}`, `{+name}`, `:name`) without a value: on a command line that is a mistake. */
const requirePlaceholders = (merged: Merged): void => {
  const missing = new Set<string>()
  const defined = hasValueOnce() // one list or record under many placeholders is walked once
  for (const part of orThrow(Template.parse(merged.url ?? "")).parts) {
    if (typeof part === "string" || !part.inPath || (part.operator !== "" && part.operator !== "+")) continue
    // undefined as the expansion has it (RFC 6570 §2.3); a name that is an option's is left to endpoint(), which says the placeholder is named as an option
    for (const { name } of part.variables) if (!isReserved(name) && !defined(own(merged, name))) missing.add(name)
  }
  if (missing.size > 0) throw new EndpointError("", `missing parameter${missing.size > 1 ? "s" : ""}: ${[...missing].map(shown).join(", ")}`)
}

/** Runs a command: the text to print on stdout. Never throws: whatever `command` is (a hand-built object, a Proxy),
 * a failure is an `EndpointError` in a `Left`. A path placeholder without a value is one: `missing parameter: owner`.
 * @example
 * import { CommandLine } from "fp-endpoint"
 * CommandLine.render({ _tag: "Build", route: "GET /users/{user}", options: {}, output: "json" })
 * // left(EndpointError: missing parameter: user)
 * @since 0.1.0
 */
export const render = (command: Command): Either<EndpointError, string> =>
  tryCatch(() => {
    if (typeof command !== "object" || command === null) throw new EndpointError("command", `expected a command, got ${kindOf(command)}`)
    const tag: unknown = command._tag
    if (tag === "Help") return USAGE
    if (tag === "Version") return VERSION
    if (tag !== "Build") throw new EndpointError("_tag", `expected "Help", "Version" or "Build", got ${kindOf(tag)}`)
    const { route, options, output, query = "" } = command as Build
    if (typeof route !== "string") throw new EndpointError("route", `expected a string, got ${kindOf(route)}`)
    if (!["json", "merge", "curl"].includes(output)) throw new EndpointError("output", `expected "json", "merge" or "curl", got ${kindOf(output)}`)
    if (typeof query !== "string") throw new EndpointError("query", `expected a string, got ${kindOf(query)}`)
    const merged = endpoint.merge(route, options)
    requirePlaceholders(merged)
    if (output === "merge" && query !== "") throw new EndpointError("query", "name==value items join the url after expansion, which merged options (a template) cannot show: run without --merge")
    if (output === "merge") return printed(merged)
    const result = withQueryOf(endpoint(route, options), query)
    return output === "curl" ? toCurl(result) : printed(result)
  })

/** The whole command line: parses, renders, writes, and returns the exit code: 0, 1 when the output could not be
 * written (a writer threw), or 2 for invalid input, with the reason on stderr and no stack trace. Never throws.
 * @example
 * import { CommandLine } from "fp-endpoint"
 * const code = CommandLine.main(["GET", "/user"], { stdout: (s) => process.stdout.write(s), stderr: (s) => process.stderr.write(s) }) // 0
 * @since 0.1.0
 */
export const main = (argv: ReadonlyArray<string>, io: { readonly stdout: (text: string) => void; readonly stderr: (text: string) => void }): number => {
  const write = (stream: "stdout" | "stderr", text: string): boolean => tryCatch(() => io[stream](text))._tag === "Right"
  const outcome = chain(parseArgs(argv), render)
  if (outcome._tag === "Left") {
    write("stderr", `fp-endpoint: ${outcome.left.message}\n`)
    return 2
  }
  if (write("stdout", outcome.right.endsWith("\n") ? outcome.right : `${outcome.right}\n`)) return 0
  write("stderr", "fp-endpoint: writing the output failed\n")
  return 1
}
