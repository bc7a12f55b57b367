// Plain C++ of the real-kernel benchmark programs (programs/flash_attention.py,
// grouped_matmul.py, paged_attention.py): the same math computed directly
// from the same input arrays, with the engine's own float32 matmul where
// there is a matmul. They are the baselines the engine's runs are measured
// against (bench_main.cpp), and their outputs check the engine's.
#pragma once

#include <cstdint>
#include <vector>

#include "core/array/array.h"

namespace rungs::bench {

// softmax(q k^T / sqrt(d) with a causal mask) v per (batch, head); q, k, v
// are float32 (B, H, S, D).
std::vector<float> flash_attention_reference(const array::Array& q, const array::Array& k, const array::Array& v);

// Row r of lhs (bf16, rows x K) times rhs[group of r] (bf16, G x K x N), in
// float32; tile_group (int32) gives each `tile_rows`-row tile its group.
std::vector<float> grouped_matmul_reference(const array::Array& tile_group, const array::Array& lhs,
                                            const array::Array& rhs, int64_t tile_rows);

// One decode step: q (B, H, 1, D); k, v pools (H, pages, page, D); tables
// (B, pages per sequence) and lengths (B) int32. Float32 (B, H, 1, D).
std::vector<float> paged_attention_reference(const array::Array& tables, const array::Array& lengths,
                                             const array::Array& q, const array::Array& k, const array::Array& v);

}  // namespace rungs::bench
