// Builds dist/esm (ES modules) and dist/cjs (CommonJS), each with its own .d.ts files.
import { execFileSync } from "node:child_process"
import { chmodSync, existsSync, rmSync, writeFileSync } from "node:fs"

const tsc = (project) => execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", project], { stdio: "inherit" })

rmSync("dist", { recursive: true, force: true })
tsc("tsconfig.build.json")
tsc("tsconfig.cjs.json")
writeFileSync("dist/cjs/package.json", JSON.stringify({ type: "commonjs" }) + "\n")
if (existsSync("dist/esm/cli.js")) chmodSync("dist/esm/cli.js", 0o755)
