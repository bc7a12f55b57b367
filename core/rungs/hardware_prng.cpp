#include "core/rungs/hardware_prng.h"

#include "core/array/ops.h"

namespace rungs::exec {

void HardwarePrng::seed(const std::vector<array::Array>& seeds) {
  key_ = array::key_from_seed(0);
  for (const array::Array& s : seeds) {
    for (int64_t i = 0; i < s.size(); ++i)
      key_ = array::fold_in(key_, static_cast<uint32_t>(s.get_int(i)));
  }
  draws_ = 0;
}

array::Array HardwarePrng::draw(const array::Shape& shape) {
  array::Key k = array::fold_in(key_, draws_++);
  array::Array bits = array::random_bits(k, 32, shape);  // uint32
  return array::bitcast_convert(bits, array::DType::Int32);
}

}  // namespace rungs::exec
