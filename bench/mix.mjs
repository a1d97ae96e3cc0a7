// The standard mix of issue 7, side by side and interleaved: fp-endpoint, @octokit/endpoint,
// and a hand-written function per case (the floor). Prints ns/op, ops/s, bytes allocated per
// call and the ratios. Also: cascaded defaults (1 vs 50 steps) and cold first calls. Scaling is
// bench/scaling.mjs, in a process of its own.
//
// Run through `npm run bench` (it builds first and passes --expose-gc). BENCH_QUICK=1 shortens it.
import { endpoint as octokit } from "@octokit/endpoint"
import { endpoint } from "fp-endpoint" // as Node resolves it for users: dist/node, over the CommonJS build
import { batch, fmt, gc, machine, median, QUICK, row } from "./lib/measure.mjs"

const ROUNDS = QUICK ? 5 : 40
const BATCH = QUICK ? 2_000 : 20_000

const UA = endpoint.DEFAULTS.headers["user-agent"]
const ACCEPT = "application/vnd.github.v3+json"

// ---------------------------------------------------------------------------------------------
// the mix
// ---------------------------------------------------------------------------------------------

const cases = [
  {
    name: "1 GET /orgs/{org}/repos",
    ours: () => endpoint("GET /orgs/{org}/repos", { org: "octokit", type: "private", per_page: 100 }),
    octokit: () => octokit("GET /orgs/{org}/repos", { org: "octokit", type: "private", per_page: 100 }),
    floor: () => {
      const o = { org: "octokit", type: "private", per_page: 100 }
      return {
        method: "get",
        url: `https://api.github.com/orgs/${encodeURIComponent(o.org)}/repos?type=${encodeURIComponent(o.type)}&per_page=${o.per_page}`,
        headers: { accept: ACCEPT, "user-agent": UA },
      }
    },
  },
  {
    name: "2 POST /repos/{owner}/{repo}/issues",
    ours: () =>
      endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Bug", body: "It broke", labels: ["bug"] }),
    octokit: () =>
      octokit("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Bug", body: "It broke", labels: ["bug"] }),
    floor: () => {
      const o = { owner: "octokit", repo: "rest.js", title: "Bug", body: "It broke", labels: ["bug"] }
      return {
        method: "post",
        url: `https://api.github.com/repos/${encodeURIComponent(o.owner)}/${encodeURIComponent(o.repo)}/issues`,
        headers: { accept: ACCEPT, "user-agent": UA, "content-type": "application/json; charset=utf-8" },
        body: { title: o.title, body: o.body, labels: o.labels },
      }
    },
  },
  {
    name: "3 GET contents/{path} with format raw",
    ours: () =>
      endpoint({ method: "GET", url: "/repos/{owner}/{repo}/contents/{path}", owner: "o", repo: "r", path: "README.md", mediaType: { format: "raw" } }),
    octokit: () =>
      octokit({ method: "GET", url: "/repos/{owner}/{repo}/contents/{path}", owner: "o", repo: "r", path: "README.md", mediaType: { format: "raw" } }),
    floor: () => {
      const o = { owner: "o", repo: "r", path: "README.md" }
      return {
        method: "get",
        url: `https://api.github.com/repos/${encodeURIComponent(o.owner)}/${encodeURIComponent(o.repo)}/contents/${encodeURIComponent(o.path)}`,
        headers: { accept: "application/vnd.github.v3.raw", "user-agent": UA },
      }
    },
  },
  {
    name: "4 POST uploads ...assets{?name,label} with data",
    ours: () =>
      endpoint("POST https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}", {
        name: "example.zip",
        label: "Example File",
        data: "binary-ish",
        headers: { "content-type": "application/zip" },
      }),
    octokit: () =>
      octokit("POST https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}", {
        name: "example.zip",
        label: "Example File",
        data: "binary-ish",
        headers: { "content-type": "application/zip" },
      }),
    floor: () => {
      const o = { name: "example.zip", label: "Example File", data: "binary-ish" }
      return {
        method: "post",
        url: `https://uploads.github.com/repos/o/r/releases/1/assets?name=${encodeURIComponent(o.name)}&label=${encodeURIComponent(o.label)}`,
        headers: { accept: ACCEPT, "user-agent": UA, "content-type": "application/zip" },
        body: o.data,
      }
    },
  },
]

// ---------------------------------------------------------------------------------------------
// measurement
// ---------------------------------------------------------------------------------------------

let kept // the last result, so that no call is optimised away
/** Bytes allocated per call: heap growth over a batch small enough to fit the young generation. */
const bytesPerCall = (f) => {
  const n = 2_000
  for (let i = 0; i < 3; i++) {
    gc()
    const h0 = process.memoryUsage().heapUsed
    for (let j = 0; j < n; j++) kept = f()
    const h1 = process.memoryUsage().heapUsed
    if (h1 > h0) return Math.round((h1 - h0) / n)
  }
  return NaN
}
/** Bytes per call as printed: "n/a" when the heap did not grow measurably (or gc() is missing). */
const shownBytes = (b) => (Number.isNaN(b) ? "n/a" : String(b))

/** Interleaved rounds: every implementation runs one batch per round, in rotating order. */
const compare = (impls) => {
  const samples = impls.map(() => [])
  for (const impl of impls) batch(impl.f, BATCH) // warm-up
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < impls.length; k++) {
      const i = (k + r) % impls.length
      samples[i].push(batch(impls[i].f, BATCH))
    }
  }
  return impls.map((impl, i) => ({
    name: impl.name,
    ns: median(samples[i]),
    best: Math.min(...samples[i]),
    bytes: bytesPerCall(impl.f),
  }))
}


console.log(machine())
console.log(`method: median of ${ROUNDS} interleaved rounds of ${BATCH} calls; bytes from heap growth over 2000 calls\n`)

// sanity: all three build the same thing
for (const c of cases) {
  const a = JSON.stringify(c.ours())
  const b = JSON.stringify(c.floor())
  if (a !== b) throw new Error(`floor differs from fp-endpoint in "${c.name}":\n${a}\n${b}`)
}

console.log(row(["case", "fp-endpoint ns/op", "octokit ns/op", "floor ns/op", "fp ops/s", "fp B/call", "octokit B/call", "octokit ÷ fp", "fp ÷ floor"]))
console.log(row(Array(9).fill("---")))
const totals = { ours: 0, octokit: 0, floor: 0 }
const bests = { ours: 0, octokit: 0, floor: 0 } // the best batch of each: what interference cannot add to
for (const c of cases) {
  const [ours, oct, floor] = compare([
    { name: "fp-endpoint", f: c.ours },
    { name: "octokit", f: c.octokit },
    { name: "floor", f: c.floor },
  ])
  totals.ours += ours.ns
  totals.octokit += oct.ns
  totals.floor += floor.ns
  bests.ours += ours.best
  bests.octokit += oct.best
  bests.floor += floor.best
  console.log(
    row([
      c.name,
      fmt(ours.ns),
      fmt(oct.ns),
      fmt(floor.ns),
      Math.round(1e9 / ours.ns).toLocaleString("en"),
      shownBytes(ours.bytes),
      shownBytes(oct.bytes),
      (oct.ns / ours.ns).toFixed(1) + "×",
      (ours.ns / floor.ns).toFixed(1) + "×",
    ]),
  )
}
console.log(
  row([
    "**mix (sum of the four)**",
    fmt(totals.ours),
    fmt(totals.octokit),
    fmt(totals.floor),
    Math.round((4 * 1e9) / totals.ours).toLocaleString("en"),
    "",
    "",
    "**" + (totals.octokit / totals.ours).toFixed(1) + "×**",
    "**" + (totals.ours / totals.floor).toFixed(1) + "×**",
  ]),
)
console.log(
  `\nbest batch instead of the median (the mix): fp-endpoint ${fmt(bests.ours)}, octokit ${fmt(bests.octokit)}, ` +
    `floor ${fmt(bests.floor)} ns; octokit ÷ fp ${(bests.octokit / bests.ours).toFixed(1)}×, fp ÷ floor ${(bests.ours / bests.floor).toFixed(1)}×`,
)

// ---------------------------------------------------------------------------------------------
// cascading: the same final defaults in 1 step or in 50 steps
// ---------------------------------------------------------------------------------------------

let cascaded = endpoint
for (let i = 0; i < 50; i++) cascaded = cascaded.defaults({ [`p${i % 5}`]: i, headers: { [`x-h${i % 5}`]: String(i) } })
const oneStep = endpoint.defaults(cascaded.DEFAULTS)
const [c1, c50] = compare([
  { name: "1 step", f: () => oneStep("GET /orgs/{org}/repos", { org: "o" }) },
  { name: "50 steps", f: () => cascaded("GET /orgs/{org}/repos", { org: "o" }) },
])
console.log(`\ncascaded defaults: 1 step ${fmt(c1.ns)} ns/op, 50 steps ${fmt(c50.ns)} ns/op (ratio ${(c50.ns / c1.ns).toFixed(2)})`)

// ---------------------------------------------------------------------------------------------
// cold: first call on a never-seen template
// ---------------------------------------------------------------------------------------------

{
  // interleaved rounds, as the mix: a library measured right after the other's garbage pays for it
  const n = QUICK ? 1_000 : 5_000
  let seq = 0
  const rounds = { ours: [], octokit: [] }
  for (let r = 0; r < (QUICK ? 3 : 9); r++) {
    rounds.ours.push(batch(() => endpoint(`GET /cold/${seq++}/{owner}/{repo}{?page}`, { owner: "o", repo: "r", page: 2 }), n))
    rounds.octokit.push(batch(() => octokit(`GET /cold/${seq++}/{owner}/{repo}{?page}`, { owner: "o", repo: "r", page: 2 }), n))
  }
  const warm = batch(() => endpoint(`GET /cold/1/{owner}/{repo}{?page}`, { owner: "o", repo: "r", page: 2 }), n)
  console.log(
    `cold (never-seen template each call): fp-endpoint ${fmt(median(rounds.ours))} ns/op (warm ${fmt(warm)}), octokit ${fmt(median(rounds.octokit))} ns/op`,
  )
}
