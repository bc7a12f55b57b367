// jax.checkpoint / jax.remat, jax.checkpoint_policies and the
// jax.ad_checkpoint module (checkpoint_name, print_saved_residuals,
// Recompute/Saveable/Offloadable), written in Python after
// jax/_src/ad_checkpoint.py. Rematerialisation trades memory for compute and
// never changes a value, so the rematted function runs as itself: its forward
// values are the function's, and jax.grad differentiates through it on the
// tape as through any Python function (the gradients JAX computes, whatever
// the policy). What is kept is JAX's surface: the argument checks and their
// texts, static_argnums, Python scalars becoming (weakly typed) arrays as
// JAX's tracing makes them, the policies as JAX names and builds them, and
// inside a kernel on the chip rung Mosaic's refusal of the primitives JAX
// binds (`remat2` for checkpoint, `name` for checkpoint_name), which Pallas's
// TPU lowering has no rule for; the interpreters (rungs 1-2) run them.
#include "core/jax/jnp_python_more.h"
#include "core/jax/modules.h"
#include "core/python/exceptions.h"
#include "core/python/modules.h"

namespace rungs::jax {

namespace {

// The policies need nothing from jax: compiled when `jax` itself is built,
// so jax.checkpoint_policies is a plain attribute.
const char* const kPoliciesSource = R"PY(
class _Namespace:
    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)

    def __repr__(self):
        return "namespace(...)"


def everything_saveable(*_, **__):
    return True


def nothing_saveable(*_, **__):
    return False


class DotsSaveable:
    def __init__(self, only_if_no_batch_dims):
        self.only_if_no_batch_dims = only_if_no_batch_dims

    def __call__(self, prim, *args, **params):
        name = getattr(prim, "name", prim)
        if name != "dot_general":
            return False
        if not self.only_if_no_batch_dims:
            return True
        (_, _), (lhs_b, rhs_b) = params["dimension_numbers"]
        return not lhs_b and not rhs_b

    def __repr__(self):
        return "DotsSaveable(only_if_no_batch_dims=" + repr(self.only_if_no_batch_dims) + ")"


dots_saveable = DotsSaveable(False)
dots_with_no_batch_dims_saveable = DotsSaveable(True)


class OffloadDotWithNoBatchDims:
    def __init__(self, offload_src, offload_dst):
        self.offload_src = offload_src
        self.offload_dst = offload_dst


def offload_dot_with_no_batch_dims(offload_src, offload_dst):
    return OffloadDotWithNoBatchDims(offload_src, offload_dst)


class SaveOnlyTheseNames:
    def __init__(self, saveable_names):
        self.saveable_names = saveable_names

    def __call__(self, prim, *_, **params):
        if getattr(prim, "name", prim) == "name":
            return params["name"] in self.saveable_names
        return False

    def __repr__(self):
        return "SaveOnlyTheseNames(saveable_names=" + repr(self.saveable_names) + ")"


class SaveAnyNamesButThese:
    def __init__(self, names):
        self.names = names

    def __call__(self, prim, *_, **params):
        if getattr(prim, "name", prim) == "name":
            return params["name"] not in self.names
        return False


class SaveAndOffloadOnlyTheseNames:
    def __init__(self, names_which_can_be_saved, names_which_can_be_offloaded, offload_src, offload_dst):
        self.names_which_can_be_saved = names_which_can_be_saved
        self.names_which_can_be_offloaded = names_which_can_be_offloaded
        self.offload_src = offload_src
        self.offload_dst = offload_dst


def save_anything_except_these_names(*names_not_to_save):
    return lambda *_, **__: True


def save_any_names_but_these(*names_not_to_save):
    return SaveAnyNamesButThese(frozenset(names_not_to_save))


def save_only_these_names(*names_which_can_be_saved):
    return SaveOnlyTheseNames(frozenset(names_which_can_be_saved))


def save_and_offload_only_these_names(*, names_which_can_be_saved, names_which_can_be_offloaded,
                                      offload_src, offload_dst):
    names_which_can_be_saved = frozenset(names_which_can_be_saved)
    names_which_can_be_offloaded = frozenset(names_which_can_be_offloaded)
    intersection = names_which_can_be_saved & names_which_can_be_offloaded
    if intersection:
        raise ValueError(
            "The names should be exclusive and should not intersect in"
            " `names_which_can_be_saved` and `names_which_can_be_offloaded`. Got"
            f" names_which_can_be_saved={set(names_which_can_be_saved)},"
            f" names_which_can_be_offloaded={set(names_which_can_be_offloaded)} and"
            f" the intersection={set(intersection)}")
    return SaveAndOffloadOnlyTheseNames(names_which_can_be_saved, names_which_can_be_offloaded,
                                        offload_src, offload_dst)


def save_from_both_policies(policy_1, policy_2):
    def policy(prim, *args, **params):
        out1 = policy_1(prim, *args, **params)
        out2 = policy_2(prim, *args, **params)
        if not (isinstance(out1, bool) and isinstance(out2, bool)):
            raise ValueError(
                "The return value of the policies should be a boolean. Got:"
                f" {out1} and {out2}. Please write a custom policy function directly,"
                " rather than using this helper function.")
        return out1 or out2
    return policy


checkpoint_policies = _Namespace(
    SaveOnlyTheseNames=SaveOnlyTheseNames,
    SaveAnyNamesButThese=SaveAnyNamesButThese,
    SaveAndOffloadOnlyTheseNames=SaveAndOffloadOnlyTheseNames,
    everything_saveable=everything_saveable,
    nothing_saveable=nothing_saveable,
    dots_saveable=dots_saveable,
    checkpoint_dots=dots_saveable,
    dots_with_no_batch_dims_saveable=dots_with_no_batch_dims_saveable,
    checkpoint_dots_with_no_batch_dims=dots_with_no_batch_dims_saveable,
    offload_dot_with_no_batch_dims=offload_dot_with_no_batch_dims,
    save_anything_except_these_names=save_anything_except_these_names,
    save_any_names_but_these=save_any_names_but_these,
    save_only_these_names=save_only_these_names,
    save_from_both_policies=save_from_both_policies,
    save_and_offload_only_these_names=save_and_offload_only_these_names)
)PY";

const char* const kCheckpointSource = R"PY(
import functools
import jax
import jax.numpy as jnp
import numpy as np

checkpoint_policies = _policies


def _mosaic_refuses(name):
    # JAX binds a primitive Pallas's TPU lowering has no rule for.
    if _in_kernel() and jax.default_backend() == "tpu":
        _raise_error("chip_unimplemented_primitive", name)


def _as_traced(leaf):
    # What JAX's tracing makes of a dynamic argument: arrays stay, Python
    # scalars become weakly typed arrays, anything else is refused.
    if isinstance(leaf, (jax.Array, np.ndarray)):
        return leaf
    if isinstance(leaf, (bool, int, float)):
        return jnp.asarray(leaf)
    raise TypeError(f"Argument '{leaf}' of type {type(leaf)} is not a valid JAX type")


def _static_argnums_checked(static_argnums, nargs):
    if type(static_argnums) is int:
        static_argnums = (static_argnums,)
    elif not (type(static_argnums) is tuple and all(type(d) is int for d in static_argnums)):
        raise TypeError("the `static_argnums` argument to `jax.checkpoint` / "
                        "`jax.remat` must be an int, tuple of ints or, bool, but "
                        f"got value {static_argnums}")
    if not all(-nargs <= d < nargs for d in static_argnums):
        raise ValueError("the `static_argnums` argument to `jax.checkpoint` / "
                         "`jax.remat` can only take integer values greater than or "
                         "equal to `-len(args)` and less than `len(args)`, but got "
                         f"{static_argnums}, while `len(args)` = {nargs}")
    return frozenset(d % nargs for d in static_argnums) if nargs else frozenset()


def checkpoint(fun, *, prevent_cse=True, policy=None, static_argnums=(), static_argnames=()):
    if isinstance(static_argnums, int):
        static_argnums = static_argnums,
    if isinstance(prevent_cse, (list, tuple)):
        prevent_cse = tuple(prevent_cse)
    if not isinstance(prevent_cse, (tuple, bool)):
        raise TypeError("prevent_cse must be a bool or tuple of bools, got "
                        f"type(prevent_cse)={type(prevent_cse)}")

    @functools.wraps(fun)
    def fun_remat(*args, **kwargs):
        static = _static_argnums_checked(static_argnums, len(args))
        args = tuple(a if i in static else jax.tree_util.tree_map(_as_traced, a)
                     for i, a in enumerate(args))
        kwargs = {k: jax.tree_util.tree_map(_as_traced, v) for k, v in kwargs.items()}
        _mosaic_refuses("remat2")
        return fun(*args, **kwargs)
    return fun_remat


def remat(fun, *, prevent_cse=True, policy=None, static_argnums=()):
    return checkpoint(fun, prevent_cse=prevent_cse, policy=policy, static_argnums=static_argnums)


def checkpoint_name(x, name):
    _mosaic_refuses("name")
    # An identity on every leaf (the tape and vmap see the value itself).
    return jax.tree_util.tree_map(lambda leaf: leaf, x)


def print_saved_residuals(f, *args, **kwargs):
    # Nothing is saved apart from the values themselves here: each argument
    # is listed as JAX lists residuals that are arguments.
    for i, leaf in enumerate(jax.tree_util.tree_leaves((args, kwargs))):
        a = jnp.asarray(leaf)
        print(str(a.dtype) + "[" + ",".join(str(d) for d in a.shape) + "] from the argument " + str(i))


class _Recompute:
    def __repr__(self):
        return "Recompute"


Recompute = _Recompute()


class _Saveable:
    def __repr__(self):
        return "Saveable"


Saveable = _Saveable()


class Offloadable:
    def __init__(self, src, dst):
        self.src = src
        self.dst = dst

    def __repr__(self):
        return "Offloadable(src=" + repr(self.src) + ", dst=" + repr(self.dst) + ")"
)PY";

const char* const kPublicSource = R"PY(
from jax._src.ad_checkpoint import checkpoint_policies, checkpoint_name, print_saved_residuals
from jax._src.ad_checkpoint import Recompute, Saveable, Offloadable
)PY";

Value policies_namespace(Interpreter& ip) {
  Value defs = ip.define_generated_module("jax._src.checkpoint_policies", kPoliciesSource, {});
  return defs.as<ModuleObj>().attrs.at("checkpoint_policies");
}

}  // namespace

void register_module_ad_checkpoint() {
  Interpreter::register_module("jax._src.ad_checkpoint", [](Interpreter& ip) {
    Value policies = ip.getattr(ip.import_module("jax", {}), "checkpoint_policies", {});
    return ip.define_generated_module("jax._src.ad_checkpoint", kCheckpointSource,
                                      {{"_policies", policies},
                                       {"_in_kernel", in_kernel_builtin()},
                                       {"_raise_error", python::registered_error_raiser()}});
  });
  Interpreter::register_module("jax.ad_checkpoint", [](Interpreter& ip) {
    return ip.define_generated_module("jax.ad_checkpoint", kPublicSource, {});
  });
}

void add_jax_checkpoint(Interpreter& ip, ModuleObj& jax_module) {
  jax_module.attrs["checkpoint_policies"] = policies_namespace(ip);
  // checkpoint/remat import jax.numpy, which `jax` must load without: looked up on first use.
  for (const char* name : {"checkpoint", "remat"}) {
    std::string n = name;
    jax_module.attrs[n] = make_builtin(n, [n](Interpreter& ip, CallArgs& call) {
      return ip.call(ip.getattr(ip.import_module("jax._src.ad_checkpoint", call.where), n, call.where), call);
    });
  }
}

}  // namespace rungs::jax
