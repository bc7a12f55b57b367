// Internal to jax.lax control flow: pytrees (the nested tuples, lists,
// dicts and None that loop carries and branch operands may be) and the
// type checks JAX applies to them, with JAX's messages. Flattening follows
// jax.tree_util: None is an empty subtree, dict keys are sorted, anything
// else is a leaf; each leaf's keystr path ("[1]['w']") names it in errors.
#pragma once

#include <string>
#include <vector>

#include "core/jax/module_jnp_parts.h"
#include "core/python/named_tuples.h"

namespace rungs::jax {

struct Tree {
  enum class Kind : uint8_t { Leaf, None, Tuple, List, Dict, Custom };
  Kind kind = Kind::Leaf;
  std::vector<Tree> kids;
  Values keys;                         // Dict keys, in JAX's (sorted) order
  std::vector<std::string> key_reprs;  // repr of each key
  std::string leaf_type;               // "<class 'float'>", for structure errors
  std::shared_ptr<ClassObj> tuple_class;  // a NamedTuple node (rebuilt as one)
  // A registered node (jax.tree_util.register_pytree_node & co): its class
  // name, aux data (its repr is key_reprs[0], so equal trees compare equal)
  // and unflatten function, called through the interpreter that flattened it.
  std::string custom_name;
  Value custom_aux, custom_unflatten;
  Interpreter* owner = nullptr;
};

// jax.tree_util.register_pytree_node: `cls` instances flatten through
// flatten(x) -> (children, aux) and rebuild through unflatten(aux, children).
// `child_names` (register_dataclass) give leaf paths ".field", else "[i]".
// `registry` is jax.tree_util's list of registered nodes.
void register_pytree_node(Interpreter& ip, const Value& registry, const Value& cls, const Value& flatten,
                          const Value& unflatten, const std::vector<std::string>& child_names);

struct Flat {
  Tree tree;
  Values leaves;
  std::vector<std::string> paths;  // keystr of each leaf, parallel to leaves
};

Flat flatten(Interpreter& ip, const Value& v, SourceRange where);
// Rebuild `t` with ops[from:] as array leaves.
Value unflatten(const Tree& t, const std::vector<Operand>& ops, size_t from = 0);
bool same_tree(const Tree& a, const Tree& b);
std::string treedef(const Tree& t);  // "PyTreeDef((*, *))"
// The tree `t` with `leaves` (as many as it has) in its leaf positions.
Value unflatten_values(const Tree& t, const Values& leaves);
size_t leaf_count(const Tree& t);
std::vector<Operand> to_ops(Interpreter& ip, const Values& leaves, SourceRange where);

// core.typematch: shapes and dtypes agree (weak types ignored).
bool typematch(const ir::AVal& a, const ir::AVal& b);
std::string shaped_array(const ir::AVal& a);  // "ShapedArray(float32[3])"
std::vector<ir::AVal> avals_of(const std::vector<Operand>& ops, size_t from = 0);
std::vector<ir::AVal> out_avals(const ir::Jaxpr& j);

// Who checks a loop carry, for _check_carry_type's wording.
struct CarryCheck {
  const char* fn;          // "scan body" / "while_loop body"
  std::string carry_name;  // the body's first parameter ("" if unknown)
  std::string prefix;      // path of the user's carry inside JAX's carry tuple ("[1]" for fori_loop)
  SourceRange where;       // the loop call, where the error points
  std::string component(const std::string& path) const;
};
// Raise lax_carry_structure / lax_carry_types when the body changed them.
void check_structure(const CarryCheck& c, const Tree& in, Tree out);
void check_types(const CarryCheck& c, const std::vector<std::string>& paths, const std::vector<ir::AVal>& in,
                 const std::vector<ir::AVal>& out);
// One branch's outputs, for conditionals.py's _check_branch_outputs.
struct BranchOutputs {
  std::string name;    // "true_fun", "branch 0"
  std::string source;  // api_util.fun_sourceinfo: "f at FILE:LINE"
  Tree tree;
  std::vector<ir::AVal> avals;
  std::vector<std::string> paths;  // keystr of each leaf
};
// Raise lax_branch_structure / lax_branch_types (api: "cond", "switch")
// when y's outputs differ from x's in structure or type.
void check_branch_outputs(const BranchOutputs& x, const BranchOutputs& y, const char* api, SourceRange where);
// _promote_weak_typed_inputs on init[from:] against out[from:] (parallel
// vectors): widens weak leaves the body widened; true if any changed.
bool promote_weak(std::vector<Operand>& init, const std::vector<ir::AVal>& out, size_t from = 0);

// ---- shared by the control-flow builtins (module_lax_control.cpp, module_lax_scan.cpp)
bool is_callable(const Value& v);
std::string first_param(const Value& fn);  // the carry's name in _check_carry_type ("" if unknown)

struct Carry {
  Flat flat;
  std::vector<Operand> ops;  // the leaves as operands (Python scalars weak)
};
Carry carry_of(Interpreter& ip, const Value& v, SourceRange where);
// A body's result: structure-checked against the carry, leaves as operands.
std::vector<Operand> body_output(Interpreter& ip, const Value& out, const Tree& carry, const CarryCheck& check,
                                 SourceRange where);
// The tree `t` printed as Python prints it with one text per leaf (leaves
// quoted below the top when `quote`, as _check_tree_and_avals's diff of
// strings prints them; unquoted for a tree of ShapedArrays).
std::string render_tree(const Tree& t, const std::vector<std::string>& leaves, size_t& pos, bool top, bool quote);

}  // namespace rungs::jax
