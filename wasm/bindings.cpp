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
#include "core/result/runner.h"

namespace {

using nlohmann::json;
using rungs::result::RunOptions;

// A caller passed options the engine does not understand (a JS bug, not a
// program error); reported as an error document like everything else.
struct OptionsError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string dump(const json& j) {
  // Messages may quote program text; never let a stray byte turn into a throw.
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

// The result document for a failure outside the program's own control.
std::string error_document(std::string_view type, const std::string& message, std::string_view id,
                           int line, int col, bool for_compare) {
  json doc = {{"ok", false},
              {"stdout", ""},
              {"values", json::object()},
              {"error",
               {{"type", type}, {"message", message}, {"line", line}, {"col", col}, {"id", id}}},
              {"calls", json::array()}};
  if (for_compare) doc["rungs"] = json::object();  // compare's shape, empty
  return dump(doc);
}

std::string internal_error(const std::string& what, bool for_compare) {
  const rungs::ErrorInfo& info = rungs::error_info(rungs::ErrorId::internal_error);
  return error_document(info.type, rungs::format_error(info.text, {what}), info.name, 0, 0,
                        for_compare);
}

template <typename F>
std::string guarded(F&& body, bool for_compare = false) {
  try {
    return body();
  } catch (const OptionsError& e) {
    return internal_error(std::string("bad run options: ") + e.what(), for_compare);
  } catch (const rungs::EngineError& e) {
    // The core normally turns these into documents itself; one that escapes
    // still carries everything a view needs.
    return error_document(e.type, e.message, rungs::error_info(e.id).name, e.where.line,
                          e.where.col, for_compare);
  } catch (const std::bad_alloc&) {
    return internal_error("out of memory (the wasm heap could not grow any further)", for_compare);
  } catch (const std::exception& e) {
    return internal_error(e.what(), for_compare);
  } catch (...) {
    return internal_error("unknown C++ exception", for_compare);
  }
}

const char* kind_of(const json& v) { return v.type_name(); }

int64_t positive_int(const std::string& key, const json& v) {
  if (!v.is_number_integer() || v.get<int64_t>() <= 0)
    throw OptionsError("option '" + key + "' must be a positive integer, got " + dump(v));
  return v.get<int64_t>();
}

// Options JSON (the JS API's camelCase names) -> RunOptions. Unknown keys are
// refused, so a misspelt option fails loudly instead of being ignored.
RunOptions parse_options(const std::string& text) {
  RunOptions o;
  if (text.empty()) return o;
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    throw OptionsError(std::string("options are not valid JSON: ") + e.what());
  }
  if (j.is_null()) return o;
  if (!j.is_object()) throw OptionsError(std::string("options must be an object, got ") + kind_of(j));
  for (const auto& [key, v] : j.items()) {
    if (key == "rung") {
      if (!v.is_string()) throw OptionsError("option 'rung' must be a string");
      o.rung = v.get<std::string>();
      if (o.rung != "auto" && o.rung != "interpret" && o.rung != "tpu" && o.rung != "chip")
        throw OptionsError("option 'rung' must be auto, interpret, tpu or chip, got '" + o.rung +
                           "'");
    } else if (key == "trace") {
      if (!v.is_boolean()) throw OptionsError("option 'trace' must be a boolean");
      o.trace = v.get<bool>();
    } else if (key == "params") {
      // Passed through as JSON text; the core validates the fields it knows.
      if (v.is_string()) o.params_json = v.get<std::string>();
      else if (v.is_object()) o.params_json = dump(v);
      else if (!v.is_null()) throw OptionsError("option 'params' must be an object");
    } else if (key == "filename") {
      if (!v.is_string()) throw OptionsError("option 'filename' must be a string");
      o.filename = v.get<std::string>();
    } else if (key == "maxSteps") {
      o.max_steps = positive_int(key, v);
    } else if (key == "maxMemory") {
      o.max_memory = positive_int(key, v);
    } else if (key == "maxRecursion") {
      o.max_recursion = static_cast<int>(std::min<int64_t>(positive_int(key, v), 1'000'000));
    } else if (key == "maxOutput") {
      o.max_output = positive_int(key, v);
    } else {
      throw OptionsError("unknown option '" + key + "'");
    }
  }
  return o;
}

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
  emscripten::class_<SessionBinding>("Session")
      .constructor<>()
      .function("exec", &SessionBinding::exec)
      .function("reset", &SessionBinding::reset);
}
