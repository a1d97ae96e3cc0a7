// The ```ts blocks of the README and of docs/*.md, which the tests run (readme.test.ts) and
// type-check against the package (compile.test.ts).
import { readdirSync, readFileSync } from "node:fs"

/** A code block: where it is (file and line) and its text. */
export interface Block {
  readonly where: string
  readonly code: string
}

const root = new URL("../", import.meta.url)

/** The documents whose blocks are examples: the README and the pages of docs/ (not the generated reference). */
export const documents = (): Array<string> => [
  "README.md",
  ...readdirSync(new URL("docs/", root))
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => `docs/${f}`),
]

/** The ```ts blocks of one document. */
export const blocksOf = (path: string): Array<Block> => {
  const lines = readFileSync(new URL(path, root), "utf8").split("\n")
  const out: Array<Block> = []
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== "```ts") continue
    const end = lines.indexOf("```", i + 1)
    out.push({ where: `${path} line ${i + 2}`, code: lines.slice(i + 1, end).join("\n") })
    i = end
  }
  return out
}

/** A line that ends with a one-line `console.log(…)` call. */
export const LOGS = /console\.log\(.*\)\s*$/

/** What a block says it prints: for each line ending in a `console.log(…)` and followed by `// ` comment lines, the
 * line number (from 1, in the block) and the text of those comments, one line each, up to the next line that is
 * not a comment (a blank line ends the output before a comment that is prose). */
export const printed = (code: string): Map<number, string> => {
  const lines = code.split("\n")
  const out = new Map<number, string>()
  lines.forEach((line, i) => {
    if (!LOGS.test(line)) return
    const comments: Array<string> = []
    for (let j = i + 1; j < lines.length && /^\s*\/\/( |$)/.test(lines[j]!); j++)
      comments.push(lines[j]!.replace(/^\s*\/\/ ?/, ""))
    if (comments.length > 0) out.set(i + 1, comments.join("\n"))
  })
  return out
}
