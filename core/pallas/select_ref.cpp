// pl.select_ref(idx, *refs) (pallas/helpers.py): a ref chosen among several
// by a scalar known only at run time, which JAX allows as a DMA operand (a
// source, destination or semaphore), wrapping `.at[...]` / `.reshape`
// views underneath. The model keeps the candidates side by side (views
// apply to each) and runs a DMA that names a selected ref as one DMA per
// combination of candidates, each under pl.when of the index choosing it
// (Mosaic's nested ifs: the last candidate takes any index the others do
// not): the same copies and semaphore counts the selected DMA makes.
#include "core/pallas/select_ref.h"

#include "core/python/interpreter.h"
#include "core/python/modules.h"
#include "core/python/value_ops.h"

namespace rungs::pallas {

using python::Value;
using python::Values;

namespace {

const char* const kModule = "jax.experimental.pallas._select_ref";

const char* const kSource = R"PY(
import itertools

import jax.numpy as jnp


class _SelectedAt:
    def __init__(self, selected):
        self._selected = selected

    def __getitem__(self, key):
        s = self._selected
        return SelectedRef(s.idx, [r.at[key] for r in s.refs])


class SelectedRef:
    def __init__(self, idx, refs):
        self.idx = idx
        self.refs = tuple(refs)

    @property
    def shape(self):
        return self.refs[0].shape

    @property
    def dtype(self):
        return self.refs[0].dtype

    @property
    def at(self):
        return _SelectedAt(self)

    def reshape(self, *shape):
        return SelectedRef(self.idx, [r.reshape(*shape) for r in self.refs])

    def bitcast(self, dtype):
        return SelectedRef(self.idx, [r.bitcast(dtype) for r in self.refs])

    def __repr__(self):
        return f"SelectedRef(idx={self.idx!r}, refs={list(self.refs)!r})"

    def _run_dma(self, *args, **kwargs):
        return run_selected_dma(*args, **kwargs)


def select_ref(idx, *refs):
    if len(refs) <= 1:
        raise ValueError("At least two refs are required for pl.select_ref.")
    return SelectedRef(idx, refs)


def _both(a, b):
    if a is True:
        return b
    if b is True:
        return a
    return jnp.logical_and(a, b)


def _choices(ref):
    # (condition, plain ref) pairs: True for an unconditional choice.
    if not isinstance(ref, SelectedRef):
        return [(True, ref)]
    # Mosaic lowers the selection to nested ifs (idx == 0, else idx - 1 == 0,
    # ...), so the last candidate takes every index the others do not.
    out = []
    last = len(ref.refs) - 1
    for k, candidate in enumerate(ref.refs):
        cond = ref.idx == k if k < last else (ref.idx < 0) | (ref.idx >= last)
        if isinstance(cond, bool) and not cond:
            continue
        for inner, leaf in _choices(candidate):
            out.append((_both(cond if not isinstance(cond, bool) else True, inner), leaf))
    return out


def run_selected_dma(op, src, dst, dst_sem, src_sem, device_id, device_id_type, args, **kwargs):
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu
    for combo in itertools.product(_choices(src), _choices(dst), _choices(dst_sem), _choices(src_sem)):
        cond = True
        for c, _ in combo:
            cond = _both(cond, c)
        s, d, sem, ssem = (leaf for _, leaf in combo)
        if ssem is None and device_id is None:
            desc = pltpu.make_async_copy(s, d, sem)
        else:
            desc = pltpu.make_async_remote_copy(s, d, ssem, sem, device_id=device_id, device_id_type=device_id_type)
        if cond is True:
            getattr(desc, op)(*args, **kwargs)
        else:
            pl.when(cond)(lambda: getattr(desc, op)(*args, **kwargs))
)PY";

bool is_selected(const Value& v) { return python::type_name(v) == "SelectedRef"; }

}  // namespace

void add_select_ref(python::Interpreter& ip, python::ModuleObj& pl) {
  Value defs = ip.define_generated_module(kModule, kSource, {});
  pl.attrs["select_ref"] = defs.as<python::ModuleObj>().attrs.at("select_ref");
}

bool dma_uses_select(const python::RecordObj& d) {
  for (const char* field : {"src", "dst", "dst_sem", "src_sem"})
    if (is_selected(d.get(field))) return true;
  return false;
}

void run_selected_dma(python::Interpreter& ip, const python::RecordObj& d, const char* op, python::CallArgs& call) {
  Value selected;
  for (const char* field : {"src", "dst", "dst_sem", "src_sem"})
    if (selected.is_none() && is_selected(d.get(field))) selected = d.get(field);
  Value fn = ip.getattr(selected, "_run_dma", call.where);
  python::CallArgs inner;
  inner.where = call.where;
  inner.positional = {python::make_str(op), d.get("src"), d.get("dst"), d.get("dst_sem"), d.get("src_sem"),
                      d.get("device_id"), d.get("device_id_type"), python::make_tuple(call.positional)};
  inner.keywords = call.keywords;
  ip.call(fn, std::move(inner));
}

}  // namespace rungs::pallas
