// The settings a run may take from outside the program (CLI --params, the JS
// option `params`, <rungs-kernel params=...>): InterpretParams fields that
// override what the program passes, and the chip model's settings. One table
// row per setting gives its name, type, default and what it sets; the same
// table validates the input, applies it to each pallas_call and is exported
// in the engine's schema, so no list of params is written anywhere else.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/pallas/params.h"

namespace rungs::pallas {

enum class ParamType : uint8_t { Bool, Int, OptionalInt, Choice, Text };
const char* param_type_name(ParamType type);  // "bool", "int", "int or null", "choice", "str"

// A value as given: bool, int, str, none (null, for OptionalInt), or a kind
// no param takes (a float, a list, ...), which every field refuses.
struct OtherValue {};
using ParamValue = std::variant<std::monostate, bool, int64_t, std::string, OtherValue>;

struct ParamField {
  const char* name;
  ParamType type;
  const char* group;  // "InterpretParams" (rung 2) or "chip" (rung 3)
  std::vector<const char*> choices;  // for Choice (generation's come from the chip table)
  int64_t min = 0, max = 0;          // for Int / OptionalInt
  const char* doc;
  void (*apply)(const ParamValue& value, InterpretParams& params, ChipSettings& chip);
  ParamValue (*read)(const InterpretParams& params, const ChipSettings& chip);
  ParamValue default_value() const;  // read from default-constructed settings
};

const std::vector<ParamField>& param_fields();
const ParamField* find_param(const std::string& name);

// A param as given, already checked against its field.
struct ParamSetting {
  const ParamField* field;
  ParamValue value;
};
using ParamSettings = std::vector<ParamSetting>;

// Why `value` does not fit `field` ("a whole number from 1 to 16"), or
// nullopt when it does.
std::optional<std::string> param_problem(const ParamField& field, const ParamValue& value);

void apply_params(const ParamSettings& settings, InterpretParams& params, ChipSettings& chip);

}  // namespace rungs::pallas
