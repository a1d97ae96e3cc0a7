// The README's "## Types" example is the region of test/types/readme.test-d.ts
// (where the compiler checks it), word for word.
import { readFileSync } from "node:fs"
import { expect, test } from "vitest"

const read = (path: string): string => readFileSync(new URL(path, import.meta.url), "utf8")

/** The lines between the region markers, with the region's indentation removed. */
const region = (source: string): string => {
  const lines = source.split("\n")
  const start = lines.findIndex((l) => l.trim() === "// region:readme")
  const end = lines.findIndex((l) => l.trim() === "// endregion")
  const body = lines.slice(start + 1, end)
  const indent = Math.min(...body.filter((l) => l.trim() !== "").map((l) => l.length - l.trimStart().length))
  return body.map((l) => l.slice(indent)).join("\n")
}

/** The first ```ts block after "## Types", without its import lines and the blank line after them. */
const readmeBlock = (readme: string): string => {
  const section = readme.slice(readme.indexOf("\n## Types\n"))
  const open = section.indexOf("```ts\n") + "```ts\n".length
  const lines = section.slice(open, section.indexOf("\n```", open)).split("\n")
  let i = 0
  while (i < lines.length && (lines[i]!.startsWith("import ") || lines[i]!.trim() === "")) i++
  return lines.slice(i).join("\n")
}

test("the README's types example is the type-checked one", () => {
  const readme = read("../../README.md")
  expect(readme).toContain("\n## Types\n")
  expect(readmeBlock(readme)).toBe(region(read("./readme.test-d.ts")))
})
