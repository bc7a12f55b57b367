// parse_module and the parser's token plumbing.
//
// Error precedence follows CPython 3.11 (pegen.c, pegen_errors.c): a
// lexical error the parser reaches is raised at once; when the parser fails
// first, the rest of the file is still tokenized and a string, number,
// character or bracket error found there replaces the syntax error, as does
// an unclosed bracket that opened on an earlier line. Indentation errors
// further on do not. Errors for constructs outside the Rungs subset wait for
// the end of the parse, then scopes and compiler checks run, in CPython's
// order (symtable before compiler).
#include "core/lang/parser.h"

#include "core/lang/checks.h"
#include "core/lang/parser_impl.h"
#include "core/lang/scope.h"

namespace rungs::lang {

Parser::Parser(LexResult lexed, int depth)
    : tokens_(std::move(lexed.tokens)), lex_error_(std::move(lexed.error)), depth_(depth) {
  bracket_depth_.reserve(tokens_.size());
  int open = 0;
  for (const Token& t : tokens_) {
    bracket_depth_.push_back(open);
    if (t.kind != TokenKind::Op || t.text.size() != 1) continue;
    char c = t.text[0];
    if (c == '(' || c == '[' || c == '{') ++open;
    if ((c == ')' || c == ']' || c == '}') && open > 0) --open;
  }
}

const Token& Parser::tok(size_t k) {
  size_t i = pos_ + k;
  if (i > furthest_) furthest_ = i;
  if (i >= tokens_.size()) {
    if (lex_error_) {
      hit_lex_error_ = true;
      throw *lex_error_;
    }
    return tokens_.back();  // ENDMARKER repeats forever
  }
  return tokens_[i];
}

const Token& Parser::advance() {
  const Token& t = tok();
  if (t.kind == TokenKind::Name || t.kind == TokenKind::Number || t.kind == TokenKind::String ||
      t.kind == TokenKind::Op) {
    prev_end_ = t.range;  // statement ranges end at the last real token
  }
  if (t.kind != TokenKind::EndMarker) ++pos_;
  return t;
}

bool Parser::accept_op(const char* s) {
  if (!at_op(s)) return false;
  advance();
  return true;
}

bool Parser::accept_kw(const char* s) {
  if (!at_kw(s)) return false;
  advance();
  return true;
}

const Token& Parser::expect_op(const char* s) {
  if (!at_op(s)) fail_here();
  return advance();
}

const Token& Parser::expect_forced(const char* s) {
  if (!at_op(s)) raise(ErrorId::syntax_expected, tok().range, s);
  return advance();
}

const Token& Parser::expect_name() {
  const Token& t = tok();
  if (t.kind != TokenKind::Name || is_keyword(t.text)) fail_here();
  return advance();
}

void Parser::fail_here() {
  const Token& t = tok();
  if (t.kind == TokenKind::Indent) {
    // CPython points at the last column of the indentation.
    int col = t.range.end_col > 1 ? t.range.end_col - 1 : 1;
    raise(ErrorId::indent_unexpected, SourceRange{t.range.line, col, t.range.line, col});
  }
  raise(ErrorId::syntax_invalid, t.range);
}

bool Parser::in_brackets() const {
  return pos_ < bracket_depth_.size() && bracket_depth_[pos_] > 0;
}

bool Parser::starts_expression(const Token& t) const {
  switch (t.kind) {
    case TokenKind::Number:
    case TokenKind::String:
      return true;
    case TokenKind::Name:
      return !is_keyword(t.text) || t.text == "None" || t.text == "True" || t.text == "False" ||
             t.text == "not" || t.text == "lambda" || t.text == "await";
    case TokenKind::Op:
      return t.text == "(" || t.text == "[" || t.text == "{" || t.text == "~" || t.text == "..." ||
             t.text == "-" || t.text == "+";
    default:
      return false;
  }
}

Parser::Nest::Nest(Parser& parser, const SourceRange& at) : p(parser) {
  if (++p.depth_ > kMaxParseDepth) {
    --p.depth_;
    raise(ErrorId::syntax_too_deep, at);
  }
}

void Parser::check_chain(int length, const SourceRange& at) {
  if (depth_ + length > kMaxParseDepth) raise(ErrorId::syntax_too_deep, at);
}

// file: [statements] ENDMARKER
Body Parser::parse_file() {
  Body body;
  while (!at(TokenKind::EndMarker)) statement(body);
  return body;
}

namespace {

bool is_syntax_class(const EngineError& e) {
  return e.type == "SyntaxError" || e.type == "IndentationError" || e.type == "TabError";
}

void parse_into(Module& m) {
  LexResult lexed = lex(m.source, m.filename);
  for (Token& t : lexed.tokens) t.range.file = m.file_id;  // nodes take their ranges from tokens
  std::optional<EngineError> lex_error = lexed.error;
  LexErrorKind lex_kind = lexed.error_kind;
  Parser parser(std::move(lexed));
  try {
    m.body = parser.parse_file();
  } catch (EngineError& e) {
    if (parser.hit_lex_error() || !lex_error) throw;
    // A construct CPython accepts never stops CPython: it reaches the lexical error.
    if (!is_syntax_class(e)) throw *lex_error;
    if (lex_kind == LexErrorKind::Overriding) throw *lex_error;
    if (lex_kind == LexErrorKind::Unclosed && lex_error->where.line < parser.furthest_line()) {
      throw *lex_error;
    }
    throw;
  }
  if (parser.unsupported()) throw *parser.unsupported();
  resolve_scopes(m);
  check_module(m);
}

}  // namespace

std::shared_ptr<Module> parse_module(std::string source, std::string filename, int file_id) {
  auto module = std::make_shared<Module>();
  module->filename = std::move(filename);
  module->source = std::move(source);
  module->file_id = file_id;
  try {
    parse_into(*module);
  } catch (EngineError& e) {
    e.where.file = file_id;  // every error of this parse is in this file
    throw;
  }
  return module;
}

}  // namespace rungs::lang
