// The chip model's scan rule (_scan_lowering_rule and
// pallas_utils.pattern_match_scan_to_fori_loop): which scan equations
// lower, the texts of the ones that do not, and the loop-index match.
#include <gtest/gtest.h>

#include "core/rungs/chip_checks.h"
#include "tests/core/rungs/chip_test_util.h"

namespace rungs::exec {
namespace {

using array::DType;
using namespace testing;

ir::AVal f32v() { return ir::AVal::array(DType::Float32, {8, 128}); }
ir::AVal i32s() { return ir::AVal::array(DType::Int32, {}); }

// A kernel jaxpr with one scan: `consts` + `carry` + `xs` body invars; the
// body returns its carries (carry 0 advanced by `step` when it is an int
// scalar) followed by `ys` copies of carry 1.
pallas::PallasCall scan_call(size_t consts, std::vector<ir::AVal> carry, size_t xs, size_t ys, bool reverse,
                             int64_t step = 1) {
  auto body = std::make_shared<ir::Jaxpr>();
  std::vector<int> in;
  for (size_t i = 0; i < consts + carry.size() + xs; ++i) {
    ir::AVal a = i < consts ? f32v() : i < consts + carry.size() ? carry[i - consts] : f32v();
    in.push_back(body->new_var(a));
  }
  body->invars = in;
  for (size_t c = 0; c < carry.size(); ++c) body->outvars.push_back(ir::Atom::of_var(in[consts + c]));
  if (!carry.empty() && carry[0].shape.empty()) {
    ir::Eqn add;
    add.prim = ir::Prim::Add;
    add.inputs = {ir::Atom::of_var(in[consts]), ir::Atom::of_literal(array::Array::scalar_int(DType::Int32, step))};
    add.outputs = {body->new_var(i32s())};
    body->eqns.push_back(add);
    body->outvars[0] = ir::Atom::of_var(add.outputs[0]);
  }
  for (size_t y = 0; y < ys; ++y) body->outvars.push_back(ir::Atom::of_var(in[consts + 1]));
  pallas::PallasCall c = call({});
  ir::Jaxpr& k = *c.kernel;
  ir::Eqn scan;
  scan.prim = ir::Prim::Scan;
  for (size_t i = 0; i < in.size(); ++i) scan.inputs.push_back(ir::Atom::of_var(k.new_var(body->vars[static_cast<size_t>(in[i])])));
  scan.params.jaxprs = {body};
  scan.params.counts = {static_cast<int64_t>(consts), static_cast<int64_t>(carry.size())};
  scan.params.n = 4;
  scan.params.flag = reverse;
  for (size_t o = 0; o < carry.size() + ys; ++o) scan.outputs.push_back(k.new_var(o < carry.size() ? carry[o] : f32v()));
  k.eqns.push_back(scan);
  return c;
}

TEST(ChipScanTest, ForiLikeScansLower) {
  pallas::PallasCall c = scan_call(1, {i32s(), f32v()}, 0, 0, false);
  EXPECT_NO_THROW(check_kernel_lowering(c, *c.kernel));
  EXPECT_TRUE(scan_has_loop_index(c.kernel->eqns[0]));
  // A float carry first, or an int carry advanced by 2: ordinary state.
  c = scan_call(0, {f32v()}, 0, 0, false);
  EXPECT_NO_THROW(check_kernel_lowering(c, *c.kernel));
  EXPECT_FALSE(scan_has_loop_index(c.kernel->eqns[0]));
  c = scan_call(0, {i32s(), f32v()}, 0, 0, false, 2);
  EXPECT_FALSE(scan_has_loop_index(c.kernel->eqns[0]));
}

TEST(ChipScanTest, ReverseIsRefusedFirst) {
  pallas::PallasCall c = scan_call(0, {i32s(), f32v()}, 1, 1, true);
  EngineError e = expect_error([&] { check_kernel_lowering(c, *c.kernel); });
  EXPECT_EQ(e.id, ErrorId::chip_scan_reverse);
  EXPECT_EQ(e.type, "NotImplementedError");
  EXPECT_EQ(e.message, "");
}

TEST(ChipScanTest, ExtensiveOutputsThenInputs) {
  pallas::PallasCall c = scan_call(0, {i32s(), f32v()}, 1, 2, false);
  EngineError e = expect_error([&] { check_kernel_lowering(c, *c.kernel); });
  EXPECT_EQ(e.type, "ValueError");
  EXPECT_EQ(e.message, "Scan with 2 extensive output(s) is not supported.");
  c = scan_call(2, {i32s(), f32v()}, 1, 0, false);
  e = expect_error([&] { check_kernel_lowering(c, *c.kernel); });
  EXPECT_EQ(e.message, "Scan with 1 extensive argument(s) is not supported. Found 2 consts and 2 carry arguments.");
}

}  // namespace
}  // namespace rungs::exec
