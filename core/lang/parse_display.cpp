// Bracketed atoms: tuples, groups, lists, dicts, sets, and the four
// comprehension forms that share their brackets.
#include <utility>

#include "core/lang/parser_impl.h"

namespace rungs::lang {

namespace {

// invalid_comprehension: a starred element cannot be spread by a comprehension.
void no_starred_element(const Expr& elt) {
  if (elt.kind == NodeKind::Starred) raise(ErrorId::syntax_comprehension_unpacking, elt.range);
}

}  // namespace

// tuple: '(' [star_named_expression ',' [star_named_expressions]] ')'
// group: '(' (yield_expr | named_expression) ')'
// genexp: '(' named_expression for_if_clauses ')'
ExprPtr Parser::paren_atom() {
  SourceRange start = advance().range;
  if (accept_op(")")) return make_node<Tuple>(from(start));
  if (at_kw("yield")) {
    ExprPtr e = yield_expr();
    expect_op(")");
    return e;
  }
  ExprPtr first = star_named_expression();
  if (at_kw("for")) {
    no_starred_element(*first);
    return finish_comp(NodeKind::GeneratorExp, std::move(first), start, ")");
  }
  if (!at_op(",")) {
    // invalid_group: `(*a)` is not a tuple
    if (first->kind == NodeKind::Starred) raise(ErrorId::syntax_starred_group, first->range);
    expect_op(")");
    return first;  // a group is its inner expression, range and all
  }
  auto tuple = make_node<Tuple>(start);
  tuple->elts.push_back(std::move(first));
  while (accept_op(",") && !at_op(")")) tuple->elts.push_back(star_named_expression());
  expect_op(")");
  tuple->range = from(start);
  return tuple;
}

// list: '[' [star_named_expressions] ']'
// listcomp: '[' named_expression for_if_clauses ']'
ExprPtr Parser::list_atom() {
  SourceRange start = advance().range;
  auto list = make_node<List>(start);
  if (!at_op("]")) {
    ExprPtr first = star_named_expression();
    if (at_kw("for")) {
      no_starred_element(*first);
      return finish_comp(NodeKind::ListComp, std::move(first), start, "]");
    }
    list->elts.push_back(std::move(first));
    while (accept_op(",") && !at_op("]")) list->elts.push_back(star_named_expression());
  }
  expect_op("]");
  list->range = from(start);
  return list;
}

// dict: '{' [double_starred_kvpairs] '}'
// set: '{' star_named_expressions '}'
// dictcomp: '{' kvpair for_if_clauses '}'
// setcomp: '{' named_expression for_if_clauses '}'
// double_starred_kvpair: '**' bitwise_or | expression ':' expression
ExprPtr Parser::brace_atom() {
  SourceRange start = advance().range;
  if (accept_op("}")) return make_node<Dict>(from(start));
  auto dict = make_node<Dict>(start);
  // One key/value pair (or `**mapping`); the first key is already parsed
  // when `key` is non-null.
  auto kvpair = [&](ExprPtr key) {
    if (!key && at_op("**")) {
      advance();
      dict->keys.push_back(nullptr);
      dict->values.push_back(bitwise_or());
      return;
    }
    if (!key) key = expression();
    if (!at_op(":")) {
      // invalid_kvpair: CPython points at the key's last character
      SourceRange at = {key->range.end_line, key->range.end_col - 1, key->range.end_line,
                        key->range.end_col - 1};
      raise(ErrorId::syntax_dict_colon, at);
    }
    const Token& colon = advance();
    if (at_op(",") || at_op("}")) raise(ErrorId::syntax_dict_value, colon.range);
    dict->keys.push_back(std::move(key));
    dict->values.push_back(expression());
  };
  if (at_op("**")) {
    SourceRange star = tok().range;
    kvpair(nullptr);
    if (at_kw("for")) raise(ErrorId::syntax_dictcomp_unpacking, from(star));
  } else {
    ExprPtr first = star_named_expression();
    if (!at_op(":")) {
      // a set, or a set comprehension
      if (at_kw("for")) {
        no_starred_element(*first);
        return finish_comp(NodeKind::SetComp, std::move(first), start, "}");
      }
      auto set = make_node<Set>(start);
      set->elts.push_back(std::move(first));
      while (accept_op(",") && !at_op("}")) set->elts.push_back(star_named_expression());
      expect_op("}");
      set->range = from(start);
      return set;
    }
    if (first->kind == NodeKind::Starred) fail_here();
    advance();
    ExprPtr value = expression();
    if (at_kw("for")) {
      auto comp = finish_comp(NodeKind::DictComp, nullptr, start, "}");
      auto& c = static_cast<Comp&>(*comp);
      c.key = std::move(first);
      c.value = std::move(value);
      return comp;
    }
    dict->keys.push_back(std::move(first));
    dict->values.push_back(std::move(value));
  }
  while (accept_op(",") && !at_op("}")) kvpair(nullptr);
  expect_op("}");
  dict->range = from(start);
  return dict;
}

// for_if_clauses: for_if_clause+
// for_if_clause: 'for' star_targets 'in' ~ disjunction ('if' disjunction)*
std::vector<Comprehension> Parser::for_if_clauses() {
  std::vector<Comprehension> clauses;
  while (accept_kw("for")) {
    Comprehension c;
    c.target = star_targets();
    if (!accept_kw("in")) fail_here();
    c.iter = disjunction();
    while (accept_kw("if")) c.ifs.push_back(disjunction());
    clauses.push_back(std::move(c));
  }
  return clauses;
}

ExprPtr Parser::finish_comp(NodeKind kind, ExprPtr elt, const SourceRange& start,
                            const char* close) {
  auto comp = std::make_unique<Comp>(kind);
  comp->elt = std::move(elt);
  comp->generators = for_if_clauses();
  expect_op(close);
  comp->range = from(start);
  return comp;
}

}  // namespace rungs::lang
