// Builds the package:
//   dist/esm   one ES module per source module, with its .d.ts (tsc): what bundlers read
//              (the "module" condition), so an application's bundle keeps only what it imports;
//   dist/cjs   one CommonJS file (esbuild; fp-ts and io-ts stay requires) for require(), with the
//              .d.ts of a CommonJS build (tsc), and the command line's executable;
//   dist/node  an ES module over that CommonJS file: what Node, Bun and Deno import (the "default"
//              condition). Importing fp-ts's CommonJS modules from an ES module makes Node read each
//              for its export names; required, they load three times as fast.
import { execFileSync } from "node:child_process"
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import * as esbuild from "esbuild"

const tsc = (...args) => execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", ...args], { stdio: "inherit" })

// "#fp-ts/*" becomes "fp-ts/lib/*", fp-ts's CommonJS build, in the CommonJS files: no nested "imports" field is needed
const fpTsLib = { name: "fp-ts-lib", setup: (b) => b.onResolve({ filter: /^#fp-ts\// }, (a) => ({ path: a.path.replace("#fp-ts/", "fp-ts/lib/"), external: true })) }
const bundle = (entry, outfile, format) =>
  esbuild.build({ entryPoints: [entry], outfile, format, bundle: true, packages: "external", plugins: [fpTsLib], platform: "neutral", target: "es2022", logLevel: "warning" })

rmSync("dist", { recursive: true, force: true })
tsc("-p", "tsconfig.build.json")
tsc("-p", "tsconfig.cjs.json", "--emitDeclarationOnly")
// the executable is dist/cjs/cli.js (below): tsc's ES module copy of it and its empty declarations are not published
for (const f of ["dist/esm/cli.js", "dist/esm/cli.d.ts", "dist/cjs/cli.d.ts"]) rmSync(f)
await bundle("src/index.ts", "dist/cjs/index.js", "cjs")
writeFileSync("dist/cjs/package.json", JSON.stringify({ type: "commonjs" }) + "\n")
await bundle("src/cli.ts", "dist/cjs/cli.js", "cjs")
// esbuild wraps each `import * as` of a CommonJS module in an object of getters, one call per read of
// E.isLeft and the like (a third of endpoint's time under Node). fp-ts and io-ts mark their modules
// __esModule, so the module object is already the namespace: require it as it is.
for (const file of ["dist/cjs/index.js", "dist/cjs/cli.js"]) {
  const code = readFileSync(file, "utf8")
  const direct = code.replace(/__toESM\((require\("(?:fp-ts\/lib\/[\w.]+|io-ts)"\)), 1\)/g, "$1")
  if (direct === code || direct.includes('__toESM(require("fp-ts') || direct.includes('__toESM(require("io-ts')) throw new Error(`${file}: the fp-ts and io-ts requires are not as expected`)
  writeFileSync(file, direct)
}
chmodSync("dist/cjs/cli.js", 0o755)
const names = Object.keys(createRequire(import.meta.url)("../dist/cjs/index.js")).filter((n) => n !== "__esModule")
mkdirSync("dist/node", { recursive: true })
writeFileSync("dist/node/index.js", `import { createRequire } from "node:module"
const m = createRequire(import.meta.url)("../cjs/index.js")
export const { ${names.join(", ")} } = m
`)
