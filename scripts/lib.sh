# Shared helpers for the scripts in this folder (sourced, not run).
# `step` prints a banner with the time since the outermost script started, so
# a slow CI log shows at a glance where the minutes went.
RUNGS_T0=${RUNGS_T0:-$(date +%s.%N)}
export RUNGS_T0

# Seconds (one decimal) since a `date +%s.%N` mark.
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

step() { printf '==> [%6ss] %s\n' "$(since "$RUNGS_T0")" "$*" >&2; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }
