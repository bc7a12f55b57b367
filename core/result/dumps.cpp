// Canonical stage texts for `rungs run FILE --dump=STAGE` (STYLE habit 1):
// deterministic, so golden tests can compare them byte for byte. Stages:
// tokens, ast, values, jaxpr, pallas, events, lowered.
#include <algorithm>

#include "core/array/format.h"
#include "core/jax/array_value.h"
#include "core/jax/jit_lowering.h"
#include "core/lang/dump.h"
#include "core/lang/lexer.h"
#include "core/lang/parser.h"
#include "core/result/engine.h"

namespace rungs::result {

namespace {
std::string values_text(python::Interpreter& interp) {
  std::vector<std::string> names;
  for (const auto& [name, v] : interp.globals()->vars)
    if (v.is(python::ObjKind::Array) && !v.as<jax::ArrayObj>().traced()) names.push_back(name);
  std::sort(names.begin(), names.end());
  std::string out;
  for (const std::string& n : names)
    out += n + " = " + array::array_repr(interp.globals()->vars.at(n).as<jax::ArrayObj>().op.value) + "\n";
  return out;
}

std::string error_text(const std::optional<EngineError>& e) {
  if (!e) return "";
  return "error " + std::to_string(e->where.line) + ":" + std::to_string(e->where.col) + " " + e->type + ": " +
         e->message + "\n";
}
}  // namespace

bool dump_stage(const std::string& source, const RunOptions& options, const std::string& stage, std::string& out) {
  init_engine();
  if (stage == "tokens" || stage == "ast") {
    try {
      if (stage == "tokens") out = lang::dump_tokens(lang::tokenize(source));
      else out = lang::dump_ast(*lang::parse_module(source, options.filename));
    } catch (EngineError& e) {
      out = error_text(e);
    }
    return true;
  }
  if (stage != "values" && stage != "jaxpr" && stage != "pallas" && stage != "events" && stage != "lowered")
    return false;
  python::Interpreter interp;
  RunOptions o = options;
  if (stage == "events") o.trace = true;
  configure(interp, o);
  std::optional<EngineError> error = execute(interp, source, o);
  if (stage == "values") {
    out = values_text(interp);
  } else if (stage == "lowered") {  // every module jax.jit(f).lower / jax.export built, in order
    for (int64_t id = 0; id < jax::lowered_module_count(interp); ++id) {
      const jax::LoweredModule& m = jax::lowered_module(interp, id, {});
      out += "# jit_" + m.fun_name + " lowered for " + m.platform + "\n" + jax::stablehlo_text(m);
    }
  } else {
    for (const exec::CallRecord& c : exec::call_log(interp).calls) {
      if (stage == "jaxpr") out += "# " + c.kernel + " (" + c.rung + ")\n" + c.jaxpr + "\n";
      if (stage == "pallas") out += c.notes.count("pallas") ? c.notes.at("pallas") : "";
      if (stage == "events") {
        Json j = call_json(c, true);
        out += "# " + c.kernel + " (" + c.rung + ")\n";
        for (const Json& e : j["events"]) out += e.dump() + "\n";
      }
    }
  }
  out += error_text(error);
  return true;
}

}  // namespace rungs::result
