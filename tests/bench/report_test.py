#!/usr/bin/env python3
"""Checks tests/bench/report.py: the regression check flags a ratio more than
15 % worse (and only that), and the table shows every figure with its verdict."""
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

REPORT = Path(__file__).resolve().parent / "report.py"


def results(lines):
    f = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
    f.write("# rungs benchmarks, 2026-12-02T10:00Z, abc1234, load 1.00 1.00 1.00\n" + "\n".join(lines) + "\n")
    f.close()
    return f.name


def run(*args):
    return subprocess.run([sys.executable, str(REPORT), *args], capture_output=True, text=True)


class ReportTest(unittest.TestCase):
    def test_compare_flags_only_ratios_more_than_15_percent_worse(self):
        old = results(["bench: a_vs_loop ratio=2.00 target=2", "bench: b_vs_rung1 ratio=1.00 target=2",
                       "bench: c_vs_rung1 ratio=3.00 target=-"])
        new = results(["bench: a_vs_loop ratio=2.20 target=2", "bench: b_vs_rung1 ratio=1.20 target=2",
                       "bench: c_vs_rung1 ratio=1.00 target=-"])
        r = run("compare", old, new)
        self.assertEqual(r.returncode, 1, r.stdout)
        self.assertIn("WORSE b_vs_rung1: 1.00 -> 1.20", r.stdout)
        self.assertIn("ok    a_vs_loop: 2.00 -> 2.20", r.stdout)
        self.assertIn("ok    c_vs_rung1", r.stdout)
        self.assertEqual(run("compare", old, old).returncode, 0)

    def test_table_shows_times_and_missed_targets(self):
        path = results([
            "bench: elementwise_rung1_vs_loop ratio=2.25 target=2",
            "info: elementwise_rung1_vs_loop engine_ms=0.59 baseline_ms=0.26",
            "bench: paged_attention_rung1_vs_reference ratio=2.50 target=3",
            "bench: odd_one error=engine result differs",
            "bench: a_wasm_vs_native ratio=1.10 target=2",
            "bench: b_wasm_vs_native ratio=2.40 target=2",
        ])
        r = run("table", path)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("| 2.25× (0.59 ms vs 0.26 ms) | ≤ 2× — **missed** |", r.stdout)
        self.assertIn("| 2.50× | ≤ 3× |", r.stdout)
        self.assertIn("error: engine result differs", r.stdout)
        self.assertIn("abc1234", r.stdout)
        # A family is one row with its range, judged by its worst member.
        self.assertIn("| 1.10–2.40× over 2 | ≤ 2× — **missed** |", r.stdout)


if __name__ == "__main__":
    unittest.main()
