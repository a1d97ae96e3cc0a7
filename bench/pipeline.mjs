// The Pipeline with many steps: n `Pipeline.param` steps (each adds one parameter) against
// one `Pipeline.params` step with the same n parameters, in ms for the whole draft, then built. Each
// step copies the draft's parameters (a draft is an immutable value), so n steps cost about n²/2
// copied keys; one step with a record costs n. Each step checks only what it adds.
//
// Run through `npm run bench` (it builds first). BENCH_QUICK=1 shortens it.
import { Pipeline } from "fp-endpoint" // as Node resolves it for users: dist/node, over the CommonJS build
import { gc, machine, median, QUICK } from "./lib/measure.mjs"

console.log(machine())

const SIZES = QUICK ? [100, 300] : [100, 300, 1_000, 3_000]
const ms = (f) => {
  gc()
  const started = performance.now()
  f()
  return performance.now() - started
}
const bySteps = (n) => () => {
  let draft = Pipeline.route("POST /x")
  for (let i = 0; i < n; i++) draft = Pipeline.param(draft, `p${i}`, i)
  if (Pipeline.build(draft)._tag !== "Right") throw new Error("the pipeline failed")
}
const byRecord = (n) => () => {
  const record = Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, i]))
  if (Pipeline.build(Pipeline.params(Pipeline.route("POST /x"), record))._tag !== "Right") throw new Error("the pipeline failed")
}

console.log("\n| parameters | n param steps (ms) | one params step (ms) |\n| --- | --- | --- |")
for (const n of SIZES) {
  const runs = n >= 1_000 ? 3 : 7
  const steps = median(Array.from({ length: runs }, () => ms(bySteps(n))))
  const record = median(Array.from({ length: runs }, () => ms(byRecord(n))))
  console.log(`| ${n} | ${steps.toFixed(1)} | ${record.toFixed(2)} |`)
}
