#include "core/eval/nesting.h"

namespace rungs::eval {

namespace {
thread_local int g_nesting = 0;  // host code runs on one thread; per thread to be safe
}  // namespace

NestingGuard::NestingGuard(ErrorId id) {
  if (g_nesting >= kMaxNesting) raise_here(id);
  ++g_nesting;
}

NestingGuard::~NestingGuard() { --g_nesting; }

}  // namespace rungs::eval
