// CPython 3.11's set table algorithms (set_table.h), step for step:
// set_add_entry, set_insert_clean, set_table_resize, set_merge,
// set_discard_entry and set_pop.
#include "core/python/set_table.h"

namespace rungs::python {

namespace {
constexpr size_t kMinSize = 8;       // PySet_MINSIZE
constexpr size_t kLinearProbes = 9;  // LINEAR_PROBES
constexpr int kPerturbShift = 5;     // PERTURB_SHIFT
}  // namespace

void SetTable::abandon() {
  exact_ = false;
  slots_.clear();
  slots_.shrink_to_fit();
  fill_ = used_ = finger_ = 0;
}

void SetTable::reset() {
  exact_ = true;
  slots_.assign(kMinSize, Slot{});
  fill_ = used_ = finger_ = 0;
}

void SetTable::add(const std::string& key, int64_t hash) {
  if (!exact_) return;
  auto perturb = static_cast<uint64_t>(hash);
  size_t i = static_cast<size_t>(hash) & mask();
  Slot* freeslot = nullptr;
  for (;;) {
    size_t probes = i + kLinearProbes <= mask() ? kLinearProbes : 0;
    for (size_t j = 0; j <= probes; ++j) {
      Slot& entry = slots_[i + j];
      if (entry.state == State::Empty) {
        if (freeslot) {  // reuse the last dummy passed on the way (measured against CPython 3.11)
          *freeslot = Slot{State::Active, hash, &key};
          ++used_;
          return;
        }
        entry = Slot{State::Active, hash, &key};
        ++fill_;
        ++used_;
        if (fill_ * 5 >= mask() * 3) resize(used_ > 50000 ? used_ * 2 : used_ * 4);
        return;
      }
      if (entry.state == State::Active && entry.hash == hash && *entry.key == key) return;
      if (entry.state == State::Dummy) freeslot = &entry;
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + static_cast<size_t>(perturb)) & mask();
  }
}

void SetTable::insert_clean(std::vector<Slot>& table, const Slot& entry) {
  size_t m = table.size() - 1;
  auto perturb = static_cast<uint64_t>(entry.hash);
  size_t i = static_cast<size_t>(entry.hash) & m;
  for (;;) {
    if (table[i].state == State::Empty) {
      table[i] = entry;
      return;
    }
    if (i + kLinearProbes <= m)
      for (size_t j = 1; j <= kLinearProbes; ++j)
        if (table[i + j].state == State::Empty) {
          table[i + j] = entry;
          return;
        }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + static_cast<size_t>(perturb)) & m;
  }
}

void SetTable::resize(size_t min_used) {
  size_t size = kMinSize;
  while (size <= min_used) size <<= 1;
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(size, Slot{});
  fill_ = used_;
  for (const Slot& entry : old)
    if (entry.state == State::Active) insert_clean(slots_, entry);
}

void SetTable::merge(const SetTable& other) {
  if (!exact_) return;
  if (!other.exact_) return abandon();
  if (&other == this || other.used_ == 0) return;
  if ((fill_ + other.used_) * 5 >= mask() * 3) resize((used_ + other.used_) * 2);
  if (fill_ == 0 && mask() == other.mask() && other.fill_ == other.used_) {
    slots_ = other.slots_;  // same size, no dummies: the layout is copied as is
    fill_ = other.fill_;
    used_ = other.used_;
    return;
  }
  if (fill_ == 0) {
    fill_ = used_ = other.used_;
    for (const Slot& entry : other.slots_)
      if (entry.state == State::Active) insert_clean(slots_, entry);
    return;
  }
  for (const Slot& entry : other.slots_)
    if (entry.state == State::Active) add(*entry.key, entry.hash);
}

void SetTable::presize_for_dict(size_t dict_size) {
  if (exact_ && (fill_ + dict_size) * 5 >= mask() * 3) resize((used_ + dict_size) * 2);
}

void SetTable::discard(const std::string& key, int64_t hash) {
  if (!exact_) return;
  auto perturb = static_cast<uint64_t>(hash);
  size_t i = static_cast<size_t>(hash) & mask();
  for (;;) {
    size_t probes = i + kLinearProbes <= mask() ? kLinearProbes : 0;
    for (size_t j = 0; j <= probes; ++j) {
      Slot& entry = slots_[i + j];
      if (entry.state == State::Empty) return;
      if (entry.state == State::Active && entry.hash == hash && *entry.key == key) {
        entry = Slot{State::Dummy, -1, nullptr};
        --used_;
        return;
      }
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + static_cast<size_t>(perturb)) & mask();
  }
}

void SetTable::compact_if_sparse() {
  if (exact_ && fill_ - used_ > mask() / 4) resize(used_ > 50000 ? used_ * 2 : used_ * 4);
}

std::vector<const std::string*> SetTable::order() const {
  std::vector<const std::string*> out;
  out.reserve(used_);
  for (const Slot& entry : slots_)
    if (entry.state == State::Active) out.push_back(entry.key);
  return out;
}

std::string SetTable::pop() {
  size_t i = finger_ & mask();
  while (slots_[i].state != State::Active) i = (i + 1) & mask();
  std::string key = *slots_[i].key;
  slots_[i] = Slot{State::Dummy, -1, nullptr};
  --used_;
  finger_ = i + 1;
  return key;
}

}  // namespace rungs::python
