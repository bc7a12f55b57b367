#!/usr/bin/env bash
# The short fuzz run of CI (scripts/test.sh suite "fuzz"): each target for
# RUNGS_FUZZ_SECONDS (default 60) on its seeds, one after the other. Prints a
# line per target and a closing "N passed, M failed". A crash, sanitizer
# report, leak, timeout (-timeout=25: generous, the CI machine is shared) or
# out-of-memory fails the target; libFuzzer's log and the reproducer stay in
# build/reports/fuzz_<target>.log and build/fuzz/artifacts/smoke/.
# New inputs go to a scratch folder that is thrown away: each CI run starts
# from the committed programs, so its time is the same every run.
# Needs scripts/build.sh part `fuzz` (which also writes build/fuzz/seeds).
set -uo pipefail
cd "$(dirname "$0")/../.."

seconds=${RUNGS_FUZZ_SECONDS:-60}
bin=build/fuzz/tests/fuzz
seeds=build/fuzz/seeds
artifacts=build/fuzz/artifacts/smoke
reports=build/reports
mkdir -p "$artifacts" "$reports"

passed=0
failed=0
# fuzz_run starts from the smaller seed sample: libFuzzer runs every seed
# before it mutates, and the full set takes minutes under ASan.
for pair in "fuzz_parse:parse" "fuzz_run:smoke-run"; do
  target=${pair%%:*}
  corpus=$seeds/${pair#*:}
  log=$reports/$target.log
  if [ ! -x "$bin/$target" ] || [ ! -d "$corpus" ]; then
    echo "FAIL $target: $bin/$target or $corpus is missing (run scripts/build.sh fuzz)"
    failed=$((failed + 1))
    continue
  fi
  scratch=$(mktemp -d)
  "$bin/$target" -dict=tests/fuzz/pallas.dict -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 \
    -artifact_prefix="$artifacts/$target-" -print_final_stats=1 "$scratch" "$corpus" >"$log" 2>&1
  status=$?
  rm -rf "$scratch"
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
