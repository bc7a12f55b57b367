// The program a puzzle check runs: the reader's source, unchanged and first
// (so every line and column the engine reports is the reader's own), then the
// puzzle's spec.py, then a harness that calls the reader's function on each
// seeded case and compares it with the spec. The same text runs on every rung
// and is what the "Open in Colab" export puts in its checker cell, so real JAX
// judges an attempt with the very same code.
#pragma once

#include <string>

#include "core/puzzle/puzzle.h"

namespace rungs::puzzle {

// Top-level names the harness leaves behind for the verdict's heatmap diff.
inline constexpr const char* kGotName = "puzzle_got";
inline constexpr const char* kWantName = "puzzle_want";
inline constexpr const char* kDiffName = "puzzle_diff";
inline constexpr const char* kCaseName = "puzzle_case_number";

struct CheckProgram {
  std::string text;        // the whole program
  int reader_lines = 0;    // lines 1..reader_lines are the reader's source
};

CheckProgram check_program(const Puzzle& puzzle, const std::string& reader_source);

// A JSON value as a Python literal (cases become keyword arguments).
std::string python_literal(const Json& value);

}  // namespace rungs::puzzle
