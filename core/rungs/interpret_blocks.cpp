#include "core/rungs/interpret_blocks.h"

#include <optional>

#include "core/array/ops.h"

namespace rungs::exec {

namespace {

// The flat index where the block at `start` begins, when the block is one
// contiguous run of the row-major array: every dim after the first partial
// one is whole, every dim before it has size 1.
std::optional<int64_t> contiguous_first(const Shape& full, const std::vector<int64_t>& start, const Shape& block) {
  size_t d = 0;
  while (d < full.size() && block[d] == 1) ++d;  // leading unit dims, then one partial dim,
  for (size_t e = d + 1; e < full.size(); ++e)  // then only whole dims
    if (block[e] != full[e] || start[e] != 0) return std::nullopt;
  int64_t first = 0, stride = 1;
  for (size_t e = full.size(); e-- > 0;) {
    first += start[e] * stride;
    stride *= full[e];
  }
  return first;
}

}  // namespace

void CarriedBlocks::add(const pallas::BlockMapping& m, Array carried, bool lazy, array::Scalar fill) {
  Block b;
  b.m = &m;
  b.fill = fill;
  if (lazy) {
    // Lazy filling needs the array tiled by whole blocks (so a write-back
    // covers exactly one grid position); otherwise fill it now.
    int64_t positions = 1;
    for (size_t d = 0; d < carried.shape().size(); ++d) {
      const int64_t bs = m.block_shape[d];
      if (bs <= 0 || carried.shape()[d] % bs != 0) lazy = false;
      else positions *= carried.shape()[d] / bs;
    }
    if (lazy) b.written.assign(static_cast<size_t>(positions), false);
    else carried = Array::full(carried.dtype(), carried.shape(), fill);
  }
  b.lazy = lazy;
  b.carried = std::move(carried);
  blocks_.push_back(std::move(b));
}

int64_t CarriedBlocks::position(const Block& b, const std::vector<int64_t>& at) const {
  int64_t pos = 0;
  for (size_t d = 0; d < at.size(); ++d) {
    const int64_t bs = b.m->block_shape[d];
    if (at[d] % bs != 0) return -1;
    pos = pos * (b.carried.shape()[d] / bs) + at[d] / bs;
  }
  return pos;
}

void CarriedBlocks::materialise(Block& b) {
  if (!b.lazy) return;
  const Shape& shape = b.carried.shape();
  const Shape& bs = b.m->block_shape;
  Array blank = Array::full(b.carried.dtype(), bs, b.fill);
  std::vector<int64_t> at(shape.size(), 0);
  for (size_t pos = 0; pos < b.written.size(); ++pos) {
    if (!b.written[pos]) array::copy_window_in(b.carried, at, blank);
    for (size_t d = shape.size(); d-- > 0;) {  // next grid position, last dim fastest
      at[d] += bs[d];
      if (at[d] < shape[d]) break;
      at[d] = 0;
    }
  }
  b.lazy = false;
  b.written.clear();
}

void CarriedBlocks::move_to(size_t j, const std::vector<int64_t>& at) {
  Block& b = blocks_[j];
  if (b.filled && at == b.at) return;  // same window: the buffer is still right
  b.filled = false;
  b.at = at;
}

void CarriedBlocks::fill(Block& b) {
  if (b.filled) return;
  const pallas::BlockMapping& m = *b.m;
  b.filled = true;
  if (b.lazy) {
    const int64_t pos = position(b, b.at);
    if (pos < 0) {
      materialise(b);
    } else if (!b.written[static_cast<size_t>(pos)]) {
      b.buf = Array::full(b.carried.dtype(), m.ref_shape, b.fill);
      return;
    }
  }
  if (auto first = contiguous_first(b.carried.shape(), b.at, m.block_shape)) {
    b.buf = b.carried.window(*first, m.ref_shape).with_weak_type(false);
    return;
  }
  // A strided block: copy it, into the buffer's old storage if nothing else holds it.
  Array block = std::move(b.buf);
  if (block.uniquely_owned() && block.size() == array::num_elements(m.block_shape) && block.dtype() == m.array.dtype)
    block = block.reshaped(m.block_shape);
  else
    block = Array::uninitialized(m.array.dtype, m.block_shape);
  array::copy_window_out(b.carried, b.at, block);
  b.buf = block.reshaped(m.ref_shape);
}

Array& CarriedBlocks::read(size_t j) {
  fill(blocks_[j]);
  return blocks_[j].buf;
}

Array& CarriedBlocks::write(size_t j) {
  fill(blocks_[j]);
  blocks_[j].dirty = true;
  return blocks_[j].buf;
}

bool CarriedBlocks::overwrite(size_t j, const Array& value) {
  Block& b = blocks_[j];
  const pallas::BlockMapping& m = *b.m;
  if (b.filled || value.size() != array::num_elements(m.ref_shape)) return false;
  Array v = value.dtype() == m.array.dtype ? value : array::convert(value, m.array.dtype);
  b.buf = v.reshaped(m.ref_shape).with_weak_type(false);
  b.filled = b.dirty = true;
  return true;
}

std::byte* CarriedBlocks::direct_write(size_t j) {
  Block& b = blocks_[j];
  auto first = contiguous_first(b.carried.shape(), b.at, b.m->block_shape);
  if (!first || (b.lazy && position(b, b.at) < 0)) return nullptr;
  // A buffer that shares the carried storage is a clean window (writing it
  // would have copied it first): dropping it loses nothing.
  if (b.buf.shares_storage_with(b.carried)) {
    b.buf = Array::placeholder();
    b.filled = false;
  }
  if (!b.carried.uniquely_owned()) return nullptr;
  b.buf = Array::placeholder();  // this step's writes so far are overwritten whole
  b.filled = b.dirty = false;     // the next read cuts the new contents out
  if (b.lazy) b.written[static_cast<size_t>(position(b, b.at))] = true;
  return b.carried.mutable_raw() + *first * array::itemsize(b.carried.dtype());
}

void CarriedBlocks::write_back() {
  for (Block& b : blocks_) {
    if (!b.dirty) continue;
    b.dirty = false;
    const Shape& bs = b.m->block_shape;
    if (b.lazy) {
      const int64_t pos = position(b, b.at);
      if (pos < 0) materialise(b);
      else b.written[static_cast<size_t>(pos)] = true;
    }
    if (b.carried.shape() == bs) b.carried = b.buf.reshaped(bs);  // the whole array: share
    else array::copy_window_in(b.carried, b.at, b.buf.reshaped(bs));
  }
}

Array CarriedBlocks::take(size_t j) {
  materialise(blocks_[j]);
  return blocks_[j].carried;
}

}  // namespace rungs::exec
