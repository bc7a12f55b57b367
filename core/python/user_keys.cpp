// User __hash__/__eq__ keys (user_keys.h).
#include "core/python/user_keys.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <vector>

#include "core/python/classes.h"
#include "core/python/exceptions.h"
#include "core/python/int_value.h"
#include "core/python/interpreter.h"
#include "core/python/operators.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

// Interpreters alive on this thread, latest last (a test may make several).
thread_local std::vector<Interpreter*> g_key_interpreters;

// The distinct keys seen per hash value. They stay alive until the
// interpreter goes: a dict holding a key equal to one of them may have
// been given its text, which must keep naming the same position.
struct UserKeysState : StageState {
  std::map<int64_t, Values> by_hash;
  ~UserKeysState() override {
    for (auto& [h, keys] : by_hash) release_members(keys);
  }
};

std::string identity_key(const Value& v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "o%p", static_cast<const void*>(v.obj()));
  return buf;
}

}  // namespace

UserHash user_hash_kind(const ClassObj& cls, bool* user_eq) {
  for (const ClassObj* c : cls.mro) {
    const Value* hash = c->dict->find(make_str("__hash__"));
    bool eq = c->dict->find(make_str("__eq__")) != nullptr;
    if (!hash && !eq) continue;
    if (!hash || hash->is_none()) return UserHash::Unhashable;
    if (user_eq) *user_eq = eq || cls.lookup("__eq__");
    return UserHash::Own;
  }
  return UserHash::Identity;
}

void register_key_interpreter(Interpreter* ip) { g_key_interpreters.push_back(ip); }

void unregister_key_interpreter(Interpreter* ip) {
  auto it = std::find(g_key_interpreters.rbegin(), g_key_interpreters.rend(), ip);
  if (it != g_key_interpreters.rend()) g_key_interpreters.erase(std::next(it).base());
}

std::string user_hash_key(const Value& v, bool user_eq) {
  if (g_key_interpreters.empty()) return identity_key(v);
  Interpreter* ip = g_key_interpreters.back();
  // hash() calls the class's __hash__ and checks what it returns.
  Value h = ip->call(builtins_table().at("hash"), Values{v}, ip->current_range());
  if (!user_eq) return identity_key(v);  // equal only to itself: the hash decides nothing
  int64_t hash = is_big(h) ? int_hash(h) : h.as_int();
  Values& seen = ip->state<UserKeysState>().by_hash[hash];
  size_t position = seen.size();
  for (size_t i = 0; i < seen.size(); ++i) {
    Value stored = seen[i];  // == may run code that hashes keys and grows `seen`
    if (stored.obj() == v.obj() || py_equal(*ip, stored, v)) {
      position = i;
      break;
    }
  }
  if (position == seen.size()) seen.push_back(v);
  return "u" + std::to_string(hash) + "#" + std::to_string(position);
}

}  // namespace rungs::python
