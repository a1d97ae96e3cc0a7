// Scaling: cost per call against parameter count, template length and header count, fp-endpoint
// beside @octokit/endpoint, each at 1, 10, 100 and 1000. It runs in its own process, apart from
// the mix: after the mix's millions of calls, V8's heap is in a state that bills large calls for
// garbage they did not make (the 1000-header row then reads up to 4× higher, for both libraries).
//
// Run through `npm run bench` (it builds first and passes --expose-gc). BENCH_QUICK=1 shortens it;
// an argument keeps only the rows whose label holds it (`node --expose-gc bench/scaling.mjs headers`).
import { endpoint as octokit } from "@octokit/endpoint"
import { endpoint } from "../dist/esm/index.js"
import { batch, gc, machine, median, QUICK } from "./lib/measure.mjs"

console.log(machine())

// ---------------------------------------------------------------------------------------------
// scaling: parameters, template length, headers
// ---------------------------------------------------------------------------------------------

const perUnit = (f, n) => {
  f()
  gc() // each measurement starts from a collected heap: the last one's garbage is not billed to it
  const ns = median(Array.from({ length: QUICK ? 3 : 9 }, () => batch(f, Math.max(20, Math.floor((QUICK ? 20_000 : 200_000) / n)))))
  return ns / n
}
/** `node bench/scaling.mjs template` runs only the rows whose label holds "template". */
const only = process.argv[2]

/** Cost per unit (parameter, expression, header) at each size, fp-endpoint beside @octokit/endpoint. */
const scale = (label, sizes, make) => {
  if (only !== undefined && !label.includes(only)) return
  const cells = sizes.map((n) => {
    const [ours, theirs] = make(n)
    return `${String(n).padStart(4)}: ${perUnit(ours, n).toFixed(0).padStart(4)} / ${perUnit(theirs, n).toFixed(0).padStart(4)}`
  })
  console.log(`| ${label} | ${cells.join(" | ")} |`)
}
const withBoth = (route, options) => [() => endpoint(route, options), () => octokit(route, options)]
const object = (n, key, value) => Object.fromEntries(Array.from({ length: n }, (_, i) => [key(i), value(i)]))

console.log("scaling: ns per unit, fp-endpoint / @octokit/endpoint (flat per unit = linear cost)\n")
console.log("| what grows | 1 | 10 | 100 | 1000 |")
console.log("| --- | --- | --- | --- | --- |")
scale("query parameters (GET)", [1, 10, 100, 1000], (n) => withBoth("GET /x", object(n, (i) => `p${i}`, (i) => i)))
scale("body parameters (POST)", [1, 10, 100, 1000], (n) => withBoth("POST /x", object(n, (i) => `p${i}`, (i) => i)))
scale("template expressions", [1, 10, 100, 1000], (n) =>
  withBoth("GET " + Array.from({ length: n }, (_, i) => `/{v${i}}`).join(""), object(n, (i) => `v${i}`, () => "x")),
)
scale("headers", [1, 10, 100, 1000], (n) => withBoth("GET /x", { headers: object(n, (i) => `x-h${i}`, () => "v") }))
// The parameter rows again: the copy of the caller's options has now met more than four shapes of
// object (the template rows' and the headers rows' options), as it does in an application that
// calls many routes, and V8 no longer copies large objects whole (see the note under the table).
scale("query parameters (GET), again", [1, 10, 100, 1000], (n) => withBoth("GET /x", object(n, (i) => `q${i}`, (i) => i)))
scale("body parameters (POST), again", [1, 10, 100, 1000], (n) => withBoth("POST /x", object(n, (i) => `q${i}`, (i) => i)))
// What V8 itself charges: copying an object of n keys one key at a time (the first number) and
// whole with a spread (the second). The first grows per key past a hundred or so; a library that
// must build a result object key by key (headers from two sources, a body from defaults and
// caller) inherits that growth.
scale("V8 reference: copy key by key / whole", [1, 10, 100, 1000], (n) => {
  const source = object(n, (i) => `p${i}`, (i) => i)
  const byKey = () => {
    const out = {}
    for (const k in source) out[k] = source[k]
    return out
  }
  return [byKey, () => ({ ...source })]
})
console.log(
  "\ntemplate expressions: the route at 1000 is 6 894 characters, within CACHE_MAX_LENGTH (16 384), so it is\n" +
    "cached like the shorter ones; bench/template-scaling.mjs shows that a parse, cached or not, is linear.\n" +
    "The build copies options of up to 128 keys with a spread, and reads larger ones into two arrays: V8\n" +
    "copies an object whole only while a spread has met at most four shapes of object, and past that adds\n" +
    "the keys one at a time, each costing more than the last for objects of a few hundred keys (the reference\n" +
    "row shows the same growth for a key-by-key copy). The 'again' rows run after the spread has met more\n" +
    "than four shapes: their 100 cells pay the slower spread, their 1000 cells read the options apart.",
)
