#!/usr/bin/env python3
"""Where the engine's download goes: the size of rungs.wasm per stage.

    python3 tests/bench/wasm_size.py [WASM_DIR]     (default web/src/generated)

Reads rungs.wasm's code section (one body per function) and the symbol map
emcc writes beside it (--emit-symbol-map: function index -> C++ name), groups
the function bodies by the core stage their name lives in (rungs::array,
rungs::python, ...; libc++, Embind and the rest as `runtime`), and prints per
stage the raw bytes and the gzipped bytes of its bodies compressed alone,
then the whole file gzipped. Lines are `info: wasm_size ...` so run.sh keeps
them in build/bench/results.txt; the gzipped total is also a `bench:` line
against the 700 KB target.
"""
import gzip
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET_KB = 700

def leb(data, at):
    """Unsigned LEB128 at `at`: (value, next offset)."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at

def sections(data):
    at = 8  # magic + version
    while at < len(data):
        kind = data[at]
        size, at = leb(data, at + 1)
        yield kind, data[at : at + size]
        at += size

def imported_functions(payload):
    count, at = leb(payload, 0)
    functions = 0
    for _ in range(count):
        for _ in range(2):  # module and field names
            n, at = leb(payload, at)
            at += n
        kind = payload[at]
        at += 1
        if kind == 0:  # function: type index
            _, at = leb(payload, at)
            functions += 1
        elif kind == 1:  # table: elem type, limits
            at += 1
            flags, at = leb(payload, at)
            _, at = leb(payload, at)
            if flags & 1:
                _, at = leb(payload, at)
        elif kind == 2:  # memory: limits
            flags, at = leb(payload, at)
            _, at = leb(payload, at)
            if flags & 1:
                _, at = leb(payload, at)
        elif kind == 3:  # global: type, mutability
            at += 2
        elif kind == 4:  # tag: attribute, type index
            at += 1
            _, at = leb(payload, at)
    return functions

def bodies(payload):
    count, at = leb(payload, 0)
    for _ in range(count):
        size, at = leb(payload, at)
        yield payload[at : at + size]
        at += size


def stage_of(name):
    """The core stage a function belongs to: the first `rungs::STAGE::` in its
    (demangled) name, so library templates instantiated for a stage count
    for it; everything else is the runtime."""
    m = re.search(r"rungs::(\w+)::", name)
    if m:  # a namespace (stage), or a type right in `rungs` (the error types)
        return "core/" + (m.group(1) if m.group(1).islower() else "errors")
    m = re.search(r"5rungs(\d+)", name)  # a mangled name
    if m:
        return "core/" + name[m.end() : m.end() + int(m.group(1))]
    return "runtime (libc++, Embind, libc)"


def main(argv):
    folder = Path(argv[1]) if len(argv) > 1 else ROOT / "web/src/generated"
    wasm = folder / "rungs.wasm"
    symbols = next((p for p in (folder / "rungs.mjs.symbols", folder / "rungs.js.symbols") if p.exists()), None)
    data = wasm.read_bytes()
    names = {}
    if symbols:
        for line in symbols.read_text().splitlines():
            index, _, name = line.partition(":")
            if index.isdigit():
                names[int(index)] = name
    imports, code = 0, b""
    for kind, payload in sections(data):
        if kind == 2:
            imports = imported_functions(payload)
        elif kind == 10:
            code = payload
    by_stage = defaultdict(list)
    for i, body in enumerate(bodies(code)):
        by_stage[stage_of(names.get(imports + i, "")) if names else "all code"].append(body)
    total_gz = len(gzip.compress(data, 9))
    print(f"info: wasm_size file={wasm.name} raw_kb={len(data) / 1024:.0f} gzip_kb={total_gz / 1024:.0f}"
          f" code_kb={len(code) / 1024:.0f} symbols={'yes' if names else 'no'}")
    for stage, parts in sorted(by_stage.items(), key=lambda kv: -sum(map(len, kv[1]))):
        raw = sum(map(len, parts))
        gz = len(gzip.compress(b"".join(parts), 9))
        print(f"info: wasm_size stage={stage.replace(' ', '_')} functions={len(parts)} raw_kb={raw / 1024:.0f}"
              f" gzip_kb={gz / 1024:.0f}")
    print(f"bench: wasm_gzip_kb_vs_700 ratio={total_gz / 1024 / TARGET_KB:.2f} target=1")
    print(f"info: wasm_gzip_kb_vs_700 gzip_kb={total_gz / 1024:.0f}")
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv))
