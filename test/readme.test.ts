// Runs every ```ts block of README.md and docs/*.md, with "fp-endpoint" resolved to this checkout's
// source, so the examples cannot rot. Each block is a module of its own. A one-line `console.log(…)`
// followed by `// ` comments must print exactly those comments: an example shows what it prints.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { format } from "node:util"
import { describe, expect, test } from "vitest"
import { blocksOf, documents, LOGS, printed } from "./markdown.js"

const dir = fileURLToPath(new URL("./.readme/", import.meta.url))
const shown: Array<[number, string]> = []
;(globalThis as Record<string, unknown>).__shown = (line: number, ...args: Array<unknown>) => shown.push([line, format(...args)])

/** The block with each one-line console.log recording what it prints and where. */
const instrumented = (code: string): string =>
  code
    .split("\n")
    .map((line, i) => (LOGS.test(line) ? line.replace("console.log(", `__shown(${i + 1}, `) : line))
    .join("\n")
    .replaceAll('from "fp-endpoint"', 'from "../../src/index.js"')
    .concat("\ndeclare const __shown: (line: number, ...args: Array<unknown>) => void\n")

// a page without ts blocks (docs/decisions.md, whose tables test/decisions.test.ts pins) has nothing to run here
const withExamples = documents().filter((path) => path === "README.md" || blocksOf(path).length > 0)

describe.each(withExamples)("%s", (path) => {
  const blocks = blocksOf(path)
  if (path === "README.md")
    test("has examples", () => {
      expect(blocks.length).toBeGreaterThanOrEqual(3)
    })
  mkdirSync(dir, { recursive: true })
  for (const { where, code } of blocks) {
    test(`the block at ${where} runs and prints what its comments say`, async () => {
      const file = `${dir}${where.replace(/[^\w]+/g, "-")}.ts`
      writeFileSync(file, instrumented(code))
      shown.length = 0
      await import(/* @vite-ignore */ file)
      const expected = printed(code)
      for (const [line, text] of shown) if (expected.has(line)) expect(`line ${line}: ${text}`).toBe(`line ${line}: ${expected.get(line)}`)
      expect([...expected.keys()].filter((l) => !shown.some(([at]) => at === l))).toEqual([]) // each one ran
    })
  }
})

test("the README is for reading in five minutes: at most 15,000 bytes", () => {
  expect(readFileSync(new URL("../README.md", import.meta.url)).length).toBeLessThanOrEqual(15_000)
})

test("the README's first sh block is the two fresh-clone commands CI runs", () => {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8")
  const block = /```sh\n([\s\S]*?)\n```/.exec(readme)?.[1]?.split("\n") ?? []
  expect(block).toHaveLength(2)
  expect(block[0]).toMatch(/^npm install && npx fp-endpoint /)
  expect(block[1]).toBe("npm test")
  expect(readFileSync(new URL("../.ci/run", import.meta.url), "utf8")).toContain("README")
})

rmSync(dir, { recursive: true, force: true })
