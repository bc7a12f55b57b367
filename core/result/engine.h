// Internal pieces of the runner shared with the comparison and the dumps:
// engine start-up, per-run configuration and execution into an interpreter.
#pragma once

#include <optional>
#include <string>

#include "core/python/interpreter.h"
#include "core/result/document.h"
#include "core/result/runner.h"

namespace rungs::result {

void init_engine();
void configure(python::Interpreter& interp, const RunOptions& options);
// `ends_run`: the program ends here (not a notebook cell), so generators
// still suspended are closed, as CPython's exit closes them.
std::optional<EngineError> execute(python::Interpreter& interp, const std::string& source, const RunOptions& options,
                                   bool ends_run = true);
Json run_document(const std::string& source, const RunOptions& options, const DocumentLimits& limits = {});
Json compare_document(const std::string& source, const RunOptions& options);

// Canonical text of a stage for `rungs run --dump=STAGE` (tokens, ast,
// values, jaxpr, pallas, events). Returns false for an unknown stage.
bool dump_stage(const std::string& source, const RunOptions& options, const std::string& stage, std::string& out);

}  // namespace rungs::result
