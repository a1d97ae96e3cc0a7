// `npm run profile`: runs the standard mix in a loop under `node --cpu-prof` and prints the
// top frames by self time, as in the README's performance section. Builds first.
//   node scripts/profile.mjs [--top 15] [--calls 500000]
import { execFileSync } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name)
  return i >= 0 ? Number(process.argv[i + 1]) : fallback
}
const TOP = arg("--top", 15)
const CALLS = arg("--calls", 500_000)

execFileSync("npm", ["run", "build", "--silent"], { stdio: "inherit" })
const dir = mkdtempSync(join(tmpdir(), "fp-endpoint-profile-"))
const loop = join(dir, "loop.mjs")
writeFileSync(
  loop,
  `import { endpoint } from ${JSON.stringify(resolve("dist/esm/index.js"))}
let sink
for (let i = 0; i < ${CALLS}; i++) {
  sink = endpoint("GET /orgs/{org}/repos", { org: "octokit", type: "private", per_page: 100 })
  sink = endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Bug", body: "It broke", labels: ["bug"] })
  sink = endpoint({ method: "GET", url: "/repos/{owner}/{repo}/contents/{path}", owner: "o", repo: "r", path: "README.md", mediaType: { format: "raw" } })
  sink = endpoint("POST https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}", { name: "example.zip", label: "Example File", data: "binary-ish", headers: { "content-type": "application/zip" } })
}
`,
)
execFileSync(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${dir}`, loop], { stdio: "inherit" })
const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"))
const profile = JSON.parse(readFileSync(join(dir, file), "utf8"))
rmSync(dir, { recursive: true, force: true })

const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const self = new Map()
profile.samples.forEach((id, i) => {
  const { functionName, url, lineNumber } = byId.get(id).callFrame
  if (functionName === "(idle)" || functionName === "(program)") return
  const key = `${functionName || "(anonymous)"} ${url.split("/").pop()}:${lineNumber + 1}`
  self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0))
})
const total = [...self.values()].reduce((a, b) => a + b, 0)
console.log(`top ${TOP} frames by self time over ${CALLS} rounds of the mix (${process.version}):`)
for (const [key, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
  console.log(`${((t / total) * 100).toFixed(1).padStart(5)}%  ${key}`)
}
