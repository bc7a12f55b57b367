// The standard-library modules a program can import (math, functools, ...)
// and the helpers every module file uses. Each module file registers a
// factory under its dotted name; the JAX library (core/jax) and later stages
// (core/pallas) register theirs the same way, so the runtime never depends
// on them.
#pragma once

#include <string>

#include <functional>
#include <vector>

#include "core/python/args.h"
#include "core/python/interpreter.h"

namespace rungs::python {

// Registers every module core/python provides (idempotent).
void register_python_modules();

std::shared_ptr<ModuleObj> new_module(const std::string& name);
void def(ModuleObj& module, const std::string& name, BuiltinFn fn);
void def_value(ModuleObj& module, const std::string& name, Value value);
// Define `name` on `module` with a Python signature, read through Args
// (CPython-exact argument errors); see args.h for `params` and `required`.
using SignatureFn = std::function<Value(Interpreter&, const Args&)>;
void def_signature(ModuleObj& module, const std::string& name, std::vector<std::string> params,
                   size_t required, SignatureFn fn, bool rest = false);

// The function inside functools.partial wrappers (JAX names kernels by it).
Value unwrap_partial(const Value& fn);

// Per-module registration functions, one per file.
void register_module_math();
void register_module_functools();
void register_module_typing();  // typing and __future__
void register_module_ctypes();       // module_ctypes.cpp
void register_module_bytes();        // bytes_type.cpp: the class behind `bytes`
void register_module_collections();  // collections and collections.abc
void register_module_dataclasses();

// typing.Any, collections.abc.Callable, ...: a name that subscripts
// (Callable[[int], int]) and prints as `qualified_name`; annotations only.
Value annotation_marker(const std::string& qualified_name);
// PEP 604: `int | None` between two type forms (types, None, typing
// aliases, unions) gives a types.UnionType; false when either is not one.
bool type_union(const Value& a, const Value& b, Value& out);
// A UnionType's members (None stands for NoneType); false for other values.
bool union_members(const Value& v, Values& members);
// `type X = value` (PEP 695): a typing.TypeAliasType named X whose
// __value__ calls `thunk`.
Value make_type_alias(Interpreter& ip, const Value& name, const Value& thunk, SourceRange where);
void register_module_itertools();
void register_module_operator();
void register_module_os_sys();     // os, os.path, sys
// The program's os.environ (a dict; starts empty, the real machine is never read).
Value os_environ(Interpreter& ip);
void register_module_time();       // time and timeit
void register_module_contextlib(); // contextlib and warnings
void register_module_text();       // string and textwrap
void register_module_re();
void register_module_enum();
void register_module_types();
void register_module_logging();
void register_module_inspect();
void register_module_abc();
void register_module_json();
void register_module_random();
void register_module_copy();
void register_module_heapq_bisect();
void register_module_importlib();  // importlib, importlib.util, importlib.metadata
void register_module_argparse();
void register_module_array();
void register_module_gzip();
void register_module_filesystem();  // pathlib, shutil, tempfile
void register_module_statistics();

// For library modules written in Python (define_generated_module): a
// builtin `_raise_error(id, *args)` raising the registered error `id` with
// its template filled from str(arg) of each argument, so their messages
// come from the registry like the C++ modules'.
Value registered_error_raiser();

// list[int], dict[str, int]: a built-in type subscripted (PEP 585).
Value generic_alias(Interpreter& ip, const Value& origin, const Value& args);

}  // namespace rungs::python
