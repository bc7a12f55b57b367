#!/usr/bin/env python3
"""Runs the numpy.random conformance programs (tests/conformance/host/
numpy.random.*.py) in real NumPy and checks that NumPy prints exactly what
their `# expect:` comments say, so the engine is held to NumPy's own streams.

    /usr/bin/python3 tests/conformance/check_numpy.py            # check
    /usr/bin/python3 tests/conformance/check_numpy.py --update   # rewrite the
        `# expect:` lines from NumPy's output (each print prints one line)

A line marked `# rungs-only` before its expectation states an engine-only
fact (a repr without an address, an engine limit) and is not checked. The
programs' `import jax.numpy as jnp` is served by NumPy itself (a shim), as
they only use what both spell alike. Needs NumPy (1.17 or later: the legacy
and PCG64 streams are stable since); without it the script says so and
exits 0. The project itself never needs NumPy.
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = os.path.join(HERE, "host")
EXPECT = re.compile(r"(#\s*expect(?P<err> error)?:\s?)(?P<text>.*)$")
SHIM = {"jax/__init__.py": "import numpy\n", "jax/numpy.py": "from numpy import *\nfrom numpy import random\n"}


def run_numpy(path, shim_dir):
    env = dict(os.environ, PYTHONPATH=shim_dir)
    proc = subprocess.run([sys.executable, os.path.basename(path)], cwd=os.path.dirname(path), env=env,
                          capture_output=True, text=True, timeout=300)
    out = proc.stdout.split("\n")
    if out and out[-1] == "":
        out.pop()
    error = None
    if proc.returncode != 0:
        last = proc.stderr.strip().split("\n")[-1]
        error = re.sub(r"^(?:[\w.]+\.)?(\w+)", r"\1", last)
    return out, error


def check(path, shim_dir, update):
    lines = open(path, encoding="utf-8").read().split("\n")
    out, error = run_numpy(path, shim_dir)
    problems, k = [], 0
    for n, line in enumerate(lines):
        m = EXPECT.search(line)
        if not m or "# rungs-only" in line:
            continue
        if m.group("err"):
            got = error or "<no error>"
            if update:
                lines[n] = line[:m.start("text")] + got
            elif got != m.group("text"):
                problems.append(f"line {n + 1}: expected error {m.group('text')!r}, NumPy raised {got!r}")
            continue
        got = out[k] if k < len(out) else "<nothing>"
        k += 1
        if update:
            lines[n] = line[:m.start("text")] + got
        elif got != m.group("text"):
            problems.append(f"line {n + 1}: expected {m.group('text')!r}, NumPy printed {got!r}")
    if update:
        open(path, "w", encoding="utf-8").write("\n".join(lines))
    elif error and not any(EXPECT.search(l) and EXPECT.search(l).group("err") for l in lines):
        problems.append(f"NumPy raised {error}")
    return problems


def main():
    try:
        import numpy  # noqa: F401
    except ImportError:
        print("check_numpy: NumPy is not installed; skipped")
        return 0
    update = "--update" in sys.argv
    failed = 0
    with tempfile.TemporaryDirectory() as shim_dir:
        for rel, text in SHIM.items():
            os.makedirs(os.path.join(shim_dir, os.path.dirname(rel)), exist_ok=True)
            open(os.path.join(shim_dir, rel), "w").write(text)
        names = sorted(n for n in os.listdir(PROGRAMS) if n.startswith("numpy.random.") and n.endswith(".py"))
        for name in names:
            problems = check(os.path.join(PROGRAMS, name), shim_dir, update)
            for p in problems:
                print(f"{name}: {p}")
            failed += bool(problems)
    print(f"check_numpy: {len(names) - failed} of {len(names)} programs agree with NumPy {numpy.__version__}"
          + (" (expectations updated)" if update else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
