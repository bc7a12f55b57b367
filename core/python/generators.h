// Generators: a function whose body has a `yield` runs on a frame that can
// stop at a yield and later continue from it.
//
// The evaluator is a tree walk on the C++ stack, and C++ gives no portable
// way to leave a walk half-done: threads and stackful coroutines are not in
// our wasm build, and <coroutine> is missing from Emscripten's libc++ 13
// (TOOLCHAIN.md) and would turn every eval/exec into a coroutine anyway. So a
// generator keeps its position as data: for each block it is inside, the
// index of the statement being run and that statement's own state (the for
// loop's iterator, the branch an `if` took, the try clause, the with
// statement's managers, the `yield from` delegate). Resuming walks the same
// blocks again from the body down, skipping straight to the recorded
// statements and re-evaluating nothing, until it reaches the yield it stopped
// at; from there it runs normally. Statements with no yield of their own
// (lang::Stmt::has_yield) run on the ordinary evaluator, so only the
// statements enclosing a yield pay for this. Inside the simple statement that
// holds the yield, the position is the yield expression itself: resuming runs
// that statement again with its sub-expressions' recorded values
// (ExprReplay), so nothing is evaluated twice. The checker refuses yields in
// compound statements' headers and lambdas (core/lang/checks.cpp).
//
// A suspended generator that loses its last reference is closed at the next
// statement boundary, as CPython's reference counting closes it at once.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/python/iteration.h"
#include "core/python/objects.h"

namespace rungs::python {

struct GeneratorState;

// A simple statement with a yield inside an expression (`print((yield))`,
// `x += yield`, `return (yield v) * 2`) resumes by running the statement
// again with the values its sub-expressions already had: Interpreter::eval
// returns a recorded node's value instead of evaluating it, so nothing is
// evaluated twice, and the yield it stopped at evaluates to what was sent.
struct ExprReplay {
  std::unordered_map<const lang::Expr*, Value> values;  // nodes evaluated so far
  const lang::Expr* suspended_at = nullptr;  // the yield it stopped at
  bool resuming = false;                     // that yield gives back `sent`/`thrown`
  Value sent;
  bool has_thrown = false;
  Value thrown;
};

// Thrown by a nested yield up to the statement that replays it.
struct GeneratorSuspend {
  const lang::Expr* at;
  Value value;
};

// Where a generator is inside one block, and the state of the statement it
// is running there.
struct GenLevel {
  size_t index = 0;  // the statement of this block being run
  int phase = 0;     // if/for/while: 0 body, 1 else; try: kTry* below
  Iterator iter;     // for: the loop's iterator; yield from: a plain delegate
  std::shared_ptr<GeneratorState> delegate;   // yield from a generator
  Value held;        // with: a tuple of the managers; except: the exception handled
  std::optional<EngineError> pending_error;  // try: the exception `finally` interrupts
  Value pending_raised;                       // and its exception object
  int pending_flow = 0;                       // or the flow it interrupts (Interpreter::Flow)
  Value pending_ret;                          // with the returned value
  std::shared_ptr<ExprReplay> replay;         // a simple statement with a nested yield
};

// The phases of a try statement (GenLevel::phase); handler k is kTryHandler + k.
inline constexpr int kTryBody = 0, kTryElse = 1, kTryFinally = 2, kTryHandler = 3;

struct GeneratorState {
  enum class Status : uint8_t { Created, Suspended, Running, Done };
  Value function;                // the generator function (keeps its tree alive)
  EnvPtr env;                    // its activation, arguments bound at the call
  std::vector<GenLevel> levels;  // levels[0]: the function body
  Status status = Status::Created;
  bool resuming = false;         // walking back down to the yield it stopped at
  Value sent;                    // what that yield evaluates to when resumed
  bool has_thrown = false;       // or: it raises `thrown` (throw(), close())
  Value thrown;
  Interpreter* interp = nullptr;  // the run it belongs to (generator_dropped)
};

// The last reference to a generator object is gone. CPython closes a
// suspended generator then (GeneratorExit at its yield, so its `finally`
// blocks and `with` exits run); here a destructor cannot run Python, so the
// generator is queued on its interpreter, which closes it at the next
// statement boundary (Interpreter::close_dropped_generators).
void generator_dropped(std::shared_ptr<GeneratorState> g);

// The generator object, when `v` is one (else null).
GeneratorState* generator_of(const Value& v);

// A generator's repr, "<generator object QUALNAME at 0x7d...>", with a fake
// address from a per-run counter (deterministic output).
// "<generator object f at 0x...>" (kind "generator", "coroutine").
std::string generator_repr(Interpreter& ip, const std::string& qualname, const char* kind = "generator");
// What `await v` delegates to: a coroutine itself, else v.__await__()
// (TypeError for anything else, as CPython says it).
Value awaited_iterator(Interpreter& ip, const Value& v, SourceRange where);  // coroutines.cpp

// The attributes of a generator object (send, throw, close, __next__, ...).
bool generator_getattr(Interpreter& ip, const Value& gen, const std::string& name, Value& out);

}  // namespace rungs::python
