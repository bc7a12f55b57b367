// Object helpers, Python type names and hash keys.
#include <algorithm>

#include "core/python/classes.h"
#include <cmath>
#include <cstdio>

#include "core/python/array_protocol.h"
#include "core/python/generators.h"
#include "core/python/int_value.h"
#include "core/python/py_hash.h"
#include "core/python/user_keys.h"
#include "core/python/nesting.h"
#include "core/python/objects.h"
#include "core/python/value_ops.h"

namespace rungs::python {

IteratorObj::~IteratorObj() {
  if (generator) generator_dropped(std::move(generator));
  release_members(next, repr);
}

bool Value::identical(const Value& other) const {
  if (tag_ != other.tag_) return false;
  switch (tag_) {
    case Tag::None: return true;
    case Tag::Bool:
    case Tag::Int: return i_ == other.i_;
    case Tag::Float: return f_ == other.f_ || (std::isnan(f_) && std::isnan(other.f_));
    case Tag::Obj: return obj_ == other.obj_;
  }
  return false;
}

Value make_str(std::string s) { return Value::object(std::make_shared<StrObj>(std::move(s))); }
Value make_tuple(Values items) { return Value::object(std::make_shared<TupleObj>(std::move(items))); }
Value make_list(Values items) { return Value::object(std::make_shared<ListObj>(std::move(items))); }
Value make_builtin(std::string name, BuiltinFn fn) {
  return Value::object(std::make_shared<BuiltinObj>(std::move(name), std::move(fn)));
}
const Value& ellipsis_value() {
  static const Value v = Value::object(std::make_shared<EllipsisObj>());
  return v;
}


const Value* DictObj::find(const Value& key) const {
  auto it = index.find(hash_key(key));
  return it == index.end() ? nullptr : &entries[it->second].second;
}

void DictObj::set(const Value& key, Value value) {
  std::string k = hash_key(key);
  auto it = index.find(k);
  if (it != index.end()) {
    entries[it->second].second = std::move(value);
    return;
  }
  charge.grow_to(kDictEntryBytes * static_cast<int64_t>(entries.size() + 1));
  index.emplace(std::move(k), entries.size());
  entries.emplace_back(key, std::move(value));
}

bool DictObj::erase(const Value& key) {
  auto it = index.find(hash_key(key));
  if (it == index.end()) return false;
  size_t pos = it->second;
  entries.erase(entries.begin() + static_cast<std::ptrdiff_t>(pos));
  index.erase(it);
  for (auto& [k, p] : index)
    if (p > pos) --p;
  return true;
}

bool SetObj::contains(const Value& v) const { return index.count(hash_key(v)) > 0; }

void SetObj::add(const Value& v) {
  std::string k = hash_key(v);
  if (index.count(k)) return;
  charge.grow_to(kSetItemBytes * static_cast<int64_t>(items.size() + 1));
  auto it = index.emplace(std::move(k), items.size()).first;
  items.push_back(v);
  if (table.exact()) {
    if (std::optional<int64_t> h = cpython_hash(v)) table.add(it->first, *h);  // the index's key outlives the slot
    else table.abandon();
  }
}

bool SetObj::discard(const Value& v) {
  std::string k = hash_key(v);
  auto it = index.find(k);
  if (it == index.end()) return false;
  if (table.exact()) table.discard(k, *cpython_hash(v));
  erase_item(k);
  return true;
}

void SetObj::erase_item(const std::string& k) {
  auto it = index.find(k);
  size_t pos = it->second;
  items.erase(items.begin() + static_cast<std::ptrdiff_t>(pos));
  index.erase(it);
  for (auto& [key, p] : index)
    if (p > pos) --p;
}

void SetObj::clear() {
  items.clear();
  index.clear();
  table.reset();
}

void SetObj::merge(const SetObj& other) {
  if (!table.exact() || !other.table.exact()) {
    for (const Value& v : other.ordered()) add(v);
    return;
  }
  table.merge(other.table);  // the layout first, then the values it names
  for (const Value& v : other.items) {
    std::string k = hash_key(v);
    if (index.count(k)) continue;
    charge.grow_to(kSetItemBytes * static_cast<int64_t>(items.size() + 1));
    index.emplace(std::move(k), items.size());
    items.push_back(v);
  }
  table.rebind([this](const std::string& k) { return &index.find(k)->first; });
}

Value SetObj::pop() {
  std::string k = table.exact() ? table.pop() : hash_key(items.front());
  Value v = items[index.at(k)];
  erase_item(k);
  return v;
}

Values SetObj::ordered() const {
  if (!table.exact()) return items;
  Values out;
  out.reserve(items.size());
  for (const std::string* k : table.order()) out.push_back(items[index.at(*k)]);
  return out;
}

int64_t RangeObj::length() const {
  if (step > 0 && start < stop) return (stop - start + step - 1) / step;
  if (step < 0 && start > stop) return (start - stop - step - 1) / (-step);
  return 0;
}

const Value* CallArgs::keyword(const std::string& name) const {
  for (const auto& [k, v] : keywords)
    if (k == name) return &v;
  return nullptr;
}

const Value* RecordObj::field(const std::string& name) const {
  for (const auto& [k, v] : fields)
    if (k == name) return &v;
  return nullptr;
}

Value RecordObj::get(const std::string& name) const {
  const Value* v = field(name);
  return v ? *v : Value::none();
}

void RecordObj::set(const std::string& name, Value v) {
  for (auto& [k, old] : fields)
    if (k == name) {
      old = std::move(v);
      return;
    }
  fields.emplace_back(name, std::move(v));
}

std::string type_name(const Value& v) {
  switch (v.tag()) {
    case Value::Tag::None: return "NoneType";
    case Value::Tag::Bool: return "bool";
    case Value::Tag::Int: return "int";
    case Value::Tag::Float: return "float";
    case Value::Tag::Obj: break;
  }
  switch (v.obj()->kind) {
    case ObjKind::Str: return "str";
    case ObjKind::Tuple: return v.as<TupleObj>().cls ? v.as<TupleObj>().cls->name : "tuple";
    case ObjKind::List: return "list";
    case ObjKind::Dict: return "dict";
    case ObjKind::Set: return v.as<SetObj>().frozen ? "frozenset" : "set";
    case ObjKind::Slice: return "slice";
    case ObjKind::Ellipsis: return "ellipsis";
    case ObjKind::Range: return "range";
    case ObjKind::Function: return "function";
    case ObjKind::Builtin: return v.as<BuiltinObj>().type_tag.empty() ? "builtin_function_or_method" : "type";
    case ObjKind::BoundMethod: return "method";
    case ObjKind::Module: return "module";
    case ObjKind::Record: return v.as<RecordObj>().type->name;
    case ObjKind::Exception: return v.as<ExceptionObj>().type;
    case ObjKind::Iterator: {
      const auto& it = v.as<IteratorObj>();
      return it.type_name.empty() ? "iterator" : it.type_name;
    }
    case ObjKind::Array:
    case ObjKind::Tracer:
    case ObjKind::Ref: return array_protocol().type_name(v);
    case ObjKind::Class: return "type";
    case ObjKind::Instance: return v.as<InstanceObj>().cls->name;
    case ObjKind::Descriptor: {
      auto how = v.as<DescriptorObj>().how;
      return how == DescriptorObj::Kind::Static ? "staticmethod"
             : how == DescriptorObj::Kind::Class ? "classmethod" : "property";
    }
    case ObjKind::Super: return "super";
    case ObjKind::BigInt: return "int";
  }
  return "object";
}

std::string hash_key(const Value& v) {
  switch (v.tag()) {
    case Value::Tag::None: return "N";
    case Value::Tag::Bool:
    case Value::Tag::Int: return "i" + std::to_string(v.as_int());
    case Value::Tag::Float: {
      double f = v.as_float();
      if (std::isfinite(f) && f == std::floor(f))  // 2.0**64 and 2**64 are one key
        return "i" + (std::fabs(f) < 9.2e18 ? std::to_string(static_cast<int64_t>(f)) : BigInt::from_double(f).to_string());
      char buf[40];
      std::snprintf(buf, sizeof buf, "f%.17g", f);
      return buf;
    }
    case Value::Tag::Obj: break;
  }
  switch (v.obj()->kind) {
    case ObjKind::Str: return "s" + v.as<StrObj>().s;
    case ObjKind::BigInt: return "i" + v.as<BigIntObj>().v.to_string();  // no digit limit: a key, not str()
    case ObjKind::Tuple: {
      NestingGuard guard(ErrorId::max_recursion);  // ((((...),),),) built by a loop
      std::string k = "t(";
      for (const Value& item : v.as<TupleObj>().items) {
        std::string part = hash_key(item);
        k += std::to_string(part.size()) + ":" + part;
      }
      return k + ")";
    }
    case ObjKind::Set:
      if (v.as<SetObj>().frozen) {
        // Order-free: equal frozensets are one key however they were built.
        std::vector<std::string> parts;
        for (const Value& item : v.as<SetObj>().items) parts.push_back(hash_key(item));  // any order: sorted below
        std::sort(parts.begin(), parts.end());
        std::string k = "fs(";
        for (const std::string& part : parts) k += std::to_string(part.size()) + ":" + part;
        return k + ")";
      }
      raise_here(ErrorId::unhashable, type_name(v));
    case ObjKind::Record: {
      // NumPy dtypes are equal by name and hash alike however they were
      // made (np.dtype("float32"), jnp.float32 passed through np.dtype), so
      // dicts keyed by dtype (JAX's tolerance tables) find them.
      const RecordObj& rec = v.as<RecordObj>();
      const Value* name = rec.field("name");
      if (rec.type->name == "dtype" && name && name->is(ObjKind::Str)) return "dt" + name->as<StrObj>().s;
      char buf[32];
      std::snprintf(buf, sizeof buf, "o%p", static_cast<const void*>(v.obj()));
      return buf;
    }
    case ObjKind::List:
    case ObjKind::Dict:
    case ObjKind::Slice:
    case ObjKind::Array:
    case ObjKind::Tracer:
    case ObjKind::Ref:
      raise_here(ErrorId::unhashable, type_name(v));
    default: {
      // A dataclass hashed by its fields keys by their texts; a class with
      // its own __hash__ is hashed through the interpreter (user_keys.h);
      // one with __eq__ alone is unhashable, as in CPython. Other instances
      // are keys by identity.
      if (v.is(ObjKind::Instance)) {
        const ClassObj& cls = *v.as<InstanceObj>().cls;
        for (const ClassObj* c : cls.mro) {
          if (c->key_fields.empty()) continue;
          char head[40];
          std::snprintf(head, sizeof head, "d%p(", static_cast<const void*>(&cls));
          std::string k = head;
          for (const std::string& f : c->key_fields) {
            const Value* item = v.as<InstanceObj>().dict->find(make_str(f));
            std::string part = item ? hash_key(*item) : "?";
            k += std::to_string(part.size()) + ":" + part;
          }
          return k + ")";
        }
        bool user_eq = false;
        switch (user_hash_kind(cls, &user_eq)) {
          case UserHash::Unhashable: raise_here(ErrorId::unhashable, cls.name);
          case UserHash::Own: return user_hash_key(v, user_eq);
          case UserHash::Identity: break;
        }
      }
      char buf[32];
      std::snprintf(buf, sizeof buf, "o%p", static_cast<const void*>(v.obj()));
      return buf;
    }
  }
}

bool is_int_like(const Value& v) { return v.is_int() || v.is_bool(); }

int64_t to_index(const Value& v, SourceRange where) {
  if (is_int_like(v)) return v.as_int();
  if (is_big(v)) raise(ErrorId::index_size_overflow, where);
  if (v.is(ObjKind::Array)) {
    std::optional<Value> n = array_protocol().concrete_scalar(v);
    if (n && n->is_int()) return n->as_int();
  }
  raise(ErrorId::range_arg_type, where, type_name(v));
}

}  // namespace rungs::python
