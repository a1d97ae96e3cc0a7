// RFC 6570 conformance: every case of the public uritemplate-test suite, vendored
// in test/fixtures/uritemplate-test/*.json (see SOURCE.md there), runs twice:
// - through Template in strict "rfc6570" mode, where every case must pass and
//   every negative case must fail;
// - through endpoint(), which reads templates in "route" mode, where every case
//   must pass except the one documented deviation below.
// The files are read at test time, so every case counts and a new case cannot be
// silently skipped.
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import * as E from "fp-ts/lib/Either.js"
import { describe, expect, test } from "vitest"
import { endpoint, EndpointError, Template } from "../src/index.js"

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
  readonly file: string
  readonly template: string
  readonly expected: Expected
  readonly variables: Record<string, unknown>
}

const cases: Array<Case> = []
for (const file of FILES) {
  const groups = JSON.parse(readFileSync(join(DIR, file), "utf8")) as Record<string, Group>
  for (const [groupName, group] of Object.entries(groups)) {
    group.testcases.forEach(([template, expected], k) => {
      cases.push({ id: `${file} › ${groupName} #${k}`, file, template, expected, variables: group.variables })
    })
  }
}

/**
 * The one documented deviation of route mode: `-` inside a variable name. RFC
 * 6570 does not allow it (varchar = ALPHA / DIGIT / "_" / pct-encoded), so the
 * suite lists these two templates as negative cases; GitHub's routes use it
 * (`/enterprises/{enterprise}/teams/{enterprise-team}`), so route mode reads
 * it, and these two cases expand. No other case of the suite may differ.
 */
const DEVIATIONS: ReadonlyArray<readonly [template: string, expansion: string]> = [
  ["/{default-graph-uri}", "/http%3A%2F%2Fwww.example%2Fbook%2F,http%3A%2F%2Fwww.example%2Fpapers%2F"],
  [
    "/sparql{?query,default-graph-uri}",
    "/sparql?query=PREFIX%20dc%3A%20%3Chttp%3A%2F%2Fpurl.org%2Fdc%2Felements%2F1.1%2F%3E%20SELECT%20%3Fbook%20%3Fwho%20WHERE%20%7B%20%3Fbook%20dc%3Acreator%20%3Fwho%20%7D" +
      "&default-graph-uri=http%3A%2F%2Fwww.example%2Fbook%2F,http%3A%2F%2Fwww.example%2Fpapers%2F",
  ],
]
const isDeviation = (c: Case): boolean =>
  c.file === "negative-tests.json" && DEVIATIONS.some(([template]) => template === c.template)

/** Strict RFC 6570: parse and expand, as an Either. */
const strict = (c: Case): E.Either<EndpointError, string> =>
  E.flatMap(Template.parse(c.template, "rfc6570"), Template.expand(c.variables))

/** Route mode, through endpoint() (a POST, so no parameter reaches the query). */
const route = (c: Case): E.Either<EndpointError, string> => {
  try {
    return E.right(endpoint({ ...c.variables, method: "POST", baseUrl: "", url: c.template }).url)
  } catch (e) {
    if (e instanceof EndpointError) return E.left(e)
    throw e
  }
}

const checkFailure = (c: Case, result: E.Either<EndpointError, string>): void => {
  if (E.isRight(result)) throw new Error(`expected an EndpointError for ${JSON.stringify(c.template)}, got ${JSON.stringify(result.right)}`)
  const e = result.left
  expect(e).toBeInstanceOf(EndpointError)
  if (e.path === "url") {
    // a malformed template: the message names the template and the position
    expect(e.message).toContain(JSON.stringify(c.template))
    expect(e.message).toMatch(/at position \d+/)
  } else {
    // a well-formed template with a value it cannot take: the message names the variable
    expect(Object.keys(c.variables)).toContain(e.path)
    expect(c.template).toContain(e.path)
  }
}

const checkSuccess = (c: Case, result: E.Either<EndpointError, string>): void => {
  if (E.isLeft(result)) throw result.left
  const acceptable = typeof c.expected === "string" ? [c.expected] : (c.expected as ReadonlyArray<string>)
  expect(acceptable).toContain(result.right)
}

test("the suite is complete: 270 cases in 4 files, 36 of them negative", () => {
  expect(FILES).toEqual(["extended-tests.json", "negative-tests.json", "spec-examples-by-section.json", "spec-examples.json"])
  expect(cases.length).toBe(270)
  expect(cases.filter((c) => c.expected === false).length).toBe(36)
})

describe('RFC 6570 conformance suite, strict "rfc6570" mode: every case', () => {
  test.each(cases)("$id: $template", (c) => {
    if (c.expected === false) checkFailure(c, strict(c))
    else checkSuccess(c, strict(c))
  })
})

describe('RFC 6570 conformance suite, through endpoint() ("route" mode): every case but the documented deviation', () => {
  test("the deviation is exactly two negative cases of the suite", () => {
    const deviating = cases.filter(isDeviation)
    expect(deviating.map((c) => c.template)).toEqual(DEVIATIONS.map(([template]) => template))
    for (const c of deviating) expect(c.expected).toBe(false)
  })

  test.each(cases.filter((c) => !isDeviation(c)))("$id: $template", (c) => {
    if (c.expected === false) checkFailure(c, route(c))
    else checkSuccess(c, route(c))
  })

  test.each(cases.filter(isDeviation))("deviation: $template expands in route mode (a `-` inside a name, as GitHub's routes need)", (c) => {
    const expansion = DEVIATIONS.find(([template]) => template === c.template)![1]
    expect(route(c)).toEqual(E.right(expansion))
    expect(E.flatMap(Template.parse(c.template, "route"), Template.expand(c.variables))).toEqual(E.right(expansion))
    // and strict mode still refuses it, naming the position of the `-`
    const refused = Template.parse(c.template, "rfc6570")
    expect(E.isLeft(refused) && refused.left.message).toContain(`at position ${c.template.indexOf("-")}`)
  })
})

// Route mode adds `:name` placeholders, `-` in names and the dot-segment rule.
// None of them may change how a case of the suite is read or expanded, except
// the deviation above: this pins that the suite tests the same engine twice.
describe("route mode and strict mode agree on the suite", () => {
  test("every case parses to the same parts in both modes, or fails in both", () => {
    for (const c of cases) {
      if (isDeviation(c)) continue
      const s = Template.parse(c.template, "rfc6570")
      const r = Template.parse(c.template, "route")
      expect([c.template, E.isRight(r)]).toEqual([c.template, E.isRight(s)])
      if (E.isRight(s) && E.isRight(r)) {
        expect(r.right.parts).toEqual(s.right.parts)
        expect(r.right.names).toEqual(s.right.names)
      }
    }
  })

  test("every case expands to the same url in both modes, or fails in both", () => {
    for (const c of cases) {
      if (isDeviation(c)) continue
      const s = strict(c)
      const r = route(c)
      expect([c.template, E.isRight(r) ? r.right : "failure"]).toEqual([c.template, E.isRight(s) ? s.right : "failure"])
    }
  })
})
