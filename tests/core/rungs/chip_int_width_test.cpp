// The chip model's integer-width rule (Mosaic's canonicalization as JAX's
// tpu_pallas_test.py observes it): scalar integer arithmetic only in 32
// bits, vector additions only in 16 or 32 bits; both raised as MosaicError.
#include <gtest/gtest.h>

#include "core/rungs/chip_checks.h"
#include "tests/core/rungs/chip_test_util.h"

namespace rungs::exec {
namespace {

using array::DType;
using namespace testing;

// A kernel jaxpr with one binary equation of `prim` on two values of `aval`.
pallas::PallasCall binary_kernel(ir::Prim prim, const ir::AVal& aval) {
  pallas::PallasCall c = call({});
  ir::Jaxpr& k = *c.kernel;
  int a = k.new_var(aval), b = k.new_var(aval);
  k.invars = {a, b};
  ir::Eqn e;
  e.prim = prim;
  e.inputs = {ir::Atom::of_var(a), ir::Atom::of_var(b)};
  e.outputs = {k.new_var(aval)};
  k.eqns.push_back(e);
  return c;
}

TEST(ChipIntWidthTest, ScalarArithmeticIsI32Only) {
  for (DType d : {DType::Int32, DType::UInt32, DType::Bool, DType::Float32}) {
    pallas::PallasCall c = binary_kernel(ir::Prim::Add, ir::AVal::array(d, {}));
    EXPECT_NO_THROW(check_kernel_lowering(c, *c.kernel)) << array::dtype_name(d);
  }
  pallas::PallasCall c = binary_kernel(ir::Prim::Add, ir::AVal::array(DType::Int8, {}));
  EngineError e = expect_error([&] { check_kernel_lowering(c, *c.kernel); });
  EXPECT_EQ(e.id, ErrorId::chip_scalar_int_width);
  EXPECT_EQ(e.type, "MosaicError");
  EXPECT_EQ(e.message, "INTERNAL: Mosaic failed to compile TPU kernel: Not implemented: Only i32 arith.addi is supported");
}

TEST(ChipIntWidthTest, SignednessPicksTheArithOp) {
  struct Case {
    ir::Prim prim;
    DType dtype;
    const char* op;
  };
  for (Case k : {Case{ir::Prim::Div, DType::UInt16, "divui"}, Case{ir::Prim::Div, DType::Int16, "divsi"},
                 Case{ir::Prim::Max, DType::UInt8, "maxui"}, Case{ir::Prim::Min, DType::Int8, "minsi"},
                 Case{ir::Prim::ShiftRightLogical, DType::UInt8, "shrui"}, Case{ir::Prim::Xor, DType::Int16, "xori"}}) {
    pallas::PallasCall c = binary_kernel(k.prim, ir::AVal::array(k.dtype, {}));
    EngineError e = expect_error([&] { check_kernel_lowering(c, *c.kernel); });
    EXPECT_NE(e.message.find(std::string("Only i32 arith.") + k.op + " is supported"), std::string::npos) << e.message;
  }
}

TEST(ChipIntWidthTest, VectorAdditionNeedsSixteenBits) {
  for (DType d : {DType::Int16, DType::UInt16, DType::Int32}) {
    pallas::PallasCall c = binary_kernel(ir::Prim::Add, ir::AVal::array(d, {16, 128}));
    EXPECT_NO_THROW(check_kernel_lowering(c, *c.kernel)) << array::dtype_name(d);
  }
  // Only additions: an int8 vector max is the reduction/elementwise rules' business.
  pallas::PallasCall max = binary_kernel(ir::Prim::Max, ir::AVal::array(DType::Int8, {32, 128}));
  EXPECT_NO_THROW(check_kernel_lowering(max, *max.kernel));
  pallas::PallasCall c = binary_kernel(ir::Prim::Add, ir::AVal::array(DType::UInt8, {32, 128}));
  EngineError e = expect_error([&] { check_kernel_lowering(c, *c.kernel); });
  EXPECT_EQ(e.id, ErrorId::chip_vector_int_width);
  EXPECT_NE(e.message.find("got vector<32x128xi8>"), std::string::npos) << e.message;
}

}  // namespace
}  // namespace rungs::exec
