#include "core/lang/token.h"

#include <algorithm>
#include <iterator>
#include <string_view>

namespace rungs::lang {

const char* token_kind_name(TokenKind kind) {
  switch (kind) {
#define RUNGS_TOKEN_NAME(id, name) \
  case TokenKind::id:              \
    return name;
    RUNGS_TOKEN_KINDS(RUNGS_TOKEN_NAME)
#undef RUNGS_TOKEN_NAME
  }
  return "?";
}

bool is_keyword(const std::string& word) {
  // Sorted, for binary search; the list is Python 3.11's keyword.kwlist.
  static const char* const kKeywords[] = {
      "False", "None",   "True",    "and",      "as",       "assert", "async",
      "await", "break",  "class",   "continue", "def",      "del",    "elif",
      "else",  "except", "finally", "for",      "from",     "global", "if",
      "import", "in",    "is",      "lambda",   "nonlocal", "not",    "or",
      "pass",  "raise",  "return",  "try",      "while",    "with",   "yield"};
  return std::binary_search(std::begin(kKeywords), std::end(kKeywords), word,
                            [](const auto& a, const auto& b) {
                              return std::string_view(a) < std::string_view(b);
                            });
}

}  // namespace rungs::lang
