// Pytrees: nested tuples, lists and dicts of leaves, as jax.tree_util sees
// them. pallas_call flattens its arguments, out_shape and specs into leaf
// lists, matches spec trees against value trees (with JAX's mismatch
// messages), and rebuilds the output tree.
#pragma once

#include <string>
#include <vector>

#include <memory>

#include "core/python/objects.h"

namespace rungs::jax {
struct Tree;
}

namespace rungs::pallas {

using python::Value;
using python::Values;

struct TreeDef {
  enum class Kind : uint8_t { Leaf, None, Tuple, List, Dict, Custom } kind = Kind::Leaf;
  std::vector<TreeDef> children;
  std::vector<Value> keys;  // Dict only, in insertion order
  // Custom: a node registered with jax.tree_util (register_dataclass, ...),
  // as jax.tree_util flattened it: its structure, leaf count and key paths.
  std::shared_ptr<const jax::Tree> custom;
  size_t custom_leaves = 0;
  std::vector<std::string> custom_paths;
  size_t num_leaves() const;
};

// While one is alive, flatten() also descends into user-class instances
// registered with jax.tree_util, as JAX's pallas_call flattens its
// operands and specs (metadata dataclasses of vLLM's kernels).
class CustomNodesScope {
 public:
  explicit CustomNodesScope(python::Interpreter& ip);
  ~CustomNodesScope();
  CustomNodesScope(const CustomNodesScope&) = delete;
  CustomNodesScope& operator=(const CustomNodesScope&) = delete;

 private:
  python::Interpreter* previous_;
};

// None is an empty subtree, as in JAX; `is_leaf` stops descent early.
TreeDef flatten(const Value& tree, Values& leaves, bool (*is_leaf)(const Value&) = nullptr);
Value unflatten(const TreeDef& def, const Values& leaves);

// JAX-style key paths of every leaf: "[0]", "[1]['a']".
std::vector<std::string> leaf_paths(const TreeDef& def);

// Differences between two tree structures, each as one line of JAX's
// "Pytree for `a` and `b` do not match" list (empty when they agree).
std::vector<std::string> structure_mismatches(const TreeDef& a, const TreeDef& b, const std::string& a_name,
                                              const std::string& b_name, python::Interpreter& interp);

}  // namespace rungs::pallas
