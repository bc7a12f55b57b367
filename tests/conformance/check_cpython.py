#!/usr/bin/env python3
"""Runs every Python-only conformance program (tests/conformance/python) in CPython and
checks that CPython prints exactly what its `# expect:` comments say, and
raises the error an `# expect error:` names on that line. The same
expectations are what tests/conformance/run.py holds the engine to, so the
engine's Python is pinned to CPython's behaviour, not to our reading of it.

    python3 tests/conformance/check_cpython.py            # check
    python3 tests/conformance/check_cpython.py --update   # rewrite the
        `# expect:` lines of each program from CPython's output (a program's
        print statements must each print one line for this to apply)

Needs CPython 3.11 (the version whose texts the engine follows); with any
other version it reports itself skipped.
"""
import os
import re
import subprocess
import sys

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "python")
sys.path.insert(0, os.path.dirname(HERE))
from run import parse_expectations, all_expectations, package_case, message_matches, HERE as CONFORMANCE  # noqa: E402

FINAL_ERROR = re.compile(r"^(?P<full>(?:[\w.]+\.)?(?P<type>\w+))(?:: (?P<message>.*))?$")
ERROR_LINE = re.compile(r'^  File "(?P<file>.*)", line (?P<line>\d+)')


def run_cpython(path):
    pkg = package_case(path)
    if pkg and pkg[1]:  # a package's main module: python -m app.main in the case folder
        command, cwd = [sys.executable, "-m", pkg[1]], pkg[0]
    else:
        command, cwd = [sys.executable, os.path.basename(path)], os.path.dirname(path)
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=120)


def check(path):
    outs, errors = all_expectations(path)
    proc = run_cpython(path)
    problems = []
    want = [o["text"] for o in outs]
    got = proc.stdout.split("\n")
    if got and got[-1] == "":
        got.pop()
    if want != got:
        for i in range(max(len(want), len(got))):
            w = want[i] if i < len(want) else "<nothing>"
            g = got[i] if i < len(got) else "<nothing>"
            if w != g:
                problems.append(f"stdout line {i + 1}: expected {w!r}, CPython printed {g!r}")
                break
    tail = [ln for ln in proc.stderr.rstrip("\n").split("\n") if ln]
    if errors:
        e = errors[0]
        m = FINAL_ERROR.match(tail[-1]) if tail else None
        # The innermost line in the file the error is expected in (not
        # generated code's "<string>").
        own = e.get("file") or os.path.relpath(path, package_case(path)[0]) if package_case(path) else os.path.basename(path)
        lines = [int(x.group("line")) for x in map(ERROR_LINE.match, tail)
                 if x and (x.group("file") == own or x.group("file").endswith("/" + own))]
        if e["type"] == "SystemExit":
            # An uncaught SystemExit prints only its message, no traceback.
            if proc.returncode == 0 or (tail[-1:] or [""])[-1] != e["message"]:
                problems.append(f"expected SystemExit: {e['message']}, CPython: {tail[-1:]} (exit {proc.returncode})")
        elif not m or proc.returncode == 0:
            problems.append(f"expected {e['type']}: {e['message']}, CPython succeeded")
        elif e["type"] not in (m.group("type"), m.group("full")) or not message_matches(e["message"], m.group("message") or ""):
            problems.append(f"expected {e['type']}: {e['message']}\n      CPython: {tail[-1]}")
        elif lines and lines[-1] != e["line"] and e["type"] not in ("SyntaxError", "IndentationError"):
            problems.append(f"CPython raised on line {lines[-1]}, expected line {e['line']}")
    elif proc.returncode != 0:
        problems.append(f"CPython failed: {tail[-1] if tail else proc.returncode}")
    return problems


def update(path):
    """Rewrite each `# expect:` comment from CPython's stdout, in order."""
    proc = run_cpython(path)
    got = proc.stdout.split("\n")[:-1]
    lines = open(path, encoding="utf-8").read().split("\n")
    k = 0
    for i, line in enumerate(lines):
        m = re.search(r"#\s*expect:\s?.*$", line)
        if m and k < len(got):
            lines[i] = line[:m.start()] + "# expect: " + got[k]
            k += 1
    open(path, "w", encoding="utf-8").write("\n".join(lines))


def pure_python_package_programs():
    """packages/<case>/.../main.py of the cases whose files import neither
    jax nor numpy (those run in the engine only)."""
    out = []
    root = os.path.join(CONFORMANCE, "packages")
    for case in sorted(os.listdir(root)) if os.path.isdir(root) else []:
        texts, mains = [], []
        for d, _, names in os.walk(os.path.join(root, case)):
            for n in names:
                if n.endswith(".py"):
                    texts.append(open(os.path.join(d, n), encoding="utf-8").read())
                    if n == "main.py":
                        mains.append(os.path.join(d, n))
        if not any(re.search(r"^\s*(import|from)\s+(jax|numpy)\b", t, re.M) for t in texts):
            out += sorted(mains)
    return out


def main():
    if sys.version_info[:2] != (3, 11):
        print(f"check_cpython: skipped (needs CPython 3.11, this is {sys.version.split()[0]})")
        return 0
    files = sorted(os.path.join(HERE, n) for n in os.listdir(HERE)
                   if n.endswith(".py")) + pure_python_package_programs()
    failures = 0
    for path in files:
        if "--update" in sys.argv:
            update(path)
        problems = check(path)
        if problems:
            failures += 1
            print(f"FAIL {os.path.relpath(path, CONFORMANCE)}")
            for p in problems:
                print("    " + p)
    print(f"check_cpython: {len(files) - failures} of {len(files)} programs print what CPython 3.11 prints")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
