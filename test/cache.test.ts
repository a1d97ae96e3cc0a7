// The template cache behind endpoint() (src/Parse.ts, a bounded map from
// src/internal/memo.ts), seen only through the public API: whatever it keeps,
// evicts or refuses to keep, every result is what a fresh parse gives.
import { describe, expect, test } from "vitest"
import { endpoint, EndpointError, Template } from "../src/index.js"
import { errorOf } from "./helpers.js"

const url = (template: string, params: Record<string, unknown> = {}): string =>
  endpoint({ ...params, method: "GET", baseUrl: "", url: template }).url

describe("the template cache, through endpoint()", () => {
  test("5 000 distinct templates, many more than the cache holds: every result is right, also when seen again", () => {
    const template = (i: number) => `/cache/${i}/{a}/:b{?c}`
    const expected = (i: number) => `/cache/${i}/A${i}/B?c=${i}&d=1`
    const params = (i: number) => ({ a: `A${i}`, b: "B", c: i, d: 1 })
    for (let i = 0; i < 5_000; i++) {
      expect(url(template(i), params(i))).toBe(expected(i))
      // a template seen on every round stays right whether it is kept or evicted
      expect(url("/hot/{x}", { x: i })).toBe(`/hot/${i}`)
    }
    // the oldest ones, long evicted, and the newest ones, likely kept
    for (const i of [0, 1, 2, 999, 1_000, 2_500, 4_998, 4_999]) {
      expect(url(template(i), params(i))).toBe(expected(i))
      expect(url(template(i), params(i))).toBe(expected(i))
    }
  })

  test("a template is remembered by its text only: other values give other urls, other names other queries", () => {
    const t = "/repos/{owner}/{repo}"
    expect(url(t, { owner: "a", repo: "b" })).toBe("/repos/a/b")
    expect(url(t, { owner: "c", repo: "d", page: 2 })).toBe("/repos/c/d?page=2")
    expect(url("/repos/{owner}", { owner: "a", repo: "b" })).toBe("/repos/a?repo=b")
    expect(url(t, { owner: "a", repo: "b" })).toBe("/repos/a/b")
  })

  test("templates too long to be kept (over 16 384 characters) and many long ones (over 1 MiB in all) stay right", () => {
    const long = (i: number, n: number) => `/${i}/` + "z".repeat(n) + "/{a}"
    for (const n of [16_000, 16_384, 20_000, 40_000]) {
      for (let k = 0; k < 3; k++) expect(url(long(n, n), { a: k })).toBe(`/${n}/` + "z".repeat(n) + `/${k}`)
    }
    for (let i = 0; i < 150; i++) expect(url(long(i, 10_000), { a: i })).toBe(`/${i}/` + "z".repeat(10_000) + `/${i}`)
    for (const i of [0, 75, 149]) expect(url(long(i, 10_000), { a: "x" })).toBe(`/${i}/` + "z".repeat(10_000) + "/x")
  })

  test("a malformed template fails the same way every time: a failure is never remembered as a success", () => {
    for (let k = 0; k < 3; k++) {
      const e = errorOf(() => url("/repos/{owner"))
      expect(e.message).toContain('unclosed "{" at position 7')
    }
    for (let i = 0; i < 2_000; i++) expect(() => url(`/bad/${i}/{`)).toThrow(EndpointError)
    expect(url("/repos/{owner}", { owner: "o" })).toBe("/repos/o")
  })

  test("a value refused by the template is refused every time, and does not poison the template", () => {
    for (let k = 0; k < 3; k++) expect(errorOf(() => url("/repos/{owner}/x", { owner: ".." })).path).toBe("owner")
    expect(url("/repos/{owner}/x", { owner: "o" })).toBe("/repos/o/x")
  })

  test("what could be cached cannot be changed: a parsed template is frozen", () => {
    const t = Template.parse("/repos/{owner}")
    if (t._tag === "Left") throw t.left
    expect(() => {
      ;(t.right.parts as Array<unknown>).length = 0
    }).toThrow(TypeError)
    expect(url("/repos/{owner}", { owner: "o" })).toBe("/repos/o")
  })
})
