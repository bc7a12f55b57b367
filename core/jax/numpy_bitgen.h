// NumPy's bit generators as the samplers see them (numpy.random's
// bitgen_t): 32- and 64-bit words, doubles in [0, 1) and floats in [0, 1).
//
// numpy.random keeps the generator (MT19937, PCG64) apart from the
// distributions (numpy_distributions.h), and each distribution is defined
// only through these four draws; reproducing NumPy's streams bit for bit
// means reproducing each generator's four draws exactly, including how a
// generator turns its native word into the others (MT19937 builds a double
// from two 32-bit words; PCG64 hands out the halves of a 64-bit word as two
// 32-bit draws, low half first).
#pragma once

#include <cstdint>

namespace rungs::jax::nprandom {

class BitGenerator {
 public:
  virtual ~BitGenerator() = default;
  virtual uint32_t next_uint32() = 0;
  virtual uint64_t next_uint64() = 0;
  virtual double next_double() = 0;  // [0, 1) with 53 random bits
  // [0, 1) with 24 random bits, from one 32-bit draw (NumPy's next_float).
  float next_float() { return static_cast<float>(next_uint32() >> 8) * (1.0f / 16777216.0f); }
};

}  // namespace rungs::jax::nprandom
