// The interpreter's frame of work: budgets, modules, calling functions and
// binding their arguments. Statements and expressions live in
// exec_stmt.cpp and eval_expr.cpp.
#include "core/python/interpreter.h"

#include "core/python/frame_cycles.h"

#include <atomic>

#include "core/python/classes.h"
#include "core/python/sys_modules.h"
#include "core/python/user_keys.h"
#include "core/python/exceptions.h"
#include "core/python/value_ops.h"
#include "core/lang/parser.h"

namespace rungs::python {

namespace {
// The filename CPython gives exec'd generated code.
const char* const kGeneratedFilename = "<string>";
std::atomic<bool> g_interrupt{false};
const volatile int32_t* g_interrupt_flag = nullptr;

std::unordered_map<std::string, Interpreter::ModuleFactory>& module_factories() {
  static std::unordered_map<std::string, Interpreter::ModuleFactory> table;
  return table;
}

std::string plural(size_t n) { return n == 1 ? "" : "s"; }

// "'a', 'b' and 'c'" as CPython lists missing arguments.
std::string quoted_list(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += (i + 1 == names.size()) ? (names.size() > 2 ? ", and " : " and ") : ", ";
    out += "'" + names[i] + "'";
  }
  return out;
}
}  // namespace

Interpreter::Interpreter(Limits limits) : limits_(limits) {
  globals_ = std::make_shared<Env>();
  globals_->globals = globals_.get();
  globals_->vars["__name__"] = make_str("__main__");
  register_key_interpreter(this);
}

Interpreter::~Interpreter() {
  unregister_key_interpreter(this);
  accepting_dropped_generators_ = false;  // what the teardown frees runs no more Python
  // Functions stored in globals hold the globals env through their closure:
  // break the cycle so the whole heap is released.
  if (globals_) globals_->vars.clear();
  raised_ = Value();
  handling_.clear();
  // Then every cycle the run left behind (closures holding their own frame,
  // self-containing lists), which reference counting alone never frees.
  heap_.collect();
  dropped_generators_.clear();
}

void Interpreter::set_interrupt_flag(const volatile int32_t* flag) { g_interrupt_flag = flag; }
void Interpreter::request_interrupt() { g_interrupt = true; }
void Interpreter::clear_interrupt() { g_interrupt = false; }

void Interpreter::tick(int64_t steps) {
  steps_ += steps;
  if (steps_ > limits_.max_steps) raise_here(ErrorId::step_limit, limits_.max_steps);
  if ((steps_ & 1023) < steps) {
    if (g_interrupt.load(std::memory_order_relaxed) || (g_interrupt_flag && *g_interrupt_flag))
      raise_here(ErrorId::interrupted, "the host asked the engine to stop");
  }
}

void Interpreter::write_stdout(const std::string& text) {
  // The write that would cross the limit is refused whole, so what was
  // printed before stays readable and ends at a line boundary.
  if (static_cast<int64_t>(stdout_.size() + text.size()) > limits_.max_output)
    raise_here(ErrorId::output_limit, limits_.max_output);
  stdout_ += text;
}

void Interpreter::register_module(const std::string& name, ModuleFactory factory) {
  module_factories()[name] = std::move(factory);
}

Interpreter::ModuleFactory Interpreter::module_factory(const std::string& name) {
  auto it = module_factories().find(name);
  return it == module_factories().end() ? ModuleFactory() : it->second;
}

Value Interpreter::import_module(const std::string& dotted, SourceRange where) {
  if (const Value* cached = cached_module(*this, dotted)) return *cached;
  auto it = module_factories().find(dotted);
  if (it == module_factories().end()) {
    if (std::optional<Value> found = import_from_files(dotted, where)) return *found;
    raise(ErrorId::no_module, where, dotted);
  }
  Value module = it->second(*this);
  cache_module(*this, dotted, module);
  return module;
}

size_t Interpreter::next_state_slot() {
  static size_t next = 0;
  return next++;
}

void Interpreter::exec_module(std::shared_ptr<const lang::Module> module) {
  HeapScope heap_scope(heap_);  // lists, dicts and scopes made by this run join its heap
  modules_.push_back(module);
  module_ = module;
  filename_ = module->filename;
  frames_.clear();
  frames_.push_back({"<module>", {}});
  // A script's __doc__ and __file__ (the first cell's, in a notebook).
  if (!globals_->vars.count("__doc__")) globals_->vars["__doc__"] = body_docstring(module->body);
  if (!globals_->vars.count("__file__")) globals_->vars["__file__"] = make_str(filename_);
  Value ret;
  try {
    // `python -m pkg.sub.main` imports pkg and pkg.sub before running main.
    if (!program_files_.package.empty() && !cached_module(*this, program_files_.package))
      import_module(program_files_.package, {});
    exec_block(module->body, globals_, ret);
    if (!dropped_generators_.empty()) close_dropped_generators();
  } catch (EngineError& e) {
    annotate(e);
    frames_.clear();
    throw;
  }
  frames_.clear();
}

void Interpreter::annotate(EngineError& e) {
  if (!e.where.known()) e.where = current_range_;
  if (e.traceback.empty()) {
    for (auto f = frames_.rbegin(); f != frames_.rend() && f->generated; ++f) e.where = f->call_site;
    for (const FrameInfo& f : frames_) {
      if (!f.generated) e.traceback.push_back({f.name, f.where});
    }
    if (!e.traceback.empty()) e.traceback.back().where = e.where;
  }
}

SourceRange Interpreter::user_site() const {
  SourceRange where = current_range_;
  for (auto f = frames_.rbegin(); f != frames_.rend() && f->generated; ++f) where = f->call_site;
  return where;
}

Value Interpreter::call(const Value& callee, Values positional, SourceRange where) {
  CallArgs args;
  args.positional = std::move(positional);
  args.where = where;
  return call(callee, std::move(args));
}

Value Interpreter::call(const Value& callee, CallArgs args) {
  tick();
  if (callee.is_obj()) {
    switch (callee.obj()->kind) {
      case ObjKind::Function: {
        const FunctionObj& fn = callee.as<FunctionObj>();
        if (fn.def && fn.def->scope.generator) return make_generator(callee, args);
        return call_function(fn, args);
      }
      case ObjKind::Builtin: {
        if (!args.where.known()) args.where = current_range_;
        return callee.as<BuiltinObj>().fn(*this, args);
      }
      case ObjKind::Record: {
        const RecordObj& rec = callee.as<RecordObj>();
        if (rec.type->call) return rec.type->call(*this, callee, args);
        break;
      }
      default: {
        Value out;
        if (class_call(*this, callee, args, out)) return out;
        break;
      }
    }
  }
  raise(ErrorId::not_callable, args.where.known() ? args.where : current_range_, type_name(callee));
}

Value Interpreter::call_function(const FunctionObj& fn, CallArgs& args) {
  if (depth_ >= limits_.max_depth) raise(ErrorId::recursion_limit, args.where, limits_.max_depth);
  ReplayOff own_body(*this);  // the caller's replayed statement is not this body
  EnvPtr env = bind_arguments(fn, args);
  ++depth_;
  SourceRange saved_range = current_range_;
  bool generated = fn.module && fn.module->filename == kGeneratedFilename;
  frames_.push_back({fn.name, fn.range(), generated, args.where.known() ? args.where : saved_range});
  // The body runs in its own module, so functions it defines belong there
  // too (a generated function's inner functions stay hidden in tracebacks).
  std::shared_ptr<const lang::Module> saved_module = module_;
  if (fn.module) module_ = fn.module;
  Value ret;
  try {
    if (fn.def) {
      exec_block(fn.def->body, env, ret);
    } else {
      ret = eval(*fn.lambda->body, env);
    }
  } catch (EngineError& e) {
    annotate(e);
    frames_.pop_back();
    --depth_;
    module_ = saved_module;
    throw;
  }
  frames_.pop_back();
  --depth_;
  module_ = saved_module;
  current_range_ = saved_range;
  // A frame kept alive only by closures it defined (a kernel defined in a
  // test) is a cycle: broken here rather than at the end of the run.
  break_frame_cycle(env);
  // Generators local to the call are dropped with its frame, and CPython
  // closes them before the caller goes on.
  env.reset();
  if (!dropped_generators_.empty()) close_dropped_generators();
  return ret;
}

// Python's argument binding: positionals fill parameters in order, surplus
// goes to *args; keywords match by name, unknown ones go to **kwargs; then
// defaults; then the errors CPython raises for whatever is still missing.
EnvPtr Interpreter::bind_arguments(const FunctionObj& fn, CallArgs& args) {
  auto env = std::make_shared<Env>();
  env->parent = fn.closure;
  env->scope = &fn.scope();
  env->globals = fn.closure && fn.closure->globals ? fn.closure->globals : globals_.get();
  env->qualname_prefix = fn.qualname + ".<locals>";
  if (fn.owner) env->vars["__class__"] = Value::object(std::static_pointer_cast<Object>(fn.owner));
  const auto& params = fn.params();
  const std::string& name = fn.qualname;
  SourceRange where = args.where.known() ? args.where : current_range_;

  std::vector<bool> bound(params.size(), false);
  size_t next_positional = 0;
  int var_positional = -1, var_keyword = -1;
  size_t num_positional_params = 0;
  for (size_t i = 0; i < params.size(); ++i) {
    if (params[i].kind == lang::ParamKind::VarPositional) var_positional = static_cast<int>(i);
    if (params[i].kind == lang::ParamKind::VarKeyword) var_keyword = static_cast<int>(i);
    if (params[i].kind == lang::ParamKind::Positional ||
        params[i].kind == lang::ParamKind::PositionalOnly)
      ++num_positional_params;
  }

  Values extra_positional;
  for (const Value& v : args.positional) {
    while (next_positional < params.size() &&
           params[next_positional].kind != lang::ParamKind::Positional &&
           params[next_positional].kind != lang::ParamKind::PositionalOnly)
      ++next_positional;
    if (next_positional < params.size() &&
        (params[next_positional].kind == lang::ParamKind::Positional ||
         params[next_positional].kind == lang::ParamKind::PositionalOnly)) {
      env->vars[params[next_positional].name] = v;
      bound[next_positional] = true;
      ++next_positional;
    } else {
      extra_positional.push_back(v);
    }
  }
  if (!extra_positional.empty() && var_positional < 0) {
    size_t with_defaults = 0;
    for (size_t i = 0; i < params.size(); ++i)
      if ((params[i].kind == lang::ParamKind::Positional ||
           params[i].kind == lang::ParamKind::PositionalOnly) &&
          fn.has_default[i])
        ++with_defaults;
    size_t given = args.positional.size();
    if (with_defaults > 0)
      raise(ErrorId::too_many_positional_range, where, name, num_positional_params - with_defaults,
            num_positional_params, given, given == 1 ? "was" : "were");
    raise(ErrorId::too_many_positional, where, name, num_positional_params,
          plural(num_positional_params), given, given == 1 ? "was" : "were");
  }
  if (var_positional >= 0) env->vars[params[var_positional].name] = make_tuple(extra_positional);

  auto kwargs = std::make_shared<DictObj>();
  for (auto& [key, value] : args.keywords) {
    bool matched = false;
    for (size_t i = 0; i < params.size(); ++i) {
      const auto& p = params[i];
      if (p.name != key || p.kind == lang::ParamKind::VarPositional ||
          p.kind == lang::ParamKind::VarKeyword)
        continue;
      if (p.kind == lang::ParamKind::PositionalOnly) {
        if (var_keyword >= 0) break;
        raise(ErrorId::positional_only_as_keyword, where, name, key);
      }
      if (bound[i]) raise(ErrorId::multiple_values, where, name, key);
      env->vars[p.name] = value;
      bound[i] = true;
      matched = true;
      break;
    }
    if (matched) continue;
    if (var_keyword < 0) raise(ErrorId::unexpected_keyword, where, name, key);
    kwargs->set(make_str(key), value);
  }
  if (var_keyword >= 0) env->vars[params[var_keyword].name] = Value::object(kwargs);

  std::vector<std::string> missing_positional, missing_keyword;
  for (size_t i = 0; i < params.size(); ++i) {
    if (bound[i] || params[i].kind == lang::ParamKind::VarPositional ||
        params[i].kind == lang::ParamKind::VarKeyword)
      continue;
    if (fn.has_default[i]) {
      env->vars[params[i].name] = fn.defaults[i];
    } else if (params[i].kind == lang::ParamKind::KeywordOnly) {
      missing_keyword.push_back(params[i].name);
    } else {
      missing_positional.push_back(params[i].name);
    }
  }
  if (!missing_positional.empty())
    raise(ErrorId::missing_positional, where, name, missing_positional.size(),
          plural(missing_positional.size()), quoted_list(missing_positional));
  if (!missing_keyword.empty())
    raise(ErrorId::missing_keyword_only, where, name, missing_keyword.size(),
          plural(missing_keyword.size()), quoted_list(missing_keyword));
  return env;
}

// Runs generated source in a scope of its own holding `names`; the tree is
// kept alive with the program's cells.
EnvPtr Interpreter::exec_generated(const std::string& source,
                                   const std::unordered_map<std::string, Value>& names) {
  std::shared_ptr<const lang::Module> generated = lang::parse_module(source, kGeneratedFilename);
  auto env = std::make_shared<Env>();
  env->vars = names;
  env->globals = globals_.get();
  std::shared_ptr<const lang::Module> saved = module_;
  module_ = generated;
  Value ignored;
  exec_block(generated->body, env, ignored);
  module_ = saved;
  modules_.push_back(generated);
  return env;
}

Value Interpreter::define_generated_function(const std::string& source, const std::string& name,
                                             const std::string& qualname,
                                             const std::unordered_map<std::string, Value>& names) {
  EnvPtr env = exec_generated(source, names);
  Value fn = env->vars[name];
  fn.as<FunctionObj>().qualname = qualname;
  env->vars.erase(name);  // the function's own scope need not hold it (no cycle)
  return fn;
}

Value Interpreter::define_generated_module(const std::string& dotted_name, const std::string& source,
                                           const std::unordered_map<std::string, Value>& names, bool keep_private) {
  EnvPtr env = exec_generated(source, names);
  auto m = std::make_shared<ModuleObj>(dotted_name);
  for (const auto& [name, value] : env->vars) {
    if (names.count(name) || name.empty() || (name[0] == '_' && (!keep_private || name.rfind("__", 0) == 0))) continue;
    m->attrs[name] = value;
    // Its classes print as the module's (<class 'collections.Counter'>).
    if (value.is(ObjKind::Class)) value.as<ClassObj>().dict->set(make_str("__module__"), make_str(dotted_name));
  }
  return Value::object(m);
}

Value Interpreter::make_function(const lang::FunctionDef* def, const lang::Lambda* lambda,
                                 const EnvPtr& env) {
  auto fn = std::make_shared<FunctionObj>();
  fn->module = module_;
  fn->def = def;
  fn->lambda = lambda;
  fn->name = def ? def->name : "<lambda>";
  fn->qualname = env->qualname_prefix.empty() ? fn->name : env->qualname_prefix + "." + fn->name;
  // Names bound in a class body are not visible to the functions it defines.
  fn->closure = env->is_class ? env->parent : env;
  const auto& params = fn->params();
  fn->defaults.resize(params.size());
  fn->has_default.resize(params.size(), false);
  for (size_t i = 0; i < params.size(); ++i) {
    if (params[i].default_value) {
      fn->defaults[i] = eval(*params[i].default_value, env);
      fn->has_default[i] = true;
    }
  }
  return Value::object(fn);
}

}  // namespace rungs::python
