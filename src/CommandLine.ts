/**
 * The `fp-endpoint` command line, as pure functions: `parseArgs` reads argv
 * into a command, `render` turns a command into output, `main` wires both to
 * streams and returns the exit code. httpie's conventions: `key=value` is a
 * string parameter, `key:=json` a raw JSON value, `Name:value` a header.
 *
 * @since 0.1.0
 */
import * as E from "fp-ts/lib/Either.js"
import { endpoint } from "./Endpoint.js"
import { EndpointError } from "./EndpointError.js"
import { attempt, toEndpointError } from "./internal/either.js"
import { child, quote } from "./internal/describe.js"
import { put } from "./internal/object.js"
import type { RequestOptions } from "./Parse.js"

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

/**
 * What the command line was asked to do.
 *
 * @example
 * import type { CommandLine } from "fp-endpoint"
 *
 * const c: CommandLine.Command = { _tag: "Build", route: "GET /user", options: {}, output: "curl" }
 *
 * @since 0.1.0
 */
export type Command =
  | { readonly _tag: "Help" }
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
export const USAGE = `Usage: fp-endpoint [--merge | --curl] [--base-url URL] '<METHOD> <URL>' [ITEM ...]

Builds request options for a REST route and prints them as JSON. Sends nothing.

Items (httpie's conventions):
  key=value      a string parameter        title=Bug
  key:=json      a raw JSON parameter      labels:='["bug"]'  per_page:=100
  Name:value     a header                  'Authorization:token 0000'
  Use \\ before = or : to keep it literal in a key.

Options:
  --merge          print the merged options (defaults applied, url not expanded)
  --curl           print a curl command that sends the request
  --base-url URL   use URL as the base url
  -h, --help       show this text

Example:
  fp-endpoint 'POST /repos/{owner}/{repo}/issues' owner=octokit repo=rest.js title=Bug \\
    labels:='["bug"]' 'Authorization:token 0000'

Exit codes: 0 done, 2 invalid input (the reason is printed on stderr).
`

// -------------------------------------------------------------------------------------
// parsing
// -------------------------------------------------------------------------------------

type Item =
  | { readonly _tag: "Param"; readonly key: string; readonly value: unknown }
  | { readonly _tag: "Header"; readonly name: string; readonly value: string }

/** Splits one item at its first unescaped `=`, `:=` or `:`. */
const parseItem = (arg: string): Item => {
  let key = ""
  for (let i = 0; i < arg.length; i++) {
    const c = arg.charAt(i)
    if (c === "\\" && (arg.charAt(i + 1) === "=" || arg.charAt(i + 1) === ":" || arg.charAt(i + 1) === "\\")) {
      key += arg.charAt(i + 1)
      i++
      continue
    }
    if (c === "=") return { _tag: "Param", key: nonEmpty(key, arg), value: arg.slice(i + 1) }
    if (c === ":") {
      if (arg.charAt(i + 1) === "=") {
        const text = arg.slice(i + 2)
        let value: unknown
        try {
          value = JSON.parse(text)
        } catch (e) {
          if (e instanceof SyntaxError) throw new EndpointError(nonEmpty(key, arg), `invalid JSON after ":=": ${quote(text)}`)
          throw e
        }
        return { _tag: "Param", key: nonEmpty(key, arg), value }
      }
      return { _tag: "Header", name: nonEmpty(key, arg), value: arg.slice(i + 1) }
    }
    key += c
  }
  throw new EndpointError("argv", `${quote(arg)} is not key=value, key:=json or Name:value`)
}

const nonEmpty = (key: string, arg: string): string => {
  if (key === "") throw new EndpointError("argv", `${quote(arg)} has an empty name`)
  return key
}

/**
 * Reads the arguments (without `node` and the script) into a command.
 *
 * @example
 * import { parseArgs } from "fp-endpoint/CommandLine"
 *
 * parseArgs(["GET /orgs/{org}/repos", "org=octokit", "per_page:=2", "Accept:application/json"])
 * // right({ _tag: "Build", route: "GET /orgs/{org}/repos", output: "json",
 * //         options: { org: "octokit", per_page: 2, headers: { Accept: "application/json" } } })
 *
 * @since 0.1.0
 */
export const parseArgs = (argv: ReadonlyArray<string>): E.Either<EndpointError, Command> =>
  attempt(() => {
    if (!Array.isArray(argv)) throw new EndpointError("argv", "expected an array of strings")
    let output: "json" | "merge" | "curl" = "json"
    let baseUrl: string | undefined
    let route: string | undefined
    const params: Record<string, unknown> = {}
    const headers: Record<string, string> = {}
    let options = true
    for (let i = 0; i < argv.length; i++) {
      const arg: unknown = argv[i]
      if (typeof arg !== "string") throw new EndpointError(`argv[${i}]`, "expected a string")
      if (options && arg.startsWith("-") && arg !== "-") {
        if (arg === "--") {
          options = false
        } else if (arg === "-h" || arg === "--help") {
          return { _tag: "Help" } as const
        } else if (arg === "--merge" || arg === "--curl") {
          const wanted = arg === "--merge" ? "merge" : "curl"
          if (output !== "json" && output !== wanted) throw new EndpointError("argv", "--merge and --curl cannot be combined")
          output = wanted
        } else if (arg === "--base-url") {
          const next: unknown = argv[i + 1]
          if (typeof next !== "string") throw new EndpointError("argv", "--base-url needs a URL")
          baseUrl = next
          i++
        } else if (arg.startsWith("--base-url=")) {
          baseUrl = arg.slice("--base-url=".length)
        } else {
          throw new EndpointError("argv", `unknown option ${quote(arg)} (see --help)`)
        }
        continue
      }
      if (route === undefined) {
        route = arg
        continue
      }
      const item = parseItem(arg)
      if (item._tag === "Param") put(params, item.key, item.value)
      else put(headers, item.name, item.value)
    }
    if (route === undefined) throw new EndpointError("route", "required (see --help)")
    const options_: Record<string, unknown> = { ...params }
    if (Object.keys(headers).length > 0) put(options_, "headers", headers)
    if (baseUrl !== undefined) put(options_, "baseUrl", baseUrl)
    return { _tag: "Build", route, options: options_, output }
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

/**
 * A curl command that sends the request, for a POSIX shell:
 * `curl -X 'METHOD' --url 'URL' -H 'name: value' ... --data-raw 'BODY'`.
 * Every value is single-quoted, the method included, and follows the option
 * that takes it (curl reads the next argument as that option's value, whatever
 * it starts with); the url goes through `--url`, so a url starting with `-` is
 * a url, not an option. Throws an EndpointError when a value contains NUL.
 *
 * @example
 * import { toCurl, } from "fp-endpoint/CommandLine"
 * import { endpoint } from "fp-endpoint"
 *
 * toCurl(endpoint("GET /user"))
 * // "curl -X 'GET' --url 'https://api.github.com/user' -H 'accept: application/vnd.github.v3+json' -H 'user-agent: fp-endpoint/0.1.0'"
 *
 * @since 0.1.0
 */
export const toCurl = (r: RequestOptions): string => {
  const words = ["curl", "-X", shellArgument("method", r.method.toUpperCase()), "--url", shellArgument("url", r.url)]
  for (const name of Object.keys(r.headers)) words.push("-H", shellArgument(child("headers", name), `${name}: ${r.headers[name]}`))
  if (r.body !== undefined) {
    const body = typeof r.body === "string" ? r.body : JSON.stringify(r.body)
    if (body !== undefined) words.push("--data-raw", shellArgument("body", body))
  }
  return words.join(" ")
}

const stringify = (u: unknown): string =>
  JSON.stringify(u, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value), 2)

/**
 * Runs a command: the text to print on stdout.
 *
 * @example
 * import { render } from "fp-endpoint/CommandLine"
 *
 * render({ _tag: "Build", route: "GET /user", options: {}, output: "curl" })
 * // right("curl -X 'GET' --url 'https://api.github.com/user' ...")
 *
 * @since 0.1.0
 */
export const render = (command: Command): E.Either<EndpointError, string> =>
  attempt(() => {
    if (command._tag === "Help") return USAGE
    if (command.output === "merge") return stringify(endpoint.merge(command.route, command.options))
    const result = endpoint(command.route, command.options)
    return command.output === "curl" ? toCurl(result) : stringify(result)
  })

/**
 * The whole command line: parses, renders, writes, and returns the exit code
 * (0, or 2 for invalid input with the reason on stderr and no stack trace).
 *
 * @example
 * import { main } from "fp-endpoint/CommandLine"
 *
 * const code = main(["GET /user"], { stdout: (s) => process.stdout.write(s), stderr: (s) => process.stderr.write(s) })
 *
 * @since 0.1.0
 */
export const main = (
  argv: ReadonlyArray<string>,
  io: { readonly stdout: (text: string) => void; readonly stderr: (text: string) => void },
): number => {
  const outcome = E.flatMap(parseArgs(argv), render)
  if (E.isRight(outcome)) {
    io.stdout(outcome.right.endsWith("\n") ? outcome.right : outcome.right + "\n")
    return 0
  }
  io.stderr(`fp-endpoint: ${toEndpointError(outcome.left).message}\n`)
  return 2
}
