// The published declarations (dist/, as `npm run build` writes them) compile in a project that has
// no DOM and no @types/node ("lib": ["es2022"], "types": []) with skipLibCheck off, through both
// entry points (import: dist/esm, require: dist/cjs). Where the platform declares fetch's types (DOM,
// or @types/node), toRequest returns its Request, the init is assignable to its RequestInit, and
// the @example blocks of src/Fetch.ts compile against the package.
//
// Each project lives in a temporary directory whose node_modules/fp-endpoint is a symlink to this
// checkout, so TypeScript resolves the package through package.json "exports", as an installed
// copy would be; fp-ts (the one dependency the declarations import) resolves from the checkout.
import { execFileSync, spawnSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ensureBuilt } from "./built.js"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const tsc = join(root, "node_modules/typescript/bin/tsc")


const STRICT = {
  target: "es2022",
  module: "nodenext",
  moduleResolution: "nodenext",
  strict: true,
  skipLibCheck: false,
  noEmit: true,
}

/** Exact type equality, for assertions that fail to compile when the types differ. */
const EQUALS = "type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false\n"

const files: Record<string, string> = {
  // no DOM: the import entry point
  "bare.ts": `${EQUALS}
import * as E from "fp-ts/lib/Either.js"
import { endpoint, Pipeline, toRequest, toRequestEither, toRequestInit, toRequestInitEither, type FetchArgs, type FetchInit, Options } from "fp-endpoint"

const r = endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", request: { timeout: 5 } })
const [url, init]: FetchArgs = toRequestInit(r)
export const method: string = init.method
export const headers: Record<string, string> = init.headers
export const body: unknown = init.body
export const signal: unknown = init.signal
export const made: FetchInit = { method: "GET", headers: {}, body: new Uint8Array(1), redirect: "manual", dispatcher: {} }
export const request: unknown = toRequest(r)
export const requestIsUnknown: Equals<ReturnType<typeof toRequest>, unknown> = true
export const either: E.Either<unknown, FetchArgs> = toRequestInitEither(r)
export const requestEither = toRequestEither(r)
export const decoded = Options.decode({ url: "/x" })
export const built = Pipeline.build(Pipeline.route("GET /user"))
export { url }
`,
  // no DOM: the require entry point
  "bare.cts": `import fp = require("fp-endpoint")

export const args: fp.FetchArgs = fp.toRequestInit(fp.endpoint("GET /user"))
export const decoded = fp.Options.decode({ url: "/x" })
`,
  // the control: without DOM these names do not exist, so this file must fail
  "control.ts": `export const init: RequestInit = {}
export const request: Request | undefined = undefined
`,
  // DOM: the platform's Request and RequestInit
  "dom.ts": `${EQUALS}
import { endpoint, toRequest, toRequestEither, toRequestInit } from "fp-endpoint"
import * as E from "fp-ts/lib/Either.js"

const r = endpoint("GET /user", { request: { signal: new AbortController().signal, redirect: "manual" } })
export const request: Request = toRequest(r)
export const isRequest: Equals<ReturnType<typeof toRequest>, Request> = true
const [, init] = toRequestInit(r)
export const asInit: RequestInit = init
export const signal: AbortSignal | null | undefined = init.signal
export const redirect: RequestRedirect | undefined = init.redirect
export const sent: Promise<Response> = fetch(...toRequestInit(r))
export const either: E.Either<unknown, Request> = toRequestEither(r)
`,
  // @types/node: undici's Request and RequestInit
  "node.ts": `${EQUALS}
import { endpoint, toRequest, toRequestInit } from "fp-endpoint"

const r = endpoint("GET /user")
export const request: Request = toRequest(r)
export const isRequest: Equals<ReturnType<typeof toRequest>, Request> = true
export const init: RequestInit = toRequestInit(r)[1]
export const sent: Promise<Response> = fetch(...toRequestInit(r))
`,
}

/** The @example blocks of src/Fetch.ts, each as a module. */
const examples = (): Array<string> => {
  const lines = readFileSync(join(root, "src/Fetch.ts"), "utf8").split("\n")
  const blocks: Array<string> = []
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== "* @example") continue
    const block: Array<string> = []
    for (i++; i < lines.length && !/^\s*\* @|^\s*\*\//.test(lines[i]!); i++) block.push(lines[i]!.replace(/^\s*\* ?/, ""))
    blocks.push(`${block.join("\n").trim()}\nexport {}\n`)
  }
  return blocks
}

let dir = ""

const project = (name: string, lib: Array<string>, types: Array<string>, include: Array<string>, extra: object = {}): string => {
  const file = `tsconfig.${name}.json`
  writeFileSync(join(dir, file), JSON.stringify({ compilerOptions: { ...STRICT, lib, types, ...extra }, files: include }, null, 2))
  return file
}

const compile = (tsconfig: string): { status: number | null; output: string } => {
  const r = spawnSync(process.execPath, [tsc, "-p", join(dir, tsconfig)], { cwd: dir, encoding: "utf8", timeout: 120_000 })
  return { status: r.status, output: `${r.stdout}${r.stderr}`.trim() }
}

beforeAll(() => {
  ensureBuilt(["dist/esm/index.d.ts", "dist/cjs/index.d.ts", "dist/esm/Fetch.d.ts", "dist/cjs/Fetch.d.ts"])
  dir = mkdtempSync(join(tmpdir(), "fp-endpoint-declarations-"))
  mkdirSync(join(dir, "node_modules"))
  symlinkSync(root, join(dir, "node_modules/fp-endpoint"), "dir")
  symlinkSync(join(root, "node_modules/fp-ts"), join(dir, "node_modules/fp-ts"), "dir")
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "declarations-check", private: true, type: "module" }))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  examples().forEach((text, i) => writeFileSync(join(dir, `example-${i}.ts`), text))
}, 120_000)

afterAll(() => {
  if (dir !== "") rmSync(dir, { recursive: true, force: true })
})

describe("the built declarations", () => {
  it('compile with "lib": ["es2022"], no @types/node and skipLibCheck off, through import and require', () => {
    const { status, output } = compile(project("bare", ["es2022"], [], ["bare.ts", "bare.cts"]))
    expect(output).toBe("")
    expect(status).toBe(0)
  }, 120_000)

  it("the control: in that project DOM's names do not exist", () => {
    const { status, output } = compile(project("control", ["es2022"], [], ["control.ts"]))
    expect(status).not.toBe(0)
    expect(output).toContain("Cannot find name 'RequestInit'")
    expect(output).toContain("Cannot find name 'Request'")
  }, 120_000)

  it("with DOM: toRequest is a Request, the init a RequestInit, and each @example of src/Fetch.ts compiles", () => {
    const blocks = examples()
    expect(blocks.length).toBe(6)
    const include = ["dom.ts", ...blocks.map((_, i) => `example-${i}.ts`)]
    const { status, output } = compile(project("dom", ["es2022", "dom"], [], include))
    expect(output).toBe("")
    expect(status).toBe(0)
  }, 120_000)

  it("with @types/node: toRequest is undici's Request, the init its RequestInit", () => {
    const typeRoots = [join(root, "node_modules/@types")]
    const { status, output } = compile(project("node", ["es2022"], ["node"], ["node.ts"], { typeRoots }))
    expect(output).toBe("")
    expect(status).toBe(0)
  }, 120_000)
})
