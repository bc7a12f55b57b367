// Expressions, from star_expressions down to atoms, one function per
// precedence level exactly as python.gram layers them. That layering is what
// makes `-2**2 == -4` (power binds tighter than a unary minus on its left,
// looser than one on its right) and `not a == b` mean `not (a == b)`.
#include <utility>

#include "core/lang/parser_impl.h"

namespace rungs::lang {

namespace {

// Can `t` begin another element after a comma (else the comma was trailing)?
bool starts_element(Parser& p, const Token& t) {
  return p.starts_expression(t) || t.is_op("*") || t.is_name("yield");
}

bool is_soft_keyword(const Token& t) {
  return t.is_name("match") || t.is_name("case") || t.is_name("_");
}

}  // namespace

// star_expressions: star_expression (',' star_expression)* [',']
ExprPtr Parser::star_expressions() {
  SourceRange start = tok().range;  // a leading '(' belongs to the tuple's range
  ExprPtr first = star_expression();
  if (!at_op(",")) return first;
  auto tuple = make_node<Tuple>(start);
  tuple->elts.push_back(std::move(first));
  while (accept_op(",")) {
    if (!starts_element(*this, tok())) break;
    tuple->elts.push_back(star_expression());
  }
  tuple->range = from(tuple->range);
  return tuple;
}

// star_expression: '*' bitwise_or | expression
ExprPtr Parser::star_expression() {
  if (!at_op("*")) return expression();
  SourceRange start = advance().range;
  auto s = make_node<Starred>(start);
  s->value = bitwise_or();
  s->range = from(start);
  return s;
}

// star_named_expression: '*' bitwise_or | named_expression
ExprPtr Parser::star_named_expression() {
  return at_op("*") ? star_expression() : named_expression();
}

// named_expression: NAME ':=' expression | expression !':='
ExprPtr Parser::named_expression() {
  // (peek past keywords never: CPython's furthest token decides error precedence)
  if (tok().kind == TokenKind::Name && !is_keyword(tok().text) && tok(1).is_op(":=")) {
    SourceRange start = tok().range;
    auto named = make_node<NamedExpr>(start);
    auto target = make_node<Name>(start);
    target->id = advance().text;
    target->ctx = Ctx::Store;
    advance();
    named->target = std::move(target);
    named->value = expression();
    named->range = from(start);
    return named;
  }
  ExprPtr e = expression();
  // invalid_named_expression: a=expression ':=' expression
  if (at_op(":=") && e->kind != NodeKind::Name) raise(ErrorId::syntax_walrus_target, e->range, expr_name(*e));
  return e;
}

// expression: disjunction 'if' disjunction 'else' expression | disjunction | lambdef
ExprPtr Parser::expression() {
  Nest nest(*this, tok().range);
  if (at_kw("lambda")) return lambdef();
  size_t first = pos_;
  SourceRange start = tok().range;
  ExprPtr body = disjunction();
  if (at_kw("if")) {
    advance();
    auto e = make_node<IfExp>(start);
    e->test = disjunction();
    if (!at_kw("else")) {
      // invalid_expression: a=disjunction 'if' b=disjunction !('else'|':')
      if (!at_op(":")) raise(ErrorId::syntax_expected_else, body->range);
      fail_here();
    }
    advance();
    e->body = std::move(body);
    e->orelse = expression();
    e->range = from(e->range);
    return e;
  }
  check_missing_comma(first, start);
  return body;
}

// invalid_expression: a=disjunction b=expression_without_invalid, unless a
// starts with NAME STRING or a soft keyword. CPython parses `b` even outside
// brackets (so a lexical error inside it surfaces), but calls it a missing
// comma only inside brackets; elsewhere the generic error stands.
void Parser::check_missing_comma(size_t first, const SourceRange& start) {
  if (parsing_second_ || !starts_expression(tok())) return;
  if (tokens_[first].kind == TokenKind::Name && tokens_[first + 1].kind == TokenKind::String) return;
  if (is_soft_keyword(tokens_[first])) return;
  bool brackets = in_brackets();
  size_t saved_pos = pos_;
  SourceRange saved_end = prev_end_;
  parsing_second_ = true;
  try {
    expression();
  } catch (const EngineError&) {
    parsing_second_ = false;
    if (hit_lex_error_) throw;
    // CPython's PEG parser would settle for a shorter `b` (`f` of a broken
    // `f(...)`), so inside brackets it is still a missing comma.
    if (brackets) raise(ErrorId::syntax_forgot_comma, SourceRange::span(start, start));
    pos_ = saved_pos, prev_end_ = saved_end;
    return;
  }
  parsing_second_ = false;
  if (brackets) raise(ErrorId::syntax_forgot_comma, SourceRange::span(start, prev_end_));
  pos_ = saved_pos, prev_end_ = saved_end;
}

// disjunction: conjunction ('or' conjunction)+ | conjunction
ExprPtr Parser::disjunction() {
  SourceRange start = tok().range;
  ExprPtr first = conjunction();
  if (!at_kw("or")) return first;
  auto e = make_node<BoolOp>(start);
  e->op = BoolOpKind::Or;
  e->values.push_back(std::move(first));
  while (accept_kw("or")) e->values.push_back(conjunction());
  e->range = from(e->range);
  return e;
}

// conjunction: inversion ('and' inversion)+ | inversion
ExprPtr Parser::conjunction() {
  SourceRange start = tok().range;
  ExprPtr first = inversion();
  if (!at_kw("and")) return first;
  auto e = make_node<BoolOp>(start);
  e->op = BoolOpKind::And;
  e->values.push_back(std::move(first));
  while (accept_kw("and")) e->values.push_back(inversion());
  e->range = from(e->range);
  return e;
}

// inversion: 'not' inversion | comparison
ExprPtr Parser::inversion() {
  if (!at_kw("not")) return comparison();
  SourceRange start = advance().range;
  Nest nest(*this, start);
  auto e = make_node<UnaryOp>(start);
  e->op = UnaryOpKind::Not;
  e->operand = inversion();
  e->range = from(start);
  return e;
}

// comparison: bitwise_or compare_op_bitwise_or_pair+ | bitwise_or
// compare_op: '==' | '!=' | '<=' | '<' | '>=' | '>' | 'not' 'in' | 'in' | 'is' 'not' | 'is'
ExprPtr Parser::comparison() {
  SourceRange start = tok().range;
  ExprPtr first = bitwise_or();
  std::unique_ptr<Compare> cmp;
  for (;;) {
    const Token& t = tok();
    CmpOpKind op;
    if (t.is_op("==")) op = CmpOpKind::Eq;
    else if (t.is_op("!=")) op = CmpOpKind::NotEq;
    else if (t.is_op("<")) op = CmpOpKind::Lt;
    else if (t.is_op("<=")) op = CmpOpKind::LtE;
    else if (t.is_op(">")) op = CmpOpKind::Gt;
    else if (t.is_op(">=")) op = CmpOpKind::GtE;
    else if (t.is_name("in")) op = CmpOpKind::In;
    else if (t.is_name("not") && tok(1).is_name("in")) op = CmpOpKind::NotIn;
    else if (t.is_name("is")) op = tok(1).is_name("not") ? CmpOpKind::IsNot : CmpOpKind::Is;
    else if (t.is_name("not") && !in_brackets()) raise(ErrorId::syntax_invalid, tok(1).range);
    else break;  // (inside brackets, `a not b` is a missing comma: see expression())
    advance();
    if (op == CmpOpKind::NotIn || op == CmpOpKind::IsNot) advance();
    if (!cmp) {
      cmp = make_node<Compare>(start);
      cmp->left = std::move(first);
    }
    cmp->ops.push_back(op);
    cmp->comparators.push_back(bitwise_or());
  }
  if (!cmp) return first;
  cmp->range = from(cmp->range);
  return cmp;
}

namespace {

// One left-associative binary level: operand (op operand)*. `ops` maps token
// texts to operators; the chain length is bounded so the tree stays shallow
// enough for every recursive walker after the parser.
template <typename Next>
ExprPtr binary_level(Parser& p, Next next,
                     std::initializer_list<std::pair<const char*, BinOpKind>> ops) {
  SourceRange start = p.tok().range;
  ExprPtr left = next();
  for (int chain = 1;; ++chain) {
    const Token& t = p.tok();
    const std::pair<const char*, BinOpKind>* hit = nullptr;
    for (const auto& op : ops) {
      if (t.is_op(op.first)) hit = &op;
    }
    if (!hit) return left;
    p.check_chain(chain, t.range);
    p.advance();
    auto e = make_node<BinOp>(start);
    e->left = std::move(left);
    e->op = hit->second;
    e->right = next();
    e->range = p.from(e->range);
    left = std::move(e);
  }
}

}  // namespace

// bitwise_or: bitwise_or '|' bitwise_xor | bitwise_xor
ExprPtr Parser::bitwise_or() {
  return binary_level(*this, [this] { return bitwise_xor(); }, {{"|", BinOpKind::BitOr}});
}

// bitwise_xor: bitwise_xor '^' bitwise_and | bitwise_and
ExprPtr Parser::bitwise_xor() {
  return binary_level(*this, [this] { return bitwise_and(); }, {{"^", BinOpKind::BitXor}});
}

// bitwise_and: bitwise_and '&' shift_expr | shift_expr
ExprPtr Parser::bitwise_and() {
  return binary_level(*this, [this] { return shift_expr(); }, {{"&", BinOpKind::BitAnd}});
}

// shift_expr: shift_expr ('<<' | '>>') sum | sum
ExprPtr Parser::shift_expr() {
  return binary_level(*this, [this] { return sum(); },
                      {{"<<", BinOpKind::LShift}, {">>", BinOpKind::RShift}});
}

// sum: sum ('+' | '-') term | term
ExprPtr Parser::sum() {
  return binary_level(*this, [this] { return term(); },
                      {{"+", BinOpKind::Add}, {"-", BinOpKind::Sub}});
}

// term: term ('*' | '/' | '//' | '%' | '@') factor | factor
ExprPtr Parser::term() {
  return binary_level(*this, [this] { return factor(); },
                      {{"*", BinOpKind::Mult},
                       {"/", BinOpKind::Div},
                       {"//", BinOpKind::FloorDiv},
                       {"%", BinOpKind::Mod},
                       {"@", BinOpKind::MatMult}});
}

// factor: '+' factor | '-' factor | '~' factor | power
ExprPtr Parser::factor() {
  UnaryOpKind op;
  if (at_op("+")) op = UnaryOpKind::UAdd;
  else if (at_op("-")) op = UnaryOpKind::USub;
  else if (at_op("~")) op = UnaryOpKind::Invert;
  else return power();
  SourceRange start = advance().range;
  Nest nest(*this, start);
  auto e = make_node<UnaryOp>(start);
  e->op = op;
  e->operand = factor();
  e->range = from(start);
  return e;
}

// power: await_primary '**' factor | await_primary
// await_primary: AWAIT primary | primary
ExprPtr Parser::power() {
  SourceRange start = tok().range;
  ExprPtr base;
  if (at_kw("await")) {  // where it may stand is the resolver's business (scope.cpp)
    advance();
    auto a = make_node<YieldFrom>(start);
    a->value = primary();
    a->is_await = true;
    a->range = from(start);
    base = std::move(a);
  } else {
    base = primary();
  }
  if (!at_op("**")) return base;
  Nest nest(*this, advance().range);
  auto e = make_node<BinOp>(start);
  e->left = std::move(base);
  e->op = BinOpKind::Pow;
  e->right = factor();  // right-associative, and `2**-1` is allowed
  e->range = from(e->range);
  return e;
}

// primary: primary '.' NAME | primary genexp | primary '(' [arguments] ')'
//        | primary '[' slices ']' | atom
ExprPtr Parser::primary() {
  SourceRange start = tok().range;
  ExprPtr e = atom();
  for (int chain = 1;; ++chain) {
    if (at_op(".")) {
      check_chain(chain, tok().range);
      advance();
      auto a = make_node<Attribute>(start);
      const Token& name = expect_name();
      a->attr = name.text;
      a->attr_range = name.range;
      a->value = std::move(e);
      a->range = from(a->range);
      e = std::move(a);
    } else if (at_op("(")) {
      check_chain(chain, tok().range);
      auto c = make_node<Call>(start);
      c->func = std::move(e);
      arguments(*c);
      c->range = from(c->range);
      e = std::move(c);
    } else if (at_op("[")) {
      check_chain(chain, tok().range);
      advance();
      auto s = make_node<Subscript>(start);
      s->value = std::move(e);
      s->slice = slices();
      expect_op("]");
      s->range = from(s->range);
      e = std::move(s);
    } else {
      return e;
    }
  }
}

// slices: slice !',' | ','.(slice | starred_expression)+ [',']
ExprPtr Parser::slices() {
  SourceRange start = tok().range;
  ExprPtr first = slice();
  if (!at_op(",") && first->kind != NodeKind::Starred) return first;  // a[*b] is a tuple
  auto tuple = make_node<Tuple>(start);
  tuple->elts.push_back(std::move(first));
  while (accept_op(",")) {
    if (at_op("]")) break;
    tuple->elts.push_back(slice());
  }
  tuple->range = from(tuple->range);
  return tuple;
}

// slice: [expression] ':' [expression] [':' [expression]] | named_expression
//      | starred_expression (only inside a tuple of slices)
ExprPtr Parser::slice() {
  SourceRange start = tok().range;
  if (at_op("*")) return star_expression();
  ExprPtr lower;
  if (!at_op(":")) {
    lower = named_expression();
    if (!at_op(":")) return lower;
  }
  advance();
  auto s = make_node<Slice>(start);
  s->lower = std::move(lower);
  auto ends_part = [this] { return at_op(":") || at_op(",") || at_op("]"); };
  if (!ends_part()) s->upper = expression();
  if (accept_op(":") && !at_op(",") && !at_op("]")) s->step = expression();
  s->range = from(start);
  return s;
}

// atom: NAME | 'True' | 'False' | 'None' | strings | NUMBER
//     | (tuple | group | genexp) | (list | listcomp)
//     | (dict | set | dictcomp | setcomp) | '...'
ExprPtr Parser::atom() {
  const Token& t = tok();
  switch (t.kind) {
    case TokenKind::Name: {
      if (t.text == "None" || t.text == "True" || t.text == "False") {
        auto c = make_node<Constant>(advance().range);
        c->value_kind = t.text == "None"   ? ConstantKind::None
                        : t.text == "True" ? ConstantKind::True
                                           : ConstantKind::False;
        return c;
      }
      if (is_keyword(t.text)) fail_here();
      auto n = make_node<Name>(t.range);
      n->id = advance().text;
      return n;
    }
    case TokenKind::Number:
      return number(advance());
    case TokenKind::String:
      return strings();
    case TokenKind::Op:
      if (t.text == "(") return paren_atom();
      if (t.text == "[") return list_atom();
      if (t.text == "{") return brace_atom();
      if (t.text == "...") {
        auto c = make_node<Constant>(advance().range);
        c->value_kind = ConstantKind::Ellipsis;
        return c;
      }
      break;
    default:
      break;
  }
  fail_here();
}

ExprPtr Parser::number(const Token& t) {
  auto c = make_node<Constant>(t.range);
  switch (t.number_kind) {
    case NumberKind::Int:
      c->value_kind = ConstantKind::Int;
      c->int_value = t.int_value;
      break;
    case NumberKind::BigInt:
      c->value_kind = ConstantKind::Int;
      c->str_value = t.text;  // beyond int64: the runtime builds the big int from the text
      break;
    case NumberKind::Float:
      c->value_kind = ConstantKind::Float;
      c->float_value = t.float_value;
      break;
    case NumberKind::Imaginary:
      defer_unsupported(ErrorId::unsupported_complex, t.range);
      c->value_kind = ConstantKind::Float;
      break;
  }
  return c;
}

// lambdef: 'lambda' [lambda_params] ':' expression
ExprPtr Parser::lambdef() {
  SourceRange start = advance().range;
  auto l = make_node<Lambda>(start);
  l->params = parameters(":", false);
  expect_op(":");
  l->body = expression();
  l->range = from(start);
  return l;
}

// yield_expr: 'yield' 'from' expression | 'yield' [star_expressions]
ExprPtr Parser::yield_expr() {
  SourceRange start = advance().range;
  if (accept_kw("from")) {
    auto y = make_node<YieldFrom>(start);
    y->value = expression();
    y->range = from(start);
    return y;
  }
  auto y = make_node<Yield>(start);
  if (starts_element(*this, tok())) y->value = star_expressions();
  y->range = from(start);
  return y;
}

}  // namespace rungs::lang
