#!/usr/bin/env bash
# Regenerates tests/web/fixtures/*.json: fixed result documents, produced by
# the native CLI, that the view snapshot tests render (STYLE habit 14). View
# tests therefore need no wasm, and a change in the engine's output shows up
# as a reviewable diff here before it shows up in a snapshot.
#
#   bash scripts/regenerate_fixtures.sh            (uses build/native/rungs)
#   RUNGS_CLI=build/me/rungs bash scripts/regenerate_fixtures.sh
#
# Each line of FIXTURES is "FILE RUNG": FILE is a gallery kernel
# (content/kernels) or a fixture program (tests/web/fixtures/programs);
# RUNG is interpret|tpu|chip, or compare for `rungs compare`. Output:
# tests/web/fixtures/<name>.<rung>.json, pretty-printed for review. Runs go
# from the program's own folder with a bare file name, so paths inside the
# documents (fn_src) do not depend on where the script ran.
# After regenerating, run `cd web && UPDATE_SNAPSHOTS=1 npx vitest run views`
# and review the snapshot diffs.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
cli=${RUNGS_CLI:-build/native/rungs}
[ -x "$cli" ] || { echo "no CLI at $cli: run scripts/build.sh native (or set RUNGS_CLI)" >&2; exit 2; }
cli=$(cd "$(dirname "$cli")" && pwd)/$(basename "$cli")
out=tests/web/fixtures

FIXTURES="
one_block_past_the_end interpret
one_block_past_the_end tpu
one_block_past_the_end compare
ragged_last_block interpret
accumulator_not_zeroed interpret
double_buffered_dma tpu
dma_race tpu
two_cores_one_output tpu
scalar_prefetch_gather interpret
revisited_output_block tpu
nonfinite_3d interpret
element_padding interpret
syntax_error interpret
ring_right_permute tpu
"

find_program() {
  for dir in content/kernels tests/web/fixtures/programs; do
    [ -f "$dir/$1.py" ] && { echo "$dir"; return; }
  done
  echo "no program named $1" >&2
  exit 2
}

# JSON with one key per line but arrays of numbers/strings on one line, so
# diffs stay readable and a 1,000-element array is one line, not 1,000.
pretty='
const fs = require("fs");
const [src, dst] = process.argv.slice(1);
const flat = (v) => Array.isArray(v) && v.every((x) => x === null || typeof x !== "object");
function show(v, pad) {
  if (flat(v) || v === null || typeof v !== "object") return JSON.stringify(v);
  const inner = pad + " ";
  if (Array.isArray(v)) return v.length ? "[\n" + v.map((x) => inner + show(x, inner)).join(",\n") + "\n" + pad + "]" : "[]";
  const keys = Object.keys(v);
  return keys.length ? "{\n" + keys.map((k) => inner + JSON.stringify(k) + ": " + show(v[k], inner)).join(",\n") + "\n" + pad + "}" : "{}";
}
fs.writeFileSync(dst, show(JSON.parse(fs.readFileSync(src, "utf8")), "") + "\n");
fs.unlinkSync(src);
'

n=0
while read -r name rung; do
  [ -n "$name" ] || continue
  dir=$(find_program "$name")
  target="$root/$out/$name.$rung.json"
  # A kernel for several devices says how many on its second line.
  devices=$(sed -n '2s/^# devices: \([0-9]*\)$/\1/p' "$dir/$name.py")
  extra=()
  [ -z "$devices" ] || extra=(--devices "$devices")
  # Exit status 1 is a program error, which is a valid fixture; 2 is misuse.
  set +e
  if [ "$rung" = compare ]; then
    (cd "$dir" && "$cli" compare "$name.py" --json) >"$target.tmp"
  else
    (cd "$dir" && "$cli" run "$name.py" --rung "$rung" --json --trace "${extra[@]}") >"$target.tmp"
  fi
  status=$?
  set -e
  [ "$status" -le 1 ] || { echo "$name ($rung): the CLI exited with $status" >&2; rm -f "$target.tmp"; exit 1; }
  node -e "$pretty" "$target.tmp" "$target"
  n=$((n + 1))
done <<<"$FIXTURES"
echo "wrote $n fixtures to $out/"
