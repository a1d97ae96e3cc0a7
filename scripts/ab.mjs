// Two builds side by side in one process, on the standard mix: the A/B comparison behind the
// "effect" column of the README's performance section.
//   node scripts/ab.mjs <dist/esm of build A> <dist/esm of build B> [--rounds 40] [--shapes]
// A build of another commit: git worktree add /tmp/a <rev> && (cd /tmp/a && npm install && npm run build)
// Each build runs the four cases in interleaved batches; whichever build goes first in a round
// tends to read a few % slower, so the comparison runs twice, once in each order, and averages.
import { resolve } from "node:path"
import { pathToFileURL } from "node:url"

const args = process.argv.slice(2)
const roundsAt = args.indexOf("--rounds")
const ROUNDS = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 40
// --shapes: before measuring, each build is called with options of eight more shapes, as an
// application calling many routes would; V8's shape-dependent fast paths then no longer apply
const SHAPES = args.includes("--shapes")
const dists = args.filter((a, i) => !a.startsWith("--") && (roundsAt < 0 || i !== roundsAt + 1))
if (dists.length !== 2) {
  console.error("usage: node scripts/ab.mjs <distA> <distB> [--rounds 40] [--shapes]")
  process.exit(2)
}

const casesOf = (endpoint) => [
  () => endpoint("GET /orgs/{org}/repos", { org: "octokit", type: "private", per_page: 100 }),
  () => endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Bug", body: "It broke", labels: ["bug"] }),
  () =>
    endpoint({ method: "GET", url: "/repos/{owner}/{repo}/contents/{path}", owner: "o", repo: "r", path: "README.md", mediaType: { format: "raw" } }),
  () =>
    endpoint("POST https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}", {
      name: "example.zip",
      label: "Example File",
      data: "binary-ish",
      headers: { "content-type": "application/zip" },
    }),
]

let sink
const batch = (f, n) => {
  const t0 = process.hrtime.bigint()
  for (let i = 0; i < n; i++) sink = f()
  return Number(process.hrtime.bigint() - t0) / n
}

/** Best ns per call of each case of each build, in interleaved rounds. */
const run = (builds) => {
  const fs = builds.flat()
  const best = fs.map(() => Infinity)
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < fs.length; k++) {
      const i = (k + r) % fs.length
      best[i] = Math.min(best[i], batch(fs[i], 5_000))
    }
  }
  return builds.map((_, j) => best.slice(4 * j, 4 * j + 4))
}

const MORE_SHAPES = [{ a: 1 }, { b: 1, c: 2 }, { d: 1, e: 2, f: 3 }, { g: 1 }, { h: 1, i: 1 }, { j: 1, k: 2, l: 3, m: 4 }, { n: 1 }, { o: 1, p: 1 }]
const load = async (dist) => {
  const { endpoint } = await import(pathToFileURL(resolve(dist, "index.js")).href)
  if (SHAPES) for (const options of MORE_SHAPES) for (let i = 0; i < 1_000; i++) sink = endpoint("GET /x", options)
  return casesOf(endpoint)
}
const A = await load(dists[0])
const B = await load(dists[1])
const [a1, b1] = run([A, B])
const [b2, a2] = run([B, A])
const mean = (x, y) => x.map((v, i) => (v + y[i]) / 2)
const a = mean(a1, a2)
const b = mean(b1, b2)
const show = (label, xs) =>
  console.log(label.padEnd(8), xs.map((x) => x.toFixed(0).padStart(5)).join(" "), "  mix", xs.reduce((s, x) => s + x, 0).toFixed(0))
console.log(
  `ns per call, cases 1-4, best of ${ROUNDS} interleaved rounds, mean of both load orders${SHAPES ? ", after eight more shapes of options" : ""} (node ${process.version})`,
)
show("A", a)
show("B", b)
console.log(`B ÷ A on the mix: ${(b.reduce((s, x) => s + x, 0) / a.reduce((s, x) => s + x, 0)).toFixed(3)}`)
if (sink === undefined) console.log("") // keeps the results alive
