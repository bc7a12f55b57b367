// The host evaluator: a tree-walking interpreter for the Python subset.
//
// Host code (building inputs, calling pallas_call, printing) runs eagerly on
// concrete arrays. When pallas_call traces a kernel body it simply calls the
// kernel function with Ref values while an ir trace is active; the same
// interpreter walks the body and every jnp/pl call records equations instead
// of computing. Statements report how they ended (normally, break, continue,
// return) as a value; Python exceptions travel as C++ EngineError throws that
// `try` statements catch.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <memory>
#include <type_traits>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/python/objects.h"
#include "core/python/program_files.h"
#include "core/lang/ast.h"

namespace rungs::python {

struct Limits {
  int64_t max_steps = 50'000'000;  // statements + expressions + equations executed
  int max_depth = 200;             // Python call depth
  int64_t max_output = 1'000'000;  // bytes of stdout
};

// State that later stages keep on an interpreter: the run mode (pallas), the
// call log and the simulated TPU memory that survives between notebook cells
// (rungs). Each state type is one typed slot, created on first use by
// `ip.state<T>()`, so the runtime never needs to know the types.
struct StageState {
  virtual ~StageState() = default;
};

struct GeneratorState;  // generators.h
struct ExprReplay;      // generators.h

// A module's, class's or function's docstring: its body's first statement
// when that is a string literal, else None.
Value body_docstring(const lang::Body& body);

class Interpreter {
 public:
  explicit Interpreter(Limits limits = {});
  ~Interpreter();

  // Run a whole module in this interpreter's globals (a notebook cell runs
  // in the same globals as the previous one).
  void exec_module(std::shared_ptr<const lang::Module> module);

  // Call any callable value with the given arguments.
  Value call(const Value& callee, CallArgs args);
  Value call(const Value& callee, Values positional, SourceRange where = {});

  // ---- what the program produced ----
  std::string& stdout_text() { return stdout_; }
  void write_stdout(const std::string& text);
  EnvPtr globals() const { return globals_; }

  // ---- budgets: called from every loop of the engine ----
  void tick(int64_t steps = 1);
  int64_t steps_used() const { return steps_; }
  const Limits& limits() const { return limits_; }
  static void set_interrupt_flag(const volatile int32_t* flag);  // wasm SharedArrayBuffer
  static void request_interrupt();
  static void clear_interrupt();

  // ---- modules ----
  using ModuleFactory = std::function<Value(Interpreter&)>;
  static void register_module(const std::string& name, ModuleFactory factory);
  static ModuleFactory module_factory(const std::string& name);  // empty if none
  Value import_module(const std::string& dotted, SourceRange where);
  // The program's other files, for imports the engine cannot serve itself
  // (import_files.cpp); set before the run.
  void set_program_files(ProgramFiles files);
  // The name of file `id` of SourceRange::file (0: the main program).
  const std::string& file_name(int id) const;
  // Every file's name, indexed by SourceRange::file ([0] is the main program).
  std::vector<std::string> file_names() const;

  // ---- state owned by later stages (see StageState) ----
  template <typename T>
  T& state() {
    static_assert(std::is_base_of_v<StageState, T>);
    size_t slot = state_slot<T>();
    if (states_.size() <= slot) states_.resize(slot + 1);
    if (!states_[slot]) states_[slot] = std::make_unique<T>();
    return static_cast<T&>(*states_[slot]);
  }
  template <typename T>
  void reset_state() {
    size_t slot = state_slot<T>();
    if (slot < states_.size()) states_[slot].reset();
  }

  // The position of the innermost construct being evaluated, for errors
  // raised deep inside library code.
  SourceRange current_range() const { return current_range_; }
  // The filename of the program (for "fn at file:line" texts).
  const std::string& filename() const { return filename_; }
  // Where the program's own code is: the current position, or, inside
  // generated code, the call that entered it (what errors report).
  SourceRange user_site() const;

  // A function compiled from generated source, as CPython's dataclasses and
  // namedtuple exec generated code: `source` defines `name`, reading `names`
  // as its enclosing scope. Its frame is left out of tracebacks and an error
  // raised directly in it is reported at the caller's position, since the
  // user's file has no such lines.
  Value define_generated_function(const std::string& source, const std::string& name,
                                  const std::string& qualname,
                                  const std::unordered_map<std::string, Value>& names);

  // A module whose functions are written in Python (jax.nn, ...): `source`
  // runs with `names` in scope and every public name it binds becomes an
  // attribute (with `keep_private`, the _underscored ones too, as a CPython
  // module's, for sibling modules that reach into it). Its frames are hidden
  // as define_generated_function's are.
  Value define_generated_module(const std::string& dotted_name, const std::string& source,
                                const std::unordered_map<std::string, Value>& names, bool keep_private = false);

  // ---- pieces used by builtins and modules ----
  Value eval(const lang::Expr& expr, const EnvPtr& env);
  std::string repr(const Value& v);
  std::string str(const Value& v);
  bool truthy(const Value& v);
  Values iterate(const Value& iterable);  // materialise any iterable
  Value getattr(const Value& obj, const std::string& name, SourceRange where);
  Value getitem(const Value& obj, const Value& key, SourceRange where);
  void setattr(const Value& obj, const std::string& name, const Value& value, SourceRange where);
  void setitem(const Value& obj, const Value& key, const Value& value, SourceRange where);

  // ---- generators (generators.cpp) ----
  // next(g) and g.send(v): the next value the generator yields; when it
  // finishes, StopIteration carrying its return value.
  Value generator_send(GeneratorState& g, const Value& sent, SourceRange where);
  // g.throw(exc): raise `exc` at the yield the generator is suspended at.
  Value generator_throw(GeneratorState& g, const Value& exc, SourceRange where);
  // g.close(): GeneratorExit at that yield; it must not yield again.
  void generator_close(GeneratorState& g, SourceRange where);
  // A suspended generator lost its last reference: close it at the next
  // statement boundary (generators.h, generator_dropped).
  void defer_generator_close(std::shared_ptr<GeneratorState> g);
  // The program has ended: close every generator still suspended, oldest
  // first, as CPython's finalization does (their `finally` blocks and `with`
  // exits run and may print). Not called between notebook cells.
  void close_suspended_generators();

 private:
  static size_t next_state_slot();
  template <typename T>
  static size_t state_slot() {
    static const size_t slot = next_state_slot();
    return slot;
  }

  // Yield: a generator's body stopped at a `yield` (generators.cpp), the
  // yielded value in `ret`; only the generator's own walk produces it.
  enum class Flow : uint8_t { Normal, Break, Continue, Return, Yield };
  struct FrameInfo {
    std::string name;   // function name, "<module>" at top level
    SourceRange where;  // statement being executed in that frame
    bool generated = false;  // define_generated_function's code: not shown
    SourceRange call_site;   // where a generated frame was called from
  };
  // Fill in the position and traceback of an error while the frames it
  // passed through are still on the stack.
  void annotate(EngineError& e);

  Flow exec_block(const lang::Body& body, const EnvPtr& env, Value& ret);
  Flow exec(const lang::Stmt& stmt, const EnvPtr& env, Value& ret);
  Flow exec_try(const lang::Try& node, const EnvPtr& env, Value& ret);
  Flow exec_for(const lang::For& node, const EnvPtr& env, Value& ret);
  Flow exec_while(const lang::While& node, const EnvPtr& env, Value& ret);
  Flow exec_match(const lang::Match& node, const EnvPtr& env, Value& ret);  // exec_match.cpp
  Flow exec_with(const lang::With& node, const EnvPtr& env, Value& ret);
  const lang::ExceptHandler* match_handler(const lang::Try& node, const EngineError& e, const Value& exc,
                                           const EnvPtr& env);
  Values enter_managers(const lang::With& node, const EnvPtr& env);
  bool exit_managers(const lang::With& node, const Values& managers, const EngineError* error);

  // Generators (generators.cpp): a generator's body walked resumably.
  Value make_generator(const Value& function, CallArgs& args);
  bool resume_generator(GeneratorState& g, Value& out, SourceRange where);
  Value finish_generator_call(GeneratorState& g, bool yielded, Value out, SourceRange where);
  Flow gen_block(GeneratorState& g, const lang::Body& body, size_t depth, const EnvPtr& env, Value& ret);
  Flow gen_stmt(GeneratorState& g, const lang::Stmt& stmt, size_t depth, const EnvPtr& env, Value& ret);
  Flow gen_yield(GeneratorState& g, const lang::Stmt& stmt, size_t depth, const EnvPtr& env, Value& ret);
  Flow gen_yield_from(GeneratorState& g, const lang::Expr& node, size_t depth, const EnvPtr& env, Value& ret,
                      Value& result);
  Flow gen_loop(GeneratorState& g, const lang::Stmt& stmt, size_t depth, const EnvPtr& env, Value& ret);
  Flow gen_try(GeneratorState& g, const lang::Try& node, size_t depth, const EnvPtr& env, Value& ret);
  Flow gen_handler(GeneratorState& g, const lang::Try& node, size_t depth, const EnvPtr& env, Value& ret,
                   std::optional<EngineError>& pending);
  Flow gen_with(GeneratorState& g, const lang::With& node, size_t depth, const EnvPtr& env, Value& ret);
  [[noreturn]] void throw_exception_value(const Value& exc, SourceRange where);
  void close_dropped_generators();
  void remember_generator(const std::shared_ptr<GeneratorState>& g);
  Flow gen_replayed_stmt(GeneratorState& g, const lang::Stmt& stmt, size_t depth, const EnvPtr& env, Value& ret);
  Value eval_replayed(const lang::Expr& expr, const EnvPtr& env);

  // While a generator runs a simple statement with a yield inside it, the
  // values of that statement's sub-expressions so far (generators.h,
  // ExprReplay); null otherwise. Function calls, comprehensions and generator
  // expressions evaluate without it (ReplayOff): their nodes run many times.
  ExprReplay* replay_ = nullptr;
  class ReplayOff {
   public:
    explicit ReplayOff(Interpreter& ip) : ip_(ip), saved_(ip.replay_) { ip.replay_ = nullptr; }
    ~ReplayOff() { ip_.replay_ = saved_; }
    ReplayOff(const ReplayOff&) = delete;
    ReplayOff& operator=(const ReplayOff&) = delete;

   private:
    Interpreter& ip_;
    ExprReplay* saved_;
  };
  void exec_import(const lang::Stmt& node, const EnvPtr& env);
  // Modules from the program's files (import_files.cpp).
  std::optional<Value> import_from_files(const std::string& dotted, SourceRange where);
  void run_file_module(const std::string& source, const std::string& shown, const EnvPtr& env);
  std::vector<std::pair<std::string, Value>> star_names(const ModuleObj& m);
  std::string relative_base(const std::string& module, int level, const EnvPtr& env, SourceRange where);
  void exec_function_def(const lang::FunctionDef& node, const EnvPtr& env);
  void exec_class_def(const lang::ClassDef& node, const EnvPtr& env);  // classes.cpp
  void super_arguments(const EnvPtr& env, CallArgs& args);             // classes.cpp
  [[noreturn]] void exec_raise(const lang::Raise& node, const EnvPtr& env);

  void assign(const lang::Expr& target, const Value& value, const EnvPtr& env);
  void assign_name(const std::string& name, const Value& value, const EnvPtr& env);
  void record_annotation(const lang::AnnAssign& node, const EnvPtr& env);
  EnvPtr exec_generated(const std::string& source, const std::unordered_map<std::string, Value>& names);
  Value lookup(const std::string& name, const EnvPtr& env, SourceRange where);
  void delete_target(const lang::Expr& target, const EnvPtr& env);

  Value eval_node(const lang::Expr& expr, const EnvPtr& env);
  Value eval_call(const lang::Call& node, const EnvPtr& env);
  Value eval_comprehension(const lang::Comp& node, const EnvPtr& env);
  Value lazy_generator_expression(const lang::Comp& node, const EnvPtr& env, const EnvPtr& scope);
  Value eval_fstring(const lang::JoinedStr& node, const EnvPtr& env);
  Value eval_subscript_key(const lang::Expr& slice, const EnvPtr& env);
  Value make_function(const lang::FunctionDef* def, const lang::Lambda* lambda, const EnvPtr& env);
  Value call_function(const FunctionObj& fn, CallArgs& args);
  EnvPtr bind_arguments(const FunctionObj& fn, CallArgs& args);

  Limits limits_;
  Heap heap_;  // every Collectable this run created (heap.h)
  EnvPtr globals_;
  std::shared_ptr<const lang::Module> module_;
  std::string filename_ = "kernel.py";
  ProgramFiles program_files_;
  std::vector<std::string> file_names_ = {""};  // [0]: the main program, named by filename_
  std::vector<std::unique_ptr<StageState>> states_;  // indexed by state_slot<T>()
  std::string stdout_;
  int64_t steps_ = 0;
  int depth_ = 0;
  SourceRange current_range_;
  std::vector<std::shared_ptr<const lang::Module>> modules_;  // keep every cell's tree alive
  // The exception being handled (for bare `raise` inside except).
  std::vector<Value> handling_;
  // The exception object last raised by a `raise` statement: an EngineError
  // carries only type and text, so catching it takes the object (a user
  // exception's class and attributes) back from here when they match.
  Value raised_;
  Value caught_value(const EngineError& e);
  std::vector<FrameInfo> frames_;
  // Suspended generators whose last reference went away, to be closed at
  // the next statement boundary; none are taken once the run is ending.
  std::vector<std::shared_ptr<GeneratorState>> dropped_generators_;
  bool accepting_dropped_generators_ = true;
  // Every generator made by this run, in creation order (expired entries
  // are pruned as the list grows), for close_suspended_generators.
  std::vector<std::weak_ptr<GeneratorState>> made_generators_;
  size_t made_generators_prune_at_ = 1024;
};

// Errors a `try` or `with` must not swallow: the step, output and interrupt
// limits.
bool is_fatal(const EngineError& e);

// `del obj.name` (and delattr): from an instance's, a class's or a
// function's attributes.
void delete_attribute(Interpreter& ip, const Value& obj, const std::string& name, SourceRange where);

// The text `r` covers in `source` (for annotations kept as strings).
std::string source_slice(const std::string& source, SourceRange r);

// The Python builtins (print, range, len, ...) as a name -> value table.
const std::unordered_map<std::string, Value>& builtins_table();
// The type object type() returns for a value of a built-in kind named
// `name` ("int", "NoneType", "numpy.float64"): the builtins table's own
// where it has one, else one object per name, so `type(a) is type(b)` holds.
Value builtin_type_object(const std::string& name);

}  // namespace rungs::python
