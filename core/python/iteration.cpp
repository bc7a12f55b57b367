#include "core/python/classes.h"
#include "core/python/iteration.h"

#include "core/python/array_protocol.h"
#include "core/python/interpreter.h"
#include "core/python/value_ops.h"

namespace rungs::python {

bool is_iterable(const Value& v) {
  if (!v.is_obj()) return false;
  switch (v.obj()->kind) {
    case ObjKind::Str:
    case ObjKind::Tuple:
    case ObjKind::List:
    case ObjKind::Dict:
    case ObjKind::Set:
    case ObjKind::Range:
    case ObjKind::Iterator:
      return true;
    case ObjKind::Array: return array_protocol().leading_dim(v).has_value();
    case ObjKind::Class: return v.as<ClassObj>().lookup("__class_hooks__") != nullptr;  // an enum
    case ObjKind::Instance: {
      const auto& cls = *v.as<InstanceObj>().cls;
      return cls.lookup("__iter__") || cls.lookup("__getitem__");
    }
    case ObjKind::Record: return v.as<RecordObj>().type->methods.count("__iter__") > 0;
    default: return false;
  }
}

namespace {
// __iter__ (returning an iterable, or an object with __next__), else the old
// sequence protocol: __getitem__ with 0, 1, ... until IndexError.
Iterator instance_iterator(Interpreter& interp, const Value& obj, SourceRange where) {
  Interpreter* ip = &interp;
  Value it;
  if (!call_dunder(interp, obj, "__iter__", {}, it, where)) {
    auto pos = std::make_shared<int64_t>(0);
    return [ip, obj, pos, where](Value& out) {
      try {
        call_dunder(*ip, obj, "__getitem__", Values{Value::integer((*pos)++)}, out, where);
      } catch (EngineError& e) {
        if (e.type == "IndexError" || e.type == "StopIteration") return false;
        throw;
      }
      return true;
    };
  }
  auto cls = user_class_of(it);
  if (!cls || !cls->lookup("__next__")) {
    if (!is_iterable(it)) raise(ErrorId::iter_returned_non_iterator, where, type_name(it));
    return make_iterator(interp, it, where);
  }
  return [ip, it, where](Value& out) {
    try {
      call_dunder(*ip, it, "__next__", {}, out, where);
    } catch (EngineError& e) {
      if (e.type == "StopIteration") return false;
      throw;
    }
    return true;
  };
}
}  // namespace

Iterator make_iterator(Interpreter& interp, const Value& iterable, SourceRange where) {
  if (!is_iterable(iterable)) {
    if (iterable.is(ObjKind::Array)) raise(ErrorId::iterate_scalar_array, where);
    raise(ErrorId::not_iterable, where, type_name(iterable));
  }
  auto pos = std::make_shared<int64_t>(0);
  switch (iterable.obj()->kind) {
    case ObjKind::Str: {
      // Iterate code points, not bytes.
      std::string s = iterable.as<StrObj>().s;
      return [s, pos](Value& out) {
        if (*pos >= static_cast<int64_t>(s.size())) return false;
        size_t start = static_cast<size_t>(*pos), len = 1;
        unsigned char c = static_cast<unsigned char>(s[start]);
        if (c >= 0xF0) len = 4; else if (c >= 0xE0) len = 3; else if (c >= 0xC0) len = 2;
        out = make_str(s.substr(start, len));
        *pos += static_cast<int64_t>(len);
        return true;
      };
    }
    case ObjKind::Tuple:
    case ObjKind::List: {
      // Lists are walked live, as Python does (appending while iterating works).
      Value holder = iterable;
      bool is_list = iterable.is(ObjKind::List);
      return [holder, pos, is_list](Value& out) {
        const Values& items = is_list ? holder.as<ListObj>().items : holder.as<TupleObj>().items;
        if (*pos >= static_cast<int64_t>(items.size())) return false;
        out = items[static_cast<size_t>((*pos)++)];
        return true;
      };
    }
    case ObjKind::Dict: {
      Value holder = iterable;
      return [holder, pos](Value& out) {
        const auto& entries = holder.as<DictObj>().entries;
        if (*pos >= static_cast<int64_t>(entries.size())) return false;
        out = entries[static_cast<size_t>((*pos)++)].first;
        return true;
      };
    }
    case ObjKind::Set: {
      // CPython's table order, fixed when iteration starts.
      auto items = std::make_shared<Values>(iterable.as<SetObj>().ordered());
      return [items, pos](Value& out) {
        if (*pos >= static_cast<int64_t>(items->size())) return false;
        out = (*items)[static_cast<size_t>((*pos)++)];
        return true;
      };
    }
    case ObjKind::Range: {
      const auto& r = iterable.as<RangeObj>();
      int64_t start = r.start, step = r.step, n = r.length();
      return [start, step, n, pos](Value& out) {
        if (*pos >= n) return false;
        out = Value::integer(start + step * (*pos)++);
        return true;
      };
    }
    case ObjKind::Iterator: {
      Value holder = iterable;
      return [holder](Value& out) { return holder.as<IteratorObj>().next(out); };
    }
    case ObjKind::Array: {
      Value holder = iterable;
      int64_t n = *array_protocol().leading_dim(iterable);
      Interpreter* ip = &interp;
      return [holder, n, pos, ip, where](Value& out) {
        if (*pos >= n) return false;
        out = ip->getitem(holder, Value::integer((*pos)++), where);
        return true;
      };
    }
    case ObjKind::Instance: return instance_iterator(interp, iterable, where);
    case ObjKind::Record:  // an engine record with __iter__ (PartitionSpec)
    case ObjKind::Class: {
      // iter(C) for a class whose hooks define __iter__ (an enum's members).
      Value it;
      if (call_dunder(interp, iterable, "__iter__", {}, it, where)) return make_iterator(interp, it, where);
      raise(ErrorId::not_iterable, where, type_name(iterable));
    }
    default: raise(ErrorId::not_iterable, where, type_name(iterable));
  }
}

Values Interpreter::iterate(const Value& iterable) {
  Values out;
  if (iterable.is(ObjKind::List)) return iterable.as<ListObj>().items;
  if (iterable.is(ObjKind::Tuple)) return iterable.as<TupleObj>().items;
  Iterator it = make_iterator(*this, iterable, current_range_);
  Value v;
  while (it(v)) {
    tick();
    out.push_back(v);
    // list(range(10**9)): refuse once the items would not fit the budget.
    if ((out.size() & 4095) == 0) check_host_alloc(kValueBytes * static_cast<int64_t>(out.size()));
  }
  return out;
}

}  // namespace rungs::python
