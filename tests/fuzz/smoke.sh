#!/usr/bin/env bash
# The short fuzz run of CI (scripts/test.sh suite "fuzz"): each target for
# RUNGS_FUZZ_SECONDS (default 60) on its seeds, side by side. Prints a
# line per target and a closing "N passed, M failed". A crash, sanitizer
# report, leak, timeout (-timeout=25: generous, the CI machine is shared) or
# out-of-memory fails the target; libFuzzer's log and the reproducer stay in
# build/reports/fuzz_<target>.log and build/asan/artifacts/smoke/.
# New inputs go to a scratch folder that is thrown away: each CI run starts
# from the committed programs, so its time is the same every run.
# Needs scripts/build.sh part `asan` (which also writes build/asan/seeds).
set -uo pipefail
cd "$(dirname "$0")/../.."

seconds=${RUNGS_FUZZ_SECONDS:-60}
bin=build/asan/tests/fuzz
seeds=build/asan/seeds
artifacts=build/asan/artifacts/smoke
reports=build/reports
mkdir -p "$artifacts" "$reports"

# fuzz_target TARGET CORPUS: one libFuzzer run; its exit status is libFuzzer's.
fuzz_target() {
  local target=$1 corpus=$2 scratch status
  scratch=$(mktemp -d)
  "$bin/$target" -dict=tests/fuzz/pallas.dict -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 \
    -artifact_prefix="$artifacts/$target-" -print_final_stats=1 "$scratch" "$corpus" >"$reports/$target.log" 2>&1
  status=$?
  rm -rf "$scratch"
  return $status
}

# The targets run side by side (each libFuzzer process uses one core; the
# machines have two), so the suite takes RUNGS_FUZZ_SECONDS, not twice that.
# fuzz_run starts from the smaller seed sample: libFuzzer runs every seed
# before it mutates, and the full set takes minutes under ASan.
targets=(fuzz_parse fuzz_run)
corpora=(parse smoke-run)
pids=()
for i in "${!targets[@]}"; do
  if [ -x "$bin/${targets[$i]}" ] && [ -d "$seeds/${corpora[$i]}" ]; then
    fuzz_target "${targets[$i]}" "$seeds/${corpora[$i]}" &
    pids[$i]=$!
  fi
done

passed=0
failed=0
for i in "${!targets[@]}"; do
  target=${targets[$i]}
  log=$reports/$target.log
  if [ -z "${pids[$i]:-}" ]; then
    echo "FAIL $target: $bin/$target or $seeds/${corpora[$i]} is missing (run scripts/build.sh asan)"
    failed=$((failed + 1))
    continue
  fi
  wait "${pids[$i]}"
  status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  if [ "$status" = 0 ]; then
    passed=$((passed + 1))
    echo "ok   $target: ${runs:-?} executions in ${seconds}s, no crash"
  else
    failed=$((failed + 1))
    why=$(grep -m1 -E '^(==[0-9]+==ERROR|SUMMARY|ALARM|internal_error)' "$log")
    echo "FAIL $target (exit $status): ${why:-see $log}; reproducer in $artifacts/"
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
