// The engine's front door: program text in, result document out. The CLI and
// the Embind bindings call only this header; everything behind it (parse,
// evaluate, trace, pallas_call, rungs) stays an implementation detail.
// The result document's shape is DESIGN.md's contract:
//   { ok, stdout, values, error, calls }
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace rungs::result {

struct RunOptions {
  std::string rung = "auto";   // auto | interpret | tpu | chip
  bool trace = false;          // record per-grid-step events in calls[]
  std::string params_json;     // optional InterpretParams / chip overrides, a JSON object
  std::string filename = "kernel.py";
  int64_t max_steps = 50'000'000;       // evaluator + interpreter steps
  int64_t max_memory = 1'000'000'000;   // bytes of live array data
  int max_recursion = 200;              // Python call depth
  int64_t max_output = 1'000'000;       // bytes of stdout
};

// Run a whole program and return the result document as JSON text.
std::string run_to_json(const std::string& source, const RunOptions& options);

// Run on every rung and return {"rungs": {interpret: doc, tpu: doc, chip: doc}, "summary": ...}.
std::string compare_to_json(const std::string& source, const RunOptions& options);

// The error registry as a JSON array of {id, type, template}.
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
