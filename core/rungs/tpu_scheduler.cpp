#include "core/rungs/tpu_scheduler.h"

#include <utility>

#include "core/rungs/vector_clock.h"

namespace rungs::exec {

void run_cores(const std::vector<SchedulableCore*>& cores, const ScheduleOptions& options) {
  SlotGenerator shuffle(static_cast<uint64_t>(options.seed < 0 ? 0 : options.seed));
  std::vector<size_t> order;
  while (true) {
    order.clear();
    for (size_t i = 0; i < cores.size(); ++i)
      if (!cores[i]->finished()) order.push_back(i);
    if (order.empty()) return;
    if (options.seed >= 0)  // Fisher-Yates with the seeded generator
      for (size_t i = order.size(); i > 1; --i)
        std::swap(order[i - 1], order[static_cast<size_t>(shuffle.uniform(0, static_cast<int64_t>(i)))]);
    uint64_t before = options.activity ? options.activity() : 0;
    bool all_blocked = true;
    for (size_t i : order) {
      if (cores[i]->resume() == Status::Done) all_blocked = false;
    }
    uint64_t after = options.activity ? options.activity() : 0;
    if (all_blocked && after == before) {
      if (options.deadlock) options.deadlock();
      return;
    }
  }
}

}  // namespace rungs::exec
