#!/usr/bin/env bash
# Checks the package as users get it: a fresh build, publint (strict: warnings
# fail too), Are The Types Wrong on the packed tarball (every resolution mode:
# node10, node16 from CJS and from ESM, bundler), and the packed file list.
# Exits non-zero on any problem.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== build"
npm run build

echo "== publint --strict"
npx --no-install publint --strict

echo "== attw on the packed tarball"
# Packed once, from the build above (--ignore-scripts: no second build via "prepare").
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
npm pack --ignore-scripts --silent --pack-destination "$tmp" >/dev/null
npx --no-install attw "$tmp"/fp-endpoint-*.tgz

echo "== npm pack --dry-run: only dist/, README.md, SECURITY.md, LICENSE, package.json"
npm pack --dry-run --json --ignore-scripts 2>/dev/null | node -e '
  const files = JSON.parse(require("fs").readFileSync(0, "utf8"))[0].files.map((f) => f.path)
  const allowed = (p) => p.startsWith("dist/") || ["README.md", "SECURITY.md", "LICENSE", "package.json"].includes(p)
  const extra = files.filter((p) => !allowed(p))
  const required = ["package.json", "README.md", "SECURITY.md", "LICENSE", "dist/esm/index.js", "dist/esm/index.d.ts",
    "dist/cjs/index.js", "dist/cjs/index.d.ts", "dist/cjs/package.json", "dist/node/index.js", "dist/cjs/cli.js"]
  const missing = required.filter((p) => !files.includes(p))
  console.log(`${files.length} files`)
  if (extra.length > 0) console.error("not allowed in the package:\n  " + extra.join("\n  "))
  if (missing.length > 0) console.error("missing from the package:\n  " + missing.join("\n  "))
  if (extra.length > 0 || missing.length > 0) process.exit(1)
'
echo "package OK"
