#include "core/result/platform.h"

#include <set>

#include "core/lang/lexer.h"

namespace rungs::result {

bool program_targets_tpu(std::string_view source) {
  static const std::set<std::string> kInterpretNames = {"InterpretParams", "force_tpu_interpret_mode",
                                                        "set_tpu_interpret_mode"};
  static const std::set<std::string> kNotInterpret = {"False", "None", "interpret"};
  // A program that does not even lex is judged by the tokens before the error.
  std::vector<lang::Token> tokens = lang::lex(source).tokens;
  bool has_kernel = false;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const lang::Token& t = tokens[i];
    if (t.kind != lang::TokenKind::Name) continue;
    if (kInterpretNames.count(t.text)) return false;
    bool after_dot = i > 0 && tokens[i - 1].is_op(".");
    if (t.text == "pallas_call" || t.text == "core_map" || (after_dot && t.text == "kernel")) has_kernel = true;
    if (t.text == "interpret" && i + 2 < tokens.size() && tokens[i + 1].is_op("=")) {
      const lang::Token& value = tokens[i + 2];
      if (!(value.kind == lang::TokenKind::Name && kNotInterpret.count(value.text))) return false;
    }
  }
  return has_kernel;
}

std::string platform_for_run(const RunOptions& options, std::string_view source) {
  if (!options.platform.empty()) return options.platform;
  if (options.rung) return *options.rung == pallas::Rung::Chip ? "tpu" : "cpu";
  return program_targets_tpu(source) ? "tpu" : "cpu";
}

}  // namespace rungs::result
