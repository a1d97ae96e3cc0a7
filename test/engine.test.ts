// Which engine expands what: url-template takes lists and records inside its correct domain,
// our own code takes scalars and the corners where url-template departs from RFC 6570.
import { afterEach, describe, expect, test, vi } from "vitest"

vi.mock("url-template", async (importOriginal) => {
  const original = await importOriginal<typeof import("url-template")>()
  return { parseTemplate: vi.fn(original.parseTemplate) }
})

const { parseTemplate } = await import("url-template")
const { endpoint } = await import("../src/index.js")
const calls = vi.mocked(parseTemplate)
const url = (template: string, params: object): string => endpoint({ method: "POST", baseUrl: "", url: template, ...params }).url

afterEach(() => calls.mockClear())

describe("the engine split", () => {
  test("a list or a record inside url-template's domain is expanded by url-template", () => {
    expect(url("/x{?list*}", { list: ["a", "b"] })).toBe("/x?list=a&list=b")
    expect(url("/x{;keys}", { keys: { a: "1", b: "2" } })).toBe("/x;keys=a,1,b,2")
    expect(calls.mock.calls.map(([t]) => t)).toEqual(["{?list*}", "{;keys}"])
  })
  test("scalars never reach url-template", () => {
    expect(url("/x/{a}{?b,c}", { a: "1", b: 2, c: true })).toBe("/x/1?b=2&c=true")
    expect(calls).not.toHaveBeenCalled()
  })
  test("the corners where url-template departs from the RFC stay with our code, and are right", () => {
    expect(url("{;list*}", { list: ["", "a"] })).toBe(";list;list=a") // url-template: ;list=;list=a
    expect(url("{+list}", { list: ["%foo"] })).toBe("%25foo") // url-template lets an invalid % through
    expect(url("{+keys*}", { keys: { "a/b": "1" } })).toBe("a/b=1") // url-template encodes the key
    expect(url("{?Some%20Thing*}", { "Some%20Thing": ["x"] })).toBe("?Some%20Thing=x") // url-template double-encodes
    expect(url("{?keys*}", { keys: { "": "v", a: "1" } })).toBe("?=v&a=1") // url-template: ?v&a=1
    expect(url("{/keys*}", { keys: { "": "v" } })).toBe("/=v") // url-template: /v
    expect(url("{+keys*}", { keys: { "": "v", é: "1" } })).toBe("=v,%C3%A9=1") // the same, whatever the other keys
    expect(calls).not.toHaveBeenCalled()
  })
})

describe("the url-template path under hostile sizes", () => {
  const timed = (f: () => unknown): number => {
    const t0 = performance.now()
    f()
    return performance.now() - t0
  }
  test("a 100 000-character member and 10 000 members finish quickly (generous guard)", () => {
    const long = "a%b/c ".repeat(20_000)
    const many = Array.from({ length: 10_000 }, (_, i) => `v${i}`)
    const record = Object.fromEntries(many.map((v) => [v, v]))
    expect(timed(() => url("/x{?list*}", { list: [long] }))).toBeLessThan(2000)
    expect(timed(() => url("/x{/list*}", { list: many }))).toBeLessThan(2000)
    expect(timed(() => url("/x{?keys*}", { keys: record }))).toBeLessThan(2000)
    expect(calls).toHaveBeenCalled()
  })
})
