// The heap object types behind Value: Python's built-in containers,
// functions, modules, exceptions, and the engine's own records (BlockSpec,
// ShapeDtypeStruct, ...). Arrays, tracers and refs are declared in
// array_value.h because they bridge to core/array and core/ir.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/errors/error.h"
#include "core/python/heap.h"
#include "core/python/host_memory.h"
#include "core/python/set_table.h"
#include "core/python/value.h"
#include "core/lang/ast.h"

namespace rungs::python {

class Interpreter;
struct ClassObj;
struct GeneratorState;  // generators.h

// str, tuple, list, dict and set charge their contents to the run's memory
// budget (host_memory.h); a list, dict or set that grows calls grew().
struct StrObj : Object {
  explicit StrObj(std::string s)
      : Object(ObjKind::Str), s(std::move(s)), charge(static_cast<int64_t>(this->s.size())) {}
  std::string s;
  HostCharge charge;
};

// Every object that holds values releases them through release_members
// (heap.h), so destroying a deeply nested structure never recurses deeply;
// lists, dicts and scopes are also Collectable, so a cycle through them is
// freed at the end of the run.
struct TupleObj : Object {
  explicit TupleObj(Values items)
      : Object(ObjKind::Tuple), items(std::move(items)), charge(kValueBytes * static_cast<int64_t>(this->items.size())) {}
  ~TupleObj() override { release_members(items, cls); }
  Values items;
  std::shared_ptr<ClassObj> cls;  // a named tuple's class (named_tuples.h), else null
  HostCharge charge;
};

struct ListObj : Object, Collectable {
  explicit ListObj(Values items)
      : Object(ObjKind::List), items(std::move(items)), charge(kValueBytes * static_cast<int64_t>(this->items.size())) {}
  ~ListObj() override { release_members(items); }
  void drop_references() override { release_members(items); }
  void grew() { charge.grow_to(kValueBytes * static_cast<int64_t>(items.size())); }
  Values items;
  HostCharge charge;
};

// Insertion-ordered hash map, as Python's dict. Keys are indexed by a
// canonical text of their value (hash_key), which makes 1, 1.0 and True the
// same key exactly as in Python.
struct DictObj : Object, Collectable {
  DictObj() : Object(ObjKind::Dict) {}
  ~DictObj() override { release_members(entries, index); }
  void drop_references() override { release_members(entries, index); }
  std::vector<std::pair<Value, Value>> entries;  // erased entries are compacted
  std::unordered_map<std::string, size_t> index;  // hash_key -> entries position
  HostCharge charge;

  const Value* find(const Value& key) const;
  void set(const Value& key, Value value);
  bool erase(const Value& key);
};

// A set keeps its values in insertion order (items, with index by
// hash_key) and simulates CPython's table beside them (set_table.h), which
// decides the order it iterates and prints in: ordered().
struct SetObj : Object {
  SetObj() : Object(ObjKind::Set) {}
  ~SetObj() override { release_members(items); }
  Values items;  // insertion order; erased entries are compacted
  std::unordered_map<std::string, size_t> index;
  SetTable table;
  HostCharge charge;
  bool frozen = false;  // a frozenset: hashable, no mutating methods
  bool contains(const Value& v) const;
  void add(const Value& v);
  bool discard(const Value& v);  // false when absent
  void clear();
  // set_merge: all of other's elements, in CPython's bulk way.
  void merge(const SetObj& other);
  Value pop();  // the element CPython's set.pop() takes; the set is not empty
  // The elements in CPython's iteration order (insertion order when the
  // table is not exact).
  Values ordered() const;

 private:
  void erase_item(const std::string& key);  // from items and index only
};

struct SliceObj : Object {
  SliceObj(Value a, Value b, Value c)
      : Object(ObjKind::Slice), start(std::move(a)), stop(std::move(b)), step(std::move(c)) {}
  ~SliceObj() override { release_members(start, stop, step); }
  Value start, stop, step;  // None when omitted
};

struct EllipsisObj : Object {
  EllipsisObj() : Object(ObjKind::Ellipsis) {}
};

struct RangeObj : Object {
  RangeObj(int64_t a, int64_t b, int64_t c) : Object(ObjKind::Range), start(a), stop(b), step(c) {}
  int64_t start, stop, step;
  int64_t length() const;
};

// Lazily produced sequence (zip, enumerate, map, dict views, iter()).
struct IteratorObj : Object {
  explicit IteratorObj(std::function<bool(Value&)> next)
      : Object(ObjKind::Iterator), next(std::move(next)) {}
  ~IteratorObj() override;  // value.cpp: a dropped generator is closed (generators.h)
  std::function<bool(Value&)> next;  // false when exhausted
  // A library iterator's identity (itertools.product, re's finditer):
  // type(it).__name__ and its repr. Empty for the built-ins' iterators.
  std::string type_name;
  std::function<std::string(Interpreter&)> repr;
  // A generator's state (send/throw/close and its return value), or null.
  std::shared_ptr<GeneratorState> generator;
};

// A variable scope: module globals, or one activation of a function.
struct Env : Collectable {
  ~Env() override { release_members(vars, parent); }
  void drop_references() override { release_members(vars, parent); }
  std::unordered_map<std::string, Value> vars;
  std::shared_ptr<Env> parent;        // lexically enclosing function scope
  const lang::Scope* scope = nullptr;  // declarations of this function, or null
  Env* globals = nullptr;             // module scope (itself for the module)
  bool is_class = false;              // a class body: functions defined here skip it
  bool is_comprehension = false;      // `:=` inside binds in the nearest enclosing non-comprehension
  std::string qualname_prefix;        // for what is defined here: "A", "f.<locals>", ""
};
using EnvPtr = std::shared_ptr<Env>;

// A `def` or `lambda` value. Holds the tree it came from alive.
struct FunctionObj : Object {
  FunctionObj() : Object(ObjKind::Function) {}
  ~FunctionObj() override { release_members(defaults, closure, owner, dict); }
  std::shared_ptr<const lang::Module> module;
  const lang::FunctionDef* def = nullptr;  // exactly one of def / lambda
  const lang::Lambda* lambda = nullptr;
  std::string name;                        // "<lambda>" for lambdas
  std::string qualname;                    // "A.method", "f.<locals>.g"
  std::shared_ptr<ClassObj> owner;         // the class whose body defined it (super()'s __class__)
  Values defaults;                         // one per param; None-tag unused
  std::vector<bool> has_default;
  EnvPtr closure;
  // Attributes set on the function (functools.wraps' __wrapped__, __doc__,
  // user tags), or null until the first is set.
  std::shared_ptr<DictObj> dict;

  const std::vector<lang::Param>& params() const { return def ? def->params : lambda->params; }
  const lang::Scope& scope() const { return def ? def->scope : lambda->scope; }
  SourceRange range() const { return def ? def->range : lambda->range; }
};

struct CallArgs {
  Values positional;
  std::vector<std::pair<std::string, Value>> keywords;
  SourceRange where;  // the call expression

  const Value* keyword(const std::string& name) const;
};

using BuiltinFn = std::function<Value(Interpreter&, CallArgs&)>;

// A function implemented in C++. When `type_tag` is set the builtin is also a
// type usable with isinstance (int, float, list, jax.Array, ...).
struct BuiltinObj : Object {
  BuiltinObj(std::string name, BuiltinFn fn, std::string type_tag = "")
      : Object(ObjKind::Builtin), name(std::move(name)), fn(std::move(fn)),
        type_tag(std::move(type_tag)) {}
  ~BuiltinObj() override { release_members(fn, attrs); }  // a bound method or partial captures values
  std::string name;  // qualified as Python shows it, e.g. "jax.numpy.zeros"
  BuiltinFn fn;
  std::string type_tag;
  // Class attributes of a built-in type (jax.ShapeDtypeStruct.like, ...).
  std::unordered_map<std::string, Value> attrs;
  // Parameter names as Args lists them ("*" starts the keyword-only ones),
  // for inspect.signature; empty when not declared.
  std::vector<std::string> signature;
};

struct ModuleObj : Object {
  explicit ModuleObj(std::string name) : Object(ObjKind::Module), name(std::move(name)) {}
  ~ModuleObj() override { release_members(attrs, globals); }
  std::string name;  // "jax.numpy"
  std::unordered_map<std::string, Value> attrs;
  // A module run from the program's files reads its attributes live from
  // its globals (a function rebinding a global is seen by `mod.name`).
  std::shared_ptr<Env> globals;
};

// An engine-defined object with named fields: pl.BlockSpec,
// jax.ShapeDtypeStruct, pltpu.VMEM, pltpu.InterpretParams, a DMA descriptor…
// The record's type supplies its repr, optional call and methods.
struct RecordObj;
struct RecordType {
  std::string name;  // as Python would print type(x).__name__, e.g. "BlockSpec"
  std::function<std::string(const RecordObj&, Interpreter&)> repr;  // may be empty
  std::function<std::string(const RecordObj&, Interpreter&)> str;   // str(); defaults to repr
  std::function<Value(Interpreter&, const Value& self, CallArgs&)> call;  // may be empty
  std::unordered_map<std::string, std::function<Value(Interpreter&, const Value& self, CallArgs&)>>
      methods;
  // Python ==; when empty, records are equal when type and fields are.
  std::function<bool(const RecordObj&, const RecordObj&)> equals;
};

struct RecordObj : Object {
  explicit RecordObj(const RecordType* type) : Object(ObjKind::Record), type(type) {}
  ~RecordObj() override { release_members(fields); }
  const RecordType* type;
  std::vector<std::pair<std::string, Value>> fields;

  const Value* field(const std::string& name) const;
  Value get(const std::string& name) const;  // None when absent
  void set(const std::string& name, Value v);
};

// A raised or constructed Python exception. Exception *types* are ExcTypes.
struct ExceptionObj : Object {
  ExceptionObj() : Object(ObjKind::Exception) {}
  ~ExceptionObj() override { release_members(args, cls, dict); }
  std::string type;     // "ValueError"
  std::string message;  // str(e)
  Values args;
  ErrorId id = ErrorId::internal_error;
  SourceRange where;
  std::vector<TracebackEntry> traceback;
  std::shared_ptr<ClassObj> cls;   // the user class (classes.h), or null for a built-in one
  // Attributes (a user exception's, and __cause__ from `raise ... from`),
  // or null. A dict, so a cycle through an exception is collectable.
  std::shared_ptr<DictObj> dict;
};

// Helpers to build values.
Value make_str(std::string s);
Value make_tuple(Values items);
Value make_list(Values items);
Value make_builtin(std::string name, BuiltinFn fn);
const Value& ellipsis_value();

}  // namespace rungs::python
