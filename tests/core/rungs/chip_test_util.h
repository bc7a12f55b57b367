// Builders for the chip model's unit tests: a normalised PallasCall with
// hand-made block mappings and index-map jaxprs, as core/pallas would
// produce them, without running the Python front end.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/errors/error.h"
#include "core/pallas/pallas_call.h"

namespace rungs::exec::testing {

// An index map over `grid_rank` int32 indices returning, per block dim,
// grid index k (when `map[d] == k >= 0`) or the literal 0 (`map[d] < 0`).
inline ir::JaxprPtr index_map(size_t grid_rank, const std::vector<int>& map) {
  auto j = std::make_shared<ir::Jaxpr>();
  for (size_t i = 0; i < grid_rank; ++i) j->invars.push_back(j->new_var(ir::AVal::array(array::DType::Int32, {})));
  for (int m : map)
    j->outvars.push_back(m >= 0 ? ir::Atom::of_var(j->invars[static_cast<size_t>(m)])
                                : ir::Atom::of_literal(array::Array::scalar_int(array::DType::Int32, 0)));
  return j;
}

// A Blocked mapping: origin, array shape/dtype, block shape, memory space
// and index map (`map` as above; empty means all literal zeros).
inline pallas::BlockMapping mapping(const std::string& origin, const array::Shape& shape, array::DType dtype,
                                    const array::Shape& block, size_t grid_rank, std::vector<int> map = {},
                                    ir::MemorySpace space = ir::MemorySpace::Default) {
  pallas::BlockMapping m;
  m.origin = origin;
  m.array = ir::AVal::array(dtype, shape);
  for (int64_t b : block) m.dims.push_back(pallas::BlockDim{pallas::BlockDimKind::Blocked, b, 0, 0});
  m.block_shape = block;
  m.ref_shape = block;
  if (map.empty()) map.assign(block.size(), -1);
  m.index_map = index_map(grid_rank, map);
  m.index_map_src = "<lambda> at kernel.py:9";
  m.space = space;
  m.has_block_shape = true;
  m.has_index_map = true;
  return m;
}

inline pallas::PallasCall call(std::vector<int64_t> grid) {
  pallas::PallasCall c;
  c.kernel_name = "kernel";
  c.fn_src = "kernel at kernel.py:3";
  for (int64_t g : grid) c.grid.push_back(pallas::GridDim{g, false, ""});
  c.kernel = std::make_shared<ir::Jaxpr>();
  c.rung = pallas::Rung::Chip;
  return c;
}

template <typename F>
EngineError expect_error(F f) {
  try {
    f();
  } catch (const EngineError& e) {
    return e;
  }
  ADD_FAILURE() << "expected an EngineError";
  return EngineError(ErrorId::internal_error, "", "", {});
}

}  // namespace rungs::exec::testing
