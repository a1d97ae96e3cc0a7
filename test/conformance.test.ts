// RFC 6570 conformance: every case of the public uritemplate-test suite, vendored
// in test/fixtures/uritemplate-test/*.json (see SOURCE.md there), runs through
// endpoint(). The files are read at test time, so every case counts and a new
// case cannot be silently skipped.
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, test } from "vitest"
import { endpoint, EndpointError } from "../src/index.js"

type Expected = string | ReadonlyArray<string> | false
interface Group {
  readonly level?: number
  readonly variables: Record<string, unknown>
  readonly testcases: ReadonlyArray<readonly [string, Expected]>
}

const DIR = fileURLToPath(new URL("./fixtures/uritemplate-test/", import.meta.url))
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .sort()

interface Case {
  readonly id: string
  readonly template: string
  readonly expected: Expected
  readonly variables: Record<string, unknown>
}

const cases: Array<Case> = []
for (const file of FILES) {
  const groups = JSON.parse(readFileSync(join(DIR, file), "utf8")) as Record<string, Group>
  for (const [groupName, group] of Object.entries(groups)) {
    group.testcases.forEach(([template, expected], k) => {
      cases.push({ id: `${file} › ${groupName} #${k}`, template, expected, variables: group.variables })
    })
  }
}

const run = (c: Case) =>
  endpoint({ ...c.variables, method: "POST", baseUrl: "", url: c.template })

describe("RFC 6570 conformance suite", () => {
  test("the suite is complete: 270 cases in 4 files", () => {
    expect(FILES).toEqual([
      "extended-tests.json",
      "negative-tests.json",
      "spec-examples-by-section.json",
      "spec-examples.json",
    ])
    expect(cases.length).toBe(270)
  })

  test.each(cases)("$id: $template", (c) => {
    if (c.expected === false) {
      let thrown: unknown
      try {
        run(c)
      } catch (e) {
        thrown = e
      }
      expect(thrown).toBeInstanceOf(EndpointError)
      const e = thrown as EndpointError
      if (e.path === "url") {
        // a malformed template: the message names the template and the position
        expect(e.message).toContain(JSON.stringify(c.template))
        expect(e.message).toMatch(/at position \d+/)
      } else {
        // a well-formed template with a value it cannot take: the message names the variable
        expect(Object.keys(c.variables)).toContain(e.path)
        expect(c.template).toContain(e.path)
      }
      return
    }
    const acceptable = typeof c.expected === "string" ? [c.expected] : c.expected
    const { url } = run(c)
    expect(acceptable).toContain(url)
  })
})

// SPEC §6.2: `:name` outside expressions becomes `{name}`. A conformance
// template with a literal `:` followed by a letter or `_` would be read
// differently; this pins that no case of the suite is such a template (outside
// the scheme and authority), so the conversion disturbs none of them.
describe("`:name` conversion and the conformance suite", () => {
  const outsideExpressions = (t: string): string => {
    let out = ""
    let depth = 0
    for (const ch of t) {
      if (ch === "{") depth++
      else if (ch === "}") depth = Math.max(0, depth - 1)
      else if (depth === 0) out += ch
    }
    return out
  }
  const hasColonName = (t: string): boolean => {
    const lit = outsideExpressions(t)
    for (let i = 0; i + 1 < lit.length; i++) {
      if (lit[i] === ":" && /[A-Za-z_]/.test(lit[i + 1]!)) return true
    }
    return false
  }
  test("no case has a literal `:name` outside {…}", () => {
    const affected = cases.filter((c) => hasColonName(c.template)).map((c) => c.template)
    expect(affected).toEqual([])
  })
})
