// pl.core_map: run a function once per core of a mesh, mutating Refs it
// closes over (jax.new_ref / jax.empty_ref values), as the core_map guide
// and JAX's TPU tests write kernels without pallas_call.
//
// JAX traces the function with its closed-over Refs as the jaxpr's consts
// and discharges core_map into a pallas_call over the mesh whose operands
// are those Refs, aliased to its outputs. Here the same call is built in
// Python over the mesh pallas_call pl.kernel uses: each captured Ref's value
// is an input aliased to an output, and while the body is traced the
// enclosing scopes' variables that hold those Refs are rebound to the
// kernel's output refs (the one step Python cannot write, done by the
// builtin `_rebind_closure`), then restored. Afterwards each Ref holds its
// output. Refs reached other than through a variable of an enclosing scope
// (e.g. inside a functools.partial made outside) are not found: core_map
// then sees no Ref at all and raises JAX's "should mutate Refs" refusal.
#include "core/pallas/core_map.h"

#include "core/python/classes.h"
#include "core/python/interpreter.h"
#include "core/python/modules.h"
#include "core/python/objects.h"

namespace rungs::pallas {

namespace {

const char* kCoreMapSource = R"PY(
def core_map(mesh, *, compiler_params=None, interpret=False, debug=False, cost_estimate=None,
             name=None, metadata=None, scratch_shapes=()):
    def wrapped(f):
        refs = _captured_refs(f, _Ref)
        if not refs:
            raise ValueError(
                "Attempted to lower core_map without discharging. This can happen if the core_map body "
                "does not modify any Refs or have other observable side-effects.")
        count = len(refs)
        scratch = list(scratch_shapes.values()) if isinstance(scratch_shapes, dict) else list(scratch_shapes)

        def body(*kernel_refs):
            outputs = kernel_refs[count:2 * count]
            scratch_refs = kernel_refs[2 * count:]
            if isinstance(scratch_shapes, dict):
                call = lambda: f(**dict(zip(scratch_shapes.keys(), scratch_refs)))
            else:
                call = lambda: f(*scratch_refs)
            result = _rebind_closure(f, refs, outputs, call)
            if result is not None:
                raise ValueError("The kernel function in core_map " + getattr(f, "__name__", "f")
                                 + " should return None. It returns a PyTree: " + repr(result) + ".")

        spec = _BlockSpec(memory_space=mesh.default_memory_space)
        out_type = [_jax.ShapeDtypeStruct(r.shape, r.dtype) for r in refs]
        outs = _mesh_pallas_call(
            body,
            out_type,
            grid=tuple(mesh.shape.items()),
            in_specs=[spec] * count,
            out_specs=[spec] * count,
            scratch_shapes=scratch,
            input_output_aliases={i: i for i in range(count)},
            compiler_params=compiler_params,
            interpret=interpret,
            cost_estimate=cost_estimate,
            debug=debug,
            name=name or getattr(f, "__name__", None),
        )(*[r._value for r in refs])
        for r, value in zip(refs, outs):
            r._value = value
        return None

    return wrapped
)PY";

// The distinct values of class `ref_class` held by variables of f's
// enclosing function scopes (not its module's globals), innermost first.
Value captured_refs(python::Interpreter& ip, python::CallArgs& call) {
  python::Values found;
  if (call.positional.size() != 2 || !call.positional[0].is(python::ObjKind::Function)) return python::make_list({});
  const Value& ref_class = call.positional[1];
  auto seen = [&](const Value& v) {
    for (const Value& f : found)
      if (f.identical(v)) return true;
    return false;
  };
  for (python::Env* env = call.positional[0].as<python::FunctionObj>().closure.get(); env && env != env->globals;
       env = env->parent.get())
    for (const auto& [name, value] : env->vars)
      if (python::class_isinstance(value, ref_class.as<python::ClassObj>()) && !seen(value)) found.push_back(value);
  return python::make_list(found);
}

// _rebind_closure(f, refs, replacements, thunk): calls thunk() while every
// variable of f's enclosing scopes that holds refs[i] holds replacements[i].
Value rebind_closure(python::Interpreter& ip, python::CallArgs& call) {
  const python::Values& refs = call.positional[1].as<python::ListObj>().items;
  python::Values replacements = ip.iterate(call.positional[2]);
  struct Saved {
    python::Env* env;
    std::string name;
    Value value;
  };
  std::vector<Saved> saved;
  for (python::Env* env = call.positional[0].as<python::FunctionObj>().closure.get(); env && env != env->globals;
       env = env->parent.get())
    for (auto& [name, value] : env->vars)
      for (size_t i = 0; i < refs.size() && i < replacements.size(); ++i)
        if (value.identical(refs[i])) {
          saved.push_back({env, name, value});
          value = replacements[i];
          break;
        }
  struct Restore {
    std::vector<Saved>& saved;
    ~Restore() {
      for (Saved& s : saved) s.env->vars[s.name] = s.value;
    }
  } restore{saved};
  return ip.call(call.positional[3], python::Values{}, call.where);
}

}  // namespace

Value make_core_map(python::Interpreter& ip, const Value& block_spec) {
  Value mesh_pallas_call = mesh_pallas_call_builtin();
  Value jax = ip.import_module("jax", {});
  Value api = ip.import_module("jax._api", {});
  return ip.define_generated_function(kCoreMapSource, "core_map", "core_map",
                                      {{"_BlockSpec", block_spec},
                                       {"_mesh_pallas_call", mesh_pallas_call},
                                       {"_jax", jax},
                                       {"_Ref", ip.getattr(api, "Ref", {})},
                                       {"_captured_refs", python::make_builtin("_captured_refs", captured_refs)},
                                       {"_rebind_closure", python::make_builtin("_rebind_closure", rebind_closure)}});
}

}  // namespace rungs::pallas
