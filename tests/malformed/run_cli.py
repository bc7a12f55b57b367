#!/usr/bin/env python3
"""Runs every malformed program through the whole engine (the `rungs` CLI),
not just the parser: each must end with its expected located error
(first line: `# expect error: Type: message @line:col`), exit status 1,
a result document on stdout, and no crash (signals, sanitizer reports)."""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
HEAD = re.compile(r"# expect error: (?P<type>\w+): (?P<msg>.*) @(?P<line>\d+):(?P<col>\d+)\s*$")


def main():
    rungs = sys.argv[sys.argv.index("--rungs") + 1]
    failures = 0
    files = sorted(f for f in os.listdir(HERE) if f.endswith(".py") and f not in ("run_cli.py", "check_cpython.py"))
    for name in files:
        path = os.path.join(HERE, name)
        with open(path, "rb") as fh:
            first = fh.readline().decode("utf-8", "replace")
        m = HEAD.match(first)
        if not m:
            print(f"FAIL {name}: no '# expect error: ... @line:col' header")
            failures += 1
            continue
        proc = subprocess.run([rungs, "run", path, "--json"], capture_output=True, timeout=120)
        problems = []
        if proc.returncode != 1:
            problems.append(f"exit status {proc.returncode}")
        try:
            err = json.loads(proc.stdout.decode("utf-8", "replace"))["error"]
        except (json.JSONDecodeError, KeyError, TypeError):
            err = None
            problems.append("no result document")
        if err:
            want = (m["type"], m["msg"], int(m["line"]), int(m["col"]))
            got = (err["type"], err["message"], err["line"], err["col"])
            if want != got:
                problems.append(f"expected {want}, got {got}")
        if proc.stderr.strip():
            problems.append("stderr: " + proc.stderr.decode("utf-8", "replace").strip()[:200])
        if problems:
            failures += 1
            print(f"FAIL {name}: " + "; ".join(problems))
    print(f"malformed: {len(files) - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
