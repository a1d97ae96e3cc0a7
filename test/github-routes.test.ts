// Every route of GitHub's REST API, as @octokit/plugin-rest-endpoint-methods
// lists them, gives the url and the method that @octokit/endpoint gives, for a
// fixed value per placeholder and for generated ones. A difference is allowed
// only where it is one of this package's decisions (KNOWN below, each with its
// reason); anything else fails with the route and the values.
import { endpoint as octokit } from "@octokit/endpoint"
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { endpoint, isEndpointError, type RequestOptions } from "../src/index.js"

// -------------------------------------------------------------------------------------
// the routes
// -------------------------------------------------------------------------------------

/** One entry of the plugin's map: the route, then optional defaults and decorations. */
type Entry = readonly [route: string, defaults?: object, decorations?: object]

/**
 * The plugin's generated map, scope → method name → entry. The package
 * exports only its plugin functions, and the map is what they are built
 * from: `dist-src/generated/endpoints.js`, beside its entry point.
 */
const ENDPOINTS: Record<string, Record<string, Entry>> = (
  await import(new URL("./generated/endpoints.js", import.meta.resolve("@octokit/plugin-rest-endpoint-methods")).href)
).default

/** Each route once (renamed and deprecated methods repeat routes). */
const ROUTES: ReadonlyArray<string> = [
  ...new Set(Object.values(ENDPOINTS).flatMap((scope) => Object.values(scope).map(([route]) => route))),
].sort()

/** A placeholder of a route: its name and its RFC 6570 operator ("" for `{name}`). */
interface Placeholder {
  readonly name: string
  readonly operator: string
}

/** The placeholders of a route, read with a regular expression (not with the code under test). */
const placeholdersOf = (route: string): ReadonlyArray<Placeholder> =>
  [...route.matchAll(/\{([+#./;?&]?)([^}]*)\}/g)].flatMap(([, operator, list]) =>
    list!.split(",").map((v) => ({ name: v.replace(/[:*].*$/, ""), operator: operator! })),
  )

// -------------------------------------------------------------------------------------
// comparing
// -------------------------------------------------------------------------------------

type Outcome = { readonly ok: RequestOptions } | { readonly error: unknown }

const run = (f: () => RequestOptions): Outcome => {
  try {
    return { ok: f() }
  } catch (error) {
    return { error }
  }
}

/**
 * The differences this package decided on, each with its reason. `applies`
 * says whether a difference between fp-endpoint's outcome `fp` and
 * @octokit/endpoint's `ok` for `route` and `params` is this one.
 */
const KNOWN: ReadonlyArray<{
  readonly reason: string
  readonly applies: (route: string, params: Record<string, unknown>, fp: Outcome, ok: Outcome) => boolean
}> = [
  {
    reason:
      'README, "Decisions where @octokit/endpoint is silent": a path value of `.` or `..` is an EndpointError ' +
      "naming the parameter (it would move the request: `/repos/o/..` is `/repos/`); @octokit/endpoint sends it",
    applies: (_route, params, fp, ok) =>
      "error" in fp &&
      isEndpointError(fp.error) &&
      /a value cannot make a path segment "\." or "\.\."/.test(fp.error.message) &&
      (params[fp.error.path] === "." || params[fp.error.path] === "..") &&
      "ok" in ok,
  },
  {
    reason:
      "RFC 6570: an empty value expands to nothing, so `/x/{id}` with id \"\" is `/x/`; @octokit/endpoint removes " +
      "one trailing `/` from every expanded url and sends `/x`. (Not yet in the README's decisions table.)",
    applies: (route, params, fp, ok) => {
      if (!("ok" in fp && "ok" in ok) || fp.ok.url !== `${ok.ok.url}/`) return false
      const path = route.split(" ")[1]!.replace(/\{[?&][^}]*\}$/, "")
      const last = /\{([^}+#./;?&][^}]*)\}$/.exec(path)
      return last !== null && params[last[1]!] === ""
    },
  },
  {
    reason:
      "SPEC 6.3: a required parameter ({name}) without a value (missing, undefined, null) is an EndpointError " +
      '"missing parameter: name"; @octokit/endpoint expands it to nothing and sends `DELETE /repos/o` for ' +
      "`DELETE /repos/{owner}/{repo}` without repo",
    applies: (route, params, fp, ok) =>
      "error" in fp &&
      isEndpointError(fp.error) &&
      fp.error.path === "" &&
      /^missing parameters?: /.test(fp.error.message) &&
      fp.error.message
        .replace(/^missing parameters?: /, "")
        .split(", ")
        .every((name) => params[name] == null && placeholdersOf(route).some((p) => p.name === name && p.operator === "")) &&
      "ok" in ok,
  },
  {
    reason:
      "RFC 6570: a query expression `{?a,b}` leaves out a variable with no value; @octokit/endpoint writes a stray " +
      "`&` in its place (`?&b=1`, `?a=1&`, `?&`) for a null or undefined value",
    applies: (route, params, fp, ok) => {
      if (!("ok" in fp && "ok" in ok)) return false
      const unset = placeholdersOf(route).some((p) => p.operator === "?" && params[p.name] == null)
      const tidied = ok.ok.url.replace(/\?&+/, "?").replace(/&&+/g, "&").replace(/[?&]$/, "")
      return unset && tidied === fp.ok.url && tidied !== ok.ok.url
    },
  },
]

/** Why fp-endpoint and @octokit/endpoint differ here: `undefined` when they agree, else a known reason or "unknown". */
const difference = (route: string, params: Record<string, unknown>): string | undefined => {
  const fp = run(() => endpoint(route, params))
  const ok = run(() => octokit(route, params) as RequestOptions)
  if ("ok" in fp && "ok" in ok && fp.ok.url === ok.ok.url && fp.ok.method === ok.ok.method.toLowerCase()) return undefined
  if ("error" in fp && "error" in ok && isEndpointError(fp.error)) return undefined // both refuse
  return KNOWN.find((k) => k.applies(route, params, fp, ok))?.reason ?? `unknown: ${JSON.stringify({ route, params, fp, ok })}`
}

// -------------------------------------------------------------------------------------
// tests
// -------------------------------------------------------------------------------------

describe("every GitHub route gives @octokit/endpoint's url and method", () => {
  test("the plugin lists the whole API", () => {
    expect(ROUTES.length).toBeGreaterThan(1000)
    for (const route of ROUTES) expect(route).toMatch(/^(GET|POST|PUT|PATCH|DELETE|HEAD) \/\S*$/)
    // hyphenated names are GitHub's own (`{enterprise-team}`)
    expect(ROUTES.some((r) => placeholdersOf(r).some((p) => p.name.includes("-")))).toBe(true)
  })

  test("a fixed value per placeholder: v-<name>", () => {
    const differ = ROUTES.flatMap((route) => {
      const params = Object.fromEntries(placeholdersOf(route).map((p) => [p.name, `v-${p.name}`]))
      const d = difference(route, params)
      return d === undefined ? [] : [`${route}: ${d}`]
    })
    expect(differ).toEqual([])
  })

  test("the fixed values fill the url where the route says (a third oracle: string replacement)", () => {
    const operators = new Set<string>()
    for (const route of ROUTES) {
      const params = Object.fromEntries(placeholdersOf(route).map((p) => [p.name, `v-${p.name}`]))
      const expected = route
        .split(" ")[1]!
        .replace(/\{\?([^}]*)\}/g, (_, list: string) => `?${list.split(",").map((n) => `${n}=v-${n}`).join("&")}`)
        .replace(/\{([^}?]*)\}/g, (_, name: string) => `v-${name}`)
      for (const p of placeholdersOf(route)) operators.add(p.operator)
      expect(endpoint(route, params).url).toBe(`https://api.github.com${expected}`)
    }
    // GitHub's routes use {name} and {?name,...} only
    expect([...operators].sort()).toEqual(["", "?"])
  })

  test("generated values: strings of any code point, integers, the corners (empty, dots, reserved characters), and no value", () => {
    const value = fc.oneof(
      fc.string({ unit: "binary", maxLength: 12 }),
      fc.string({ maxLength: 12 }),
      fc.integer(),
      fc.constantFrom("", ".", "..", "...", "%2e", "%2E%2e", "a/b", "a b", "a+b", "é", "?#&=", "~!$'()*,;:@[]", "%", "%zz", "-"),
      fc.constantFrom(undefined, null),
    )
    const seen = new Set<string>()
    const unknown: Array<string> = []
    for (const route of ROUTES) {
      const names = [...new Set(placeholdersOf(route).map((p) => p.name))]
      if (names.length === 0) continue
      fc.assert(
        fc.property(fc.record(Object.fromEntries(names.map((n) => [n, value]))), (params) => {
          const d = difference(route, params as Record<string, unknown>)
          if (d === undefined) return
          if (d.startsWith("unknown")) unknown.push(d)
          else seen.add(d)
        }),
        { numRuns: 25, seed: 20_260_707 },
      )
    }
    expect(unknown.slice(0, 5)).toEqual([])
    // the generator reaches every known difference
    expect([...seen].sort()).toEqual(KNOWN.map((k) => k.reason).sort())
  })
})

describe("each known difference, on a real route", () => {
  test("a `..` path value: an EndpointError here, a request to /repos/octokit/ there", () => {
    const route = "DELETE /repos/{owner}/{repo}"
    expect(ROUTES).toContain(route)
    expect(() => endpoint(route, { owner: "octokit", repo: ".." })).toThrow(/^repo: /)
    expect(octokit(route, { owner: "octokit", repo: ".." }).url).toBe("https://api.github.com/repos/octokit/..")
    expect(difference(route, { owner: "octokit", repo: ".." })).toBe(KNOWN[0]!.reason)
  })

  test("an empty last value: a trailing / here, none there", () => {
    const route = "GET /repos/{owner}/{repo}/issues/{issue_number}"
    expect(ROUTES).toContain(route)
    expect(endpoint(route, { owner: "o", repo: "r", issue_number: "" }).url).toBe("https://api.github.com/repos/o/r/issues/")
    expect(octokit(route, { owner: "o", repo: "r", issue_number: "" }).url).toBe("https://api.github.com/repos/o/r/issues")
    expect(difference(route, { owner: "o", repo: "r", issue_number: "" })).toBe(KNOWN[1]!.reason)
  })

  test("a required value missing: an EndpointError here, a request to /repos/octokit there", () => {
    const route: string = "DELETE /repos/{owner}/{repo}"
    expect(ROUTES).toContain(route)
    for (const params of [{ owner: "octokit" }, { owner: "octokit", repo: undefined }, { owner: "octokit", repo: null }]) {
      expect(() => endpoint(route, params)).toThrow(/^missing parameter: repo$/)
      expect(octokit(route, params).url).toBe("https://api.github.com/repos/octokit")
      expect(difference(route, params)).toBe(KNOWN[2]!.reason)
    }
    // a query parameter stays optional, as in @octokit/endpoint
    const list = "GET /repos/{owner}/{repo}/issues"
    expect(ROUTES).toContain(list)
    expect(difference(list, { owner: "o", repo: "r", state: undefined })).toBeUndefined()
  })

  test("a query variable with no value: left out here, a stray & there", () => {
    const route = "DELETE /repos/{owner}/{repo}/actions/caches{?key,ref}"
    expect(ROUTES).toContain(route)
    const params = { owner: "o", repo: "r", key: null, ref: "main" }
    expect(endpoint(route, params).url).toBe("https://api.github.com/repos/o/r/actions/caches?ref=main")
    expect(octokit(route, params).url).toBe("https://api.github.com/repos/o/r/actions/caches?&ref=main")
    expect(difference(route, params)).toBe(KNOWN[3]!.reason)
  })
})
