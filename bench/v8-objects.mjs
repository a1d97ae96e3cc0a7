// The V8 behaviours the hot path is shaped around, measured in plain JavaScript (no fp-endpoint):
// each line names a choice in src/Parse.ts or src/Options.ts and the alternative it was picked over.
// Figures are the best of several rounds, in ns per operation; run through `npm run bench`.
const QUICK = process.env.BENCH_QUICK === "1"
const N = QUICK ? 20_000 : 200_000

let sink
const best = (f, n) => {
  let min = Infinity
  for (let r = 0; r < (QUICK ? 3 : 15); r++) {
    const t0 = process.hrtime.bigint()
    for (let i = 0; i < n; i++) sink = f()
    min = Math.min(min, Number(process.hrtime.bigint() - t0) / n)
  }
  return min.toFixed(1).padStart(8)
}
/** `calls`: how many calls a round makes (fewer for the costly 1000-key lines). */
const line = (what, a, b, calls = N) => console.log(`${what.padEnd(58)} ${best(a, calls)}  vs ${best(b, calls)}`)

const headers = { accept: "application/vnd.github.v3+json", "user-agent": "fp-endpoint/0.1.0" }
const frozen = Object.freeze({ ...headers })
const withBody = { ...headers, "content-type": "application/json; charset=utf-8" }
const CT = "application/json; charset=utf-8"

console.log(`node ${process.version}; ns per operation, the choice made first, the alternative second\n`)
line("copy a ready-made plain object / copy a frozen one", () => ({ ...withBody }), () => ({ ...frozen }))
line(
  "copy a complete object / copy, then add one key",
  () => ({ ...withBody }),
  () => {
    const h = { ...headers }
    h["content-type"] = CT
    return h
  },
)

// four option shapes, as the mix passes them: reading every own key's value
const shapes = [
  { org: "octokit", type: "private", per_page: 100 },
  { owner: "octokit", repo: "rest.js", title: "Bug", body: "It broke", labels: ["bug"] },
  { method: "GET", url: "/repos/{owner}/{repo}/contents/{path}", owner: "o", repo: "r", path: "README.md", mediaType: {} },
  { name: "example.zip", label: "Example File", data: "binary-ish", headers: {} },
].map((o) => ({ ...o }))
const hasOwn = Object.prototype.hasOwnProperty
line(
  "read own values of 4 shapes: for-in + hasOwn / Object.keys",
  () => {
    let c = 0
    for (const o of shapes) for (const k in o) if (hasOwn.call(o, k) && o[k] !== undefined) c++
    return c
  },
  () => {
    let c = 0
    for (const o of shapes) for (const k of Object.keys(o)) if (hasOwn.call(o, k) && o[k] !== undefined) c++
    return c
  },
)

// a 1000-key body: copied whole and stripped, or built key by key
const big = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`p${i}`, i]))
big.owner = "o"
line(
  "1000-key body: spread, delete 1 key / build key by key",
  () => {
    const out = { ...big }
    delete out.owner
    return out
  },
  () => {
    const out = {}
    for (const k in big) if (k !== "owner") out[k] = big[k]
    return out
  },
  N / 1000,
)

// Options' concat: combining two objects where a spread has met one shape of ordinary first object.
// V8 (Node 20) then adds the second object's keys to the copy of the first very slowly, and more
// slowly for every key, once the spread is optimised; so concat writes both key by key into `{}`.
const byKey = (a, b) => {
  const out = {}
  for (const k in a) if (hasOwn.call(a, k)) out[k] = a[k]
  for (const k in b) if (hasOwn.call(b, k)) out[k] = b[k]
  return out
}
const bySpread = (a, b) => ({ ...a, ...b })
const first = { method: "GET", url: "/x" }
for (let i = 0; i < 20_000; i++) sink = [byKey(first, { a: i }), bySpread(first, { a: i })] // optimised, one shape of first
const hundred = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, i]))
line("combine 2 keys and 100: key by key into {} / { ...a, ...b }", () => byKey(first, hundred), () => bySpread(first, hundred), N / 1000)
