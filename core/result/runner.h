// The engine's front door: program text in, result document out. The CLI and
// the Embind bindings call only this header; everything behind it (parse,
// evaluate, trace, pallas_call, rungs) stays an implementation detail.
// The result document's shape is DESIGN.md's contract:
//   { ok, stdout, values, error, calls }
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/errors/error.h"
#include "core/result/run_options.h"

namespace rungs::result {


// Run a whole program and return the result document as JSON text.
std::string run_to_json(const std::string& source, const RunOptions& options);

// Run on every rung and return {"rungs": {interpret: doc, tpu: doc, chip: doc}, "summary": ...}.
std::string compare_to_json(const std::string& source, const RunOptions& options);

// The result document of a run that failed before the program could run
// (bad options, an exception that escaped): the one builder of error
// documents on the C++ side. `for_compare` adds compare's empty "rungs".
std::string failure_to_json(const EngineError& error, bool for_compare = false);

// The error registry as a JSON array of {id, type, template, category}.
std::string errors_to_json();

// A notebook kernel: globals and simulated TPU memory survive between cells.
class Session {
 public:
  Session();
  ~Session();
  std::string exec_to_json(const std::string& cell, const RunOptions& options);
  void reset();  // fresh globals and fresh simulated memory
 private:
  struct State;
  std::unique_ptr<State> state_;
};

// Asks a running program to stop at its next step check (the wasm worker sets
// this from a SharedArrayBuffer when the page is cross-origin isolated).
void request_interrupt();
void clear_interrupt();

}  // namespace rungs::result
