// Internal to the jax.numpy / jax.lax / numpy module files: argument
// readers shared by every builtin, and one registration function per file.
//
// jax.numpy is big, so it is spread over files by concern (creation,
// elementwise math, reductions, shapes, linear algebra); each file adds its
// functions to the one module object. Every builtin goes through `defn`,
// which parses the Python signature with Args (CPython-exact argument
// errors) and stamps the call's source position on the equations it may
// record, so the same function body serves host code and kernel tracing.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/python/args.h"
#include "core/jax/array_value.h"
#include "core/python/interpreter.h"
#include "core/jax/jnp_core.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/modules.h"
#include "core/python/modules.h"

namespace rungs::jax {

using array::DType;
using array::Shape;
using ir::Operand;
using ir::Prim;

using Fn = std::function<Value(Interpreter&, const Args&)>;

// Define `name` on `m` with the given Python signature (see Args).
void defn(ModuleObj& m, const std::string& name, std::vector<std::string> params, size_t required,
          Fn fn, bool rest = false);
inline Value wrap(Operand op) { return make_array(std::move(op)); }

// ---- argument readers ----
// Argument i as an operand. jnp functions refuse Python lists as JAX's
// check_arraylike does ("sum requires ndarray or scalar arguments ...");
// under numpy (NumpyScope) lists are converted, as NumPy does.
Operand operand_at(Interpreter& ip, const Args& a, size_t i);
Operand to_op(Interpreter& ip, const Value& v, SourceRange where);
// A shape: an int or a sequence of ints.
Shape shape_value(Interpreter& ip, const Value& v, SourceRange where);
// A dtype, or nullopt for None / absent; an unknown dtype raises TypeError.
std::optional<DType> dtype_at(Interpreter& ip, const Args& a, size_t i);
DType dtype_value_or_raise(Interpreter& ip, const Value& v, SourceRange where);
// axis=None | int | tuple of ints.
std::optional<std::vector<int64_t>> axes_at(Interpreter& ip, const Args& a, size_t i);
// axis=None | int.
std::optional<int64_t> axis_at(const Args& a, size_t i);
// A sequence of ints, or one int.
std::vector<int64_t> ints_value(Interpreter& ip, const Value& v, SourceRange where);
// A sequence of array-likes (concatenate, stack, ...).
std::vector<Operand> operand_list(Interpreter& ip, const Value& seq, SourceRange where);
bool truthy_at(Interpreter& ip, const Args& a, size_t i, bool fallback);
// A concrete Python number from an int/float/bool or a concrete size-1 array.
double number_value(Interpreter& ip, const Value& v, const char* fn, SourceRange where);

// While alive, jnp functions behave as numpy's: lists are accepted.
class NumpyScope {
 public:
  NumpyScope();
  ~NumpyScope();
  static bool active();

 private:
  bool previous_;
};

// ---- shared numerics ----
int64_t rank(const Operand& x);
// Python scalar-born constant of x's dtype (kept weak like JAX's _const).
Operand const_like(const Operand& x, double value);
// JAX's promote_args_inexact: ints/bools become the default float.
Operand to_inexact(const Operand& x);
// lax.round with rounding_method TO_NEAREST_EVEN (jnp.round/rint). The
// equation carries n = 1 (rounding_method=1); eager values are computed here
// because the generic Round rule rounds half away from zero.
Operand round_half_even(const Operand& x);
// isnan / isinf / isfinite with JAX's int shortcuts.
Operand isnan(const Operand& x);
Operand isinf(const Operand& x);
Operand isfinite(const Operand& x);
// jnp.isclose (computed in the promoted inexact type, as JAX does).
Operand isclose(const Operand& a, const Operand& b, double rtol, double atol, bool equal_nan);
// jnp.ravel.
Operand ravel(const Operand& x);

// ---- per-file registration ----
void add_jnp_creation(ModuleObj& m);
void add_jnp_math(ModuleObj& m);
void add_jnp_reductions(ModuleObj& m);
void add_jnp_shapes(ModuleObj& m);
void add_jnp_linalg(ModuleObj& m);
// jnp.nonzero / flatnonzero / argwhere (module_jnp_nonzero.cpp); nonzero_tuple
// also serves one-argument jnp.where (its size/fill_value in slots given).
void add_jnp_nonzero(ModuleObj& m);
// searchsorted, diff, histogram_bin_edges, histogram: Python over jnp (jnp_python_source.cpp).
void add_jnp_python(Interpreter& ip, const Value& jnp_module);
Value nonzero_tuple(Interpreter& ip, const Operand& x, const Args& a, size_t size_slot, size_t fill_slot);
void add_lax_control(ModuleObj& m);
void add_lax_scan(ModuleObj& m);  // lax.scan (module_lax_scan.cpp)
// lax.associative_scan: Python over lax, as loops.py writes it (lax_python_source.cpp).
void add_lax_python(Interpreter& ip, const Value& lax_module);

}  // namespace rungs::jax
