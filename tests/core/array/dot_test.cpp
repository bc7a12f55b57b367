// dot_general against a naive triple loop in double precision, on random
// data and on the awkward sizes that exercise the kernel's edge tiles.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::array {
namespace {

Array random_f32(Shape s, uint32_t seed) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<float> u(-1, 1);
  std::vector<double> v(static_cast<size_t>(num_elements(s)));
  for (double& x : v) x = u(g);
  return Array::from_doubles(DType::Float32, s, v);
}

// C[m, n] = sum_k A[m, k] B[k, n] in double.
std::vector<double> naive(const Array& a, const Array& b, int64_t m, int64_t k, int64_t n) {
  std::vector<double> c(static_cast<size_t>(m * n), 0.0);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t p = 0; p < k; ++p)
      for (int64_t j = 0; j < n; ++j) c[static_cast<size_t>(i * n + j)] += a.get_double(i * k + p) * b.get_double(p * n + j);
  return c;
}

void expect_close(const Array& got, const std::vector<double>& want, double tol) {
  ASSERT_EQ(got.size(), static_cast<int64_t>(want.size()));
  for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(got.get_double(static_cast<int64_t>(i)), want[i], tol) << i;
}

TEST(DotTest, MatmulMatchesNaiveOnOddSizes) {
  const int64_t sizes[][3] = {{1, 1, 1}, {7, 13, 5}, {129, 257, 65}, {4, 8, 8}, {5, 300, 9}, {64, 1, 33}};
  uint32_t seed = 1;
  for (auto& s : sizes) {
    const int64_t m = s[0], k = s[1], n = s[2];
    Array a = random_f32({m, k}, seed++), b = random_f32({k, n}, seed++);
    Array c = dot_general(a, b, DotDims{{1}, {0}, {}, {}});
    EXPECT_EQ(c.shape(), (Shape{m, n}));
    expect_close(c, naive(a, b, m, k, n), 1e-4 * std::sqrt(static_cast<double>(k)));
  }
}

TEST(DotTest, MatmulKernelAccumulates) {
  Array a = random_f32({3, 4}, 7), b = random_f32({4, 5}, 8);
  std::vector<float> c(15, 1.0f);
  matmul_f32(a.data<float>(), b.data<float>(), c.data(), 3, 4, 5, true);
  std::vector<double> want = naive(a, b, 3, 4, 5);
  for (size_t i = 0; i < 15; ++i) EXPECT_NEAR(c[i], want[i] + 1.0, 1e-5);
}

TEST(DotTest, BatchAndTransposedContractions) {
  // lhs (b=2, k=3, m=4), rhs (n=5, b=2, k=3): contract k, batch b.
  Array lhs = random_f32({2, 3, 4}, 11), rhs = random_f32({5, 2, 3}, 12);
  Array out = dot_general(lhs, rhs, DotDims{{1}, {2}, {0}, {1}});
  EXPECT_EQ(out.shape(), (Shape{2, 4, 5}));
  for (int64_t q = 0; q < 2; ++q)
    for (int64_t i = 0; i < 4; ++i)
      for (int64_t j = 0; j < 5; ++j) {
        double acc = 0;
        for (int64_t p = 0; p < 3; ++p) acc += lhs.get_double(q * 12 + p * 4 + i) * rhs.get_double(j * 6 + q * 3 + p);
        EXPECT_NEAR(out.get_double(q * 20 + i * 5 + j), acc, 1e-5);
      }
  // Vector dot product: contract everything.
  Array v = Array::from_doubles(DType::Float32, {3}, {1, 2, 3});
  EXPECT_EQ(dot_general(v, v, DotDims{{0}, {0}, {}, {}}).get_double(0), 14.0);
  // Outer product: contract nothing.
  EXPECT_EQ(dot_general(v, v, DotDims{}).shape(), (Shape{3, 3}));
}

TEST(DotTest, DtypesAndPreferredElementType) {
  Array a = Array::from_ints(DType::Int8, {1, 2}, {100, 100});
  Array b = Array::from_ints(DType::Int8, {2, 1}, {2, 1});
  EXPECT_EQ(dot_general(a, b, DotDims{{1}, {0}, {}, {}}).get_int(0), 44);  // 300 wraps in int8
  Array wide = dot_general(a, b, DotDims{{1}, {0}, {}, {}}, DType::Int32);
  EXPECT_EQ(wide.dtype(), DType::Int32);
  EXPECT_EQ(wide.get_int(0), 300);
  Array h = Array::from_doubles(DType::BFloat16, {1, 3}, {1, 1, 1});
  Array g = Array::from_doubles(DType::BFloat16, {3, 1}, {256, 1, 1});
  Array r = dot_general(h, g, DotDims{{1}, {0}, {}, {}});
  EXPECT_EQ(r.dtype(), DType::BFloat16);
  EXPECT_EQ(r.get_double(0), 258.0);  // f32 accumulation, one rounding to bf16
  EXPECT_EQ(dot_general(h, g, DotDims{{1}, {0}, {}, {}}, DType::Float32).get_double(0), 258.0);
  Array mixed = dot_general(Array::from_doubles(DType::Float32, {1, 1}, {2}), Array::from_ints(DType::Int32, {1, 1}, {3}),
                            DotDims{{1}, {0}, {}, {}});
  EXPECT_EQ(mixed.dtype(), DType::Float32);
  EXPECT_EQ(mixed.get_double(0), 6.0);
  Array t = Array::from_bools({1, 2}, {true, false});
  Array u = Array::from_bools({2, 1}, {false, true});
  EXPECT_EQ(dot_general(t, u, DotDims{{1}, {0}, {}, {}}).get_int(0), 0);
}

TEST(DotTest, ShapeErrorsUseJaxText) {
  Array a = random_f32({2, 3}, 1), b = random_f32({4, 5}, 2);
  try {
    dot_general(a, b, DotDims{{1}, {0}, {}, {}});
    FAIL();
  } catch (const EngineError& e) {
    EXPECT_EQ(e.type, "TypeError");
    EXPECT_EQ(e.message, "dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).");
  }
  try {
    dot_general(random_f32({2, 3}, 1), random_f32({4, 3}, 2), DotDims{{1}, {1}, {0}, {0}});
    FAIL();
  } catch (const EngineError& e) {
    EXPECT_EQ(e.message,
              "dot_general requires lhs batch dimensions and rhs batch dimensions to have the same shape, got "
              "(2,) and (4,).");
  }
  try {
    dot_general(Array::zeros(DType::Int8, {2}), Array::zeros(DType::Bool, {2}), DotDims{{0}, {0}, {}, {}});
    FAIL();
  } catch (const EngineError& e) {
    EXPECT_EQ(e.message, "lax.dot_general argument type error: int8, bool");
  }
}

}  // namespace
}  // namespace rungs::array
