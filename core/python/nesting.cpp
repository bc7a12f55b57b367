#include "core/python/nesting.h"

namespace rungs::python {

namespace {
thread_local int g_nesting = 0;  // host code runs on one thread; per thread to be safe
}  // namespace

NestingGuard::NestingGuard(ErrorId id) {
  if (g_nesting >= kMaxNesting) raise_here(id);
  ++g_nesting;
}

NestingGuard::~NestingGuard() { --g_nesting; }

}  // namespace rungs::python
