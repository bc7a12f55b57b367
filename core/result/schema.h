// What the engine tells its clients about itself, so no client declares it
// again: the schema (rungs, run params with types and defaults, chip
// generations, the error registry with categories) and a parse-only check of
// a program (located diagnostics, nothing runs). `rungs schema --json`,
// `rungs check FILE` and the wasm calls `schema()` / `check()` return these.
#pragma once

#include <string>

namespace rungs::result {

// {"rungs": [{name, label, selected_by, models}], "params": [{name, type, group,
//  default, choices?, min?, max?, doc}], "generations": [{name, display}],
//  "errors": [{id, type, template, category}]}
std::string schema_to_json();

// {"ok": bool, "diagnostics": [{type, message, line, col, end_line,
//  end_col, id, category}]}: the program's syntax and compile-time errors
// (CPython's, located), without running it.
std::string check_to_json(const std::string& source, const std::string& filename = "kernel.py");

}  // namespace rungs::result
