#!/usr/bin/env bash
# Installs what the tests need on a fresh Debian machine, before `npm install`:
#   - Chromium (Debian package `chromium`, /usr/bin/chromium) for the headless
#     browser smoke test in test/runtimes.test.ts, driven by playwright-core;
#   - curl, which test/curl.property.test.ts runs on a printed --curl command.
# Bun and Deno come from npm (devDependencies `bun` and `deno`), installed by
# `npm install`; test/runtimes.test.ts finds their binaries in node_modules.
set -euo pipefail

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v curl >/dev/null || missing+=(curl)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
else
  echo "setup: chromium and curl present"
fi
/usr/bin/chromium --version 2>/dev/null || true

node --version
