// Measurement helpers shared by bench/mix.mjs and bench/scaling.mjs (this folder is not a bench).
import { cpus } from "node:os"

export const QUICK = process.env.BENCH_QUICK === "1"
export const gc = globalThis.gc ?? (() => {})

let sink // the last result, so that no call is optimised away

/** ns per call of one batch. */
export const batch = (f, n) => {
  const t0 = process.hrtime.bigint()
  for (let i = 0; i < n; i++) sink = f()
  return Number(process.hrtime.bigint() - t0) / n
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[s.length >> 1]
}

export const fmt = (ns) => ns.toFixed(0).padStart(6)
export const row = (cells) => "| " + cells.join(" | ") + " |"

/** The machine line every bench table starts with. */
export const machine = () => `machine: ${cpus()[0]?.model ?? "?"} × ${cpus().length}, node ${process.version}${QUICK ? " (quick run)" : ""}`
