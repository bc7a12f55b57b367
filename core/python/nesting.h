// A bound on how deep host code walks nested data. repr, ==, <, hash keys,
// nested lists turned into arrays and pytree flattening all recurse once per
// level of nesting; a structure built by a loop (`a = [a]`) can be 10^6
// levels deep, which would overflow the native stack (wasm has 1 MB). Past
// kMaxNesting levels they raise RecursionError, as CPython does at its
// recursion limit, with CPython's text for the operation.
#pragma once

#include "core/errors/error.h"

namespace rungs::python {

// As deep as the default Python call depth (Limits::max_depth); real data
// (pytrees, nested lists of numbers) is a few levels deep.
inline constexpr int kMaxNesting = 200;

class NestingGuard {
 public:
  // Raises `id` (a RecursionError) when this level would pass kMaxNesting.
  explicit NestingGuard(ErrorId id);
  ~NestingGuard();
  NestingGuard(const NestingGuard&) = delete;
  NestingGuard& operator=(const NestingGuard&) = delete;
};

}  // namespace rungs::python
