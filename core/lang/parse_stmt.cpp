// Simple statements: everything that fits on one logical line.
#include <utility>

#include "core/lang/parser_impl.h"

namespace rungs::lang {

// statement: compound_stmt | simple_stmts
void Parser::statement(Body& out) {
  if (StmtPtr s = compound_stmt()) {
    out.push_back(std::move(s));
    return;
  }
  simple_stmts(out);
}

// simple_stmts: ';'.simple_stmt+ [';'] NEWLINE
void Parser::simple_stmts(Body& out) {
  for (;;) {
    out.push_back(simple_stmt());
    if (!accept_op(";")) break;
    if (at(TokenKind::Newline)) break;
  }
  if (!at(TokenKind::Newline)) fail_here();
  advance();
}

// simple_stmt: assignment | star_expressions | return_stmt | import_stmt
//            | raise_stmt | 'pass' | del_stmt | yield_stmt | assert_stmt
//            | 'break' | 'continue' | global_stmt | nonlocal_stmt
StmtPtr Parser::simple_stmt() {
  const Token& t = tok();
  if (t.kind == TokenKind::Name && is_keyword(t.text)) {
    const std::string& w = t.text;
    if (w == "pass" || w == "break" || w == "continue") {
      SourceRange start = advance().range;
      StmtPtr s;
      if (w == "pass") s = make_node<Pass>(start);
      else if (w == "break") s = make_node<Break>(start);
      else s = make_node<Continue>(start);
      return s;
    }
    if (w == "return") return return_stmt();
    if (w == "raise") return raise_stmt();
    if (w == "global") return global_stmt(false);
    if (w == "nonlocal") return global_stmt(true);
    if (w == "del") return del_stmt();
    if (w == "assert") return assert_stmt();
    if (w == "import") return import_name();
    if (w == "from") return import_from();
    bool expression_start = w == "None" || w == "True" || w == "False" || w == "not" ||
                            w == "lambda" || w == "await" || w == "yield";
    if (!expression_start) fail_here();
  }
  // `type` is a soft keyword (PEP 695, Python 3.12): `type X = ...`, `type X[T] = ...`.
  if (t.is_name("type") && tok(1).kind == TokenKind::Name && !is_keyword(tok(1).text) &&
      (tok(2).is_op("=") || tok(2).is_op("[")))
    return type_alias_stmt();
  return expression_statement();
}

// type_alias: "type" NAME ['[' type_params ']'] '=' expression
// Rewritten as `NAME = __rungs_type_alias__("NAME", lambda: expression)`,
// so the value is evaluated lazily, when __value__ is read, as in CPython.
StmtPtr Parser::type_alias_stmt() {
  SourceRange start = advance().range;
  const Token& name_tok = advance();
  skip_type_params();  // as for generic classes (parse_compound.cpp)
  expect_op("=");
  auto thunk = make_node<Lambda>(tok().range);
  thunk->body = expression();
  thunk->range = from(thunk->range);
  auto callee = make_node<Name>(start);
  callee->id = "__rungs_type_alias__";
  auto label = make_node<Constant>(name_tok.range);
  label->value_kind = ConstantKind::Str;
  label->str_value = name_tok.text;
  auto call = make_node<Call>(start);
  call->func = std::move(callee);
  call->args.push_back(std::move(label));
  call->args.push_back(std::move(thunk));
  call->range = from(start);
  auto target = make_node<Name>(name_tok.range);
  target->id = name_tok.text;
  target->ctx = Ctx::Store;
  auto assign = make_node<Assign>(start);
  assign->targets.push_back(std::move(target));
  assign->value = std::move(call);
  assign->range = from(start);
  return assign;
}

namespace {

// Operators of augmented assignment and the BinOp each applies.
bool augassign_op(const Token& t, BinOpKind& op) {
  static const std::pair<const char*, BinOpKind> kOps[] = {
      {"+=", BinOpKind::Add},       {"-=", BinOpKind::Sub},     {"*=", BinOpKind::Mult},
      {"@=", BinOpKind::MatMult},   {"/=", BinOpKind::Div},     {"%=", BinOpKind::Mod},
      {"&=", BinOpKind::BitAnd},    {"|=", BinOpKind::BitOr},   {"^=", BinOpKind::BitXor},
      {"<<=", BinOpKind::LShift},   {">>=", BinOpKind::RShift}, {"**=", BinOpKind::Pow},
      {"//=", BinOpKind::FloorDiv},
  };
  if (t.kind != TokenKind::Op) return false;
  for (const auto& [text, kind] : kOps) {
    if (t.text == text) return op = kind, true;
  }
  return false;
}

// CPython's "cannot assign to X here. Maybe you meant '==' instead of '='?"
// applies to targets its grammar parses as a bitwise_or (not to lists,
// tuples, generator expressions, True/False/None, comparisons, ...).
bool bitwise_or_level(const Expr& e) {
  switch (e.kind) {
    case NodeKind::Call:
    case NodeKind::BinOp:
    case NodeKind::Dict:
    case NodeKind::Set:
    case NodeKind::ListComp:
    case NodeKind::SetComp:
    case NodeKind::DictComp:
    case NodeKind::JoinedStr:
      return true;
    case NodeKind::UnaryOp:
      return static_cast<const UnaryOp&>(e).op != UnaryOpKind::Not;
    case NodeKind::Constant: {
      ConstantKind k = static_cast<const Constant&>(e).value_kind;
      return k != ConstantKind::None && k != ConstantKind::True && k != ConstantKind::False;
    }
    default:
      return false;
  }
}

}  // namespace

// expression_stmt: star_expressions
// assignment: NAME ':' expression ['=' annotated_rhs]
//           | (star_targets '=')+ (yield_expr | star_expressions)
//           | single_target augassign (yield_expr | star_expressions)
StmtPtr Parser::expression_statement() {
  const Token& first = tok();
  // invalid_legacy_expression: `print x` is Python 2.
  if ((first.is_name("print") || first.is_name("exec")) &&
      (tok(1).kind == TokenKind::Name || tok(1).kind == TokenKind::Number ||
       tok(1).kind == TokenKind::String) &&
      starts_expression(tok(1))) {
    raise(ErrorId::syntax_missing_print_parens, first.range, first.text, first.text);
  }
  SourceRange start = first.range;
  return assignment_rest(assigned_value(), start);
}

// The right-hand side of an assignment: annotated_rhs: yield_expr | star_expressions
ExprPtr Parser::assigned_value() { return at_kw("yield") ? yield_expr() : star_expressions(); }

StmtPtr Parser::assignment_rest(ExprPtr first, SourceRange start) {
  BinOpKind op;
  if (at_op(":")) {
    // annotated assignment: a single name, attribute or subscript. CPython
    // names a bad target only when an annotation follows the ':'.
    bool valid = first->kind == NodeKind::Name || first->kind == NodeKind::Attribute ||
                 first->kind == NodeKind::Subscript;
    if (!valid && !starts_expression(tok(1))) fail_here();
    if (first->kind == NodeKind::Tuple || first->kind == NodeKind::List) {
      raise(ErrorId::syntax_annotation_tuple, first->range);
    }
    if (first->kind != NodeKind::Name && first->kind != NodeKind::Attribute &&
        first->kind != NodeKind::Subscript) {
      raise(ErrorId::syntax_annotation_target, first->range);
    }
    advance();
    auto s = make_node<AnnAssign>(start);
    set_store(*first, false);
    s->target = std::move(first);
    s->annotation = expression();
    if (accept_op("=")) s->value = assigned_value();
    s->range = from(start);
    return s;
  }
  if (at_op("=")) {
    auto s = make_node<Assign>(start);
    std::vector<ExprPtr> chain;
    chain.push_back(std::move(first));
    while (accept_op("=")) chain.push_back(assigned_value());
    for (size_t k = 0; k + 1 < chain.size(); ++k) {
      bool here = k == 0 && chain.size() == 2 && bitwise_or_level(*chain[k]);
      set_store(*chain[k], here);
    }
    s->value = std::move(chain.back());
    chain.pop_back();
    s->targets = std::move(chain);
    s->range = from(start);
    return s;
  }
  if (augassign_op(tok(), op)) {
    if (first->kind != NodeKind::Name && first->kind != NodeKind::Attribute &&
        first->kind != NodeKind::Subscript) {
      raise(ErrorId::syntax_augassign_target, first->range, expr_name(*first));
    }
    advance();
    auto s = make_node<AugAssign>(start);
    set_store(*first, false);
    s->target = std::move(first);
    s->op = op;
    s->value = assigned_value();
    s->range = from(start);
    return s;
  }
  auto s = make_node<ExprStmt>(start);
  s->value = std::move(first);
  s->range = from(start);
  return s;
}

// import_name: 'import' dotted_as_names
// dotted_as_names: ','.dotted_as_name+
// dotted_as_name: dotted_name ['as' NAME]
StmtPtr Parser::import_name() {
  SourceRange start = advance().range;
  auto s = make_node<Import>(start);
  do {
    Alias alias;
    SourceRange a = expect_name().range;
    alias.name = tokens_[pos_ - 1].text;
    while (accept_op(".")) alias.name += "." + expect_name().text;
    if (accept_kw("as")) alias.asname = expect_name().text;
    alias.range = from(a);
    s->names.push_back(std::move(alias));
  } while (accept_op(","));
  s->range = from(start);
  return s;
}

// import_from: 'from' ('.' | '...')* dotted_name 'import' import_from_targets
//            | 'from' ('.' | '...')+ 'import' import_from_targets
// import_from_targets: '(' import_from_as_names [','] ')' | import_from_as_names !',' | '*'
StmtPtr Parser::import_from() {
  SourceRange start = advance().range;
  auto s = make_node<ImportFrom>(start);
  bool relative = false;
  while (at_op(".") || at_op("...")) {
    relative = true;
    s->level += at_op("...") ? 3 : 1;
    advance();
  }
  if (!relative || !at_kw("import")) {
    s->module = expect_name().text;
    while (accept_op(".")) s->module += "." + expect_name().text;
  }
  if (!accept_kw("import")) fail_here();
  if (at_op("*")) {
    Alias star;
    star.name = "*";
    star.range = advance().range;
    s->names.push_back(std::move(star));
  } else {
    bool parenthesized = accept_op("(");
    for (;;) {
      Alias alias;
      SourceRange a = expect_name().range;
      alias.name = tokens_[pos_ - 1].text;
      if (accept_kw("as")) alias.asname = expect_name().text;
      alias.range = from(a);
      s->names.push_back(std::move(alias));
      if (!accept_op(",")) break;
      if (parenthesized && at_op(")")) break;
      if (!parenthesized && (at(TokenKind::Newline) || at_op(";"))) {
        raise(ErrorId::syntax_import_trailing_comma, tok().range);
      }
    }
    if (parenthesized) expect_op(")");
  }
  s->range = from(start);
  return s;
}

// return_stmt: 'return' [star_expressions]
StmtPtr Parser::return_stmt() {
  SourceRange start = advance().range;
  auto s = make_node<Return>(start);
  if (!at(TokenKind::Newline) && !at_op(";")) s->value = star_expressions();
  s->range = from(start);
  return s;
}

// raise_stmt: 'raise' expression ['from' expression] | 'raise'
StmtPtr Parser::raise_stmt() {
  SourceRange start = advance().range;
  auto s = make_node<Raise>(start);
  if (!at(TokenKind::Newline) && !at_op(";")) {
    s->exc = expression();
    if (accept_kw("from")) s->cause = expression();
  }
  s->range = from(start);
  return s;
}

// global_stmt: 'global' ','.NAME+
// nonlocal_stmt: 'nonlocal' ','.NAME+
StmtPtr Parser::global_stmt(bool nonlocal) {
  SourceRange start = advance().range;
  std::vector<std::string> names;
  do {
    names.push_back(expect_name().text);
  } while (accept_op(","));
  if (nonlocal) {
    auto s = make_node<Nonlocal>(from(start));
    s->names = std::move(names);
    return s;
  }
  auto s = make_node<Global>(from(start));
  s->names = std::move(names);
  return s;
}

// del_stmt: 'del' del_targets &(';' | NEWLINE)
// del_targets: ','.del_target+ [',']
StmtPtr Parser::del_stmt() {
  SourceRange start = advance().range;
  auto s = make_node<Delete>(start);
  do {
    if (at(TokenKind::Newline) || at_op(";")) break;
    ExprPtr target = star_expression();
    set_delete(*target);
    s->targets.push_back(std::move(target));
  } while (accept_op(","));
  if (s->targets.empty()) fail_here();
  s->range = from(start);
  return s;
}

// assert_stmt: 'assert' expression [',' expression]
StmtPtr Parser::assert_stmt() {
  SourceRange start = advance().range;
  auto s = make_node<Assert>(start);
  s->test = expression();
  if (accept_op(",")) s->msg = expression();
  s->range = from(start);
  return s;
}

}  // namespace rungs::lang
