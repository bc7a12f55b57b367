// The result document (DESIGN.md "Contracts"): what a run produced, as
// JSON. The CLI's --json and the JS API return exactly this shape:
//   { ok, stdout, values: {NAME: {dtype, shape, data}}, error, calls }
// Non-finite floats are the strings "NaN", "Infinity", "-Infinity".
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/array/array.h"
#include "core/errors/error.h"
#include "core/python/interpreter.h"
#include "core/rungs/call_record.h"

namespace rungs::result {

using Json = nlohmann::ordered_json;

struct DocumentLimits {
  int64_t max_value_elements = 4'000'000;  // across all values; beyond, data is truncated
  bool values = true;                        // false: skip values (the text CLI prints only stdout)
};

Json array_json(const array::Array& a, int64_t& budget);
Json values_json(python::Interpreter& interp, const DocumentLimits& limits);
// `files` names each SourceRange::file (Interpreter::file_names()); a
// location in a file other than the main program carries "file": its name.
using FileNames = std::vector<std::string>;
Json error_json(const EngineError& e, const FileNames& files = {});
Json call_json(const exec::CallRecord& call, bool with_events, const FileNames& files = {});
Json document(python::Interpreter& interp, const std::optional<EngineError>& error, bool trace,
              const DocumentLimits& limits = {});

}  // namespace rungs::result
