// Hostile input (issue 4): every entry, on generated and on arbitrary input,
// gives a result or an EndpointError; results are well formed; query and path
// values round-trip; frozen inputs work and are never written to.
//
// The properties live in scripts/fuzz.mjs, which `npm run fuzz` runs against
// the built package with hundreds of thousands of inputs; here they run
// against src/ with a moderate count.
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import * as lib from "../../src/index.js"
import { endpoint, EndpointError } from "../../src/index.js"
const FOREIGN = "reading the input failed"
import { deepFreeze, hostileProperties, isDeepFrozen } from "../../scripts/fuzz.mjs"

const RUNS: Record<string, number> = {
  "every entry: realistic": 600,
  "every entry: arbitrary": 600,
  frozen: 400,
}
const runsFor = (name: string): number => {
  for (const [prefix, n] of Object.entries(RUNS)) if (name.startsWith(prefix)) return n
  return 1000
}

const properties = hostileProperties({ fc, lib, FOREIGN })

describe("hostile input properties (src/)", () => {
  test("the list covers every entry, the pipeline and the command line", () => {
    const names = properties.map((p) => p.name)
    expect(names.some((n) => n.startsWith("path"))).toBe(true)
    expect(names.some((n) => n.startsWith("frozen"))).toBe(true)
    expect(names.some((n) => n.startsWith("every entry: realistic"))).toBe(true)
    expect(names.some((n) => n.startsWith("every entry: arbitrary"))).toBe(true)
    expect(names.some((n) => n.startsWith("command line"))).toBe(true)
    expect(names.filter((n) => n.startsWith("query")).length).toBeGreaterThanOrEqual(3)
  })

  for (const { name, property } of properties) {
    test(name, () => {
      fc.assert(property, { numRuns: runsFor(name) })
    })
  }
})

// The checks the properties rely on must themselves be able to fail.
describe("the property checks can fail", () => {
  test("isDeepFrozen sees an unfrozen nested object", () => {
    expect(isDeepFrozen(Object.freeze({ a: Object.freeze({ b: {} }) }))).toBe(false)
    expect(isDeepFrozen(deepFreeze({ a: { b: [{}] } }))).toBe(true)
    expect(isDeepFrozen(endpoint.DEFAULTS)).toBe(true)
  })

  test("a library that throws a TypeError fails 'every entry'", () => {
    const broken = hostileProperties({
      fc,
      lib: { ...lib, Route: { parse: () => { throw new TypeError("boom") } } },
      FOREIGN,
    }).find((p) => p.name.startsWith("every entry: realistic"))!.property
    const details = fc.check(broken, { numRuns: 20 })
    expect(details.failed).toBe(true)
    expect(String(details.errorInstance)).toMatch(/Route.parse threw \(an Either API must not\): TypeError: boom/)
  })

  test("a library whose errors come through the safety net fails 'every entry'", () => {
    const netted = ((...args: Array<unknown>) => {
      throw new EndpointError("", FOREIGN)
    }) as unknown as typeof endpoint
    const fake = Object.assign(netted, { ...endpoint, DEFAULTS: endpoint.DEFAULTS, either: endpoint.either, defaults: endpoint.defaults, merge: endpoint.merge, parse: endpoint.parse })
    const broken = hostileProperties({ fc, lib: { ...lib, endpoint: fake }, FOREIGN }).find((p) =>
      p.name.startsWith("every entry: realistic"),
    )!.property
    const details = fc.check(broken, { numRuns: 20 })
    expect(details.failed).toBe(true)
    expect(String(details.errorInstance)).toMatch(/safety net/)
  })

  const everyEntryOf = (broken: unknown, name = "every entry: realistic") =>
    hostileProperties({ fc, lib: broken, FOREIGN }).find((p) => p.name.startsWith(name))!.property

  test("a library whose Either entries throw fails 'every entry' (Options.decode, Parse.parse, Merge.merge, toRequestInitEither)", () => {
    const boom = () => {
      throw new TypeError("boom")
    }
    for (const [label, broken] of [
      ["Options.decode", { ...lib, Options: { ...lib.Options, decode: boom } }],
      ["Parse.parse", { ...lib, Parse: { ...lib.Parse, parse: boom } }],
      ["Merge.merge", { ...lib, Merge: { ...lib.Merge, merge: boom } }],
      ["toRequestInitEither", { ...lib, toRequestInitEither: boom }],
      ["CommandLine.render", { ...lib, CommandLine: { ...lib.CommandLine, render: boom } }],
    ] as const) {
      const details = fc.check(everyEntryOf(broken), { numRuns: 200 })
      expect(details.failed, label).toBe(true)
      expect(String(details.errorInstance), label).toMatch(/threw \(an Either API must not\): TypeError: boom/)
    }
  })

  test("a library that throws a forged EndpointError (instanceof holds, the brand does not) fails 'every entry'", () => {
    const forged = Object.assign(Object.create(EndpointError.prototype) as EndpointError, { path: "", problem: "forged" })
    expect(forged).toBeInstanceOf(EndpointError)
    expect(lib.isEndpointError(forged)).toBe(false)
    const throwing = (() => {
      throw forged
    }) as unknown as typeof endpoint
    const fake = Object.assign(throwing, { DEFAULTS: endpoint.DEFAULTS, either: endpoint.either, defaults: endpoint.defaults, merge: endpoint.merge, parse: endpoint.parse })
    const details = fc.check(everyEntryOf({ ...lib, endpoint: fake }), { numRuns: 20 })
    expect(details.failed).toBe(true)
    expect(String(details.errorInstance)).toMatch(/threw something other than an EndpointError/)
  })

  test("a CommandLine.main that throws fails 'every entry'", () => {
    const broken = { ...lib, CommandLine: { ...lib.CommandLine, main: () => { throw new Error("main") } } }
    const details = fc.check(everyEntryOf(broken), { numRuns: 20 })
    expect(details.failed).toBe(true)
    expect(String(details.errorInstance)).toMatch(/CommandLine.main threw/)
  })

  test("a library that lets CRLF into a header fails the well-formedness check", () => {
    const leaky = Object.assign(
      (...args: Array<unknown>) => ({ ...(endpoint as (...a: Array<unknown>) => object)(...args), headers: { "x-a": "1\r\n" } }),
      { DEFAULTS: endpoint.DEFAULTS, either: endpoint.either, defaults: endpoint.defaults, merge: endpoint.merge, parse: endpoint.parse },
    )
    const broken = hostileProperties({ fc, lib: { ...lib, endpoint: leaky }, FOREIGN }).find((p) => p.name.startsWith("url:"))!.property
    const details = fc.check(broken, { numRuns: 50 })
    expect(details.failed).toBe(true)
    expect(String(details.errorInstance)).toMatch(/CR, LF or NUL/)
  })
})
