import { readFileSync } from "node:fs"
import { expect, test } from "vitest"
import { BUILT_IN_DEFAULTS, endpoint, VERSION } from "../src/index.js"

test("VERSION (and so the default user-agent) equals version in package.json", () => {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"))
  expect(VERSION).toBe(pkg.version)
  expect(BUILT_IN_DEFAULTS.headers["user-agent"]).toBe(`fp-endpoint/${pkg.version}`)
  expect(endpoint("GET /x").headers["user-agent"]).toBe(`fp-endpoint/${pkg.version}`)
})
