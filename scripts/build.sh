#!/usr/bin/env bash
# Builds Rungs (no serving, no tests). Usage:
#   bash scripts/build.sh                 everything: native asan wasm web
#   bash scripts/build.sh native wasm web  only those parts, in that order
# Parts:
#   native  build/native  Release: the CLI (build/native/rungs)
#   asan    build/asan    clang, Debug + ASan/UBSan + libFuzzer coverage
#                         (-DRUNGS_FUZZ=ON): the CLI, every test (which
#                         scripts/test.sh runs with ctest), the two fuzz
#                         targets (tests/fuzz) and their seed corpora. One
#                         sanitizer tree instead of two saves CI a whole
#                         compile of the core.
#   wasm    build/wasm    Release Emscripten build of wasm/ into
#                         web/src/generated/rungs.{mjs,wasm} and schema.json
#   web     web/dist      `vite build` of the static site (needs wasm)
# Incremental: each CMake tree is configured once and then rebuilt by Ninja
# (which re-runs CMake itself when a CMakeLists.txt changes); the site is
# rebuilt only when something under web/, wasm/ or content/ changed.
# Run scripts/setup.sh first (serve.sh and test.sh do).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

JOBS=${RUNGS_JOBS:-2} # the machines have 2 shared cores
export NODE_PATH=/usr/share/nodejs # emcc's optimizer needs acorn (TOOLCHAIN P1)

parts=("$@")
((${#parts[@]})) || parts=(native asan wasm web)

# configure DIR ARGS...: configure a tree once (later builds reconfigure by themselves).
configure() {
  local dir=$1
  shift
  [ -f "$dir/build.ninja" ] || "$@" -S . -B "$dir" -G Ninja >"$dir.configure.log" 2>&1 || {
    cat "$dir.configure.log" >&2
    die "configuring $dir failed"
  }
}

build_native() {
  step "native Release -> build/native"
  configure build/native cmake -DCMAKE_BUILD_TYPE=Release
  # Only the CLI here; the tests are built (and run) in the sanitizer tree.
  cmake --build build/native -j "$JOBS" --target rungs
}

build_asan() {
  step "clang Debug + ASan/UBSan + libFuzzer coverage -> build/asan"
  command -v clang++ >/dev/null || die "clang++ not found: run scripts/setup.sh"
  # A tree configured by an older script (gcc, no fuzzer coverage) is
  # replaced rather than half-reused.
  if [ -f build/asan/CMakeCache.txt ] && ! grep -q '^RUNGS_FUZZ:BOOL=ON' build/asan/CMakeCache.txt; then
    rm -rf build/asan
  fi
  # -O1: ASan's and libFuzzer's recommended level (-O0 makes the conformance
  # corpus slow); line tables are enough for symbolized reports and compile
  # much faster than full debug info.
  configure build/asan cmake -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ -DRUNGS_FUZZ=ON \
    "-DCMAKE_CXX_FLAGS_DEBUG=-gline-tables-only -O1"
  cmake --build build/asan -j "$JOBS"
  python3 tests/fuzz/make_corpus.py build/asan/seeds >/dev/null
}

build_wasm() {
  step "wasm Release -> web/src/generated/"
  command -v emcmake >/dev/null || die "emcmake not found: run scripts/setup.sh"
  # The emulator is plain node (emcmake's default passes a flag Node 20
  # rejects, TOOLCHAIN P8); nlohmann_json comes through a header-only shim
  # (see scripts/cmake/nlohmann_json/).
  configure build/wasm emcmake cmake -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node \
    "-Dnlohmann_json_DIR=$PWD/scripts/cmake/nlohmann_json"
  cmake --build build/wasm -j "$JOBS"
  # The engine's schema (rungs, params, errors) that web/src/engine/schema.js imports.
  node web/src/engine/write-schema.js
}

build_web() {
  [ -f web/src/generated/rungs.mjs ] || die "web/src/generated/rungs.mjs is missing: build the wasm part first"
  [ -x web/node_modules/.bin/vite ] || die "web/node_modules is missing: run scripts/setup.sh"
  # Leaves the file alone unless the engine's schema changed (then the site rebuilds).
  node web/src/engine/write-schema.js >/dev/null
  local stamp=web/dist/.rungs-build-stamp
  if [ -f "$stamp" ] && [ -z "${RUNGS_FORCE_WEB:-}" ] &&
    [ -z "$(find web content wasm/worker.js \( -path web/node_modules -o -path web/dist \) -prune \
      -o ! -path web -newer "$stamp" -print -quit 2>/dev/null)" ]; then
    step "web: web/dist is up to date"
    return
  fi
  step "vite build -> web/dist"
  # The stamp is taken before the build, so an edit made during it still
  # counts as newer next time. Folders count too (a deleted file changes its
  # folder), except web/ itself, which changes when dist/ is first created.
  local mark
  mark=build/.web-build-stamp.tmp
  touch "$mark"
  (cd web && ./node_modules/.bin/vite build --logLevel warn)
  mv "$mark" "$stamp"
}

mkdir -p build
for part in "${parts[@]}"; do
  case $part in
    native | asan | wasm | web) t=$(date +%s.%N); "build_$part"; step "$part done in $(since "$t")s" ;;
    fuzz) step "fuzz: built by part asan (one sanitizer tree)" ;;
    *) die "unknown part '$part' (expected native, asan, wasm or web)" ;;
  esac
done
