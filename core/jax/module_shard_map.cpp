// jax.shard_map (and the deprecated jax.experimental.shard_map.shard_map):
// run a function once per device of a mesh, on each device's shard.
//
// The devices are simulated the way vmap batches (core/ir/batching.h): each
// mesh axis is an open batch frame marked `device`, a shard is a value
// batched at the frames of the mesh axes its PartitionSpec names, and the
// function runs once over all devices. Host jnp code batches as under vmap,
// the collectives (module_lax_parallel.cpp) work across the frames, and a
// pallas_call runs every device's kernel together (core/pallas). The spec
// handling -- splitting arguments into shards, joining outputs, JAX's error
// texts -- is written in Python below; call_mapped opens the frames and
// calls the user's function.
#include <map>
#include <memory>
#include <set>

#include "core/ir/batching.h"
#include "core/jax/array_value.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/module_lax_tree.h"
#include "core/jax/modules.h"
#include "core/python/args.h"
#include "core/python/modules.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

using ir::Operand;

const char* const kShardMapSource = R"PY(
import math
import warnings


class _InferFromArgs:
    def __repr__(self):
        return "jax.sharding.Infer"


Infer = _InferFromArgs()


def _dims(spec, ndim):
    # Per array dim, the mesh axes it is split over (major to minor).
    parts = [] if spec is None else list(spec._parts)
    out = []
    for d in range(ndim):
        p = parts[d] if d < len(parts) else None
        if p is None:
            out.append(())
        elif isinstance(p, (tuple, list)):
            out.append(tuple(p))
        else:
            out.append((p,))
    return out


def _spec_leaves(prefix, tree, what):
    # One spec per leaf of `tree`; `prefix` is a tree prefix of it.
    if prefix is None or _impl.is_spec(prefix):
        return [prefix] * len(tree_util.tree_leaves(tree))
    if isinstance(prefix, (tuple, list)) and isinstance(tree, (tuple, list)) and len(prefix) == len(tree):
        out = []
        for p, t in zip(prefix, tree):
            out.extend(_spec_leaves(p, t, what))
        return out
    if isinstance(prefix, dict) and isinstance(tree, dict) and sorted(prefix) == sorted(tree):
        out = []
        for k in sorted(tree):
            out.extend(_spec_leaves(prefix[k], tree[k], what))
        return out
    raise ValueError(f"shard_map {what} must be a tree prefix of the corresponding "
                     f"{'args' if what == 'in_specs' else 'outputs'}, but got {what} {prefix!r} for {tree!r}")


def _check_spec(spec, ndim, names, what, fname):
    if spec is not None and not _impl.is_spec(spec):
        raise TypeError(f"shard_map {what} must be a pytree of `jax.sharding.PartitionSpec` instances, "
                        f"but it contained {spec!r}")
    parts = [] if spec is None else list(spec._parts)
    if len(parts) > ndim:
        raise ValueError(f"shard_map applied to the function '{fname}' was given {what} entry {spec!r} "
                         f"of length {len(parts)} for an array of rank {ndim}")
    for axes in _dims(spec, ndim):
        for a in axes:
            if a not in names:
                raise ValueError(f"Resource axis: {a} of {spec!r} is not found in mesh: {tuple(names)}.")


def _divisibility_error(fname, mesh, x, spec, d, axes, size):
    axis = f"axes {axes}" if len(axes) > 1 else f"axis '{axes[0]}'"
    total = "total " if len(axes) > 1 else ""
    shape = f"{x.dtype}[{','.join(str(n) for n in x.shape)}]"
    return ValueError(
        f"shard_map applied to the function '{fname}' was given argument arrays with axis sizes that are "
        f"not evenly divisible by the corresponding mesh axis sizes:\n\n"
        f"The mesh given has shape {tuple(mesh.axis_sizes)} with corresponding axis names {mesh.axis_names}.\n\n"
        f"the passed args of shape {shape} corresponds to in_specs of value {spec!r}, which maps array axis "
        f"{d} (of size {x.shape[d]}) to mesh {axis} (of {total}size {size}), but {size} does not evenly "
        f"divide {x.shape[d]}\n\n"
        f"Array arguments' axis sizes must be evenly divisible by the mesh axis or axes indicated by the "
        f"corresponding elements of the argument's in_specs entry. Consider checking that in_specs are "
        f"correct, and if so consider changing the mesh axis sizes or else padding the input and adapting "
        f"'{fname}' appropriately.")


def _to_shards(x, spec, names, sizes, fname, mesh):
    # (n_a, n_b, ..., local...): the mesh axes the spec names, in mesh order, in front.
    dims = _dims(spec, x.ndim)
    shape, pos, local = [], {}, []
    for d, axes in enumerate(dims):
        size = math.prod(sizes[a] for a in axes)
        if x.shape[d] % size:
            raise _divisibility_error(fname, mesh, x, spec, d, axes, size)
        for a in axes:
            pos[a] = len(shape)
            shape.append(sizes[a])
        local.append(len(shape))
        shape.append(x.shape[d] // size)
    used = [a for a in names if a in pos]
    full = jnp.transpose(jnp.reshape(x, shape), [pos[a] for a in used] + local)
    return full, used


def _used_axes(spec, ndim, names):
    named = set(a for axes in _dims(spec, ndim) for a in axes)
    return [a for a in names if a in named]


def _from_shards(full, spec, names, sizes):
    # The inverse of _to_shards for an output.
    used = _used_axes(spec, full.ndim, names)
    k = len(used)
    dims = _dims(spec, full.ndim - k)
    perm, shape = [], []
    for d, axes in enumerate(dims):
        perm.extend(used.index(a) for a in axes)
        perm.append(k + d)
        shape.append(full.shape[k + d] * math.prod(sizes[a] for a in axes))
    return jnp.reshape(jnp.transpose(full, perm), shape)


def _replication_error(fname, mesh, out_specs, index, spec, varying):
    key = "" if _impl.is_spec(out_specs) or out_specs is None else f"[{index}]"
    if len(varying) > 1:
        detail = (f"out_specs{key} is {spec!r} which implies that the corresponding output value is only varying "
                  f"across mesh axes {{{','.join(_used_axes(spec, 64, mesh.axis_names))}}} and not "
                  f"{{{','.join(varying)}}}, but it was inferred to be possibly varying over "
                  f"{{{','.join(varying)}}}")
    else:
        detail = (f"out_specs{key} is {spec!r} which implies that the corresponding output value is replicated "
                  f"across mesh axis '{varying[0]}', but could not infer replication over any axes")
    return ValueError(
        f"shard_map applied to the function '{fname}' was given out_specs which require replication which "
        f"can't be statically inferred given the mesh:\n\n"
        f"The mesh given has shape {tuple(mesh.axis_sizes)} with corresponding axis names {mesh.axis_names}.\n\n"
        f"{detail}\n\n"
        f"Check if these output values are meant to be replicated over those mesh axes. If not, consider "
        f"revising the corresponding out_specs entries. If so, consider disabling the check by passing the "
        f"check_vma=False argument to `jax.shard_map`.")


def _infer_spec(x):
    sharding = getattr(x, "sharding", None)
    if _impl.is_named_sharding(sharding):
        return sharding.spec
    return sharding_module.PartitionSpec()


def prepare_shards(fname, mesh, in_specs, args):
    # The mesh, and each argument leaf's shards stacked as _to_shards makes them.
    m = mesh if mesh is not None else sharding_module.get_mesh()
    if m is None:
        raise ValueError("The context mesh cannot be empty. Use `jax.set_mesh(mesh)` to enter into a mesh context")
    if not _impl.is_mesh(m):
        raise TypeError("shard_map requires a `jax.sharding.Mesh` or a `jax.sharding.AbstractMesh` instance "
                        f"for its second argument, but got {m!r} of type {type(m)}.")
    names = list(m.axis_names)
    sizes = dict(zip(names, m.axis_sizes))
    leaves = [jnp.asarray(x) for x in tree_util.tree_leaves(args)]
    if in_specs is Infer:
        specs = [_infer_spec(x) for x in leaves]
    else:
        specs = _spec_leaves(in_specs, args, "in_specs")
    fulls, used = [], []
    for x, spec in zip(leaves, specs):
        _check_spec(spec, x.ndim, names, "in_specs", fname)
        full, u = _to_shards(x, spec, names, sizes, fname, m)
        fulls.append(full)
        used.append(u)
    return m, names, [sizes[n] for n in names], fulls, used


def output_layout(fname, out, out_specs, names):
    # The output leaves, the mesh axes each one's spec names, and how to rebuild.
    leaves, tree = tree_util.tree_flatten(out)
    specs = _spec_leaves(out_specs, out, "out_specs")
    leaves = [jnp.asarray(y) for y in leaves]
    for y, spec in zip(leaves, specs):
        _check_spec(spec, y.ndim, names, "out_specs", fname)
    return leaves, [_used_axes(s, y.ndim, names) for s, y in zip(specs, leaves)], (tree, specs)


def finish_outputs(fname, mesh, out_specs, check_vma, layout, results):
    tree, specs = layout
    names = list(mesh.axis_names)
    sizes = dict(zip(names, mesh.axis_sizes))
    outs = []
    for i, (full, varying) in enumerate(results):
        if varying and check_vma:
            raise _replication_error(fname, mesh, out_specs, i, specs[i], list(varying))
        outs.append(_from_shards(full, specs[i], names, sizes))
    return tree_util.tree_unflatten(tree, outs)


def _shard_map(f, mesh, in_specs, out_specs, axis_names, check_vma):
    if not callable(f):
        raise TypeError(f"shard_map requires a callable for its first argument, but got {f!r} of type {type(f)}.")
    return _impl.mapped(f, getattr(f, "__name__", str(f)), mesh, in_specs, out_specs, bool(check_vma))


class Shard:
    def __init__(self, device, index, replica_id, data):
        self.device = device
        self.index = index
        self.replica_id = replica_id
        self.data = data

    def __repr__(self):
        return (f"Shard(device={self.device!r}, index={self.index}, replica_id={self.replica_id}, "
                f"data={self.data})")


def addressable_shards(x, sharding):
    # Each device's piece of x under a NamedSharding (one whole piece otherwise).
    if not _impl.is_named_sharding(sharding):
        return [Shard(devices()[0], tuple(slice(None) for _ in x.shape), 0, x)]
    mesh = sharding.mesh
    names, sizes = list(mesh.axis_names), list(mesh.axis_sizes)
    dims = _dims(sharding.spec, x.ndim)
    named = set(a for axes in dims for a in axes)
    out = []
    for i, device in enumerate(mesh.devices):
        coords, rest = {}, i
        for name, size in reversed(list(zip(names, sizes))):
            coords[name] = rest % size
            rest //= size
        index = []
        for d, axes in enumerate(dims):
            if not axes:
                index.append(slice(None))
                continue
            block, count = 0, 1
            for a in axes:
                block = block * mesh.shape[a] + coords[a]
                count *= mesh.shape[a]
            size = x.shape[d] // count
            index.append(slice(block * size, (block + 1) * size))
        replica = 0
        for name, size in zip(names, sizes):
            if name not in named:
                replica = replica * size + coords[name]
        out.append(Shard(device, tuple(index), replica, x[tuple(index)]))
    return out


def shard_map(f=None, /, *, out_specs, in_specs=Infer, mesh=None, axis_names=None, check_vma=True):
    if f is None:
        return lambda g: _shard_map(g, mesh, in_specs, out_specs, axis_names, check_vma)
    return _shard_map(f, mesh, in_specs, out_specs, axis_names, check_vma)


def experimental_shard_map(f, mesh, in_specs, out_specs, check_rep=True, auto=None):
    warnings.warn("jax.experimental.shard_map is deprecated in v0.8.0. Used jax.shard_map instead.",
                  DeprecationWarning)
    return _shard_map(f, mesh, in_specs, out_specs, None, check_rep)
)PY";

// Closes the frames it opened, innermost first, however the call ends.
class MeshFrames {
 public:
  void open(int64_t size, const std::string& name) { scopes_.push_back(std::make_unique<ir::BatchScope>(size, name, true)); }
  ~MeshFrames() { close(); }
  const ir::BatchFramePtr& frame(size_t i) const { return scopes_[i]->frame(); }
  void close() {
    while (!scopes_.empty()) scopes_.pop_back();
  }
  size_t size() const { return scopes_.size(); }

 private:
  std::vector<std::unique_ptr<ir::BatchScope>> scopes_;
};

Value module_function(Interpreter& ip, const char* name, SourceRange where) {
  return ip.getattr(ip.import_module("jax._shard_map", where), name, where);
}

// The mapped function: the spec handling runs in Python (_prepare,
// _outputs, _finish), the user's function is called from here, so an error
// inside it -- a kernel's included -- points at the user's own line.
// Each mesh axis becomes a device frame; an argument's shards (its stacked
// full value with the mesh axes its spec names in front) become a value
// batched at those frames; an output is stacked back the same way, keeping
// device 0's value along a mesh axis its spec does not name (and saying
// so, for check_vma).
Value call_mapped(Interpreter& ip, const Value& f, const Value& fname, const Value& mesh, const Value& in_specs,
                  const Value& out_specs, bool check_vma, CallArgs& call) {
  SourceRange where = call.where;
  Value args = make_tuple(call.positional);
  Values prep = ip.iterate(ip.call(module_function(ip, "prepare_shards", where), Values{fname, mesh, in_specs, args}, where));
  Value resolved_mesh = prep[0];
  Values names = ip.iterate(prep[1]), sizes = ip.iterate(prep[2]), fulls = ip.iterate(prep[3]), used = ip.iterate(prep[4]);
  MeshFrames frames;
  std::map<std::string, size_t> index;
  for (size_t i = 0; i < names.size(); ++i) {
    index[ip.str(names[i])] = i;
    frames.open(sizes[i].as_int(), ip.str(names[i]));
  }
  Values shards;
  for (size_t j = 0; j < fulls.size(); ++j) {
    Operand cur = to_operand(ip, fulls[j], where);
    for (const Value& axis : ip.iterate(used[j])) cur = ir::make_batched(std::move(cur), 0, frames.frame(index.at(ip.str(axis))));
    shards.push_back(make_array(std::move(cur)));
  }
  Flat flat = flatten(ip, args, where);
  Value out = ip.call(f, ip.iterate(unflatten_values(flat.tree, shards)), where);
  Values layout = ip.iterate(ip.call(module_function(ip, "output_layout", where), Values{fname, out, out_specs, prep[1]}, where));
  Values outs = ip.iterate(layout[0]), out_used = ip.iterate(layout[1]);
  Values joined;
  for (size_t j = 0; j < outs.size(); ++j) {
    std::set<std::string> mine;
    for (const Value& axis : ip.iterate(out_used[j])) mine.insert(ip.str(axis));
    Operand v = to_operand(ip, outs[j], where);
    Values varying;
    for (size_t k = frames.size(); k-- > 0;) {  // innermost first
      const ir::BatchFramePtr& fr = frames.frame(k);
      if (mine.count(fr->axis_name)) {
        v = ir::stacked_at_front(v, fr);
      } else if (ir::batched_at(v, fr)) {
        varying.insert(varying.begin(), make_str(fr->axis_name));
        v = ir::example(v, fr, 0);
      }
    }
    joined.push_back(make_tuple({make_array(std::move(v)), make_tuple(varying)}));
  }
  frames.close();
  return ip.call(module_function(ip, "finish_outputs", where),
                 Values{fname, resolved_mesh, out_specs, Value::boolean(check_vma), layout[2], make_list(joined)}, where);
}

Value mapped(Interpreter&, const Args& a) {
  Value f = a[0], fname = a[1], mesh = a[2], in_specs = a[3], out_specs = a[4];
  bool check_vma = a[5].as_int() != 0;
  return make_builtin(fname.is(ObjKind::Str) ? fname.as<StrObj>().s : "shard_map",
                      [f, fname, mesh, in_specs, out_specs, check_vma](Interpreter& ip, CallArgs& call) {
                        return call_mapped(ip, f, fname, mesh, in_specs, out_specs, check_vma, call);
                      });
}

Value impl_module(Interpreter&) {
  auto m = new_module("jax._shard_map_impl");
  def_signature(*m, "mapped", {"f", "name", "mesh", "in_specs", "out_specs", "check_vma"}, 6, mapped);
  def(*m, "is_spec", [](Interpreter&, CallArgs& c) { return Value::boolean(!c.positional.empty() && is_partition_spec(c.positional[0])); });
  def(*m, "is_mesh", [](Interpreter&, CallArgs& c) { return Value::boolean(!c.positional.empty() && is_mesh(c.positional[0])); });
  def(*m, "is_named_sharding", [](Interpreter&, CallArgs& c) {
    return Value::boolean(!c.positional.empty() && is_named_sharding(c.positional[0]));
  });
  return Value::object(m);
}

Value shard_map_module(Interpreter& ip) {
  return ip.define_generated_module("jax._shard_map", kShardMapSource,
                                    {{"_impl", ip.import_module("jax._shard_map_impl", {})},
                                     {"jnp", ip.import_module("jax.numpy", {})},
                                     {"tree_util", ip.import_module("jax.tree_util", {})},
                                     {"sharding_module", ip.import_module("jax.sharding", {})},
                                     {"devices", ip.getattr(ip.import_module("jax", {}), "devices", {})}});
}

// jax.experimental.shard_map: the old signature, deprecated since JAX 0.8.0.
Value experimental_module(Interpreter& ip) {
  auto m = new_module("jax.experimental.shard_map");
  Value impl = ip.import_module("jax._shard_map", {});
  m->attrs["shard_map"] = ip.getattr(impl, "experimental_shard_map", {});
  return Value::object(m);
}

}  // namespace

void register_module_shard_map() {
  Interpreter::register_module("jax._shard_map_impl", impl_module);
  Interpreter::register_module("jax._shard_map", shard_map_module);
  Interpreter::register_module("jax.experimental.shard_map", experimental_module);
}

}  // namespace rungs::jax
