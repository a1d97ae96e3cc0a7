// Browser bundle size as a user gets it: esbuild bundles `import { endpoint } from
// "fp-endpoint"` from the built package, resolved by name through its package.json
// (exports, then fp-ts and io-ts as their own package.json files say), with no
// resolve plugins; minified, gzip -9.
//
//   node scripts/size.mjs            prints raw / minified / gzip sizes, exits 1 above the budget
//   node scripts/size.mjs --why      also lists the biggest inputs of the minified bundle
//   node scripts/size.mjs --entry "import { endpoint, toRequest } from 'fp-endpoint'; export { endpoint, toRequest }"
//
// The budget is 8 KB gzip (8192 bytes), issue 35's.
import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import * as esbuild from "esbuild"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const BUDGET = 8 * 1024

const args = process.argv.slice(2)
const why = args.includes("--why")
const entryAt = args.indexOf("--entry")
const entry = entryAt >= 0 ? args[entryAt + 1] : 'import { endpoint } from "fp-endpoint"\nexport { endpoint }\n'

const distEntry = join(root, "dist/esm/index.js")
if (!existsSync(distEntry)) {
  console.error("dist/esm is missing: building (npm run build)")
  execFileSync(process.execPath, [join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" })
}

const bundle = async (minify) => {
  const result = await esbuild.build({
    // "fp-endpoint" is this package, found by its own name from the root (self-reference)
    stdin: { contents: entry, resolveDir: root, loader: "js", sourcefile: "entry.js" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify,
    metafile: true,
    legalComments: "none",
    logLevel: "silent",
  })
  return { code: result.outputFiles[0].contents, metafile: result.metafile }
}

const raw = await bundle(false)
const min = await bundle(true)
const gzip = gzipSync(min.code, { level: 9 }).length

const kb = (n) => `${(n / 1024).toFixed(2)} KB`
console.log(`entry: ${entry.trim().split("\n").join("; ")}`)
console.log(`raw:  ${raw.code.length} bytes (${kb(raw.code.length)})`)
console.log(`min:  ${min.code.length} bytes (${kb(min.code.length)})`)
console.log(`gzip: ${gzip} bytes (${kb(gzip)})  budget ${kb(BUDGET)}`)

if (why || gzip > BUDGET) {
  const output = Object.values(min.metafile.outputs)[0]
  const inputs = Object.entries(output.inputs)
    .map(([path, { bytesInOutput }]) => ({ path, bytes: bytesInOutput }))
    .filter((i) => i.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes)
  const byPackage = new Map()
  for (const i of inputs) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(i.path)
    const key = m ? m[1] : "fp-endpoint"
    byPackage.set(key, (byPackage.get(key) ?? 0) + i.bytes)
  }
  console.log("\nminified bytes by package:")
  for (const [name, bytes] of [...byPackage].sort((a, b) => b[1] - a[1])) console.log(`  ${String(bytes).padStart(7)}  ${name}`)
  console.log("\nbiggest inputs (minified bytes):")
  for (const i of inputs.slice(0, 40)) console.log(`  ${String(i.bytes).padStart(7)}  ${i.path}`)
}

if (gzip > BUDGET) {
  console.error(`\nFAIL: ${gzip} bytes gzip is above the ${BUDGET}-byte budget`)
  process.exit(1)
}
