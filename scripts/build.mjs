// Builds the package:
//   dist/esm   one ES module per source module, with its .d.ts (tsc): what bundlers read
//              (the "module" condition), so an application's bundle keeps only what it imports;
//   dist/node  the same code bundled into one ES module (esbuild; fp-ts and io-ts stay
//              imports): what Node, Bun and Deno import (the "default" condition), since a
//              fresh process loads one file much faster than twenty;
//   dist/cjs   one CommonJS file for require(), with the .d.ts of a CommonJS build (tsc).
import { execFileSync } from "node:child_process"
import { chmodSync, rmSync, writeFileSync } from "node:fs"
import * as esbuild from "esbuild"

const tsc = (...args) => execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", ...args], { stdio: "inherit" })

const bundle = (entry, outfile, format) =>
  esbuild.buildSync({ entryPoints: [entry], outfile, format, bundle: true, packages: "external", platform: "neutral", target: "es2022", logLevel: "warning" })

rmSync("dist", { recursive: true, force: true })
tsc("-p", "tsconfig.build.json")
tsc("-p", "tsconfig.cjs.json", "--emitDeclarationOnly")
bundle("src/index.ts", "dist/node/index.js", "esm")
bundle("src/index.ts", "dist/cjs/index.js", "cjs")
bundle("src/cli.ts", "dist/node/cli.js", "esm")
writeFileSync("dist/cjs/package.json", JSON.stringify({ type: "commonjs" }) + "\n")
chmodSync("dist/node/cli.js", 0o755)
