// Template cost per character at 1k, 10k and 40k characters: parse + expand
// grow linearly with the template, so the ns/char column stays flat.
//
//   npm run build && node bench/template-scaling.mjs        (BENCH_QUICK=1 for a short run)
//
// Every measured call parses: at sizes the cache could keep (≤ CACHE_MAX_LENGTH)
// the loop cycles through 2 × CACHE_SIZE + 1 distinct templates, so each one has
// left the cache (which starts afresh every CACHE_SIZE templates) when it comes
// round again; longer templates are never cached. The last column is the whole endpoint()
// call (POST, no base url) on the same templates.
import { endpoint, Template } from "fp-endpoint" // as Node resolves it for users: dist/node, over the CommonJS build

const QUICK = process.env.BENCH_QUICK === "1"
const BUDGET_NS = BigInt((QUICK ? 120 : 1000) * 1e6) // per measurement
const WARMUP_NS = BigInt((QUICK ? 80 : 300) * 1e6)
const ROUNDS = QUICK ? 6 : 20
const SIZES = [1_000, 10_000, 40_000] // an expansion may not exceed Template.MAX_LENGTH (65 536)

/** Builds a template of about `size` characters; `tag` makes it distinct. */
const SHAPES = [
  {
    name: "many expressions  /{a}/{b}…",
    make: (size, tag) => `/${tag}` + "/{a}{?b}".repeat(Math.ceil(size / 8)),
    values: { a: "x y", b: 1 },
  },
  {
    name: "many :name        /:a/:b…",
    make: (size, tag) => `/${tag}` + "/:a/:b".repeat(Math.ceil(size / 6)),
    values: { a: "x", b: "y" },
  },
  {
    name: "long literal      /abc-def…",
    make: (size, tag) => `/${tag}/` + "abc-dé f%20/".repeat(Math.ceil(size / 12)),
    values: {},
  },
  {
    name: "long variable     /{aaaa…}",
    make: (size, tag) => `/${tag}/{` + "v".repeat(size) + "}",
    values: (size) => ({ ["v".repeat(size)]: "value" }),
  },
]

/**
 * ns per call of `fn(k)`, k cycling over 0…count-1 from where the last
 * measurement on the same templates stopped (so the cycle is never broken and
 * no template is seen twice within CACHE_SIZE calls): the fastest of several
 * rounds, since on a shared machine other work only ever adds time.
 */
const measure = (fn, count, cursor) => {
  let i = cursor.i
  const round = (budget) => {
    const start = process.hrtime.bigint()
    let calls = 0
    let now = start
    while (now - start < budget) {
      fn(i++ % count)
      calls++
      now = process.hrtime.bigint()
    }
    return Number(now - start) / calls
  }
  round(WARMUP_NS)
  let best = Infinity
  for (let r = 0; r < ROUNDS; r++) best = Math.min(best, round(BUDGET_NS / BigInt(ROUNDS)))
  cursor.i = i
  return best
}

const CACHE_SIZE = 1000 // the template cache in src/Url.ts: 1000 templates, each of at most 16 384 characters
const CACHE_MAX_LENGTH = 16_384
const pad = (s, n) => String(s).padStart(n)

console.log(`template cost per character (${QUICK ? "quick" : "full"} run; CACHE_SIZE ${CACHE_SIZE}, CACHE_MAX_LENGTH ${CACHE_MAX_LENGTH})`)
console.log("")
console.log(`${"shape".padEnd(30)}${pad("chars", 9)}${pad("µs/call", 11)}${pad("ns/char", 10)}${pad("endpoint ns/char", 18)}`)

let worst = 0
for (const shape of SHAPES) {
  const perChar = []
  for (const size of SIZES) {
    const count = size <= CACHE_MAX_LENGTH ? 2 * CACHE_SIZE + 1 : 4
    const cursor = { i: 0 }
    const templates = Array.from({ length: count }, (_, k) => shape.make(size, k))
    const values = typeof shape.values === "function" ? shape.values(size) : shape.values
    const chars = templates[0].length
    // sanity: the template parses and expands
    const check = Template.parse(shape.make(size, "check"))
    if (check._tag !== "Right") throw new Error(`${shape.name}: ${check.left.message}`)
    if (Template.expand(values)(check.right)._tag !== "Right") throw new Error(`${shape.name}: expand failed`)

    const ns = measure((k) => {
      const t = Template.parse(templates[k])
      return Template.expand(values)(t.right)
    }, count, cursor)
    const options = templates.map((url) => ({ ...values, method: "POST", baseUrl: "", url }))
    const nsEndpoint = measure((k) => endpoint(options[k]), count, cursor)
    perChar.push(ns / chars)
    console.log(
      `${shape.name.padEnd(30)}${pad(chars, 9)}${pad((ns / 1000).toFixed(1), 11)}${pad((ns / chars).toFixed(1), 10)}${pad((nsEndpoint / chars).toFixed(1), 18)}`,
    )
  }
  const ratio = perChar[perChar.length - 1] / perChar[0]
  worst = Math.max(worst, ratio)
  console.log(`${"".padEnd(30)}ns/char at 40k ÷ at 1k: ${ratio.toFixed(2)}`)
}
console.log("")
console.log(
  `largest growth of ns/char from 1k to 40k characters: ×${worst.toFixed(2)} ` +
    `(a quadratic parser would show ×40; at 40k, templates of tens of thousands of\n` +
    `expressions pay more garbage collection per character because the parsed structure outgrows\n` +
    `V8's young generation — a constant factor, not extra work)`,
)
