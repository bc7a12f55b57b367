// vmap's batching rules: a batched operand stands for B stacked examples;
// each rule must give exactly what running the primitive on every example
// and stacking the results gives, at any batch axis, nested, and refuse a
// value of a vmap that has returned.
#include <gtest/gtest.h>

#include "core/errors/error.h"
#include "core/ir/batching.h"
#include "core/ir/rules.h"

namespace {

using rungs::array::Array;
using rungs::array::DType;
using namespace rungs::ir;

Operand f32(std::vector<int64_t> shape, std::vector<double> values) {
  return Operand::concrete(Array::from_doubles(DType::Float32, std::move(shape), std::move(values)));
}

std::vector<double> values_of(const Operand& x) { return x.value.to_doubles(); }

// The stacked value of a batched result, batch axis first.
Operand unbatch(const Operand& x) {
  EXPECT_TRUE(x.batched());
  return move_axis(x.batch->full, x.batch->dim, 0);
}

TEST(Batching, ElementwiseBroadcastsUnbatchedOperandsAndBatchedScalars) {
  BatchScope scope(2, "");
  Operand rows = make_batched(f32({2, 3}, {1, 2, 3, 4, 5, 6}), 0, scope.frame());
  EXPECT_EQ(rows.aval.shape, (rungs::array::Shape{3}));
  Operand scale = make_batched(f32({2}, {10, 100}), 0, scope.frame());  // one scalar per example
  Operand bias = f32({3}, {1, 1, 1});                                     // shared by every example
  Operand r = bind1(Prim::Add, {bind1(Prim::Mul, {rows, scale}, {}), bias}, {});
  EXPECT_EQ(values_of(unbatch(r)), (std::vector<double>{11, 21, 31, 401, 501, 601}));
}

TEST(Batching, ReductionsShiftTheirAxesPastTheBatchAxis) {
  BatchScope scope(3, "");
  // Batched along axis 1 of a (2, 3) array: examples are its columns.
  Operand cols = make_batched(f32({2, 3}, {1, 2, 3, 4, 5, 6}), 1, scope.frame());
  Params p;
  p.axes = {0};
  Operand sums = bind1(Prim::ReduceSum, {cols}, p);
  EXPECT_TRUE(sums.aval.shape.empty());
  EXPECT_EQ(values_of(unbatch(sums)), (std::vector<double>{5, 7, 9}));
}

TEST(Batching, OtherPrimitivesRunOncePerExample) {
  BatchScope scope(2, "");
  Operand mats = make_batched(f32({2, 2, 2}, {1, 0, 0, 1, 0, 1, 1, 0}), 0, scope.frame());
  Operand v = f32({2}, {3, 4});
  Params p;
  p.dot.lhs_contract = {1};
  p.dot.rhs_contract = {0};
  Operand r = bind1(Prim::DotGeneral, {mats, v}, p);
  EXPECT_EQ(values_of(unbatch(r)), (std::vector<double>{3, 4, 4, 3}));  // identity, then swap
}

TEST(Batching, SortBroadcastsUnbatchedOperandsAndShiftsItsDimension) {
  // lax's _sort_batch_rule: keys batched at axis 1, payload shared.
  BatchScope scope(2, "");
  Operand keys = make_batched(f32({3, 2}, {3, 1, 1, 2, 2, 3}), 1, scope.frame());  // examples [3,1,2] and [1,2,3]
  Operand payload = f32({3}, {10, 20, 30});
  Params p;
  p.n = 0;
  p.flag = true;
  p.counts = {1};
  std::vector<Operand> out = bind(Prim::Sort, {keys, payload}, p);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(values_of(unbatch(out[0])), (std::vector<double>{1, 2, 3, 1, 2, 3}));
  EXPECT_EQ(values_of(unbatch(out[1])), (std::vector<double>{20, 30, 10, 10, 20, 30}));
}

TEST(Batching, NestedFramesBatchTheOuterValuesOfAnInnerRule) {
  BatchScope outer(2, "i");
  Operand a = make_batched(f32({2}, {1, 2}), 0, outer.frame());
  BatchScope inner(3, "j");
  Operand b = make_batched(f32({3}, {10, 20, 30}), 0, inner.frame());
  Operand r = bind1(Prim::Mul, {a, b}, {});  // r[i][j] = a[i] * b[j]
  ASSERT_TRUE(batched_at(r, inner.frame()));
  Operand per_i = unbatch(r);  // still batched by the outer frame
  ASSERT_TRUE(batched_at(per_i, outer.frame()));
  EXPECT_EQ(values_of(unbatch(per_i)), (std::vector<double>{10, 20, 30, 20, 40, 60}));
}

TEST(Batching, AValueOfAFinishedVmapIsAnEscapedTracer) {
  Operand escaped;
  {
    BatchScope scope(2, "");
    escaped = make_batched(f32({2}, {1, 2}), 0, scope.frame());
  }
  try {
    bind1(Prim::Neg, {escaped}, {});
    FAIL() << "expected UnexpectedTracerError";
  } catch (const rungs::EngineError& e) {
    EXPECT_EQ(e.id, rungs::ErrorId::unexpected_tracer);
  }
}

TEST(Batching, PrimitivesWithoutARuleSayWhich) {
  BatchScope scope(2, "");
  Operand x = make_batched(f32({2}, {1, 2}), 0, scope.frame());
  Params p;
  p.n = 0;
  try {
    rungs::ir::bind(Prim::ProgramId, {x}, p);
    FAIL() << "expected NotImplementedError";
  } catch (const rungs::EngineError& e) {
    EXPECT_EQ(e.id, rungs::ErrorId::batching_rule_missing);
  }
}

}  // namespace
