// pl.kernel and pltpu.TensorCoreMesh / create_tensorcore_mesh (mesh_kernel.cpp).
#pragma once

#include "core/python/interpreter.h"

namespace rungs::pallas {

using python::Value;

// pallas_call(...)'s builtin (pallas_call.cpp): the configured call object.
Value pallas_call_builtin(python::Interpreter& ip, python::CallArgs& call);
// pltpu.TensorCoreMesh and pltpu.create_tensorcore_mesh.
struct MeshNames {
  Value tensor_core_mesh, create_tensorcore_mesh;
};
MeshNames make_mesh_names(python::Interpreter& ip, const Value& any_space, const Value& parallel);
// pallas_call marked as running its grid steps on a mesh's cores.
Value mesh_pallas_call_builtin();
// pl.kernel, written over pallas_call with the BlockSpec and tree_map given.
Value make_kernel_function(python::Interpreter& ip, const Value& block_spec, const Value& tree_map);

}  // namespace rungs::pallas
