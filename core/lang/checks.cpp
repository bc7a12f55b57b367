// The compiler-stage checks, in the order CPython's compiler meets them: a
// statement's value before its targets, a call's function, arguments, then
// keywords.
#include "core/lang/checks.h"

#include <set>
#include <string>

#include "core/errors/error.h"

namespace rungs::lang {

namespace {

class Checker {
 public:
  void body(const Body& b) {
    for (const StmtPtr& s : b) stmt(*s);
  }

 private:
  // An assignment target: at most one starred name per tuple or list, and
  // none on its own.
  void target(const Expr& e) {
    switch (e.kind) {
      case NodeKind::Starred:
        raise(ErrorId::syntax_starred_target, e.range);
      case NodeKind::Tuple:
      case NodeKind::List: {
        const auto& elts = e.kind == NodeKind::Tuple ? static_cast<const Tuple&>(e).elts
                                                     : static_cast<const List&>(e).elts;
        int starred = 0;
        for (const ExprPtr& elt : elts) starred += elt->kind == NodeKind::Starred;
        if (starred > 1) raise(ErrorId::syntax_multiple_starred, e.range);
        for (const ExprPtr& elt : elts) {
          if (elt->kind == NodeKind::Starred) {
            target_inner(*static_cast<const Starred&>(*elt).value);
          } else {
            target(*elt);
          }
        }
        return;
      }
      default:
        expr(e, false);  // subscripts and attributes evaluate sub-expressions
    }
  }
  void target_inner(const Expr& e) {
    if (e.kind == NodeKind::Starred) raise(ErrorId::syntax_starred_target, e.range);
    target(e);
  }

  // Where a generator can suspend (core/python/generators.h): at a yield
  // anywhere in a simple statement (an expression, assignment or return,
  // which resumes by replaying the statement), and at a `yield from` (or an
  // `await`) that is a whole statement, an assignment's or a return's whole value. A yield elsewhere (a
  // compound statement's header, a lambda, a comprehension) is refused by
  // name, with the place it is in.
  void value(const Expr& e) {
    if (e.kind == NodeKind::Yield || e.kind == NodeKind::YieldFrom) allowed_yield_ = &e;
    expr(e, false);
  }

  // Checks `s` with yields refused as being inside `place` (null: allowed).
  struct YieldPlace {
    YieldPlace(Checker& c, const char* place) : c(c), saved(c.yield_place_) { c.yield_place_ = place; }
    ~YieldPlace() { c.yield_place_ = saved; }
    Checker& c;
    const char* saved;
  };

  void stmt(const Stmt& s) {
    bool simple = s.kind == NodeKind::ExprStmt || s.kind == NodeKind::Assign || s.kind == NodeKind::AugAssign ||
                  s.kind == NodeKind::AnnAssign || s.kind == NodeKind::Return;
    YieldPlace place(*this, simple ? nullptr : statement_place(s.kind));
    stmt_kinds(s);
  }

  static const char* statement_place(NodeKind kind) {
    switch (kind) {
      case NodeKind::If: return "an if condition";
      case NodeKind::While: return "a while condition";
      case NodeKind::For: return "a for statement's header";
      case NodeKind::With: return "a with statement's header";
      case NodeKind::FunctionDef: return "a def statement's decorators or defaults";
      case NodeKind::ClassDef: return "a class statement's header";
      case NodeKind::Raise: return "a raise statement";
      case NodeKind::Assert: return "an assert statement";
      case NodeKind::Delete: return "a del statement";
      case NodeKind::Match: return "a match statement's subject or guard";
      default: return "this statement";
    }
  }

  void stmt_kinds(const Stmt& s) {
    switch (s.kind) {
      case NodeKind::ExprStmt: return value(*static_cast<const ExprStmt&>(s).value);
      case NodeKind::Assign: {
        const auto& a = static_cast<const Assign&>(s);
        value(*a.value);
        for (const ExprPtr& t : a.targets) target(*t);
        return;
      }
      case NodeKind::AugAssign: {
        const auto& a = static_cast<const AugAssign&>(s);
        expr(*a.target, false);
        return expr(*a.value, false);
      }
      case NodeKind::AnnAssign: {
        const auto& a = static_cast<const AnnAssign&>(s);
        if (a.value) value(*a.value);
        return target(*a.target);
      }
      case NodeKind::FunctionDef: {
        const auto& f = static_cast<const FunctionDef&>(s);
        for (const ExprPtr& d : f.decorators) expr(*d, false);
        for (const Param& p : f.params) {
          if (p.default_value) expr(*p.default_value, false);
        }
        Checker inner;
        inner.in_function_ = true;
        return inner.body(f.body);
      }
      case NodeKind::ClassDef: {
        const auto& c = static_cast<const ClassDef&>(s);
        for (const ExprPtr& d : c.decorators) expr(*d, false);
        for (const ExprPtr& b : c.bases) expr(*b, false);
        for (const Keyword& k : c.keywords) expr(*k.value, false);
        Checker inner;  // `return`, `break` and `continue` do not cross a class body
        return inner.body(c.body);
      }
      case NodeKind::Return: {
        if (!in_function_) raise(ErrorId::syntax_return_outside, s.range);
        const auto& r = static_cast<const Return&>(s);
        if (r.value) value(*r.value);  // `return await f()`: a whole yield from may suspend here
        return;
      }
      case NodeKind::Break:
        if (loops_ == 0) raise(ErrorId::syntax_break_outside, s.range);
        return;
      case NodeKind::Continue:
        if (loops_ == 0) raise(ErrorId::syntax_continue_outside, s.range);
        return;
      case NodeKind::If: {
        const auto& i = static_cast<const If&>(s);
        expr(*i.test, false);
        body(i.body);
        return body(i.orelse);
      }
      case NodeKind::For: {
        const auto& f = static_cast<const For&>(s);
        expr(*f.iter, false);
        target(*f.target);
        ++loops_;
        body(f.body);
        --loops_;
        return body(f.orelse);  // `else` is not inside the loop
      }
      case NodeKind::While: {
        const auto& w = static_cast<const While&>(s);
        expr(*w.test, false);
        ++loops_;
        body(w.body);
        --loops_;
        return body(w.orelse);
      }
      case NodeKind::Try: {
        const auto& t = static_cast<const Try&>(s);
        body(t.body);
        for (const ExceptHandler& h : t.handlers) {
          if (h.type) expr(*h.type, false);
          body(h.body);
        }
        body(t.orelse);
        return body(t.finalbody);
      }
      case NodeKind::Raise: {
        const auto& r = static_cast<const Raise&>(s);
        if (r.exc) expr(*r.exc, false);
        if (r.cause) expr(*r.cause, false);
        return;
      }
      case NodeKind::Assert: {
        const auto& a = static_cast<const Assert&>(s);
        expr(*a.test, false);
        if (a.msg) expr(*a.msg, false);
        return;
      }
      case NodeKind::With: {
        const auto& w = static_cast<const With&>(s);
        for (const WithItem& item : w.items) {
          expr(*item.context_expr, false);
          if (item.optional_vars) target(*item.optional_vars);
        }
        return body(w.body);
      }
      case NodeKind::Delete:
        for (const ExprPtr& t : static_cast<const Delete&>(s).targets) expr(*t, false);
        return;
      case NodeKind::Match: {
        const auto& m = static_cast<const Match&>(s);
        expr(*m.subject, false);
        for (const MatchCase& c : m.cases) {
          if (c.guard) expr(*c.guard, false);
          body(c.body);
        }
        return;
      }
      default:
        return;
    }
  }

  void exprs(const std::vector<ExprPtr>& es, bool starred_ok) {
    for (const ExprPtr& e : es) {
      if (e) expr(*e, starred_ok);
    }
  }

  // `starred_ok`: this expression is an element of a display or a call
  // argument, where `*x` spreads.
  void expr(const Expr& e, bool starred_ok) {
    switch (e.kind) {
      case NodeKind::Starred:
        if (!starred_ok && static_cast<const Starred&>(e).ctx == Ctx::Load) {
          raise(ErrorId::syntax_starred_here, e.range);
        }
        return expr(*static_cast<const Starred&>(e).value, false);
      case NodeKind::JoinedStr: return exprs(static_cast<const JoinedStr&>(e).values, false);
      case NodeKind::FormattedValue: {
        const auto& f = static_cast<const FormattedValue&>(e);
        expr(*f.value, false);
        if (f.format_spec) expr(*f.format_spec, false);
        return;
      }
      case NodeKind::Tuple: return exprs(static_cast<const Tuple&>(e).elts, true);
      case NodeKind::List: return exprs(static_cast<const List&>(e).elts, true);
      case NodeKind::Set: return exprs(static_cast<const Set&>(e).elts, true);
      case NodeKind::Dict: {
        const auto& d = static_cast<const Dict&>(e);
        for (size_t k = 0; k < d.values.size(); ++k) {
          if (d.keys[k]) expr(*d.keys[k], false);
          expr(*d.values[k], false);
        }
        return;
      }
      case NodeKind::BinOp: {
        const auto& b = static_cast<const BinOp&>(e);
        expr(*b.left, false);
        return expr(*b.right, false);
      }
      case NodeKind::UnaryOp: return expr(*static_cast<const UnaryOp&>(e).operand, false);
      case NodeKind::BoolOp: return exprs(static_cast<const BoolOp&>(e).values, false);
      case NodeKind::Compare: {
        const auto& c = static_cast<const Compare&>(e);
        expr(*c.left, false);
        return exprs(c.comparators, false);
      }
      case NodeKind::Call: {
        const auto& c = static_cast<const Call&>(e);
        expr(*c.func, false);
        exprs(c.args, true);
        std::set<std::string> seen;
        for (const Keyword& k : c.keywords) {
          if (!k.arg.empty() && !seen.insert(k.arg).second) {
            raise(ErrorId::syntax_keyword_repeated, k.range, k.arg);
          }
        }
        for (const Keyword& k : c.keywords) expr(*k.value, false);
        return;
      }
      case NodeKind::Attribute: return expr(*static_cast<const Attribute&>(e).value, false);
      case NodeKind::Subscript: {
        const auto& s = static_cast<const Subscript&>(e);
        expr(*s.value, false);
        return expr(*s.slice, false);
      }
      case NodeKind::Slice: {
        const auto& s = static_cast<const Slice&>(e);
        if (s.lower) expr(*s.lower, false);
        if (s.upper) expr(*s.upper, false);
        if (s.step) expr(*s.step, false);
        return;
      }
      case NodeKind::Lambda: {
        const auto& l = static_cast<const Lambda&>(e);
        for (const Param& p : l.params) {
          if (p.default_value) expr(*p.default_value, false);
        }
        YieldPlace place(*this, "a lambda");
        return expr(*l.body, false);
      }
      case NodeKind::IfExp: {
        const auto& i = static_cast<const IfExp&>(e);
        expr(*i.test, false);
        expr(*i.body, false);
        return expr(*i.orelse, false);
      }
      case NodeKind::NamedExpr: return expr(*static_cast<const NamedExpr&>(e).value, false);
      case NodeKind::ListComp:
      case NodeKind::SetComp:
      case NodeKind::DictComp:
      case NodeKind::GeneratorExp: {
        const auto& c = static_cast<const Comp&>(e);
        YieldPlace place(*this, "a comprehension's iterable");  // (its body's are SyntaxErrors)
        for (const Comprehension& g : c.generators) {
          expr(*g.iter, false);
          target(*g.target);
          exprs(g.ifs, false);
        }
        if (c.elt) expr(*c.elt, false);
        if (c.key) expr(*c.key, false);
        if (c.value) expr(*c.value, false);
        return;
      }
      case NodeKind::Yield:
      case NodeKind::YieldFrom: {
        bool from = e.kind == NodeKind::YieldFrom;
        if (&e != allowed_yield_) {
          if (yield_place_) raise(ErrorId::unsupported_yield, e.range, from ? "yield from" : "yield", yield_place_);
          if (from) raise(ErrorId::unsupported_yield, e.range, "yield from", "an expression");
        }
        const ExprPtr& v = from ? static_cast<const YieldFrom&>(e).value : static_cast<const Yield&>(e).value;
        if (v) expr(*v, false);
        return;
      }
      default:
        return;  // Name, Constant
    }
  }

  bool in_function_ = false;
  const Expr* allowed_yield_ = nullptr;  // a yield that is its statement's whole value
  const char* yield_place_ = nullptr;    // where a yield is refused, or null in a simple statement
  int loops_ = 0;
};

}  // namespace

namespace {

// `from __future__ import X`, as CPython's future.c checks it: only features
// CPython knows, and only at the top of the module (after its docstring and
// other future imports). Every feature is a no-op here: annotations are never
// evaluated, the rest are the defaults of Python 3.
void check_future_imports(const Module& module) {
  static const std::set<std::string> known = {"nested_scopes",   "generators",       "division",
                                              "absolute_import", "with_statement",   "print_function",
                                              "unicode_literals", "barry_as_FLUFL",  "generator_stop",
                                              "annotations"};
  bool at_top = true;
  for (size_t i = 0; i < module.body.size(); ++i) {
    const Stmt& s = *module.body[i];
    bool future = s.kind == NodeKind::ImportFrom && static_cast<const ImportFrom&>(s).module == "__future__";
    if (!future) {
      bool docstring = i == 0 && s.kind == NodeKind::ExprStmt &&
                       static_cast<const ExprStmt&>(s).value->kind == NodeKind::Constant &&
                       static_cast<const Constant&>(*static_cast<const ExprStmt&>(s).value).value_kind == ConstantKind::Str;
      if (!docstring) at_top = false;
      continue;
    }
    if (!at_top) raise(ErrorId::syntax_future_late, s.range);
    for (const Alias& a : static_cast<const ImportFrom&>(s).names) {
      if (a.name == "braces") raise(ErrorId::syntax_future_braces, s.range);
      if (!known.count(a.name)) raise(ErrorId::syntax_future_unknown, s.range, a.name);
    }
  }
}

}  // namespace

void check_module(const Module& module) {
  check_future_imports(module);
  Checker().body(module.body);
}

}  // namespace rungs::lang
