#include "core/puzzle/check_program.h"

#include <cstdio>

namespace rungs::puzzle {

namespace {

int count_lines(const std::string& text) {
  int lines = 0;
  for (char c : text) lines += c == '\n';
  return text.empty() || text.back() == '\n' ? lines : lines + 1;
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '\\' || c == '"') out += '\\';
    if (c == '\n') { out += "\\n"; continue; }
    out += c;
  }
  return out + "\"";
}

std::string number_text(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  std::string text = buf;
  // A JSON 40.0 stays a Python float: 40 would be an int.
  if (text.find_first_of(".eEn") == std::string::npos) text += ".0";
  return text;
}

// The harness. Its failures are AssertionErrors whose text is the verdict the
// reader sees, so each one says which case, what was expected and where the
// first difference is. Mismatching values stay in top-level variables
// (puzzle_got, puzzle_want, puzzle_diff) for the page's heatmaps.
const char* kHarness = R"PY(
import numpy as _puzzle_np

try:
    _puzzle_entry = {ENTRY}
except NameError:
    raise AssertionError("define a function named {ENTRY}: the checker calls {ENTRY}(...) on each case")


def _puzzle_case_text(case):
    return ", ".join(f"{k}={v!r}" for k, v in case.items())


def _puzzle_compare(number, case, got, want):
    where = f"case {number} of {len(_puzzle_cases)} ({_puzzle_case_text(case)})"
    got_shape = tuple(getattr(got, "shape", ()))
    if got_shape != tuple(want.shape):
        raise AssertionError(f"{where}: {ENTRY} returned shape {got_shape}, the spec's output has shape {tuple(want.shape)}")
    if str(got.dtype) != str(want.dtype):
        raise AssertionError(f"{where}: {ENTRY} returned dtype {got.dtype}, the spec's output has dtype {want.dtype}")
    g = _puzzle_np.asarray(got).astype(_puzzle_np.float32)
    w = _puzzle_np.asarray(want).astype(_puzzle_np.float32)
    bad = ~_puzzle_np.isclose(g, w, rtol={RTOL}, atol={ATOL})
    count = int(bad.sum())
    if count:
        first = tuple(int(i) for i in _puzzle_np.argwhere(bad)[0])
        raise AssertionError(f"{where}: {count} of {bad.size} values differ from the spec; "
                             f"first at index {list(first)}: got {g[first]}, expected {w[first]}")


_puzzle_cases = [{CASES}]
for _puzzle_number, _puzzle_case in enumerate(_puzzle_cases, 1):
    # An array, so the result document's values carry it to the verdict.
    puzzle_case_number = _puzzle_np.array([_puzzle_number], dtype=_puzzle_np.int32)
    puzzle_diff = None
    _puzzle_args = puzzle_inputs(**_puzzle_case)
    puzzle_want = _puzzle_np.asarray(puzzle_spec(*_puzzle_args))
    puzzle_got = _puzzle_entry(*_puzzle_args)
    if tuple(getattr(puzzle_got, "shape", ())) == tuple(puzzle_want.shape):
        puzzle_diff = _puzzle_np.abs(_puzzle_np.asarray(puzzle_got).astype(_puzzle_np.float32)
                                     - puzzle_want.astype(_puzzle_np.float32))
    _puzzle_compare(_puzzle_number, _puzzle_case, puzzle_got, puzzle_want)
print(f"all {len(_puzzle_cases)} cases match the spec")
)PY";

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

}  // namespace

std::string python_literal(const Json& value) {
  if (value.is_null()) return "None";
  if (value.is_boolean()) return value.get<bool>() ? "True" : "False";
  if (value.is_number_integer() || value.is_number_unsigned()) return value.dump();
  if (value.is_number()) return number_text(value.get<double>());
  if (value.is_string()) return quoted(value.get<std::string>());
  std::string out;
  if (value.is_array()) {
    // Tuples: shapes and block sizes are tuples in the programs people write.
    for (const Json& v : value) out += python_literal(v) + ", ";
    return "(" + out + ")";
  }
  for (const auto& [k, v] : value.items()) out += (out.empty() ? "" : ", ") + quoted(k) + ": " + python_literal(v);
  return "{" + out + "}";
}

CheckProgram check_program(const Puzzle& puzzle, const std::string& reader_source) {
  CheckProgram program;
  program.reader_lines = count_lines(reader_source);
  std::string cases;
  for (const Json& c : puzzle.cases) cases += (cases.empty() ? "" : ", ") + python_literal(c);
  std::string harness = kHarness;
  replace_all(harness, "{ENTRY}", puzzle.entry);
  replace_all(harness, "{RTOL}", number_text(puzzle.rtol));
  replace_all(harness, "{ATOL}", number_text(puzzle.atol));
  replace_all(harness, "{CASES}", cases);
  program.text = reader_source;
  if (!program.text.empty() && program.text.back() != '\n') program.text += '\n';
  program.text += "\n# ---- puzzle " + puzzle.id + ": the spec and the checker (added by Rungs; your code is above) ----\n";
  program.text += puzzle.spec;
  if (!program.text.empty() && program.text.back() != '\n') program.text += '\n';
  program.text += harness;
  return program;
}

}  // namespace rungs::puzzle
