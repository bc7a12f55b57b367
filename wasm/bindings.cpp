// The Embind surface of the engine: the few calls the web worker makes, each
// taking and returning JSON text so the JS side sees exactly the result
// document of DESIGN.md's contract (the same bytes the CLI's --json prints).
//
// Every entry point catches every C++ exception and turns it into an error
// document: an exception that escapes through Embind reaches JS as an opaque
// WebAssembly.Exception (TOOLCHAIN P12), which no view could explain.
#include <emscripten/bind.h>

#include <algorithm>
#include <cstdint>
#include <new>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "core/errors/error.h"
#include "core/puzzle/judge.h"
#include "core/result/runner.h"
#include "core/result/schema.h"

namespace {

using nlohmann::json;
using rungs::result::RunOptions;

std::string internal_error(const std::string& what, bool for_compare) {
  return rungs::result::failure_to_json(rungs::make_error(rungs::ErrorId::internal_error, {}, what), for_compare);
}

// Options are parsed by the core (run_options.h), which refuses unknown keys
// and wrong types with a usage error from the registry.
template <typename F>
std::string guarded(F&& body, bool for_compare = false) {
  try {
    return body();
  } catch (const rungs::EngineError& e) {
    // The core turns program errors into documents itself; what escapes is a
    // refused option, which still carries everything a view needs.
    return rungs::result::failure_to_json(e, for_compare);
  } catch (const std::bad_alloc&) {
    return internal_error("out of memory (the wasm heap could not grow any further)", for_compare);
  } catch (const std::exception& e) {
    return internal_error(e.what(), for_compare);
  } catch (...) {
    return internal_error("unknown exception", for_compare);
  }
}

RunOptions parse_options(const std::string& text) { return rungs::result::parse_options(text); }

std::string run(const std::string& source, const std::string& options) {
  return guarded([&] {
    rungs::result::clear_interrupt();
    return rungs::result::run_to_json(source, parse_options(options));
  });
}

std::string compare(const std::string& source, const std::string& options) {
  return guarded(
      [&] {
        rungs::result::clear_interrupt();
        return rungs::result::compare_to_json(source, parse_options(options));
      },
      /*for_compare=*/true);
}

std::string schema() {
  return guarded([] { return rungs::result::schema_to_json(); });
}

std::string check(const std::string& source, const std::string& filename) {
  return guarded([&] { return rungs::result::check_to_json(source, filename.empty() ? "kernel.py" : filename); });
}

// A practice puzzle's check: the page passes the puzzle's own files (its
// bundle of content/puzzles/<id>/), so the engine needs no file system.
std::string puzzle_check(const std::string& id, const std::string& manifest, const std::string& spec,
                         const std::string& source) {
  return guarded([&] {
    rungs::result::clear_interrupt();
    return rungs::puzzle::check_attempt_json(id, manifest, spec, source);
  });
}

// The check program's text ({"ok": true, "text": ...}), for the notebook export.
std::string puzzle_program(const std::string& id, const std::string& manifest, const std::string& spec,
                           const std::string& source) {
  return guarded([&] {
    return json{{"ok", true}, {"text", rungs::puzzle::check_program_text(id, manifest, spec, source)}}.dump();
  });
}

std::string errors() {
  try {
    return rungs::result::errors_to_json();
  } catch (...) {
    return "[]";  // the registry is static data; this cannot realistically fail
  }
}

// A notebook kernel. JS owns the object and must call .delete() (the worker
// does, on sessionDelete) since Embind objects are not garbage-collected.
class SessionBinding {
 public:
  std::string exec(const std::string& cell, const std::string& options) {
    return guarded([&] {
      rungs::result::clear_interrupt();
      return session_.exec_to_json(cell, parse_options(options));
    });
  }
  // Returns {"ok":true} or an error document.
  std::string reset() {
    return guarded([&] {
      session_.reset();
      return std::string(R"({"ok":true})");
    });
  }

 private:
  rungs::result::Session session_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(rungs) {
  emscripten::function("run", &run);
  emscripten::function("compare", &compare);
  emscripten::function("errors", &errors);
  emscripten::function("schema", &schema);
  emscripten::function("check", &check);
  emscripten::function("puzzleCheck", &puzzle_check);
  emscripten::function("puzzleProgram", &puzzle_program);
  emscripten::class_<SessionBinding>("Session")
      .constructor<>()
      .function("exec", &SessionBinding::exec)
      .function("reset", &SessionBinding::reset);
}
