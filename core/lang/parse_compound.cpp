// Compound statements: the ones that own indented blocks.
#include <utility>

#include "core/lang/parser_impl.h"

namespace rungs::lang {

namespace {

// The ':' before a block. CPython says "expected ':'" when the line simply
// ends; anything else in its place is plain "invalid syntax".
void block_colon(Parser& p) {
  if (p.at_op(":")) {
    p.advance();
    return;
  }
  if (p.at(TokenKind::Newline)) raise(ErrorId::syntax_expected, p.tok().range, ":");
  p.fail_here();
}

// `__rungs_refuse_async__()` at the `async` keyword (a builtin that raises
// unsupported_async where it is called).
StmtPtr refused_when_run(const SourceRange& start, const SourceRange& whole) {
  auto callee = make_node<Name>(start);
  callee->id = "__rungs_refuse_async__";
  callee->range = start;
  auto call = make_node<Call>(start);
  call->func = std::move(callee);
  call->range = start;
  auto stmt = make_node<ExprStmt>(start);
  stmt->value = std::move(call);
  stmt->range = whole;
  return stmt;
}

}  // namespace

// block: NEWLINE INDENT statements DEDENT | simple_stmts
Body Parser::block(const std::string& what, int line) {
  Body body;
  if (!at(TokenKind::Newline)) {
    simple_stmts(body);
    return body;
  }
  advance();
  if (!at(TokenKind::Indent)) raise(ErrorId::indent_expected_block, tok().range, what, line);
  Nest nest(*this, tok().range);
  advance();
  while (!at(TokenKind::Dedent) && !at(TokenKind::EndMarker)) statement(body);
  advance();
  return body;
}

// compound_stmt: function_def | if_stmt | class_def | with_stmt | for_stmt
//              | try_stmt | while_stmt | match_stmt
// Returns null when the current token does not start one.
StmtPtr Parser::compound_stmt() {
  const Token& t = tok();
  if (t.kind == TokenKind::Op) return t.text == "@" ? decorated() : nullptr;
  if (t.kind != TokenKind::Name) return nullptr;
  const std::string& w = t.text;
  if (w == "if") return if_stmt(false);
  if (w == "while") return while_stmt();
  if (w == "for") return for_stmt();
  if (w == "try") return try_stmt();
  if (w == "with") return with_stmt();
  if (w == "def") return function_def({}, t.range);
  if (w == "class") return class_def({}, t.range);
  if (w == "async") return decorated();
  if (w == "match" && is_match_statement()) return match_stmt();
  return nullptr;
}

// match_stmt: "match" subject_expr ':' NEWLINE INDENT case_block+ DEDENT
// `match` is a soft keyword: a line `match ...:` followed by an indented
// `case` is a match statement; `match = 1` is an assignment.
bool Parser::is_match_statement() {
  const Token& next = tok(1);
  if (next.kind == TokenKind::Newline || next.is_op("=") || next.is_op(".") ||
      next.is_op(",") || next.is_op(")") || next.is_op(":")) {
    return false;
  }
  size_t k = 1;
  while (tok(k).kind != TokenKind::Newline && tok(k).kind != TokenKind::EndMarker) ++k;
  return tok(k - 1).is_op(":") && tok(k + 1).kind == TokenKind::Indent &&
         tok(k + 2).is_name("case");
}

// decorators: ('@' named_expression NEWLINE)+
// decorated: decorators (function_def | class_def)
// async_stmt: ASYNC (function_def | with_stmt | for_stmt)  (async for/with refused when run)
StmtPtr Parser::decorated() {
  std::vector<ExprPtr> decorators;
  while (at_op("@")) {
    advance();
    decorators.push_back(named_expression());
    if (!at(TokenKind::Newline)) fail_here();
    advance();
  }
  const Token& t = tok();
  SourceRange start = t.range;
  if (t.is_name("def")) return function_def(std::move(decorators), start);
  if (t.is_name("class")) return class_def(std::move(decorators), start);
  if (t.is_name("async")) {
    advance();
    if (at_kw("def")) {
      StmtPtr def = function_def(std::move(decorators), start);
      static_cast<FunctionDef&>(*def).scope.coroutine = true;
      return def;
    }
    if (decorators.empty() && (at_kw("for") || at_kw("with"))) {
      // Parsed (so its syntax errors are CPython's), then replaced by a call
      // that refuses it when it runs: a module whose async helpers are never
      // called (server code next to kernels) still imports.
      StmtPtr parsed = at_kw("for") ? for_stmt() : with_stmt();
      return refused_when_run(start, parsed->range);
    }
  }
  fail_here();
}


// type_params: '[' type_param (',' type_param)* ']' after a class or def
// name (PEP 695, Python 3.12, which JAX at the modelled commit requires:
// its own kernels write `class PipelineCallback[T](Protocol)`). They only
// name types for annotations, which Rungs never evaluates, so they are read
// and dropped; a body that used T at run time would find no such name.
void Parser::skip_type_params() {
  if (!at_op("[")) return;
  int depth = 0;
  do {
    if (at_op("[") || at_op("(")) ++depth;
    else if (at_op("]") || at_op(")")) --depth;
    if (at(TokenKind::EndMarker)) fail_here();
    advance();
  } while (depth > 0);
}

// class_def_raw: 'class' NAME ['[' type_params ']'] ['(' [arguments] ')'] &&':' block
StmtPtr Parser::class_def(std::vector<ExprPtr> decorators, const SourceRange& start) {
  advance();
  auto s = make_node<ClassDef>(start);
  const Token& name = expect_name();
  s->name = name.text;
  s->name_range = name.range;
  skip_type_params();
  if (at_op("(")) {
    Call bases;  // arguments() takes the parentheses too
    arguments(bases);
    s->bases = std::move(bases.args);
    s->keywords = std::move(bases.keywords);
    for (const Keyword& kw : s->keywords) {
      if (kw.arg == "metaclass") defer_unsupported(ErrorId::unsupported_class, kw.range);
    }
  }
  expect_forced(":");
  s->body = block("class definition", start.line);
  s->decorators = std::move(decorators);
  s->range = from(start);
  return s;
}

// function_def_raw: 'def' NAME ['[' type_params ']'] &&'(' [params] ')' ['->' expression] &&':' block
StmtPtr Parser::function_def(std::vector<ExprPtr> decorators, const SourceRange& start) {
  advance();
  auto s = make_node<FunctionDef>(start);
  const Token& name = expect_name();
  s->name = name.text;
  s->name_range = name.range;
  skip_type_params();
  expect_forced("(");
  s->params = parameters(")", true);
  expect_op(")");
  if (accept_op("->")) s->returns = expression();
  expect_forced(":");
  s->body = block("function definition", start.line);
  s->decorators = std::move(decorators);
  s->range = from(start);
  return s;
}

// if_stmt: 'if' named_expression ':' block (elif_stmt | [else_block])
// elif_stmt: 'elif' named_expression ':' block (elif_stmt | [else_block])
StmtPtr Parser::if_stmt(bool elif) {
  SourceRange start = advance().range;
  auto s = make_node<If>(start);
  s->test = named_expression();
  block_colon(*this);
  s->body = block(elif ? "'elif' statement" : "'if' statement", start.line);
  if (at_kw("elif")) {
    s->orelse.push_back(if_stmt(true));
  } else if (at_kw("else")) {
    s->orelse = else_block("'else' statement");
  }
  s->range = from(start);
  return s;
}

// else_block: 'else' &&':' block
Body Parser::else_block(const char* what) {
  int line = advance().range.line;
  expect_forced(":");
  return block(what, line);
}

// while_stmt: 'while' named_expression ':' block [else_block]
StmtPtr Parser::while_stmt() {
  SourceRange start = advance().range;
  auto s = make_node<While>(start);
  s->test = named_expression();
  block_colon(*this);
  s->body = block("'while' statement", start.line);
  if (at_kw("else")) s->orelse = else_block("'else' statement");
  s->range = from(start);
  return s;
}

// for_stmt: 'for' star_targets 'in' ~ star_expressions ':' block [else_block]
StmtPtr Parser::for_stmt() {
  SourceRange start = advance().range;
  auto s = make_node<For>(start);
  s->target = star_targets();
  if (!accept_kw("in")) fail_here();
  s->iter = star_expressions();
  block_colon(*this);
  s->body = block("'for' statement", start.line);
  if (at_kw("else")) s->orelse = else_block("'else' statement");
  s->range = from(start);
  return s;
}

// try_stmt: 'try' &&':' block finally_block
//         | 'try' &&':' block except_block+ [else_block] [finally_block]
// except_block: 'except' expression ['as' NAME] ':' block | 'except' ':' block
// finally_block: 'finally' &&':' block
StmtPtr Parser::try_stmt() {
  SourceRange start = advance().range;
  auto s = make_node<Try>(start);
  expect_forced(":");
  s->body = block("'try' statement", start.line);
  if (!at_kw("except") && !at_kw("finally")) {
    raise(ErrorId::syntax_expected_except_finally, tok().range);
  }
  int bare = -1;  // index of a bare `except:`, which must be the last handler
  while (at_kw("except")) {
    if (bare >= 0) raise(ErrorId::syntax_default_except_last, s->handlers[bare].range);
    ExceptHandler h;
    SourceRange hstart = advance().range;
    if (at_op("*")) {
      defer_unsupported(ErrorId::unsupported_except_star, hstart);
      advance();
    }
    if (!at_op(":")) {
      h.type = expression();
      if (at_op(",")) {
        // invalid_except_stmt: `except A, B:` is Python 2 syntax
        raise(ErrorId::syntax_except_parenthesize, h.type->range);
      }
      if (accept_kw("as")) h.name = expect_name().text;
    }
    block_colon(*this);
    h.body = block("'except' statement", hstart.line);
    h.range = from(hstart);
    s->handlers.push_back(std::move(h));
    if (!s->handlers.back().type) bare = static_cast<int>(s->handlers.size()) - 1;
  }
  if (!s->handlers.empty() && at_kw("else")) s->orelse = else_block("'else' statement");
  if (at_kw("finally")) s->finalbody = else_block("'finally' statement");
  s->range = from(start);
  return s;
}

// with_stmt: 'with' '(' ','.with_item+ ','? ')' ':' block
//          | 'with' ','.with_item+ ':' block
// with_item: expression 'as' star_target &(',' | ')' | ':') | expression
StmtPtr Parser::with_stmt() {
  SourceRange start = advance().range;
  auto s = make_node<With>(start);
  // The parenthesised form is the one whose ')' is followed by ':'.
  bool parenthesized = false;
  if (at_op("(")) {
    size_t k = 1;
    for (int open = 1; open > 0 && tok(k).kind != TokenKind::EndMarker; ++k) {
      if (tok(k).is_op("(") || tok(k).is_op("[") || tok(k).is_op("{")) ++open;
      if (tok(k).is_op(")") || tok(k).is_op("]") || tok(k).is_op("}")) --open;
    }
    parenthesized = tok(k).is_op(":");
  }
  if (parenthesized) advance();
  for (;;) {
    WithItem item;
    item.context_expr = expression();
    if (accept_kw("as")) {
      item.optional_vars = single_target();
      if (!at_op(",") && !at_op(")") && !at_op(":")) fail_here();
    }
    s->items.push_back(std::move(item));
    if (!accept_op(",")) break;
    if (parenthesized && at_op(")")) break;
  }
  if (parenthesized) expect_op(")");
  block_colon(*this);
  s->body = block("'with' statement", start.line);
  s->range = from(start);
  return s;
}

}  // namespace rungs::lang
