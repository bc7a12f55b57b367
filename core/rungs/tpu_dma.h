// One DMA of TPU interpret mode (SEMANTICS 4.8): a small state machine
// STARTED -> READ -> COMPLETED.
//
// The read copies the source window (with the full bounds checks of a
// kernel read) and signals the send semaphore, if any, on the source core
// by the byte count; the write stores the data into the destination window
// and signals the receive semaphore on the destination core. With
// dma_execution_mode="eager" both happen inside start; with "on_wait" they
// are queued as tasks on the semaphores and run only when a core waits on
// one and its count is too low — as late as possible, most recent first.
// A DMA is its own thread for race detection, keyed (dma id, 0), with a
// virtual clock slot. The operations are TpuShared methods (tpu_dma.cpp).
#pragma once

#include <cstdint>
#include <optional>

#include "core/array/array.h"
#include "core/rungs/ref_transforms.h"
#include "core/rungs/race_detector.h"
#include "core/rungs/tpu_memory.h"
#include "core/rungs/tpu_range.h"
#include "core/rungs/vector_clock.h"

namespace rungs::exec {

struct Dma {
  enum class State : uint8_t { Started, Read, Completed };
  int64_t id = 0;                    // from 100, per kernel call
  BufferKey src, dst;
  Range src_range, dst_range;
  int src_core = 0, dst_core = 0;    // global cores; the destination is the issuer's local core on its device
  std::optional<int64_t> src_sem;    // send semaphore (remote copies)
  int64_t dst_sem = 0;               // receive semaphore
  int64_t virtual_slot = 0;          // clock slot in [cores, clock size)
  VectorClock clock;                 // the issuer's clock at start, then the DMA's own
  AccessSite site;                   // the dma_start equation
  State state = State::Started;
  array::Array data;                 // between read and write
  int64_t bytes = 0;                 // element count x itemsize, known after the read
  // The levels from each side's first ref.reshape/ref.bitcast on (chip
  // model): the ranges above cover the view before them.
  TransformTail src_tail, dst_tail;
};

// What a dma_start equation asks for, resolved to buffers.
struct DmaRequest {
  BufferKey src, dst;
  Range src_range, dst_range;
  std::optional<int64_t> src_sem;
  int64_t dst_sem = 0;
  int dst_core = -1;  // global core on the destination device; -1: the issuing core
  TransformTail src_tail, dst_tail;  // as Dma's
};

}  // namespace rungs::exec
