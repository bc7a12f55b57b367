#include "core/result/schema.h"

#include <nlohmann/json.hpp>

#include "core/errors/error.h"
#include "core/lang/parser.h"
#include "core/pallas/pallas_call.h"
#include "core/pallas/run_params.h"
#include "core/rungs/chip_generations.h"

namespace rungs::result {

using Json = nlohmann::ordered_json;

namespace {

Json param_value_json(const pallas::ParamValue& v) {
  if (std::holds_alternative<bool>(v)) return std::get<bool>(v);
  if (std::holds_alternative<int64_t>(v)) return std::get<int64_t>(v);
  if (std::holds_alternative<std::string>(v)) return std::get<std::string>(v);
  return nullptr;
}

Json param_json(const pallas::ParamField& f) {
  Json p = {{"name", f.name},
            {"type", pallas::param_type_name(f.type)},
            {"group", f.group},
            {"default", param_value_json(f.default_value())},
            {"doc", f.doc}};
  if (f.type == pallas::ParamType::Choice) {
    Json choices = Json::array();
    for (const char* c : f.choices) choices.push_back(c);
    if (choices.empty() && std::string(f.name) == "generation")  // the chip table owns these
      for (const exec::ChipGeneration& g : exec::chip_generations()) choices.push_back(g.name);
    p["choices"] = choices;
  }
  if (f.type == pallas::ParamType::Int || f.type == pallas::ParamType::OptionalInt) {
    p["min"] = f.min;
    p["max"] = f.max;
  }
  return p;
}

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

}  // namespace

std::string schema_to_json() {
  Json rungs = Json::array();
  for (const pallas::RungInfo& r : pallas::rung_table())
    rungs.push_back({{"name", r.name}, {"label", r.label}, {"selected_by", r.selected_by}, {"models", r.models}});
  Json params = Json::array();
  for (const pallas::ParamField& f : pallas::param_fields()) params.push_back(param_json(f));
  Json generations = Json::array();
  for (const exec::ChipGeneration& g : exec::chip_generations())
    generations.push_back({{"name", g.name}, {"display", g.display}});
  Json errors = Json::array();
  for (const ErrorInfo& e : all_errors())
    errors.push_back({{"id", e.name}, {"type", e.type}, {"template", e.text}, {"category", e.category}});
  return dump(Json{{"rungs", rungs}, {"params", params}, {"generations", generations}, {"errors", errors}});
}

std::string check_to_json(const std::string& source, const std::string& filename) {
  Json diagnostics = Json::array();
  try {
    lang::parse_module(source, filename);
  } catch (const EngineError& e) {
    const ErrorInfo& info = error_info(e.id);
    diagnostics.push_back({{"type", e.type},
                           {"message", e.message},
                           {"line", e.where.line},
                           {"col", e.where.col},
                           {"end_line", e.where.end_line},
                           {"end_col", e.where.end_col},
                           {"id", info.name},
                           {"category", info.category}});
  }
  return dump(Json{{"ok", diagnostics.empty()}, {"diagnostics", diagnostics}});
}

}  // namespace rungs::result
