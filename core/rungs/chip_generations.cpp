// The generation table. Edit numbers here only, and keep `sources` honest.
#include "core/rungs/chip_generations.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "core/errors/error.h"

namespace rungs::exec {

namespace {
constexpr int64_t KiB = 1024, MiB = 1024 * 1024;

// Provenance strings, shared by rows with the same story.
constexpr const char* kSpec =
    "VMEM, SMEM, TensorCores, megacore, sublanes x lanes: tpu_info (SEMANTICS 5.3); "
    "HBM bandwidth, peak bf16: public Cloud TPU figures (spec); default scoped VMEM 16M: assumed "
    "(an XLA flag, not stated in JAX); peak f32 = bf16 / 6: assumed; ICI bandwidth: public per-chip figure "
    "(v4i: none)";
constexpr const char* kSpec32 =
    "VMEM, SMEM, TensorCores, megacore, sublanes x lanes: tpu_info (SEMANTICS 5.3); "
    "HBM bandwidth, peak bf16: public Cloud TPU figures (spec); default scoped VMEM 32M: assumed "
    "(third-party report cited in SEMANTICS 5.3: 32 MiB on v6e/TPU7x); peak f32 = bf16 / 6: assumed; "
    "ICI bandwidth: public per-chip figure";
constexpr const char* kFuture =
    "VMEM, SMEM, TensorCores, sublanes x lanes: tpu_info (SEMANTICS 5.3); HBM bandwidth and peaks: "
    "assumed equal to TPU7x (no public figures); default scoped VMEM 32M: assumed; ICI: assumed equal to TPU7x";
}  // namespace

const std::vector<ChipGeneration>& chip_generations() {
  //  name     display    gen  VMEM       SMEM      TCs mega  sub lanes scoped   HBM B/s   bf16 flop/s  f32 flop/s  ICI B/s
  static const std::vector<ChipGeneration> table = {
      {"v2", "TPU v2", 2, 16 * MiB, 16 * KiB, 2, false, 8, 128, 16 * MiB, 600e9, 45e12, 45e12 / 6, 496e9 / 8, kSpec},
      {"v3", "TPU v3", 3, 16 * MiB, 16 * KiB, 2, false, 8, 128, 16 * MiB, 900e9, 123e12, 123e12 / 6, 656e9 / 8, kSpec},
      {"v4i", "TPU v4 lite", 4, 16 * MiB, 1 * MiB, 1, false, 8, 128, 16 * MiB, 614e9, 138e12, 138e12 / 6, 0e9 / 8, kSpec},
      {"v4", "TPU v4", 4, 16 * MiB, 1 * MiB, 2, true, 8, 128, 16 * MiB, 1200e9, 275e12, 275e12 / 6, 2400e9 / 8, kSpec},
      {"v5e", "TPU v5e", 5, 128 * MiB, 1 * MiB, 1, false, 8, 128, 16 * MiB, 819e9, 197e12, 197e12 / 6, 1600e9 / 8, kSpec},
      {"v5p", "TPU v5p", 5, 64 * MiB, 1 * MiB, 2, true, 8, 128, 16 * MiB, 2765e9, 459e12, 459e12 / 6, 4800e9 / 8, kSpec},
      {"v6e", "TPU v6e", 6, 128 * MiB, 1 * MiB, 1, false, 8, 128, 32 * MiB, 1640e9, 918e12, 918e12 / 6, 3584e9 / 8, kSpec32},
      {"tpu7x", "TPU7x", 7, 64 * MiB, 1 * MiB, 2, false, 8, 128, 32 * MiB, 7380e9, 2307e12, 2307e12 / 6, 9600e9 / 8, kSpec32},
      {"tpu8i", "TPU8i", 8, 192 * MiB, 1 * MiB, 2, false, 8, 128, 32 * MiB, 7380e9, 2307e12, 2307e12 / 6, 9600e9 / 8, kFuture},
      {"tpu8t", "TPU8t", 8, 128 * MiB, 1 * MiB, 1, false, 16, 128, 32 * MiB, 7380e9, 2307e12, 2307e12 / 6, 9600e9 / 8, kFuture},
  };
  return table;
}

const ChipGeneration& chip_generation(const std::string& name) {
  std::string key;
  for (char c : name) key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (key.rfind("tpu ", 0) == 0) key = key.substr(4);
  if (key == "v7x" || key == "7x" || key == "tpu7" || key == "v7") key = "tpu7x";
  if (key == "v8i") key = "tpu8i";
  if (key == "v8t") key = "tpu8t";
  if (key == "v5litepod" || key == "v5lite") key = "v5e";
  if (key == "v4lite") key = "v4i";
  for (const ChipGeneration& g : chip_generations())
    if (key == g.name) return g;
  std::string known;
  for (const ChipGeneration& g : chip_generations()) known += (known.empty() ? "" : ", ") + std::string(g.name);
  raise_here(ErrorId::chip_unknown_generation, name, known);
}

int device_cores(const ChipGeneration& g) { return g.megacore ? g.tensor_cores : 1; }

double device_fraction(const ChipGeneration& g) {
  return g.megacore ? 1.0 : 1.0 / static_cast<double>(g.tensor_cores);
}

int sublane_tiling(const ChipGeneration& g, int bit_width) {
  int packing = bit_width >= 32 ? 1 : 32 / bit_width;
  if (g.generation < 7) return bit_width >= 16 ? 8 : 8 * packing;
  return 8 * packing;
}

std::string human_bytes(int64_t bytes) {
  if (bytes < 1024) return std::to_string(bytes) + "B";
  const char units[] = {'K', 'M', 'G', 'T', 'P'};
  double v = static_cast<double>(bytes) / 1024.0;
  int u = 0;
  while (v >= 1024.0 && u < 4) {
    v /= 1024.0;
    ++u;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f%c", v, units[u]);
  return buf;
}

}  // namespace rungs::exec
