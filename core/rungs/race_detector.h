// The happens-before race detector of TPU interpret mode (SEMANTICS 4.11).
//
// Every read and write of a buffer is appended to that buffer's history
// with the accessing thread (a core, or a DMA), its vector clock, the range
// it touched (a box, never per element) and where it came from. A new
// access is checked against the history: a read against earlier writes; a
// write against earlier writes, then earlier reads. The first earlier
// access that overlaps it and whose clock is unordered with it is a race:
// JAX's "RACE DETECTED" report goes to stdout (execution continues) and a
// Race record with both source ranges goes to the call record, so the
// playground can underline the two lines. Histories are never pruned (as
// in JAX); each access costs one clock comparison per earlier access.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/lang/source_range.h"
#include "core/rungs/call_record.h"
#include "core/rungs/tpu_memory.h"
#include "core/rungs/tpu_range.h"
#include "core/rungs/vector_clock.h"

namespace rungs::exec {

// (device, core) for a core; (dma id, 0) for a DMA.
using ThreadKey = std::pair<int64_t, int64_t>;
std::string thread_str(const ThreadKey& t);  // "(0, 1)"

// Where an access came from: a kernel equation, or the interpreter itself
// (block copies, output read-back), whose frame JAX prints as "pallas_call".
struct AccessSite {
  SourceRange source;      // unknown for interpreter accesses
  std::string frame;       // "kernel.py:12:4 (kernel)" or "pallas_call"
  int64_t step = -1;       // grid step (flat iteration) when it happened
};

class RaceDetector {
 public:
  struct Report {
    std::string text;         // the stdout report(s), each ending in a blank line
    std::vector<Race> races;  // one per report
  };

  // Returns the report when this access races with an earlier one.
  std::optional<Report> check_read(const ThreadKey& thread, const VectorClock& clock, const BufferKey& key,
                                   const Range& range, const AccessSite& site, const array::Shape& logical);
  std::optional<Report> check_write(const ThreadKey& thread, const VectorClock& clock, const BufferKey& key,
                                    const Range& range, const AccessSite& site, const array::Shape& logical);
  bool races_found() const { return races_found_; }
  size_t accesses() const { return accesses_; }

 private:
  struct Access {
    ThreadKey thread;
    VectorClock clock;
    Range range;
    AccessSite site;
    Box box;
  };
  struct History {
    std::vector<Access> reads, writes;
  };
  std::optional<Report> first_race(const char* kind, const Access& now, const std::vector<Access>& earlier,
                                   const char* earlier_kind, const BufferKey& key);

  std::map<BufferKey, History> histories_;
  bool races_found_ = false;
  size_t accesses_ = 0;
};

}  // namespace rungs::exec
