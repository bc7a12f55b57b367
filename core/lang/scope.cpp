// The resolver walks the tree once in source order, recording for each scope
// how every name is used (CPython's DEF_PARAM / DEF_LOCAL / USE / DEF_ANNOT /
// DEF_GLOBAL / DEF_NONLOCAL flags), raising declaration errors as it meets
// them, exactly when symtable.c's visitor would. A second step resolves
// `nonlocal` against enclosing functions and writes each Scope.
#include "core/lang/scope.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/errors/error.h"

namespace rungs::lang {

namespace {

struct Symbol {
  bool param = false, bound = false, used = false, annotated = false;
  bool iteration = false;  // a comprehension's `for` target
  bool global = false, nonlocal = false;
  SourceRange declared;  // the global/nonlocal statement
};

struct ScopeInfo {
  enum Kind { ModuleScope, FunctionScope, ComprehensionScope, ClassScope } kind;
  ScopeInfo* parent;
  Scope* out;  // the FunctionDef/Lambda/ClassDef's Scope to fill; null otherwise
  std::map<std::string, Symbol> symbols;
  std::vector<std::string> params;       // in order
  std::vector<std::string> bound_order;  // first binding order
  std::vector<std::string> global_order;  // declaration order
  std::vector<std::pair<std::string, SourceRange>> nonlocal_decls;
  size_t stmt_base = 0;  // a function: how many statements enclose its `def`
  NodeKind comp_kind = NodeKind::ListComp;  // a comprehension: which one
};

class Resolver {
 public:
  void run(Module& module) {
    ScopeInfo* top = new_scope(ScopeInfo::ModuleScope, nullptr, nullptr);
    for (StmtPtr& s : module.body) stmt(*s, *top);
    for (auto& sc : scopes_) finish(*sc);
  }

 private:
  ScopeInfo* new_scope(ScopeInfo::Kind kind, ScopeInfo* parent, Scope* out) {
    scopes_.push_back(std::make_unique<ScopeInfo>(ScopeInfo{kind, parent, out, {}, {}, {}, {}, {}}));
    return scopes_.back().get();
  }

  static void bind(ScopeInfo& sc, const std::string& name) {
    Symbol& sym = sc.symbols[name];
    if (!sym.bound && !sym.param) sc.bound_order.push_back(name);
    sym.bound = true;
  }

  void params(std::vector<Param>& ps, ScopeInfo& outer, ScopeInfo& inner) {
    // Defaults and annotations are evaluated in the enclosing scope.
    for (Param& p : ps) {
      if (p.annotation) expr(*p.annotation, outer);
    }
    for (Param& p : ps) {
      if (p.default_value) expr(*p.default_value, outer);
    }
    for (Param& p : ps) {
      Symbol& sym = inner.symbols[p.name];
      if (sym.param) raise(ErrorId::syntax_duplicate_argument, p.range, p.name);
      sym.param = true;
      inner.params.push_back(p.name);
    }
  }

  void declare(Stmt& s, const std::vector<std::string>& names, bool nonlocal, ScopeInfo& sc) {
    if (nonlocal && sc.kind == ScopeInfo::ModuleScope) {
      raise(ErrorId::syntax_nonlocal_module, s.range);
    }
    for (const std::string& name : names) {
      Symbol& sym = sc.symbols[name];
      if (sym.param) {
        raise(nonlocal ? ErrorId::syntax_parameter_nonlocal : ErrorId::syntax_parameter_global,
              s.range, name);
      }
      if (sym.used) {
        raise(nonlocal ? ErrorId::syntax_used_before_nonlocal : ErrorId::syntax_used_before_global,
              s.range, name);
      }
      if (sym.annotated) {
        raise(nonlocal ? ErrorId::syntax_annotated_nonlocal : ErrorId::syntax_annotated_global,
              s.range, name);
      }
      if (sym.bound) {
        raise(nonlocal ? ErrorId::syntax_assigned_before_nonlocal
                       : ErrorId::syntax_assigned_before_global,
              s.range, name);
      }
      if ((nonlocal && sym.global) || (!nonlocal && sym.nonlocal)) {
        raise(ErrorId::syntax_nonlocal_and_global, sym.declared, name);
      }
      if (nonlocal) {
        if (!sym.nonlocal) sc.nonlocal_decls.push_back({name, s.range});
        sym.nonlocal = true;
      } else {
        if (!sym.global) sc.global_order.push_back(name);
        sym.global = true;
      }
      if (!sym.declared.known()) sym.declared = s.range;
    }
  }

  void body(Body& b, ScopeInfo& sc) {
    for (StmtPtr& s : b) stmt(*s, sc);
  }

  // A case pattern: its captures bind in the enclosing scope, its values,
  // literals, classes and keys are loads.
  void pattern(Pattern& p, ScopeInfo& sc) {
    if (!p.name.empty()) bind(sc, p.name);
    if (p.value) expr(*p.value, sc);
    for (ExprPtr& k : p.keys) expr(*k, sc);
    for (PatternPtr& item : p.items) pattern(*item, sc);
    for (PatternPtr& item : p.kwd_items) pattern(*item, sc);
  }

  // Every statement is visited with the statements enclosing it on stmts_,
  // so a `yield` can mark the ones of its function (Stmt::has_yield).
  void stmt(Stmt& s, ScopeInfo& sc) {
    stmts_.push_back(&s);
    stmt_kinds(s, sc);
    stmts_.pop_back();
  }

  // A yield makes its function a generator; CPython's symtable refuses it in
  // a comprehension, and its compiler outside any function.
  void yield(Expr& e, ScopeInfo& sc) {
    if (e.kind == NodeKind::YieldFrom && static_cast<YieldFrom&>(e).is_await) return await(e, sc);
    if (sc.kind == ScopeInfo::FunctionScope && sc.out->coroutine) raise(ErrorId::unsupported_async, e.range);
    if (sc.kind == ScopeInfo::ComprehensionScope) {
      const char* what = sc.comp_kind == NodeKind::ListComp  ? "list comprehension"
                         : sc.comp_kind == NodeKind::SetComp ? "set comprehension"
                         : sc.comp_kind == NodeKind::DictComp ? "dict comprehension"
                                                              : "generator expression";
      raise(ErrorId::syntax_yield_in_comprehension, e.range, what);
    }
    if (sc.kind != ScopeInfo::FunctionScope) raise(ErrorId::syntax_yield_outside, e.range);
    sc.out->generator = true;
    for (size_t k = sc.stmt_base; k < stmts_.size(); ++k) stmts_[k]->has_yield = true;
  }

  // `await` belongs to an async def's own body (CPython's compiler texts);
  // in a comprehension there it would make an async comprehension.
  void await(Expr& e, ScopeInfo& sc) {
    const ScopeInfo* fn = &sc;
    while (fn->kind == ScopeInfo::ComprehensionScope) fn = fn->parent;
    if (fn->kind != ScopeInfo::FunctionScope) raise(ErrorId::syntax_await_outside_function, e.range);
    if (!fn->out->coroutine) raise(ErrorId::syntax_await_outside_async, e.range);
    if (&sc != fn) raise(ErrorId::unsupported_async, e.range);
    sc.out->generator = true;
    for (size_t k = sc.stmt_base; k < stmts_.size(); ++k) stmts_[k]->has_yield = true;
  }

  void stmt_kinds(Stmt& s, ScopeInfo& sc) {
    switch (s.kind) {
      case NodeKind::ExprStmt: return expr(*static_cast<ExprStmt&>(s).value, sc);
      case NodeKind::Assign: {
        auto& a = static_cast<Assign&>(s);
        expr(*a.value, sc);
        for (ExprPtr& t : a.targets) expr(*t, sc);
        return;
      }
      case NodeKind::AugAssign: {
        auto& a = static_cast<AugAssign&>(s);
        expr(*a.value, sc);
        return expr(*a.target, sc);
      }
      case NodeKind::AnnAssign: {
        auto& a = static_cast<AnnAssign&>(s);
        if (a.target->kind == NodeKind::Name) {
          const std::string& id = static_cast<Name&>(*a.target).id;
          Symbol& sym = sc.symbols[id];
          if (sym.global || sym.nonlocal) {
            raise(sym.global ? ErrorId::syntax_annotated_global : ErrorId::syntax_annotated_nonlocal,
                  s.range, id);
          }
          sym.annotated = true;
        }
        expr(*a.annotation, sc);
        if (a.value) expr(*a.value, sc);
        return expr(*a.target, sc);
      }
      case NodeKind::FunctionDef: {
        auto& f = static_cast<FunctionDef&>(s);
        for (ExprPtr& d : f.decorators) expr(*d, sc);
        if (f.returns) expr(*f.returns, sc);
        ScopeInfo* inner = new_scope(ScopeInfo::FunctionScope, &sc, &f.scope);
        inner->stmt_base = stmts_.size();
        if (f.scope.coroutine) f.scope.generator = true;  // its body runs resumably even without an await
        params(f.params, sc, *inner);
        bind(sc, f.name);
        return body(f.body, *inner);
      }
      case NodeKind::ClassDef: {
        // Bases, keywords and decorators are evaluated outside; the body in
        // a class scope, which nested functions skip when resolving names.
        auto& c = static_cast<ClassDef&>(s);
        for (ExprPtr& d : c.decorators) expr(*d, sc);
        exprs(c.bases, sc);
        for (Keyword& k : c.keywords) expr(*k.value, sc);
        bind(sc, c.name);
        return body(c.body, *new_scope(ScopeInfo::ClassScope, &sc, &c.scope));
      }
      case NodeKind::Return:
        if (auto& v = static_cast<Return&>(s).value) expr(*v, sc);
        return;
      case NodeKind::If: {
        auto& i = static_cast<If&>(s);
        expr(*i.test, sc);
        body(i.body, sc);
        return body(i.orelse, sc);
      }
      case NodeKind::For: {
        auto& f = static_cast<For&>(s);
        expr(*f.iter, sc);
        expr(*f.target, sc);
        body(f.body, sc);
        return body(f.orelse, sc);
      }
      case NodeKind::While: {
        auto& w = static_cast<While&>(s);
        expr(*w.test, sc);
        body(w.body, sc);
        return body(w.orelse, sc);
      }
      case NodeKind::Match: {
        auto& m = static_cast<Match&>(s);
        expr(*m.subject, sc);
        for (MatchCase& c : m.cases) {
          pattern(*c.pattern, sc);
          if (c.guard) expr(*c.guard, sc);
          body(c.body, sc);
        }
        return;
      }
      case NodeKind::Try: {
        auto& t = static_cast<Try&>(s);
        body(t.body, sc);
        for (ExceptHandler& h : t.handlers) {
          if (h.type) expr(*h.type, sc);
          if (!h.name.empty()) bind(sc, h.name);
          body(h.body, sc);
        }
        body(t.orelse, sc);
        return body(t.finalbody, sc);
      }
      case NodeKind::Raise: {
        auto& r = static_cast<Raise&>(s);
        if (r.exc) expr(*r.exc, sc);
        if (r.cause) expr(*r.cause, sc);
        return;
      }
      case NodeKind::Assert: {
        auto& a = static_cast<Assert&>(s);
        expr(*a.test, sc);
        if (a.msg) expr(*a.msg, sc);
        return;
      }
      case NodeKind::With: {
        auto& w = static_cast<With&>(s);
        for (WithItem& item : w.items) {
          expr(*item.context_expr, sc);
          if (item.optional_vars) expr(*item.optional_vars, sc);
        }
        return body(w.body, sc);
      }
      case NodeKind::Import:
        for (Alias& a : static_cast<Import&>(s).names) {
          bind(sc, a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname);
        }
        return;
      case NodeKind::ImportFrom:
        for (Alias& a : static_cast<ImportFrom&>(s).names) {
          if (a.name != "*") bind(sc, a.asname.empty() ? a.name : a.asname);
        }
        return;
      case NodeKind::Global: return declare(s, static_cast<Global&>(s).names, false, sc);
      case NodeKind::Nonlocal: return declare(s, static_cast<Nonlocal&>(s).names, true, sc);
      case NodeKind::Delete:
        for (ExprPtr& t : static_cast<Delete&>(s).targets) expr(*t, sc);
        return;
      default:
        return;  // Pass, Break, Continue
    }
  }

  void comprehension(Comp& c, ScopeInfo& sc) {
    // The first iterable is evaluated outside; everything else inside.
    expr(*c.generators.front().iter, sc);
    ScopeInfo* inner = new_scope(ScopeInfo::ComprehensionScope, &sc, nullptr);
    inner->comp_kind = c.kind;
    for (size_t k = 0; k < c.generators.size(); ++k) {
      Comprehension& g = c.generators[k];
      if (k > 0) expr(*g.iter, *inner);
      expr(*g.target, *inner);
      mark_iteration_targets(*g.target, *inner);
      for (ExprPtr& cond : g.ifs) expr(*cond, *inner);
    }
    if (c.elt) expr(*c.elt, *inner);
    if (c.key) expr(*c.key, *inner);
    if (c.value) expr(*c.value, *inner);
  }

  static void mark_iteration_targets(Expr& target, ScopeInfo& sc) {
    if (target.kind == NodeKind::Name) sc.symbols[static_cast<Name&>(target).id].iteration = true;
    if (target.kind == NodeKind::Starred) mark_iteration_targets(*static_cast<Starred&>(target).value, sc);
    if (target.kind == NodeKind::Tuple || target.kind == NodeKind::List) {
      auto& elts = target.kind == NodeKind::Tuple ? static_cast<Tuple&>(target).elts : static_cast<List&>(target).elts;
      for (ExprPtr& e : elts) mark_iteration_targets(*e, sc);
    }
  }

  // `name := value` binds in the nearest scope that is not a comprehension
  // (PEP 572), with symtable.c's two errors for comprehensions.
  void named_expr(NamedExpr& n, ScopeInfo& sc) {
    expr(*n.value, sc);
    const std::string& name = static_cast<Name&>(*n.target).id;
    ScopeInfo* target = &sc;
    for (ScopeInfo* s = &sc; s->kind == ScopeInfo::ComprehensionScope; s = s->parent) {
      if (s->symbols.count(name) && s->symbols[name].iteration)
        raise(ErrorId::syntax_walrus_rebinds_iteration, n.target->range, name);
      target = s->parent;
    }
    if (target != &sc && target->kind == ScopeInfo::ClassScope)
      raise(ErrorId::syntax_walrus_in_class_comprehension, n.target->range);
    bind(*target, name);
  }

  void exprs(std::vector<ExprPtr>& es, ScopeInfo& sc) {
    for (ExprPtr& e : es) {
      if (e) expr(*e, sc);
    }
  }

  void expr(Expr& e, ScopeInfo& sc) {
    switch (e.kind) {
      case NodeKind::Name: {
        auto& n = static_cast<Name&>(e);
        if (n.ctx == Ctx::Load) {
          sc.symbols[n.id].used = true;
        } else {
          bind(sc, n.id);
        }
        return;
      }
      case NodeKind::Constant: return;
      case NodeKind::JoinedStr: return exprs(static_cast<JoinedStr&>(e).values, sc);
      case NodeKind::FormattedValue: {
        auto& f = static_cast<FormattedValue&>(e);
        expr(*f.value, sc);
        if (f.format_spec) expr(*f.format_spec, sc);
        return;
      }
      case NodeKind::Tuple: return exprs(static_cast<Tuple&>(e).elts, sc);
      case NodeKind::List: return exprs(static_cast<List&>(e).elts, sc);
      case NodeKind::Set: return exprs(static_cast<Set&>(e).elts, sc);
      case NodeKind::Dict: {
        auto& d = static_cast<Dict&>(e);
        for (size_t k = 0; k < d.values.size(); ++k) {
          if (d.keys[k]) expr(*d.keys[k], sc);
          expr(*d.values[k], sc);
        }
        return;
      }
      case NodeKind::BinOp: {
        auto& b = static_cast<BinOp&>(e);
        expr(*b.left, sc);
        return expr(*b.right, sc);
      }
      case NodeKind::UnaryOp: return expr(*static_cast<UnaryOp&>(e).operand, sc);
      case NodeKind::BoolOp: return exprs(static_cast<BoolOp&>(e).values, sc);
      case NodeKind::Compare: {
        auto& c = static_cast<Compare&>(e);
        expr(*c.left, sc);
        return exprs(c.comparators, sc);
      }
      case NodeKind::Call: {
        auto& c = static_cast<Call&>(e);
        expr(*c.func, sc);
        exprs(c.args, sc);
        for (Keyword& k : c.keywords) expr(*k.value, sc);
        return;
      }
      case NodeKind::Attribute: return expr(*static_cast<Attribute&>(e).value, sc);
      case NodeKind::Subscript: {
        auto& s = static_cast<Subscript&>(e);
        expr(*s.value, sc);
        return expr(*s.slice, sc);
      }
      case NodeKind::Slice: {
        auto& s = static_cast<Slice&>(e);
        if (s.lower) expr(*s.lower, sc);
        if (s.upper) expr(*s.upper, sc);
        if (s.step) expr(*s.step, sc);
        return;
      }
      case NodeKind::Starred: return expr(*static_cast<Starred&>(e).value, sc);
      case NodeKind::Lambda: {
        auto& l = static_cast<Lambda&>(e);
        ScopeInfo* inner = new_scope(ScopeInfo::FunctionScope, &sc, &l.scope);
        inner->stmt_base = stmts_.size();
        params(l.params, sc, *inner);
        return expr(*l.body, *inner);
      }
      case NodeKind::IfExp: {
        auto& i = static_cast<IfExp&>(e);
        expr(*i.test, sc);
        expr(*i.body, sc);
        return expr(*i.orelse, sc);
      }
      case NodeKind::NamedExpr: return named_expr(static_cast<NamedExpr&>(e), sc);
      case NodeKind::Yield: {
        auto& y = static_cast<Yield&>(e);
        if (y.value) expr(*y.value, sc);
        return yield(e, sc);
      }
      case NodeKind::YieldFrom:
        expr(*static_cast<YieldFrom&>(e).value, sc);
        return yield(e, sc);
      case NodeKind::ListComp:
      case NodeKind::SetComp:
      case NodeKind::DictComp:
      case NodeKind::GeneratorExp:
        return comprehension(static_cast<Comp&>(e), sc);
      default:
        return;
    }
  }

  // analyze_block: resolve nonlocals, then write the Scope.
  void finish(ScopeInfo& sc) {
    for (const auto& [name, where] : sc.nonlocal_decls) {
      bool found = false;
      for (ScopeInfo* up = sc.parent; up && !found; up = up->parent) {
        if (up->kind != ScopeInfo::FunctionScope) continue;
        auto it = up->symbols.find(name);
        if (it == up->symbols.end() || it->second.global) continue;
        const Symbol& sym = it->second;
        found = sym.param || sym.bound || sym.nonlocal;
      }
      if (!found) raise(ErrorId::syntax_nonlocal_unbound, where, name);
    }
    if (!sc.out) return;
    for (const std::string& p : sc.params) sc.out->locals.push_back(p);
    for (const std::string& name : sc.bound_order) {
      const Symbol& sym = sc.symbols[name];
      if (!sym.param && !sym.global && !sym.nonlocal) sc.out->locals.push_back(name);
    }
    sc.out->globals = sc.global_order;
    for (const auto& [name, where] : sc.nonlocal_decls) sc.out->nonlocals.push_back(name);
  }

  std::vector<std::unique_ptr<ScopeInfo>> scopes_;
  std::vector<Stmt*> stmts_;  // the statements enclosing the one being visited
};

}  // namespace

void resolve_scopes(Module& module) { Resolver().run(module); }

}  // namespace rungs::lang
