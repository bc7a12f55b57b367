#!/usr/bin/env python3
"""Writes the fuzzers' seed corpora from the programs the repository already
has, so nothing generated is committed:

  OUT/parse/  every tests/conformance/**/*.py, tests/malformed/*.py,
              tests/golden/**/*.py and content/kernels/*.py, byte for byte
  OUT/run/    the same programs with fuzz_run's leading mode byte: each
              valid program once per rung (interpret, tpu, chip), the
              trace / race-detection / notebook bits rotating over files;
              malformed programs once (their errors do not depend on the rung)
  OUT/smoke-run/  every third valid program on one rung (rotating), for the
              short CI run (tests/fuzz/smoke.sh): libFuzzer executes every
              seed before it starts mutating, and the full set takes minutes

Usage: make_corpus.py OUT   (scripts/build.sh part `asan` runs it with
build/asan/seeds). The folders are rewritten each time, so a program that
changed or went away leaves no stale seed; files are named by content hash.
"""
import glob
import hashlib
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VALID = ["tests/conformance/**/*.py", "tests/golden/**/*.py", "content/kernels/*.py"]
BROKEN = ["tests/malformed/*.py"]
SKIP = {"run.py", "run_cli.py", "check_cpython.py"}


def programs(patterns):
    for pattern in patterns:
        for path in sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True)):
            if os.path.basename(path) not in SKIP:
                with open(path, "rb") as fh:
                    yield fh.read()


def write(folder, data):
    name = hashlib.sha1(data).hexdigest()
    path = os.path.join(folder, name)
    if not os.path.exists(path):
        with open(path, "wb") as fh:
            fh.write(data)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_corpus.py OUT")
    parse_dir = os.path.join(sys.argv[1], "parse")
    run_dir = os.path.join(sys.argv[1], "run")
    smoke_dir = os.path.join(sys.argv[1], "smoke-run")
    for d in (parse_dir, run_dir, smoke_dir):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    count = 0
    for i, src in enumerate(programs(VALID)):
        write(parse_dir, src)
        flags = (i % 4) << 2  # trace (4), races (8): spread over the files
        for rung in range(3):
            write(run_dir, bytes([rung | flags]) + src)
        if i % 3 == 0:
            write(smoke_dir, bytes([(i // 3) % 3 | flags]) + src)
        count += 1
    # Notebook seeds: two valid programs as two cells of one session.
    valid = list(programs(VALID))
    for a, b in zip(valid[::7], valid[3::7]):
        write(run_dir, bytes([16 | 0]) + a + b"\n#%%\n" + b)
    for src in programs(BROKEN):
        write(parse_dir, src)
        write(run_dir, bytes([0]) + src)
        count += 1
    print(f"seed corpus: {count} programs -> {parse_dir} ({len(os.listdir(parse_dir))} files), "
          f"{run_dir} ({len(os.listdir(run_dir))} files), {smoke_dir} ({len(os.listdir(smoke_dir))} files)")


if __name__ == "__main__":
    main()
