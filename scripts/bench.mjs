// `npm run bench`: builds, then runs every bench/*.mjs in turn, each in its own process.
// Pass --quick (or set BENCH_QUICK=1) for a short smoke run, as CI does.
import { execFileSync } from "node:child_process"
import { readdirSync } from "node:fs"

const quick = process.argv.includes("--quick") || process.env.BENCH_QUICK === "1"
execFileSync("npm", ["run", "build", "--silent"], { stdio: "inherit" })
const files = readdirSync("bench").filter((f) => f.endsWith(".mjs")).sort()
for (const f of files) {
  console.log(`\n## bench/${f}\n`)
  execFileSync(process.execPath, ["--expose-gc", "--max-semi-space-size=64", `bench/${f}`], {
    stdio: "inherit",
    env: { ...process.env, BENCH_QUICK: quick ? "1" : "" },
  })
}
