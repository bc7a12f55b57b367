// The built-in modules a program can import (jax, jax.numpy, jax.lax,
// jax.random, numpy, math, functools, ...). Each module file registers a
// factory under its dotted name; later stages (core/pallas) register theirs
// the same way, so eval never depends on them.
#pragma once

#include <string>

#include "core/eval/interpreter.h"

namespace rungs::eval {

// Registers every module core/eval provides (idempotent).
void register_eval_modules();

std::shared_ptr<ModuleObj> new_module(const std::string& name);
void def(ModuleObj& module, const std::string& name, BuiltinFn fn);
void def_value(ModuleObj& module, const std::string& name, Value value);

// The function inside functools.partial wrappers (JAX names kernels by it).
Value unwrap_partial(const Value& fn);

// jax.ShapeDtypeStruct values (pallas_call's out_shape).
Value make_shape_dtype_struct(const Value& shape, const Value& dtype);
bool is_shape_dtype_struct(const Value& v);

// Per-module registration functions, one per file.
void register_module_jax();
void register_module_jnp();
void register_module_lax();
void register_module_random();
void register_module_numpy();
void register_module_math();
void register_module_functools();

}  // namespace rungs::eval
