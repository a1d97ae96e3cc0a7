// Runs every ```ts block of README.md, with "fp-endpoint" resolved to this checkout's source,
// so the README's examples cannot rot. Each block is a module of its own; its asserts are the test.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, test } from "vitest"

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8")
const dir = fileURLToPath(new URL("./.readme/", import.meta.url))

const blocks: Array<{ line: number; code: string }> = []
{
  const lines = readme.split("\n")
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== "```ts") continue
    const start = i + 1
    let end = start
    while (end < lines.length && lines[end] !== "```") end++
    blocks.push({ line: start + 1, code: lines.slice(start, end).join("\n") })
    i = end
  }
}

describe("README examples", () => {
  test("the README has runnable examples", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5)
  })
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  for (const { line, code } of blocks) {
    test(`the block at README.md line ${line} runs`, async () => {
      const file = `${dir}block-${line}.ts`
      const source = code
        .replaceAll('from "fp-endpoint"', 'from "../../src/index.js"')
        .replaceAll('from "fp-endpoint/', 'from "../../src/')
      writeFileSync(file, source)
      await import(/* @vite-ignore */ file)
    })
  }
})
