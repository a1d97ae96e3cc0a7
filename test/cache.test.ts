// The package's one cache: url templates compiled once by their text (src/Url.ts `compile`), and
// routes parsed once by theirs (src/Route.ts `parseKnown`, so that the url a route gives is one
// string, which the template cache then finds without hashing it anew); each at most 1000 texts
// of at most 16 384 characters. Through the public API, whatever it keeps,
// forgets or refuses to keep, every result is what a fresh compile gives; errors are never kept,
// and nothing a caller receives is shared between calls. `Url.compile` is imported for white-box
// checks only: that a second compile is a hit (the same object) and that the cache forgets.
import fc from "fast-check"
import * as E from "fp-ts/lib/Either.js"
import { describe, expect, test } from "vitest"
import { endpoint, EndpointError } from "../src/index.js"
import * as Route from "../src/Route.js"
import * as Url from "../src/Url.js"
import { errorOf, orThrow } from "./helpers.js"
import { arbValue } from "./properties/arbitraries.js"

const url = (template: string, params: Record<string, unknown> = {}): string =>
  endpoint({ ...params, method: "GET", baseUrl: "", url: template }).url

/** A text never compiled before in this file: a miss. */
let fresh = 0
const unique = (): number => fresh++

/** Compiles 1000 texts never seen before: whatever the cache held before is forgotten (it holds at most 1000). */
const churn = (): void => {
  for (let i = 0; i < 1_000; i++) orThrow(Url.compile(`/churn/${unique()}/{a}`))
}

/** A result, or the EndpointError's message, as plain data to compare. */
const outcome = (f: () => unknown): unknown => {
  try {
    return { ok: f() }
  } catch (e) {
    expect(e).toBeInstanceOf(EndpointError)
    return { error: (e as EndpointError).message }
  }
}

describe("the template cache, white-box", () => {
  test("a second compile of a text is a hit: the same compiled template", () => {
    const t = `/hit/${unique()}/{a}`
    expect(orThrow(Url.compile(t))).toBe(orThrow(Url.compile(t)))
  })
  test("it is bounded: after 1000 other texts a template is compiled anew", () => {
    const t = `/bounded/${unique()}/{a}`
    const first = orThrow(Url.compile(t))
    churn()
    const again = orThrow(Url.compile(t))
    expect(again).not.toBe(first)
    expect(again).toEqual(first)
  })
  test("a text over 16 384 characters is never kept; one of 16 384 is", () => {
    const long = `/${"z".repeat(16_384)}/{a}`
    expect(orThrow(Url.compile(long))).not.toBe(orThrow(Url.compile(long)))
    const longest = `/${"y".repeat(16_384 - 5)}/{a}`
    expect(longest.length).toBe(16_384)
    expect(orThrow(Url.compile(longest))).toBe(orThrow(Url.compile(longest)))
  })
  test("an error is never kept: each compile of a bad text makes a new one", () => {
    for (const bad of ["/x/{", "/things/{data}", "/x}"]) {
      const [a, b] = [Url.compile(bad), Url.compile(bad)]
      expect(E.isLeft(a) && E.isLeft(b) && a.left !== b.left && a.left.message === b.left.message).toBe(true)
    }
  })
})

describe("routes in the cache, white-box", () => {
  test("a second parse of a route's text is a hit, and its url is the string the template cache keeps", () => {
    const route = `POST /route-hit/${unique()}/{a}`
    const [a, b] = [orThrow(Route.parseKnown(route)), orThrow(Route.parseKnown(route))]
    expect(a).toBe(b)
    expect(Object.isFrozen(a)).toBe(true)
    expect(a).toEqual(orThrow(Route.parse(route)))
  })
  test("it is bounded like templates, never keeps a route over 16 384 characters, and never keeps an error", () => {
    const route = `GET /route-bounded/${unique()}/{a}`
    const first = orThrow(Route.parseKnown(route))
    for (let i = 0; i < 1_000; i++) orThrow(Route.parseKnown(`GET /route-churn/${unique()}`))
    expect(orThrow(Route.parseKnown(route))).not.toBe(first)
    const long = `GET /${"r".repeat(16_384)}`
    expect(orThrow(Route.parseKnown(long))).not.toBe(orThrow(Route.parseKnown(long)))
    const [x, y] = [Route.parseKnown("GET/user"), Route.parseKnown("GET/user")]
    expect(E.isLeft(x) && E.isLeft(y) && x.left !== y.left && x.left.message === y.left.message).toBe(true)
  })
  test("through endpoint(): a route seen before gives what a fresh one gives, in fresh objects", () => {
    const route = `POST /repos/{owner}/route-${unique()}/issues`
    const [a, b] = [endpoint(route, { owner: "o", title: "t" }), endpoint(route, { owner: "p", title: "u" })]
    expect([a.method, a.url, a.body]).toEqual(["post", `https://api.github.com/repos/o/${route.split("/")[3]}/issues`, { title: "t" }])
    expect([b.url.split("/")[4], b.body]).toEqual(["p", { title: "u" }])
    expect(endpoint.merge(route, { owner: "o" })).not.toBe(endpoint.merge(route, { owner: "o" }))
    expect(() => endpoint(`GET /${"q".repeat(3)}/{+x}`, { x: "../.." })).toThrow(EndpointError)
  })
})

describe("the template cache, through endpoint()", () => {
  // templates that succeed and that fail in each way the url can: the cached template is the same either way
  const templates = (i: number): ReadonlyArray<string> => [
    `/c${i}/{a}`,
    `/c${i}{/b}{?q,page}`,
    `/c${i}/:owner/{+path}`,
    `https://h${i}.example/{a}`,
    `https://h${i}.example{+path}`,
    `{+base}/c${i}`,
    `/c${i}/{a}/../x`,
    `/c${i}/{a,b}`,
    `/c${i}/{`,
  ]
  const params = fc.dictionary(fc.constantFrom("a", "b", "q", "page", "owner", "path", "base", "x"), arbValue, { maxKeys: 5 })

  test("a hit, a miss and a miss after the cache forgot give the same result, or the same error", () => {
    fc.assert(
      fc.property(fc.nat(8), params, fc.constantFrom("GET", "POST"), (k, p, method) => {
        const t = templates(unique())[k]!
        const call = () => outcome(() => endpoint({ ...p, method, url: t }))
        const miss = call()
        const hit = call()
        expect(hit).toEqual(miss)
        if (k === 0) {
          churn() // now and then: after the cache forgot, a miss again
          expect(call()).toEqual(miss)
        }
      }),
      { numRuns: 300 },
    )
  })

  test("5 000 distinct templates, many more than the cache holds: every result is right, also when seen again", () => {
    const template = (i: number) => `/cache/${i}/{a}/:b{?c}`
    const expected = (i: number) => `/cache/${i}/A${i}/B?c=${i}&d=1`
    const values = (i: number) => ({ a: `A${i}`, b: "B", c: i, d: 1 })
    for (let i = 0; i < 5_000; i++) {
      expect(url(template(i), values(i))).toBe(expected(i))
      // a template seen on every round stays right whether it is kept or forgotten
      expect(url("/hot/{x}", { x: i })).toBe(`/hot/${i}`)
    }
    // the oldest ones, long forgotten, and the newest ones, likely kept
    for (const i of [0, 1, 2, 999, 1_000, 2_500, 4_998, 4_999]) {
      expect(url(template(i), values(i))).toBe(expected(i))
      expect(url(template(i), values(i))).toBe(expected(i))
    }
  })

  test("a template is remembered by its text only: other values give other urls, other names other queries", () => {
    const t = "/repos/{owner}/{repo}"
    expect(url(t, { owner: "a", repo: "b" })).toBe("/repos/a/b")
    expect(url(t, { owner: "c", repo: "d", page: 2 })).toBe("/repos/c/d?page=2")
    expect(url("/repos/{owner}", { owner: "a", repo: "b" })).toBe("/repos/a?repo=b")
    expect(url(t, { owner: "a", repo: "b" })).toBe("/repos/a/b")
    // the names a template consumes are its own: a body keeps what another template would consume
    expect(endpoint("POST /repos/{owner}", { owner: "o", repo: "r" }).body).toEqual({ repo: "r" })
    expect(endpoint("POST /repos/{owner}/{repo}", { owner: "o", repo: "r" }).body).toBeUndefined()
  })

  test("templates too long to be kept (over 16 384 characters) and many long ones (over 1 MiB in all) stay right", () => {
    const long = (i: number, n: number) => `/${i}/${"z".repeat(n)}/{a}`
    for (const n of [16_000, 16_384, 20_000, 40_000]) {
      for (let k = 0; k < 3; k++) expect(url(long(n, n), { a: k })).toBe(`/${n}/${"z".repeat(n)}/${k}`)
    }
    for (let i = 0; i < 150; i++) expect(url(long(i, 10_000), { a: i })).toBe(`/${i}/${"z".repeat(10_000)}/${i}`)
    for (const i of [0, 75, 149]) expect(url(long(i, 10_000), { a: "x" })).toBe(`/${i}/${"z".repeat(10_000)}/x`)
  })
})

describe("errors are never kept or shared", () => {
  test("a malformed template fails the same way every time, with a new error each time", () => {
    const errors = [0, 1, 2].map(() => errorOf(() => url("/repos/{owner")))
    for (const e of errors) expect(e.message).toBe('url: unclosed "{" at position 7 in template "/repos/{owner"')
    expect(new Set(errors).size).toBe(3)
    for (let i = 0; i < 2_000; i++) expect(() => url(`/bad/${i}/{`)).toThrow(EndpointError)
    expect(url("/repos/{owner}", { owner: "o" })).toBe("/repos/o")
  })
  test("a value refused by a cached template is refused every time, with a new error, and does not poison the template", () => {
    const refused = [
      ["/repos/{owner}/x", { owner: ".." }, "owner"],
      ["/repos/{owner}/x", {}, ""],
      ["https://{host}/x", { host: "" }, "host"],
      ["/things/{data}", { data: "1" }, "url"],
    ] as const
    for (const [t, values, path] of refused) {
      const errors = [0, 1, 2].map(() => errorOf(() => url(t, values)))
      expect(errors.map((e) => e.path)).toEqual([path, path, path])
      expect(new Set(errors).size).toBe(3)
    }
    expect(url("/repos/{owner}/x", { owner: "o" })).toBe("/repos/o/x")
    expect(url("https://{host}/x", { host: "h.example" })).toBe("https://h.example/x")
  })
  test("an error's fields are its own: changing one changes no later error", () => {
    const first = errorOf(() => url("/x/{"))
    Object.assign(first, { message: "changed" })
    expect(errorOf(() => url("/x/{")).message).toBe('url: unclosed "{" at position 3 in template "/x/{"')
  })
})

describe("nothing a caller receives is shared between calls", () => {
  /** Writes into a result: every key of its headers, its body and request when they are our plain objects. */
  const vandalise = (r: Record<string, unknown>): void => {
    for (const key of ["headers", "body", "request"]) {
      const o = r[key]
      if (typeof o === "object" && o !== null && !Object.isFrozen(o) && Object.getPrototypeOf(o) === Object.prototype) {
        for (const k of Object.keys(o)) (o as Record<string, unknown>)[k] = "vandalised"
        ;(o as Record<string, unknown>).added = "added"
      }
    }
    r.url = "vandalised"
    r.method = "vandalised"
  }
  const view = (u: unknown): string => JSON.stringify(u, (_, v) => (typeof v === "bigint" ? `${v}n` : v))

  test("mutating a result changes neither the next result nor DEFAULTS (a hit), also on generated input", () => {
    const e = endpoint.defaults({ headers: { "x-d": "1" }, mediaType: { previews: ["p"] }, d: 1 })
    const defaults = view(e.DEFAULTS)
    const route = fc.constantFrom("GET /x/{a}", "POST /x/{a}", "PATCH /x", "GET /x{?q}")
    const options = fc.record({
      a: fc.string({ minLength: 1, maxLength: 3 }).filter((s) => s !== "." && s !== ".."),
      q: fc.string({ maxLength: 3 }),
      headers: fc.dictionary(fc.constantFrom("x-a", "x-b"), fc.string({ maxLength: 3 })),
      request: fc.dictionary(fc.constantFrom("timeout", "r"), fc.nat(9)),
    })
    fc.assert(
      fc.property(route, options, (r, o) => {
        const before = view(e(r, o))
        const first = e(r, o)
        const second = e(r, o)
        expect([first.headers === second.headers, first.body !== undefined && first.body === second.body]).toEqual([false, false])
        vandalise(first as never)
        expect(view(e(r, o))).toBe(before)
        expect(view(e.DEFAULTS)).toBe(defaults)
      }),
      { numRuns: 200 },
    )
  })
  test("mutating what merge() returns changes neither the next merge nor a result", () => {
    const e = endpoint.defaults({ headers: { "x-d": "1" }, mediaType: { previews: ["p"] } })
    const [merged, result] = [view(e.merge("GET /x/{a}", { a: "1" })), view(e("GET /x/{a}", { a: "1" }))]
    const m = e.merge("GET /x/{a}", { a: "1" }) as unknown as { headers: Record<string, unknown>; mediaType: { previews: Array<string> } }
    m.headers["x-d"] = "changed"
    m.mediaType.previews.push("q")
    expect([view(e.merge("GET /x/{a}", { a: "1" })), view(e("GET /x/{a}", { a: "1" }))]).toEqual([merged, result])
  })
  test("what a result shares with the defaults is frozen: the defaults' values in a body, the defaults' request", () => {
    const e = endpoint.defaults({ config: { a: 1 }, request: { retries: 1 } })
    const r = e("POST /x")
    const config = (r.body as { config: object }).config
    expect([Object.isFrozen(config), Object.isFrozen(r.request)]).toEqual([true, true])
    expect(() => Object.assign(config, { a: 2 })).toThrow(TypeError)
    expect(e("POST /x").body).toEqual({ config: { a: 1 } })
  })
})
