// Errors are data. Every error the engine can raise is one row of
// registry.def (id, Python exception class, message template), so the CLI's
// `rungs errors`, the /errors/ catalogue pages and the `error.id` field of a
// result document all read the same table. Code raises by id with arguments;
// it never builds an error message from a bare string literal.
#pragma once

#include <cstdint>
#include <exception>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/lang/source_range.h"

namespace rungs {

enum class ErrorId : uint16_t {
#define ERROR(id, type, text) id,
#include "core/errors/registry.def"
#undef ERROR
};

struct ErrorInfo {
  ErrorId id;
  std::string_view name;  // stable id string, e.g. "grid_bad_type"
  std::string_view type;  // Python exception class, e.g. "ValueError"
  std::string_view text;  // template; each "{}" takes the next argument
  std::string_view category;  // parse | runtime | kernel | compile (registry.def)
};

const ErrorInfo& error_info(ErrorId id);
std::span<const ErrorInfo> all_errors();

// One frame of a Python-style traceback, innermost last.
struct TracebackEntry {
  std::string function;  // "<module>" for top-level code
  SourceRange where;
};

class EngineError : public std::exception {
 public:
  EngineError(ErrorId id, std::string type, std::string message, SourceRange where)
      : id(id), type(std::move(type)), message(std::move(message)), where(where) {}
  const char* what() const noexcept override { return message.c_str(); }

  ErrorId id;
  std::string type;     // Python exception class name
  std::string message;  // fully formatted text
  SourceRange where;    // filled in by the evaluator if the raiser had no position
  std::vector<TracebackEntry> traceback;
};

// Stringify anything an error template may interpolate.
inline std::string error_arg(std::string_view s) { return std::string(s); }
inline std::string error_arg(const std::string& s) { return s; }
inline std::string error_arg(const char* s) { return s; }
inline std::string error_arg(char c) { return std::string(1, c); }
std::string error_arg(long long v);
std::string error_arg(unsigned long long v);
inline std::string error_arg(int v) { return error_arg(static_cast<long long>(v)); }
inline std::string error_arg(long v) { return error_arg(static_cast<long long>(v)); }
inline std::string error_arg(unsigned v) { return error_arg(static_cast<unsigned long long>(v)); }
inline std::string error_arg(unsigned long v) { return error_arg(static_cast<unsigned long long>(v)); }
std::string error_arg(double v);

// Fill "{}" placeholders in order; "{{" and "}}" are literal braces.
std::string format_error(std::string_view templ, const std::vector<std::string>& args);

template <typename... Args>
EngineError make_error(ErrorId id, SourceRange where, const Args&... args) {
  const ErrorInfo& info = error_info(id);
  return EngineError(id, std::string(info.type), format_error(info.text, {error_arg(args)...}),
                     where);
}

template <typename... Args>
[[noreturn]] void raise(ErrorId id, SourceRange where, const Args&... args) {
  throw make_error(id, where, args...);
}

// The common case deep inside a stage that does not know the source position:
// the evaluator attaches the position of the construct being evaluated.
template <typename... Args>
[[noreturn]] void raise_here(ErrorId id, const Args&... args) {
  throw make_error(id, SourceRange{}, args...);
}

}  // namespace rungs
