#!/usr/bin/env bash
# Every benchmark of issue 11, in one command. Builds what it needs, then runs
#   native  build/bench/tests/bench/rungs_bench (Google Benchmark, Release,
#           -DRUNGS_BENCH=ON), its JSON kept in build/bench/native.json
#   wasm    tests/bench/wasm_bench.mjs: the same runs through the WASM module
#           in Node, as ratios to the native figures of this invocation
#           and tests/bench/wasm_size.py: rungs.wasm's bytes per core stage
#   pages   tests/bench/page_bench.mjs: sizes, first explainer widget,
#           playground round trips, in headless Chromium over web/dist
# Each figure is one line `bench: NAME ratio=R target=T` (T "-" = no target),
# with `info:` lines for the absolute figures; everything printed is also
# written to build/bench/results.txt. Targets live in the benchmarks, never in
# ctest or scripts/test.sh, and a missed target does not fail this script.
#
#   bash tests/bench/run.sh                 build, then native wasm pages
#   bash tests/bench/run.sh native wasm     only those (wasm needs native)
#   RUNGS_BENCH_QUICK=1 bash tests/bench/run.sh    2 repetitions (a smoke run)
#   RUNGS_BENCH_NO_BUILD=1 ...              use the builds as they are
# Run scripts/setup.sh first (scripts/serve.sh and scripts/test.sh do).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib.sh

JOBS=${RUNGS_JOBS:-2} # the machines have 2 shared cores
parts=("$@")
((${#parts[@]})) || parts=(native wasm pages)
want() { [[ " ${parts[*]} " == *" $1 "* ]]; }

mkdir -p build/bench
results=build/bench/results.txt
native_json=build/bench/native.json

if [ -z "${RUNGS_BENCH_NO_BUILD:-}" ]; then
  if want native; then
    step "native Release + benchmarks -> build/bench"
    [ -f build/bench/build.ninja ] || cmake -S . -B build/bench -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DRUNGS_BENCH=ON >build/bench.configure.log 2>&1 || {
      cat build/bench.configure.log >&2
      die "configuring build/bench failed"
    }
    cmake --build build/bench -j "$JOBS" --target rungs_bench
  fi
  # The module the pages load is the one wasm_bench.mjs times.
  if want wasm && want pages; then bash scripts/build.sh wasm web
  elif want wasm; then bash scripts/build.sh wasm
  elif want pages; then bash scripts/build.sh wasm web
  fi
fi

{
  echo "# rungs benchmarks, $(date -u +%Y-%m-%dT%H:%MZ), $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- core wasm web 2>/dev/null || echo '+dirty'), load $(cut -d' ' -f1-3 /proc/loadavg)"
  if want native; then
    step "native benchmarks"
    build/bench/tests/bench/rungs_bench --benchmark_out="$native_json" --benchmark_out_format=json
  fi
  if want wasm; then
    [ -f "$native_json" ] || die "$native_json is missing: run the native part first"
    step "wasm benchmarks (Node)"
    node tests/bench/wasm_bench.mjs "$native_json"
    step "wasm size per stage"
    python3 tests/bench/wasm_size.py
  fi
  if want pages; then
    step "page benchmarks (Chromium)"
    node tests/bench/page_bench.mjs
  fi
} 2>&1 | tee "$results"
step "figures in $results (python3 tests/bench/report.py readme: README's table; report.py compare OLD NEW: regressions)"
