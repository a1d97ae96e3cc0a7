// The command line: parsing of items and flags, rendering, exit codes, and the built executable.
import { execFileSync, spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import * as E from "fp-ts/lib/Either.js"
import { beforeAll, describe, expect, test } from "vitest"
import { CommandLine, endpoint } from "../src/index.js"

const capture = (argv: Array<string>) => {
  let stdout = ""
  let stderr = ""
  const code = CommandLine.main(argv, { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s) })
  return { code, stdout, stderr }
}

describe("parseArgs", () => {
  test("key=value is a string, key:=json a JSON value, Name:value a header", () => {
    expect(
      CommandLine.parseArgs(["POST /r/{owner}", "owner=o", "n:=5", "labels:=[\"bug\"]", "Authorization:token 0000", "t=a:b=c"]),
    ).toEqual(
      E.right({
        _tag: "Build",
        route: "POST /r/{owner}",
        output: "json",
        options: { owner: "o", n: 5, labels: ["bug"], t: "a:b=c", headers: { Authorization: "token 0000" } },
      }),
    )
  })
  test("a backslash keeps = or : literal in a key", () => {
    const parsed = CommandLine.parseArgs(["/x", "a\\=b=1", "c\\:d:=2"])
    expect(E.isRight(parsed) && parsed.right._tag === "Build" && parsed.right.options).toEqual({ "a=b": "1", "c:d": 2 })
  })
  test("flags: --merge, --curl, --base-url (both forms), --help, --", () => {
    const read = (argv: Array<string>) => CommandLine.parseArgs(argv)
    expect(read(["--merge", "/x"])).toMatchObject({ right: { output: "merge" } })
    expect(read(["/x", "--curl"])).toMatchObject({ right: { output: "curl" } })
    expect(read(["--base-url", "https://h", "/x"])).toMatchObject({ right: { options: { baseUrl: "https://h" } } })
    expect(read(["--base-url=https://h", "/x"])).toMatchObject({ right: { options: { baseUrl: "https://h" } } })
    expect(read(["-h"])).toEqual(E.right({ _tag: "Help" }))
    expect(read(["--", "--odd-route"])).toMatchObject({ right: { route: "--odd-route" } })
  })
  test.each<[Array<string>, string]>([
    [[], "route: required"],
    [["/x", "novalue"], "is not key=value"],
    [["/x", "a:={"], "a: invalid JSON"],
    [["/x", "=1"], "has an empty name"],
    [["--bogus", "/x"], "unknown option"],
    [["--base-url"], "--base-url needs a URL"],
    [["--merge", "--curl", "/x"], "cannot be combined"],
  ])("%j is an EndpointError: %s", (argv, message) => {
    const parsed = CommandLine.parseArgs(argv)
    expect(E.isLeft(parsed) && parsed.left.message).toContain(message)
  })
})

describe("main", () => {
  test("prints the result as JSON and exits 0", () => {
    const { code, stdout, stderr } = capture(["POST /repos/{owner}/{repo}/issues", "owner=octokit", "repo=rest.js", "title=Bug"])
    expect(code).toBe(0)
    expect(stderr).toBe("")
    expect(JSON.parse(stdout)).toEqual(endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Bug" }))
  })
  test("--merge prints the merged options", () => {
    const { stdout } = capture(["--merge", "GET /orgs/:org", "org=o"])
    expect(JSON.parse(stdout)).toEqual(endpoint.merge("GET /orgs/:org", { org: "o" }))
  })
  test("--curl prints a curl command with quoting that survives a single quote", () => {
    const { stdout } = capture(["--curl", "POST /x", "title=it's"])
    expect(stdout).toBe(
      "curl -X 'POST' --url 'https://api.github.com/x' -H 'accept: application/vnd.github.v3+json' " +
        `-H 'user-agent: ${endpoint.DEFAULTS.headers?.["user-agent"]}' -H 'content-type: application/json; charset=utf-8' ` +
        `--data-raw '{"title":"it'\\''s"}'\n`,
    )
  })
  test("bad input: exit code 2, the EndpointError message on stderr, nothing on stdout", () => {
    const { code, stdout, stderr } = capture(["GET /x", "Bad Header:1"])
    expect(code).toBe(2)
    expect(stdout).toBe("")
    expect(stderr).toBe('fp-endpoint: headers["Bad Header"]: header name is not an RFC 9110 token\n')
  })
  test("--help prints the usage and exits 0", () => {
    const { code, stdout } = capture(["--help"])
    expect(code).toBe(0)
    expect(stdout).toContain("Usage: fp-endpoint")
  })
  test("10 000 levels of nested JSON give a result or an EndpointError, never a crash", () => {
    const deep = "[".repeat(10_000) + "]".repeat(10_000)
    const { code, stderr } = capture(["POST /x", `a:=${deep}`])
    expect([0, 2]).toContain(code)
    if (code === 2) expect(stderr).toMatch(/^fp-endpoint: /)
  })
})

describe("the built executable", () => {
  beforeAll(() => {
    if (!existsSync("dist/esm/cli.js")) execFileSync("npm", ["run", "build", "--silent"], { stdio: "inherit" })
  })
  test("runs the README example", () => {
    const out = execFileSync(process.execPath, [
      "dist/esm/cli.js",
      "POST /repos/{owner}/{repo}/issues",
      "owner=octokit",
      "repo=rest.js",
      "title=Bug",
      'labels:=["bug"]',
      "Authorization:token 0000",
    ]).toString()
    expect(JSON.parse(out)).toMatchObject({
      method: "post",
      url: "https://api.github.com/repos/octokit/rest.js/issues",
      headers: { authorization: "token 0000" },
      body: { title: "Bug", labels: ["bug"] },
    })
  })
  test("exits 2 with the message and no stack trace", () => {
    const r = spawnSync(process.execPath, ["dist/esm/cli.js", "GET /x/{"])
    expect(r.status).toBe(2)
    expect(r.stderr.toString()).toBe('fp-endpoint: url: unclosed "{" at position 3 in template "/x/{"\n')
  })
})
