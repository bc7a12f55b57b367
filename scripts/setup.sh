#!/usr/bin/env bash
# Installs what building and testing Rungs needs, and nothing when it is all
# there already (so serve.sh and test.sh can call it on every run):
#   - Debian packages, only the missing ones (one `apt-get update` first, only
#     then), as root or through sudo;
#   - web/node_modules via `npm ci`, only when web/package-lock.json changed
#     since the last install (npm ci always wipes node_modules, TOOLCHAIN).
# Works on a fresh Debian 12 machine as root. Node.js 20+ and npm come with
# the machine (TOOLCHAIN: Node 20.20, npm 11); Debian's own nodejs 18 is too
# old for Vite 8, so we only check for them.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

APT_PKGS=(
  cmake ninja-build g++ python3                 # native build, conformance runner
  clang libclang-rt-14-dev                      # fuzzers (libFuzzer) and LeakSanitizer
  libgtest-dev libbenchmark-dev                 # GoogleTest, Google Benchmark
  nlohmann-json3-dev                            # JSON for the result documents
  emscripten                                    # C++ -> wasm (brings clang/lld 14, binaryen, node-acorn)
  chromium fonts-liberation                     # end-to-end tests
)

missing=()
for pkg in "${APT_PKGS[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if ((${#missing[@]})); then
  step "apt: installing ${missing[*]}"
  SUDO=()
  if [ "$(id -u)" != 0 ]; then SUDO=(sudo); fi
  "${SUDO[@]}" apt-get update -qq
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Node.js: Vite 8 and Vitest 4 need 20.19 or newer.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  die "Node.js 20+ and npm are required (they come with the machine; Debian's nodejs 18 is too old)"
fi
node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)' \
  || die "Node.js $(node --version) is too old: Vite 8 needs 20.19 or newer"

# npm ci only when the lockfile changed since the last successful install.
stamp=web/node_modules/.rungs-lock-sha256
want=$(sha256sum web/package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  step "npm ci (web/package-lock.json changed)"
  (cd web && npm ci --no-audit --no-fund --loglevel=error)
  echo "$want" >"$stamp"
fi
