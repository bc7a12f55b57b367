#include "core/pallas/run_params.h"

namespace rungs::pallas {

namespace {

bool as_bool(const ParamValue& v) { return std::get<bool>(v); }
int64_t as_int(const ParamValue& v) { return std::get<int64_t>(v); }
const std::string& as_text(const ParamValue& v) { return std::get<std::string>(v); }

constexpr int64_t kMaxSeed = (int64_t{1} << 31) - 1;

}  // namespace

const char* param_type_name(ParamType type) {
  switch (type) {
    case ParamType::Bool: return "bool";
    case ParamType::Int: return "int";
    case ParamType::OptionalInt: return "int or null";
    case ParamType::Choice: return "choice";
    case ParamType::Text: return "str";
  }
  return "?";
}

const std::vector<ParamField>& param_fields() {
  using P = InterpretParams;
  using C = ChipSettings;
  static const std::vector<ParamField> fields = {
      {"detect_races", ParamType::Bool, "InterpretParams", {}, 0, 0,
       "rung 2: run the happens-before race detector",
       [](const ParamValue& v, P& p, C&) { p.detect_races = as_bool(v); },
       [](const P& p, const C&) -> ParamValue { return p.detect_races; }},
      {"dma_execution_mode", ParamType::Choice, "InterpretParams", {"on_wait", "eager"}, 0, 0,
       "rung 2: move DMA data at wait() (default) or at start()",
       [](const ParamValue& v, P& p, C&) { p.dma_execution_mode = as_text(v); },
       [](const P& p, const C&) -> ParamValue { return p.dma_execution_mode; }},
      {"out_of_bounds_reads", ParamType::Choice, "InterpretParams", {"raise", "uninitialized"}, 0, 0,
       "rung 2: raise on an out-of-bounds read, or read the uninitialised value",
       [](const ParamValue& v, P& p, C&) { p.out_of_bounds_reads = as_text(v); },
       [](const P& p, const C&) -> ParamValue { return p.out_of_bounds_reads; }},
      {"uninitialized_memory", ParamType::Choice, "InterpretParams", {"nan", "zero"}, 0, 0,
       "rung 2: what fresh buffers and padding hold",
       [](const ParamValue& v, P& p, C&) { p.uninitialized_memory = as_text(v); },
       [](const P& p, const C&) -> ParamValue { return p.uninitialized_memory; }},
      {"num_cores_or_threads", ParamType::Int, "InterpretParams", {}, 1, 16,
       "rung 2: simulated TensorCores; parallel grid dimensions are split over them",
       [](const ParamValue& v, P& p, C&) { p.num_cores_or_threads = as_int(v); },
       [](const P& p, const C&) -> ParamValue { return p.num_cores_or_threads; }},
      {"random_seed", ParamType::OptionalInt, "InterpretParams", {}, 0, kMaxSeed,
       "rung 2: seed of the permutation of parallel grid dimensions",
       [](const ParamValue& v, P& p, C&) {
         p.random_seed = std::holds_alternative<int64_t>(v) ? std::optional<int64_t>(as_int(v)) : std::nullopt;
       },
       [](const P& p, const C&) -> ParamValue { return p.random_seed ? ParamValue(*p.random_seed) : ParamValue(); }},
      {"skip_floating_point_ops", ParamType::Bool, "InterpretParams", {}, 0, 0,
       "rung 2: skip floating-point arithmetic (its results are undefined), as JAX's option does",
       [](const ParamValue& v, P& p, C&) { p.skip_floating_point_ops = as_bool(v); },
       [](const P& p, const C&) -> ParamValue { return p.skip_floating_point_ops; }},
      {"buffer_bounds", ParamType::Choice, "InterpretParams", {"logical", "padded"}, 0, 0,
       "rung 2: check accesses against a buffer's logical shape or its padded allocation",
       [](const ParamValue& v, P& p, C&) { p.buffer_bounds = as_text(v); },
       [](const P& p, const C&) -> ParamValue { return p.buffer_bounds; }},
      {"generation", ParamType::Choice, "chip", {}, 0, 0,
       "rung 3: which chip the model checks against (VMEM size, tiling)",
       [](const ParamValue& v, P&, C& c) { c.generation = as_text(v); },
       [](const P&, const C& c) -> ParamValue { return c.generation; }},
      {"chip_order_seed", ParamType::Int, "chip", {}, -1, kMaxSeed,
       "rung 3: -1 runs the grid in order; a seed permutes the parallel dimensions",
       [](const ParamValue& v, P&, C& c) { c.order_seed = as_int(v); },
       [](const P&, const C& c) -> ParamValue { return c.order_seed; }},
      {"chip_garbage_seed", ParamType::Int, "chip", {}, 0, kMaxSeed,
       "rung 3: seed of the stale values fresh VMEM holds",
       [](const ParamValue& v, P&, C& c) { c.garbage_seed = static_cast<uint64_t>(as_int(v)); },
       [](const P&, const C& c) -> ParamValue { return static_cast<int64_t>(c.garbage_seed); }},
      {"poison_buffers", ParamType::Bool, "chip", {}, 0, 0,
       "rung 3: fill scratch buffers with a poison value instead of stale garbage",
       [](const ParamValue& v, P&, C& c) { c.poison_buffers = as_bool(v); },
       [](const P&, const C& c) -> ParamValue { return c.poison_buffers; }},
  };
  return fields;
}

ParamValue ParamField::default_value() const { return read(InterpretParams{}, ChipSettings{}); }

const ParamField* find_param(const std::string& name) {
  for (const ParamField& f : param_fields())
    if (name == f.name) return &f;
  return nullptr;
}

std::optional<std::string> param_problem(const ParamField& field, const ParamValue& value) {
  auto range = [&] {
    return "a whole number from " + std::to_string(field.min) + " to " + std::to_string(field.max);
  };
  switch (field.type) {
    case ParamType::Bool:
      if (!std::holds_alternative<bool>(value)) return std::string("true or false");
      return std::nullopt;
    case ParamType::OptionalInt:
      if (std::holds_alternative<std::monostate>(value)) return std::nullopt;
      [[fallthrough]];
    case ParamType::Int: {
      if (!std::holds_alternative<int64_t>(value)) return field.type == ParamType::Int ? range() : range() + " or null";
      int64_t n = as_int(value);
      if (n < field.min || n > field.max) return range();
      return std::nullopt;
    }
    case ParamType::Choice: {
      if (!std::holds_alternative<std::string>(value)) return std::string("a string");
      if (field.choices.empty()) return std::nullopt;  // checked by the stage that owns the list
      std::string list;
      for (const char* c : field.choices) {
        if (as_text(value) == c) return std::nullopt;
        list += std::string(list.empty() ? "" : ", ") + "'" + c + "'";
      }
      return "one of " + list;
    }
    case ParamType::Text:
      if (!std::holds_alternative<std::string>(value)) return std::string("a string");
      return std::nullopt;
  }
  return std::nullopt;
}

void apply_params(const ParamSettings& settings, InterpretParams& params, ChipSettings& chip) {
  for (const ParamSetting& s : settings) s.field->apply(s.value, params, chip);
}

}  // namespace rungs::pallas
