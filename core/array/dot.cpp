// lax.dot_general and the float32 matmul kernel under it. The kernel is the
// GotoBLAS scheme in portable C++: B is packed into KC x NR column panels, A
// into MC x KC blocks of MR-row panels (zero-padded at the edges), and a
// MR x NR micro-kernel keeps its tile of C in registers while streaming the
// packed panels. The micro-kernel's inner loop is `acc[i][j] += a * b[j]`
// over a fixed NR, which g++ -O3 (SSE/AVX) and emcc -msimd128 both turn into
// vector multiply-adds without intrinsics. dot_general reduces every case to
// batched (M, K) x (K, N) on contiguous operands.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

#include "core/array/dispatch.h"
#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::array {

using namespace detail;

namespace {

constexpr int kMR = 4;
constexpr int kNR = 8;
// K is taken in chunks of 128, the depth of one pass through a v5e matmul
// unit: each chunk's products are summed from zero in order, and the chunk
// sum is added to C. A Pallas kernel that walks K in 128-wide blocks
// (`z_ref[...] += x_ref[...] @ y_ref[...]`) adds the same chunk sums in the
// same order, so its output equals `x @ y` bit for bit -- which JAX's TPU
// matmul guide asserts with assert_array_equal.
constexpr int64_t kKC = 128;
constexpr int64_t kMC = 128;   // multiple of kMR
constexpr int64_t kNC = 2048;  // multiple of kNR

// Packs rows [0, mc) x cols [0, kc) of A (row stride lda) into MR-row
// panels: panel r holds a[r*MR + i][p] at ap[r*MR*kc + p*MR + i].
void pack_a(const float* a, int64_t lda, int64_t mc, int64_t kc, float* ap) {
  for (int64_t r = 0; r < mc; r += kMR) {
    const int64_t rows = std::min<int64_t>(kMR, mc - r);
    for (int64_t p = 0; p < kc; ++p) {
      float* dst = ap + p * kMR;
      for (int64_t i = 0; i < rows; ++i) dst[i] = a[(r + i) * lda + p];
      for (int64_t i = rows; i < kMR; ++i) dst[i] = 0.0f;
    }
    ap += kMR * kc;
  }
}

// Packs rows [0, kc) x cols [0, nc) of B (row stride ldb) into NR-column
// panels: panel c holds b[p][c*NR + j] at bp[c*NR*kc + p*NR + j].
void pack_b(const float* b, int64_t ldb, int64_t kc, int64_t nc, float* bp) {
  for (int64_t c = 0; c < nc; c += kNR) {
    const int64_t cols = std::min<int64_t>(kNR, nc - c);
    for (int64_t p = 0; p < kc; ++p) {
      float* dst = bp + p * kNR;
      const float* src = b + p * ldb + c;
      if (cols == kNR) {
        for (int j = 0; j < kNR; ++j) dst[j] = src[j];
      } else {
        for (int64_t j = 0; j < cols; ++j) dst[j] = src[j];
        for (int64_t j = cols; j < kNR; ++j) dst[j] = 0.0f;
      }
    }
    bp += kNR * kc;
  }
}

// C[0:mr, 0:nr] (+)= Apanel x Bpanel.
inline void micro_kernel(int64_t kc, const float* __restrict ap, const float* __restrict bp,
                         float* __restrict c, int64_t ldc, int64_t mr, int64_t nr, bool add) {
  float acc[kMR][kNR] = {};
#ifdef __wasm_simd128__
  // emcc does vectorise the portable loop below, but V8 runs that version at
  // a third of the speed of this one (16 against 47 GFLOP/s for a 1024^3
  // product on the reference machine): here the tile stays in 8 v128 values
  // and each A element is one load32_splat. The same multiplies and adds in
  // the same order, so the same bits as the native build.
  static_assert(kMR == 4 && kNR == 8, "the wasm micro-kernel is 4x8");
  v128_t c0[kMR], c1[kMR];
  for (int i = 0; i < kMR; ++i) c0[i] = c1[i] = wasm_f32x4_splat(0.0f);
  for (int64_t p = 0; p < kc; ++p) {
    const v128_t b0 = wasm_v128_load(bp + p * kNR), b1 = wasm_v128_load(bp + p * kNR + 4);
    for (int i = 0; i < kMR; ++i) {
      const v128_t av = wasm_v128_load32_splat(ap + p * kMR + i);
      c0[i] = wasm_f32x4_add(c0[i], wasm_f32x4_mul(av, b0));
      c1[i] = wasm_f32x4_add(c1[i], wasm_f32x4_mul(av, b1));
    }
  }
  for (int i = 0; i < kMR; ++i) {
    wasm_v128_store(&acc[i][0], c0[i]);
    wasm_v128_store(&acc[i][4], c1[i]);
  }
#else
  for (int64_t p = 0; p < kc; ++p) {
    const float* b = bp + p * kNR;
    const float* a = ap + p * kMR;
    for (int i = 0; i < kMR; ++i) {
      const float av = a[i];
      for (int j = 0; j < kNR; ++j) acc[i][j] += av * b[j];
    }
  }
#endif
  if (mr == kMR && nr == kNR) {
    for (int i = 0; i < kMR; ++i) {
      float* row = c + i * ldc;
      if (add) {
        for (int j = 0; j < kNR; ++j) row[j] += acc[i][j];
      } else {
        for (int j = 0; j < kNR; ++j) row[j] = acc[i][j];
      }
    }
    return;
  }
  for (int64_t i = 0; i < mr; ++i) {
    float* row = c + i * ldc;
    for (int64_t j = 0; j < nr; ++j) row[j] = add ? row[j] + acc[i][j] : acc[i][j];
  }
}

struct AlignedFree {
  void operator()(float* p) const { std::free(p); }
};
using Buffer = std::unique_ptr<float, AlignedFree>;

// The packing buffers, kept per thread and grown as needed: a kernel's dot
// runs once per grid step, and allocating and freeing them every time cost
// page faults and heap trims as well as the calls.
struct PackBuffers {
  Buffer a, b;
  int64_t a_size = 0, b_size = 0;
};
float* packing(Buffer& buf, int64_t& have, int64_t n) {
  if (n > have) {
    size_t bytes = static_cast<size_t>((n * 4 + 63) / 64 * 64);
    buf.reset(static_cast<float*>(std::aligned_alloc(64, std::max<size_t>(bytes, 64))));
    if (!buf) throw std::bad_alloc();
    have = n;
  }
  return buf.get();
}

}  // namespace

void matmul_f32(const float* a, const float* b, float* c, int64_t m, int64_t k, int64_t n, bool accumulate) {
  if (m == 0 || n == 0) return;
  if (k == 0) {
    if (!accumulate) std::fill(c, c + m * n, 0.0f);
    return;
  }
  const int64_t kc_max = std::min(k, kKC);
  const int64_t nc_max = std::min((n + kNR - 1) / kNR * kNR, kNC);
  const int64_t mc_max = std::min((m + kMR - 1) / kMR * kMR, kMC);
  thread_local PackBuffers packs;
  float* const bp = packing(packs.b, packs.b_size, kc_max * nc_max);
  float* const ap = packing(packs.a, packs.a_size, kc_max * mc_max);
  for (int64_t jc = 0; jc < n; jc += kNC) {
    const int64_t nc = std::min(kNC, n - jc);
    for (int64_t pc = 0; pc < k; pc += kKC) {
      const int64_t kc = std::min(kKC, k - pc);
      const bool add = accumulate || pc > 0;
      pack_b(b + pc * n + jc, n, kc, nc, bp);
      for (int64_t ic = 0; ic < m; ic += kMC) {
        const int64_t mc = std::min(kMC, m - ic);
        pack_a(a + ic * k + pc, k, mc, kc, ap);
        for (int64_t jr = 0; jr < nc; jr += kNR) {
          const int64_t nr = std::min<int64_t>(kNR, nc - jr);
          for (int64_t ir = 0; ir < mc; ir += kMR) {
            const int64_t mr = std::min<int64_t>(kMR, mc - ir);
            micro_kernel(kc, ap + ir * kc, bp + jr * kc, c + (ic + ir) * n + jc + jr, n, mr, nr,
                         add);
          }
        }
      }
    }
  }
}

namespace {

// lax's dot_general dtype rule (XLA's HigherPrecisionType): compare
// (max exponent, mantissa bits, bit width, signedness); a tie between
// different types is an error.
struct Precision {
  int maxexp, nmant, bits, is_signed;
  bool operator>(const Precision& o) const {
    if (maxexp != o.maxexp) return maxexp > o.maxexp;
    if (nmant != o.nmant) return nmant > o.nmant;
    if (bits != o.bits) return bits > o.bits;
    return is_signed > o.is_signed;
  }
};

Precision precision(DType t) {
  switch (t) {
    case DType::Float64: return {1024, 52, 64, 1};
    case DType::Float32: return {128, 23, 32, 1};
    case DType::BFloat16: return {128, 7, 16, 1};
    case DType::Float16: return {16, 10, 16, 1};
    default:
      if (is_narrow_float(t)) return {max_exponent(t), mantissa_bits(t), bit_width(t), 1};
      return {-1, -1, bit_width(t), is_unsigned_int(t) ? 0 : 1};
  }
}


void check_dims(const Array& lhs, const Array& rhs, const DotDims& d) {
  auto valid = [](const std::vector<int>& a, const std::vector<int>& b, int rank) {
    std::vector<int> all = a;
    all.insert(all.end(), b.begin(), b.end());
    for (int x : all) {
      if (x < 0 || x >= rank) return false;
    }
    std::sort(all.begin(), all.end());
    return std::adjacent_find(all.begin(), all.end()) == all.end();
  };
  const char* what = nullptr;
  if (d.lhs_contract.size() != d.rhs_contract.size()) what = "contracting";
  else if (d.lhs_batch.size() != d.rhs_batch.size()) what = "batch";
  else if (!valid(d.lhs_contract, d.lhs_batch, lhs.rank()) || !valid(d.rhs_contract, d.rhs_batch, rhs.rank())) {
    what = "contracting and batch";
  }
  if (what) {
    std::vector<int> l = d.lhs_contract, r = d.rhs_contract;
    l.insert(l.end(), d.lhs_batch.begin(), d.lhs_batch.end());
    r.insert(r.end(), d.rhs_batch.begin(), d.rhs_batch.end());
    raise_here(ErrorId::dot_dims_invalid, what, axes_str(l), axes_str(r), shape_str(lhs.shape()),
               shape_str(rhs.shape()));
  }
  auto sizes = [](const Array& x, const std::vector<int>& dims) {
    Shape s;
    for (int v : dims) s.push_back(x.shape()[static_cast<size_t>(v)]);
    return s;
  };
  if (sizes(lhs, d.lhs_batch) != sizes(rhs, d.rhs_batch)) {
    raise_here(ErrorId::dot_batch_mismatch, shape_str(sizes(lhs, d.lhs_batch)), shape_str(sizes(rhs, d.rhs_batch)));
  }
  if (sizes(lhs, d.lhs_contract) != sizes(rhs, d.rhs_contract)) {
    raise_here(ErrorId::dot_contract_mismatch, shape_str(sizes(lhs, d.lhs_contract)),
               shape_str(sizes(rhs, d.rhs_contract)));
  }
}

std::vector<int> free_dims(int rank, const std::vector<int>& a, const std::vector<int>& b) {
  std::vector<int> out;
  for (int i = 0; i < rank; ++i) {
    if (std::find(a.begin(), a.end(), i) == a.end() && std::find(b.begin(), b.end(), i) == b.end()) out.push_back(i);
  }
  return out;
}

// Integer matmul with wrap-around: C[b] = A[b] (M,K) x B[b] (K,N) in W.
template <typename C>
void int_matmul(const C* a, const C* b, C* c, int64_t batch, int64_t m, int64_t k, int64_t n) {
  using W = std::conditional_t<(sizeof(C) < 4), uint32_t, std::make_unsigned_t<C>>;
  std::vector<W> row(static_cast<size_t>(n));
  for (int64_t q = 0; q < batch; ++q) {
    const C* aq = a + q * m * k;
    const C* bq = b + q * k * n;
    C* cq = c + q * m * n;
    for (int64_t i = 0; i < m; ++i) {
      std::fill(row.begin(), row.end(), W(0));
      for (int64_t p = 0; p < k; ++p) {
        const W av = static_cast<W>(aq[i * k + p]);
        const C* brow = bq + p * n;
        for (int64_t j = 0; j < n; ++j) row[static_cast<size_t>(j)] += av * static_cast<W>(brow[j]);
      }
      for (int64_t j = 0; j < n; ++j) cq[i * n + j] = static_cast<C>(row[static_cast<size_t>(j)]);
    }
  }
}

// NumPy's float64 matmul (no packing: references are small). Each output
// accumulates over k in order, as a plain BLAS loop would.
void double_matmul(const double* a, const double* b, double* c, int64_t batch, int64_t m, int64_t k, int64_t n) {
  for (int64_t q = 0; q < batch; ++q) {
    const double* aq = a + q * m * k;
    const double* bq = b + q * k * n;
    double* cq = c + q * m * n;
    std::fill(cq, cq + m * n, 0.0);
    for (int64_t i = 0; i < m; ++i)
      for (int64_t p = 0; p < k; ++p) {
        const double av = aq[i * k + p];
        const double* brow = bq + p * n;
        for (int64_t j = 0; j < n; ++j) cq[i * n + j] += av * brow[j];
      }
  }
}

}  // namespace

DType dot_result_dtype(DType l, DType r, std::optional<DType> preferred) {
  DType result;
  Precision pl = precision(l), pr = precision(r);
  if (pl > pr) result = l;
  else if (pr > pl) result = r;
  else if (l != r) raise_here(ErrorId::dot_dtype_mismatch, dtype_name(l), dtype_name(r));
  else result = l;
  if (!preferred || *preferred == result) return result;
  if (!is_float(result) && bit_width(*preferred) < bit_width(result)) {
    raise_here(ErrorId::dot_preferred_narrower, dtype_name(*preferred), dtype_name(result));
  }
  return *preferred;
}

Array dot_general(const Array& lhs, const Array& rhs, const DotDims& dims, std::optional<DType> preferred) {
  check_dims(lhs, rhs, dims);
  const DType out_dtype = dot_result_dtype(lhs.dtype(), rhs.dtype(), preferred);
  const std::vector<int> lfree = free_dims(lhs.rank(), dims.lhs_contract, dims.lhs_batch);
  const std::vector<int> rfree = free_dims(rhs.rank(), dims.rhs_contract, dims.rhs_batch);
  Shape out_shape;
  int64_t B = 1, M = 1, N = 1, K = 1;
  for (int d : dims.lhs_batch) {
    out_shape.push_back(lhs.shape()[static_cast<size_t>(d)]);
    B *= lhs.shape()[static_cast<size_t>(d)];
  }
  for (int d : lfree) {
    out_shape.push_back(lhs.shape()[static_cast<size_t>(d)]);
    M *= lhs.shape()[static_cast<size_t>(d)];
  }
  for (int d : rfree) {
    out_shape.push_back(rhs.shape()[static_cast<size_t>(d)]);
    N *= rhs.shape()[static_cast<size_t>(d)];
  }
  for (int d : dims.lhs_contract) K *= lhs.shape()[static_cast<size_t>(d)];
  // Bring both operands to (batch, rows, cols) row-major order.
  std::vector<int> lperm = dims.lhs_batch, rperm = dims.rhs_batch;
  lperm.insert(lperm.end(), lfree.begin(), lfree.end());
  lperm.insert(lperm.end(), dims.lhs_contract.begin(), dims.lhs_contract.end());
  rperm.insert(rperm.end(), dims.rhs_contract.begin(), dims.rhs_contract.end());
  rperm.insert(rperm.end(), rfree.begin(), rfree.end());
  const bool float_path = is_float(out_dtype) || is_float(lhs.dtype()) || is_float(rhs.dtype());
  const bool f64 = out_dtype == DType::Float64 || lhs.dtype() == DType::Float64 || rhs.dtype() == DType::Float64;
  const DType compute = f64 ? DType::Float64
                        : float_path ? DType::Float32
                        // sub-byte results accumulate in int32 and wrap once at the end
                        : is_bool(out_dtype) || bit_width(out_dtype) < 8 ? DType::Int32
                                                                         : out_dtype;
  Array l = transpose(convert(lhs, compute), lperm);
  Array r = transpose(convert(rhs, compute), rperm);
  Array out = Array::uninitialized(compute, out_shape);
  if (f64) {
    double_matmul(l.data<double>(), r.data<double>(), out.mutable_data<double>(), B, M, K, N);
  } else if (float_path) {
    const float* pa = l.data<float>();
    const float* pb = r.data<float>();
    float* pc = out.mutable_data<float>();
    for (int64_t q = 0; q < B; ++q) matmul_f32(pa + q * M * K, pb + q * K * N, pc + q * M * N, M, K, N, false);
  } else {
    visit_dtype(compute, [&](auto tag) {
      using Tag = decltype(tag);
      if constexpr (kIsInt<Tag>) {
        using C = typename Elem<Tag>::C;
        int_matmul<C>(l.data<C>(), r.data<C>(), out.mutable_data<C>(), B, M, K, N);
      }
    });
  }
  return convert(out, out_dtype);
}

}  // namespace rungs::array
