// RFC 6570 conformance: every case of the public uritemplate-test suite, vendored
// in test/fixtures/uritemplate-test/*.json (see SOURCE.md there), runs twice:
// - through Template in strict "rfc6570" mode, where every case must pass and
//   every negative case must fail;
// - through endpoint(), which reads templates in "route" mode, where every case
//   must pass except the two documented deviations below: `-` inside a name
//   (two negative cases expand) and required parameters (a case whose `{x}`,
//   `{+x}` or `:x` variable has no value is a "missing parameter" error).
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
 * Deviation 1: `-` inside a variable name. RFC 6570 does not allow it (varchar =
 * ALPHA / DIGIT / "_" / pct-encoded), so the suite lists these two templates as
 * negative cases; GitHub's routes use it
 * (`/enterprises/{enterprise}/teams/{enterprise-team}`), so route mode reads it,
 * and these two cases expand.
 */
const DASHED: ReadonlyArray<readonly [template: string, expansion: string]> = [
  ["/{default-graph-uri}", "/http%3A%2F%2Fwww.example%2Fbook%2F,http%3A%2F%2Fwww.example%2Fpapers%2F"],
  [
    "/sparql{?query,default-graph-uri}",
    "/sparql?query=PREFIX%20dc%3A%20%3Chttp%3A%2F%2Fpurl.org%2Fdc%2Felements%2F1.1%2F%3E%20SELECT%20%3Fbook%20%3Fwho%20WHERE%20%7B%20%3Fbook%20dc%3Acreator%20%3Fwho%20%7D" +
      "&default-graph-uri=http%3A%2F%2Fwww.example%2Fbook%2F,http%3A%2F%2Fwww.example%2Fpapers%2F",
  ],
]
const isDashed = (c: Case): boolean =>
  c.file === "negative-tests.json" && DASHED.some(([template]) => template === c.template)

/** Whether a value is a value for SPEC 6.3: not missing, `undefined`, `null`, an empty list or
 * record, nor a list or record of nothing but `null`s and `undefined`s. `""` is a value. */
const hasValue = (u: unknown): boolean => {
  if (u === undefined || u === null) return false
  if (Array.isArray(u)) return u.some((m) => m != null)
  if (typeof u === "object") return Object.values(u).some((m) => m != null)
  return true
}

/**
 * Deviation 2: required parameters (SPEC 6.3). In route mode every variable of a
 * `{x}`, `{+x}` or `:x` expression must have a value; the RFC expands one without
 * a value to nothing. The names a case requires but has no value for, in order of
 * first appearance, read from the template independently of the library's own
 * rule: every variable of an expression whose operator is "" or "+". (The suite
 * has no `/:name` text, so no `:x` placeholder: both modes parse every case to the
 * same parts, pinned below.)
 */
const requiredWithoutValue = (c: Case): ReadonlyArray<string> => {
  if (c.expected === false || isDashed(c)) return []
  const names: Array<string> = []
  for (const m of c.template.matchAll(/\{([^{}]*)\}/g)) {
    const body = m[1]!
    if (body !== "" && "#./;?&=,!@|".includes(body[0]!)) continue
    for (const spec of (body[0] === "+" ? body.slice(1) : body).split(",")) {
      const name = spec.replace(/(?:\*|:\d+)$/, "")
      if (!hasValue(Object.hasOwn(c.variables, name) ? c.variables[name] : undefined) && !names.includes(name)) names.push(name)
    }
  }
  return names
}
const isMissing = (c: Case): boolean => requiredWithoutValue(c).length > 0
const missingMessage = (names: ReadonlyArray<string>): string =>
  `missing parameter${names.length > 1 ? "s" : ""}: ${names.join(", ")}`

/** Whether route mode deviates from the suite on this case. */
const isDeviation = (c: Case): boolean => isDashed(c) || isMissing(c)

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

describe('RFC 6570 conformance suite, through endpoint() ("route" mode): every case but the documented deviations', () => {
  test("the `-` deviation is exactly two negative cases of the suite", () => {
    const deviating = cases.filter(isDashed)
    expect(deviating.map((c) => c.template)).toEqual(DASHED.map(([template]) => template))
    for (const c of deviating) expect(c.expected).toBe(false)
  })

  test("the required-parameter deviation is exactly four cases of the suite, each with an undefined {x} or {+x}", () => {
    expect(cases.filter(isMissing).map((c) => [c.template, requiredWithoutValue(c)])).toEqual([
      ["O{undef}X", ["undef"]],
      ["?{x,undef}", ["undef"]],
      ["?{undef,y}", ["undef"]],
      ["O{+undef}X", ["undef"]],
    ])
    // the suite also has required expressions over values that are values: `""` and non-empty composites
    const given = cases.filter((c) => !isDeviation(c) && c.expected !== false && /\{\+?(?:empty|list|keys)\b/.test(c.template))
    expect(given.length).toBeGreaterThan(10)
  })

  test.each(cases.filter((c) => !isDeviation(c)))("$id: $template", (c) => {
    if (c.expected === false) checkFailure(c, route(c))
    else checkSuccess(c, route(c))
  })

  test.each(cases.filter(isDashed))("deviation: $template expands in route mode (a `-` inside a name, as GitHub's routes need)", (c) => {
    const expansion = DASHED.find(([template]) => template === c.template)![1]
    expect(route(c)).toEqual(E.right(expansion))
    expect(E.flatMap(Template.parse(c.template, "route"), Template.expand(c.variables))).toEqual(E.right(expansion))
    // and strict mode still refuses it, naming the position of the `-`
    const refused = Template.parse(c.template, "rfc6570")
    expect(E.isLeft(refused) && refused.left.message).toContain(`at position ${c.template.indexOf("-")}`)
  })

  test.each(cases.filter(isMissing))("deviation: $template is a missing-parameter error in route mode (SPEC 6.3), the suite's expansion in strict mode", (c) => {
    const message = missingMessage(requiredWithoutValue(c))
    for (const result of [route(c), E.flatMap(Template.parse(c.template, "route"), Template.expand(c.variables))]) {
      if (E.isRight(result)) throw new Error(`expected ${JSON.stringify(message)}, got ${JSON.stringify(result.right)}`)
      expect(result.left).toBeInstanceOf(EndpointError)
      expect([result.left.path, result.left.message]).toEqual(["", message])
    }
    expect(strict(c)).toEqual(E.right(c.expected))
  })

  test("a missing variable that is given a value, even \"\", expands as the suite says", () => {
    for (const c of cases.filter(isMissing)) {
      const variables = { ...c.variables, undef: "" }
      const strictWith = E.flatMap(Template.parse(c.template, "rfc6570"), Template.expand(variables))
      expect(route({ ...c, variables })).toEqual(strictWith)
      expect(E.isRight(strictWith)).toBe(true)
    }
  })
})

// Route mode adds `:name` placeholders, `-` in names, required parameters and
// (through endpoint()) the url-level checks. None of them may change how a case of
// the suite is read or expanded, except the deviations above: this pins that the
// suite tests the same engine twice.
describe("route mode and strict mode agree on the suite", () => {
  test("every case parses to the same parts in both modes, or fails in both", () => {
    for (const c of cases) {
      if (isDashed(c)) continue
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
