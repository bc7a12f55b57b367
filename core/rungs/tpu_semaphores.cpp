#include "core/rungs/tpu_semaphores.h"

#include "core/errors/error.h"

namespace rungs::exec {

Semaphore& SemaphoreTable::create(std::map<int64_t, Semaphore>& table, int64_t id) {
  auto [it, fresh] = table.try_emplace(id);
  if (fresh) {
    Semaphore& s = it->second;
    s.id = id;
    s.count.assign(static_cast<size_t>(num_cores_), 0);
    s.tasks.assign(static_cast<size_t>(num_cores_), {});
    s.clocks.assign(static_cast<size_t>(num_cores_), std::nullopt);
  }
  return it->second;
}

int64_t SemaphoreTable::allocate(int core, int64_t n) {
  int64_t first = next_[static_cast<size_t>(core)];
  next_[static_cast<size_t>(core)] = first + n;
  for (int64_t i = first; i < first + n; ++i) create(sems_, i);
  return first;
}

int64_t SemaphoreTable::allocate_all_cores(int64_t n) {
  int64_t first = next_[0];
  for (int c = 0; c < num_cores_; ++c) allocate(c, n);
  return first;
}

void SemaphoreTable::ensure_fixed(int64_t id) { create(fixed_, id); }

Semaphore& SemaphoreTable::get(int64_t id) {
  auto f = fixed_.find(id);
  if (f != fixed_.end()) {
    if (sems_.count(id)) raise_here(ErrorId::tpu_fixed_id_semaphore, id);
    return f->second;
  }
  auto it = sems_.find(id);
  if (it == sems_.end()) raise_here(ErrorId::internal_error, "semaphore " + std::to_string(id) + " was never allocated");
  return it->second;
}

void SemaphoreTable::signal(Semaphore& s, int target, int64_t inc, const VectorClock* clock) {
  size_t t = static_cast<size_t>(target);
  s.count[t] += inc;
  if (clock) {
    if (s.clocks[t]) s.clocks[t]->update(*clock);
    else s.clocks[t] = *clock;
  }
}

std::vector<std::pair<const Semaphore*, int>> SemaphoreTable::nonzero() const {
  std::vector<std::pair<const Semaphore*, int>> out;
  std::map<int64_t, const Semaphore*> all;
  for (const auto& [id, s] : sems_) all[id] = &s;
  for (const auto& [id, s] : fixed_) all.emplace(id, &s);
  for (const auto& [id, s] : all)
    for (int c = 0; c < num_cores_; ++c)
      if (s->count[static_cast<size_t>(c)] != 0) out.emplace_back(s, c);
  return out;
}

}  // namespace rungs::exec
