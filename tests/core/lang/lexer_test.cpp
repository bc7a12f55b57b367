// Lexer tests: token kinds, values and positions, and lexical errors with
// CPython 3.11's message, line and column.
#include "core/lang/lexer.h"

#include <gtest/gtest.h>

#include <string>

namespace rungs::lang {
namespace {

// "text" of each token, with kind names for the structural ones.
std::string kinds(const std::string& src) {
  std::string out;
  for (const Token& t : tokenize(src)) {
    if (!out.empty()) out += ' ';
    bool plain = t.kind == TokenKind::Op || t.kind == TokenKind::Name;
    out += plain ? t.text : token_kind_name(t.kind);
  }
  return out;
}

std::string error_of(const std::string& src) {
  try {
    tokenize(src);
  } catch (const EngineError& e) {
    return e.type + ": " + e.message + " @" + std::to_string(e.where.line) + ":" +
           std::to_string(e.where.col);
  }
  return "no error";
}

TEST(Lexer, SimpleStatement) {
  EXPECT_EQ(kinds("x = 1\n"), "x = NUMBER NEWLINE ENDMARKER");
}

TEST(Lexer, IndentAndDedent) {
  EXPECT_EQ(kinds("if x:\n  y\n  if z:\n    w\nv\n"),
            "if x : NEWLINE INDENT y NEWLINE if z : NEWLINE INDENT w NEWLINE DEDENT DEDENT v "
            "NEWLINE ENDMARKER");
}

TEST(Lexer, BlankAndCommentLinesDoNotCount) {
  EXPECT_EQ(kinds("if x:\n\n   # odd comment\n  y\n"),
            "if x : NEWLINE INDENT y NEWLINE DEDENT ENDMARKER");
}

TEST(Lexer, BracketsJoinLines) {
  EXPECT_EQ(kinds("f(a,\n  b)\n"), "f ( a , b ) NEWLINE ENDMARKER");
}

TEST(Lexer, BackslashContinuation) {
  EXPECT_EQ(kinds("x = 1 + \\\n    2\n"), "x = NUMBER + NUMBER NEWLINE ENDMARKER");
}

TEST(Lexer, MissingFinalNewlineIsImplicit) {
  EXPECT_EQ(kinds("if x:\n  y"), "if x : NEWLINE INDENT y NEWLINE DEDENT ENDMARKER");
}

TEST(Lexer, Operators) {
  EXPECT_EQ(kinds("a **= b // c ... -> := != <<= @= <>"),
            "a **= b // c ... -> := != <<= @= <> NEWLINE ENDMARKER");
}

TEST(Lexer, Positions) {
  std::vector<Token> t = tokenize("def f():\n    return 'é'\n");
  EXPECT_EQ(t[0].range.line, 1);
  EXPECT_EQ(t[0].range.col, 1);
  EXPECT_EQ(t[0].range.end_col, 4);
  const Token& s = t[8];  // the string, after NEWLINE INDENT return
  EXPECT_EQ(s.kind, TokenKind::String);
  EXPECT_EQ(s.range.line, 2);
  EXPECT_EQ(s.range.col, 12);
  EXPECT_EQ(s.range.end_col, 15);  // code points, not bytes
}

TEST(Lexer, NumberValues) {
  std::vector<Token> t = tokenize("0x1F 0o17 0b101 1_000 1.5e-3 .5 1. 3j 99999999999999999999");
  EXPECT_EQ(t[0].int_value, 31);
  EXPECT_EQ(t[1].int_value, 15);
  EXPECT_EQ(t[2].int_value, 5);
  EXPECT_EQ(t[3].int_value, 1000);
  EXPECT_EQ(t[4].number_kind, NumberKind::Float);
  EXPECT_DOUBLE_EQ(t[4].float_value, 1.5e-3);
  EXPECT_DOUBLE_EQ(t[5].float_value, 0.5);
  EXPECT_DOUBLE_EQ(t[6].float_value, 1.0);
  EXPECT_EQ(t[7].number_kind, NumberKind::Imaginary);
  EXPECT_EQ(t[8].number_kind, NumberKind::BigInt);
}

TEST(Lexer, KeywordAfterNumberIsAllowed) {
  EXPECT_EQ(kinds("1if x else 2"), "NUMBER if x else NUMBER NEWLINE ENDMARKER");
}

TEST(Lexer, StringPrefixes) {
  std::vector<Token> t = tokenize("rb'x' F\"y\" fr'z' ur'w'");
  EXPECT_TRUE(t[0].str.raw && t[0].str.bytes);
  EXPECT_TRUE(t[1].str.fstring);
  EXPECT_TRUE(t[2].str.fstring && t[2].str.raw);
  EXPECT_EQ(t[3].kind, TokenKind::Name);  // `ur` is not a prefix
}

TEST(Lexer, TripleQuotedSpansLines) {
  std::vector<Token> t = tokenize("s = '''a\nb'''\n");
  EXPECT_EQ(t[2].range.line, 1);
  EXPECT_EQ(t[2].range.end_line, 2);
  EXPECT_EQ(t[2].range.end_col, 5);
}

TEST(Lexer, CrLfIsANewline) {
  EXPECT_EQ(kinds("x = 1\r\ny = 2\r\n"), "x = NUMBER NEWLINE y = NUMBER NEWLINE ENDMARKER");
}

TEST(LexerErrors, Strings) {
  EXPECT_EQ(error_of("x = 'abc"), "SyntaxError: unterminated string literal (detected at line 1) @1:5");
  EXPECT_EQ(error_of("x = \"\"\"abc\n\n"),
            "SyntaxError: unterminated triple-quoted string literal (detected at line 2) @1:5");
}

TEST(LexerErrors, Brackets) {
  EXPECT_EQ(error_of("(1, 2"), "SyntaxError: '(' was never closed @1:1");
  EXPECT_EQ(error_of("a)"), "SyntaxError: unmatched ')' @1:2");
  EXPECT_EQ(error_of("(]"),
            "SyntaxError: closing parenthesis ']' does not match opening parenthesis '(' @1:2");
  EXPECT_EQ(error_of("(\n]"),
            "SyntaxError: closing parenthesis ']' does not match opening parenthesis '(' on line 1 "
            "@2:1");
  EXPECT_EQ(error_of("x = " + std::string(300, '(')), "SyntaxError: too many nested parentheses @1:205");
}

TEST(LexerErrors, Numbers) {
  EXPECT_EQ(error_of("1abc"), "SyntaxError: invalid decimal literal @1:1");
  EXPECT_EQ(error_of("0x"), "SyntaxError: invalid hexadecimal literal @1:2");
  EXPECT_EQ(error_of("0o8"), "SyntaxError: invalid digit '8' in octal literal @1:3");
  EXPECT_EQ(error_of("0b2"), "SyntaxError: invalid digit '2' in binary literal @1:3");
  EXPECT_EQ(error_of("1__0"), "SyntaxError: invalid decimal literal @1:2");
  EXPECT_EQ(error_of("012"),
            "SyntaxError: leading zeros in decimal integer literals are not permitted; use an 0o "
            "prefix for octal integers @1:1");
  EXPECT_EQ(error_of("1e+"), "SyntaxError: invalid decimal literal @1:3");
}

TEST(LexerErrors, Indentation) {
  EXPECT_EQ(error_of("if x:\n  a\n b"),
            "IndentationError: unindent does not match any outer indentation level @3:3");
  EXPECT_EQ(error_of("if x:\n\tif y:\n        pass\n"),
            "TabError: inconsistent use of tabs and spaces in indentation @3:1");
}

TEST(LexerErrors, Characters) {
  EXPECT_EQ(error_of("€"), "SyntaxError: invalid character '€' (U+20AC) @1:1");
  EXPECT_EQ(error_of("x = \xc2\xa0 1"), "SyntaxError: invalid non-printable character U+00A0 @1:5");
  EXPECT_EQ(error_of("x = \x01"), "SyntaxError: invalid non-printable character U+0001 @1:5");
  EXPECT_EQ(error_of(std::string("a\0b", 3)), "SyntaxError: source code cannot contain null bytes @1:2");
  EXPECT_EQ(error_of("x = 1 \\ 2"),
            "SyntaxError: unexpected character after line continuation character @1:8");
  EXPECT_EQ(error_of("x = 1 \\"), "SyntaxError: unexpected EOF while parsing @1:8");
}

TEST(LexerErrors, UnicodeIdentifiersAreFine) {
  EXPECT_EQ(kinds("αβ = 日本"), "αβ = 日本 NEWLINE ENDMARKER");
}

}  // namespace
}  // namespace rungs::lang
