// NumPy indexing of arrays: x[i], x[a:b, None, ...], x[idx_array], and the
// functional updates x.at[idx].set(v). Concrete arrays with concrete indices
// go straight to core/array (exact NumPy semantics); traced ones record what
// jnp would: slice/squeeze for static basic indexing, dynamic_slice for
// traced scalar indices, gather/scatter for integer-array indices.
#include "core/ir/tape.h"
#include "core/jax/array_value.h"
#include "core/python/interpreter.h"
#include "core/jax/jnp_core.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/numpy_views.h"
#include "core/jax/ref_ops.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

using array::DType;
using array::Shape;

namespace {

struct Item {
  enum Kind { Int, Slice, NewAxis, Ellipsis, Dynamic, IntArray, BoolArray } kind = Int;
  int64_t value = 0;
  std::optional<int64_t> start, stop, step;
  ir::Operand op;  // Dynamic (traced scalar) or arrays
};

std::vector<Item> parse_key(Interpreter& interp, const Value& key, SourceRange where) {
  Values items = key.is(ObjKind::Tuple) ? key.as<TupleObj>().items : Values{key};
  std::vector<Item> out;
  for (const Value& v : items) {
    Item it;
    if (v.is_none()) {
      it.kind = Item::NewAxis;
    } else if (v.is(ObjKind::Ellipsis)) {
      it.kind = Item::Ellipsis;
    } else if (v.is(ObjKind::Slice)) {
      const auto& s = v.as<SliceObj>();
      it.kind = Item::Slice;
      if (!s.start.is_none()) it.start = to_index(s.start, where);
      if (!s.stop.is_none()) it.stop = to_index(s.stop, where);
      if (!s.step.is_none()) it.step = to_index(s.step, where);
      if (it.step && *it.step == 0) raise(ErrorId::slice_step_zero, where);
    } else if (v.is(ObjKind::Record) && v.as<RecordObj>().type == &slice_record_type()) {
      // pl.ds on an array: a dynamic window of static size.
      const auto& r = v.as<RecordObj>();
      it.kind = Item::Dynamic;
      it.op = to_operand(interp, r.get("start"), where);
      it.value = to_index(r.get("size"), where);
      it.step = 1;  // marks "window" rather than scalar index
    } else if (is_int_like(v)) {
      it.kind = Item::Int;
      it.value = v.as_int();
    } else if (v.is(ObjKind::Array) || v.is(ObjKind::List) || v.is(ObjKind::Tuple)) {
      ir::Operand op = to_operand(interp, v, where);
      if (op.aval.dtype == DType::Bool) {
        it.kind = Item::BoolArray;
      } else if (!array::is_integer(op.aval.dtype)) {
        raise(ErrorId::index_bad_type, where, array::dtype_name(op.aval.dtype), out.size(), interp.repr(v));
      } else if (op.aval.shape.empty()) {
        if (op.traced()) {
          it.kind = Item::Dynamic;
        } else {
          it.kind = Item::Int;
          it.value = op.value.get_int(0);
        }
      } else {
        it.kind = Item::IntArray;
      }
      it.op = op;
    } else {
      raise(ErrorId::index_bad_type, where, type_name(v), out.size(), interp.repr(v));
    }
    out.push_back(it);
  }
  return out;
}

array::IndexSpec to_spec(const std::vector<Item>& items) {
  array::IndexSpec spec;
  for (const Item& it : items) {
    switch (it.kind) {
      case Item::Int: spec.items.push_back(array::IndexItem::integer(it.value)); break;
      case Item::Slice: spec.items.push_back(array::IndexItem::slice(it.start, it.stop, it.step)); break;
      case Item::NewAxis: spec.items.push_back(array::IndexItem::new_axis()); break;
      case Item::Ellipsis: spec.items.push_back(array::IndexItem::ellipsis()); break;
      case Item::IntArray: spec.items.push_back(array::IndexItem::int_array(it.op.value)); break;
      case Item::BoolArray: spec.items.push_back(array::IndexItem::bool_array(it.op.value)); break;
      case Item::Dynamic: break;
    }
  }
  return spec;
}

bool all_concrete(const ir::Operand& x, const std::vector<Item>& items) {
  // A value jax.grad records goes through the primitives, so the tape sees it.
  if (x.traced() || ir::on_current_tape(x)) return false;
  for (const Item& it : items)
    if ((it.kind == Item::Dynamic || it.kind == Item::IntArray || it.kind == Item::BoolArray) && it.op.traced())
      return false;
  for (const Item& it : items)
    if (it.kind == Item::Dynamic) return false;
  return true;
}

Item full_slice() {
  Item it;
  it.kind = Item::Slice;
  return it;
}

// Expand `...` and pad with full slices; NewAxis items do not consume dims.
std::vector<Item> expand(std::vector<Item> items, size_t rank, SourceRange where) {
  size_t consuming = 0, ellipses = 0;
  for (const Item& it : items) {
    if (it.kind == Item::Ellipsis) ++ellipses;
    else if (it.kind != Item::NewAxis) ++consuming;
  }
  if (ellipses > 1) raise(ErrorId::index_two_ellipses, where);
  if (consuming > rank) raise(ErrorId::index_too_many, where, rank, consuming);
  std::vector<Item> out;
  bool expanded = false;
  for (const Item& it : items) {
    if (it.kind == Item::Ellipsis) {
      for (size_t i = 0; i < rank - consuming; ++i) out.push_back(full_slice());
      expanded = true;
    } else {
      out.push_back(it);
    }
  }
  if (!expanded)
    for (size_t i = 0; i < rank - consuming; ++i) out.push_back(full_slice());
  return out;
}

// Traced basic indexing: one (dynamic_)slice, then squeeze, then new axes.
ir::Operand basic_traced(const ir::Operand& x, const std::vector<Item>& items, SourceRange where) {
  const Shape& shape = x.aval.shape;
  std::vector<int64_t> starts, limits, strides, squeeze_axes, rev_axes;
  std::vector<ir::Operand> dyn_starts;
  bool dynamic = false;
  Shape slice_sizes;
  size_t d = 0;
  std::vector<size_t> newaxis_positions;  // positions in the final shape
  size_t out_pos = 0;
  for (const Item& it : items) {
    if (it.kind == Item::NewAxis) {
      newaxis_positions.push_back(out_pos++);
      continue;
    }
    int64_t dim = shape[d];
    if (it.kind == Item::Int) {
      int64_t v = it.value < 0 ? it.value + dim : it.value;
      if (v < 0 || v >= dim) raise(ErrorId::index_out_of_bounds, where, it.value, d, dim);
      starts.push_back(v);
      limits.push_back(v + 1);
      strides.push_back(1);
      slice_sizes.push_back(1);
      dyn_starts.push_back(jax::scalar_int(DType::Int32, v));
      squeeze_axes.push_back(static_cast<int64_t>(d));
    } else if (it.kind == Item::Dynamic) {
      dynamic = true;
      ir::Operand i = jax::convert(it.op, DType::Int32, false);
      int64_t size = it.step ? it.value : 1;
      if (!it.step) {
        // Negative traced indices wrap once, as jnp does.
        ir::Operand neg = jax::compare(ir::Prim::Lt, i, jax::scalar_int(DType::Int32, 0, true));
        ir::Operand wrapped = jax::binary(ir::Prim::Add, i, jax::scalar_int(DType::Int32, dim, true));
        i = jax::where(neg, wrapped, i);
        squeeze_axes.push_back(static_cast<int64_t>(d));
      } else {
        ++out_pos;
      }
      dyn_starts.push_back(i);
      slice_sizes.push_back(size);
      starts.push_back(0);
      limits.push_back(size);
      strides.push_back(1);
    } else {  // Slice
      int64_t step = it.step.value_or(1);
      int64_t lo, hi;
      auto norm = [&](std::optional<int64_t> v, int64_t dflt, int64_t min, int64_t max) {
        if (!v) return dflt;
        int64_t x2 = *v < 0 ? *v + dim : *v;
        return std::clamp(x2, min, max);
      };
      if (step > 0) {
        lo = norm(it.start, 0, 0, dim);
        hi = norm(it.stop, dim, 0, dim);
      } else {
        lo = norm(it.start, dim - 1, -1, dim - 1);
        hi = norm(it.stop, -1, -1, dim - 1);
      }
      int64_t count = step > 0 ? std::max<int64_t>(0, (hi - lo + step - 1) / step)
                               : std::max<int64_t>(0, (lo - hi - step - 1) / (-step));
      if (step > 0) {
        starts.push_back(lo);
        limits.push_back(lo + (count > 0 ? (count - 1) * step + 1 : 0));
        strides.push_back(step);
      } else {
        // Reverse: take the ascending window then rev.
        int64_t first = lo + (count - 1) * step;
        starts.push_back(count > 0 ? first : 0);
        limits.push_back(count > 0 ? lo + 1 : 0);
        strides.push_back(-step);
        rev_axes.push_back(static_cast<int64_t>(out_pos));
      }
      slice_sizes.push_back(count);
      dyn_starts.push_back(jax::scalar_int(DType::Int32, starts.back()));
      ++out_pos;
    }
    ++d;
  }
  ir::Operand y = x;
  bool unit_strides = std::all_of(strides.begin(), strides.end(), [](int64_t s) { return s == 1; });
  if (dynamic && unit_strides) {
    ir::Params p;
    p.shape = slice_sizes;
    std::vector<ir::Operand> in{x};
    in.insert(in.end(), dyn_starts.begin(), dyn_starts.end());
    y = ir::bind1(ir::Prim::DynamicSlice, in, p);
  } else {
    bool trivial = true;
    for (size_t k = 0; k < starts.size(); ++k)
      trivial = trivial && starts[k] == 0 && limits[k] == shape[k] && strides[k] == 1;
    if (!trivial) y = jax::slice(x, starts, limits, strides);
  }
  if (!squeeze_axes.empty()) y = jax::squeeze(y, squeeze_axes);
  if (!rev_axes.empty()) {
    ir::Params p;
    p.axes = rev_axes;
    y = ir::bind1(ir::Prim::Rev, {y}, p);
  }
  if (!newaxis_positions.empty()) {
    std::vector<int64_t> axes(newaxis_positions.begin(), newaxis_positions.end());
    y = jax::expand_dims(y, axes);
  }
  return y;
}

// Traced advanced indexing as one gather/scatter equation.
ir::Params gather_params(const std::vector<Item>& items, const Shape& shape,
                         std::vector<ir::Operand>& inputs, SourceRange where) {
  ir::Params p;
  ir::Indexer ix;
  size_t dim_pos = 0;
  for (const Item& it : items) {
    int64_t dim = dim_pos < shape.size() ? shape[dim_pos] : 1;
    if (it.kind != Item::NewAxis && it.kind != Item::Ellipsis) ++dim_pos;
    ir::DimIndex d;
    switch (it.kind) {
      case Item::Int: d.kind = ir::DimIndex::Kind::Index; d.start = it.value; break;
      case Item::NewAxis: d.kind = ir::DimIndex::Kind::NewAxis; break;
      case Item::Dynamic:
        // A traced scalar index, or a pl.ds window (step set, value = size)
        // whose start is traced.
        d.kind = it.step ? ir::DimIndex::Kind::Slice : ir::DimIndex::Kind::Index;
        if (it.step) d.size = it.value;
        d.input = static_cast<int>(inputs.size());
        inputs.push_back(it.op);
        break;
      case Item::IntArray:
      case Item::BoolArray:
        d.kind = ir::DimIndex::Kind::Array;
        d.input = static_cast<int>(inputs.size());
        inputs.push_back(it.op);
        break;
      default: {  // Slice with static bounds, normalised like slice.indices
        int64_t step = it.step.value_or(1);
        if (step <= 0) raise(ErrorId::unsupported_feature, where, "a reversed slice mixed with array indices");
        auto norm = [&](std::optional<int64_t> v, int64_t dflt) {
          if (!v) return dflt;
          int64_t x = *v < 0 ? *v + dim : *v;
          return std::clamp<int64_t>(x, 0, dim);
        };
        int64_t lo = norm(it.start, 0), hi = norm(it.stop, dim);
        d.kind = ir::DimIndex::Kind::Slice;
        d.start = lo;
        d.size = std::max<int64_t>(0, (hi - lo + step - 1) / step);
        d.stride = step;
        break;
      }
    }
    ix.dims.push_back(d);
  }
  p.indexers.push_back(ix);
  return p;
}

// NumPy raises for an integer index past the end of its axis (jax.numpy
// gathers in "fill" mode instead, NaN for floats, unless
// jax_check_static_indices is on).
void check_numpy_int_bounds(const std::vector<Item>& items, const Shape& shape, SourceRange where) {
  size_t axis = 0;
  for (const Item& it : expand(items, shape.size(), where)) {
    if (it.kind == Item::NewAxis) continue;
    if (axis >= shape.size()) break;
    int64_t size = shape[axis];
    if (it.kind == Item::Int && (it.value < -size || it.value >= size))
      raise(ErrorId::index_out_of_bounds, where, it.value, axis, size);
    // Integer-array indices too: NumPy raises where jnp would fill or drop.
    if (it.kind == Item::IntArray && !it.op.traced())
      for (int64_t k = 0; k < it.op.value.size(); ++k) {
        int64_t i = it.op.value.get_int(k);
        if (i < -size || i >= size) raise(ErrorId::index_out_of_bounds, where, i, axis, size);
      }
    if (it.kind == Item::BoolArray) axis += it.op.aval.shape.empty() ? 0 : it.op.aval.shape.size() - 1;
    ++axis;
  }
}

}  // namespace

Value array_getitem(Interpreter& interp, const Value& v, const Value& key, SourceRange where) {
  if (v.is(ObjKind::Ref)) return ref_getitem(interp, v, key, where);
  ir::set_current_source(where);
  const ir::Operand& x = v.as<ArrayObj>().op;
  std::vector<Item> items = parse_key(interp, key, where);
  if (v.as<ArrayObj>().numpy) check_numpy_int_bounds(items, x.aval.shape, where);
  if (all_concrete(x, items)) return make_array(array::index(x.value, to_spec(items)));
  bool advanced = false;
  for (const Item& it : items) advanced = advanced || it.kind == Item::IntArray || it.kind == Item::BoolArray;
  if (!advanced) return make_array(basic_traced(x, expand(items, x.aval.shape.size(), where), where));
  items = expand(items, x.aval.shape.size(), where);
  std::vector<ir::Operand> inputs{x};
  ir::Params p = gather_params(items, x.aval.shape, inputs, where);
  return make_array(ir::bind1(ir::Prim::Gather, inputs, p));
}

Value array_index_update(Interpreter& interp, const Value& v, const Value& key, const Value& updates,
                         array::UpdateMode mode, SourceRange where) {
  ir::set_current_source(where);
  const ir::Operand& x = v.as<ArrayObj>().op;
  std::vector<Item> items = parse_key(interp, key, where);
  ir::Operand u = jax::convert(to_operand(interp, updates, where, "scatter"), x.aval.dtype, false);
  if (all_concrete(x, items) && !u.traced() && !ir::on_current_tape(u))
    return make_array(array::index_update(x.value, to_spec(items), u.value, mode));
  items = expand(items, x.aval.shape.size(), where);
  std::vector<ir::Operand> inputs{x, u};
  ir::Params p = gather_params(items, x.aval.shape, inputs, where);
  p.n = static_cast<int64_t>(mode);
  return make_array(ir::bind1(ir::Prim::Scatter, inputs, p));
}

void array_setitem(Interpreter& interp, const Value& v, const Value& key, const Value& value, SourceRange where) {
  if (v.is(ObjKind::Ref)) {
    ref_setitem(interp, v, key, value, where);
    return;
  }
  ArrayObj& array = v.as<ArrayObj>();
  if (!array.numpy || array.traced()) raise(ErrorId::array_immutable, where);
  if (array.numpy_scalar) raise(ErrorId::no_item_assignment, where, std::string("numpy.") + array::dtype_name(array.op.aval.dtype));
  if (array.read_only) raise(ErrorId::numpy_read_only, where);
  // A NumPy array takes the new values in place (NumPy converts a traced
  // value with __array__, which JAX refuses).
  if (value.is(ObjKind::Array) && value.as<ArrayObj>().traced()) {
    const std::string& fn = tracing_function_name();
    std::string origin = fn.empty() || fn == "<unknown>" ? "" : "\nThe error occurred while tracing the function " + fn + ".";
    raise(ErrorId::tracer_array_conversion, where, ir::aval_long_str(value.as<ArrayObj>().aval()), origin);
  }
  ir::set_current_source(where);
  std::vector<Item> items = parse_key(interp, key, where);
  check_numpy_int_bounds(items, array.op.aval.shape, where);
  if (all_concrete(array.op, items) && numpy_is_same_memory(v, to_spec(items), value)) return;
  const DType dt = array.op.aval.dtype;
  // NumPy 2 refuses a Python int its integer dtype cannot hold (a float
  // is cast unsafely: truncated, as NumPy's assignment does).
  if (value.is_int() && !value.is_bool() && array::is_integer(dt) &&
      (value.as_int() < array::int_min(dt) || value.as_int() > array::int_max(dt)))
    raise(ErrorId::numpy_int_out_of_bounds, where, value.as_int(), array::dtype_name(dt));
  ir::Operand u = jax::convert(to_operand(interp, value, where, "scatter"), dt, false);
  if (!all_concrete(array.op, items)) {  // traced indices: the functional update
    array.op = array_index_update(interp, v, key, value, array::UpdateMode::Set, where).as<ArrayObj>().op;
    return;
  }
  // Written into the array's memory, which its views share (numpy_views.h);
  // an array without views is updated in its own storage, copied first only
  // when something else (a value read from it earlier) still holds it.
  array::Array values = u.value;
  u = ir::Operand();  // the store may then find the storage unshared
  array::IndexSpec spec = to_spec(items);
  Shape target = array::index_shape(array.op.aval.shape, spec);
  if (items.size() == 1 && items[0].kind == Item::BoolArray) {  // a[mask] = values: NumPy's own checks
    if (values.rank() > 1) raise(ErrorId::np_bool_assign_ndim, where, values.rank());
    if (values.rank() == 1 && values.size() != 1 && !target.empty() && values.size() != target[0])
      raise(ErrorId::np_bool_assign_count, where, values.size(), target[0]);
  }
  auto from = numpy_assign_shape(values.shape(), target);
  if (!from) raise(ErrorId::np_setitem_broadcast, where, numpy_shape_text(values.shape()), numpy_shape_text(target));
  if (!array.view) values = values.reshaped(*from);  // leading 1s dropped, as NumPy assigns
  numpy_store(v, spec, values);
}

std::optional<Value> numpy_view_getitem(Interpreter& interp, const Value& v, const Value& key, SourceRange where) {
  const ArrayObj& a = v.as<ArrayObj>();
  if (a.traced() || a.numpy_scalar) return std::nullopt;
  std::vector<Item> items = parse_key(interp, key, where);
  bool ellipsis = false, all_ints = true;
  for (const Item& it : items) {
    if (it.kind == Item::Dynamic || it.kind == Item::IntArray || it.kind == Item::BoolArray) return std::nullopt;
    ellipsis = ellipsis || it.kind == Item::Ellipsis;
    all_ints = all_ints && it.kind == Item::Int;
  }
  const Shape& shape = a.op.aval.shape;
  check_numpy_int_bounds(items, shape, where);
  expand(items, shape.size(), where);  // NumPy's errors for too many indices
  // x[i, j] naming one element is a scalar (a copy); x[...] is a view.
  if (all_ints && items.size() == shape.size()) return std::nullopt;
  if (shape.empty() && !ellipsis) return std::nullopt;
  return numpy_make_view(v, numpy_index_geometry(numpy_adopt(v).geo, to_spec(items)));
}

}  // namespace rungs::jax
