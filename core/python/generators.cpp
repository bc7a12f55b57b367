// Generators, walked resumably (the design is in generators.h). Each gen_*
// function mirrors its exec_* counterpart in exec_stmt.cpp; when
// g.resuming is set it restores its statement's state from g.levels[depth]
// instead of evaluating anything, and it returns Flow::Yield up the walk,
// leaving that state in place, when the body stops at a yield.
#include "core/python/generators.h"

#include <cstdio>

#include "core/python/args.h"
#include "core/python/classes.h"
#include "core/python/exceptions.h"
#include "core/python/interpreter.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

// Per-run counter behind generators' fake addresses (0x7d..., apart from
// instances' 0x7f... and library iterators' 0x7e...).
struct GeneratorSerials : StageState {
  uint64_t next = 1;
};

// The value a yield-bearing statement yields: its whole value (checker).
const lang::Expr& yield_of(const lang::Stmt& s) {
  switch (s.kind) {
    case lang::NodeKind::Assign: return *static_cast<const lang::Assign&>(s).value;
    case lang::NodeKind::AnnAssign: return *static_cast<const lang::AnnAssign&>(s).value;
    case lang::NodeKind::Return: return *static_cast<const lang::Return&>(s).value;
    default: return *static_cast<const lang::ExprStmt&>(s).value;
  }
}

}  // namespace

std::string generator_repr(Interpreter& ip, const std::string& qualname, const char* kind) {
  char address[32];
  std::snprintf(address, sizeof address, "0x7d%010llx",
                static_cast<unsigned long long>(0x1000 + ip.state<GeneratorSerials>().next++ * 16));
  return std::string("<") + kind + " object " + qualname + " at " + address + ">";
}

GeneratorState* generator_of(const Value& v) {
  return v.is(ObjKind::Iterator) ? v.as<IteratorObj>().generator.get() : nullptr;
}

// Calling a generator function binds its arguments (errors surface at the
// call, as in CPython) and runs nothing.
Value Interpreter::make_generator(const Value& function, CallArgs& args) {
  const FunctionObj& fn = function.as<FunctionObj>();
  auto g = std::make_shared<GeneratorState>();
  g->function = function;
  g->env = bind_arguments(fn, args);
  g->interp = this;
  remember_generator(g);
  Interpreter* ip = this;
  auto obj = std::make_shared<IteratorObj>([ip, g](Value& out) {
    g->sent = Value::none();
    return ip->resume_generator(*g, out, ip->current_range());
  });
  // An async def's call is a coroutine: the same resumable body, which
  // only `await` (and asyncio's loop) drives.
  const char* kind = fn.def && fn.def->scope.coroutine ? "coroutine" : "generator";
  obj->type_name = kind;
  obj->generator = g;
  obj->repr = [text = generator_repr(*this, fn.qualname, kind)](Interpreter&) { return text; };
  return Value::object(obj);
}

// Runs `g` from where it stopped to its next yield (true, `out` the yielded
// value) or its end (false, `out` its return value). Its frame is on the
// traceback while it runs, called from `where`.
bool Interpreter::resume_generator(GeneratorState& g, Value& out, SourceRange where) {
  using Status = GeneratorState::Status;
  if (g.status == Status::Running) raise(ErrorId::generator_already_executing, where);
  if (g.status == Status::Done || (g.status == Status::Created && g.has_thrown)) {
    g.status = Status::Done;
    if (g.has_thrown) {
      g.has_thrown = false;
      throw_exception_value(std::move(g.thrown), where);
    }
    out = Value::none();
    return false;
  }
  if (g.status == Status::Created && !g.sent.is_none()) raise(ErrorId::generator_send_non_none, where);
  if (depth_ >= limits_.max_depth) raise(ErrorId::recursion_limit, where, limits_.max_depth);
  const FunctionObj& fn = g.function.as<FunctionObj>();
  SourceRange saved_range = current_range_;
  ++depth_;
  frames_.push_back({fn.name, fn.range(), fn.module && fn.module->filename == "<string>",  // generated code (interpreter.cpp)

                     where.known() ? where : saved_range});
  std::shared_ptr<const lang::Module> saved_module = module_;
  if (fn.module) module_ = fn.module;
  auto leave = [&] {
    frames_.pop_back();
    --depth_;
    module_ = saved_module;
  };
  ReplayOff own_body(*this);  // the caller's replayed statement is not this body
  g.resuming = g.status == Status::Suspended;
  g.status = Status::Running;
  Value ret;
  Flow flow;
  try {
    flow = gen_block(g, fn.def->body, 0, g.env, ret);
  } catch (EngineError& e) {
    annotate(e);
    leave();
    g.status = Status::Done;
    g.resuming = false;
    g.levels.clear();
    // PEP 479: a StopIteration escaping the body would end the caller's
    // loop silently; it becomes a RuntimeError.
    if (e.type != "StopIteration") throw;
    EngineError converted = make_error(ErrorId::generator_raised_stop_iteration, e.where);
    converted.traceback = e.traceback;
    throw converted;
  }
  leave();
  current_range_ = saved_range;
  if (flow == Flow::Yield) {
    g.status = Status::Suspended;
    out = ret;
    return true;
  }
  g.status = Status::Done;
  g.levels.clear();
  out = flow == Flow::Return ? ret : Value::none();
  return false;
}

// The yielded value, or StopIteration carrying the return value.
Value Interpreter::finish_generator_call(GeneratorState& g, bool yielded, Value out, SourceRange where) {
  (void)g;
  if (yielded) return out;
  if (out.is_none()) raise(ErrorId::next_exhausted, where);
  throw_exception_value(call(exception_class("StopIteration"), Values{out}, where), where);
}

Value Interpreter::generator_send(GeneratorState& g, const Value& sent, SourceRange where) {
  g.sent = sent;
  Value out;
  bool yielded = resume_generator(g, out, where);
  g.sent = Value::none();
  return finish_generator_call(g, yielded, out, where);
}

Value Interpreter::generator_throw(GeneratorState& g, const Value& exc, SourceRange where) {
  Value e = exc;
  bool is_class = (exc.is(ObjKind::Builtin) && exc.as<BuiltinObj>().type_tag.rfind("exc:", 0) == 0) ||
                  (exc.is(ObjKind::Class) && !exc.as<ClassObj>().exc_base.empty());
  if (is_class) e = call(exc, Values{}, where);
  if (!e.is(ObjKind::Exception)) raise(ErrorId::generator_throw_type, where, type_name(exc));
  g.thrown = e;
  g.has_thrown = true;
  g.sent = Value::none();
  Value out;
  bool yielded = resume_generator(g, out, where);
  return finish_generator_call(g, yielded, out, where);
}

void Interpreter::generator_close(GeneratorState& g, SourceRange where) {
  using Status = GeneratorState::Status;
  if (g.status != Status::Suspended) {
    if (g.status == Status::Created) g.status = Status::Done;
    return;
  }
  g.thrown = call(exception_class("GeneratorExit"), Values{}, where);
  g.has_thrown = true;
  g.sent = Value::none();
  Value out;
  try {
    if (!resume_generator(g, out, where)) return;
  } catch (EngineError& e) {
    if (e.type == "GeneratorExit" || e.type == "StopIteration") return;
    throw;
  }
  raise(ErrorId::generator_ignored_exit, where);
}

// Raise an exception object as `raise exc` would, from C++.
void Interpreter::throw_exception_value(const Value& exc, SourceRange where) {
  auto& e = exc.as<ExceptionObj>();
  if (e.cls) e.message = str(exc);
  raised_ = exc;
  throw EngineError(e.id, e.type, e.message, where);
}

Interpreter::Flow Interpreter::gen_block(GeneratorState& g, const lang::Body& body, size_t depth,
                                         const EnvPtr& env, Value& ret) {
  size_t i = g.resuming ? g.levels[depth].index : 0;
  for (; i < body.size(); ++i) {
    const lang::Stmt& s = *body[i];
    if (!g.resuming) {
      g.levels.resize(depth + 1);  // what deeper levels held belongs to finished statements
      g.levels[depth] = GenLevel{};
      g.levels[depth].index = i;
    }
    Flow flow = s.has_yield ? gen_stmt(g, s, depth, env, ret) : exec(s, env, ret);
    if (flow != Flow::Normal) return flow;
  }
  return Flow::Normal;
}

Interpreter::Flow Interpreter::gen_stmt(GeneratorState& g, const lang::Stmt& s, size_t depth,
                                        const EnvPtr& env, Value& ret) {
  using lang::NodeKind;
  if (!g.resuming) {
    tick();
    current_range_ = s.range;
    frames_.back().where = s.range;
  }
  switch (s.kind) {
    case NodeKind::ExprStmt:
    case NodeKind::Assign:
    case NodeKind::AnnAssign:
      if (yield_of(s).kind == NodeKind::YieldFrom) return gen_yield(g, s, depth, env, ret);
      return gen_replayed_stmt(g, s, depth, env, ret);
    case NodeKind::Return:
      if (static_cast<const lang::Return&>(s).value && yield_of(s).kind == NodeKind::YieldFrom)
        return gen_yield(g, s, depth, env, ret);
      return gen_replayed_stmt(g, s, depth, env, ret);
    case NodeKind::AugAssign: return gen_replayed_stmt(g, s, depth, env, ret);
    case NodeKind::If: {
      const auto& node = static_cast<const lang::If&>(s);
      if (!g.resuming) {
        Value test = eval(*node.test, env);
        current_range_ = node.test->range;
        g.levels[depth].phase = truthy(test) ? 0 : 1;
      }
      return gen_block(g, g.levels[depth].phase == 0 ? node.body : node.orelse, depth + 1, env, ret);
    }
    case NodeKind::For:
    case NodeKind::While: return gen_loop(g, s, depth, env, ret);
    case NodeKind::Try: return gen_try(g, static_cast<const lang::Try&>(s), depth, env, ret);
    case NodeKind::With: return gen_with(g, static_cast<const lang::With&>(s), depth, env, ret);
    case NodeKind::Match:  // a case block is not resumable yet
      raise(ErrorId::unsupported_yield, s.range, "yield", "a match statement");
    default:  // the checker admits a yield nowhere else
      raise(ErrorId::unsupported_yield, s.range, "yield");
  }
}

// `yield from it` (or `await it`) as a statement, an assignment's or a
// return's whole value: the statement finishes with the delegate's return
// value.
Interpreter::Flow Interpreter::gen_yield(GeneratorState& g, const lang::Stmt& s, size_t depth,
                                         const EnvPtr& env, Value& ret) {
  Value result;
  if (gen_yield_from(g, yield_of(s), depth, env, ret, result) == Flow::Yield) return Flow::Yield;
  current_range_ = s.range;
  frames_.back().where = s.range;
  if (s.kind == lang::NodeKind::Assign) {
    for (const auto& target : static_cast<const lang::Assign&>(s).targets) assign(*target, result, env);
  } else if (s.kind == lang::NodeKind::AnnAssign) {
    assign(*static_cast<const lang::AnnAssign&>(s).target, result, env);
  } else if (s.kind == lang::NodeKind::Return) {
    ret = result;
    return Flow::Return;
  }
  return Flow::Normal;
}

// Any other simple statement with a yield in it runs on the ordinary
// executor with the statement's ExprReplay installed: a yield throws
// GeneratorSuspend up to here, and resuming runs the statement again, its
// evaluated sub-expressions answered from the replay (generators.h).
Interpreter::Flow Interpreter::gen_replayed_stmt(GeneratorState& g, const lang::Stmt& s, size_t depth,
                                                 const EnvPtr& env, Value& ret) {
  if (!g.resuming) {
    g.levels[depth].replay = std::make_shared<ExprReplay>();
  } else {
    g.resuming = false;
    ExprReplay& r = *g.levels[depth].replay;
    r.resuming = true;
    r.sent = g.sent;
    r.has_thrown = g.has_thrown;
    r.thrown = std::move(g.thrown);
    g.has_thrown = false;
  }
  std::shared_ptr<ExprReplay> replay = g.levels[depth].replay;
  ExprReplay* saved = replay_;
  replay_ = replay.get();
  Flow flow;
  try {
    flow = exec(s, env, ret);
  } catch (GeneratorSuspend& suspend) {
    replay_ = saved;
    replay->suspended_at = suspend.at;
    ret = std::move(suspend.value);
    return Flow::Yield;
  } catch (...) {
    replay_ = saved;
    g.levels[depth].replay.reset();
    throw;
  }
  replay_ = saved;
  g.levels[depth].replay.reset();
  return flow;
}

Value Interpreter::eval_replayed(const lang::Expr& expr, const EnvPtr& env) {
  ExprReplay& r = *replay_;
  auto found = r.values.find(&expr);
  if (found != r.values.end()) return found->second;
  Value v;
  if (expr.kind == lang::NodeKind::Yield) {
    if (!r.resuming || r.suspended_at != &expr) {
      const auto& node = static_cast<const lang::Yield&>(expr);
      Value out = node.value ? eval(*node.value, env) : Value::none();
      throw GeneratorSuspend{&expr, std::move(out)};
    }
    r.resuming = false;
    current_range_ = expr.range;
    if (r.has_thrown) {
      r.has_thrown = false;
      throw_exception_value(std::move(r.thrown), expr.range);
    }
    v = std::move(r.sent);
  } else {
    v = eval_node(expr, env);
  }
  r.values[&expr] = v;
  return v;
}

// PEP 380: values the delegate yields pass straight out, values sent and
// exceptions thrown pass straight in, and its return value is the value of
// the `yield from` expression (`result`).
Interpreter::Flow Interpreter::gen_yield_from(GeneratorState& g, const lang::Expr& node, size_t depth,
                                              const EnvPtr& env, Value& ret, Value& result) {
  Value sent, thrown;
  if (!g.resuming) {
    const auto& delegation = static_cast<const lang::YieldFrom&>(node);
    const lang::Expr& source = *delegation.value;
    Value iterable = eval(source, env);
    current_range_ = node.range;
    if (delegation.is_await) iterable = awaited_iterator(*this, iterable, node.range);
    if (GeneratorState* d = generator_of(iterable)) {
      g.levels[depth].delegate = iterable.as<IteratorObj>().generator;
      (void)d;
    } else {
      g.levels[depth].iter = make_iterator(*this, iterable, source.range);
      g.levels[depth].held = iterable;
    }
  } else {
    g.resuming = false;
    current_range_ = node.range;
    sent = g.sent;
    if (g.has_thrown) thrown = std::move(g.thrown);
    g.has_thrown = false;
  }
  bool yielded;
  Value out;
  if (std::shared_ptr<GeneratorState> d = g.levels[depth].delegate) {
    bool exiting = thrown.is(ObjKind::Exception) && thrown.as<ExceptionObj>().type == "GeneratorExit";
    if (exiting) {  // close() closes the delegate, then exits here
      generator_close(*d, node.range);
      throw_exception_value(thrown, node.range);
    }
    d->sent = sent;
    if (thrown.is_obj()) {
      d->thrown = thrown;
      d->has_thrown = true;
    }
    yielded = resume_generator(*d, out, node.range);
    d->sent = Value::none();
  } else {
    if (thrown.is_obj()) throw_exception_value(thrown, node.range);  // a plain iterator has no throw()
    if (!sent.is_none()) raise(ErrorId::no_attribute, node.range, type_name(g.levels[depth].held) + "_iterator", "send");
    yielded = g.levels[depth].iter(out);
    if (!yielded) out = Value::none();
  }
  if (yielded) {
    ret = out;
    return Flow::Yield;
  }
  g.levels[depth].delegate.reset();
  g.levels[depth].iter = nullptr;
  result = out;
  return Flow::Normal;
}

Interpreter::Flow Interpreter::gen_loop(GeneratorState& g, const lang::Stmt& s, size_t depth,
                                        const EnvPtr& env, Value& ret) {
  bool is_for = s.kind == lang::NodeKind::For;
  const auto* for_node = is_for ? static_cast<const lang::For*>(&s) : nullptr;
  const auto* while_node = is_for ? nullptr : static_cast<const lang::While*>(&s);
  const lang::Body& body = is_for ? for_node->body : while_node->body;
  const lang::Body& orelse = is_for ? for_node->orelse : while_node->orelse;
  bool resume_body = false;
  if (g.resuming) {
    if (g.levels[depth].phase == 1) return gen_block(g, orelse, depth + 1, env, ret);
    resume_body = true;
  } else if (is_for) {
    Value iterable = eval(*for_node->iter, env);
    current_range_ = for_node->iter->range;
    g.levels[depth].iter = make_iterator(*this, iterable, for_node->iter->range);
  }
  while (true) {
    if (!resume_body) {
      if (is_for) {
        Value item;
        if (!g.levels[depth].iter(item)) break;
        assign(*for_node->target, item, env);
      } else {
        tick();
        Value test = eval(*while_node->test, env);
        current_range_ = while_node->test->range;
        if (!truthy(test)) break;
      }
    }
    resume_body = false;
    Flow flow = gen_block(g, body, depth + 1, env, ret);
    if (flow == Flow::Yield || flow == Flow::Return) return flow;
    if (flow == Flow::Break) return Flow::Normal;
  }
  g.levels[depth].phase = 1;
  g.levels[depth].iter = nullptr;
  return gen_block(g, orelse, depth + 1, env, ret);
}

// try/except/else/finally with the clause being run kept in the level, so a
// yield inside any clause resumes inside the same clause: exceptions raised
// after resuming meet the same handlers, and `finally` still runs once.
Interpreter::Flow Interpreter::gen_try(GeneratorState& g, const lang::Try& node, size_t depth,
                                       const EnvPtr& env, Value& ret) {
  if (!g.resuming) g.levels[depth].phase = kTryBody;
  const int start_phase = g.levels[depth].phase;
  int phase = start_phase;
  Flow flow = Flow::Normal;
  std::optional<EngineError> pending;  // an exception waiting for `finally`
  if (phase >= kTryHandler) {
    flow = gen_handler(g, node, depth, env, ret, pending);
    if (flow == Flow::Yield) return flow;
  } else if (phase != kTryFinally) {
    try {
      if (phase == kTryBody) {
        flow = gen_block(g, node.body, depth + 1, env, ret);
        if (flow == Flow::Yield) return flow;
        if (flow == Flow::Normal && !node.orelse.empty()) {
          phase = g.levels[depth].phase = kTryElse;
          flow = gen_block(g, node.orelse, depth + 1, env, ret);
        }
      } else {
        flow = gen_block(g, node.orelse, depth + 1, env, ret);
      }
      if (flow == Flow::Yield) return flow;
    } catch (EngineError& e) {
      annotate(e);
      Value exc = is_fatal(e) ? Value() : caught_value(e);
      const lang::ExceptHandler* handler = phase == kTryBody ? match_handler(node, e, exc, env) : nullptr;
      if (!handler) {
        pending = e;
      } else {
        raised_ = Value();  // handled: a later error with the same text is a new one
        g.levels[depth].phase = kTryHandler + static_cast<int>(handler - node.handlers.data());
        g.levels[depth].held = exc;
        if (!handler->name.empty()) assign_name(handler->name, exc, env);
        flow = gen_handler(g, node, depth, env, ret, pending);
        if (flow == Flow::Yield) return flow;
      }
    }
  }
  if (node.finalbody.empty()) {
    if (pending) throw *pending;
    return flow;
  }
  if (start_phase != kTryFinally) {
    GenLevel& level = g.levels[depth];
    level.phase = kTryFinally;
    level.pending_error = pending;
    level.pending_raised = pending ? raised_ : Value();
    level.pending_flow = static_cast<int>(flow);
    level.pending_ret = ret;
  }
  Value final_ret;
  Flow final_flow = gen_block(g, node.finalbody, depth + 1, env, final_ret);
  if (final_flow != Flow::Normal) {  // a yield, or `return` in finally, which wins
    ret = final_ret;
    return final_flow;
  }
  GenLevel& level = g.levels[depth];
  if (level.pending_error) {
    raised_ = level.pending_raised;
    throw *level.pending_error;
  }
  ret = level.pending_ret;
  return static_cast<Flow>(level.pending_flow);
}

// The except clause the level's phase names, handling the level's exception.
Interpreter::Flow Interpreter::gen_handler(GeneratorState& g, const lang::Try& node, size_t depth,
                                           const EnvPtr& env, Value& ret, std::optional<EngineError>& pending) {
  const lang::ExceptHandler& h = node.handlers[static_cast<size_t>(g.levels[depth].phase - kTryHandler)];
  handling_.push_back(g.levels[depth].held);
  Flow flow = Flow::Normal;
  try {
    flow = gen_block(g, h.body, depth + 1, env, ret);
  } catch (EngineError& inner) {
    annotate(inner);
    handling_.pop_back();
    pending = inner;
    if (!h.name.empty()) env->vars.erase(h.name);
    return Flow::Normal;
  }
  handling_.pop_back();  // a suspended handler pushes it again when resumed
  if (flow != Flow::Yield && !h.name.empty()) env->vars.erase(h.name);
  return flow;
}

// A with block that yields keeps its managers entered until it ends.
Interpreter::Flow Interpreter::gen_with(GeneratorState& g, const lang::With& node, size_t depth,
                                        const EnvPtr& env, Value& ret) {
  if (!g.resuming) g.levels[depth].held = make_tuple(enter_managers(node, env));
  Flow flow;
  try {
    flow = gen_block(g, node.body, depth + 1, env, ret);
  } catch (EngineError& e) {
    annotate(e);
    Values managers = g.levels[depth].held.as<TupleObj>().items;
    if (exit_managers(node, managers, &e) && !is_fatal(e)) return Flow::Normal;
    throw;
  }
  if (flow == Flow::Yield) return flow;
  Values managers = g.levels[depth].held.as<TupleObj>().items;
  exit_managers(node, managers, nullptr);
  return flow;
}

// g.send, g.throw, g.close, g.__next__, g.__iter__, __name__, __qualname__.
bool generator_getattr(Interpreter& ip, const Value& gen, const std::string& name, Value& out) {
  (void)ip;
  GeneratorState* g = generator_of(gen);
  if (!g) return false;
  const FunctionObj& fn = g->function.as<FunctionObj>();
  Value self = gen;
  auto method = [&](const char* qual, BuiltinFn f) { out = make_builtin(std::string("generator.") + qual, std::move(f)); };
  if (name == "__name__") out = make_str(fn.name);
  else if (name == "__qualname__") out = make_str(fn.qualname);
  else if (name == "gi_running") out = Value::boolean(g->status == GeneratorState::Status::Running);
  else if (name == "send")
    method("send", [self](Interpreter& ip, CallArgs& a) {
      Args args(a, "send", {"value"}, 1);
      return ip.generator_send(*generator_of(self), args[0], a.where);
    });
  else if (name == "__next__")
    method("__next__", [self](Interpreter& ip, CallArgs& a) {
      Args args(a, "__next__", {}, 0);
      return ip.generator_send(*generator_of(self), Value::none(), a.where);
    });
  else if (name == "throw")
    method("throw", [self](Interpreter& ip, CallArgs& a) {
      Args args(a, "throw", {"typ"}, 1);
      return ip.generator_throw(*generator_of(self), args[0], a.where);
    });
  else if (name == "close")
    method("close", [self](Interpreter& ip, CallArgs& a) {
      Args args(a, "close", {}, 0);
      ip.generator_close(*generator_of(self), a.where);
      return Value::none();
    });
  else if (name == "__iter__")
    method("__iter__", [self](Interpreter&, CallArgs&) { return self; });
  else
    return false;
  return true;
}

}  // namespace rungs::python
