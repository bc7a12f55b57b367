// numpy.random's bit generators and samplers against values real NumPy
// (1.24) produced: MT19937 with both seedings, SeedSequence's hashing,
// PCG64's raw words, the ziggurat's tables and normals, and the bounded
// integer samplers; then the module end to end through the interpreter.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/jax/numpy_bitgen_mt19937.h"
#include "core/jax/numpy_bitgen_pcg64.h"
#include "core/jax/numpy_distributions.h"

#include "tests/core/jax/module_test_util.h"

namespace rungs::jax::nprandom {
namespace {

Pcg64 pcg64_from(uint64_t seed) { return Pcg64(SeedSequence(SeedSequence::words_of(seed))); }

TEST(NumpyRandomMt19937, FirstWordsOfIntSeeds) {
  Mt19937 ref(5489);  // the reference code's default seed
  EXPECT_EQ(ref.next_uint32(), 3499211612U);
  Mt19937 m(0);  // np.random.RandomState(0).randint(0, 2**32, 3)
  EXPECT_EQ(m.next_uint32(), 2357136044U);
  EXPECT_EQ(m.next_uint32(), 2546248239U);
  EXPECT_EQ(m.next_uint32(), 3071714933U);
}

TEST(NumpyRandomMt19937, DoublesAndArraySeeds) {
  Mt19937 m(0);
  EXPECT_EQ(m.next_double(), 0.5488135039273248);  // np.random.seed(0); np.random.random()
  Mt19937 a;
  a.seed_array({1, 2, 3});
  EXPECT_EQ(a.next_double(), 0.6098612722867289);  // RandomState([1, 2, 3]).random_sample()
}

TEST(NumpyRandomMt19937, LegacyGaussKeepsTheSecondValue) {
  Mt19937 m(0);
  LegacyGauss cache;
  EXPECT_EQ(legacy_gauss(m, cache), 1.764052345967664);  // np.random.seed(0); randn(3)
  EXPECT_TRUE(cache.has);
  EXPECT_EQ(legacy_gauss(m, cache), 0.4001572083672233);
  EXPECT_FALSE(cache.has);
  EXPECT_EQ(legacy_gauss(m, cache), 0.9787379841057392);
}

TEST(NumpyRandomSeedSequence, PoolAndState) {
  SeedSequence s(SeedSequence::words_of(0));
  EXPECT_EQ(s.generate_state32(4), (std::vector<uint32_t>{2968811710U, 3677149159U, 745650761U, 2884920346U}));
  EXPECT_EQ(SeedSequence::words_of(0), std::vector<uint32_t>{0});
  EXPECT_EQ(SeedSequence::words_of((1ULL << 40) + 7), (std::vector<uint32_t>{7, 256}));
}

TEST(NumpyRandomPcg64, RawWordsAndDoubles) {
  Pcg64 p = pcg64_from(0);  // np.random.PCG64(0).random_raw(2)
  EXPECT_EQ(p.next_uint64(), 11749869230777074271ULL);
  EXPECT_EQ(p.next_uint64(), 4976686463289251617ULL);
  EXPECT_EQ(pcg64_from(12345).next_uint64(), 4193609425186963869ULL);
  Pcg64 q = pcg64_from(0);
  EXPECT_EQ(q.next_double(), 0.6369616873214543);  // default_rng(0).random()
  // 32-bit draws are the low then the high half of one 64-bit word.
  Pcg64 r = pcg64_from(0);
  EXPECT_EQ(r.next_uint32(), static_cast<uint32_t>(11749869230777074271ULL));
  EXPECT_EQ(r.next_uint32(), static_cast<uint32_t>(11749869230777074271ULL >> 32));
}

TEST(NumpyRandomZiggurat, TablesFollowTheConstruction) {
  const ZigguratTables& z = ziggurat_tables();
  EXPECT_EQ(z.k[1], 0U);  // the top layer never accepts at once
  EXPECT_EQ(z.k_f[1], 0U);
  EXPECT_DOUBLE_EQ(z.w[255] * 4503599627370496.0, 3.6541528853610088);
  EXPECT_EQ(z.f[0], 1.0);
  // NumPy's float32 widths, e.g. layer 0's and 12's (read back from its samplers).
  EXPECT_EQ(z.w_f[0], 4.6619868498964934e-07f);
  EXPECT_EQ(z.w_f[12], 6.763198712178564e-08f);
  for (int i = 2; i < 256; ++i) EXPECT_GT(z.k[i], z.k[i - 1] / 2) << i;
}

TEST(NumpyRandomZiggurat, NormalsMatchNumpy) {
  Pcg64 f = pcg64_from(0);  // default_rng(0).standard_normal(3, dtype=np.float32)
  EXPECT_EQ(ziggurat_normal_f(f), 1.1176220178604126f);
  EXPECT_EQ(ziggurat_normal_f(f), -1.3871248960494995f);
  EXPECT_EQ(ziggurat_normal_f(f), -0.4265716075897217f);
  // Float64: equal to NumPy's after rounding to float32 (the engine's
  // storage); the double tables differ from NumPy's in their last bits.
  Pcg64 d = pcg64_from(0);
  const double want[] = {0.1257302210933933, -0.1321048632913019, 0.6404226504432821};
  for (double w : want) {
    double got = ziggurat_normal(d);
    EXPECT_EQ(static_cast<float>(got), static_cast<float>(w));
    EXPECT_NEAR(got, w, 1e-13 * std::fabs(w));
  }
}

TEST(NumpyRandomBounded, MaskedAndLemire) {
  Mt19937 m(0);  // RandomState(0).randint(0, 10, 5)
  std::vector<uint64_t> legacy;
  for (int i = 0; i < 5; ++i) legacy.push_back(bounded_masked(m, 9));
  EXPECT_EQ(legacy, (std::vector<uint64_t>{5, 0, 3, 3, 7}));
  Pcg64 p = pcg64_from(0);  // default_rng(0).integers(0, 10, 5)
  std::vector<uint64_t> lemire;
  for (int i = 0; i < 5; ++i) lemire.push_back(bounded_lemire(p, 9));
  EXPECT_EQ(lemire, (std::vector<uint64_t>{8, 6, 5, 2, 3}));
  Pcg64 wide = pcg64_from(0);  // default_rng(0).integers(0, 2**40, 1)
  EXPECT_EQ(bounded_lemire(wide, (1ULL << 40) - 1), 700346781657ULL);
  Mt19937 m2(0);  // RandomState(0).randint(0, 2**40, 1)
  EXPECT_EQ(bounded_masked(m2, (1ULL << 40) - 1), 741280623151ULL);
}

TEST(NumpyRandomBounded, BytesComeFromPiecesOfWords) {
  Mt19937 m(0);  // np.random.seed(0); randint(0, 256, 4, dtype=np.uint8)
  SmallDraws pieces;
  std::vector<uint64_t> bytes;
  for (int i = 0; i < 4; ++i) bytes.push_back(bounded_small(m, 255, 8, false, pieces));
  EXPECT_EQ(bytes, (std::vector<uint64_t>{172, 10, 127, 140}));
  Mt19937 first(0);  // the four bytes are one 32-bit word, low byte first
  EXPECT_EQ(first.next_uint32(), 172U | 10U << 8 | 127U << 16 | 140U << 24);
}

TEST(NumpyRandomModule, LegacyAndGenerator) {
  EXPECT_EQ(moduletest::run("import numpy as np\nnp.random.seed(0)\nprint(np.random.randn(), np.random.rand(2).shape)\n"),
            "1.764052345967664 (2,)\n");
  EXPECT_EQ(moduletest::run("import numpy as np\nprint(np.random.default_rng(0).integers(0, 10, 5).tolist())\n"),
            "[8, 6, 5, 2, 3]\n");
  EXPECT_EQ(moduletest::run("import numpy as np\nprint(np.random.RandomState(0).permutation(10).tolist())\n"),
            "[2, 8, 4, 9, 1, 6, 7, 3, 0, 5]\n");
  EXPECT_EQ(moduletest::run("import numpy as np\nprint(np.random.default_rng(0).permutation(10).tolist())\n"),
            "[4, 6, 2, 7, 3, 5, 9, 0, 8, 1]\n");
  EXPECT_EQ(moduletest::run("import numpy as np\nprint(np.random.default_rng(0).choice(10, 5, replace=False).tolist())\n"),
            "[4, 7, 2, 3, 5]\n");
}

TEST(NumpyRandomModule, Errors) {
  EXPECT_EQ(moduletest::error_of("import numpy as np\nnp.random.randint(3, 3)\n"), "ValueError: low >= high");
  EXPECT_EQ(moduletest::error_of("import numpy as np\nnp.random.default_rng(1).choice(3, p=[0.5, 0.6, 0.1])\n"),
            "ValueError: probabilities do not sum to 1");
}

}  // namespace
}  // namespace rungs::jax::nprandom
