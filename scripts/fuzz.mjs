#!/usr/bin/env node
// Hostile-input fuzzing (issue 4): the properties of
// test/properties/hostile.property.test.ts, run against the built package
// with a large run count inside a time budget.
//
//   npm run fuzz                        # 120 s budget, up to 1 000 000 runs per property
//   FUZZ_SECONDS=600 npm run fuzz       # or: node scripts/fuzz.mjs --seconds 600
//   node scripts/fuzz.mjs --runs 200000 --seed 42 --only query
//
// Prints how many inputs each property tried and every failure with its
// counterexample; exits 1 when a property fails. Independent of vitest: the
// properties below take the library and fast-check as arguments, so the test
// suite runs the very same properties against src/ with a moderate count.

import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { isDeepStrictEqual } from "node:util"

// -------------------------------------------------------------------------------------
// checks
// -------------------------------------------------------------------------------------

/** RFC 9110 token, lowercase: what every result method and header name must be. */
const LOWER_TOKEN = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/
const BREAKS_LINE = /[\r\n\0]/
const NESTED = "input nested too deeply"
/** The problem of an EndpointError made from a foreign exception (src/internal/either.ts). */
export const FOREIGN_PROBLEM = "reading the input failed"
/** The longest expanded url and query (Template.MAX_LENGTH), and header value (Parse.MAX_HEADER_LENGTH), when the library does not say. */
const MAX_URL = 65_536
const UNRESERVED = /^[A-Za-z0-9\-._~]$/
const COMPONENT = /^[A-Za-z0-9\-._~!'()*]$/

/**
 * The length of `s` percent-encoded as UTF-8, letting through the characters
 * `pass` matches: for a well-formed string only (a lone surrogate has no encoding).
 */
const encodedLength = (s, pass) => {
  let n = 0
  for (const ch of s) {
    const cp = ch.codePointAt(0)
    n += pass.test(ch) ? 1 : 3 * (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4)
  }
  return n
}

const fail = (message) => {
  throw new Error(message)
}

const show = (u) => {
  try {
    if (u instanceof Error) return `${u.name}: ${u.message}`.slice(0, 300)
    return String(u).slice(0, 300)
  } catch {
    return "<unprintable>"
  }
}

/** Own enumerable data properties, `__proto__` included, never through a setter. */
const objectFrom = (entries) => {
  const o = {}
  for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true })
  return o
}

/** Freezes every object reachable through own enumerable keys (iterative, cycle-safe). */
export const deepFreeze = (value) => {
  const stack = [value]
  const seen = new Set()
  while (stack.length > 0) {
    const u = stack.pop()
    if (typeof u !== "object" || u === null || seen.has(u)) continue
    seen.add(u)
    Object.freeze(u)
    for (const k of Object.keys(u)) stack.push(u[k])
  }
  return value
}

const isPlain = (u) => {
  if (typeof u !== "object" || u === null) return false
  if (Array.isArray(u)) return true
  const p = Object.getPrototypeOf(u)
  return p === null || p === Object.prototype
}

/** Whether every plain object and array reachable from `value` is frozen; class instances are skipped. */
export const isDeepFrozen = (value) => {
  const stack = [value]
  const seen = new Set()
  while (stack.length > 0) {
    const u = stack.pop()
    if (!isPlain(u) || seen.has(u)) continue
    seen.add(u)
    if (!Object.isFrozen(u)) return false
    for (const k of Object.keys(u)) stack.push(u[k])
  }
  return true
}

/** A structured clone, or `undefined` for values that cannot be cloned. */
const cloneOrSkip = (u) => {
  try {
    return { value: structuredClone(u) }
  } catch {
    return undefined
  }
}

const prototypeFingerprint = () =>
  [Object.prototype, Array.prototype, Function.prototype, String.prototype]
    .map((p) => Object.getOwnPropertyNames(p).length)
    .join(",")

// -------------------------------------------------------------------------------------
// properties
// -------------------------------------------------------------------------------------

/**
 * The hostile-input properties, for a given copy of the library (src/ in the
 * test suite, dist/ here) and fast-check.
 *
 * @param {{ fc: typeof import("fast-check"), lib: any, FOREIGN: string }} deps
 * @returns {Array<{ name: string, property: import("fast-check").IRawProperty<any> }>}
 */
export const hostileProperties = ({ fc, lib, FOREIGN }) => {
  const { endpoint, EndpointError, Route, Options, Merge, Parse, Template, Pipeline, CommandLine } = lib
  const { toRequest, toRequestInit, toRequestEither, toRequestInitEither } = lib
  const BASE = "https://api.example.com"
  const CLEAN_PROTOTYPES = prototypeFingerprint()
  const MAX_LENGTH = lib.Template?.MAX_LENGTH ?? MAX_URL
  /** A genuine EndpointError: the library's brand check (a forged one that passes instanceof is not). */
  const isEndpointError = typeof lib.isEndpointError === "function" ? lib.isEndpointError : (e) => e instanceof EndpointError
  /** The EndpointError for an expanded url or a query longer than Template.MAX_LENGTH. */
  const isTooLong = (e) => e.path === "url" && /longer than/.test(e.problem)
  /** Flat options decoded, then parsed: an Either. */
  const parseFlat = (o) => {
    const d = Options.decode(o)
    return d._tag === "Left" ? d : Parse.parse(d.right)
  }
  /** Merge.merge over flat defaults, decoded first: an Either. */
  const mergeOver = (d, ...rest) => {
    const decoded = Options.decode(d)
    return decoded._tag === "Left" ? decoded : Merge.merge(decoded.right, ...rest)
  }

  // --- outcomes -------------------------------------------------------------------

  /** Runs `f`; returns its result or the EndpointError it threw; anything else fails. */
  const thrown = (label, f) => {
    try {
      return { ok: true, value: f() }
    } catch (e) {
      if (!isEndpointError(e)) fail(`${label} threw something other than an EndpointError: ${show(e)}`)
      return { ok: false, error: e }
    }
  }

  /** Runs an Either-returning `f`; it must not throw, and a Left must hold an EndpointError. */
  const either = (label, f) => {
    let r
    try {
      r = f()
    } catch (e) {
      fail(`${label} threw (an Either API must not): ${show(e)}`)
    }
    if (r === null || typeof r !== "object" || (r._tag !== "Left" && r._tag !== "Right")) fail(`${label} returned no Either`)
    if (r._tag === "Left") {
      if (!isEndpointError(r.left)) fail(`${label} returned a Left that is not an EndpointError: ${show(r.left)}`)
      return { ok: false, error: r.left }
    }
    return { ok: true, value: r.right }
  }

  /** For ordinary data (no getters, no proxies), the catch-all must never have been needed. */
  const noSafetyNet = (label, outcome) => {
    if (outcome.ok) return outcome
    const p = outcome.error.problem
    if (typeof p !== "string") fail(`${label}: EndpointError without a problem`)
    if (p.startsWith(FOREIGN) || p === NESTED) fail(`${label}: our own error was caught by the safety net: ${outcome.error.message}`)
    return outcome
  }

  /** method a lowercase token; header names lowercase tokens; values strings or numbers without CR, LF, NUL. */
  const wellFormed = (label, r) => {
    if (r === null || typeof r !== "object") fail(`${label}: result is not an object`)
    if (typeof r.method !== "string" || !LOWER_TOKEN.test(r.method)) fail(`${label}: method ${JSON.stringify(r.method)} is not a lowercase token`)
    if (typeof r.url !== "string") fail(`${label}: url is not a string`)
    if (BREAKS_LINE.test(r.url)) fail(`${label}: url contains CR, LF or NUL: ${JSON.stringify(r.url.slice(0, 200))}`)
    if (!isPlain(r.headers) || Array.isArray(r.headers)) fail(`${label}: headers is not a plain object`)
    for (const name of Object.keys(r.headers)) {
      if (!LOWER_TOKEN.test(name)) fail(`${label}: header name ${JSON.stringify(name)} is not a lowercase token`)
      const v = r.headers[name]
      if (typeof v === "string") {
        if (BREAKS_LINE.test(v)) fail(`${label}: header ${name} contains CR, LF or NUL`)
      } else if (typeof v !== "number" || !Number.isFinite(v)) {
        fail(`${label}: header ${name} is neither a string nor a finite number: ${show(v)}`)
      }
    }
    const allowed = new Set(["method", "url", "headers", "body", "request"])
    for (const k of Object.keys(r)) if (!allowed.has(k)) fail(`${label}: unexpected result key ${JSON.stringify(k)}`)
  }

  const cleanPrototypes = () => {
    if (prototypeFingerprint() !== CLEAN_PROTOTYPES || {}.polluted !== undefined) fail("a built-in prototype was polluted")
  }

  // --- arbitraries ----------------------------------------------------------------

  const PIECES = [
    "\r", "\n", "\r\n", "\u0000", "\ud800", "\udfff", "\udc00\ud800", "\ud83d\ude00", "é", "\u2028", "\ufeff",
    "%", "%2F", "%2e%2e", "%zz", "{", "}", "{a}", "{+a}", "{?a,b}", "{/a*}", ":a", ":", "/", "//", "?", "#", "&",
    "=", "+", ",", ".", "..", "[]", " ", "\t", "\\", "\"", "'", "<", ">", "@", "__proto__", "constructor",
    "prototype", "-preview", "application/vnd.github.v3+json", "application/octet-stream", "https://",
  ]
  const HUGE = [
    "a".repeat(20_000),
    "{a}".repeat(3_000),
    ":a/".repeat(3_000),
    "é".repeat(10_000),
    "x-preview,".repeat(2_000),
    "application/vnd.".repeat(1_000),
    "%".repeat(10_000),
  ]
  const loneSurrogates = fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), maxLength: 3 })
  const hostileString = fc.oneof(
    { weight: 3, arbitrary: fc.string() },
    // any code point, surrogate halves included (cheaper than unit "binary", whose shrinker maps all 1.1 M code points)
    { weight: 2, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)) }) },
    { weight: 4, arbitrary: fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 3 }), loneSurrogates), { maxLength: 8 }).map((a) => a.join("")) },
    { weight: 1, arbitrary: fc.constantFrom(...HUGE) },
  )
  const ODD_KEYS = ["a", "b", "owner", "repo", "q", "page", "fields[]", "__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "data", "request", "method", "url"]
  const key = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ODD_KEYS) }, { weight: 2, arbitrary: hostileString })
  const scalar = fc.oneof(hostileString, fc.integer(), fc.double(), fc.boolean(), fc.bigInt(), fc.constant(null), fc.constant(undefined))
  const record = (k, v, maxKeys = 5) => fc.array(fc.tuple(k, v), { maxLength: maxKeys }).map(objectFrom)
  const paramValue = fc.oneof(
    { weight: 4, arbitrary: scalar },
    { weight: 2, arbitrary: fc.array(scalar, { maxLength: 4 }) },
    { weight: 2, arbitrary: record(key, scalar) },
    { weight: 1, arbitrary: fc.object({ maxDepth: 3 }) },
  )
  const headerName = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom("accept", "Accept", "content-type", "X-Custom", "authorization", "User-Agent", "__proto__", "constructor", "x!#$%&'*+-.^_`|~") },
    { weight: 1, arbitrary: hostileString },
  )
  const headerValue = fc.oneof(
    { weight: 3, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constant(null), fc.constant(undefined)) },
    { weight: 1, arbitrary: fc.constantFrom("application/octet-stream", "application/vnd.github.v3+json", "application/vnd.github.symmetra-preview+json, text/plain") },
  )
  const headers = fc.oneof({ weight: 5, arbitrary: record(headerName, headerValue) }, { weight: 1, arbitrary: fc.anything() })
  const preview = fc.oneof(fc.constantFrom("symmetra", "symmetra-preview", "a", "-preview", ""), hostileString)
  const mediaType = fc.oneof(
    { weight: 5, arbitrary: fc.record({ format: fc.oneof(fc.constantFrom("", "raw", "html", "diff"), hostileString), previews: fc.array(preview, { maxLength: 5 }) }, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.anything() },
  )
  const method = fc.oneof({ weight: 4, arbitrary: fc.constantFrom("GET", "POST", "PATCH", "HEAD", "put", "delete", "PROPFIND") }, { weight: 1, arbitrary: hostileString })
  const TEMPLATES = ["/repos/{owner}/{repo}", "/x/:a/:b", "/search{?q,page}", "/x{/a*}{?b*}{&c}", "{+a}/x{#b}", "https://other.example/{a}", "/x?y=1#f", "/", "", "/{__proto__}/{constructor}"]
  const url = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...TEMPLATES) }, { weight: 2, arbitrary: hostileString })
  const baseUrl = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(BASE, "https://h.example/api/", "http://localhost:8080") }, { weight: 1, arbitrary: hostileString })
  const request = fc.oneof(record(key, paramValue), fc.object({ maxDepth: 3 }), fc.anything())
  const route = fc.oneof(
    { weight: 3, arbitrary: fc.tuple(method, url).map(([m, u]) => `${m} ${u}`) },
    { weight: 1, arbitrary: url },
    { weight: 1, arbitrary: hostileString },
  )
  const options = fc
    .tuple(
      fc.record({ method, url, baseUrl, headers, mediaType, request, data: fc.anything() }, { requiredKeys: [] }),
      fc.array(fc.tuple(key, paramValue), { maxLength: 6 }),
    )
    .map(([reserved, params]) => objectFrom([...Object.entries(reserved), ...params]))

  // --- every entry ----------------------------------------------------------------

  /**
   * Runs every entry on (route, options, defaults): each must give a result or
   * an EndpointError. `ordinary`: the inputs are plain data, so the catch-all
   * must not have been needed.
   */
  const everyEntry = (r, o, d, ordinary) => {
    const guard = ordinary ? noSafetyNet : (_label, outcome) => outcome
    const results = []
    const asResult = (label, outcome) => {
      guard(label, outcome)
      if (outcome.ok) {
        wellFormed(label, outcome.value)
        results.push(outcome.value)
      }
      return outcome
    }
    asResult("endpoint(route, options)", thrown("endpoint(route, options)", () => endpoint(r, o)))
    asResult("endpoint(options)", thrown("endpoint(options)", () => endpoint(o)))
    asResult("endpoint.either(route, options)", either("endpoint.either(route, options)", () => endpoint.either(r, o)))
    asResult("endpoint.either(options)", either("endpoint.either(options)", () => endpoint.either(o)))
    asResult("endpoint.parse(options)", thrown("endpoint.parse", () => endpoint.parse(o)))
    asResult("Parse.parse(Options.decode(options))", either("Parse.parse(Options.decode)", () => parseFlat(o)))
    guard("endpoint.merge(route, options)", thrown("endpoint.merge(route, options)", () => endpoint.merge(r, o)))
    guard("endpoint.merge(options)", thrown("endpoint.merge(options)", () => endpoint.merge(o)))
    guard("Route.parse", either("Route.parse", () => Route.parse(r)))
    guard("Template.parse(route)", either("Template.parse", () => Template.parse(r)))
    if (typeof o === "object" && o !== null && typeof o.url === "string") {
      const t = guard("Template.parse(url)", either("Template.parse(url)", () => Template.parse(o.url)))
      if (t.ok) guard("Template.expand", either("Template.expand", () => Template.expand(o)(t.value)))
    }
    guard("Options.decode(options)", either("Options.decode", () => Options.decode(o)))
    guard("Options.decode(defaults)", either("Options.decode", () => Options.decode(d)))
    guard("Merge.merge(DEFAULTS, route, options)", either("Merge.merge", () => mergeOver(endpoint.DEFAULTS, r, o)))
    guard("Merge.merge(defaults, route, options)", either("Merge.merge", () => mergeOver(d, r, o)))
    guard("Merge.merge(defaults, options)", either("Merge.merge", () => mergeOver(d, o)))
    guard("Merge.merge(defaults, options, options)", either("Merge.merge", () => mergeOver(d, o, o)))
    const model = Options.decode(o)
    if (model._tag === "Right") {
      guard("Options.encode", either("Options.encode", () => Options.decode(Options.encode(model.right))))
      asResult("Parse.parse(decoded options)", either("Parse.parse", () => Parse.parse(model.right)))
    }
    const derived = guard("endpoint.defaults(defaults)", thrown("endpoint.defaults", () => endpoint.defaults(d)))
    if (derived.ok) {
      const e = derived.value
      if (!isDeepFrozen(e.DEFAULTS)) fail("endpoint.defaults(d).DEFAULTS is not deeply frozen")
      asResult("derived(route, options)", thrown("derived(route, options)", () => e(r, o)))
      guard("derived.merge(route, options)", thrown("derived.merge", () => e.merge(r, o)))
      guard("derived.defaults(options)", thrown("derived.defaults", () => e.defaults(o)))
    }
    if (Pipeline !== undefined) {
      const from = (options) => Pipeline.with(Pipeline.empty, options)
      guard("Pipeline.with(defaults)", either("Pipeline.with", () => from(d)))
      guard("Pipeline.route", either("Pipeline.route", () => Pipeline.route(r, o)))
      asResult("Pipeline", either("Pipeline", () => Pipeline.build(Pipeline.with(Pipeline.route(r), o))))
      asResult("Pipeline.buildWith", either("Pipeline.buildWith", () => Pipeline.buildWith(endpoint)(from(o))))
      guard("Pipeline.merged", either("Pipeline.merged", () => Pipeline.merged(from(o))))
      guard("Pipeline.build(anything)", either("Pipeline.build(anything)", () => Pipeline.build(o)))
    }
    // sending: every result, and the arbitrary input itself, through the fetch adapters
    if (toRequestInit !== undefined) {
      for (const value of [...results.slice(0, 2), o]) {
        guard("toRequestInitEither", either("toRequestInitEither", () => toRequestInitEither(value)))
        guard("toRequestInit", thrown("toRequestInit", () => toRequestInit(value)))
        guard("toRequestEither", either("toRequestEither", () => toRequestEither(value)))
        guard("toRequest", thrown("toRequest", () => toRequest(value)))
      }
    }
    if (CommandLine !== undefined) {
      for (const output of ["json", "merge", "curl"]) {
        guard(`CommandLine.render ${output}`, either(`CommandLine.render ${output}`, () => CommandLine.render({ _tag: "Build", route: r, options: o, output })))
      }
      let code
      try {
        code = CommandLine.main(typeof r === "string" ? [r] : r, { stdout: () => {}, stderr: () => {} })
      } catch (e) {
        fail(`CommandLine.main threw (it must return an exit code): ${show(e)}`)
      }
      if (code !== 0 && code !== 2) fail(`CommandLine.main returned ${code}`)
    }
    if (!isDeepFrozen(endpoint.DEFAULTS)) fail("endpoint.DEFAULTS is not deeply frozen")
    cleanPrototypes()
    return results
  }

  const anyInput = fc.oneof(fc.anything(), fc.object(), fc.jsonValue(), hostileString, options)

  // --- round trips -----------------------------------------------------------------

  const RESERVED = new Set(["method", "url", "baseUrl", "headers", "mediaType", "data", "request"])
  // options refuse a parameter named __proto__ (it would set a prototype, not a key)
  const queryName = hostileString.filter((n) => !RESERVED.has(n) && n !== "q" && n !== "__proto__")
  const hasLoneSurrogate = (s) => !s.isWellFormed()
  /** The length of the query the pairs make (well-formed names and values): `n=v` joined with `&`. */
  const queryLength = (pairs) =>
    pairs.reduce((n, [k, v]) => n + encodedLength(k, COMPONENT) + 1 + encodedLength(String(v), COMPONENT), 0) + Math.max(0, pairs.length - 1)

  const properties = [
    {
      name: "every entry: realistic options with hostile strings give a result or an EndpointError",
      property: fc.property(route, options, options, (r, o, d) => {
        const before = cloneOrSkip([r, o, d])
        everyEntry(r, o, d, true)
        if (before !== undefined && !isDeepStrictEqual(structuredClone([r, o, d]), before.value)) fail("an input was mutated")
      }),
    },
    {
      name: "every entry: arbitrary values (fc.anything, fc.object, fc.jsonValue) give a result or an EndpointError",
      property: fc.property(anyInput, anyInput, anyInput, (r, o, d) => {
        const before = cloneOrSkip([r, o, d])
        everyEntry(r, o, d, true)
        if (before !== undefined && !isDeepStrictEqual(structuredClone([r, o, d]), before.value)) fail("an input was mutated")
      }),
    },
    {
      name: "url: new URL parses every result when baseUrl is absolute",
      property: fc.property(
        fc.constantFrom(BASE, "https://h.example/api/", "http://127.0.0.1:8080/v3"),
        fc.oneof(fc.constantFrom(...TEMPLATES.filter((t) => t.startsWith("/"))), hostileString.map((s) => "/" + s)),
        fc.array(fc.tuple(key, paramValue), { maxLength: 5 }).map(objectFrom),
        method,
        (base, template, params, m) => {
          const outcome = noSafetyNet("endpoint", thrown("endpoint", () => endpoint({ ...params, method: m, url: template, baseUrl: base })))
          if (!outcome.ok) return
          wellFormed("endpoint", outcome.value)
          try {
            new URL(outcome.value.url)
          } catch (e) {
            fail(`new URL(${JSON.stringify(outcome.value.url.slice(0, 200))}) failed: ${show(e)}`)
          }
        },
      ),
    },
    {
      name: "query: values come back unchanged through URLSearchParams",
      property: fc.property(
        fc.uniqueArray(fc.tuple(queryName, fc.oneof(hostileString, fc.integer(), fc.boolean(), fc.bigInt())), { selector: ([n]) => n, maxLength: 5 }),
        fc.constantFrom("GET", "HEAD", "get"),
        (pairs, m) => {
          const outcome = noSafetyNet("endpoint", thrown("endpoint", () => endpoint(`${m} /x`, { baseUrl: BASE, ...objectFrom(pairs) })))
          const surrogates = pairs.some(([n, v]) => hasLoneSurrogate(n) || (typeof v === "string" && hasLoneSurrogate(v)))
          // a query longer than Template.MAX_LENGTH is an EndpointError on url
          const tooLong = !surrogates && queryLength(pairs) > MAX_LENGTH
          if (!outcome.ok) {
            if (tooLong && isTooLong(outcome.error)) return
            if (!surrogates) fail(`unexpected EndpointError: ${outcome.error.message}`)
            return
          }
          if (surrogates) fail("a lone surrogate was accepted into a query")
          if (tooLong) fail(`a query of ${queryLength(pairs)} characters was accepted (the limit is ${MAX_LENGTH})`)
          const search = new URL(outcome.value.url).searchParams
          for (const [n, v] of pairs) {
            const back = search.getAll(n)
            if (back.length !== 1 || back[0] !== String(v)) fail(`query ${JSON.stringify(n)}: sent ${JSON.stringify(String(v))}, got back ${JSON.stringify(back)}`)
          }
        },
      ),
    },
    {
      name: "query: arrays come back as repeated pairs (name[]) or one comma-joined value",
      property: fc.property(queryName, fc.array(hostileString.filter((s) => s.isWellFormed()), { maxLength: 5 }), (n, values) => {
        if (hasLoneSurrogate(n)) return
        const name = n.endsWith("[]") ? n : n + "[]"
        const plain = n.endsWith("[]") ? n.slice(0, -2) + "x" : n
        if (RESERVED.has(plain) || plain === "q") return
        const length = queryLength([...values.map((v) => [name, v]), [plain, values.join(",")]])
        const outcome = noSafetyNet("endpoint", thrown("endpoint", () => endpoint("GET /x", { baseUrl: BASE, ...objectFrom([[name, values], [plain, values]]) })))
        if (!outcome.ok) {
          if (length > MAX_LENGTH && isTooLong(outcome.error)) return
          fail(`unexpected EndpointError: ${outcome.error.message}`)
        }
        if (length > MAX_LENGTH) fail(`a query of ${length} characters was accepted (the limit is ${MAX_LENGTH})`)
        const r = outcome.value
        const search = new URL(r.url).searchParams
        if (!isDeepStrictEqual(search.getAll(name), values)) fail(`${name}: sent ${JSON.stringify(values)}, got ${JSON.stringify(search.getAll(name))}`)
        const joined = values.length === 0 ? [""] : [values.join(",")]
        if (!isDeepStrictEqual(search.getAll(plain), joined)) fail(`${plain}: sent ${JSON.stringify(values)}, got ${JSON.stringify(search.getAll(plain))}`)
      }),
    },
    {
      name: "query: q keeps its + separators and each piece decodes back",
      property: fc.property(fc.array(hostileString.filter((s) => s.isWellFormed() && !s.includes("+")), { minLength: 1, maxLength: 4 }), (pieces) => {
        const q = pieces.join("+")
        const length = 2 + pieces.reduce((n, p) => n + encodedLength(p, COMPONENT), 0) + pieces.length - 1
        const outcome = noSafetyNet("endpoint", thrown("endpoint", () => endpoint("GET /search", { baseUrl: BASE, q })))
        if (!outcome.ok) {
          if (length > MAX_LENGTH && isTooLong(outcome.error)) return
          fail(`unexpected EndpointError: ${outcome.error.message}`)
        }
        if (length > MAX_LENGTH) fail(`a query of ${length} characters was accepted (the limit is ${MAX_LENGTH})`)
        const r = outcome.value
        const raw = r.url.slice(r.url.indexOf("?q=") + 3)
        const back = raw.split("+").map(decodeURIComponent)
        if (!isDeepStrictEqual(back, pieces)) fail(`q ${JSON.stringify(q)} came back as ${JSON.stringify(back)}`)
      }),
    },
    {
      name: "path: a value expanded by {name} or :name decodes back and never leaves its segment",
      property: fc.property(fc.oneof(hostileString, fc.integer(), fc.bigInt(), fc.boolean()), fc.constantFrom("{id}", ":id"), (v, placeholder) => {
        const outcome = noSafetyNet("endpoint", thrown("endpoint", () => endpoint(`GET /x/${placeholder}/y`, { baseUrl: BASE, id: v })))
        const lone = typeof v === "string" && hasLoneSurrogate(v)
        // a value may not make its segment "." or "..", which would move the request
        const dots = String(v) === "." || String(v) === ".."
        const tooLong = !lone && "/x//y".length + encodedLength(String(v), UNRESERVED) > MAX_LENGTH
        if (!outcome.ok) {
          if (dots && outcome.error.path === "id") return
          if (tooLong && isTooLong(outcome.error)) return
          if (!lone) fail(`unexpected EndpointError: ${outcome.error.message}`)
          return
        }
        if (lone) fail("a lone surrogate was accepted into a path")
        if (dots) fail(`the path value ${JSON.stringify(String(v))} was accepted as a segment`)
        if (tooLong) fail("an expanded url longer than Template.MAX_LENGTH was accepted")
        const u = outcome.value.url
        const prefix = `${BASE}/x/`
        if (!u.startsWith(prefix) || !u.endsWith("/y")) fail(`unexpected url ${JSON.stringify(u.slice(0, 200))}`)
        const segment = u.slice(prefix.length, u.length - 2)
        for (const c of ["/", "?", "#"]) if (segment.includes(c)) fail(`segment ${JSON.stringify(segment.slice(0, 100))} contains ${c}`)
        if (decodeURIComponent(segment) !== String(v)) fail(`path value ${JSON.stringify(String(v))} came back as ${JSON.stringify(decodeURIComponent(segment))}`)
      }),
    },
    {
      name: "frozen: deep-frozen inputs work, are never written to, DEFAULTS stay frozen, results are fresh",
      property: fc.property(route, options, options, (r, o, d) => {
        deepFreeze(o)
        deepFreeze(d)
        const before = cloneOrSkip([o, d])
        const derivedOutcome = noSafetyNet("defaults", thrown("defaults", () => endpoint.defaults(d)))
        const e = derivedOutcome.ok ? derivedOutcome.value : endpoint
        const defaultsText = cloneOrSkip(e.DEFAULTS)
        const first = noSafetyNet("first", thrown("first", () => e(r, o)))
        noSafetyNet("merge", thrown("merge", () => e.merge(r, o)))
        noSafetyNet("parse", thrown("parse", () => e.parse(o)))
        if (first.ok) {
          const snapshot = cloneOrSkip(first.value)
          // mutate everything the result owns
          first.value.method = "mutated"
          first.value.url = "mutated"
          first.value.headers["x-mutated"] = "1"
          for (const k of Object.keys(first.value.headers)) if (k !== "x-mutated") first.value.headers[k] = "mutated"
          const second = thrown("second", () => e(r, o))
          if (!second.ok) fail(`the same input failed the second time: ${second.error.message}`)
          if (snapshot !== undefined && !isDeepStrictEqual(structuredClone(second.value), snapshot.value)) fail("mutating a result changed the next result")
          if (second.value.headers === first.value.headers) fail("two results share their headers object")
        }
        if (!isDeepFrozen(e.DEFAULTS)) fail("DEFAULTS is not deeply frozen")
        if (defaultsText !== undefined && !isDeepStrictEqual(structuredClone(e.DEFAULTS), defaultsText.value)) fail("DEFAULTS changed")
        if (before !== undefined && !isDeepStrictEqual(structuredClone([o, d]), before.value)) fail("a frozen input changed")
      }),
    },
  ]

  if (CommandLine !== undefined) {
    const ARGS = ["--merge", "--curl", "--base-url", "--base-url=https://h.example", "--help", "-h", "--", "-", "--x", "a=b", "a:=1", "a:=[1,{\"b\":2}]", "a:={", "X-H:v", "Accept:", "=x", ":=1", ":v", "__proto__:={\"polluted\":1}", "constructor=1", "GET /x/{a}", "POST /x"]
    const arg = fc.oneof(fc.constantFrom(...ARGS), hostileString, fc.tuple(key, fc.constantFrom("=", ":=", ":"), hostileString).map(([k, s, v]) => k + s + v))
    properties.push({
      name: "command line: parseArgs and render give a result or an EndpointError",
      property: fc.property(fc.array(arg, { maxLength: 8 }), (argv) => {
        const parsed = noSafetyNet("parseArgs", either("parseArgs", () => CommandLine.parseArgs(argv)))
        if (parsed.ok) noSafetyNet("render", either("render", () => CommandLine.render(parsed.value)))
        cleanPrototypes()
      }),
    })
    properties.push({
      name: "command line: parseArgs on arbitrary values never throws",
      property: fc.property(anyInput, (argv) => {
        either("parseArgs", () => CommandLine.parseArgs(argv))
        cleanPrototypes()
      }),
    })
  }
  return properties
}

// -------------------------------------------------------------------------------------
// command line
// -------------------------------------------------------------------------------------

const flag = (args, name) => {
  const i = args.indexOf(`--${name}`)
  if (i >= 0) return args[i + 1]
  const eq = args.find((a) => a.startsWith(`--${name}=`))
  return eq === undefined ? undefined : eq.slice(name.length + 3)
}

const main = async () => {
  const args = process.argv.slice(2)
  if (args.includes("--help") || args.includes("-h")) {
    console.log(`Usage: node scripts/fuzz.mjs [--seconds N] [--runs N] [--seed N] [--only TEXT] [--no-build]
  --seconds N   total time budget (default 120, or FUZZ_SECONDS)
  --runs N      maximum runs per property (default 1000000, or FUZZ_RUNS)
  --seed N      fast-check seed (default random, or FUZZ_SEED)
  --only TEXT   run only the properties whose name contains TEXT
  --no-build    use dist/ as it is (default: npm run build first)`)
    return 0
  }
  const seconds = Number(flag(args, "seconds") ?? process.env.FUZZ_SECONDS ?? 120)
  const maxRuns = Number(flag(args, "runs") ?? process.env.FUZZ_RUNS ?? 1_000_000)
  const seedText = flag(args, "seed") ?? process.env.FUZZ_SEED
  const seed = seedText === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(seedText)
  const only = flag(args, "only")
  if (!(seconds > 0) || !(maxRuns > 0) || !Number.isInteger(seed)) {
    console.error("fuzz: --seconds, --runs and --seed must be positive numbers")
    return 2
  }

  const root = join(dirname(fileURLToPath(import.meta.url)), "..")
  const entry = join(root, "dist", "esm", "index.js")
  if (!args.includes("--no-build") || !existsSync(entry)) {
    console.log("fuzz: building (npm run build)…")
    execFileSync(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" })
  }
  const lib = await import(pathToFileURL(entry).href)
  const FOREIGN = FOREIGN_PROBLEM
  const fc = await import("fast-check")

  const all = hostileProperties({ fc, lib, FOREIGN }).filter((p) => only === undefined || p.name.includes(only))
  if (all.length === 0) {
    console.error(`fuzz: no property matches ${JSON.stringify(only)}`)
    return 2
  }
  const perProperty = (seconds * 1000) / all.length
  console.log(`fuzz: ${all.length} properties, ${seconds} s budget (${(perProperty / 1000).toFixed(1)} s each), up to ${maxRuns} runs each, seed ${seed}`)
  let failures = 0
  let total = 0
  for (const { name, property } of all) {
    const start = performance.now()
    const details = fc.check(property, { numRuns: maxRuns, seed, interruptAfterTimeLimit: perProperty, markInterruptAsFailure: false })
    const ms = performance.now() - start
    total += details.numRuns
    const rate = Math.round(details.numRuns / (ms / 1000))
    const status = details.failed ? "FAIL" : "ok  "
    console.log(`${status} ${String(details.numRuns).padStart(8)} runs  ${String(rate).padStart(7)}/s  ${name}`)
    if (details.failed) {
      failures++
      console.log(`     seed ${details.seed}, path ${JSON.stringify(details.counterexamplePath)}, shrunk ${details.numShrinks} times`)
      console.log(`     counterexample: ${fc.stringify(details.counterexample).slice(0, 2000)}`)
      console.log(`     ${show(details.errorInstance)}`)
    }
  }
  console.log(`fuzz: ${total} inputs tried, ${failures} failing ${failures === 1 ? "property" : "properties"}`)
  return failures === 0 ? 0 : 1
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => {
      process.exitCode = code
    },
    (e) => {
      console.error(e)
      process.exitCode = 1
    },
  )
}
