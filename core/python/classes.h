// User-defined classes: `class` statements, their instances, bound methods,
// staticmethod/classmethod/property and super(), with CPython's lookup rules.
//
// A class is a namespace (a DictObj, so vars(C) and memory charging come for
// free) plus its bases and C3 method resolution order. Attribute lookup on an
// instance reads the instance dict, then each class of the MRO; a function
// found on a class is bound to the instance on access. The dunder protocol is
// one helper (call_dunder) that the operators, subscripts, repr, iteration
// and builtins consult before their built-in behaviour, as CPython's type
// slots do. Classes deriving from a built-in exception make ExceptionObj
// instances (so raise/except, tracebacks and error documents work unchanged),
// carrying their class and an attribute dict. Classes and instances are
// Collectable: an instance referring to itself, or a class whose methods'
// closures reach it, is freed at the end of a run.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/python/objects.h"

namespace rungs::python {

struct ClassObj : Object, Collectable, std::enable_shared_from_this<ClassObj> {
  ClassObj() : Object(ObjKind::Class), dict(std::make_shared<DictObj>()), charge(kDictEntryBytes) {}
  ~ClassObj() override { release_members(bases, dict); }
  void drop_references() override {
    mro.clear();
    release_members(bases, dict);
  }
  std::string name;                   // __name__
  std::string qualname;               // __qualname__ ("Outer.Inner", "f.<locals>.A")
  Values bases;                       // as written; ClassObj or built-in exception classes
  std::vector<const ClassObj*> mro;   // C3 order, this class first; kept alive by `bases`
  std::shared_ptr<DictObj> dict;      // the class namespace
  std::string exc_base;               // the built-in exception class it derives from, or ""
  std::vector<std::string> tuple_fields;  // a named tuple class: its fields (named_tuples.h)
  bool is_tuple_class = false;
  // A dataclass hashed by its fields (frozen or unsafe_hash): as a dict key
  // or set member an instance is its class plus these fields' values, which
  // is what its generated __hash__ and __eq__ compare.
  std::vector<std::string> key_fields;
  // __slots__: this class's own declaration, if any; when every class of
  // the MRO declares them (without '__dict__'), `slots` is their union and
  // instances take only those names and have no __dict__. Slot values live
  // in the instance dict all the same, so `slot_names` (the union, set even
  // when a class of the MRO is unslotted) is what __dict__ and vars() hide.
  std::optional<std::vector<std::string>> own_slots;
  std::optional<std::vector<std::string>> slots;
  std::vector<std::string> slot_names;
  HostCharge charge;

  // The attribute `name` on this class or the first class of its MRO that has it.
  const Value* lookup(const std::string& name) const;
  bool derives_from(const ClassObj* other) const;
  Value value() const { return Value::object(std::const_pointer_cast<ClassObj>(shared_from_this())); }
};

struct InstanceObj : Object, Collectable {
  InstanceObj(std::shared_ptr<ClassObj> cls, uint64_t serial)
      : Object(ObjKind::Instance), cls(std::move(cls)), dict(std::make_shared<DictObj>()),
        serial(serial), charge(kDictEntryBytes) {}
  ~InstanceObj() override { release_members(cls, dict); }
  void drop_references() override { release_members(cls, dict); }
  std::shared_ptr<ClassObj> cls;
  std::shared_ptr<DictObj> dict;  // __dict__
  uint64_t serial;                // for the printed fake address (deterministic)
  HostCharge charge;
};

// A function bound to its first argument (an instance, or a class for a
// classmethod).
struct BoundMethodObj : Object {
  BoundMethodObj(Value self, Value func)
      : Object(ObjKind::BoundMethod), self(std::move(self)), func(std::move(func)) {}
  ~BoundMethodObj() override { release_members(self, func); }
  Value self, func;
};

// staticmethod(f), classmethod(f), property(fget, fset).
struct DescriptorObj : Object {
  enum class Kind : uint8_t { Static, Class, Property };
  DescriptorObj(Kind k, Value f) : Object(ObjKind::Descriptor), how(k), func(std::move(f)) {}
  ~DescriptorObj() override { release_members(func, setter); }
  Kind how;
  Value func;    // the wrapped function, or the property's getter
  Value setter;  // the property's setter, or None
};

// super(): attribute lookup on `self` starting after `start` in its MRO.
struct SuperObj : Object {
  SuperObj(std::shared_ptr<ClassObj> start, Value self)
      : Object(ObjKind::Super), start(std::move(start)), self(std::move(self)) {}
  ~SuperObj() override { release_members(start, self); }
  std::shared_ptr<ClassObj> start;
  Value self;  // an instance or exception, or a class (in a classmethod)
};

// Pieces of the class statement that type(name, bases, dict) shares
// (type_call.cpp): "ValueError" for a built-in exception class (else ""),
// the C3 MRO, and __set_name__ on the namespace's attributes.
std::string exc_tag_name(const Value& v);
std::vector<const ClassObj*> c3_mro(const ClassObj& cls, SourceRange where);
void notify_set_name(Interpreter& interp, ClassObj& cls, SourceRange where);
// type(name, bases, dict): a class made at run time.
Value type_new(Interpreter& interp, const CallArgs& a);

// The user class of `v` (an instance, or an exception made from a user
// class), or null.
std::shared_ptr<ClassObj> user_class_of(const Value& v);

// Reads the class body's __slots__ (a name or an iterable of names) and sets
// ClassObj::slots when the whole MRO is slotted, with CPython's errors.
void apply_slots(Interpreter& interp, ClassObj& cls, SourceRange where);
// Is `name` refused on instances of `cls` (a slotted class without it)?
bool slots_refuse(const ClassObj& cls, const std::string& name);
// An instance's __dict__ as Python shows it: `dict` itself, or, when its
// class has slots, a copy without the slot values.
Value visible_instance_dict(const ClassObj& cls, const std::shared_ptr<DictObj>& dict);
// The class of a named tuple (named_tuples.h), or null for any other value.
std::shared_ptr<ClassObj> tuple_class_of(const Value& v);

// Calls v.name(*args) when v's user class defines `name`; false otherwise.
// For a class `v` the dunder comes from its class hooks (below).
bool call_dunder(Interpreter& interp, const Value& v, const char* name, Values args, Value& out,
                 SourceRange where);

// Class hooks stand in for the one metaclass the standard library needs
// (enum's EnumType): a class whose MRO binds `__class_hooks__` to an object
// has the operations on the class itself -- calling it, C[key], iter(C),
// len(C), x in C, repr(C), C.name = v -- answered by that object's methods,
// each called with the class first (hooks.__getitem__(C, key)). A hook
// __call__ returning NotImplemented lets the call instantiate as usual.
bool call_class_hook(Interpreter& interp, const Value& cls, const char* name, CallArgs args, Value& out);

// Attribute access on classes, instances, bound methods and super objects;
// false when `obj` is none of these (the caller goes on with built-ins).
bool class_getattr(Interpreter& interp, const Value& obj, const std::string& name,
                   SourceRange where, Value& out);
// obj.name = value on instances, classes and user exceptions; false otherwise.
bool class_setattr(Interpreter& interp, const Value& obj, const std::string& name,
                   const Value& value, SourceRange where);

// object.__setattr__: the same without consulting a user __setattr__.
bool object_setattr(Interpreter& interp, const Value& obj, const std::string& name,
                    const Value& value, SourceRange where);

// Calling a class, a bound method, an instance with __call__ or a staticmethod.
bool class_call(Interpreter& interp, const Value& callee, CallArgs& args, Value& out);

// An instance of `cls` made without running __init__ (copy.copy's object.__new__).
Value new_bare_instance(Interpreter& interp, std::shared_ptr<ClassObj> cls);

// isinstance(v, cls) / issubclass(c, cls) where cls is a user class.
bool class_isinstance(const Value& v, const ClassObj& cls);

// The user dunder for a binary operator (`__add__`, reflected `__radd__`);
// false when neither operand's class handles it.
bool class_binary(Interpreter& interp, lang::BinOpKind op, const Value& a, const Value& b,
                  SourceRange where, bool inplace, Value& out);
bool class_compare(Interpreter& interp, lang::CmpOpKind op, const Value& a, const Value& b,
                   SourceRange where, Value& out);

std::string class_repr(Interpreter& interp, const Value& v);  // default reprs of the kinds above

// The built-ins this module provides: staticmethod, classmethod, property,
// super, issubclass.
void add_class_builtins(std::unordered_map<std::string, Value>& table);

}  // namespace rungs::python
