// Rung 1's operands between grid steps: each operand's carried array (padded
// input, or output) and the one block buffer the kernel sees of it.
//
// SEMANTICS 3.4 says every block is cut out of its carried array before the
// step and written back after it. Doing exactly that costs two block copies
// per operand per step, most of them copies of data that did not change, so
// the store does only the copies that can change a result:
//  * a block is cut out on the kernel's first access in a step, and a block
//    of whole rows is not copied at all (it shares the carried storage);
//  * a block is written back only if the kernel wrote it;
//  * a block whose window did not move since the last step keeps its buffer
//    (after a step a buffer always equals its window of the carried array,
//    and nothing else writes that array);
//  * `ref[...] = v` over a whole block not read yet takes `v` as the buffer;
//  * an output that starts as the uninitialised value (NaN) is not filled up
//    front: a block never written reads as a fresh NaN block, and only the
//    blocks no step wrote are filled, at the end.
// Each is exact, so results and traces are those of the plain scheme.
#pragma once

#include <cstdint>
#include <vector>

#include "core/pallas/pallas_call.h"
#include "core/rungs/machine.h"

namespace rungs::exec {

using array::Shape;

class CarriedBlocks {
 public:
  // One operand: its mapping, its carried (padded) array, and, for an output
  // that starts as `fill` everywhere, lazy = true with `carried` allocated
  // but not filled (shape only).
  void add(const pallas::BlockMapping& m, Array carried, bool lazy = false, array::Scalar fill = {});
  size_t size() const { return blocks_.size(); }

  // A new grid step: operand j's block lands at `at` (clamped start).
  void move_to(size_t j, const std::vector<int64_t>& at);
  Array& read(size_t j);   // the block buffer, cut out if needed
  Array& write(size_t j);  // the same; it will be written back
  // `value` for the whole block when the kernel has not read it this step
  // (the caller checked the window covers the block); false otherwise.
  bool overwrite(size_t j, const Array& value);
  // The block's memory inside the carried array, for a write of the whole
  // block that replaces this step's buffer: nullptr unless the block is one
  // contiguous run and nothing else holds the carried storage (a value the
  // kernel read earlier, a caller's input). The block then counts as
  // written back.
  std::byte* direct_write(size_t j);
  // After a step: write the written blocks back.
  void write_back();
  // After the last step: the carried array (lazy blocks never written are
  // filled now).
  Array take(size_t j);

 private:
  struct Block {
    const pallas::BlockMapping* m = nullptr;
    Array carried;               // padded operand (shape of the padded array)
    Array buf;                   // what the kernel's ref holds (ref_shape)
    std::vector<int64_t> at;     // landed start `buf` belongs to
    bool filled = false;         // buf holds carried's window at `at`
    bool dirty = false;          // the kernel wrote buf this step
    bool lazy = false;           // carried not filled yet: see `written`
    array::Scalar fill;          // the uninitialised value lazy blocks read as
    std::vector<bool> written;   // lazy: per block-grid position, written back once
  };
  void fill(Block& b);
  // Flat block-grid position of `at`, or -1 if `at` is not on the grid.
  int64_t position(const Block& b, const std::vector<int64_t>& at) const;
  void materialise(Block& b);  // fill every never-written position; lazy = false

  std::vector<Block> blocks_;
};

}  // namespace rungs::exec
