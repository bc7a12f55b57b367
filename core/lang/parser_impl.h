// The recursive-descent parser's internals, shared by parse_*.cpp.
//
// One method per grammar rule of CPython 3.11's python.gram (restricted to
// the Rungs subset), each with its production as a comment. CPython's PEG
// parser finds an error, then re-parses with its "invalid_*" rules to pick a
// specific message; a hand-written parser knows at the point of failure what
// it was parsing, so it raises the specific message directly, at the
// position CPython reports. Tokens come from lex(); a lexical error is thrown
// only when the parser reaches it (see parser.cpp for how a lexical error
// later in the file can still override a syntax error).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/errors/error.h"
#include "core/lang/ast.h"
#include "core/lang/lexer.h"

namespace rungs::lang {

class Parser {
 public:
  explicit Parser(LexResult lexed, int depth = 0);

  Body parse_file();
  // The expression inside an f-string's braces, lexed as "(" + text + ")".
  ExprPtr parse_fstring_group();

  bool hit_lex_error() const { return hit_lex_error_; }
  // Line of the furthest token looked at: CPython compares it with an
  // unclosed bracket's line to decide which error to report.
  int furthest_line() const {
    return tokens_.empty() ? 0 : tokens_[furthest_ < tokens_.size() ? furthest_ : tokens_.size() - 1].range.line;
  }
  // The first construct outside the Rungs subset. CPython would accept it, so
  // it is reported only once the whole file has parsed: a real syntax error
  // later in the file wins, as it would in Colab.
  const std::optional<EngineError>& unsupported() const { return unsupported_; }
  template <typename... Args>
  void defer_unsupported(ErrorId id, const SourceRange& where, const Args&... args) {
    if (!unsupported_) unsupported_ = make_error(id, where, args...);
  }

  // ---- tokens (parser.cpp) -------------------------------------------------------
  const Token& tok(size_t k = 0);
  void skip_type_params();  // PEP 695 `[T, *Ts, **P]` after a class/def/type name
  const Token& advance();
  bool at_op(const char* s) { return tok().is_op(s); }
  bool at_kw(const char* s) { return tok().is_name(s); }
  bool at(TokenKind kind) { return tok().kind == kind; }
  bool accept_op(const char* s);
  bool accept_kw(const char* s);
  const Token& expect_op(const char* s);          // else "invalid syntax"
  const Token& expect_forced(const char* s);     // else "expected 's'"
  const Token& expect_name();                    // an identifier, else "invalid syntax"
  [[noreturn]] void fail_here();                 // "invalid syntax" (or "unexpected indent")
  bool in_brackets() const;                      // is the current token inside (), [], {}?
  bool starts_expression(const Token& t) const;  // could t begin an expression?
  SourceRange end_of_previous() const { return prev_end_; }
  size_t position() const { return pos_; }
  SourceRange from(const SourceRange& start) const { return SourceRange::span(start, prev_end_); }

  // Depth guard for recursive rules: raises RecursionError past kMaxParseDepth.
  struct Nest {
    Nest(Parser& p, const SourceRange& at);
    ~Nest() { --p.depth_; }
    Parser& p;
  };
  void check_chain(int length, const SourceRange& at);  // long left-nested chains

  // ---- statements (parse_stmt.cpp, parse_compound.cpp) ---------------------------
  void statement(Body& out);
  void simple_stmts(Body& out);
  StmtPtr simple_stmt();
  StmtPtr expression_statement();
  StmtPtr type_alias_stmt();
  StmtPtr assignment_rest(ExprPtr first, SourceRange start);
  ExprPtr assigned_value();
  StmtPtr import_name();
  StmtPtr import_from();
  StmtPtr return_stmt();
  StmtPtr raise_stmt();
  StmtPtr global_stmt(bool nonlocal);
  StmtPtr del_stmt();
  StmtPtr assert_stmt();
  Body block(const std::string& what, int line);
  StmtPtr compound_stmt();
  StmtPtr if_stmt(bool elif);
  StmtPtr while_stmt();
  StmtPtr for_stmt();
  StmtPtr try_stmt();
  StmtPtr with_stmt();
  StmtPtr function_def(std::vector<ExprPtr> decorators, const SourceRange& start);
  StmtPtr class_def(std::vector<ExprPtr> decorators, const SourceRange& start);
  StmtPtr decorated();
  Body else_block(const char* what);
  bool is_match_statement();
  StmtPtr match_stmt();            // parse_match.cpp
  PatternPtr patterns();           // a case's top level: an open sequence or one pattern
  PatternPtr as_pattern();
  PatternPtr or_pattern();
  PatternPtr closed_pattern();
  PatternPtr sequence_pattern(const char* close, const SourceRange& start);
  PatternPtr mapping_pattern(const SourceRange& start);
  PatternPtr class_pattern(ExprPtr cls, const SourceRange& start);

  // ---- expressions (parse_expr.cpp) ----------------------------------------------
  ExprPtr star_expressions();
  ExprPtr star_expression();
  ExprPtr star_named_expression();
  ExprPtr named_expression();
  ExprPtr expression();
  void check_missing_comma(size_t first, const SourceRange& start);
  ExprPtr disjunction();
  ExprPtr conjunction();
  ExprPtr inversion();
  ExprPtr comparison();
  ExprPtr bitwise_or();
  ExprPtr bitwise_xor();
  ExprPtr bitwise_and();
  ExprPtr shift_expr();
  ExprPtr sum();
  ExprPtr term();
  ExprPtr factor();
  ExprPtr power();
  ExprPtr primary();
  ExprPtr atom();
  ExprPtr slices();
  ExprPtr slice();
  ExprPtr number(const Token& t);
  ExprPtr lambdef();
  ExprPtr yield_expr();  // parsed only to be reported as unsupported

  // ---- displays and comprehensions (parse_display.cpp) -------------------------
  ExprPtr paren_atom();
  ExprPtr list_atom();
  ExprPtr brace_atom();
  std::vector<Comprehension> for_if_clauses();
  ExprPtr finish_comp(NodeKind kind, ExprPtr elt, const SourceRange& start, const char* close);

  // ---- calls and parameters (parse_call.cpp) -------------------------------------
  void arguments(Call& call);
  ExprPtr finish_comp_open(ExprPtr elt);
  std::vector<Param> parameters(const char* close, bool is_def);

  // ---- strings (parse_fstring.cpp) -----------------------------------------------
  ExprPtr strings();

  // ---- targets (parse_target.cpp) ------------------------------------------------
  ExprPtr star_targets();   // for-loop and comprehension targets
  ExprPtr single_target();  // with ... as target
  void set_store(Expr& e, bool here_hint);
  void set_delete(Expr& e);

 private:
  std::vector<Token> tokens_;
  std::vector<int> bracket_depth_;  // open brackets before each token
  std::optional<EngineError> lex_error_;
  std::optional<EngineError> unsupported_;
  size_t pos_ = 0;
  size_t furthest_ = 0;  // the furthest token index tok() was asked for
  SourceRange prev_end_;
  int depth_ = 0;
  bool hit_lex_error_ = false;
  bool parsing_second_ = false;  // inside the lookahead of the missing-comma check
};

// Node constructor helper: a node of type T starting at `start`.
template <typename T>
std::unique_ptr<T> make_node(const SourceRange& start) {
  auto node = std::make_unique<T>();
  node->range = start;
  return node;
}

// CPython's _PyPegen_get_expr_name: how error messages call an expression.
const char* expr_name(const Expr& e);

}  // namespace rungs::lang
