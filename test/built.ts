// Tests that read dist/ (the package as published) build it first when it is
// missing or older than its sources.
import { execFileSync } from "node:child_process"
import { existsSync, readdirSync, statSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

export const root = fileURLToPath(new URL("..", import.meta.url))

const newestMtime = (dir: string): number => {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }
  return newest
}

/** Runs the build when one of `outputs` (paths in the repository) is missing or older than src/, package.json or a tsconfig. */
export const ensureBuilt = (outputs: ReadonlyArray<string>): void => {
  const inputs = Math.max(
    newestMtime(join(root, "src")),
    ...["package.json", "tsconfig.json", "tsconfig.build.json", "tsconfig.cjs.json"]
      .map((p) => join(root, p))
      .filter(existsSync)
      .map((p) => statSync(p).mtimeMs),
  )
  const stale = outputs.map((p) => join(root, p)).some((p) => !existsSync(p) || statSync(p).mtimeMs < inputs)
  if (stale) execFileSync(process.execPath, [join(root, "scripts/build.mjs")], { cwd: root, stdio: "pipe" })
}
