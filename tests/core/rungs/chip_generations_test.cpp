// The chip model's generation table: tpu_info's facts as SEMANTICS 5.3
// quotes them, aliases, the unknown-name error, per-device shares, sublane
// tiling per generation, and XLA-style byte sizes.
#include <gtest/gtest.h>

#include "core/errors/error.h"
#include "core/rungs/chip_generations.h"

namespace rungs::exec {
namespace {

constexpr int64_t KiB = 1024, MiB = 1024 * 1024;

TEST(ChipGenerationsTest, TpuInfoFactsMatchSemantics) {
  struct Row {
    const char* name;
    int64_t vmem, smem;
    int cores;
    bool megacore;
    int sublanes;
  };
  const Row rows[] = {{"v2", 16 * MiB, 16 * KiB, 2, false, 8},   {"v3", 16 * MiB, 16 * KiB, 2, false, 8},
                      {"v4i", 16 * MiB, 1 * MiB, 1, false, 8},   {"v4", 16 * MiB, 1 * MiB, 2, true, 8},
                      {"v5e", 128 * MiB, 1 * MiB, 1, false, 8},  {"v5p", 64 * MiB, 1 * MiB, 2, true, 8},
                      {"v6e", 128 * MiB, 1 * MiB, 1, false, 8},  {"tpu7x", 64 * MiB, 1 * MiB, 2, false, 8},
                      {"tpu8i", 192 * MiB, 1 * MiB, 2, false, 8}, {"tpu8t", 128 * MiB, 1 * MiB, 1, false, 16}};
  ASSERT_EQ(chip_generations().size(), std::size(rows));
  for (const Row& r : rows) {
    const ChipGeneration& g = chip_generation(r.name);
    EXPECT_EQ(g.vmem_bytes, r.vmem) << r.name;
    EXPECT_EQ(g.smem_bytes, r.smem) << r.name;
    EXPECT_EQ(g.tensor_cores, r.cores) << r.name;
    EXPECT_EQ(g.megacore, r.megacore) << r.name;
    EXPECT_EQ(g.sublanes, r.sublanes) << r.name;
    EXPECT_EQ(g.lanes, 128) << r.name;
    EXPECT_NE(std::string(g.sources).find("tpu_info"), std::string::npos) << r.name;
    EXPECT_NE(std::string(g.sources).find("assumed"), std::string::npos) << r.name;
    EXPECT_GT(g.hbm_bytes_per_s, 0) << r.name;
    EXPECT_GT(g.peak_bf16_flops, g.peak_f32_flops) << r.name;
  }
}

TEST(ChipGenerationsTest, AliasesAndUnknownNames) {
  EXPECT_STREQ(chip_generation("TPU7x").name, "tpu7x");
  EXPECT_STREQ(chip_generation("v7x").name, "tpu7x");
  EXPECT_STREQ(chip_generation("V5E").name, "v5e");
  EXPECT_STREQ(chip_generation("TPU v6e").name, "v6e");
  try {
    chip_generation("v9");
    FAIL() << "expected an error";
  } catch (const EngineError& e) {
    EXPECT_EQ(e.id, ErrorId::chip_unknown_generation);
    EXPECT_EQ(e.type, "ValueError");
    EXPECT_EQ(e.message,
              "unknown TPU generation 'v9' for the chip model (rung 3); known generations: v2, v3, v4i, v4, v5e, "
              "v5p, v6e, tpu7x, tpu8i, tpu8t");
  }
}

TEST(ChipGenerationsTest, DeviceShares) {
  EXPECT_EQ(device_cores(chip_generation("v5p")), 2);      // megacore: one device, two cores
  EXPECT_EQ(device_cores(chip_generation("tpu7x")), 1);    // each TensorCore is a device
  EXPECT_DOUBLE_EQ(device_fraction(chip_generation("tpu7x")), 0.5);
  EXPECT_DOUBLE_EQ(device_fraction(chip_generation("v4")), 1.0);
  EXPECT_DOUBLE_EQ(device_fraction(chip_generation("v5e")), 1.0);
}

TEST(ChipGenerationsTest, SublaneTilingByGeneration) {
  const ChipGeneration& v5e = chip_generation("v5e");
  const ChipGeneration& v7 = chip_generation("tpu7x");
  EXPECT_EQ(sublane_tiling(v5e, 32), 8);
  EXPECT_EQ(sublane_tiling(v5e, 16), 8);   // before generation 7: 8 rows for 16-bit types
  EXPECT_EQ(sublane_tiling(v5e, 8), 32);
  EXPECT_EQ(sublane_tiling(v7, 32), 8);
  EXPECT_EQ(sublane_tiling(v7, 16), 16);   // from 7 on: 8 * (32 / bits)
  EXPECT_EQ(sublane_tiling(v7, 8), 32);
}

TEST(ChipGenerationsTest, HumanReadableBytes) {
  EXPECT_EQ(human_bytes(0), "0B");
  EXPECT_EQ(human_bytes(1023), "1023B");
  EXPECT_EQ(human_bytes(1024), "1.00K");
  EXPECT_EQ(human_bytes(16 * MiB), "16.00M");
  EXPECT_EQ(human_bytes(64 * MiB), "64.00M");
  EXPECT_EQ(human_bytes(68210769), "65.05M");  // the size in jax-ml/jax#38988's message
  EXPECT_EQ(human_bytes(3 * 1024 * MiB), "3.00G");
}

}  // namespace
}  // namespace rungs::exec
