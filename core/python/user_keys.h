// Dict and set keys of classes with their own __hash__ and __eq__. Keys are
// hash_key texts (value_ops.h), computed without an interpreter; an instance
// whose class defines __hash__ needs one to call it, and equal instances
// must share a text. The running interpreter is registered here, and for
// each hash value it keeps the distinct (by ==) keys seen so far: an
// instance's text is its hash and the position of the first of those it
// equals, as CPython's dict compares a stored key with `==` after the hash.
#pragma once

#include <string>

#include "core/python/objects.h"

namespace rungs::python {

class Interpreter;
struct ClassObj;

// How a user class's instances hash, decided as CPython does by the first
// class of the MRO that defines __eq__ or __hash__: __eq__ alone (or
// `__hash__ = None`, as dataclasses set it) makes them unhashable.
enum class UserHash { Identity, Unhashable, Own };
UserHash user_hash_kind(const ClassObj& cls, bool* user_eq = nullptr);

// Registers `ip` as the interpreter that hashes user keys on this thread
// (the latest one alive; called by Interpreter's constructor and destructor).
void register_key_interpreter(Interpreter* ip);
void unregister_key_interpreter(Interpreter* ip);

// The key text of an instance whose class defines `__hash__`; `user_eq`
// tells whether it also defines `__eq__` (otherwise equality is identity).
// Errors raised by __hash__ or __eq__ propagate.
std::string user_hash_key(const Value& v, bool user_eq);

}  // namespace rungs::python
