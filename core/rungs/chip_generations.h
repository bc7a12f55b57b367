// The chip model's (rung 3) table of TPU generations: what each chip has
// that changes a compile check, the VMEM budget, the grid split or the
// roofline estimate.
//
// Every number carries its provenance in `sources`: "tpu_info" marks facts
// from jax/_src/tpu_info.py as quoted in SEMANTICS 5.3 (VMEM, SMEM,
// TensorCores, megacore, sublanes x lanes); "spec" marks public per-chip
// figures from Google Cloud's TPU pages (HBM bandwidth, peak bf16
// throughput), which the model uses but does not verify; "assumed" marks
// the model's own choices (the default scoped VMEM limit, which is an
// XLA/libtpu flag not stated in JAX; the f32 matmul peak; anything for
// chips without public figures). The web views print these marks next to
// every estimate the model makes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rungs::exec {

struct ChipGeneration {
  const char* name;             // the ChipSettings / --params "generation" key: "v5e"
  const char* display;          // "TPU v5e"
  int generation;               // tpu_info's generation number (tiling rules depend on it)
  int64_t vmem_bytes;           // per TensorCore (tpu_info)
  int64_t smem_bytes;           // per TensorCore (tpu_info)
  int tensor_cores;             // physical TensorCores per chip (tpu_info)
  bool megacore;                // both TensorCores form one JAX device (v4, v5p)
  int sublanes, lanes;          // vreg shape (tpu_info)
  int64_t default_scoped_vmem;  // bytes; assumed (see sources)
  double hbm_bytes_per_s;       // per chip
  double peak_bf16_flops;       // per chip, MXU, dense
  double peak_f32_flops;        // per chip, MXU at precision=HIGHEST (assumed: bf16 / 6 passes)
  double ici_bytes_per_s;       // per chip, every ICI link together (public Gbit/s figure / 8)
  const char* sources;          // which numbers come from where
};

// All generations, oldest first.
const std::vector<ChipGeneration>& chip_generations();
// The entry for a name (case-insensitive; "tpu7x"/"v7x"/"7x" alias); raises
// ValueError chip_unknown_generation listing the known names.
const ChipGeneration& chip_generation(const std::string& name);

// Per JAX device: a megacore chip is one device with all its cores; other
// multi-core chips (v2, v3, TPU7x, TPU8i) expose each TensorCore as its own
// device, so a kernel sees 1/tensor_cores of the chip's HBM bandwidth and
// peak (assumed even split).
int device_cores(const ChipGeneration& g);          // TensorCores one pallas_call can use
double device_fraction(const ChipGeneration& g);    // share of the chip's bandwidth/peak per device

// Sublane tiling of a dtype of `bit_width` bits in VMEM (tpu_info's
// get_sublane_tiling, SEMANTICS 5.1): before generation 7, 8 rows for 16-
// and 32-bit types and 8 * (32 / bits) for narrower ones; from 7 on,
// 8 * (32 / bits) for every type (bf16 -> 16, int8 -> 32).
int sublane_tiling(const ChipGeneration& g, int bit_width);

// "16.00M", "1.00K", "512B": tsl's HumanReadableNumBytes, as XLA prints
// sizes in its out-of-memory messages.
std::string human_bytes(int64_t bytes);

}  // namespace rungs::exec
