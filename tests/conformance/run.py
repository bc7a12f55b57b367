#!/usr/bin/env python3
"""Conformance runner: every program under tests/conformance runs through the
CLI on every rung and must produce exactly what its inline comments expect.

Expectations sit on the line they refer to (Wren/clox style):
    print(x)            # expect: [0. 1. 2.]
    y = f(x)            # expect error: ValueError: message text
    z = g()             # [chip] expect error: ValueError: ...   (that rung only)
    print(w)            # [interpret,tpu] expect: nan
    v = h(x)            # [tpu] expect error: ValueError: ...  # [chip] expect error: ...
A line may carry several rung-prefixed expectations (each starting with
"# [rungs] expect"), for a statement that fails differently per rung.
An error expectation names the Python exception class and the exact message
(a message ending in "..." matches as a prefix) and must be raised on that
line (column checked to lie on the line, or exactly with "col=N:" before the
type). Files without a rung prefix must agree on all three rungs. Per-rung
skips live in skips.txt, each with a reason. The runner fails on a missing
expected error, on an unexpected one, and on wrong stdout or exit status.
"""
import argparse
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

RUNGS = ("interpret", "tpu", "chip")
HERE = os.path.dirname(os.path.abspath(__file__))
EXPECT = re.compile(r"#\s*(?:\[(?P<rungs>[a-z, ]+)\]\s*)?expect(?P<err> error)?:\s?"
                    r"(?P<text>.*?)(?=\s+#\s*\[[a-z, ]+\]\s*expect|$)")


def parse_expectations(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    outs, errors = [], []
    for number, line in enumerate(lines, start=1):
        for m in EXPECT.finditer(line):
            rungs = tuple(r.strip() for r in m.group("rungs").split(",")) if m.group("rungs") else RUNGS
            for r in rungs:
                if r not in RUNGS:
                    raise SystemExit(f"{path}:{number}: unknown rung {r!r}")
            text = m.group("text")
            if m.group("err"):
                col = None
                cm = re.match(r"col=(\d+):\s*(.*)$", text)
                if cm:
                    col, text = int(cm.group(1)), cm.group(2)
                etype, _, message = text.partition(": ")
                errors.append({"line": number, "col": col, "type": etype.strip(), "message": message,
                               "rungs": rungs, "line_text": lines[number - 1]})
            else:
                outs.append({"line": number, "text": text, "rungs": rungs})
    return outs, errors


def load_skips():
    skips = {}
    path = os.path.join(HERE, "skips.txt")
    if not os.path.exists(path):
        return skips
    for n, raw in enumerate(open(path, encoding="utf-8"), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(None, 2)
        if len(parts) < 3 or parts[1] not in RUNGS + ("all",):
            raise SystemExit(f"skips.txt:{n}: expected 'FILE RUNG REASON'")
        skips.setdefault(parts[0], {})[parts[1]] = parts[2]
    return skips


def message_matches(expected, actual):
    if expected.endswith("..."):
        return actual.startswith(expected[:-3])
    return expected == actual


def package_case(path):
    """Programs of several files live in packages/<case>/: the program is
    each main.py there; a main.py at the case's root runs as a script, one
    inside a folder runs as a module (`rungs run -m app.main --path <case>`,
    like `python -m`). The case's other .py files are its modules; an
    `# expect error:` in one of them expects the error there.
    Returns (case_dir, module_name or None), or None for a one-file program."""
    parts = os.path.relpath(path, HERE).split(os.sep)
    if len(parts) < 3 or parts[0] != "packages":
        return None
    case = os.path.join(HERE, parts[0], parts[1])
    inner = parts[2:]
    if len(inner) == 1:
        return case, None
    return case, ".".join(inner)[:-3]


def is_program(path):
    return package_case(path) is None or os.path.basename(path) == "main.py"


def module_files(case, main):
    for root, _, names in os.walk(case):
        for n in sorted(names):
            full = os.path.join(root, n)
            if n.endswith(".py") and full != main:
                yield full, os.path.relpath(full, case)


def command_for(rungs_bin, path):
    pkg = package_case(path)
    if pkg and pkg[1]:
        return [rungs_bin, "run", "-m", pkg[1], "--path", pkg[0]]
    return [rungs_bin, "run", path]


def all_expectations(path):
    """The program's expectations; for a package case, also the errors its
    modules expect, each with the module's path ("file")."""
    outs, errors = parse_expectations(path)
    pkg = package_case(path)
    if pkg:
        for full, rel in module_files(pkg[0], path):
            _, module_errors = parse_expectations(full)
            errors += [dict(e, file=rel) for e in module_errors]
        errors.sort(key=lambda e: "file" in e)  # the main program's first
    return outs, errors


def extra_args(path):
    # A "# rungs-args: --max-steps 1000" line passes flags to the CLI
    # (used by the limit tests to shrink budgets).
    for line in open(path, encoding="utf-8"):
        if line.startswith("# rungs-args:"):
            return line.split(":", 1)[1].split()
    return []


def save_doc(save_dir, rel, rung, text):
    # The wasm-vs-native comparison (tests/web/wasm_native.test.js) reads
    # these instead of running the sanitizer CLI a second time per program.
    out = os.path.join(save_dir, f"{rel}.{rung}.json")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)


def check(rungs_bin, path, rel, rung, save_dir=None):
    outs, errors = all_expectations(path)
    proc = subprocess.run(command_for(rungs_bin, path) + ["--rung", rung, "--json"] + extra_args(path),
                          capture_output=True, text=True, timeout=300)
    if save_dir:
        save_doc(save_dir, rel, rung, proc.stdout)
    problems = []
    try:
        doc = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return [f"no result document (exit {proc.returncode}): {proc.stderr.strip()[:400]}"]
    if proc.stderr.strip():
        problems.append(f"unexpected stderr: {proc.stderr.strip()[:300]}")
    want_out = [o["text"] for o in outs if rung in o["rungs"]]
    got_out = doc["stdout"].split("\n")
    if got_out and got_out[-1] == "":
        got_out.pop()
    if want_out != got_out:
        for i in range(max(len(want_out), len(got_out))):
            w = want_out[i] if i < len(want_out) else "<nothing>"
            g = got_out[i] if i < len(got_out) else "<nothing>"
            if w != g:
                problems.append(f"stdout line {i + 1}: expected {w!r}, got {g!r}")
                break
    want_err = [e for e in errors if rung in e["rungs"]]
    err = doc.get("error")
    if want_err:
        e = want_err[0]
        if not err:
            problems.append(f"expected {e['type']}: {e['message']} at line {e['line']}, but the program succeeded")
        else:
            if err["type"] != e["type"] or not message_matches(e["message"], err["message"]):
                problems.append(f"expected {e['type']}: {e['message']}\n      got {err['type']}: {err['message']}")
            want_file, got_file = e.get("file"), err.get("file")
            if (want_file is None) != (got_file is None) or (want_file and not got_file.endswith(want_file)):
                problems.append(f"error in {got_file or 'the main program'}, expected {want_file or 'the main program'}")
            elif err["line"] != e["line"]:
                problems.append(f"error on line {err['line']}, expected line {e['line']}")
            elif e["col"] is not None and err["col"] != e["col"]:
                problems.append(f"error at column {err['col']}, expected {e['col']}")
            elif not (1 <= err["col"] <= len(e["line_text"]) + 1):
                problems.append(f"error column {err['col']} is not on line {e['line']}")
        if proc.returncode != 1:
            problems.append(f"exit status {proc.returncode}, expected 1")
    else:
        if err:
            problems.append(f"unexpected {err['type']} at {err['line']}:{err['col']}: {err['message']}")
        if proc.returncode != 0:
            problems.append(f"exit status {proc.returncode}, expected 0")
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rungs", required=True, help="path to the rungs CLI")
    ap.add_argument("--filter", default="", help="only files whose path contains this")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--only", default=",".join(RUNGS), help="comma-separated rungs to run (others count as skipped)")
    ap.add_argument("--save-docs", default=None,
                    help="write each run's result document to DIR/<file>.<rung>.json")
    args = ap.parse_args()
    skips = load_skips()
    files = []
    for root, _, names in os.walk(HERE):
        for n in sorted(names):
            full = os.path.join(root, n)
            if n.endswith(".py") and n not in ("run.py", "check_cpython.py", "check_numpy.py") and is_program(full):
                rel = os.path.relpath(full, HERE)
                if args.filter in rel:
                    files.append((full, rel))
    files.sort(key=lambda f: f[1])
    for rel in skips:
        if not any(rel == f[1] for f in files) and not args.filter:
            raise SystemExit(f"skips.txt names a file that does not exist: {rel}")
    jobs, skipped = [], {r: 0 for r in RUNGS}
    only = set(args.only.split(","))
    for full, rel in files:
        for rung in RUNGS:
            reason = skips.get(rel, {}).get(rung) or skips.get(rel, {}).get("all")
            if rung not in only:
                reason = "not selected with --only"
            if reason:
                skipped[rung] += 1
                continue
            jobs.append((full, rel, rung))
    failures = 0
    with ThreadPoolExecutor(max_workers=args.j) as pool:
        results = pool.map(lambda j: (j, check(args.rungs, *j, save_dir=args.save_docs)), jobs)
        for (full, rel, rung), problems in results:
            if problems:
                failures += 1
                print(f"FAIL {rel} [{rung}]")
                for p in problems:
                    print("    " + p)
    print(f"conformance: {len(jobs) - failures} passed, {failures} failed, "
          + ", ".join(f"{skipped[r]} skipped on {r}" for r in RUNGS))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
