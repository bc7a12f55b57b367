// The layout of CPython 3.11's set hash table (Objects/setobject.c),
// simulated so that sets iterate and print in CPython's order:
// print({3, 1, 2}) shows {1, 2, 3}, set(range(10, 0, -1)) counts up.
//
// The order follows from the element hashes (py_hash.h) and the table's
// history: open addressing with 9 linear probes then perturbed jumps,
// deleted slots left as dummies, resizes at 3/5 full to 4x the live count
// (2x past 50000), and the bulk paths (set_merge for set(s), s.copy(),
// a | b; dict presizing). A table is `exact` while every element has a
// fixed CPython hash; once a str (salted per process) or None (hashed by
// address in 3.11) enters, any order is what CPython could print, and the
// set keeps insertion order instead.
//
// Slots point at the elements' hash_key texts (value_ops.h) where SetObj's
// index keeps them (unordered_map keys do not move), not at the values:
// the table adds no references and little memory.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rungs::python {

class SetTable {
 public:
  SetTable() { reset(); }
  bool exact() const { return exact_; }
  // Gives up the simulation (an element without a fixed hash).
  void abandon();
  void reset();  // an empty table of 8 slots, as set.clear() leaves it
  // `key` must outlive its slot (SetObj passes its index's own key).
  void add(const std::string& key, int64_t hash);
  void discard(const std::string& key, int64_t hash);
  // set_merge: other's elements into this table (set(s), s.copy(), s | t,
  // s.update(t)); the new slots point at other's keys until rebind() moves
  // them onto this set's own.
  void merge(const SetTable& other);
  template <typename Own>
  void rebind(const Own& own_key) {
    for (Slot& s : slots_)
      if (s.state == State::Active) s.key = own_key(*s.key);
  }
  // set_update_internal's presizing before adding a dict's keys.
  void presize_for_dict(size_t dict_size);
  // set_difference_update's cleanup: rebuilds without dummies when more
  // than a quarter of the table is dummies.
  void compact_if_sparse();
  // The keys in iteration order.
  std::vector<const std::string*> order() const;
  // set.pop()'s choice: the key it removes (the table is updated).
  std::string pop();
  size_t used() const { return used_; }

 private:
  enum class State : uint8_t { Empty, Active, Dummy };
  struct Slot {
    State state = State::Empty;
    int64_t hash = 0;
    const std::string* key = nullptr;
  };
  void resize(size_t min_used);
  void insert_clean(std::vector<Slot>& table, const Slot& entry);
  size_t mask() const { return slots_.size() - 1; }

  std::vector<Slot> slots_;
  size_t fill_ = 0, used_ = 0, finger_ = 0;
  bool exact_ = true;
};

}  // namespace rungs::python
