# Widths, alignment and precision count code points, not UTF-8 bytes: a
# results table with non-ASCII labels and box-drawing fills lines up as it
# does in CPython.
rows = [("größe", 1.5), ("µ-kernel", 12.25), ("naïve", 100.0), ("ascii", 3.0)]
print(f"{'':─^30}")
print(f"│ {'name':<10} │ {'time (µs)':>13} │")
print(f"{'':─^30}")
for name, t in rows:
    print(f"│ {name:<10} │ {t:>13.2f} │")
print(f"{' done ':═^30}")
print("{:·>12}|{:·<12}|".format("π≈3.14", "Δt"))
print("[%-8s][%8s]" % ("ñ", "ü"))
print(f"{'héllo wörld':.5}|{'日本語テキスト':.3}|{'αβγ':^7}|")
print("é".center(5, "*"), "é".ljust(3, "─") + "|", "é".rjust(3) + "|", "ab".center(5, "·"))
print(len(f"{'ø':>6}"), f"{'ø':>6}" == "     ø", len("{:^7}".format("日本")))
for label in ["bm", "β_m", "block_m"]:
    print(f"{label:>8} = {128:<5}|")
# expect: ──────────────────────────────
# expect: │ name       │     time (µs) │
# expect: ──────────────────────────────
# expect: │ größe      │          1.50 │
# expect: │ µ-kernel   │         12.25 │
# expect: │ naïve      │        100.00 │
# expect: │ ascii      │          3.00 │
# expect: ════════════ done ════════════
# expect: ······π≈3.14|Δt··········|
# expect: [ñ       ][       ü]
# expect: héllo|日本語|  αβγ  |
# expect: **é** é──|   é| ··ab·
# expect: 6 True 7
# expect:       bm = 128  |
# expect:      β_m = 128  |
# expect:  block_m = 128  |
