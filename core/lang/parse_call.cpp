// Call arguments and def/lambda parameter lists: the two comma-separated
// lists whose element order Python constrains (positional before keyword,
// defaults after non-defaults, one `*`, one `/`, `**` last).
#include <utility>

#include "core/lang/parser_impl.h"

namespace rungs::lang {

// primary '(' [arguments] ')' and primary genexp
// arguments: args [','] &')'
// args: ','.(starred_expression | named_expression !'=')+ [',' kwargs] | kwargs
// kwargs: ','.kwarg_or_starred+ [',' ','.kwarg_or_double_starred+]
//       | ','.kwarg_or_double_starred+
// kwarg_or_starred: NAME '=' expression | starred_expression
// kwarg_or_double_starred: NAME '=' expression | '**' expression
void Parser::arguments(Call& call) {
  SourceRange open = advance().range;  // '('
  bool seen_keyword = false, seen_double_star = false;
  ErrorId order_error = ErrorId::syntax_invalid;  // reported at ')', as CPython does
  bool misordered = false;
  while (!at_op(")")) {
    const Token& t = tok();
    if (t.is_op("*")) {
      if (seen_double_star) raise(ErrorId::syntax_iterable_after_unpacking, t.range);
      SourceRange start = advance().range;
      auto s = make_node<Starred>(start);
      s->value = expression();
      s->range = from(start);
      if (at_kw("for")) raise(ErrorId::syntax_comprehension_unpacking, s->range);
      call.args.push_back(std::move(s));
    } else if (t.is_op("**")) {
      SourceRange start = advance().range;
      Keyword kw;
      kw.value = expression();
      kw.range = from(start);
      call.keywords.push_back(std::move(kw));
      seen_double_star = true;
    } else if (t.kind == TokenKind::Name && tok(1).is_op("=")) {
      if (t.text == "True" || t.text == "False" || t.text == "None") {
        raise(ErrorId::syntax_assign, t.range, t.text);
      }
      if (is_keyword(t.text)) fail_here();
      SourceRange start = t.range;
      Keyword kw;
      kw.arg = advance().text;
      advance();
      kw.value = expression();
      kw.range = from(start);
      // invalid_arguments: `f(a=b for b in c)`
      if (at_kw("for")) raise(ErrorId::syntax_maybe_equals, start);
      call.keywords.push_back(std::move(kw));
      seen_keyword = true;
    } else {
      ExprPtr e = named_expression();
      if (at_kw("for")) {
        // A generator expression must be the only argument, and then the
        // call's parentheses are its own.
        bool alone = call.args.empty() && call.keywords.empty();
        SourceRange start = e->range;
        auto g = finish_comp_open(std::move(e));
        if (!alone || !at_op(")")) raise(ErrorId::syntax_genexp_parenthesized, from(start));
        g->range = SourceRange::span(open, tok().range);
        e = std::move(g);
      } else if (at_op("=")) {
        raise(ErrorId::syntax_kwarg_expression, SourceRange::span(e->range, tok().range));
      }
      if (seen_double_star && !misordered) {
        misordered = true;
        order_error = ErrorId::syntax_positional_after_unpacking;
      } else if (seen_keyword && !misordered) {
        misordered = true;
        order_error = ErrorId::syntax_positional_after_keyword;
      }
      call.args.push_back(std::move(e));
    }
    if (!accept_op(",")) break;
  }
  if (misordered && at_op(")")) raise(order_error, tok().range);
  expect_op(")");
}

// The generator expression of `f(x for x in y)`, whose '(' is the call's.
ExprPtr Parser::finish_comp_open(ExprPtr elt) {
  if (elt->kind == NodeKind::Starred) {
    raise(ErrorId::syntax_comprehension_unpacking, elt->range);
  }
  auto comp = std::make_unique<Comp>(NodeKind::GeneratorExp);
  comp->range = elt->range;
  comp->elt = std::move(elt);
  comp->generators = for_if_clauses();
  comp->range = from(comp->range);
  return comp;
}

// params (def) and lambda_params share one loop; CPython's many
// alternatives (slash_no_default, star_etc, kwds, ...) become a state machine
// that raises each invalid_parameters message where CPython points.
// param: NAME [':' expression]   default: '=' expression
std::vector<Param> Parser::parameters(const char* close, bool is_def) {
  std::vector<Param> params;
  bool seen_slash = false, seen_star = false, seen_default = false, seen_kwargs = false;
  bool bare_star_pending = false;  // `*` with no keyword-only parameter yet
  SourceRange bare_star;
  auto bare_star_error = [&] {
    // def points at the '*'; lambda at the token where it gave up
    raise(ErrorId::syntax_bare_star, is_def ? bare_star : tok().range);
  };
  auto param = [&](ParamKind kind) {
    Param p;
    const Token& name = expect_name();
    p.name = name.text;
    p.kind = kind;
    if (is_def && accept_op(":")) p.annotation = expression();
    p.range = from(name.range);
    return p;
  };
  while (!at_op(close)) {
    if (seen_kwargs) raise(ErrorId::syntax_after_var_keyword, tok().range);
    if (at_op("/")) {
      if (seen_slash) raise(ErrorId::syntax_slash_once, tok().range);
      if (seen_star) raise(ErrorId::syntax_slash_after_star, tok().range);
      if (params.empty()) fail_here();
      for (Param& p : params) p.kind = ParamKind::PositionalOnly;
      seen_slash = true;
      advance();
    } else if (at_op("*")) {
      if (seen_star) raise(ErrorId::syntax_star_once, tok().range);
      seen_star = true;
      SourceRange star = advance().range;
      if (at_op(",") || at_op(close)) {
        bare_star_pending = true;
        bare_star = star;
      } else {
        params.push_back(param(ParamKind::VarPositional));
      }
    } else if (at_op("**")) {
      if (bare_star_pending) bare_star_error();
      advance();
      params.push_back(param(ParamKind::VarKeyword));
      seen_kwargs = true;
    } else {
      Param p = param(seen_star ? ParamKind::KeywordOnly : ParamKind::Positional);
      if (at_op("=")) {
        const Token& eq = advance();
        if (at_op(",") || at_op(close)) raise(ErrorId::syntax_expected_default, eq.range);
        p.default_value = expression();
        if (!seen_star) seen_default = true;
      } else if (!seen_star && seen_default) {
        raise(ErrorId::syntax_nondefault_after_default, p.range);
      }
      bare_star_pending = false;
      params.push_back(std::move(p));
    }
    if (!accept_op(",")) break;
  }
  if (bare_star_pending) bare_star_error();
  return params;
}

}  // namespace rungs::lang
