// The design budgets, measured on this checkout (after `npm run build`): lines of src/ and of its core,
// throw and try statements, the longest functions, a user's browser bundle of `import { endpoint }`, and
// the import time in a fresh process against io-ts's. Prints one line a budget; never fails.
//
//   node scripts/budgets.mjs
import { execFileSync } from "node:child_process"
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { pathToFileURL } from "node:url"
import { gzipSync } from "node:zlib"
import * as esbuild from "esbuild"
import ts from "typescript"

const root = new URL("..", import.meta.url).pathname
const report = (ok, what, value, goal) => console.log(`${ok ? "ok  " : "OVER"}  ${what}: ${value} (goal ${goal})`)
/** The edges: the fetch adapters, the command line and the pipeline; the rest of src/ is the core. */
const EDGE = /(?:Fetch|CommandLine|cli|Pipeline)\.ts$/

const files = (dir) => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]))
const counts = { core: 0, all: 0, wide: 0, coreThrow: 0, coreTry: 0, throw: 0, try: 0 }
const functions = []
for (const file of files(join(root, "src")).filter((f) => f.endsWith(".ts"))) {
  const text = readFileSync(file, "utf8")
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0)
  const core = !EDGE.test(file)
  counts.all += lines
  if (core) counts.core += lines
  counts.wide += text.split("\n").filter((l) => l.length > 120).length
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const line = (pos) => source.getLineAndCharacterOfPosition(pos).line + 1
  const visit = (node) => {
    if (ts.isThrowStatement(node) || ts.isTryStatement(node)) {
      const kind = ts.isThrowStatement(node) ? "throw" : "try"
      counts[kind]++
      if (core) counts[kind === "throw" ? "coreThrow" : "coreTry"]++
    }
    if (ts.isFunctionLike(node) && "body" in node && node.body !== undefined) {
      functions.push([line(node.getEnd()) - line(node.getStart()) + 1, `${relative(root, file)}:${line(node.getStart())}`])
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
}
functions.sort((a, b) => b[0] - a[0])
report(counts.core <= 1400, "lines in the core (src/ but the edges)", counts.core, "≤ 1400")
report(counts.all <= 2000, "lines in src/", counts.all, "≤ 2000")
report(counts.wide === 0, "lines over 120 characters", counts.wide, "0")
report(counts.coreThrow <= 3 && counts.coreTry <= 5, "throw / try in the core", `${counts.coreThrow} / ${counts.coreTry}`, "≤ 3 / ≤ 5")
report(counts.throw <= 10 && counts.try <= 12, "throw / try in src/", `${counts.throw} / ${counts.try}`, "≤ 10 / ≤ 12")
report(functions[0][0] <= 50, "longest functions", functions.slice(0, 3).map(([n, w]) => `${n} ${w}`).join(", "), "≤ 50 lines")

const bundle = esbuild.buildSync({
  stdin: { contents: 'export { endpoint } from "fp-endpoint"', resolveDir: root, loader: "js" },
  bundle: true, minify: true, format: "esm", platform: "browser", write: false, logLevel: "silent",
})
const gzip = gzipSync(bundle.outputFiles[0].contents, { level: 9 }).length
report(gzip <= 8192, "a user's bundle of endpoint, min+gzip", `${gzip} B`, "≤ 8192 B")

const probe = "const t = performance.now(); await import(process.argv[1]); console.log(performance.now() - t)"
const once = (url) => Number(execFileSync(process.execPath, ["--input-type=module", "-e", probe, url], { encoding: "utf8" }))
const ours = pathToFileURL(join(root, "dist/node/index.js")).href
const iots = pathToFileURL(join(root, "node_modules/io-ts/lib/index.js")).href
const [a, b] = [[], []]
for (let i = 0; i < 9; i++) a.push(once(ours)), b.push(once(iots))
const median = (xs) => xs.sort((x, y) => x - y)[xs.length >> 1]
const ratio = median(a) / median(b)
report(ratio <= 1.5, "import() in a fresh process against io-ts's", `${median(a).toFixed(1)} / ${median(b).toFixed(1)} ms = ${ratio.toFixed(2)}x`, "≤ 1.5x")
