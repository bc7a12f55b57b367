#!/usr/bin/env bash
# Sets up, builds, runs the CLI on a bundled example, then serves the site:
#   bash scripts/serve.sh      -> http://127.0.0.1:4173/  (Ctrl+C stops it)
# RUNGS_PORT=NNNN picks another port.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

bash scripts/setup.sh
t=$(date +%s.%N)
# The sanitizer tree is only for tests; serving needs the CLI and the site.
bash scripts/build.sh native wasm web
step "build finished in $(since "$t")s"

example=content/kernels/add_vectors.py
step "CLI: build/native/rungs run $example"
status=0
build/native/rungs run "$example" || status=$?
# 1 is a program error, which is a result worth showing, not a build problem.
[ "$status" -le 1 ] || warn "the CLI exited with status $status"

port=${RUNGS_PORT:-4173}
step "serving web/dist on http://127.0.0.1:$port/"
cd web
# The binary itself, not npx: npx leaves a node child behind when stopped
# (TOOLCHAIN P16).
exec ./node_modules/.bin/vite preview --host 127.0.0.1 --port "$port" --strictPort
