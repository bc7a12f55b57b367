// `bytes`: a Python class (bytes_source.cpp) in the module `_rungs_bytes`,
// which the builtin name `bytes` resolves to. These are the C++ ways in and
// out: literals, str.encode, ndarray.tobytes and np.frombuffer.
#pragma once

#include <optional>
#include <string>

#include "core/python/interpreter.h"

namespace rungs::python {

// The bytes class of this interpreter (created on first use).
Value bytes_class(Interpreter& ip);
// A bytes object holding `raw` (any byte values).
Value make_bytes(Interpreter& ip, const std::string& raw);
// What a bytes literal calls (the parser turns b".." into
// `__rungs_bytes__(text)`, text holding one code point per byte).
Value bytes_literal_builder(Interpreter& ip);
// The raw bytes of a bytes object; nullopt when `v` is not one.
std::optional<std::string> bytes_data(Interpreter& ip, const Value& v);
// str.encode(encoding, errors): a bytes object, or CPython's error.
Value encode_str(Interpreter& ip, const std::string& text, const Value& encoding, const Value& errors,
                 SourceRange where);

}  // namespace rungs::python
