// The end of a generator's life: closing a suspended generator whose last
// reference went away (at the next statement boundary, as CPython's reference
// counting closes it at once), and closing those still suspended when the
// program ends (CPython's finalization). Split from generators.cpp, which
// runs them.
#include <algorithm>
#include <memory>
#include <vector>

#include "core/python/generators.h"
#include "core/python/heap.h"
#include "core/python/interpreter.h"

namespace rungs::python {

// Records `g` for the end of the run; the generators already gone are
// dropped whenever the list doubles, so a loop making millions stays small.
void Interpreter::remember_generator(const std::shared_ptr<GeneratorState>& g) {
  if (made_generators_.size() >= made_generators_prune_at_) {
    std::erase_if(made_generators_, [](const std::weak_ptr<GeneratorState>& w) { return w.expired(); });
    made_generators_prune_at_ = std::max<size_t>(1024, made_generators_.size() * 2);
  }
  made_generators_.push_back(g);
}


void generator_dropped(std::shared_ptr<GeneratorState> g) {
  if (g->status == GeneratorState::Status::Suspended && g->interp) g->interp->defer_generator_close(std::move(g));
}

void Interpreter::defer_generator_close(std::shared_ptr<GeneratorState> g) {
  if (accepting_dropped_generators_) dropped_generators_.push_back(std::move(g));
}

// Closes the generators dropped since the last statement, in the order they
// were dropped. An exception from one is not the program's: CPython prints
// it as "Exception ignored in: <generator ...>" on stderr, which a Rungs
// run does not have, so it is dropped (the limits still stop the run).
void Interpreter::close_dropped_generators() {
  Value saved_raised = raised_;  // a pending exception's object must survive
  SourceRange saved_range = current_range_;
  for (size_t i = 0; i < dropped_generators_.size(); ++i) {
    std::shared_ptr<GeneratorState> g = dropped_generators_[i];
    try {
      generator_close(*g, current_range_);
    } catch (EngineError& e) {
      if (is_fatal(e)) {
        dropped_generators_.clear();
        throw;
      }
    }
  }
  dropped_generators_.clear();
  raised_ = saved_raised;
  current_range_ = saved_range;
}

// CPython closes what is left at exit when its garbage collector finalizes
// the main module's cycle, in about the order the generators were made; an
// exception from one is "ignored" on stderr there, so dropped here too. The
// loop reads the list by index: a finally block may make new generators.
void Interpreter::close_suspended_generators() {
  HeapScope heap_scope(heap_);
  if (!dropped_generators_.empty()) close_dropped_generators();
  for (size_t i = 0; i < made_generators_.size(); ++i) {
    std::shared_ptr<GeneratorState> g = made_generators_[i].lock();
    if (!g || g->status != GeneratorState::Status::Suspended) continue;
    try {
      generator_close(*g, current_range_);
    } catch (EngineError& e) {
      if (is_fatal(e)) throw;
    }
    if (!dropped_generators_.empty()) close_dropped_generators();
  }
  made_generators_.clear();
}


}  // namespace rungs::python
