// `node scripts/ab.mjs <old index.js> [<new index.js>]`: the standard mix of bench/mix.mjs, two
// builds interleaved in one process (the machine's drift cancels out), median ns per call of each
// case and the new ÷ old ratio. The new build defaults to this checkout's dist/esm (npm run build).
// An old build: `git worktree add /tmp/old <commit>`, link node_modules, `node scripts/build.mjs`.
import { resolve } from "node:path"
import { pathToFileURL } from "node:url"

const [oldPath, newPath = "dist/esm/index.js"] = process.argv.slice(2)
if (oldPath === undefined) throw new Error("usage: node scripts/ab.mjs <old dist/esm/index.js> [<new dist/esm/index.js>]")
const load = async (p) => (await import(pathToFileURL(resolve(p)).href)).endpoint
const builds = [await load(oldPath), await load(newPath)]

const mix = (endpoint) => [
  () => endpoint("GET /orgs/{org}/repos", { org: "octokit", type: "private", per_page: 100 }),
  () => endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Bug", body: "It broke", labels: ["bug"] }),
  () => endpoint({ method: "GET", url: "/repos/{owner}/{repo}/contents/{path}", owner: "o", repo: "r", path: "README.md", mediaType: { format: "raw" } }),
  () => endpoint("POST https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}", {
    name: "example.zip", label: "Example File", data: "binary-ish", headers: { "content-type": "application/zip" },
  }),
]
const cases = builds.map(mix)
const N = 20_000
const time = (f) => {
  const start = process.hrtime.bigint()
  for (let i = 0; i < N; i++) f()
  return Number(process.hrtime.bigint() - start) / N
}
for (let w = 0; w < 3; w++) for (const c of cases) c.forEach(time) // warm-up
const samples = cases.map((c) => c.map(() => []))
for (let round = 0; round < 30; round++) {
  for (let i = 0; i < 4; i++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0]
    for (const b of order) samples[b][i].push(time(cases[b][i]))
  }
}
const median = (xs) => [...xs].sort((p, q) => p - q)[xs.length >> 1]
const totals = [0, 0]
for (let i = 0; i < 4; i++) {
  const [a, b] = [median(samples[0][i]), median(samples[1][i])]
  totals[0] += a
  totals[1] += b
  console.log(`case ${i + 1}: old ${a.toFixed(0)} ns, new ${b.toFixed(0)} ns, new ÷ old ${(b / a).toFixed(3)}`)
}
console.log(`mix: old ${totals[0].toFixed(0)} ns, new ${totals[1].toFixed(0)} ns, new ÷ old ${(totals[1] / totals[0]).toFixed(3)}`)
