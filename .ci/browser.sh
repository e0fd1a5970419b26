#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The browser benchmark page (web/): the module's Go kernel compiled to
# js/wasm beside libsodium.js, in headless Chromium and under node.
#   - installs what it needs where it is missing: Debian's chromium and
#     nodejs (node 18 or later), and web/'s npm packages from its lock file
#     (libsodium-wrappers, playwright-core; they stay in web/node_modules);
#   - checks web/'s Go module alone (tidy, vet for js/wasm) and builds the
#     page's wasm into web/build/, with Go's own wasm_exec.js beside it;
#   - runs the runner under node (web/node.mjs), then serves the page from
#     127.0.0.1 and drives headless Chromium through it (web/drive.mjs);
#     each reads the results from the page's runner and prints the speed
#     table. It fails if interop fails either way, in either engine, or
#     if a run does not finish in time. Speed is printed, not checked.
# With --doc it also rewrites doc/wasm-benchmarks.md (both tables) and
# doc/wasm-benchmarks.png (the page), with more rounds.
# Run by .ci/run; runs alone from anywhere in the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
export GOFLAGS="${GOFLAGS:-} -buildvcs=false"

step() { printf '\n==> [%ds] %s\n' "$SECONDS" "$*"; }

doc=false
case "${1:-}" in
  --doc) doc=true ;;
  "") ;;
  *) echo "usage: bash .ci/browser.sh [--doc]" >&2; exit 2 ;;
esac

step "browser page: chromium, node and web/'s npm packages"
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v node >/dev/null || command -v nodejs >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
nodebin=$(mktemp -d)
trap 'rm -rf "$nodebin"' EXIT
if ! command -v node >/dev/null; then ln -s "$(command -v nodejs)" "$nodebin/node"; fi
export PATH="$nodebin:$PATH"
chromium --version 2>/dev/null
echo "node $(node --version)"
(cd web && npm ci --no-audit --no-fund --loglevel=error)

step "browser page: web/'s Go module alone (tidy, vet), the wasm built"
(
  cd web
  export GOWORK=off GOOS=js GOARCH=wasm
  go mod tidy -diff || { echo "web/go.mod is not tidy: run GOWORK=off go mod tidy in web"; exit 1; }
  go vet ./...
  mkdir -p build
  go build -o build/aegis.wasm .
  cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" build/
)

rounds=7
$doc && rounds=11
out=$(mktemp -d)
trap 'rm -rf "$nodebin" "$out"' EXIT

step "browser page under node $(node --version): interop, then speed (Go / libsodium.js, medians of $rounds alternating rounds)"
timeout 300 node web/node.mjs --rounds "$rounds" --json "$out/node.json"

step "browser page in headless Chromium, served from 127.0.0.1: interop, then speed"
shot=()
$doc && shot=(--screenshot doc/wasm-benchmarks.png)
timeout 360 node web/drive.mjs --rounds "$rounds" --timeout 300 --json "$out/chromium.json" "${shot[@]}"

if $doc; then
  node web/doc.mjs "$out/chromium.json" "$out/node.json" doc/wasm-benchmarks.md
  echo "wrote doc/wasm-benchmarks.md and doc/wasm-benchmarks.png"
fi
step "browser page: passed"
