/** The `fp-endpoint` command line as pure functions: `parseArgs` reads argv into a command, `render`
 * turns a command into output, `toCurl` writes a curl command, and `main` wires them to the
 * process's streams and returns the exit code. Nothing but an `EndpointError` is thrown.
 * @since 0.1.0
 */
import * as E from "#fp-ts/Either.js"
import type { Either } from "fp-ts/lib/Either.js"
import { endpoint, orThrow } from "./Endpoint.js"
import { EndpointError } from "./EndpointError.js"
import { initOf } from "./Fetch.js"
import { child, cut, escaped, kindOf, quote, shown } from "./internal/describe.js"
import { attempt, membersOf, put } from "./internal/read.js"
import type { RequestOptions } from "./Parse.js"
import { isReserved } from "./Codec.js"
import * as Route from "./Route.js"
import * as Template from "./Template.js"
import * as Url from "./Url.js"
import { VERSION } from "./version.js"

type Options = { readonly [key: string]: unknown }

/** What the command line was asked to do. A `Build`'s `query` holds the `name==value` items of a method
 * that sends a body: they join the url after expansion (for `GET` and `HEAD` they are parameters).
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
      readonly options: Options
      readonly output: "json" | "merge" | "curl"
      readonly query?: Options
    }

/** What the command line reads besides argv: files named by `@file` items, and standard input.
 * @example
 * import type { CommandLine } from "fp-endpoint"
 * const io: CommandLine.Input = { readFile: () => "text", stdin: () => undefined }
 * @since 0.1.0
 */
export interface Input {
  /** The text of a file, for `field=@file` and `field:=@file.json`. */
  readonly readFile?: (path: string) => string
  /** Standard input's text when it is not a terminal (a piped body), else `undefined`. */
  readonly stdin?: () => string | undefined
}

/** The text `--help` prints.
 * @example
 * import { CommandLine } from "fp-endpoint"
 * CommandLine.USAGE.startsWith("Usage: fp-endpoint") // true
 * @since 0.1.0
 */
export const USAGE = `Usage: fp-endpoint [OPTION ...] METHOD URL [ITEM ...]
       fp-endpoint [OPTION ...] 'METHOD URL' [ITEM ...]
       fp-endpoint [OPTION ...] URL [ITEM ...]          (the method is GET)

Prints the request options of a REST route as JSON; sends nothing. A URL starts
with "/", "{" or a scheme. Path placeholders ({owner}, :owner) need values.

Items (httpie's conventions):
  key=value      a string parameter                       title=Bug
  key=@file      a string parameter, the file's text      body=@notes.md
  key:=json      a raw JSON parameter                     labels:='["bug"]'
  key:=@file     a JSON parameter from a file             config:=@hook.json
  name==value    a query parameter, whatever the method   q==is:open
  Name:value     a header                                 'Authorization:token 0000'
  Name:          no such header, not even a default       User-Agent:
  Name;          a header with an empty value             X-Empty;
  A key given more than once is an array of its values, in order. \\ keeps
  =, :, @ or \\ literal in a key. A piped standard input is the body.

Options:
  --merge          print the merged options (defaults applied, url not expanded)
  --curl           print a curl command that sends what fetch would send
  --base-url URL   use URL as the base url
  --ignore-stdin   do not read standard input
  --version        print the version
  -h, --help       show this text
  --               no options after this: a route may then start with -

Exit codes: 0 done, 1 the output could not be written, 2 invalid input (the
reason is printed on stderr).
`

const fail = (path: string, problem: string): Either<EndpointError, never> => E.left(new EndpointError(path, problem))

/** One item read: where it goes, its key and its value. */
type Item = readonly ["query" | "header" | "param", string, unknown]
const SEPARATOR = /\\[\\=:@]|==|:=@|:=|=@|=|:|;$/g

/** An item, read at its first separator; in the key, `\` keeps the next `=`, `:`, `@` or `\` literal. */
const readItem = (arg: string, input: Input): Either<EndpointError, Item> => {
  for (const { 0: separator, index } of arg.matchAll(SEPARATOR)) {
    if (separator.startsWith("\\")) continue
    const key = arg.slice(0, index).replace(/\\([\\=:@])/g, "$1")
    const value = arg.slice(index + separator.length)
    if (key === "") return fail("argv", `${quote(arg)} has an empty name`)
    if (separator === "==") return E.right(["query", key, value])
    if (separator === "=") return E.right(["param", key, value])
    if (separator === ";" || separator === ":")
      return E.right(["header", key, separator === ";" ? "" : value.trim() || null])
    const text = separator.endsWith("@") ? fileText(key, value, input) : E.right(value)
    if (E.isLeft(text) || separator === "=@") return E.map((t: string): Item => ["param", key, t])(text)
    return attempt(
      () => E.right(["param", key, JSON.parse(text.right)]),
      () => shown(key),
      (why) => `invalid JSON (${why})`,
    )
  }
  return fail("argv", `${quote(arg)} is not key=value, key:=json, name==value or Name:value`)
}

const fileText = (key: string, path: string, input: Input): Either<EndpointError, string> =>
  attempt(
    () => {
      const read = input.readFile
      return read === undefined ? fail(shown(key), "reading files needs main's input") : E.right(read(path))
    },
    () => shown(key),
    (why) => `cannot read ${quote(path)} (${why})`,
  )

/** The flags and items of argv, in order. */
interface Read {
  route?: string | undefined
  output: "json" | "merge" | "curl"
  baseUrl?: string | undefined
  ignoreStdin: boolean
  items: Array<Item>
}

const readArgs = (args: ReadonlyArray<string>, input: Input): Either<EndpointError, Read | "Help" | "Version"> => {
  const read: Read = { output: "json", ignoreStdin: false, items: [] }
  let ended = false
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (ended || !arg.startsWith("-") || arg === "-") {
      const url = /^(?:[/{]|[A-Za-z][A-Za-z\d+.-]*:\/\/)/.test(arg)
      if (read.route === undefined) read.route = arg
      else if (url && read.items.length === 0 && !read.route.includes(" ")) read.route = `${read.route} ${arg}`
      else if (url)
        return fail("argv", `${quote(arg)} is a url, which goes right after the method (GET /user) or in the route`)
      else {
        const item = readItem(arg, input)
        if (E.isLeft(item)) return item
        read.items.push(item.right)
      }
    } else if (arg === "-h" || arg === "--help" || arg === "--version")
      return E.right(arg === "--version" ? "Version" : "Help")
    else if (arg === "--") ended = true
    else if (arg === "--ignore-stdin") read.ignoreStdin = true
    else if (arg === "--merge" || arg === "--curl") {
      if (read.output !== "json" && arg !== `--${read.output}`)
        return fail("argv", "--merge and --curl cannot be combined")
      read.output = arg === "--merge" ? "merge" : "curl"
    } else if (arg === "--base-url" || arg.startsWith("--base-url=")) {
      if (read.baseUrl !== undefined) return fail("argv", "--base-url given twice")
      read.baseUrl = arg === "--base-url" ? args[++i] : arg.slice("--base-url=".length)
      if (read.baseUrl === undefined) return fail("argv", "--base-url needs a URL")
    } else return fail("argv", `unknown option ${quote(arg)} (see --help)`)
  }
  return E.right(read)
}

/** The command argv makes: a key given once is its value, more than once an array of its values. */
const commandOf = (read: Read, input: Input): Either<EndpointError, Command> => {
  if (read.route === undefined) return fail("route", "required (see --help)")
  const route = Route.parse(read.route)
  if (E.isLeft(route))
    return /^[A-Z]+$/.test(read.route) ? fail("route", `${quote(read.route)} is a method; a url must follow it`) : route
  const inQuery = !["GET", "HEAD"].includes(route.right.method.toUpperCase())
  // Maps keep keys such as "1" in the order given, where an object sorts them
  const [params, queried] = [new Map<string, Array<unknown>>(), new Map<string, Array<unknown>>()]
  let headers: Record<string, unknown> | undefined
  for (const [to, key, value] of read.items) {
    const values = to === "query" && inQuery ? queried : params
    if (to !== "header") values.set(key, [...(values.get(key) ?? []), value])
    else if (headers !== undefined && Object.keys(headers).some((k) => k.toLowerCase() === key.toLowerCase()))
      return fail(child("headers", key), "given twice")
    else put((headers ??= {}), key, value)
  }
  const [options, query] = [params, queried].map((values) => {
    const out: Record<string, unknown> = {}
    for (const [key, all] of values) put(out, key, all.length === 1 ? all[0] : all)
    return out
  }) as [Record<string, unknown>, Record<string, unknown>]
  for (const [key, value, by] of [
    ["headers", headers, "Name:value items"],
    ["baseUrl", read.baseUrl, "--base-url"],
  ] as const) {
    if (value !== undefined && Object.hasOwn(options, key)) return fail(key, `given both as an item and by ${by}`)
    if (value !== undefined) put(options, key, value)
  }
  const piped = withStdin(options, route.right, read.ignoreStdin ? undefined : input)
  if (E.isLeft(piped)) return piped
  const built = { _tag: "Build", route: read.route, options: piped.right, output: read.output } as const
  return E.right(Object.keys(query).length === 0 ? built : { ...built, query })
}

/** The options with a piped standard input as their body, which no body field may join (one would be lost). */
const withStdin = (options: Options, route: Route.Route, input: Input | undefined): Either<EndpointError, Options> => {
  const piped = attempt(
    () => E.right(input?.stdin?.()),
    () => "stdin",
  )
  if (E.isLeft(piped) || !piped.right) return E.isLeft(piped) ? piped : E.right(options)
  if (["GET", "HEAD"].includes(route.method.toUpperCase())) {
    return fail("stdin", "a piped body needs a method that sends one; pass --ignore-stdin to leave it unread")
  }
  const template = Template.parse(route.url)
  const names = E.isRight(template) ? template.right.names : []
  const fields = Object.keys(options).filter((key) => key === "data" || (!isReserved(key) && !names.includes(key)))
  if (fields.length > 0)
    return fail("stdin", `a piped body and body fields (${cut(fields.join(", "), 100)}) cannot be mixed`)
  return E.right({ ...options, data: piped.right })
}

/** Reads the arguments (without `node` and the script) into a command. Never throws.
 * @example
 * import { CommandLine } from "fp-endpoint"
 * CommandLine.parseArgs(["GET", "/orgs/{org}/repos", "org=octokit", "per_page:=2", "Accept:application/json"])
 * // right({ _tag: "Build", route: "GET /orgs/{org}/repos", output: "json",
 * //         options: { org: "octokit", per_page: 2, headers: { Accept: "application/json" } } })
 * @since 0.1.0
 */
export const parseArgs = (argv: ReadonlyArray<string>, input: Input = {}): Either<EndpointError, Command> => {
  const args = attempt(
    () => {
      const all = Array.isArray(argv) && argv.length <= 100_000 ? membersOf(argv) : undefined
      return all?.every((a) => typeof a === "string")
        ? E.right(all as Array<string>)
        : fail("argv", "expected up to 100 000 strings")
    },
    () => "argv",
  )
  const read = E.isLeft(args) ? args : readArgs(args.right, input)
  if (E.isLeft(read)) return read
  return typeof read.right === "string" ? E.right({ _tag: read.right }) : commandOf(read.right, input)
}

// output ------------------------------------------------------------------------------------------

/** The most text the command line prints, 16 MiB, and the most values it prints. */
const [MAX_OUTPUT, MAX_VALUES] = [2 ** 24, 2 ** 21]

/** JSON for the terminal: indented while that stays within {@link MAX_OUTPUT}, else on one line; DEL and C1
 * controls escaped (U+009B is a terminal's CSI). A value JSON cannot print is an error. */
const printed = (value: object): Either<EndpointError, string> => {
  const paths = new Map<object, readonly [path: string, depth: number]>()
  let [values, deepest, refusal]: [number, number, EndpointError | undefined] = [0, 0, undefined]
  let field = "" // the top-level key being printed: what a stack overflow deep inside it names
  return attempt(
    () => {
      const compact = JSON.stringify(value, function (this: object, key, v: unknown) {
        const [parent, depth] = paths.get(this) ?? ["", 0]
        const path = depth === 0 ? "" : Array.isArray(this) ? `${parent}[${key}]` : child(parent, key)
        if (depth === 1) field = path
        const problem =
          ++values > MAX_VALUES
            ? `more than ${MAX_VALUES} values to print`
            : typeof v === "bigint"
              ? "a bigint has no JSON form"
              : typeof v === "number" && !Number.isFinite(v)
                ? `${v} has no JSON form`
                : undefined
        if (problem !== undefined) throw (refusal = new EndpointError(path, problem))
        if (typeof v === "object" && v !== null) paths.set(v, [path, (deepest = Math.max(deepest, depth + 1))])
        return v
      })
      if (compact.length > MAX_OUTPUT) return fail("", `the output would be longer than ${MAX_OUTPUT} characters`)
      // indented while that stays small: each value adds at most its depth's indentation
      const text =
        compact.length * (2 * deepest + 2) <= Math.max(2 ** 16, 4 * compact.length)
          ? JSON.stringify(value, null, 2)
          : compact
      return E.right(text.replace(/[\x7f-\x9f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`))
    },
    () => refusal?.path ?? field,
    (why) => refusal?.problem ?? `cannot be printed as JSON (${why})`,
  )
}

/** The methods fetch sends `content-length: 0` for when they have no body (undici's). */
const PAYLOAD = ["POST", "PUT", "PATCH", "QUERY", "PROPFIND", "PROPPATCH"]
const UTF8 = new TextEncoder()

/** A shell word: `s` in POSIX single quotes. A control a terminal acts on when the command is shown is an error. */
const word = (field: string, s: string): Either<EndpointError, string> =>
  /[\0-\x08\x0b-\x1f\x7f-\x9f]/.test(s)
    ? fail(field, "holds a control character, which a terminal would act on when the command is shown")
    : E.right(`'${s.replaceAll("'", "'\\''")}'`)

/** A curl command that sends what `fetch(...toRequestInit(result))` sends, for a POSIX shell: the same
 * refusals, every value single-quoted, the url after `--url`, `-q` (no `~/.curlrc`), `--globoff` (no url
 * patterns), `-sS` (errors without a progress meter). The body reaches curl's standard input through
 * `printf`, a shell builtin that no argument limit applies to. A header value beyond ASCII is refused:
 * fetch sends its Latin-1 bytes, which printed text cannot carry.
 * @example
 * import { CommandLine, endpoint } from "fp-endpoint"
 * CommandLine.toCurl(endpoint("GET /user"))
 * // "curl -sS -q --globoff -X 'GET' --url 'https://api.github.com/user' -H 'accept: …' -H 'user-agent: …'"
 * @since 0.1.0
 */
export const toCurl = (result: RequestOptions): string => orThrow(curlOf(result))

const curlOf = (result: RequestOptions): Either<EndpointError, string> => {
  const args = initOf(result)
  if (E.isLeft(args)) return args
  const [url, { method, headers, body }] = args.right
  const target = new URL(url)
  if (target.protocol !== "http:" && target.protocol !== "https:")
    return fail("url", `fetch sends only http and https, got ${quote(target.protocol)}`)
  if (body !== undefined && typeof body !== "string")
    return fail("body", `a ${kindOf(body)} body cannot be written as a curl argument`)
  const given = { ...headers }
  const sent = body === "" && !PAYLOAD.includes(method) ? undefined : body // curl would send an empty body's length
  if (sent === undefined && PAYLOAD.includes(method)) given["content-length"] = "0" // as fetch does
  if (typeof body === "string" && !Object.hasOwn(given, "content-type"))
    given["content-type"] = "text/plain;charset=UTF-8"
  const words = [
    method === "HEAD" ? E.right("--head") : E.map((m: string) => `-X ${m}`)(word("method", method)),
    E.map((u: string) => `--url ${u}`)(word("url", target.origin + target.pathname + target.search)),
  ]
  for (const [name, value] of Object.entries(given)) {
    if (!/^[\t\x20-\x7e]*$/.test(value))
      return fail(
        child("headers", name),
        "beyond ASCII, fetch sends Latin-1 bytes, which a printed command cannot carry",
      )
    words.push(
      E.map((h: string) => `-H ${h}`)(
        word(child("headers", name), value.trim() === "" ? `${name};` : `${name}: ${value}`),
      ),
    )
  }
  if (sent !== undefined) words.push(E.right("-H 'Expect:' --data-binary @-")) // fetch never asks the server first
  const bad = words.find(E.isLeft)
  if (bad !== undefined) return bad
  const command = `curl -sS -q --globoff ${words.map((w) => (w as E.Right<string>).right).join(" ")}`
  // printf's %b writes each \0ooo as the byte ooo: a character's UTF-8 bytes, as fetch sends the text
  const escapedBody = sent?.replace(/[\\\0-\x1f\x7f-\x9f']/g, (c) =>
    Array.from(UTF8.encode(c), (b) => `\\0${b.toString(8).padStart(3, "0")}`).join(""),
  )
  return E.right(sent === undefined ? command : `printf '%b' '${escapedBody}' | ${command}`)
}

/** Runs a command: the text to print on standard output. Never throws.
 * @example
 * import { CommandLine } from "fp-endpoint"
 * CommandLine.render({ _tag: "Build", route: "GET /users/{user}", options: {}, output: "json" })
 * // left(EndpointError: missing parameter: user)
 * @since 0.1.0
 */
export const render = (command: Command): Either<EndpointError, string> =>
  attempt(
    () => {
      if (command?._tag === "Help" || command?._tag === "Version")
        return E.right(command._tag === "Help" ? USAGE : VERSION)
      if (command?._tag !== "Build") return fail("command", `expected a command, got ${kindOf(command)}`)
      const { route, options, output, query } = command
      if (typeof route !== "string") return fail("route", `expected a string, got ${kindOf(route)}`)
      if (!["json", "merge", "curl"].includes(output)) return fail("output", 'expected "json", "merge" or "curl"')
      if (output === "merge" && query !== undefined)
        return fail(
          "query",
          "name==value items of a method with a body join the url after expansion: run without --merge",
        )
      if (output === "merge")
        return E.flatMap(printed)(
          E.tryCatch(
            () => endpoint.merge(route, options as never),
            (e) => e as EndpointError,
          ),
        )
      const built = endpoint.either(route, options as never)
      if (E.isLeft(built)) return built
      const url = query === undefined ? E.right(built.right.url) : Url.withQuery(built.right.url, query, new Set(), {})
      if (E.isLeft(url)) return url
      const result = { ...built.right, url: url.right }
      return output === "curl" ? curlOf(result) : printed(result)
    },
    () => "command",
  )

/** The whole command line: parses, renders, writes, and returns the exit code: 0, 1 when the output could not
 * be written, or 2 for invalid input, with the reason on standard error. Never throws.
 * @example
 * import { CommandLine } from "fp-endpoint"
 * const io = { stdout: (s: string) => process.stdout.write(s), stderr: (s: string) => process.stderr.write(s) }
 * const code = CommandLine.main(["GET", "/user"], io)
 * // 0
 * @since 0.1.0
 */
export const main = (
  argv: ReadonlyArray<string>,
  io: Input & { readonly stdout: (text: string) => void; readonly stderr: (text: string) => void },
): number => {
  const write = (stream: "stdout" | "stderr", text: string): boolean =>
    E.isRight(
      attempt(
        () => E.right(io[stream](text)),
        () => "",
      ),
    )
  const outcome = E.flatMap(render)(parseArgs(argv, io))
  if (E.isLeft(outcome)) {
    write("stderr", `fp-endpoint: ${escaped(outcome.left.message)}\n`)
    return 2
  }
  if (write("stdout", outcome.right.endsWith("\n") ? outcome.right : `${outcome.right}\n`)) return 0
  write("stderr", "fp-endpoint: writing the output failed\n")
  return 1
}
