// jax.custom_batching: custom_vmap and sequential_vmap, after
// jax/_src/custom_batching.py. Called on unbatched values the function runs
// as itself (JAX's impl evaluates the traced function); called inside
// jax.vmap (a value batched by the innermost open vmap frame,
// core/ir/batching.h), the rule runs instead on the stacked examples (batch
// axis first, unbatched arguments as they are) and says which outputs are
// batched; those become values batched along axis 0 of that frame again.
// Three small builtins give the Python the frame's view of the arguments.
#include "core/ir/batching.h"
#include "core/jax/array_value.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/modules.h"
#include "core/python/modules.h"

namespace rungs::jax {

namespace {

const char* const kSource = R"PY(
import functools
import jax


def _fun_name(fun):
    return getattr(fun, "__name__", "<unnamed function>")


class custom_vmap:
    def __init__(self, fun):
        self.fun = fun
        self.vmap_rule = None
        self.__name__ = _fun_name(fun)
        self.__doc__ = getattr(fun, "__doc__", None)

    def def_vmap(self, vmap_rule):
        self.vmap_rule = vmap_rule
        return vmap_rule

    def __call__(self, *args, **kwargs):
        if kwargs:
            raise TypeError(
                "The input arguments to the custom_vmap-decorated function "
                f"{_fun_name(self.fun)} could not be resolved to positional-only "
                "arguments. Binding failed with the error:\n"
                "keyword arguments are not supported here")
        if not self.vmap_rule:
            raise AttributeError(
                f"No batching rule defined for custom_vmap function {_fun_name(self.fun)} "
                "using def_vmap.")
        leaves, in_tree = jax.tree_util.tree_flatten(args)
        info = _batch_info(leaves)
        if info is None:
            return self.fun(*args)
        axis_size, flat_batched = info
        stacked = [_stacked(x) if b else x for x, b in zip(leaves, flat_batched)]
        in_batched = list(jax.tree_util.tree_unflatten(in_tree, flat_batched))
        out, out_batched = self.vmap_rule(axis_size, in_batched, *jax.tree_util.tree_unflatten(in_tree, stacked))
        flat_outs, tree1 = jax.tree_util.tree_flatten(out)
        flat_out_batched, tree2 = jax.tree_util.tree_flatten(out_batched)
        if tree1 != tree2:
            raise ValueError(
                "structure of output value and output batching specification returned "
                f"by custom vmap rule ({getattr(self.vmap_rule, '__name__', '<unnamed rule>')}) do not match.\n"
                f"Output values: {tree1}\n"
                f"Batching spec: {tree2}")
        outs = [_rebatch(x, leaves) if b else x for x, b in zip(flat_outs, flat_out_batched)]
        return jax.tree_util.tree_unflatten(tree1, outs)


def sequential_vmap(f):
    f = custom_vmap(f)

    @f.def_vmap
    def rule(axis_size, in_batched, *args):
        # The batched leaves are mapped over one example at a time; the
        # others are passed whole to every call (JAX's tree_split/merge).
        flat_args, args_tree = jax.tree_util.tree_flatten(list(args))
        flat_mask = jax.tree_util.tree_leaves(in_batched)
        mapped_args = [a for a, m in zip(flat_args, flat_mask) if m]

        def to_map(mapped):
            it = iter(mapped)
            full = [next(it) if m else a for a, m in zip(flat_args, flat_mask)]
            return f(*jax.tree_util.tree_unflatten(args_tree, full))

        out = jax.lax.map(to_map, mapped_args)
        return out, jax.tree_util.tree_map(lambda _: True, out)

    return f
)PY";

// The innermost vmap frame batching any of `leaves`, or nullptr.
ir::BatchFramePtr frame_of(Interpreter& ip, const Values& leaves, SourceRange where) {
  std::vector<ir::Operand> ops;
  for (const Value& v : leaves)
    if (v.is(ObjKind::Array)) ops.push_back(to_operand(ip, v, where, "custom_vmap"));
  return ir::innermost_frame(ops);
}

// _batch_info(leaves): None when no leaf is batched, else (axis_size,
// [batched at the innermost frame, per leaf]).
Value batch_info(Interpreter& ip, CallArgs& call) {
  Values leaves = ip.iterate(call.positional.at(0));
  ir::BatchFramePtr frame = frame_of(ip, leaves, call.where);
  if (!frame) return Value::none();
  Values flags;
  for (const Value& v : leaves)
    flags.push_back(Value::boolean(v.is(ObjKind::Array) &&
                                   ir::batched_at(to_operand(ip, v, call.where, "custom_vmap"), frame)));
  return make_tuple({Value::integer(frame->size), make_list(flags)});
}

// _stacked(x): x's examples stacked along axis 0 (the innermost frame's).
Value stacked(Interpreter& ip, CallArgs& call) {
  ir::Operand x = to_operand(ip, call.positional.at(0), call.where, "custom_vmap");
  return make_array(ir::stacked_at_front(x, ir::innermost_frame({x})));
}

// _rebatch(x, leaves): the rule's stacked output as a batched value of the
// frame the call's arguments were batched by.
Value rebatch(Interpreter& ip, CallArgs& call) {
  ir::Operand x = to_operand(ip, call.positional.at(0), call.where, "custom_vmap");
  ir::BatchFramePtr frame = frame_of(ip, ip.iterate(call.positional.at(1)), call.where);
  return make_array(ir::make_batched(x, 0, frame));
}

}  // namespace

Value batching_builtin(const std::string& name) {
  if (name == "_batch_info") return make_builtin(name, batch_info);
  if (name == "_stacked") return make_builtin(name, stacked);
  return make_builtin(name, rebatch);
}

void register_module_custom_batching() {
  Interpreter::register_module("jax.custom_batching", [](Interpreter& ip) {
    return ip.define_generated_module("jax.custom_batching", kSource,
                                      {{"_batch_info", batching_builtin("_batch_info")},
                                       {"_stacked", batching_builtin("_stacked")},
                                       {"_rebatch", batching_builtin("_rebatch")}});
  });
}

}  // namespace rungs::jax
