// What a TypeScript user copies must compile against the package as published:
// every ```ts block of README.md and docs/*.md and every @example of the built declarations
// (dist/esm/*.d.ts) becomes a module of its own in test/.compiled/, importing
// "fp-endpoint" by name (the package's own exports, as a user's compiler reads
// them), and one strict tsc run checks them all.
import { execFileSync } from "node:child_process"
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { beforeAll, describe, expect, test } from "vitest"
import { ensureBuilt } from "./built.js"
import { blocksOf, documents } from "./markdown.js"

const root = fileURLToPath(new URL("../", import.meta.url))
const dir = fileURLToPath(new URL("./.compiled/", import.meta.url))

/** The @example blocks of the doc comments in a declaration file. */
const examples = (file: string, text: string): Array<{ where: string; code: string }> => {
  const out: Array<{ where: string; code: string }> = []
  const lines = text.split("\n")
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*\* @example\s*$/.test(lines[i]!)) continue
    const body: Array<string> = []
    let j = i + 1
    for (; j < lines.length && !/^\s*\*\s*@\w|^\s*\*\//.test(lines[j]!); j++) body.push(lines[j]!.replace(/^\s*\* ?/, ""))
    out.push({ where: `${file} line ${i + 1}`, code: body.join("\n") })
    i = j - 1
  }
  return out
}

const declarations = (): Array<{ where: string; code: string }> => {
  const esm = `${root}dist/esm/`
  const walk = (d: string): Array<string> =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${d}${e.name}/`) : e.name.endsWith(".d.ts") ? [`${d}${e.name}`] : []))
  return walk(esm).flatMap((f) => examples(f.slice(root.length), readFileSync(f, "utf8")))
}

describe("what users copy compiles against the published package", () => {
  let blocks: Array<{ where: string; code: string }> = []
  beforeAll(() => {
    ensureBuilt(["dist/esm/index.d.ts"])
    blocks = [...documents().flatMap(blocksOf), ...declarations()]
  })

  test("README blocks and every @example type-check (strict, by package name)", () => {
    expect(blocks.length).toBeGreaterThan(60) // the README's, the guide's and every export's example
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    const names = blocks.map((b, i) => {
      const name = `block${i}.ts`
      writeFileSync(`${dir}${name}`, `// ${b.where}\n${b.code}\nexport {}\n`)
      return name
    })
    writeFileSync(
      `${dir}tsconfig.json`,
      JSON.stringify({
        compilerOptions: {
          target: "ES2022", lib: ["ES2022", "DOM"], module: "NodeNext", moduleResolution: "NodeNext",
          strict: true, noEmit: true, skipLibCheck: true, types: ["node"], noUnusedLocals: false,
        },
        files: names,
      }),
    )
    let output = ""
    try {
      execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, "-p", `${dir}tsconfig.json`], { encoding: "utf8" })
    } catch (e) {
      output = String((e as { stdout?: string }).stdout ?? e)
    }
    // name the block behind each error, so a failure says which example to fix
    const failures = [...output.matchAll(/block(\d+)\.ts\((\d+),\d+\): (error .*)/g)].map(
      ([, i, line, message]) => `${blocks[Number(i)]!.where} (+${Number(line) - 1}): ${message}`,
    )
    expect(failures).toEqual([])
  }, 120_000)
})
