// Fails when docs/api/ (the API reference, markdown written by typedoc from the doc comments) is not what
// `npm run docs` writes now: it is generated into a scratch directory and compared file by file.
//
//   node scripts/check-api.mjs     exit 1 and the files that differ; run `npm run docs` and commit them
import { execFileSync } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"

const root = new URL("..", import.meta.url).pathname
const scratch = mkdtempSync(join(tmpdir(), "fp-endpoint-api-"))
const files = (dir) => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]))
try {
  execFileSync(process.execPath, [join(root, "node_modules/typedoc/bin/typedoc"), "--out", scratch, "--logLevel", "Warn"], { cwd: root, stdio: "inherit" })
  const [now, committed] = [scratch, join(root, "docs/api")].map((d) => new Map(files(d).map((f) => [relative(d, f), readFileSync(f, "utf8")])))
  const stale = [...new Set([...now.keys(), ...committed.keys()])].filter((f) => now.get(f) !== committed.get(f)).sort()
  if (stale.length > 0) {
    console.error(`docs/api is not current (${stale.length} files differ): run npm run docs and commit it\n  ${stale.slice(0, 20).join("\n  ")}`)
    process.exitCode = 1
  } else console.log(`docs/api: current (${now.size} files)`)
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
