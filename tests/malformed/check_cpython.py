"""Cross-checks the SyntaxError-family expectations here against CPython 3.11.

Usage: python3.11 tests/malformed/check_cpython.py
Prints every file whose expectation differs from what CPython's compile() says;
exits 1 if any SyntaxError/IndentationError/TabError expectation differs.
"""
import pathlib
import re
import sys
import warnings

warnings.simplefilter("ignore")
SYNTAX = {"SyntaxError", "IndentationError", "TabError"}
bad = 0
for path in sorted(pathlib.Path(__file__).parent.glob("*.py")):
    if path.name == pathlib.Path(__file__).name:
        continue
    data = path.read_bytes()
    first = data.split(b"\n", 1)[0].decode("utf-8", "replace")
    m = re.match(r"# expect error: (\w+): (.*) @(\d+):(\d+)$", first)
    if not m:
        print(f"{path.name}: no expectation line")
        bad += 1
        continue
    typ, msg, line, col = m.group(1), m.group(2), int(m.group(3)), int(m.group(4))
    try:
        compile(data.decode("utf-8"), path.name, "exec")
        got = "accepted"
    except UnicodeDecodeError:
        got = "undecodable"
    except SyntaxError as e:
        got = f"{type(e).__name__}: {e.msg} @{e.lineno}:{e.offset}"
    except (RecursionError, MemoryError, ValueError) as e:
        got = f"{type(e).__name__}: {e}"
    want = f"{typ}: {msg} @{line}:{col}"
    if got != want:
        known = typ not in SYNTAX or "null bytes" in msg or "Non-UTF-8" in msg
        print(f"{'known ' if known else 'DIFFERS'} {path.name}\n   expect  {want}\n   cpython {got}")
        bad += 0 if known else 1
sys.exit(1 if bad else 0)
