// jax.numpy: the module object, its dtypes and constants, the dtype
// functions (iinfo, finfo, result_type, ...), and the argument readers and
// numeric helpers the other module_jnp_*.cpp files share.
//
// Every function is written once on ir::Operands in terms of lax primitives
// (through jnp_core.h), so it computes on host arrays and records equations
// inside a kernel trace alike, with the jaxpr JAX would produce. Results
// follow JAX with x64 disabled: int32/float32 defaults, weak-typed Python
// scalars, and the float promotion of ints in float functions.
#include <cmath>
#include <cstdio>
#include <unordered_map>

#include "core/array/format.h"
#include "core/array/ops.h"
#include "core/jax/module_jnp_parts.h"
#include "core/jax/numpy_values.h"
#include "core/python/value_ops.h"
#include "core/ir/rules.h"

namespace rungs::jax {

namespace {
thread_local bool g_numpy_mode = false;
}

NumpyScope::NumpyScope() : previous_(g_numpy_mode) { g_numpy_mode = true; }
NumpyScope::~NumpyScope() { g_numpy_mode = previous_; }
bool NumpyScope::active() { return g_numpy_mode; }

void defn(ModuleObj& m, const std::string& name, std::vector<std::string> params, size_t required, Fn fn,
          bool rest) {
  auto names = std::make_shared<const std::vector<std::string>>(std::move(params));
  def(m, name, [name, names, required, fn, rest](Interpreter& ip, CallArgs& c) {
    ir::set_current_source(c.where);
    Args a(c, name, *names, required, rest);
    return fn(ip, a);
  });
}

Operand to_op(Interpreter& ip, const Value& v, SourceRange where) { return to_operand(ip, v, where); }

namespace {
// The first lax primitive a jnp function binds: what JAX's error names when
// a Ref is passed where an array belongs ("... to a primitive: dot_general").
const char* first_primitive(const std::string& fn) {
  static const std::unordered_map<std::string, const char*> table = {
      {"dot", "dot_general"}, {"matmul", "dot_general"}, {"vdot", "dot_general"}, {"inner", "dot_general"},
      {"tensordot", "dot_general"}, {"einsum", "dot_general"}, {"outer", "mul"}, {"sum", "reduce_sum"},
      {"mean", "reduce_sum"}, {"prod", "reduce_prod"}, {"max", "reduce_max"}, {"amax", "reduce_max"},
      {"min", "reduce_min"}, {"amin", "reduce_min"}, {"all", "reduce_and"}, {"any", "reduce_or"},
      {"add", "add"}, {"subtract", "sub"}, {"multiply", "mul"}, {"divide", "div"}, {"true_divide", "div"},
      {"maximum", "max"}, {"minimum", "min"}, {"negative", "neg"}, {"power", "pow"}, {"where", "select_n"},
      {"argmax", "argmax"}, {"argmin", "argmin"}, {"cumsum", "cumsum"}, {"cumprod", "cumprod"},
      {"exp", "exp"}, {"log", "log"}, {"sqrt", "sqrt"}, {"tanh", "tanh"}, {"sin", "sin"}, {"cos", "cos"},
      {"abs", "abs"}, {"reshape", "reshape"}, {"transpose", "transpose"}, {"sort", "sort"}};
  auto it = table.find(fn);
  return it == table.end() ? "convert_element_type" : it->second;
}
}  // namespace

Operand operand_at(Interpreter& ip, const Args& a, size_t i) {
  const Value& v = a[i];
  if (!NumpyScope::active() && (v.is(ObjKind::List) || v.is(ObjKind::Tuple)))
    raise(ErrorId::jnp_not_arraylike, a.where(), a.fn_name(), "<class '" + type_name(v) + "'>", i);
  return to_operand(ip, v, a.where(), first_primitive(a.fn_name()));
}

Shape shape_value(Interpreter& ip, const Value& v, SourceRange where) {
  if (is_int_like(v) || v.is(ObjKind::Array)) return {to_index(v, where)};
  Shape s;
  for (const Value& d : ip.iterate(v)) s.push_back(to_index(d, where));
  return s;
}

DType dtype_value_or_raise(Interpreter& ip, const Value& v, SourceRange where) {
  if (v.is(ObjKind::Array)) return v.as<ArrayObj>().aval().dtype;
  auto d = dtype_of_value(v);
  if (!d) raise(ErrorId::dtype_unknown, where, v.is(ObjKind::Str) ? v.as<StrObj>().s : ip.repr(v));
  return *d;
}

std::optional<DType> dtype_at(Interpreter& ip, const Args& a, size_t i) {
  if (!a.has(i) || a[i].is_none()) return std::nullopt;
  return dtype_value_or_raise(ip, a[i], a.where());
}

std::vector<int64_t> ints_value(Interpreter& ip, const Value& v, SourceRange where) {
  if (is_int_like(v)) return {v.as_int()};
  if (v.is(ObjKind::Array)) {
    const Operand& x = v.as<ArrayObj>().op;
    if (x.aval.shape.empty() || x.traced() || !array::is_integer(x.aval.dtype)) return {to_index(v, where)};
    return x.value.to_ints();  // a concrete int array: its elements
  }
  std::vector<int64_t> out;
  for (const Value& d : ip.iterate(v)) out.push_back(to_index(d, where));
  return out;
}

std::optional<std::vector<int64_t>> axes_at(Interpreter& ip, const Args& a, size_t i) {
  if (!a.has(i) || a[i].is_none()) return std::nullopt;
  return ints_value(ip, a[i], a.where());
}

std::optional<int64_t> axis_at(const Args& a, size_t i) {
  if (!a.has(i) || a[i].is_none()) return std::nullopt;
  return to_index(a[i], a.where());
}

std::vector<Operand> operand_list(Interpreter& ip, const Value& seq, SourceRange where) {
  std::vector<Operand> out;
  if (seq.is(ObjKind::Array)) {
    // Iterating an array yields its rows (jnp.concatenate(x) on a 2-d x).
    const Operand& x = seq.as<ArrayObj>().op;
    for (int64_t r = 0; r < (x.aval.shape.empty() ? 0 : x.aval.shape[0]); ++r) {
      std::vector<int64_t> starts(x.aval.shape.size(), 0), limits = x.aval.shape;
      starts[0] = r;
      limits[0] = r + 1;
      Shape rest(x.aval.shape.begin() + 1, x.aval.shape.end());
      out.push_back(jax::reshape(jax::slice(x, starts, limits, {}), rest));
    }
    return out;
  }
  for (const Value& v : ip.iterate(seq)) out.push_back(to_operand(ip, v, where));
  return out;
}

bool truthy_at(Interpreter& ip, const Args& a, size_t i, bool fallback) {
  if (!a.has(i) || a[i].is_none()) return fallback;
  return ip.truthy(a[i]);
}

double number_value(Interpreter& ip, const Value& v, const char* fn, SourceRange where) {
  if (v.is_number()) return v.as_float();
  if (v.is(ObjKind::Array)) return array_to_python_scalar(ip, v, "float", where).as_float();
  raise(ErrorId::builtin_arg_type, where, fn, 1, "a number", type_name(v));
}

// ---------------------------------------------------------------- numerics

int64_t rank(const Operand& x) { return static_cast<int64_t>(x.aval.shape.size()); }

Operand const_like(const Operand& x, double value) {
  DType t = x.aval.dtype;
  if (array::is_float(t)) return jax::scalar(t, value, x.aval.weak_type);
  if (t == DType::Bool) return jax::scalar_bool(value != 0);
  return jax::scalar_int(t, static_cast<int64_t>(value), x.aval.weak_type);
}

Operand to_inexact(const Operand& x) {
  if (array::is_float(x.aval.dtype)) return x;
  // NumPy's ufuncs take the smallest float that holds the ints exactly
  // (int8 -> float16, int16 -> float32, int32/int64 -> float64).
  DType f = array::NumpyMode::active() ? array::promote_types_numpy(x.aval.dtype, false, DType::Float16, false).dtype
                                       : array::default_float();
  return jax::convert(x, f, x.aval.weak_type);
}

Operand round_half_even(const Operand& x) {
  if (!ir::current_trace()) return Operand::concrete(array::unary(array::UnaryOp::RoundEven, x.value));
  ir::Params p;
  p.n = 1;  // rounding_method=TO_NEAREST_EVEN
  return ir::bind1(Prim::Round, {x}, p);
}

namespace {
// lax.full_like(x, value, bool): a constant of x's shape.
Operand bool_full_like(const Operand& x, bool value) {
  Operand v = jax::scalar_bool(value);
  if (x.aval.shape.empty()) return v;
  return jax::broadcast_to(v, x.aval.shape);
}
}  // namespace

Operand isnan(const Operand& x) {
  if (!array::is_float(x.aval.dtype)) return bool_full_like(x, false);
  return ir::bind1(Prim::Ne, {x, x}, {});
}

Operand isinf(const Operand& x) {
  if (!array::is_float(x.aval.dtype)) return bool_full_like(x, false);
  Operand inf = jax::scalar(x.aval.dtype, INFINITY, x.aval.weak_type);
  return ir::bind1(Prim::Eq, {jax::unary(Prim::Abs, x), inf}, {});
}

Operand isfinite(const Operand& x) {
  if (!array::is_float(x.aval.dtype)) return bool_full_like(x, true);
  return jax::unary(Prim::IsFinite, x);
}

Operand isclose(const Operand& a0, const Operand& b0, double rtol, double atol, bool equal_nan) {
  std::vector<Operand> xs = jax::promote({a0, b0});
  if (!array::is_float(xs[0].aval.dtype)) {
    bool weak = xs[0].aval.weak_type;
    xs = {jax::convert(xs[0], array::default_float(), weak), jax::convert(xs[1], array::default_float(), weak)};
  }
  const Operand &a = xs[0], &b = xs[1];
  DType t = a.aval.dtype;
  Operand rt = jax::scalar(t, rtol), at = jax::scalar(t, atol);
  auto bin = [](Prim p, const Operand& x, const Operand& y) { return jax::binary(p, x, y); };
  Operand out = bin(Prim::Le, jax::unary(Prim::Abs, bin(Prim::Sub, a, b)),
                    bin(Prim::Add, at, bin(Prim::Mul, rt, jax::unary(Prim::Abs, b))));
  Operand a_inf = isinf(a), b_inf = isinf(b);
  Operand any_inf = bin(Prim::Or, a_inf, b_inf), both_inf = bin(Prim::And, a_inf, b_inf);
  out = bin(Prim::And, out, jax::logical_not(any_inf));
  out = bin(Prim::Or, out, bin(Prim::And, both_inf, bin(Prim::Eq, a, b)));
  Operand a_nan = isnan(a), b_nan = isnan(b);
  out = bin(Prim::And, out, jax::logical_not(bin(Prim::Or, a_nan, b_nan)));
  if (equal_nan) out = bin(Prim::Or, out, bin(Prim::And, a_nan, b_nan));
  return out;
}

Operand ravel(const Operand& x) { return jax::reshape(x, {array::num_elements(x.aval.shape)}); }

// ---------------------------------------------------------------- dtypes

namespace {

std::string float_text(DType d, double v) { return array::shortest_float(d, v); }

const RecordType& iinfo_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "iinfo";
    r.repr = [](const RecordObj& o, Interpreter& ip) {
      return "iinfo(min=" + ip.repr(o.get("min")) + ", max=" + ip.repr(o.get("max")) + ", dtype=" +
             array::dtype_name(*dtype_of_value(o.get("dtype"))) + ")";
    };
    return r;
  }();
  return t;
}

const RecordType& finfo_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "finfo";
    r.repr = [](const RecordObj& o, Interpreter&) {
      DType d = *dtype_of_value(o.get("dtype"));
      double res = o.get("resolution").as<ArrayObj>().op.value.get_double(0);
      if (array::is_narrow_float(d)) {  // ml_dtypes' finfo: min and max as "%6.2e"
        char mx[32];
        std::snprintf(mx, sizeof mx, "%6.2e", array::float_max(d));
        return "finfo(resolution=" + float_text(d, res) + ", min=-" + mx + ", max=" + mx +
               ", dtype=" + array::dtype_name(d) + ")";
      }
      return "finfo(resolution=" + float_text(d, res) + ", min=" + float_text(d, -array::float_max(d)) +
             ", max=" + float_text(d, array::float_max(d)) + ", dtype=" + array::dtype_name(d) + ")";
    };
    return r;
  }();
  return t;
}

Value iinfo(Interpreter& ip, const Args& a) {
  DType d = dtype_value_or_raise(ip, a[0], a.where());
  if (!array::is_integer(d)) raise(ErrorId::jnp_iinfo_type, a.where(), array::is_float(d) ? "f" : "b");
  auto r = std::make_shared<RecordObj>(&iinfo_type());
  r->set("min", Value::integer(array::int_min(d)));
  r->set("max", Value::integer(array::int_max(d)));
  r->set("bits", Value::integer(array::bit_width(d)));
  r->set("dtype", dtype_value(d));
  r->set("kind", make_str(array::is_signed_int(d) ? "i" : "u"));
  return Value::object(r);
}

Value finfo(Interpreter& ip, const Args& a) {
  DType d = dtype_value_or_raise(ip, a[0], a.where());
  if (!array::is_float(d)) raise(ErrorId::jnp_finfo_type, a.where(), d == DType::Bool ? "bool" : array::dtype_name(d));
  auto scalar = [d](double v) { return make_array(array::Array::scalar(d, v)); };
  int precision = array::float_precision(d);
  auto r = std::make_shared<RecordObj>(&finfo_type());
  r->set("bits", Value::integer(array::bit_width(d)));
  r->set("eps", scalar(array::eps(d)));
  r->set("epsneg", scalar(array::epsneg(d)));
  r->set("max", scalar(array::float_max(d)));
  r->set("min", scalar(array::float_lowest(d)));
  r->set("nmant", Value::integer(array::mantissa_bits(d)));
  r->set("nexp", Value::integer(array::exponent_bits(d)));
  r->set("maxexp", Value::integer(array::max_exponent(d)));
  r->set("minexp", Value::integer(array::min_exponent(d)));
  r->set("tiny", scalar(array::float_min_normal(d)));
  r->set("smallest_normal", scalar(array::float_min_normal(d)));
  r->set("resolution", scalar(std::pow(10.0, -precision)));
  r->set("precision", Value::integer(precision));
  r->set("dtype", dtype_value(d));
  return Value::object(r);
}

// The (dtype, weak) a value contributes to jnp.result_type.
array::PromotedType type_of(Interpreter& ip, const Value& v, SourceRange where) {
  if (v.is(ObjKind::Array)) return {v.as<ArrayObj>().aval().dtype, v.as<ArrayObj>().aval().weak_type};
  if (v.is(ObjKind::Ref)) return {v.as<RefObj>().aval().dtype, false};
  if (v.is_bool()) return {DType::Bool, false};
  if (v.is_int()) return {array::default_int(), true};
  if (v.is_float()) return {array::default_float(), true};
  if (v.is(ObjKind::List) || v.is(ObjKind::Tuple)) {
    const ir::Operand op = to_operand(ip, v, where);
    return {op.aval.dtype, op.aval.weak_type};
  }
  return {dtype_value_or_raise(ip, v, where), false};
}

// Abstract scalar categories for jnp.issubdtype(x.dtype, jnp.floating).
const RecordType& category_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "type";
    r.repr = [](const RecordObj& o, Interpreter&) {
      return "<class 'numpy." + o.get("name").as<StrObj>().s + "'>";
    };
    return r;
  }();
  return t;
}

Value category(const std::string& name) {
  auto r = std::make_shared<RecordObj>(&category_type());
  r->set("name", make_str(name));
  return Value::object(r);
}


Value issubdtype(Interpreter& ip, const Args& a) {
  DType d = dtype_value_or_raise(ip, a[0], a.where());
  const Value& b = a[1];
  if (b.is(ObjKind::Record) && b.as<RecordObj>().type == &category_type())
    return Value::boolean(in_dtype_category(d, b.as<RecordObj>().get("name").as<StrObj>().s));
  return Value::boolean(d == dtype_value_or_raise(ip, b, a.where()));
}

ir::AVal aval_of(Interpreter& ip, const Value& v, SourceRange where) {
  if (v.is(ObjKind::Ref)) return v.as<RefObj>().aval();
  NumpyScope lenient;  // jnp.shape([1, 2]) is np.shape: lists are fine
  return to_operand(ip, v, where).aval;
}

void add_dtype_functions(ModuleObj& m) {
  defn(m, "iinfo", {"int_type"}, 1, iinfo);
  defn(m, "finfo", {"dtype"}, 1, finfo);
  defn(m, "dtype", {"dtype", "align", "copy"}, 1, [](Interpreter& ip, const Args& a) {
    return dtype_value(dtype_value_or_raise(ip, a[0], a.where()));
  });
  defn(m, "result_type", {}, 0, [](Interpreter& ip, const Args& a) {
    if (a.rest().empty()) raise(ErrorId::builtin_expected_at_least, a.where(), "result_type", 1, "", 0);
    array::PromotedType t = type_of(ip, a.rest()[0], a.where());
    for (size_t i = 1; i < a.rest().size(); ++i) {
      array::PromotedType u = type_of(ip, a.rest()[i], a.where());
      t = array::promote_types(t.dtype, t.weak, u.dtype, u.weak);
    }
    return dtype_value(t.dtype);
  }, true);
  defn(m, "promote_types", {"a", "b"}, 2, [](Interpreter& ip, const Args& a) {
    return dtype_value(array::promote_types(dtype_value_or_raise(ip, a[0], a.where()),
                                            dtype_value_or_raise(ip, a[1], a.where())));
  });
  defn(m, "issubdtype", {"arg1", "arg2"}, 2, issubdtype);
  defn(m, "astype", {"x", "dtype", "*", "copy", "device"}, 2, [](Interpreter& ip, const Args& a) {
    return wrap(jax::convert(operand_at(ip, a, 0), dtype_value_or_raise(ip, a[1], a.where()), false));
  });
  defn(m, "ndim", {"a"}, 1, [](Interpreter& ip, const Args& a) {
    return Value::integer(static_cast<int64_t>(aval_of(ip, a[0], a.where()).shape.size()));
  });
  defn(m, "shape", {"a"}, 1, [](Interpreter& ip, const Args& a) {
    Values dims;
    for (int64_t d : aval_of(ip, a[0], a.where()).shape) dims.push_back(Value::integer(d));
    return make_tuple(dims);
  });
  defn(m, "size", {"a", "axis"}, 1, [](Interpreter& ip, const Args& a) {
    Shape s = aval_of(ip, a[0], a.where()).shape;
    if (auto ax = axis_at(a, 1))
      return Value::integer(s[static_cast<size_t>(jax::normalize_axis(*ax, static_cast<int64_t>(s.size())))]);
    return Value::integer(array::num_elements(s));
  });
  for (const char* c : {"generic", "number", "inexact", "floating", "complexfloating", "integer",
                        "signedinteger", "unsignedinteger"})
    m.attrs[c] = category(c);
}

}  // namespace

bool in_dtype_category(DType d, const std::string& cat) {
  if (cat == "generic") return true;
  if (cat == "number") return d != DType::Bool;
  if (cat == "inexact" || cat == "floating") return array::is_float(d);
  if (cat == "integer") return array::is_integer(d);
  if (cat == "signedinteger") return array::is_signed_int(d);
  if (cat == "unsignedinteger") return array::is_unsigned_int(d);
  return false;  // complexfloating
}

}  // namespace rungs::jax

namespace rungs::jax {

void register_module_jnp() {
  Interpreter::register_module("jax.numpy", [](Interpreter& ip) {
    using array::DType;
    reset_numpy_print_options();  // a new program prints with NumPy's defaults
    auto m = new_module("jax.numpy");
    for (DType d : {DType::Float32, DType::BFloat16, DType::Float16, DType::Int8, DType::Int16, DType::Int32,
                    DType::UInt8, DType::UInt16, DType::UInt32, DType::Bool})
      m->attrs[array::dtype_name(d)] = scalar_type_value(d);
    // ml_dtypes' narrow types, which jax.numpy exports under the same names.
    for (int k = static_cast<int>(DType::Int4); k < array::kNumDTypes; ++k)
      m->attrs[array::dtype_name(static_cast<DType>(k))] = scalar_type_value(static_cast<DType>(k));
    // 64-bit names canonicalise to their 32-bit siblings (x64 disabled).
    m->attrs["bool_"] = scalar_type_value(DType::Bool);
    // They keep their own __name__, as JAX's scalar types do (test names are built from it).
    auto named = [](DType d, const char* name) {
      Value v = scalar_type_value(d);
      v.as<RecordObj>().set("__name__", make_str(name));
      return v;
    };
    m->attrs["float64"] = m->attrs["float_"] = m->attrs["double"] = named(DType::Float32, "float64");
    m->attrs["int64"] = m->attrs["int_"] = named(DType::Int32, "int64");
    m->attrs["uint64"] = m->attrs["uint"] = named(DType::UInt32, "uint64");
    m->attrs["single"] = scalar_type_value(DType::Float32);
    m->attrs["pi"] = Value::floating(3.141592653589793);
    m->attrs["e"] = Value::floating(2.718281828459045);
    m->attrs["euler_gamma"] = Value::floating(0.5772156649015329);
    m->attrs["inf"] = Value::floating(INFINITY);
    m->attrs["nan"] = Value::floating(NAN);
    m->attrs["newaxis"] = Value::none();
    Value jax = ip.import_module("jax", {});
    const auto& jax_attrs = jax.as<ModuleObj>().attrs;
    if (auto it = jax_attrs.find("Array"); it != jax_attrs.end()) m->attrs["ndarray"] = it->second;
    add_dtype_functions(*m);
    add_jnp_creation(*m);
    add_jnp_math(*m);
    add_jnp_reductions(*m);
    add_jnp_shapes(*m);
    add_jnp_nonzero(*m);
    add_jnp_linalg(*m);
    Value module = Value::object(m);
    add_jnp_python(ip, module);
    return module;
  });
}

}  // namespace rungs::jax
