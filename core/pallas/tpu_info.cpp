// jax._src.tpu_info, which pltpu re-exports: ChipVersion, TpuInfo,
// SparseCoreInfo, get_tpu_info(), get_tpu_info_for_chip(), is_tpu_device(),
// chip_version_from_device_kind(). Written in Python after JAX's module
// because it is a table plus frozen dataclasses, and JAX's tests compare the
// values both entry points give (get_tpu_info() == get_tpu_info_for_chip(
// its chip_version, num_cores)): both read one table, JAX's, keyed by the
// chip version the device kind names. On the CPU host (rungs 1-2) the device
// kind is "cpu", which JAX refuses with the registry's text.
#include "core/jax/modules.h"
#include "core/pallas/kernel_api.h"
#include "core/python/interpreter.h"

namespace rungs::pallas {

namespace {

const char* const kTpuInfoSource = R"PY(
import dataclasses
import enum

import jax
from jax import numpy as _jnp


class ChipVersionBase:
    pass


class ChipVersion(ChipVersionBase, enum.Enum):
    TPU_V2 = "v2"
    TPU_V3 = "v3"
    TPU_V4I = "v4i"
    TPU_V4 = "v4"
    TPU_V5E = "v5e"
    TPU_V5P = "v5p"
    TPU_V6E = "v6e"
    TPU_7 = "7"
    TPU_7X = "7x"
    TPU_8I = "8i"
    TPU_8T = "8t"

    def __str__(self):
        return self.value

    @property
    def num_physical_tensor_cores_per_chip(self):
        if self.value in ("v4i", "v5e", "v6e", "8t"):
            return 1
        return 2

    @property
    def supports_megacore(self):
        return self.value in ("v4", "v5p")

    @property
    def is_lite(self):
        return self.value in ("v4i", "v5e", "v6e")


_DEVICE_KINDS = {
    "TPU v2": "v2", "TPU v3": "v3", "TPU v4": "v4", "TPU v4 lite": "v4i",
    "TPU v5e": "v5e", "TPU v5 lite": "v5e", "TPU v5": "v5p", "TPU v5p": "v5p",
    "TPU v6e": "v6e", "TPU v6 lite": "v6e", "TPU7": "7", "TPU7x": "7x",
    "TPU8i": "8i", "TPU8t": "8t",
}


def chip_version_from_device_kind(device_kind):
    value = _DEVICE_KINDS.get(device_kind)
    return None if value is None else ChipVersion(value)


@dataclasses.dataclass(frozen=True, kw_only=True)
class SparseCoreInfo:
    num_cores: int
    num_subcores: int
    num_lanes: int
    vmem_capacity_bytes: int
    dma_granule_size_bytes: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class TpuInfo:
    chip_version: ChipVersionBase
    generation: int
    num_cores: int
    num_lanes: int
    num_sublanes: int
    mxu_column_size: int
    num_mxus: int
    num_accumulators: int
    vmem_capacity_bytes: int
    cmem_capacity_bytes: int
    smem_capacity_bytes: int
    hbm_capacity_bytes: int
    mem_bw_bytes_per_second: int
    bf16_ops_per_second: int
    int8_ops_per_second: int
    fp8_ops_per_second: int
    int4_ops_per_second: int
    sparse_core: SparseCoreInfo | None = None

    @property
    def is_lite(self):
        return self.chip_version.is_lite

    @property
    def is_split_chip(self):
        return self.num_cores == 1 and self.chip_version.num_physical_tensor_cores_per_chip > 1

    @property
    def is_megacore(self):
        return self.num_cores > 1

    def is_matmul_supported(self, lhs_dtype, rhs_dtype):
        lhs = _jnp.dtype(lhs_dtype).name
        rhs = _jnp.dtype(rhs_dtype).name
        v = self.chip_version.value
        if v in ("v2", "v3"):
            return lhs == rhs == "float32"
        if v in ("v4i", "v4"):
            return lhs in ("float32", "bfloat16") and rhs in ("float32", "bfloat16", "int8")
        if v in ("v5e", "v5p", "v6e"):
            fl = ("float32", "bfloat16", "float8_e5m2", "float8_e4m3b11fnuz")
            return ((lhs in fl and rhs in fl) or (lhs in ("uint8", "int8") and rhs in ("uint8", "int8"))
                    or (lhs in ("uint4", "int4") and rhs in ("uint4", "int4")))
        f8 = ("float8_e5m2", "float8_e4m3fn")
        if v in ("7", "7x"):
            return ((lhs in ("float32", "bfloat16") and rhs in ("float32", "bfloat16") + f8)
                    or (lhs in f8 and rhs in f8))
        if v == "8i":
            return ((lhs in ("float32", "bfloat16") and rhs in ("float32", "bfloat16") + f8 + ("uint4", "int4"))
                    or (lhs in f8 and rhs in f8 + ("uint4", "int4")))
        if v == "8t":
            return ((lhs in ("float32", "bfloat16") and rhs in ("float32", "bfloat16", "int4"))
                    or (lhs in ("float32", "bfloat16") + f8 and rhs in f8 + ("int4",)))
        return False

    def get_sublane_tiling(self, dtype):
        bitwidth = _jnp.dtype(dtype).itemsize * 8 if _jnp.dtype(dtype).name not in ("int4", "uint4") else 4
        if self.generation < 7:
            if bitwidth == 16 or bitwidth == 32:
                return self.num_sublanes
            return self.num_sublanes * (32 // bitwidth)
        if self.generation == 7 or self.generation == 8:
            return self.num_sublanes * (32 // bitwidth)
        raise NotImplementedError("TPU generation is not supported")


_MiB = 1024 * 1024
# Per chip version: generation, sublanes, MXU columns, MXUs, accumulators,
# VMEM, CMEM, SMEM per core; then HBM bytes, HBM B/s, bf16/int8/fp8/int4
# ops/s per chip, divided by the physical cores where JAX divides them
# (its table's `// tensor_cores_per_chip`), and the SparseCore figures.
_TABLE = {
    "v2": (2, 8, 128, 1, 0, 16 * _MiB, 0, 16 * 1024, (16_000_000_000, 7.16e11, 4.6e13, 0, 0, 0), True, None),
    "v3": (3, 8, 128, 2, 0, 16 * _MiB, 0, 16 * 1024, (34_400_000_000, 8.25e11, 1.40e14, 0, 0, 0), True, None),
    "v4i": (4, 8, 128, 4, 0, 16 * _MiB, 134_000_000, _MiB, (8_590_000_000, 6.14e11, 1.37e14, 0, 0, 0), False, None),
    "v4": (4, 8, 128, 4, 0, 16 * _MiB, 134_000_000, _MiB, (34_400_000_000, 1.23e12, 2.75e14, 0, 0, 0), True, None),
    "v5e": (5, 8, 128, 4, 0, 128 * _MiB, 0, _MiB, (17_200_000_000, 8.20e11, 1.97e14, 3.94e14, 0, 7.88e14), False, None),
    "v5p": (5, 8, 128, 4, 0, 64 * _MiB, 0, _MiB, (103_000_000_000, 2.46e12, 4.59e14, 9.18e14, 0, 1.84e15), True,
            (4, 16, 8, 512 * 1024, 32)),
    "v6e": (6, 8, 256, 2, 0, 128 * _MiB, 0, _MiB, (34_400_000_000, 1.64e12, 9.20e14, 1.84e15, 9.20e14, 3.68e15), False,
            (2, 16, 8, 256 * 1024, 32)),
    "7": (7, 8, 256, 2, 128, 64 * _MiB, 0, _MiB, (206_000_000_000, 7.40e12, 2.31e15, 0, 4.60e15, 0), True,
          (2, 16, 16, 512 * 1024, 32)),
    "8i": (8, 8, 256, 2, 256, 192 * _MiB, 0, _MiB, (309_000_000_000, 8.60e12, 1.101e15, 0, 8.808e15, 0), True,
           (1, 4, 16, 512 * 1024, 64)),
    "8t": (8, 16, 256, 2, 256, 128 * _MiB, 0, _MiB,
           (231_000_000_000, 6.4e12, 0.9961e15, 0.9961e15, 5.9769e15, 11.9538e15), True,
           (2, 16, 16, 256 * 1024, 64)),
}
_TABLE["7x"] = _TABLE["7"]


def _get_tpu_info_impl(chip_version, num_cores):
    row = _TABLE.get(chip_version.value)
    if row is None:
        raise ValueError(f"Unsupported TPU chip version: {chip_version}")
    gen, sublanes, mxu_cols, mxus, accs, vmem, cmem, smem, per_chip, divided, sc = row
    cores = chip_version.num_physical_tensor_cores_per_chip if divided else 1
    hbm, bw, bf16, int8, fp8, int4 = per_chip
    if chip_version.value == "v4":
        cmem = cmem // cores
    return TpuInfo(
        chip_version=chip_version, generation=gen, num_cores=num_cores, num_lanes=128,
        num_sublanes=sublanes, mxu_column_size=mxu_cols, num_mxus=mxus, num_accumulators=accs,
        vmem_capacity_bytes=vmem, cmem_capacity_bytes=cmem, smem_capacity_bytes=smem,
        hbm_capacity_bytes=int(hbm // cores), mem_bw_bytes_per_second=int(bw // cores),
        bf16_ops_per_second=int(bf16 // cores), int8_ops_per_second=int(int8 // cores),
        fp8_ops_per_second=int(fp8 // cores), int4_ops_per_second=int(int4 // cores),
        sparse_core=None if sc is None else SparseCoreInfo(
            num_cores=sc[0], num_subcores=sc[1], num_lanes=sc[2], vmem_capacity_bytes=sc[3],
            dma_granule_size_bytes=sc[4]))


registry = {}


def get_device_kind():
    return jax.devices()[0].device_kind


def get_num_device_cores():
    return getattr(jax.devices()[0], "num_cores", 1)


def is_tpu_device():
    return chip_version_from_device_kind(get_device_kind()) is not None


def get_tpu_info():
    device_kind = get_device_kind()
    chip_version = chip_version_from_device_kind(device_kind)
    if chip_version is None:
        if device_kind in registry:
            return registry[device_kind]()
        _unsupported_kind(device_kind)
    return _get_tpu_info_impl(chip_version, get_num_device_cores())


def get_tpu_info_for_chip(chip_version, num_tensor_cores_per_logical_device):
    if (chip_version.is_lite or chip_version.value in ("v2", "v3", "7", "7x", "8i", "8t")) and \
            num_tensor_cores_per_logical_device != 1:
        raise ValueError(
            "Lite chips, single core chips, and dual-core chips that do not support"
            " Megacore must have num_tensor_cores_per_logical_device=1, but got"
            f" {num_tensor_cores_per_logical_device}.")
    return _get_tpu_info_impl(chip_version, num_tensor_cores_per_logical_device)


class Tiling(enum.Enum):
    COMPACT = 1
    SPARSE_CORE = 2

    @property
    def shape(self):
        return (8, 128) if self is Tiling.COMPACT else (8,)


def _get_tiling_factor(src, max_tiling, packing):
    tiling = (1 + int(get_tpu_info().generation < 4)) * packing
    while tiling < min(src, max_tiling):
        tiling *= 2
    return tiling


def infer_tiling(ty, tiling=None):
    shape = ty.shape
    if not hasattr(ty, "dtype"):
        return (None,) * len(shape)
    packing = 8 if _jnp.dtype(ty.dtype).name == "int4" else 4 // _jnp.dtype(ty.dtype).itemsize
    if tiling is None:
        tiling = Tiling.COMPACT
    tiling_rank = len(tiling.shape)
    if len(shape) == 1 and tiling == Tiling.COMPACT:
        return ((1 + int(get_tpu_info().generation < 4)) * packing * tiling.shape[1],)
    if len(shape) < tiling_rank:
        raise ValueError(f"Shape must have at least {tiling_rank} dimensions: {shape=}")
    leading = len(shape) - tiling_rank
    if tiling == Tiling.COMPACT:
        factor = _get_tiling_factor(shape[-2], tiling.shape[0], packing)
        return (*(1,) * leading, factor, tiling.shape[1])
    return (*(1,) * leading, tiling.shape[0] * packing)
)PY";

// _unsupported_kind(kind): JAX's refusal of a device kind its table lacks.
Value unsupported_kind(python::Interpreter& ip, python::CallArgs& call) {
  raise(ErrorId::tpu_info_unsupported_kind, call.where, ip.str(call.positional.at(0)));
}

}  // namespace

void register_tpu_info_module() {
  python::Interpreter::register_module("jax._src.tpu_info", [](python::Interpreter& ip) {
    return ip.define_generated_module("jax._src.tpu_info", kTpuInfoSource,
                                      {{"_unsupported_kind", python::make_builtin("_unsupported_kind", unsupported_kind)}});
  });
  // JAX's forwarding shim under its older name.
  python::Interpreter::register_module("jax._src.pallas.mosaic.tpu_info", [](python::Interpreter& ip) {
    return ip.import_module("jax._src.tpu_info", {});
  });
}

}  // namespace rungs::pallas
