// jax.experimental.pallas.tpu_sc, the SparseCore extensions, as far as the
// modelled chip has them: not at all. Rung 3 models a TPU v5e, whose
// get_tpu_info().sparse_core is None (JAX's tpu_info table), and rungs 1–2
// run on the CPU host, where get_tpu_info() itself refuses. So the module
// imports (guides import it beside pltpu and use it only in their
// SparseCore sections), and every mesh or primitive asks for the SparseCore
// first, as JAX's sc_core.get_sparse_core_info does, and stops with JAX's
// error for the platform: "The current TPU does not have SparseCores" on the
// chip, the CPU host's get_tpu_info refusal on rungs 1–2.
#include "core/pallas/modules.h"
#include "core/python/interpreter.h"
#include "core/python/modules.h"

namespace rungs::pallas {

namespace {

const char* const kSource = R"PY(
import dataclasses
import enum

from jax.experimental.pallas import tpu as _pltpu


def get_sparse_core_info():
    sc_info = _pltpu.get_tpu_info().sparse_core
    if sc_info is None:
        raise RuntimeError("The current TPU does not have SparseCores")
    return sc_info


@dataclasses.dataclass(frozen=True, kw_only=True)
class ScalarSubcoreMesh:
    axis_name: str
    num_cores: int = dataclasses.field(default_factory=lambda: get_sparse_core_info().num_cores)

    def __post_init__(self):
        get_sparse_core_info()


@dataclasses.dataclass(frozen=True, kw_only=True)
class VectorSubcoreMesh:
    core_axis_name: str
    subcore_axis_name: str
    num_cores: int = dataclasses.field(default_factory=lambda: get_sparse_core_info().num_cores)
    num_subcores: int = dataclasses.field(default_factory=lambda: get_sparse_core_info().num_subcores)

    def __post_init__(self):
        get_sparse_core_info()


class PackFormat(enum.Enum):
    COMPRESSED = "compressed"
    INTERLEAVED = "interleaved"


class Indices:
    def __init__(self, *args, **kwargs):
        get_sparse_core_info()


def _sparse_core_only(name):
    def primitive(*args, **kwargs):
        get_sparse_core_info()
        raise NotImplementedError("Rungs does not model the SparseCore: plsc." + name)

    primitive.__name__ = name
    return primitive


addupdate = _sparse_core_only("addupdate")
addupdate_compressed = _sparse_core_only("addupdate_compressed")
addupdate_scatter = _sparse_core_only("addupdate_scatter")
all_reduce_ffs = _sparse_core_only("all_reduce_ffs")
all_reduce_population_count = _sparse_core_only("all_reduce_population_count")
bitcast = _sparse_core_only("bitcast")
cummax = _sparse_core_only("cummax")
cumsum = _sparse_core_only("cumsum")
fetch_and_add = _sparse_core_only("fetch_and_add")
load_expanded = _sparse_core_only("load_expanded")
load_gather = _sparse_core_only("load_gather")
pack = _sparse_core_only("pack")
parallel_loop = _sparse_core_only("parallel_loop")
scan_count = _sparse_core_only("scan_count")
sort_key_val = _sparse_core_only("sort_key_val")
store_compressed = _sparse_core_only("store_compressed")
store_scatter = _sparse_core_only("store_scatter")
subcore_barrier = _sparse_core_only("subcore_barrier")
unpack = _sparse_core_only("unpack")
)PY";

}  // namespace

void register_tpu_sc_module() {
  python::Interpreter::register_module("jax.experimental.pallas.tpu_sc", [](python::Interpreter& ip) {
    return ip.define_generated_module("jax.experimental.pallas.tpu_sc", kSource, {});
  });
}

}  // namespace rungs::pallas
