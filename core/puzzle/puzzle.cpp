#include "core/puzzle/puzzle.h"

#include "core/result/run_options.h"

#include "core/errors/error.h"

namespace rungs::puzzle {

namespace {

[[noreturn]] void refuse(const std::string& id, const std::string& what) {
  throw make_error(ErrorId::bad_run_option, SourceRange{}, "puzzle '" + id + "': " + what);
}

std::string text_field(const std::string& id, const Json& j, const char* name) {
  if (!j.contains(name) || !j[name].is_string() || j[name].get<std::string>().empty())
    refuse(id, std::string("puzzle.json needs a non-empty string '") + name + "'");
  return j[name].get<std::string>();
}

double number_field(const std::string& id, const Json& j, const char* name, double fallback) {
  if (!j.contains(name)) return fallback;
  if (!j[name].is_number()) refuse(id, std::string("tolerance '") + name + "' must be a number");
  return j[name].get<double>();
}

}  // namespace

Puzzle parse_puzzle(const std::string& id, const std::string& manifest_json, const std::string& spec_source) {
  Json j = Json::parse(manifest_json, nullptr, false);
  if (j.is_discarded() || !j.is_object()) refuse(id, "puzzle.json is not a JSON object");
  Puzzle p;
  p.id = id;
  p.title = text_field(id, j, "title");
  p.entry = text_field(id, j, "entry");
  p.spec = spec_source;
  if (!j.contains("cases") || !j["cases"].is_array() || j["cases"].empty())
    refuse(id, "puzzle.json needs a non-empty list 'cases'");
  for (const Json& c : j["cases"]) {
    if (!c.is_object()) refuse(id, "every case in 'cases' must be an object of puzzle_inputs keyword arguments");
    p.cases.push_back(c);
  }
  Json tol = j.value("tolerance", Json::object());
  p.atol = number_field(id, tol, "atol", p.atol);
  p.rtol = number_field(id, tol, "rtol", p.rtol);
  p.params = j.value("params", Json::object());
  if (!p.params.is_object()) refuse(id, "'params' must be an object keyed by rung");
  if (j.contains("devices")) {
    const Json& d = j["devices"];
    if (!d.is_number_integer() || d.get<int64_t>() < 1 || d.get<int64_t>() > result::kMaxDevices)
      refuse(id, "'devices' must be an integer from 1 to 64");
    p.devices = d.get<int64_t>();
  }
  if (spec_source.find("def puzzle_inputs") == std::string::npos || spec_source.find("def puzzle_spec") == std::string::npos)
    refuse(id, "spec.py must define puzzle_inputs and puzzle_spec");
  return p;
}

}  // namespace rungs::puzzle
