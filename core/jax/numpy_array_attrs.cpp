// The ndarray attributes and methods where NumPy differs from jax.Array:
// the ones that return views (a.T, a.reshape of a contiguous array,
// a.ravel, a.view(), a.transpose, a.swapaxes, a.squeeze), the ones about
// memory (a.base, a.flags, a.strides, a.setflags), and the ones that write
// (a.fill) or must copy (a.copy). Everything else is jax.Array's attribute
// computed with NumPy's rules (array_protocol.cpp).
#include <algorithm>
#include <cctype>

#include "core/jax/jnp_core.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/numpy_values.h"
#include "core/jax/numpy_views.h"
#include "core/python/interpreter.h"
#include "core/python/bytes_type.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

using array::Shape;

namespace {

Value method(const std::string& name, std::function<Value(Interpreter&, CallArgs&)> fn) {
  return make_builtin("numpy.ndarray." + name, std::move(fn));
}

// Axes given as f(1, 0), f((1, 0)) or f([1, 0]).
std::vector<int64_t> axes_args(Interpreter& ip, const CallArgs& c, int64_t rank) {
  Values items = c.positional;
  if (items.size() == 1 && (items[0].is(ObjKind::Tuple) || items[0].is(ObjKind::List))) items = ip.iterate(items[0]);
  std::vector<int64_t> out;
  for (const Value& v : items) out.push_back(jax::normalize_axis(to_index(v, c.where), rank));
  return out;
}

std::vector<int64_t> reversed_axes(int64_t rank) {
  std::vector<int64_t> perm;
  for (int64_t i = rank - 1; i >= 0; --i) perm.push_back(i);
  return perm;
}

// A result computed by jax.Array's own method, as a NumPy ndarray.
Value as_numpy(const Value& r) { return numpy_result(r, false); }


const RecordType& flags_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "flagsobj";
    static const char* const keys[] = {"C_CONTIGUOUS", "F_CONTIGUOUS", "OWNDATA", "WRITEABLE", "ALIGNED",
                                       "WRITEBACKIFCOPY"};
    r.repr = [](const RecordObj& o, Interpreter&) {
      std::string s;
      for (const char* k : keys) {
        std::string field = k;
        std::transform(field.begin(), field.end(), field.begin(), ::tolower);
        s += std::string("  ") + k + " : " + (o.get(field).as_bool() ? "True" : "False") + "\n";
      }
      return s;
    };
    r.methods["__getitem__"] = [](Interpreter& ip, const Value& self, CallArgs& c) {
      std::string key = c.positional.empty() || !c.positional[0].is(ObjKind::Str) ? "" : c.positional[0].as<StrObj>().s;
      static const std::pair<const char*, const char*> shorts[] = {
          {"C", "c_contiguous"}, {"F", "f_contiguous"}, {"O", "owndata"}, {"W", "writeable"}, {"A", "aligned"},
          {"X", "writebackifcopy"}, {"CONTIGUOUS", "c_contiguous"}, {"FORTRAN", "f_contiguous"}};
      std::string field = key;
      for (const auto& [s, f] : shorts)
        if (key == s) field = f;
      std::transform(field.begin(), field.end(), field.begin(), ::tolower);
      if (const Value* v = self.as<RecordObj>().field(field)) return *v;
      (void)ip;
      raise(ErrorId::key_error, c.where, "'Unknown flag'");
    };
    return r;
  }();
  return t;
}

Value flags_of(const ArrayObj& a) {
  auto r = std::make_shared<RecordObj>(&flags_type());
  const NumpyGeometry g = numpy_geometry_of(a);
  const bool owns = !a.view || a.view->base.is_none();
  r->set("c_contiguous", Value::boolean(c_contiguous(g)));
  r->set("f_contiguous", Value::boolean(f_contiguous(g)));
  r->set("owndata", Value::boolean(owns && !a.jax_buffer));
  r->set("writeable", Value::boolean(!a.read_only));
  r->set("aligned", Value::boolean(true));
  r->set("writebackifcopy", Value::boolean(false));
  return Value::object(r);
}

Value strides_of(const ArrayObj& a) {
  const NumpyGeometry g = numpy_geometry_of(a);
  Values out;
  for (int64_t s : g.strides) out.push_back(Value::integer(s * array::itemsize(a.op.aval.dtype)));
  return make_tuple(out);
}

Value reshape_method(const Value& v) {
  return method("reshape", [v](Interpreter& ip, CallArgs& c) {
    // jax.Array's reshape checks the sizes and infers -1; NumPy then gives a
    // view of a contiguous array (a copy of a strided one).
    CallArgs args = c;
    args.keywords.clear();
    Value r = ip.call(array_getattr(ip, v, "reshape", c.where), std::move(args));
    const Shape& shape = r.as<ArrayObj>().op.aval.shape;
    if (auto g = numpy_reshaped(numpy_adopt(v).geo, shape)) return numpy_make_view(v, *g);
    // A strided array is copied first; the result views that copy (its
    // .base), as NumPy's reshape does.
    Value owner = numpy_copy(v);
    return numpy_make_view(owner, *numpy_reshaped(numpy_adopt(owner).geo, shape));
  });
}

Value squeeze_method(const Value& v) {
  return method("squeeze", [v](Interpreter& ip, CallArgs& c) {
    Value r = ip.call(array_getattr(ip, v, "squeeze", c.where), CallArgs(c));  // NumPy's errors
    const NumpyGeometry& g = numpy_adopt(v).geo;
    const Value* ax = c.positional.empty() ? c.keyword("axis") : &c.positional[0];
    std::vector<int64_t> drop;
    if (ax && !ax->is_none()) {
      CallArgs one;
      one.positional = {*ax};
      one.where = c.where;
      drop = axes_args(ip, one, static_cast<int64_t>(g.shape.size()));
    }
    NumpyGeometry out{g.offset, {}, {}};
    for (size_t d = 0; d < g.shape.size(); ++d) {
      bool gone = ax && !ax->is_none() ? std::count(drop.begin(), drop.end(), static_cast<int64_t>(d)) > 0
                                       : g.shape[d] == 1;
      if (gone) continue;
      out.shape.push_back(g.shape[d]);
      out.strides.push_back(g.strides[d]);
    }
    (void)r;
    return numpy_make_view(v, out);
  });
}

}  // namespace

std::optional<Value> numpy_ndarray_getattr(Interpreter&, const Value& v, const std::string& name, SourceRange where) {
  ArrayObj& a = v.as<ArrayObj>();
  if (a.traced() || a.numpy_scalar) return std::nullopt;
  const int64_t rank = static_cast<int64_t>(a.op.aval.shape.size());
  if (name == "T") return numpy_make_view(v, numpy_transposed(numpy_adopt(v).geo, reversed_axes(rank)));
  if (name == "base") return a.view ? a.view->base : Value::none();
  if (name == "flags") return flags_of(a);
  if (name == "strides") return strides_of(a);
  if (name == "reshape") return reshape_method(v);
  if (name == "squeeze") return squeeze_method(v);
  if (name == "copy") return method(name, [v](Interpreter&, CallArgs&) { return numpy_copy(v); });
  if (name == "tobytes")  // C order, the host's (little-endian) element bytes
    return method(name, [v](Interpreter& ip, CallArgs& c) -> Value {
      if (!c.positional.empty() || !c.keywords.empty())
        raise(ErrorId::unsupported_feature, c.where, "ndarray.tobytes(order=...)");
      const Value copy = numpy_copy(v);  // contiguous, whatever view v is
      const array::Array& data = copy.as<ArrayObj>().op.value;
      const auto* raw = reinterpret_cast<const char*>(data.raw());
      return python::make_bytes(ip, std::string(raw ? raw : "", static_cast<size_t>(data.nbytes())));
    });
  if (name == "view")
    return method(name, [v](Interpreter& ip, CallArgs& c) {
      const Value* d = c.positional.empty() ? c.keyword("dtype") : &c.positional[0];
      if (d && !d->is_none() && dtype_of_value(*d) != v.as<ArrayObj>().op.aval.dtype)
        raise(ErrorId::unsupported_feature, c.where, "ndarray.view with another dtype (" + ip.repr(*d) + ")");
      return numpy_make_view(v, numpy_adopt(v).geo);
    });
  if (name == "ravel")
    return method(name, [v](Interpreter& ip, CallArgs& c) {
      const Shape flat{v.as<ArrayObj>().op.value.size()};
      if (auto g = numpy_reshaped(numpy_adopt(v).geo, flat)) return numpy_make_view(v, *g);
      return as_numpy(ip.call(array_getattr(ip, v, "ravel", c.where), CallArgs(c)));
    });
  if (name == "transpose" || name == "swapaxes")
    return method(name, [v, name, rank](Interpreter& ip, CallArgs& c) {
      std::vector<int64_t> perm = reversed_axes(rank);
      if (name == "swapaxes") {
        if (c.positional.size() != 2) raise(ErrorId::np_swapaxes_args, c.where, c.positional.size());
        std::vector<int64_t> ij = axes_args(ip, c, rank);
        for (int64_t i = 0; i < rank; ++i) perm[static_cast<size_t>(i)] = i;
        std::swap(perm[static_cast<size_t>(ij[0])], perm[static_cast<size_t>(ij[1])]);
      } else if (!c.positional.empty() && !(c.positional.size() == 1 && c.positional[0].is_none())) {
        perm = axes_args(ip, c, rank);  // NumPy's AxisError for an axis out of range
        std::vector<int64_t> sorted = perm;
        std::sort(sorted.begin(), sorted.end());
        if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
          raise(ErrorId::np_transpose_repeated, c.where);
        ip.call(array_getattr(ip, v, "transpose", c.where), CallArgs(c));  // jnp's checks of the axes count
      }
      return numpy_make_view(v, numpy_transposed(numpy_adopt(v).geo, perm));
    });
  if (name == "fill")
    return method(name, [v](Interpreter& ip, CallArgs& c) {
      if (c.positional.size() != 1) raise(ErrorId::unsupported_feature, c.where, "ndarray.fill without one value");
      array_setitem(ip, v, ellipsis_value(), c.positional[0], c.where);
      return Value::none();
    });
  if (name == "setflags")
    return method(name, [v](Interpreter& ip, CallArgs& c) {
      const Value* w = c.positional.empty() ? c.keyword("write") : &c.positional[0];
      if (!w || w->is_none()) return Value::none();
      ArrayObj& a = v.as<ArrayObj>();
      if (!ip.truthy(*w)) {
        a.read_only = true;
        return Value::none();
      }
      // Writable again only if the memory is: not JAX's, base writable.
      const bool base_ro = a.view && !a.view->base.is_none() && a.view->base.as<ArrayObj>().read_only;
      if (a.read_only && (a.jax_buffer || base_ro)) raise(ErrorId::np_writeable_flag, c.where);
      a.read_only = false;
      return Value::none();
    });
  (void)where;
  return std::nullopt;
}

}  // namespace rungs::jax
