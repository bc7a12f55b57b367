// A trial deletion (CPython's cycle detection) restricted to the subgraph a
// returning frame's variables reach: every container in it must be held
// only from inside it, and the frame only by the caller plus closures in
// it. Objects of other kinds (and functions of other scopes) are leaves:
// not followed, so a closure reachable only through one counts as an
// outside reference and the frame stays.
#include "core/python/frame_cycles.h"

#include <unordered_map>
#include <vector>

#include "core/python/classes.h"

namespace rungs::python {

namespace {

constexpr size_t kMaxNodes = 20000;  // a frame reaching more is left to the end-of-run collection

struct Walk {
  const Env* frame;
  std::unordered_map<const Object*, long> internal;  // references from inside the subgraph
  std::unordered_map<const Object*, long> held;      // use_count when first seen
  std::vector<const Object*> pending;
  long frame_refs = 0;  // closures (in the subgraph) whose closure is the frame
  bool too_big = false;

  void add(const ObjPtr& p) {
    if (!p) return;
    const Object* o = p.get();
    if (++internal[o] > 1) return;
    held[o] = p.use_count();
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
        if (f.dict) add(std::static_pointer_cast<Object>(f.dict));
        return true;
      }
      case ObjKind::List: add_values(static_cast<const ListObj*>(o)->items); return true;
      case ObjKind::Tuple: add_values(static_cast<const TupleObj*>(o)->items); return true;
      case ObjKind::Dict: add_dict(*static_cast<const DictObj*>(o)); return true;
      case ObjKind::Record:
        for (const auto& [name, v] : static_cast<const RecordObj*>(o)->fields) add(v);
        return true;
      case ObjKind::Instance: add(std::static_pointer_cast<Object>(static_cast<const InstanceObj*>(o)->dict)); return true;
      default: return false;  // a leaf: its references are its own business
    }
  }
};

}  // namespace

void break_frame_cycle(const EnvPtr& env) {
  long frame_held = env.use_count();
  if (frame_held <= 1) return;  // no one else: freed by the caller's reset
  Walk w;
  w.frame = env.get();
  for (const auto& [name, v] : env->vars) w.add(v);
  std::vector<const Object*> followed;  // the subgraph's containers and closures
  while (!w.pending.empty() && !w.too_big) {
    const Object* o = w.pending.back();
    w.pending.pop_back();
    if (w.follow(o)) followed.push_back(o);
  }
  if (w.too_big || frame_held != 1 + w.frame_refs) return;
  for (const Object* o : followed)
    if (w.held[o] != w.internal[o]) return;  // reached from outside
  // Nothing outside reaches the frame or its closures: drop its variables,
  // which frees the closures and with them the frame's last references.
  auto vars = std::move(env->vars);
  env->vars.clear();
  vars.clear();
}

}  // namespace rungs::python
