#include "core/jax/ref_ops.h"

#include "core/python/interpreter.h"
#include "core/jax/jnp_core.h"
#include "core/jax/jnp_ops.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

using array::DType;
using array::Shape;

namespace {

// A value usable as a static int (Python int or concrete int scalar).
std::optional<int64_t> static_int(const Value& v) {
  if (is_int_like(v)) return v.as_int();
  if (v.is(ObjKind::Array)) {
    const auto& a = v.as<ArrayObj>();
    if (!a.traced() && a.aval().shape.empty() && (array::is_integer(a.aval().dtype) || array::is_bool(a.aval().dtype)))
      return a.op.value.get_int(0);
  }
  return std::nullopt;
}

ir::Operand index_operand(Interpreter& interp, const Value& v, SourceRange where) {
  if (auto s = static_int(v)) return jax::scalar_int(DType::Int32, *s, false);
  ir::Operand op = to_operand(interp, v, where, "get");
  if (!array::is_integer(op.aval.dtype))
    raise(ErrorId::index_not_integer, where, interp.repr(v), type_name(v));
  if (op.aval.shape.empty() && op.aval.dtype != DType::Int32) op = jax::convert(op, DType::Int32, false);
  return op;
}

std::string index_text(Interpreter& interp, const Values& items) {
  std::string s = "(";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) s += ", ";
    s += items[i].is(ObjKind::Ellipsis) ? "Ellipsis" : interp.repr(items[i]);
  }
  return s + (items.size() == 1 ? ",)" : ")");
}

std::string shape_text(const Shape& shape) { return array::shape_str(shape); }

}  // namespace

const RecordType& slice_record_type() {
  static const RecordType type = [] {
    RecordType t;
    t.name = "Slice";
    t.repr = [](const RecordObj& r, Interpreter& ip) {
      return "Slice(start=" + ip.repr(r.get("start")) + ", size=" + ip.repr(r.get("size")) +
             ", stride=" + ip.repr(r.get("stride")) + ")";
    };
    return t;
  }();
  return type;
}

Value make_ds(const Value& start, const Value& size, const Value& stride) {
  auto r = std::make_shared<RecordObj>(&slice_record_type());
  r->set("start", start);
  r->set("size", size);
  r->set("stride", stride);
  return Value::object(r);
}

std::string ref_type_text(const RefObj& ref) {
  ir::AVal a = ref.aval();
  std::string space = ir::memory_space_name(a.space);
  return "Ref<" + space + ">{" + ir::aval_long_str(ir::AVal::array(a.dtype, a.shape)) + "}";
}

RefView parse_ref_index(Interpreter& interp, const Shape& shape, const Value& key, SourceRange where) {
  Values items = key.is(ObjKind::Tuple) ? key.as<TupleObj>().items : Values{key};
  int ellipses = 0;
  for (const Value& v : items) ellipses += v.is(ObjKind::Ellipsis) ? 1 : 0;
  if (ellipses > 1) raise(ErrorId::ref_one_ellipsis, where);
  if (ellipses == 1) {
    Values expanded;
    for (const Value& v : items) {
      if (!v.is(ObjKind::Ellipsis)) {
        expanded.push_back(v);
        continue;
      }
      size_t fill = shape.size() + 1 > items.size() ? shape.size() + 1 - items.size() : 0;
      for (size_t i = 0; i < fill; ++i)
        expanded.push_back(Value::object(std::make_shared<SliceObj>(Value(), Value(), Value())));
    }
    items = expanded;
  }
  if (items.size() > shape.size())
    raise(ErrorId::ref_indices_too_long, where, index_text(interp, items), shape_text(shape));

  RefView view;
  for (size_t d = 0; d < shape.size(); ++d) {
    int64_t dim = shape[d];
    RefIndex idx;
    if (d >= items.size()) {
      idx.kind = ir::DimIndex::Kind::Slice;
      idx.start = jax::scalar_int(DType::Int32, 0);
      idx.size = dim;
      view.push_back(idx);
      continue;
    }
    const Value& item = items[d];
    if (item.is_none()) raise(ErrorId::ref_index_none, where);
    if (item.is(ObjKind::Slice)) {
      // Python slice: normalised with slice.indices(dim), as Slice.from_slice.
      const auto& s = item.as<SliceObj>();
      int64_t step = s.step.is_none() ? 1 : to_index(s.step, where);
      if (step <= 0) raise(ErrorId::ref_negative_step, where);
      auto norm = [&](const Value& v, int64_t dflt) {
        if (v.is_none()) return dflt;
        int64_t x = to_index(v, where);
        if (x < 0) x += dim;
        return std::clamp<int64_t>(x, 0, dim);
      };
      int64_t start = norm(s.start, 0), stop = norm(s.stop, dim);
      idx.kind = ir::DimIndex::Kind::Slice;
      idx.start = jax::scalar_int(DType::Int32, start);
      idx.size = std::max<int64_t>(0, (stop - start + step - 1) / step);
      idx.stride = step;
    } else if (item.is(ObjKind::Record) && item.as<RecordObj>().type == &slice_record_type()) {
      const auto& r = item.as<RecordObj>();
      auto size = static_int(r.get("size"));
      if (!size) {
        // A traced size (JAX's Slice.is_dynamic_size): kept as an operand;
        // ref_access refuses it outside a DMA.
        const Value& n = r.get("size");
        if (!n.is(ObjKind::Array) || !n.as<ArrayObj>().aval().shape.empty())
          raise(ErrorId::ds_size_not_static, where, interp.repr(n));
        idx.dynamic_size = true;
        idx.size_op = index_operand(interp, n, where);
      }
      Value stride = r.get("stride");
      idx.kind = ir::DimIndex::Kind::Slice;
      idx.start = index_operand(interp, r.get("start"), where);
      idx.size = size ? *size : dim;
      idx.stride = stride.is_none() ? 1 : to_index(stride, where);
    } else if (static_int(item) || item.is(ObjKind::Array)) {
      ir::Operand op = index_operand(interp, item, where);
      idx.kind = op.aval.shape.empty() ? ir::DimIndex::Kind::Index : ir::DimIndex::Kind::Array;
      idx.start = op;
    } else {
      raise(ErrorId::ref_index_type, where, type_name(item));
    }
    // NDIndexer validation: only concrete, truthy starts are checked (and
    // the size bound only when the size is concrete too).
    if (!idx.start.traced() && idx.start.aval.shape.empty()) {
      int64_t value = idx.start.value.get_int(0);
      if (idx.kind == ir::DimIndex::Kind::Slice && value != 0) {
        if (value >= dim) raise(ErrorId::ref_oob_slice_start, where, value, dim);
        if (!idx.dynamic_size && idx.size != 0 && value + (idx.size - 1) * idx.stride >= dim)
          raise(ErrorId::ref_oob_slice, where, value, idx.size, idx.stride, dim);
      }
      if (idx.kind == ir::DimIndex::Kind::Index && value != 0 && value >= dim)
        raise(ErrorId::ref_oob_index, where, value, dim);
    }
    view.push_back(idx);
  }
  return view;
}

Shape view_shape(const Shape& shape, const RefView& view) {
  Shape out, int_shape;
  int first_int = -1;
  bool contiguous = true;
  int last_int = -2;
  for (size_t d = 0; d < view.size() && d < shape.size(); ++d) {
    const RefIndex& idx = view[d];
    if (idx.kind == ir::DimIndex::Kind::Slice) continue;
    if (first_int < 0) first_int = static_cast<int>(d);
    if (last_int >= 0 && last_int != static_cast<int>(d) - 1) contiguous = false;
    last_int = static_cast<int>(d);
    if (idx.kind == ir::DimIndex::Kind::Array) int_shape = array::broadcast_shapes(int_shape, idx.start.aval.shape);
  }
  Shape slices;
  for (const RefIndex& idx : view)
    if (idx.kind == ir::DimIndex::Kind::Slice) slices.push_back(idx.size);
  if (first_int < 0) return slices;
  if (!contiguous) {
    out = int_shape;
    out.insert(out.end(), slices.begin(), slices.end());
    return out;
  }
  int slices_before = 0;
  for (int d = 0; d < first_int; ++d)
    if (view[static_cast<size_t>(d)].kind == ir::DimIndex::Kind::Slice) ++slices_before;
  out.assign(slices.begin(), slices.begin() + slices_before);
  out.insert(out.end(), int_shape.begin(), int_shape.end());
  out.insert(out.end(), slices.begin() + slices_before, slices.end());
  return out;
}

Value make_array(array::Array a) { return make_array(ir::Operand::concrete(std::move(a))); }
Value make_array(ir::Operand op) { return Value::object(std::make_shared<ArrayObj>(std::move(op))); }
Value make_numpy_array(array::Array a) {
  Value v = make_array(std::move(a));
  v.as<ArrayObj>().numpy = true;
  return v;
}
Value make_ref(ir::Operand ref, std::vector<RefView> views) {
  return Value::object(std::make_shared<RefObj>(std::move(ref), std::move(views)));
}

ir::AVal RefObj::aval() const {
  ir::AVal a = ref.aval;
  for (size_t i = 0; i < views.size(); ++i) {
    if (const RefTransform* t = transform_at(i)) {
      a.shape = t->shape;
      a.dtype = t->dtype;
      continue;
    }
    a.shape = view_shape(a.shape, views[i]);
  }
  return a;
}

RefAccess ref_access(Interpreter& interp, const RefObj& ref, const Value* extra_key, SourceRange where,
                     bool dynamic_size) {
  RefAccess acc;
  acc.inputs.push_back(ref.ref);
  std::vector<RefView> views = ref.views;
  ir::AVal cur = ref.aval();
  Shape shape = cur.shape;
  // After a reshape/bitcast, `[...]` adds no level (JAX's
  // get_ref_and_transforms drops an empty index), so the jaxpr prints
  // `a{reshape([16, 128])}` as JAX's does.
  bool ends_in_transform = !views.empty() && ref.transform_at(views.size() - 1);
  bool whole = extra_key && (extra_key->is(ObjKind::Ellipsis) ||
                             (extra_key->is(ObjKind::Tuple) && extra_key->as<TupleObj>().items.empty()));
  if (extra_key && !(ends_in_transform && whole)) {
    views.push_back(parse_ref_index(interp, shape, *extra_key, where));
    shape = view_shape(shape, views.back());
  }
  if (views.empty()) {  // a bare ref access reads the whole ref: ref[...]
    Value all = ellipsis_value();
    views.push_back(parse_ref_index(interp, ref.ref.aval.shape, all, where));
  }
  for (size_t level = 0; level < views.size(); ++level) {
    const RefView& view = views[level];
    ir::Indexer ix;
    if (const RefTransform* t = ref.transform_at(level)) {
      ix.kind = t->kind;
      ix.shape = t->shape;
      ix.dtype = t->dtype;
      acc.indexers.push_back(std::move(ix));
      continue;
    }
    for (const RefIndex& r : view) {
      ir::DimIndex d;
      d.kind = r.kind;
      d.size = r.size;
      d.stride = r.stride;
      if (!r.start.traced() && r.start.aval.shape.empty()) {
        d.start = r.start.value.get_int(0);
      } else {
        d.input = static_cast<int>(acc.inputs.size());
        acc.inputs.push_back(r.start);
      }
      if (r.dynamic_size) {
        if (!dynamic_size) raise(ErrorId::ds_size_not_static, where, interp.repr(make_array(r.size_op)));
        d.size_input = static_cast<int>(acc.inputs.size());
        acc.inputs.push_back(r.size_op);
      }
      ix.dims.push_back(d);
    }
    acc.indexers.push_back(std::move(ix));
  }
  acc.result = ir::AVal::array(cur.dtype, shape, false);
  return acc;
}

Value ref_getitem(Interpreter& interp, const Value& ref, const Value& key, SourceRange where) {
  ir::set_current_source(where);
  RefAccess acc = ref_access(interp, ref.as<RefObj>(), &key, where);
  ir::Params p;
  p.indexers = acc.indexers;
  return make_array(ir::record(ir::Prim::Get, acc.inputs, p, {acc.result})[0]);
}

ir::Operand value_for_store(Interpreter& interp, const Value& value, const ir::AVal& target,
                            SourceRange where) {
  if (value.is(ObjKind::Ref)) raise(ErrorId::ref_store_ref, where);
  ir::Operand v = to_operand(interp, value, where, "swap");
  // A Python scalar (weak type) adopts the ref's dtype and shape.
  if (v.aval.weak_type || (!v.traced() && v.aval.shape.empty() && value.is_number())) {
    v = jax::convert(v, target.dtype, false);
    if (v.aval.shape != target.shape) v = full(target.shape, v, target.dtype);
  }
  if (v.aval.dtype != target.dtype)
    raise(ErrorId::ref_swap_dtype, where, array::dtype_name(target.dtype), array::dtype_name(v.aval.dtype));
  if (v.aval.shape != target.shape)
    raise(ErrorId::ref_swap_shape, where, shape_text(target.shape), shape_text(target.shape),
          shape_text(v.aval.shape), "(NDIndexer(...),)");
  return v;
}

void ref_setitem(Interpreter& interp, const Value& ref, const Value& key, const Value& value, SourceRange where) {
  ir::set_current_source(where);
  RefAccess acc = ref_access(interp, ref.as<RefObj>(), &key, where);
  ir::Operand v = value_for_store(interp, value, acc.result, where);
  std::vector<ir::Operand> inputs{acc.inputs[0], v};
  // Index operands follow the value; shift their input positions by one.
  for (size_t i = 1; i < acc.inputs.size(); ++i) inputs.push_back(acc.inputs[i]);
  for (ir::Indexer& ix : acc.indexers)
    for (ir::DimIndex& d : ix.dims) {
      if (d.input >= 1) ++d.input;
      if (d.size_input >= 1) ++d.size_input;
    }
  ir::Params p;
  p.indexers = acc.indexers;
  ir::record(ir::Prim::Swap, inputs, p, {acc.result});
}

namespace {

// "(16, 128)" / "(8,)": a Python tuple of ints, as JAX's messages print shapes.
std::string tuple_text(const Shape& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

// TransformedRef.is_dynamic_size: some dim of the view has a traced size.
void refuse_dynamic_size(const RefObj& r, const char* what, SourceRange where) {
  for (size_t i = 0; i < r.views.size(); ++i) {
    if (r.transform_at(i)) continue;
    for (const RefIndex& idx : r.views[i])
      if (idx.dynamic_size) raise(ErrorId::ref_transform_dynamic_size, where, what);
  }
}

Value with_transform(const Value& ref, RefTransform t) {
  const RefObj& r = ref.as<RefObj>();
  std::vector<RefView> views = r.views;
  t.level = views.size();
  views.emplace_back();  // the placeholder level the transform occupies
  Value out = make_ref(r.ref, views);
  out.as<RefObj>().transforms = r.transforms;
  out.as<RefObj>().transforms.push_back(std::move(t));
  return out;
}

// TransformedRef.reshape: _canonicalize_reshape's rules and texts.
Value ref_reshape(Interpreter& ip, const Value& ref, CallArgs& args) {
  const RefObj& r = ref.as<RefObj>();
  refuse_dynamic_size(r, "Reshape", args.where);
  Values items = args.positional;
  if (items.size() == 1 && (items[0].is(ObjKind::Tuple) || items[0].is(ObjKind::List))) items = ip.iterate(items[0]);
  Shape shape;
  for (const Value& v : items) shape.push_back(to_index(v, args.where));
  Shape in = r.aval().shape;
  int64_t n = array::num_elements(in), known = 1;
  int negative = 0;
  for (int64_t d : shape) {
    if (d == -1) ++negative;
    else known *= d;
  }
  if (negative == 0 && known != n) raise(ErrorId::ref_reshape_size, args.where, tuple_text(in), tuple_text(shape));
  if (negative > 1) raise(ErrorId::ref_reshape_many_neg, args.where, tuple_text(shape));
  if (negative == 1) {
    if (known == 0 || n % known) raise(ErrorId::ref_reshape_divide, args.where, tuple_text(shape), n);
    for (int64_t& d : shape)
      if (d == -1) d = n / known;
  }
  RefTransform t;
  t.kind = ir::Indexer::Kind::Reshape;
  t.shape = shape;
  t.dtype = r.aval().dtype;
  return with_transform(ref, std::move(t));
}

// TransformedRef.bitcast, typed by state/utils.py's bitcast: a bitwidth
// change scales the second-minor dimension (TPU sublane packing).
Value ref_bitcast(Interpreter& ip, const Value& ref, CallArgs& args) {
  const RefObj& r = ref.as<RefObj>();
  refuse_dynamic_size(r, "Bitcast", args.where);
  if (args.positional.empty()) raise(ErrorId::dtype_unknown, args.where, "None");
  auto dtype = dtype_of_value(args.positional[0]);
  if (!dtype) raise(ErrorId::dtype_unknown, args.where, ip.repr(args.positional[0]));
  ir::AVal a = r.aval();
  Shape shape = a.shape;
  int xb = array::bit_width(a.dtype), yb = array::bit_width(*dtype);
  if (xb != yb) {
    if (shape.size() < 2) raise(ErrorId::ref_bitcast_1d, args.where);
    if (shape[shape.size() - 2] * xb % yb != 0) raise(ErrorId::ref_bitcast_shape, args.where);
  }
  // shape[-2] is read even when the widths agree: a 1-D ref is Python's IndexError.
  if (shape.size() < 2) raise(ErrorId::sequence_index_range, args.where, "list");
  shape[shape.size() - 2] = shape[shape.size() - 2] * xb / yb;
  RefTransform t;
  t.kind = ir::Indexer::Kind::Bitcast;
  t.shape = shape;
  t.dtype = *dtype;
  return with_transform(ref, std::move(t));
}

}  // namespace

Value ref_getattr(Interpreter& interp, const Value& ref, const std::string& name, SourceRange where) {
  const RefObj& r = ref.as<RefObj>();
  ir::AVal a = r.aval();
  if (name == "shape") {
    Values dims;
    for (int64_t d : a.shape) dims.push_back(Value::integer(d));
    return make_tuple(dims);
  }
  if (name == "dtype") return dtype_value(a.dtype);
  if (name == "ndim") return Value::integer(static_cast<int64_t>(a.shape.size()));
  if (name == "size") return Value::integer(array::num_elements(a.shape));
  if (name == "reshape" || name == "bitcast") {
    bool reshape = name == "reshape";
    return make_builtin(reshape ? "TransformedRef.reshape" : "TransformedRef.bitcast",
                        [ref, reshape](Interpreter& ip, CallArgs& args) {
                          return reshape ? ref_reshape(ip, ref, args) : ref_bitcast(ip, ref, args);
                        });
  }
  if (name == "at") {
    static const RecordType at_type = [] {
      RecordType t;
      t.name = "RefViewHelper";
      t.methods["__getitem__"] = [](Interpreter& ip, const Value& self, CallArgs& args) {
        const Value& base = self.as<RecordObj>().get("ref");
        const RefObj& br = base.as<RefObj>();
        ir::AVal cur = br.aval();
        std::vector<RefView> views = br.views;
        views.push_back(parse_ref_index(ip, cur.shape, args.positional[0], args.where));
        Value out = make_ref(br.ref, views);
        out.as<RefObj>().transforms = br.transforms;
        return out;
      };
      return t;
    }();
    auto helper = std::make_shared<RecordObj>(&at_type);
    helper->set("ref", ref);
    return Value::object(helper);
  }
  raise(ErrorId::array_no_attribute, where, "TransformedRef", name);
  (void)interp;
}

std::vector<ir::Indexer> append_view(const RefAccess& acc, std::vector<ir::Operand>& inputs) {
  std::vector<ir::Indexer> out = acc.indexers;
  int base = static_cast<int>(inputs.size()) - 1;
  for (ir::Indexer& ix : out)
    for (ir::DimIndex& d : ix.dims) {
      if (d.input >= 1) d.input += base;
      if (d.size_input >= 1) d.size_input += base;
    }
  inputs.insert(inputs.end(), acc.inputs.begin() + 1, acc.inputs.end());
  return out;
}

}  // namespace rungs::jax
