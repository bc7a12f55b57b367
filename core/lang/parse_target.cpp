// Assignment and deletion targets: parsing the targets of `for` and `with`,
// and turning a parsed expression into a Store/Del target with CPython's
// "cannot assign to ..." messages, pointing at the offending sub-expression.
#include <utility>

#include "core/lang/parser_impl.h"

namespace rungs::lang {

const char* expr_name(const Expr& e) {
  switch (e.kind) {
    case NodeKind::Attribute: return "attribute";
    case NodeKind::Subscript: return "subscript";
    case NodeKind::Starred: return "starred";
    case NodeKind::Name: return "name";
    case NodeKind::List: return "list";
    case NodeKind::Tuple: return "tuple";
    case NodeKind::Lambda: return "lambda";
    case NodeKind::Call: return "function call";
    case NodeKind::BoolOp:
    case NodeKind::BinOp:
    case NodeKind::UnaryOp: return "expression";
    case NodeKind::GeneratorExp: return "generator expression";
    case NodeKind::ListComp: return "list comprehension";
    case NodeKind::SetComp: return "set comprehension";
    case NodeKind::DictComp: return "dict comprehension";
    case NodeKind::Dict: return "dict literal";
    case NodeKind::Set: return "set display";
    case NodeKind::JoinedStr:
    case NodeKind::FormattedValue: return "f-string expression";
    case NodeKind::Compare: return "comparison";
    case NodeKind::IfExp: return "conditional expression";
    case NodeKind::Slice: return "slice";
    case NodeKind::Constant:
      switch (static_cast<const Constant&>(e).value_kind) {
        case ConstantKind::None: return "None";
        case ConstantKind::True: return "True";
        case ConstantKind::False: return "False";
        case ConstantKind::Ellipsis: return "ellipsis";
        default: return "literal";
      }
    default: return "expression";
  }
}

namespace {

// star_target: '*' (!'*' star_target) | target_with_star_atom
// Targets stop before `in`, so they are parsed at bitwise_or level.
ExprPtr one_target(Parser& p) {
  if (!p.at_op("*")) {
    size_t first = p.position();
    SourceRange start = p.tok().range;
    ExprPtr e = p.bitwise_or();
    p.check_missing_comma(first, start);  // `for k, v d.items()`
    return e;
  }
  SourceRange start = p.advance().range;
  auto s = make_node<Starred>(start);
  s->value = p.bitwise_or();
  s->range = p.from(start);
  return s;
}

}  // namespace

// star_targets: star_target !',' | star_target (',' star_target)* [',']
ExprPtr Parser::star_targets() {
  SourceRange start = tok().range;
  ExprPtr first = one_target(*this);
  if (at_op(",")) {
    auto tuple = make_node<Tuple>(start);
    tuple->elts.push_back(std::move(first));
    while (accept_op(",") && !at_kw("in") && !at_op("=")) tuple->elts.push_back(one_target(*this));
    tuple->range = from(tuple->range);
    first = std::move(tuple);
  }
  set_store(*first, false);
  return first;
}

// with_item's target: star_target
ExprPtr Parser::single_target() {
  ExprPtr target = one_target(*this);
  set_store(*target, false);
  return target;
}

// invalid_assignment / RAISE_SYNTAX_ERROR_INVALID_TARGET: `here_hint` adds
// "here. Maybe you meant '==' instead of '='?" as CPython does for the first
// target of a plain `target = value` statement.
void Parser::set_store(Expr& e, bool here_hint) {
  switch (e.kind) {
    case NodeKind::Name:
      if (static_cast<Name&>(e).id == "__debug__") {
        raise(ErrorId::syntax_assign, e.range, "__debug__");
      }
      static_cast<Name&>(e).ctx = Ctx::Store;
      return;
    case NodeKind::Attribute:
      static_cast<Attribute&>(e).ctx = Ctx::Store;
      return;
    case NodeKind::Subscript:
      static_cast<Subscript&>(e).ctx = Ctx::Store;
      return;
    case NodeKind::Starred:
      static_cast<Starred&>(e).ctx = Ctx::Store;
      set_store(*static_cast<Starred&>(e).value, false);
      return;
    case NodeKind::Tuple:
      static_cast<Tuple&>(e).ctx = Ctx::Store;
      for (ExprPtr& elt : static_cast<Tuple&>(e).elts) set_store(*elt, false);
      return;
    case NodeKind::List:
      static_cast<List&>(e).ctx = Ctx::Store;
      for (ExprPtr& elt : static_cast<List&>(e).elts) set_store(*elt, false);
      return;
    default:
      raise(here_hint ? ErrorId::syntax_assign_here : ErrorId::syntax_assign, e.range,
            expr_name(e));
  }
}

// del_target: t_primary '.' NAME | t_primary '[' slices ']' | del_t_atom
void Parser::set_delete(Expr& e) {
  switch (e.kind) {
    case NodeKind::Name:
      static_cast<Name&>(e).ctx = Ctx::Del;
      return;
    case NodeKind::Attribute:
      static_cast<Attribute&>(e).ctx = Ctx::Del;
      return;
    case NodeKind::Subscript:
      static_cast<Subscript&>(e).ctx = Ctx::Del;
      return;
    case NodeKind::Tuple:
      static_cast<Tuple&>(e).ctx = Ctx::Del;
      for (ExprPtr& elt : static_cast<Tuple&>(e).elts) set_delete(*elt);
      return;
    case NodeKind::List:
      static_cast<List&>(e).ctx = Ctx::Del;
      for (ExprPtr& elt : static_cast<List&>(e).elts) set_delete(*elt);
      return;
    default:
      raise(ErrorId::syntax_delete, e.range, expr_name(e));
  }
}

}  // namespace rungs::lang
