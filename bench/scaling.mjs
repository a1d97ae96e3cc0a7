// Scaling: the cost per unit (parameter, header, template expression) from 10² to 10⁵ units,
// fp-endpoint beside @octokit/endpoint, and the largest step of that cost from one size to the
// next (a linear implementation stays near 1; a quadratic one grows tenfold a step). V8's own
// cost per key grows with object size too (objects past about a thousand keys are hash tables,
// then cache misses and garbage collection): the reference rows read an object's keys and
// values, and copy it with a spread, and do nothing else.
//
// Run through `npm run bench` (it builds first and passes --expose-gc). BENCH_QUICK=1 shortens it;
// an argument keeps only the rows whose label holds it (`node --expose-gc bench/scaling.mjs headers`).
import { endpoint as octokit } from "@octokit/endpoint"
import { endpoint } from "fp-endpoint" // as Node resolves it for users: dist/node, over the CommonJS build
import { batch, gc, machine, median, QUICK } from "./lib/measure.mjs"

console.log(machine())

const SIZES = QUICK ? [100, 1_000, 10_000] : [100, 1_000, 10_000, 100_000]

const perUnit = (f, n) => {
  f()
  gc() // each measurement starts from a collected heap: the last one's garbage is not billed to it
  const calls = Math.max(1, Math.floor((QUICK ? 20_000 : 200_000) / n))
  return median(Array.from({ length: QUICK || n >= 100_000 ? 3 : 7 }, () => batch(f, calls))) / n
}
const only = process.argv[2]
const object = (n, key, value) => Object.fromEntries(Array.from({ length: n }, (_, i) => [key(i), value(i)]))
const step = (costs) => Math.max(...costs.slice(1).map((c, i) => c / costs[i]))

/**
 * One row: the cost per unit at each size for fp-endpoint / octokit, then each one's largest step.
 * Sizes past `max` are not measured (the url bound); octokit is not measured past `maxTheirs`.
 */
const scale = (label, make, max = Infinity, maxTheirs = Infinity) => {
  if (only !== undefined && !label.includes(only)) return
  const ours = []
  const theirs = []
  for (const n of SIZES.filter((n) => n <= max)) {
    const [a, b] = make(n)
    ours.push(perUnit(a, n))
    if (b !== undefined && n <= maxTheirs) theirs.push(perUnit(b, n))
  }
  const cell = (xs, i) => (i < xs.length ? xs[i].toFixed(0) : "-")
  const cells = SIZES.map((n, i) => (i >= ours.length ? "(url bound)" : `${cell(ours, i)} / ${cell(theirs, i)}`))
  console.log(`| ${label} | ${cells.join(" | ")} | ${step(ours).toFixed(2)} / ${theirs.length > 1 ? step(theirs).toFixed(2) : "-"} |`)
}
const both = (route, options) => [() => endpoint(route, options), () => octokit(route, options)]

console.log("\nns per unit, fp-endpoint / @octokit/endpoint; the last column is the largest step from one size to the next\n")
console.log(`| what grows | ${SIZES.join(" | ")} | largest step |`)
console.log(`| --- |${SIZES.map(() => " --- |").join("")} --- |`)
// short pairs (`k7ps=`): past 10⁴ of them the query passes the url bound of 65 536
scale("query parameters (GET)", (n) => both("GET /x", object(n, (i) => `k${i.toString(36)}`, () => "")), 10_000)
scale("body parameters (POST)", (n) => both("POST /x", object(n, (i) => `p${i}`, (i) => i)))
// empty values: 10⁵ expressions of one character each would pass the url bound of 65 536
// url-template, inside @octokit/endpoint, takes minutes a call at 10⁵ expressions: it is measured up to 10⁴
scale("template expressions", (n) => both("GET /x" + Array.from({ length: n }, (_, i) => `{v${i}}`).join(""), object(n, (i) => `v${i}`, () => "")), Infinity, 10_000)
scale("headers", (n) => both("GET /x", { headers: object(n, (i) => `x-h${i}`, () => "v") }))
scale("V8 reference: read every key and value", (n) => {
  const source = object(n, (i) => `p${i}`, (i) => i)
  const read = () => {
    let sum = 0
    for (const k of Object.keys(source)) sum += source[k]
    return sum
  }
  return [read, undefined]
})
// what a library that copies its input once (fp-endpoint reads the caller's options once, into a copy) cannot go below
scale("V8 reference: copy with a spread", (n) => {
  const source = object(n, (i) => `p${i}`, (i) => i)
  return [() => ({ ...source }), undefined]
})
