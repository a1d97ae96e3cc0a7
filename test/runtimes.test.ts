// Runtime smoke test: the BUILT package, installed the way npm installs it
// (exactly the files `npm pack` ships, under node_modules/fp-endpoint of a
// scratch app), builds the same requests in Node 20 (import and require),
// Bun, Deno and headless Chromium (an esbuild browser bundle), and each
// runtime's results must equal Node's in-process results from src/.
//
// A missing Node, Bun or Deno is a failure with the command that installs it,
// never a skip: `npm install` provides them. Chromium is a system package
// (.ci/setup.sh installs it), so where it is missing the browser test is skipped
// with the reason printed, so `npm test` passes on a fresh machine; with
// FP_ENDPOINT_REQUIRE_BROWSER=1 (set by .ci/run) a missing Chromium is a failure.
import { execFile, execFileSync, spawnSync } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ensureBuilt } from "./built.js"
import * as src from "../src/index.js"
import { run } from "./runtime/cases.mjs"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const fixtures = join(root, "test/runtime")
const run$ = promisify(execFile)

// -------------------------------------------------------------------------------------
// the built package, as npm installs it
// -------------------------------------------------------------------------------------


/** The files `npm pack` would ship. */
const packedFiles = (): Array<string> => {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  })
  return (JSON.parse(out) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path)
}

let app = ""
let files: Array<string> = []
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { dependencies?: Record<string, string> }

beforeAll(() => {
  ensureBuilt(["dist/esm/index.js", "dist/node/index.js", "dist/cjs/index.js", "dist/esm/index.d.ts", "dist/cjs/index.d.ts"])
  files = packedFiles()
  app = mkdtempSync(join(tmpdir(), "fp-endpoint-runtimes-"))
  const installed = join(app, "node_modules/fp-endpoint")
  for (const file of files) {
    mkdirSync(dirname(join(installed, file)), { recursive: true })
    cpSync(join(root, file), join(installed, file))
  }
  for (const dep of Object.keys(pkg.dependencies ?? {})) {
    mkdirSync(dirname(join(app, "node_modules", dep)), { recursive: true })
    symlinkSync(join(root, "node_modules", dep), join(app, "node_modules", dep), "dir")
  }
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify({ name: "runtime-smoke", private: true, type: "module", dependencies: { "fp-endpoint": "0.1.0" } }),
  )
  for (const f of readdirSync(fixtures)) cpSync(join(fixtures, f), join(app, f))
}, 60_000)

afterAll(() => {
  if (app !== "") rmSync(app, { recursive: true, force: true })
})

// -------------------------------------------------------------------------------------
// runtimes
// -------------------------------------------------------------------------------------

/** The first candidate that answers `--version`, or a failure that says how to install it. */
const locate = (name: string, candidates: Array<string>, install: string): string => {
  const tried: Array<string> = []
  for (const c of candidates) {
    if (!existsSync(c)) {
      tried.push(`${c} (missing)`)
      continue
    }
    const r = spawnSync(c, ["--version"], { encoding: "utf8", timeout: 20_000 })
    if (r.status === 0) return c
    tried.push(`${c} (--version: ${r.error?.message ?? `exit ${r.status}: ${(r.stderr ?? "").trim().slice(0, 200)}`})`)
  }
  throw new Error(`${name} is not installed or does not run. ${install}\nTried:\n  ${tried.join("\n  ")}`)
}

const platformBinaries = (scope: string, binary: string): Array<string> => {
  const dir = join(root, "node_modules", scope)
  if (!existsSync(dir)) return []
  return readdirSync(dir).map((p) => join(dir, p, binary))
}

const bun = () =>
  locate(
    "Bun",
    [join(root, "node_modules/.bin/bun"), join(root, "node_modules/bun/bin/bun.exe"), ...platformBinaries("@oven", "bin/bun")],
    "It is a devDependency: run `npm install`; if npm skipped its postinstall, run `node node_modules/bun/install.js`.",
  )

const deno = () =>
  locate(
    "Deno",
    [join(root, "node_modules/.bin/deno"), join(root, "node_modules/deno/deno"), ...platformBinaries("@deno", "deno")],
    "It is a devDependency: run `npm install`; if npm skipped its postinstall, run `node node_modules/deno/install.cjs`.",
  )

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
const REQUIRE_BROWSER = process.env.FP_ENDPOINT_REQUIRE_BROWSER === "1"
/** Why the browser test cannot run here, or undefined when Chromium is there. */
const chromiumMissing = existsSync(CHROMIUM)
  ? undefined
  : `Chromium not found at ${CHROMIUM}; install it with "apt-get install chromium" (see .ci/setup.sh) or set CHROMIUM_PATH`

interface Output {
  resolved: string
  results: unknown
}

const parseOutput = (stdout: string): Output => {
  const line = stdout.trim().split("\n").pop() ?? ""
  return JSON.parse(line) as Output
}

const expected = () => JSON.parse(JSON.stringify(run(src))) as unknown

describe.concurrent("the built package in every runtime gives Node's results", () => {
  it("ships only dist/, README.md, SECURITY.md, LICENSE and package.json", () => {
    const extra = files.filter((p) => !p.startsWith("dist/") && !["README.md", "SECURITY.md", "LICENSE", "package.json"].includes(p))
    expect(extra).toEqual([])
    for (const p of ["dist/esm/index.js", "dist/node/index.js", "dist/esm/index.d.ts", "dist/cjs/index.js", "dist/cjs/index.d.ts", "dist/cjs/package.json"]) {
      expect(files).toContain(p)
    }
  })

  it("Node, import (ES module build)", async () => {
    const { stdout } = await run$(process.execPath, ["node-import.mjs"], { cwd: app })
    const out = parseOutput(stdout)
    expect(out.resolved).toMatch(/\/node_modules\/fp-endpoint\/dist\/node\/index\.js$/)
    expect(out.results).toEqual(expected())
  })

  it("Node, require (CommonJS build)", async () => {
    const { stdout } = await run$(process.execPath, ["node-require.cjs"], { cwd: app })
    const out = parseOutput(stdout)
    expect(out.resolved).toMatch(/\/node_modules\/fp-endpoint\/dist\/cjs\/index\.js$/)
    expect(out.results).toEqual(expected())
  })

  it("Bun, import", async () => {
    const { stdout } = await run$(bun(), ["node-import.mjs"], { cwd: app, env: { ...process.env, BUN_RUNTIME_TRANSPILER_CACHE_PATH: "0" } })
    const out = parseOutput(stdout)
    expect(out.resolved).toMatch(/\/node_modules\/fp-endpoint\/dist\/node\/index\.js$/)
    expect(out.results).toEqual(expected())
  })

  it("Bun, require", async () => {
    const { stdout } = await run$(bun(), ["node-require.cjs"], { cwd: app })
    const out = parseOutput(stdout)
    expect(out.resolved).toMatch(/\/node_modules\/fp-endpoint\/dist\/cjs\/index\.js$/)
    expect(out.results).toEqual(expected())
  })

  it("Deno, import", async () => {
    const { stdout } = await run$(deno(), ["run", "--no-prompt", "--allow-read", "--allow-env", "node-import.mjs"], {
      cwd: app,
      env: { ...process.env, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1", DENO_DIR: join(app, ".deno") },
    })
    const out = parseOutput(stdout)
    expect(out.resolved).toMatch(/\/node_modules\/fp-endpoint\/dist\/node\/index\.js$/)
    expect(out.results).toEqual(expected())
  })

  it("Deno, require (CommonJS build, from a .cjs file)", async () => {
    const { stdout } = await run$(deno(), ["run", "--no-prompt", "--allow-read", "--allow-env", "node-require.cjs"], {
      cwd: app,
      env: { ...process.env, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1", DENO_DIR: join(app, ".deno") },
    })
    const out = parseOutput(stdout)
    expect(out.resolved).toMatch(/\/node_modules\/fp-endpoint\/dist\/cjs\/index\.js$/)
    expect(out.results).toEqual(expected())
  })

  it("headless Chromium, esbuild browser bundle", async (ctx) => {
    if (chromiumMissing !== undefined) {
      if (REQUIRE_BROWSER) throw new Error(`${chromiumMissing}. FP_ENDPOINT_REQUIRE_BROWSER=1: the browser test may not be skipped.`)
      console.warn(`skipping the headless Chromium test: ${chromiumMissing} (FP_ENDPOINT_REQUIRE_BROWSER=1 makes this a failure)`)
      ctx.skip(chromiumMissing)
    }
    const esbuild = await import("esbuild")
    const bundle = await esbuild.build({
      entryPoints: [join(app, "browser.mjs")],
      bundle: true,
      write: false,
      format: "iife",
      platform: "browser",
      target: "es2022",
      minify: true,
      metafile: true,
      logLevel: "silent",
      // the same fp-ts / io-ts ES module mapping as scripts/size.mjs
      plugins: [
        {
          name: "es-modules",
          setup(build) {
            build.onResolve({ filter: /^(fp-ts|io-ts)\/lib\// }, (a) =>
              build.resolve(a.path.replace(/^(fp-ts|io-ts)\/lib\//, "$1/es6/"), { kind: a.kind, resolveDir: a.resolveDir }),
            )
          },
        },
      ],
    })
    const inputs = Object.keys(bundle.metafile?.inputs ?? {})
    const code = bundle.outputFiles[0]!.text
    const { chromium } = await import("playwright-core")
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
      timeout: 30_000,
    })
    try {
      const page = await browser.newPage()
      const errors: Array<string> = []
      page.on("pageerror", (e) => errors.push(String(e)))
      await page.addScriptTag({ content: code })
      const out = (await page.evaluate(() => (globalThis as { __fpEndpoint?: unknown }).__fpEndpoint)) as
        | { userAgent: string; results: unknown }
        | undefined
      expect(errors).toEqual([])
      expect(out?.userAgent).toMatch(/HeadlessChrome|Chrome/)
      expect(out?.results).toEqual(expected())
    } finally {
      await browser.close()
    }
    // the bundle was made from the installed package, not from src/
    expect(inputs.some((p) => p.endsWith("node_modules/fp-endpoint/dist/esm/index.js"))).toBe(true)
    expect(inputs.some((p) => p.includes("/src/"))).toBe(false)
  })
})
