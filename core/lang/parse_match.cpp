// The match statement (PEP 634): its subject, case blocks, guards and the
// pattern grammar of CPython 3.11's python.gram. Literal and value patterns
// keep their expressions (evaluated when the case is tried); captures and
// star targets are names the resolver binds in the enclosing scope.
#include "core/lang/parser_impl.h"

namespace rungs::lang {

namespace {
PatternPtr make_pattern(PatternKind kind, const SourceRange& start) {
  auto p = std::make_unique<Pattern>();
  p->kind = kind;
  p->range = start;
  return p;
}
}  // namespace

// match_stmt: "match" subject_expr ':' NEWLINE INDENT case_block+ DEDENT
// case_block: "case" patterns guard? ':' block
StmtPtr Parser::match_stmt() {
  SourceRange start = advance().range;
  auto s = make_node<Match>(start);
  s->subject = star_expressions();
  expect_op(":");
  if (!at(TokenKind::Newline)) fail_here();
  advance();
  if (!at(TokenKind::Indent)) raise(ErrorId::indent_expected_block, tok().range, "'match' statement", start.line);
  Nest nest(*this, tok().range);
  advance();
  while (at_kw("case")) {
    MatchCase c;
    c.range = advance().range;
    c.pattern = patterns();
    if (accept_kw("if")) c.guard = named_expression();
    if (!at_op(":")) {
      if (at(TokenKind::Newline)) raise(ErrorId::syntax_expected, tok().range, ":");
      fail_here();
    }
    advance();
    c.body = block("'case' statement", c.range.line);
    s->cases.push_back(std::move(c));
  }
  if (!at(TokenKind::Dedent)) fail_here();
  advance();
  s->range = from(start);
  return s;
}

// patterns: open_sequence_pattern | pattern  (`case a, *rest:` is a sequence)
PatternPtr Parser::patterns() {
  SourceRange start = tok().range;
  PatternPtr first = at_op("*") ? closed_pattern() : as_pattern();
  if (!at_op(",") && first->kind != PatternKind::Star) return first;
  auto seq = make_pattern(PatternKind::Sequence, start);
  seq->items.push_back(std::move(first));
  while (accept_op(",")) {
    if (at_op(":") || at_kw("if")) break;
    seq->items.push_back(at_op("*") ? closed_pattern() : as_pattern());
  }
  seq->range = from(start);
  return seq;
}

// as_pattern: or_pattern 'as' NAME
PatternPtr Parser::as_pattern() {
  SourceRange start = tok().range;
  PatternPtr p = or_pattern();
  if (!accept_kw("as")) return p;
  auto as = make_pattern(PatternKind::As, start);
  as->name = expect_name().text;
  as->items.push_back(std::move(p));
  as->range = from(start);
  return as;
}

// or_pattern: '|'.closed_pattern+
PatternPtr Parser::or_pattern() {
  SourceRange start = tok().range;
  PatternPtr p = closed_pattern();
  if (!at_op("|")) return p;
  auto alt = make_pattern(PatternKind::Or, start);
  alt->items.push_back(std::move(p));
  while (accept_op("|")) alt->items.push_back(closed_pattern());
  alt->range = from(start);
  return alt;
}

// closed_pattern: literal | capture | wildcard | value | group | sequence
//               | mapping | class; and `*NAME` where a sequence allows it.
PatternPtr Parser::closed_pattern() {
  const Token& t = tok();
  SourceRange start = t.range;
  Nest nest(*this, start);  // nested [..], (..) and {..} recurse
  if (t.kind == TokenKind::Number || t.kind == TokenKind::String || t.is_op("-")) {
    auto p = make_pattern(PatternKind::Literal, start);
    p->value = t.kind == TokenKind::String ? strings() : sum();
    p->range = from(start);
    return p;
  }
  if (t.is_op("*")) {
    advance();
    auto p = make_pattern(PatternKind::Star, start);
    std::string name = expect_name().text;
    if (name != "_") p->name = name;
    p->range = from(start);
    return p;
  }
  if (t.is_op("(")) {
    advance();
    if (accept_op(")")) return make_pattern(PatternKind::Sequence, from(start));
    PatternPtr first = at_op("*") ? closed_pattern() : as_pattern();
    if (accept_op(")") && first->kind != PatternKind::Star) return first;  // a group
    auto seq = make_pattern(PatternKind::Sequence, start);
    seq->items.push_back(std::move(first));
    while (accept_op(",")) {
      if (at_op(")")) break;
      seq->items.push_back(at_op("*") ? closed_pattern() : as_pattern());
    }
    expect_op(")");
    seq->range = from(start);
    return seq;
  }
  if (t.is_op("[")) {
    advance();
    return sequence_pattern("]", start);
  }
  if (t.is_op("{")) {
    advance();
    return mapping_pattern(start);
  }
  if (t.kind != TokenKind::Name) fail_here();
  if (t.text == "None" || t.text == "True" || t.text == "False") {
    auto p = make_pattern(PatternKind::Literal, start);
    p->value = atom();
    return p;
  }
  std::string first = expect_name().text;
  if (!at_op(".") && !at_op("(")) {
    auto p = make_pattern(first == "_" ? PatternKind::Wildcard : PatternKind::Capture, start);
    if (first != "_") p->name = first;
    return p;
  }
  // A dotted name is a value pattern, or the class of a class pattern.
  auto name = make_node<Name>(start);
  name->id = first;
  ExprPtr chain = std::move(name);
  while (accept_op(".")) {
    auto attr = make_node<Attribute>(start);
    attr->attr_range = tok().range;
    attr->attr = expect_name().text;
    attr->value = std::move(chain);
    attr->range = from(start);
    chain = std::move(attr);
  }
  if (accept_op("(")) return class_pattern(std::move(chain), start);
  auto p = make_pattern(PatternKind::Value, start);
  p->value = std::move(chain);
  p->range = from(start);
  return p;
}

// sequence_pattern: '[' maybe_sequence_pattern? ']'
PatternPtr Parser::sequence_pattern(const char* close, const SourceRange& start) {
  auto seq = make_pattern(PatternKind::Sequence, start);
  while (!at_op(close)) {
    seq->items.push_back(at_op("*") ? closed_pattern() : as_pattern());
    if (!accept_op(",")) break;
  }
  expect_op(close);
  seq->range = from(start);
  return seq;
}

// mapping_pattern: '{' (key ':' pattern ',')* ['**' NAME] '}'
PatternPtr Parser::mapping_pattern(const SourceRange& start) {
  auto map = make_pattern(PatternKind::Mapping, start);
  while (!at_op("}")) {
    if (accept_op("**")) {
      map->name = expect_name().text;
      accept_op(",");
      break;
    }
    map->keys.push_back(sum());
    expect_op(":");
    map->items.push_back(as_pattern());
    if (!accept_op(",")) break;
  }
  expect_op("}");
  map->range = from(start);
  return map;
}

// class_pattern: name_or_attr '(' [positional patterns] [NAME '=' pattern ...] ')'
PatternPtr Parser::class_pattern(ExprPtr cls, const SourceRange& start) {
  auto p = make_pattern(PatternKind::Class, start);
  p->value = std::move(cls);
  while (!at_op(")")) {
    if (tok().kind == TokenKind::Name && tok(1).is_op("=")) {
      p->kwd_names.push_back(advance().text);
      advance();
      p->kwd_items.push_back(as_pattern());
    } else {
      if (!p->kwd_names.empty()) fail_here();  // positional after keyword
      p->items.push_back(as_pattern());
    }
    if (!accept_op(",")) break;
  }
  expect_op(")");
  p->range = from(start);
  return p;
}

}  // namespace rungs::lang
