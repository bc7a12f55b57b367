#include "core/result/run_options.h"

#include <algorithm>
#include <map>

#include <nlohmann/json.hpp>

#include "core/errors/error.h"
#include "core/rungs/chip_generations.h"

namespace rungs::result {

using Json = nlohmann::json;

namespace {

std::string kind_of(const Json& v) {
  if (v.is_boolean()) return "a boolean";
  if (v.is_number_integer() || v.is_number_unsigned()) return "an integer " + v.dump();
  if (v.is_number()) return "a number " + v.dump();
  if (v.is_string()) return "a string " + v.dump();
  if (v.is_null()) return "null";
  if (v.is_array()) return "an array";
  return "an object";
}

[[noreturn]] void refuse(const std::string& what) { throw make_error(ErrorId::bad_run_option, SourceRange{}, what); }

Json parse_object(const std::string& text, const char* what) {
  Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded()) refuse(std::string(what) + " are not valid JSON: " + text);
  if (!j.is_null() && !j.is_object()) refuse(std::string(what) + " must be a JSON object, got " + kind_of(j));
  return j;
}

std::string known_params() {
  std::string list;
  for (const pallas::ParamField& f : pallas::param_fields()) list += std::string(list.empty() ? "" : ", ") + f.name;
  return list;
}

pallas::ParamValue param_value(const Json& v) {
  if (v.is_boolean()) return v.get<bool>();
  if (v.is_number_integer() || v.is_number_unsigned()) return v.get<int64_t>();
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return std::monostate{};
  return pallas::OtherValue{};
}

// The chip model's generations are core/rungs' table, not pallas's.
std::optional<std::string> generation_problem(const pallas::ParamValue& value) {
  try {
    exec::chip_generation(std::get<std::string>(value));  // case-insensitive, with aliases
    return std::nullopt;
  } catch (const EngineError&) {
    std::string names;
    for (const exec::ChipGeneration& g : exec::chip_generations())
      names += std::string(names.empty() ? "" : ", ") + "'" + g.name + "'";
    return "one of " + names;
  }
}

int64_t positive_int(const std::string& key, const Json& v) {
  if (!(v.is_number_integer() || v.is_number_unsigned()) || v.get<int64_t>() <= 0)
    refuse("option '" + key + "' must be a positive integer, got " + kind_of(v));
  return v.get<int64_t>();
}

}  // namespace

std::optional<pallas::Rung> parse_rung_option(const std::string& text) {
  if (text == "auto") return std::nullopt;
  if (auto rung = pallas::parse_rung(text)) return rung;
  std::string names = "auto";
  for (const pallas::RungInfo& r : pallas::rung_table()) names += std::string(", ") + r.name;
  refuse("rung must be one of " + names + ", got '" + text + "'");
}

std::string parse_platform_option(const std::string& text) {
  if (text == "auto") return "";
  if (text == "cpu" || text == "tpu") return text;
  refuse("platform must be one of auto, cpu, tpu, got '" + text + "'");
}

pallas::ParamSettings parse_params(const std::string& json_text) {
  pallas::ParamSettings settings;
  if (json_text.empty()) return settings;
  Json j = parse_object(json_text, "params");
  if (j.is_null()) return settings;
  for (const auto& [key, v] : j.items()) {
    const pallas::ParamField* field = pallas::find_param(key);
    if (!field) throw make_error(ErrorId::unknown_run_param, SourceRange{}, key, known_params());
    pallas::ParamValue value = param_value(v);
    std::optional<std::string> problem = pallas::param_problem(*field, value);
    if (!problem && std::string(field->name) == "generation") problem = generation_problem(value);
    if (problem) throw make_error(ErrorId::bad_run_param, SourceRange{}, key, *problem, kind_of(v));
    settings.push_back({field, std::move(value)});
  }
  return settings;
}

// `files`: {"util.py": "...", "pkg/mod.py": "..."}: relative paths of .py
// files, each folder name and the file's stem a Python identifier.
static std::map<std::string, std::string> parse_files(const Json& v) {
  if (!v.is_object()) refuse("option 'files' must be an object of path: source, got " + kind_of(v));
  std::map<std::string, std::string> files;
  for (const auto& [path, text] : v.items()) {
    if (!text.is_string()) refuse("option 'files': '" + path + "' must map to a string, got " + kind_of(text));
    if (!python::is_module_path(path))
      refuse("option 'files': '" + path + "' is not a module path (like util.py or pkg/mod.py)");
    files[path] = text.get<std::string>();
  }
  return files;
}

RunOptions parse_options(const std::string& json_text) {
  RunOptions o;
  if (json_text.empty()) return o;
  Json j = parse_object(json_text, "options");
  if (j.is_null()) return o;
  std::map<std::string, std::string> files;
  std::string package;
  for (const auto& [key, v] : j.items()) {
    if (key == "files") {
      if (!v.is_null()) files = parse_files(v);
      continue;
    }
    if (key == "package") {
      if (!v.is_string() || (!v.get<std::string>().empty() && !python::is_dotted_name(v.get<std::string>())))
        refuse("option 'package' must be a dotted module name like \"pkg.sub\", got " + (v.is_string() ? v.dump() : kind_of(v)));
      package = v.get<std::string>();
      continue;
    }
    if (key == "rung") {
      if (!v.is_string()) refuse("option 'rung' must be a string, got " + kind_of(v));
      o.rung = parse_rung_option(v.get<std::string>());
    } else if (key == "platform") {
      if (!v.is_string()) refuse("option 'platform' must be a string, got " + kind_of(v));
      o.platform = parse_platform_option(v.get<std::string>());
    } else if (key == "trace") {
      if (!v.is_boolean()) refuse("option 'trace' must be a boolean, got " + kind_of(v));
      o.trace = v.get<bool>();
    } else if (key == "params") {
      if (v.is_string()) o.params = parse_params(v.get<std::string>());
      else if (v.is_object()) o.params = parse_params(v.dump());
      else if (!v.is_null()) refuse("option 'params' must be an object, got " + kind_of(v));
    } else if (key == "filename") {
      if (!v.is_string()) refuse("option 'filename' must be a string, got " + kind_of(v));
      o.filename = v.get<std::string>();
    } else if (key == "devices") {
      o.devices = positive_int(key, v);
      if (o.devices > kMaxDevices) refuse("option 'devices' must be at most " + std::to_string(kMaxDevices));
    } else if (key == "maxSteps") {
      o.max_steps = positive_int(key, v);
    } else if (key == "maxMemory") {
      o.max_memory = positive_int(key, v);
    } else if (key == "maxRecursion") {
      o.max_recursion = static_cast<int>(std::min<int64_t>(positive_int(key, v), 1'000'000));
    } else if (key == "maxOutput") {
      o.max_output = positive_int(key, v);
    } else {
      refuse("unknown option '" + key + "'; known options: rung, platform, trace, devices, params, filename, files, "
             "package, maxSteps, maxMemory, maxRecursion, maxOutput");
    }
  }
  if (!files.empty() || !package.empty()) o.files = python::files_in_memory(std::move(files), package);
  return o;
}

}  // namespace rungs::result
