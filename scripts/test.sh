#!/usr/bin/env bash
# Sets up, builds, and runs every test suite, then prints one total line:
#   ctest on build/asan   GoogleTest + conformance under ASan/UBSan
#   Vitest (tests/web)    the wasm bindings in Node, the engine client
#   e2e (tests/e2e)       the built site in Chromium
#   fuzz (tests/fuzz)     both libFuzzer targets, side by side, for 60 s
#                         (tests/fuzz/smoke.sh; built in the same tree)
# Each suite runs even if an earlier one failed. The last line is
# `N passed, M failed` (CI reads that plain line; Vitest's own summary is not
# one it recognises). Exits non-zero on any failure, including a suite that
# crashed before reporting.
# RUNGS_SKIP_BUILD=1 skips setup and build (for re-running tests quickly).
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

# The tests need one native CLI, and the sanitizer tree's is as good as the
# Release one (same answers, checked harder); skipping the Release tree saves
# a whole compile of the core in CI. Vite's content check, the fixture
# readers and the wasm-vs-native comparison all take it from RUNGS_CLI.
export RUNGS_CLI=${RUNGS_CLI:-$PWD/build/asan/rungs}
# ctest's conformance runs save their result documents here, and the
# wasm-vs-native comparison in Vitest reads them instead of running the
# sanitizer CLI over the corpus a second time.
export RUNGS_NATIVE_DOCS=${RUNGS_NATIVE_DOCS:-$PWD/build/asan/conformance-docs}
# Leak checks stay on; halt_on_error makes a sanitizer finding fail the test.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# Minutes per phase, printed with the summary: CI must stay under 45 minutes
# on the 2-core machine, and this says where they go.
timings=()
suite_t0=$(date +%s.%N)
timed() { timings+=("$(printf '%-8s %7ss' "$1" "$(since "$suite_t0")")"); suite_t0=$(date +%s.%N); }

if [ -z "${RUNGS_SKIP_BUILD:-}" ]; then
  bash scripts/setup.sh || die "setup failed"
  timed setup
  bash scripts/build.sh asan wasm web || die "build failed"
  timed build
fi

reports=build/reports
mkdir -p "$reports"
total_passed=0
total_failed=0
summary=()

# tally NAME PASSED FAILED STATUS: a suite whose runner failed without
# counting a failure still counts as one failed check.
tally() {
  local name=$1 passed=$2 failed=$3 status=$4
  if [ "$status" != 0 ] && [ "$failed" = 0 ]; then failed=1; fi
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed))
  summary+=("$(printf '%-8s %4d passed, %d failed' "$name" "$passed" "$failed")")
}

# tally_from_log NAME LOG STATUS, for our own runners, whose last line is
# `N passed, M failed`; no such line counts as one failed check.
tally_from_log() {
  local line
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$2" | tail -1)
  if [ -n "$line" ]; then
    tally "$1" "$(cut -d' ' -f1 <<<"$line")" "$(cut -d' ' -f3 <<<"$line")" "$3"
  else
    tally "$1" 0 1 "$3"
  fi
}

step "ctest (build/asan): GoogleTest + conformance under ASan/UBSan"
rm -rf build/asan/conformance-docs # only this run's documents may stand in for the CLI
ctest --test-dir build/asan --output-on-failure -j 2 --timeout 600 2>&1 | tee "$reports/ctest.log"
status=${PIPESTATUS[0]}
# "100% tests passed, 0 tests failed out of 6"; no line at all when there are no tests.
line=$(grep -E '[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$reports/ctest.log" | tail -1)
if [ -n "$line" ]; then
  failed=$(sed -E 's/.* ([0-9]+) tests? failed out of.*/\1/' <<<"$line")
  total=$(sed -E 's/.*out of ([0-9]+).*/\1/' <<<"$line")
  tally ctest $((total - failed)) "$failed" "$status"
else
  tally ctest 0 0 "$status"
fi
timed ctest

step "Vitest (tests/web)"
rm -f "$reports/vitest.json"
(cd web && ./node_modules/.bin/vitest run --reporter=default --reporter=json \
  --outputFile.json=../build/reports/vitest.json)
status=$?
if [ -f "$reports/vitest.json" ]; then
  read -r passed failed < <(node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    console.log(r.numPassedTests, r.numFailedTests + (r.numRuntimeErrorTestSuites || 0));
  ' "$reports/vitest.json")
  tally vitest "$passed" "$failed" "$status"
else
  tally vitest 0 1 "$status"
fi
timed vitest

step "e2e (tests/e2e) in Chromium"
node tests/e2e/run.mjs 2>&1 | tee "$reports/e2e.log"
tally_from_log e2e "$reports/e2e.log" "${PIPESTATUS[0]}"
timed e2e

step "fuzz smoke (tests/fuzz): each target for ${RUNGS_FUZZ_SECONDS:-60} s"
bash tests/fuzz/smoke.sh 2>&1 | tee "$reports/fuzz.log"
tally_from_log fuzz "$reports/fuzz.log" "${PIPESTATUS[0]}"
timed fuzz

step "done"
printf 'time per phase:\n'
printf '  %s\n' "${timings[@]}"
printf '%s\n' "${summary[@]}"
echo "$total_passed passed, $total_failed failed"
[ "$total_failed" = 0 ]
