// numpy functions harnesses call that jax.numpy lacks or answers with JAX
// types: np.copy / np.ascontiguousarray (NumPy's copy rules), np.concat
// (NumPy 2's name), np.ndindex, np.finfo with NumPy scalar fields, and the
// print options (np.set_printoptions, np.get_printoptions, np.printoptions)
// that every array's str()/repr() then follows, as NumPy's arrayprint does
// for NumPy and JAX arrays alike.
#include "core/jax/module_jnp_parts.h"
#include "core/jax/numpy_values.h"
#include "core/jax/numpy_views.h"
#include "core/python/bytes_type.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

array::PrintOptions& numpy_print_options() {
  // One program runs at a time; every interpreter resets them when it
  // imports numpy / jax.numpy (reset_numpy_print_options).
  static array::PrintOptions options;
  return options;
}

void reset_numpy_print_options() { numpy_print_options() = array::PrintOptions{}; }

namespace {

bool is_ndarray(const Value& v) {
  return v.is(ObjKind::Array) && v.as<ArrayObj>().numpy && !v.as<ArrayObj>().numpy_scalar &&
         !v.as<ArrayObj>().traced();
}

const std::vector<std::string>& option_names() {
  static const std::vector<std::string> names = {"precision", "threshold", "edgeitems", "linewidth", "suppress",
                                                 "nanstr", "infstr", "formatter", "sign", "floatmode", "legacy",
                                                 "override_repr"};
  return names;
}

// Applies the keyword arguments NumPy's set_printoptions takes (the
// numeric ones and suppress; the others keep NumPy's defaults).
void apply_options(Interpreter& ip, const Args& a) {
  array::PrintOptions& o = numpy_print_options();
  auto int_opt = [&](size_t i, int& field) {
    if (!a[i].is_none()) field = static_cast<int>(to_index(a[i], a.where()));
  };
  int_opt(0, o.precision);
  int_opt(1, o.threshold);
  int_opt(2, o.edgeitems);
  int_opt(3, o.linewidth);
  if (!a[4].is_none()) o.suppress = ip.truthy(a[4]);
}

Value options_dict() {
  const array::PrintOptions& o = numpy_print_options();
  auto d = std::make_shared<DictObj>();
  d->set(make_str("edgeitems"), Value::integer(o.edgeitems));
  d->set(make_str("threshold"), Value::integer(o.threshold));
  d->set(make_str("floatmode"), make_str("maxprec"));
  d->set(make_str("precision"), Value::integer(o.precision));
  d->set(make_str("suppress"), Value::boolean(o.suppress));
  d->set(make_str("linewidth"), Value::integer(o.linewidth));
  d->set(make_str("nanstr"), make_str("nan"));
  d->set(make_str("infstr"), make_str("inf"));
  d->set(make_str("sign"), make_str("-"));
  d->set(make_str("formatter"), Value::none());
  d->set(make_str("legacy"), Value::boolean(false));
  return Value::object(d);
}

// np.printoptions(...): a context manager restoring the options on exit.
Value printoptions_manager(const array::PrintOptions& saved) {
  static const RecordType type = [] {
    RecordType t;
    t.name = "_GeneratorContextManager";
    t.methods["__enter__"] = [](Interpreter&, const Value&, CallArgs&) { return options_dict(); };
    t.methods["__exit__"] = [](Interpreter&, const Value& self, CallArgs&) {
      const RecordObj& r = self.as<RecordObj>();
      array::PrintOptions& o = numpy_print_options();
      o.precision = static_cast<int>(r.get("precision").as_int());
      o.threshold = static_cast<int>(r.get("threshold").as_int());
      o.edgeitems = static_cast<int>(r.get("edgeitems").as_int());
      o.linewidth = static_cast<int>(r.get("linewidth").as_int());
      o.suppress = r.get("suppress").as_bool();
      return Value::boolean(false);
    };
    return t;
  }();
  auto r = std::make_shared<RecordObj>(&type);
  r->set("precision", Value::integer(saved.precision));
  r->set("threshold", Value::integer(saved.threshold));
  r->set("edgeitems", Value::integer(saved.edgeitems));
  r->set("linewidth", Value::integer(saved.linewidth));
  r->set("suppress", Value::boolean(saved.suppress));
  return Value::object(r);
}

}  // namespace

void add_numpy_extras(ModuleObj& m) {
  Value array_fn = m.attrs.at("array");
  defn(m, "copy", {"a", "order", "subok"}, 1, [array_fn](Interpreter& ip, const Args& a) {
    if (is_ndarray(a[0])) return numpy_copy(a[0]);
    return ip.call(array_fn, Values{a[0]}, a.where());
  });
  defn(m, "ascontiguousarray", {"a", "dtype", "*", "like"}, 1, [array_fn](Interpreter& ip, const Args& a) {
    const bool same_dtype = a[1].is_none() || (is_ndarray(a[0]) && dtype_of_value(a[1]) == a[0].as<ArrayObj>().aval().dtype);
    if (is_ndarray(a[0]) && same_dtype && c_contiguous(numpy_geometry_of(a[0].as<ArrayObj>()))) return a[0];
    CallArgs c;
    c.positional = {a[0]};
    if (!a[1].is_none()) c.keywords.emplace_back("dtype", a[1]);
    c.where = a.where();
    Value r = ip.call(array_fn, std::move(c));
    // NumPy gives a 0-d input one dimension.
    if (r.is(ObjKind::Array) && r.as<ArrayObj>().aval().shape.empty())
      return ip.call(ip.getattr(r, "reshape", a.where()), Values{Value::integer(1)}, a.where());
    return r;
  });
  if (m.attrs.count("concatenate")) m.attrs["concat"] = m.attrs["concatenate"];
  // frombuffer: a 1-d copy of the bytes read as `dtype` (NumPy shares the
  // buffer, read-only; bytes are immutable, so a copy reads the same).
  defn(m, "frombuffer", {"buffer", "dtype", "count", "offset", "*", "like"}, 1, [](Interpreter& ip, const Args& a) {
    std::optional<std::string> raw = python::bytes_data(ip, a[0]);
    auto value_error = [&](const char* text) { return EngineError(ErrorId::user_exception, "ValueError", text, a.where()); };
    if (!raw)
      throw EngineError(ErrorId::user_exception, "TypeError",
                        "a bytes-like object is required, not '" + type_name(a[0]) + "'", a.where());
    const array::DType dtype = a[1].is_none() ? array::DType::Float64 : dtype_of_value(a[1]).value_or(array::DType::Float64);
    const int64_t item = array::itemsize(dtype);
    const int64_t offset = a.has(3) ? to_index(a[3], a.where()) : 0;
    const int64_t count = a.has(2) ? to_index(a[2], a.where()) : -1;
    const int64_t avail = static_cast<int64_t>(raw->size()) - offset;
    if (offset < 0 || avail < 0)
      throw EngineError(ErrorId::user_exception, "ValueError",
                        "offset must be non-negative and no greater than buffer length (" + std::to_string(raw->size()) + ")",
                        a.where());
    if (count < 0 && avail % item != 0) throw value_error("buffer size must be a multiple of element size");
    const int64_t n = count < 0 ? avail / item : count;
    if (n * item > avail) throw value_error("buffer is smaller than requested size");
    return make_numpy_array(array::Array::from_bytes(dtype, {n}, raw->data() + offset));
  });
  defn(m, "put_along_axis", {"arr", "indices", "values", "axis"}, 4, [](Interpreter& ip, const Args& a) {
    // arr[i_0, ..., indices, ..., i_n] = values with i_d broadcasting
    // aranges, as NumPy builds the fancy index (writes through any view).
    if (!is_ndarray(a[0])) raise(ErrorId::np_copyto_dst, a.where(), type_name(a[0]));
    const Shape& shape = a[0].as<ArrayObj>().aval().shape;
    ir::Operand idx = to_operand(ip, a[1], a.where());
    const int64_t rank = static_cast<int64_t>(shape.size());
    if (!array::is_integer(idx.aval.dtype) || static_cast<int64_t>(idx.aval.shape.size()) != rank || idx.traced())
      raise(ErrorId::unsupported_feature, a.where(), "put_along_axis with indices that are not an integer array of arr's rank");
    const int64_t axis = jax::normalize_axis(to_index(a[3], a.where()), rank);
    Values key;
    for (int64_t d = 0; d < rank; ++d) {
      if (d == axis) {
        key.push_back(a[1]);
        continue;
      }
      const int64_t n = shape[static_cast<size_t>(d)];  // arange(arr.shape[d]), as NumPy
      Shape s(static_cast<size_t>(rank), 1);
      s[static_cast<size_t>(d)] = n;
      std::vector<int64_t> range(static_cast<size_t>(n));
      for (int64_t i = 0; i < n; ++i) range[static_cast<size_t>(i)] = i;
      key.push_back(make_numpy_array(array::Array::from_ints(DType::Int64, s, range)));
    }
    array::NumpyMode numpy;
    array_setitem(ip, a[0], make_tuple(key), a[2], a.where());
    return Value::none();
  });
  defn(m, "ndindex", {}, 0, [](Interpreter& ip, const Args& a) {
    Values dims = a.rest();
    if (dims.size() == 1 && (dims[0].is(ObjKind::Tuple) || dims[0].is(ObjKind::List))) dims = ip.iterate(dims[0]);
    Shape shape;
    for (const Value& d : dims) {
      shape.push_back(to_index(d, a.where()));
      if (shape.back() < 0) raise(ErrorId::np_negative_dimensions, a.where());
    }
    // Lazily, in C order, like NumPy's ndindex iterator.
    auto idx = std::make_shared<std::vector<int64_t>>(shape.size(), 0);
    auto left = std::make_shared<int64_t>(array::num_elements(shape));
    auto it = std::make_shared<IteratorObj>([shape, idx, left](Value& out) {
      if (*left <= 0) return false;
      --*left;
      Values t;
      for (int64_t i : *idx) t.push_back(Value::integer(i));
      out = make_tuple(t);
      for (size_t d = shape.size(); d-- > 0;)
        if (++(*idx)[d] < shape[d]) break;
        else (*idx)[d] = 0;
      return true;
    });
    it->type_name = "ndindex";
    return Value::object(it);
  }, true);
  Value finfo = m.attrs.at("finfo");
  m.attrs["finfo"] = make_builtin("numpy.finfo", [finfo](Interpreter& ip, CallArgs& c) {
    Value r = ip.call(finfo, std::move(c));
    // NumPy's finfo fields are NumPy scalars (np.float32(1.1920929e-07)).
    if (r.is(ObjKind::Record))
      for (auto& [name, v] : r.as<RecordObj>().fields) v = numpy_result(v, true);
    return r;
  });
  std::vector<std::string> opts = option_names();
  defn(m, "set_printoptions", opts, 0, [](Interpreter& ip, const Args& a) {
    apply_options(ip, a);
    return Value::none();
  });
  defn(m, "get_printoptions", {}, 0, [](Interpreter&, const Args&) { return options_dict(); });
  defn(m, "printoptions", opts, 0, [](Interpreter& ip, const Args& a) {
    Value manager = printoptions_manager(numpy_print_options());
    apply_options(ip, a);
    return manager;
  });
}

}  // namespace rungs::jax
