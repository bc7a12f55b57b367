// Python exception classes as host values, and the bridge between a thrown
// EngineError (how exceptions travel in C++) and an ExceptionObj (how a
// program sees one in `except E as e`).
#pragma once

#include <string>

#include "core/python/objects.h"

namespace rungs::python {

// True when an exception of class `type` is caught by `except handler`.
bool exception_is_subclass(const std::string& type, const std::string& handler);

// Is `name` a known exception class (ValueError, JaxRuntimeError, ...)?
bool is_exception_class(const std::string& name);

// The class object bound to builtins like `ValueError`; calling it builds an
// ExceptionObj. Qualified names (jax.errors.JaxRuntimeError) keep the short
// class name as the Python type.
Value exception_class(const std::string& name);

Value exception_value(const EngineError& error);
EngineError error_from_exception(const ExceptionObj& exc, SourceRange where);

// The text of str(e) for an exception constructed with these args.
std::string exception_message(class Interpreter& interp, const Values& args);

}  // namespace rungs::python
