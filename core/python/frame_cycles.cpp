// A trial deletion (CPython's cycle detection) restricted to the subgraph a
// returning frame's variables reach: the frame must be held only by the
// caller plus closures in the subgraph, and no object of the subgraph that
// is held from outside may reach one of those closures. Objects of other kinds (and functions of other scopes) are leaves:
// not followed, so a closure reachable only through one counts as an
// outside reference and the frame stays.
#include "core/python/frame_cycles.h"

#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/python/classes.h"

namespace rungs::python {

namespace {

constexpr size_t kMaxNodes = 20000;  // a frame reaching more is left to the end-of-run collection

struct Walk {
  const Env* frame;
  std::unordered_map<const Object*, long> internal;  // references from inside the subgraph
  std::unordered_map<const Object*, long> held;      // use_count when first seen
  std::unordered_map<const Object*, std::vector<const Object*>> kids;  // edges inside the subgraph
  std::vector<const Object*> pending;
  const Object* current = nullptr;  // the object being followed (null: the frame)
  long frame_refs = 0;  // closures (in the subgraph) whose closure is the frame
  bool too_big = false;

  template <typename T>
  void add(const std::shared_ptr<T>& p) {
    if (p) add_raw(p.get(), p.use_count());
  }
  void add_raw(const Object* o, long use_count) {
    if (current) kids[current].push_back(o);
    if (++internal[o] > 1) return;
    held[o] = use_count;
    if (held.size() > kMaxNodes) too_big = true;
    pending.push_back(o);
  }
  void add(const Value& v) {
    if (v.is_obj()) add(v.obj_ptr());
  }
  void add_values(const Values& vs) {
    for (const Value& v : vs) add(v);
  }
  void add_dict(const DictObj& d) {
    for (const auto& [k, v] : d.entries) {
      add(k);
      add(v);
    }
  }

  // Follows the edges of the kinds it understands; the rest are leaves.
  bool follow(const Object* o) {
    switch (o->kind) {
      case ObjKind::Function: {
        const auto& f = *static_cast<const FunctionObj*>(o);
        if (f.closure.get() != frame) return false;  // another scope's function: a leaf
        ++frame_refs;
        add_values(f.defaults);
        add(f.dict);
        return true;
      }
      case ObjKind::List: add_values(static_cast<const ListObj*>(o)->items); return true;
      case ObjKind::Tuple: add_values(static_cast<const TupleObj*>(o)->items); return true;
      case ObjKind::Dict: add_dict(*static_cast<const DictObj*>(o)); return true;
      case ObjKind::Record:
        for (const auto& [name, v] : static_cast<const RecordObj*>(o)->fields) add(v);
        return true;
      case ObjKind::Instance: add(static_cast<const InstanceObj*>(o)->dict); return true;
      default: return false;  // a leaf: its references are its own business
    }
  }
};

// Frames a check could not free because something outside held them or
// their closures as they returned -- often only for a while (the call
// machinery's state of the last kernel) -- checked again every
// kSweepEvery returns. Per thread: each engine thread runs one interpreter.
constexpr size_t kSweepEvery = 256;
constexpr size_t kMaxPending = 4096;
thread_local std::vector<std::weak_ptr<Env>> pending_frames;
thread_local size_t returns_since_sweep = 0;

// True when the frame is freed (or was not part of a cycle at all).
bool try_break(const EnvPtr& env);

void sweep() {
  returns_since_sweep = 0;
  std::vector<std::weak_ptr<Env>> still;
  for (const std::weak_ptr<Env>& weak : pending_frames) {
    EnvPtr env = weak.lock();
    if (env && !try_break(env)) still.push_back(weak);
  }
  pending_frames.swap(still);
}

}  // namespace

void break_frame_cycle(const EnvPtr& env) {
  if (!try_break(env)) {
    if (pending_frames.size() >= kMaxPending) pending_frames.erase(pending_frames.begin());
    pending_frames.push_back(env);
  }
  if (++returns_since_sweep >= kSweepEvery && !pending_frames.empty()) sweep();
}

namespace {

bool try_break(const EnvPtr& env) {
  long frame_held = env.use_count();
  if (frame_held <= 1) return true;  // no one else: freed by its holder's reset
  Walk w;
  w.frame = env.get();
  for (const auto& [name, v] : env->vars) w.add(v);
  std::vector<const Object*> followed;  // the subgraph's containers and closures
  while (!w.pending.empty() && !w.too_big) {
    const Object* o = w.pending.back();
    w.pending.pop_back();
    w.current = o;
    if (w.follow(o)) followed.push_back(o);
  }
  if (w.too_big || frame_held != 1 + w.frame_refs) return false;  // the frame itself is held from outside
  // Objects held from outside are roots; the frame is live if one of them
  // reaches a closure over it.
  std::vector<const Object*> stack;
  for (const Object* o : followed)
    if (w.held[o] != w.internal[o]) stack.push_back(o);
  std::unordered_set<const Object*> marked;
  while (!stack.empty()) {
    const Object* o = stack.back();
    stack.pop_back();
    if (!marked.insert(o).second) continue;
    if (o->kind == ObjKind::Function && static_cast<const FunctionObj*>(o)->closure.get() == env.get()) return false;
    auto it = w.kids.find(o);
    if (it != w.kids.end()) stack.insert(stack.end(), it->second.begin(), it->second.end());
  }
  // Nothing outside reaches the frame or its closures: drop its variables,
  // which frees the closures and with them the frame's last references.
  auto vars = std::move(env->vars);
  env->vars.clear();
  vars.clear();
  return true;
}

}  // namespace

}  // namespace rungs::python
