// The chip model's stand-in for the TPU's hardware random number generator
// (pltpu.prng_seed / pltpu.prng_random_bits). The real generator's
// algorithm is not public; what kernels rely on is that a seed fixes the
// stream, that successive draws differ, and that the bits are well
// distributed. This model gives exactly that, from threefry2x32: the seeds
// fold into a key, and each draw hashes (key, draw number, element index).
// JAX's TPU interpret mode, by contrast, ignores the seed and returns
// zeros (SEMANTICS 4.5); rung 2 keeps that quirk.
#pragma once

#include <cstdint>
#include <vector>

#include "core/array/array.h"
#include "core/array/random.h"

namespace rungs::exec {

class HardwarePrng {
 public:
  // prng_seed(*seeds): each seed is a scalar int32 (the kernel's values).
  void seed(const std::vector<array::Array>& seeds);
  // prng_random_bits(shape): int32 bits, a fresh draw each call. Unseeded,
  // the stream starts from seed 0 (the hardware's state is unspecified).
  array::Array draw(const array::Shape& shape);

 private:
  array::Key key_{};
  uint32_t draws_ = 0;
};

}  // namespace rungs::exec
