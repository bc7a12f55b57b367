#!/usr/bin/env python3
"""The benchmark figures as a README table, and a regression check.

    python3 tests/bench/report.py table [RESULTS]       print the Markdown table
    python3 tests/bench/report.py readme [RESULTS]      rewrite README.md's table
    python3 tests/bench/report.py compare OLD NEW       flag ratios > 15 % worse

RESULTS defaults to build/bench/results.txt (written by tests/bench/run.sh).
Every figure is a `bench: NAME ratio=R target=T` line; `info:` lines give the
absolute times shown beside it. `compare` exits 1 when some ratio present in
both files grew by more than 15 % (lower ratios are better everywhere).
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_RESULTS = ROOT / "build/bench/results.txt"
README = ROOT / "README.md"
START, END = "<!-- bench-table:start -->", "<!-- bench-table:end -->"
WORSE = 1.15

# What each figure measures and against what, in table order. Names not
# listed here are shown with their raw name.
DESCRIPTIONS = {
    "elementwise_rung1_vs_loop": ("rung 1, elementwise `o = x * s + 1`, 4096×512 f32, 256-row blocks", "plain C++ loop"),
    "matmul_rung1_vs_matmul_f32": ("rung 1, blocked matmul 1024³ f32, 128 blocks, k-reduction", "cache-blocked C++ matmul"),
    "grid_step_copy_vs_memcpy": ("grid-step overhead, 65,536 steps of an (8,128) copy", "`memcpy` of the same blocks"),
    "matmul_rung2_vs_rung1": ("rung 2 / rung 1 on the matmul", "rung 1"),
    "matmul_rung2_races_vs_rung1": ("rung 2 with `detect_races=True` / rung 1", "rung 1"),
    "flash_attention_rung1_vs_reference": ("rung 1, causal flash attention fwd, 4 heads × 2048 × 128 f32, 128 tiles",
                                           "C++ softmax(q kᵀ + mask) v"),
    "grouped_matmul_rung1_vs_reference": ("rung 1, grouped matmul, 8 uneven groups, 2048×1024×1024 bf16",
                                          "C++ matmul per group"),
    "paged_attention_rung1_vs_reference": ("rung 1, paged-attention decode, 8 seqs × 8 heads, 64 pages of 16",
                                           "C++ loop over the page table"),
    "wasm_gzip_kb_vs_700": ("`rungs.wasm` gzipped (level 9), per stage in the `info: wasm_size` lines", "700 KB"),
    "engine_gzip": ("engine download: `.wasm` + worker + page client, gzipped (level 6)", "1 MB"),
    "first_widget_cold": ("navigation → first explainer widget's result, cold caches", "1.5 s"),
    "first_widget_warm": ("the same, warm (fastest visit)", "1.5 s"),
}

# Families shown as one row: (name prefix or suffix, what, baseline).
FAMILIES = [
    ("_wasm_vs_native", "WASM (Node, V8) / native engine, each run above", "native engine"),
    ("playground_run_", "playground run → rendered result, each gallery kernel", "100 ms"),
]


def family_of(name):
    for key, what, base in FAMILIES:
        if name.startswith(key) or name.endswith(key):
            return key, what, base
    return None

BENCH = re.compile(r"^bench: (\S+) (?:ratio=(\S+) target=(\S+)|error=(.*))$")
INFO = re.compile(r"^info: (\S+) (.*)$")


def parse(path):
    """{name: {"ratio": float|None, "target": str, "error": str|None, "info": {k: v}}}."""
    figures, infos = {}, {}
    for line in Path(path).read_text().splitlines():
        if m := BENCH.match(line):
            name, ratio, target, error = m.groups()
            figures[name] = {"ratio": float(ratio) if ratio else None, "target": target or "-", "error": error}
        elif m := INFO.match(line):  # the absolute figures beside a bench line of the same name
            infos[m.group(1)] = dict(kv.split("=", 1) for kv in m.group(2).split() if "=" in kv)
    for name, fig in figures.items():
        fig["info"] = infos.get(name, {})
    return figures


def header(path):
    first = Path(path).read_text().splitlines()[:1]
    return first[0].lstrip("# ").strip() if first else ""


def measured(fig):
    if fig["error"]:
        return f"error: {fig['error']}"
    text = f"{fig['ratio']:.2f}×"
    info = fig["info"]
    if "engine_ms" in info and "baseline_ms" in info:
        text += f" ({info['engine_ms']} ms vs {info['baseline_ms']} ms)"
    elif "wasm_ms" in info and "native_ms" in info:
        text += f" ({info['wasm_ms']} ms vs {info['native_ms']} ms)"
    elif "ms" in info:
        text += f" ({info['ms']} ms)"
    elif "bytes" in info:
        text += f" ({int(info['bytes']) / 1024:.0f} KB)"
    elif "gzip_kb" in info:
        text += f" ({info['gzip_kb']} KB)"
    if "ns_per_step" in info:
        text += f", {info['ns_per_step']} ns per step"
    return text


def verdict(fig):
    if fig["error"] or fig["target"] == "-":
        return fig["target"]
    met = fig["ratio"] is not None and fig["ratio"] <= float(fig["target"])
    return f"≤ {fig['target']}×" + ("" if met else " — **missed**")


def family_row(what, base, figs):
    ok = [f for f in figs if f["ratio"] is not None]
    if not ok:
        return f"| {what} | {base} | error | - |"
    lo, hi = min(f["ratio"] for f in ok), max(f["ratio"] for f in ok)
    worst = max(ok, key=lambda f: f["ratio"])
    text = f"{lo:.2f}–{hi:.2f}× over {len(figs)}" + (f" ({len(figs) - len(ok)} failed)" if len(ok) < len(figs) else "")
    return f"| {what} | {base} | {text} | {verdict(worst)} |"


def table(path):
    figures = parse(path)
    singles = [n for n in figures if not family_of(n)]
    order = [n for n in DESCRIPTIONS if n in singles] + sorted(n for n in singles if n not in DESCRIPTIONS)
    rows = [f"Figures of `{header(path)}`:", "", "| benchmark | baseline | measured | target |", "| --- | --- | --- | --- |"]
    for name in order:
        what, base = DESCRIPTIONS.get(name, (f"`{name}`", "see the benchmark"))
        if name.endswith("_wasm_vs_reference"):
            what, base = f"WASM / C++ reference: `{name[: -len('_wasm_vs_reference')]}`", "native C++ reference"
        rows.append(f"| {what} | {base} | {measured(figures[name])} | {verdict(figures[name])} |")
    for key, what, base in FAMILIES:
        figs = [figures[n] for n in sorted(figures) if family_of(n) and family_of(n)[0] == key]
        if figs:
            rows.append(family_row(what, base, figs))
    return "\n".join(rows)


def update_readme(path):
    text = README.read_text()
    if START not in text or END not in text:
        sys.exit(f"README.md has no {START} ... {END} section")
    before, rest = text.split(START, 1)
    _, after = rest.split(END, 1)
    README.write_text(before + START + "\n" + table(path) + "\n" + END + after)
    print(f"README.md: table rewritten from {path}")


def compare(old_path, new_path):
    old, new = parse(old_path), parse(new_path)
    worse = []
    for name in sorted(set(old) & set(new)):
        a, b = old[name]["ratio"], new[name]["ratio"]
        if a is None or b is None:
            continue
        flag = b > a * WORSE
        print(f"{'WORSE' if flag else 'ok   '} {name}: {a:.2f} -> {b:.2f} ({(b / a - 1) * 100:+.0f}%)")
        if flag:
            worse.append(name)
    for name in sorted(set(old) ^ set(new)):
        print(f"only in {'old' if name in old else 'new'}: {name}")
    if worse:
        print(f"{len(worse)} ratio(s) worse by more than {round((WORSE - 1) * 100)} %: {', '.join(worse)}")
        return 1
    print("no ratio worse by more than 15 %")
    return 0


def main(argv):
    if len(argv) >= 2 and argv[1] == "table":
        print(table(argv[2] if len(argv) > 2 else DEFAULT_RESULTS))
        return 0
    if len(argv) >= 2 and argv[1] == "readme":
        update_readme(argv[2] if len(argv) > 2 else DEFAULT_RESULTS)
        return 0
    if len(argv) == 4 and argv[1] == "compare":
        return compare(argv[2], argv[3])
    print(__doc__.strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
