// Temporary front door while the evaluator is being written: it returns a
// well-formed result document so the CLI, the wasm bindings and the worker can
// be wired end to end. Replaced by the real pipeline in the same file.
#include "core/result/runner.h"

#include <atomic>
#include <nlohmann/json.hpp>

#include "core/errors/error.h"

namespace rungs::result {

namespace {
std::atomic<bool> g_interrupt{false};
}

std::string run_to_json(const std::string& source, const RunOptions& options) {
  (void)source;
  (void)options;
  nlohmann::json doc = {{"ok", true}, {"stdout", ""}, {"values", nlohmann::json::object()},
                        {"error", nullptr}, {"calls", nlohmann::json::array()}};
  return doc.dump();
}

std::string compare_to_json(const std::string& source, const RunOptions& options) {
  nlohmann::json doc = {{"rungs", nlohmann::json::object()}};
  for (const char* rung : {"interpret", "tpu", "chip"}) {
    RunOptions o = options;
    o.rung = rung;
    doc["rungs"][rung] = nlohmann::json::parse(run_to_json(source, o));
  }
  return doc.dump();
}

std::string errors_to_json() {
  nlohmann::json list = nlohmann::json::array();
  for (const ErrorInfo& e : all_errors())
    list.push_back({{"id", e.name}, {"type", e.type}, {"template", e.text}});
  return list.dump();
}

struct Session::State {};
Session::Session() : state_(std::make_unique<State>()) {}
Session::~Session() = default;
std::string Session::exec_to_json(const std::string& cell, const RunOptions& options) {
  return run_to_json(cell, options);
}
void Session::reset() {}

void request_interrupt() { g_interrupt = true; }
void clear_interrupt() { g_interrupt = false; }

}  // namespace rungs::result
