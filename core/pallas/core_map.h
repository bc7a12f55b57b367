// pl.core_map over a mesh, mutating closed-over jax.new_ref Refs (core_map.cpp).
#pragma once

#include "core/pallas/mesh_kernel.h"

namespace rungs::pallas {

Value make_core_map(python::Interpreter& ip, const Value& block_spec);

}  // namespace rungs::pallas
