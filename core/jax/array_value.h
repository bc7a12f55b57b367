// Arrays and Refs as host values.
//
// An ArrayObj wraps an ir::Operand: either a concrete array (host code) or a
// variable of the trace being recorded (inside a kernel body or index map),
// so Python code and jnp functions treat both alike. A RefObj is a kernel's
// mutable buffer during tracing, plus the views stacked on it by `ref.at[...]`
// (no equation is recorded until the view is read, written or DMA'd).
#pragma once

#include <memory>
#include <vector>

#include "core/jax/python_runtime.h"
#include "core/ir/trace.h"

namespace rungs::jax {

struct NumpyView;  // numpy_views.h

struct ArrayObj : Object {
  explicit ArrayObj(ir::Operand op) : Object(ObjKind::Array), op(std::move(op)) {}
  ir::Operand op;
  // Made by a `numpy` function: a NumPy ndarray, which item assignment
  // (`z[i:j] = v`, `z[i:j] += v`) updates in place. jax arrays stay immutable.
  bool numpy = false;
  // np.asarray(jax_array): a NumPy view of a JAX buffer, which NumPy marks
  // read-only ("assignment destination is read-only").
  bool read_only = false;
  // That read-only memory is JAX's: setflags(write=True) cannot undo it.
  bool jax_buffer = false;
  // A NumPy scalar (np.float64(1.5), np.int64(3)): what NumPy's indexing of
  // one element and its full reductions return. Computes as a 0-d NumPy
  // array; prints as NEP 51's scalar repr.
  bool numpy_scalar = false;
  // The NumPy buffer this ndarray shares with its views (null until a view
  // is taken from it or it is one): writes go through it (numpy_views.h).
  std::shared_ptr<NumpyView> view;
  // A NamedSharding given by jax.device_put (None: one device).
  Value sharding;
  bool traced() const { return op.traced(); }
  const ir::AVal& aval() const { return op.aval; }
};

// One dimension of a ref view, with its dynamic parts still as operands.
struct RefIndex {
  ir::DimIndex::Kind kind = ir::DimIndex::Kind::Slice;
  ir::Operand start;    // scalar int32 (concrete or traced), or the index array
  int64_t size = 0;     // Slice: window size
  int64_t stride = 1;   // Slice: step
  // Slice with a traced size (pl.ds(start, n)): `size` is the dim's extent
  // and `size_op` the scalar int32 size; only DMAs accept such a view.
  bool dynamic_size = false;
  ir::Operand size_op;
};
using RefView = std::vector<RefIndex>;  // one entry per dim of the viewed ref

// A ref.reshape(...) / ref.bitcast(dtype) level among a ref's views.
struct RefTransform {
  size_t level = 0;  // its position in RefObj::views (whose entry there is empty)
  ir::Indexer::Kind kind = ir::Indexer::Kind::Reshape;
  array::Shape shape;                          // the view's shape after it
  array::DType dtype = array::DType::Float32;  // the view's dtype after it
};

struct RefObj : Object {
  RefObj(ir::Operand ref, std::vector<RefView> views)
      : Object(ObjKind::Ref), ref(std::move(ref)), views(std::move(views)) {}
  ir::Operand ref;              // variable of Ref type in the kernel trace
  std::vector<RefView> views;   // ref.at[a].at[b] -> [a, b]
  // Reshape/bitcast levels, in level order; views[t.level] is a placeholder.
  std::vector<RefTransform> transforms;
  const RefTransform* transform_at(size_t level) const {
    for (const RefTransform& t : transforms)
      if (t.level == level) return &t;
    return nullptr;
  }
  ir::AVal aval() const;        // the Ref type after applying the views
};

Value make_array(array::Array a);
Value make_array(ir::Operand op);
Value make_numpy_array(array::Array a);  // a NumPy ndarray (mutable; computes on the host CPU)
Value make_ref(ir::Operand ref, std::vector<RefView> views = {});

}  // namespace rungs::jax
