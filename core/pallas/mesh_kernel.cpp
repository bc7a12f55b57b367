// pl.kernel over a pltpu.TensorCoreMesh, as the TPU quickstart and the
// core_map guide use it.
//
// JAX lowers pl.kernel (mpmd_map) to a pallas_call whose grid is the mesh
// (one named axis, one step per TensorCore), whose inputs and outputs stay
// in the mesh's default memory space (ANY: the kernel copies what it needs),
// and whose steps run on separate cores in parallel; lax.axis_index(name)
// says which core runs. Both pieces are Python here, written over
// pallas_call the way JAX writes them over mpmd_map; the one thing Python
// cannot say, "these grid steps are cores", is the private builtin
// `_mesh_pallas_call`, which marks the call `from_core_map` for the rungs.
#include "core/pallas/mesh_kernel.h"

#include "core/python/modules.h"
#include "core/python/classes.h"
#include "core/python/objects.h"
#include "core/pallas/records.h"

namespace rungs::pallas {

namespace {

// A function returning both names: generated module-level classes would bind
// in the program's globals, so they are made in a function's scope.
const char* kMeshSource = R"PY(
def _make_mesh_names():
    import collections
    import dataclasses

    import jax

    def _default_num_cores():
        return jax.devices()[0].num_cores

    @dataclasses.dataclass(frozen=True, kw_only=True)
    class TensorCoreMesh:
        axis_name: str
        num_cores: int = dataclasses.field(default_factory=_default_num_cores)

        @property
        def shape(self):
            return collections.OrderedDict({self.axis_name: self.num_cores})

        @property
        def default_memory_space(self):
            return _ANY

        @property
        def dimension_semantics(self):
            return [_PARALLEL]

    def create_tensorcore_mesh(axis_name, devices=None, num_cores=None):
        if devices is not None and num_cores is not None:
            raise ValueError("cannot specify both devices and num_cores")
        if num_cores is None:
            num_cores = _default_num_cores() if devices is None else devices[0].num_cores
        return TensorCoreMesh(axis_name=axis_name, num_cores=num_cores)

    return TensorCoreMesh, create_tensorcore_mesh
)PY";

const char* kKernelSource = R"PY(
def kernel(body=_NOT_SPECIFIED, out_type=(), *, mesh, scratch_types=(), compiler_params=None,
           interpret=False, cost_estimate=None, debug=False, name=None, metadata=None):
    options = dict(out_type=out_type, mesh=mesh, scratch_types=scratch_types,
                   compiler_params=compiler_params, interpret=interpret,
                   cost_estimate=cost_estimate, debug=debug, name=name, metadata=metadata)
    if body is _NOT_SPECIFIED:
        if isinstance(mesh, (list, tuple)):
            raise ValueError("mesh cannot be a sequence when using pl.kernel as a decorator.")
        return lambda fun: _single_kernel(fun, **options)
    if isinstance(body, (list, tuple)):
        if not isinstance(mesh, (list, tuple)):
            raise ValueError("mesh must be a sequence when body is a sequence of callables.")
        if len(body) != len(mesh):
            raise ValueError("body and mesh sequences must have the same length.")
        raise NotImplementedError("Lowering multiple mesh/function pairs is not currently supported")
    if isinstance(mesh, (list, tuple)):
        raise ValueError("mesh cannot be a sequence when body is a single callable.")
    return _single_kernel(body, **options)


def _single_kernel(body, *, out_type, mesh, scratch_types, compiler_params, interpret, cost_estimate,
                   debug, name, metadata):
    def run(*args):
        spec = _BlockSpec(memory_space=mesh.default_memory_space)
        call = _mesh_pallas_call(
            body,
            out_type,
            grid=tuple(mesh.shape.items()),
            in_specs=_tree_map(lambda _: spec, args),
            out_specs=_tree_map(lambda _: spec, out_type),
            scratch_shapes=scratch_types,
            compiler_params=compiler_params,
            interpret=interpret,
            cost_estimate=cost_estimate,
            debug=debug,
            name=name,
        )
        return call(*args)

    return run
)PY";

}  // namespace

MeshNames make_mesh_names(python::Interpreter& ip, const Value& any_space, const Value& parallel) {
  Value make = ip.define_generated_function(kMeshSource, "_make_mesh_names", "_make_mesh_names",
                                            {{"_ANY", any_space}, {"_PARALLEL", parallel}});
  python::Values both = ip.call(make, python::Values{}, {}).as<python::TupleObj>().items;
  both[0].as<python::ClassObj>().qualname = "TensorCoreMesh";
  both[0].as<python::ClassObj>().dict->set(python::make_str("__module__"), python::make_str("jax._src.pallas.mosaic.core"));
  both[1].as<python::FunctionObj>().qualname = "create_tensorcore_mesh";
  return {both[0], both[1]};
}

// pl.kernel's default `body`: tells decorator-factory use from a direct call.
const python::RecordType& not_specified_type() {
  static const python::RecordType t = [] {
    python::RecordType r;
    r.name = "NotSpecified";
    r.repr = [](const python::RecordObj&, python::Interpreter&) { return std::string("NotSpecified()"); };
    return r;
  }();
  return t;
}

Value mesh_pallas_call_builtin() {
  return python::make_builtin("_mesh_pallas_call", [](python::Interpreter& ip, python::CallArgs& call) {
    Value cfg = pallas_call_builtin(ip, call);
    cfg.as<python::RecordObj>().set("from_core_map", Value::boolean(true));
    return cfg;
  });
}

Value make_kernel_function(python::Interpreter& ip, const Value& block_spec, const Value& tree_map) {
  auto not_specified = std::make_shared<python::RecordObj>(&not_specified_type());
  Value mesh_call = mesh_pallas_call_builtin();
  return ip.define_generated_function(kKernelSource, "kernel", "kernel",
                                      {{"_NOT_SPECIFIED", Value::object(not_specified)},
                                       {"_BlockSpec", block_spec},
                                       {"_tree_map", tree_map},
                                       {"_mesh_pallas_call", mesh_call}});
}

}  // namespace rungs::pallas
