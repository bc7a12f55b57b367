// x[key] and x[key] = v for Python's sequences and dicts. Arrays and refs
// belong to the jnp layer (NumPy indexing, ref reads and writes).
#include "core/python/classes.h"
#include "core/python/array_protocol.h"
#include "core/python/int_value.h"
#include "core/python/interpreter.h"
#include "core/python/modules.h"
#include "core/python/operators.h"
#include "core/python/value_ops.h"
#include "core/python/utf8.h"

namespace rungs::python {

namespace {
// The built-in types that subscript into a generic alias (PEP 585).
bool generic_type(const std::string& tag) {
  return tag == "list" || tag == "dict" || tag == "tuple" || tag == "set" || tag == "frozenset" || tag == "type";
}
// Python's slice.indices(n): normalised start, stop, step.
void slice_indices(Interpreter& interp, const SliceObj& s, int64_t n, int64_t& start,
                   int64_t& stop, int64_t& step, SourceRange where) {
  (void)interp;
  step = s.step.is_none() ? 1 : to_index(s.step, where);
  if (step == 0) raise(ErrorId::slice_step_zero, where);
  auto clampv = [&](const Value& v, int64_t dflt, int64_t lo, int64_t hi) {
    if (v.is_none()) return dflt;
    int64_t x = to_index(v, where);
    if (x < 0) x += n;
    return x < lo ? lo : x > hi ? hi : x;
  };
  if (step > 0) {
    start = clampv(s.start, 0, 0, n);
    stop = clampv(s.stop, n, 0, n);
  } else {
    start = clampv(s.start, n - 1, -1, n - 1);
    stop = clampv(s.stop, -1, -1, n - 1);
  }
}

std::vector<int64_t> slice_positions(Interpreter& interp, const SliceObj& s, int64_t n,
                                     SourceRange where) {
  int64_t start, stop, step;
  slice_indices(interp, s, n, start, stop, step, where);
  std::vector<int64_t> out;
  for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step) out.push_back(i);
  return out;
}

int64_t normalise_index(int64_t i, int64_t n, const char* what, SourceRange where) {
  if (i < 0) i += n;
  if (i < 0 || i >= n) raise(ErrorId::sequence_index_range, where, what);
  return i;
}
}  // namespace

Value Interpreter::getitem(const Value& obj, const Value& key, SourceRange where) {
  Value user;
  if (call_dunder(*this, obj, "__getitem__", Values{key}, user, where)) return user;
  if (obj.is(ObjKind::Array) || obj.is(ObjKind::Ref)) return array_protocol().getitem(*this, obj, key, where);
  if (obj.is(ObjKind::Dict)) {
    const Value* v = obj.as<DictObj>().find(key);
    if (!v) raise(ErrorId::key_error, where, repr(key));
    return *v;
  }
  if (obj.is(ObjKind::List) || obj.is(ObjKind::Tuple)) {
    bool is_list = obj.is(ObjKind::List);
    const Values& items = is_list ? obj.as<ListObj>().items : obj.as<TupleObj>().items;
    const char* what = is_list ? "list" : "tuple";
    if (key.is(ObjKind::Slice)) {
      Values out;
      for (int64_t i : slice_positions(*this, key.as<SliceObj>(), static_cast<int64_t>(items.size()), where))
        out.push_back(items[static_cast<size_t>(i)]);
      return is_list ? make_list(out) : make_tuple(out);
    }
    if (!is_integer(key) && !key.is(ObjKind::Array))
      raise(ErrorId::sequence_index_type, where, what, type_name(key));
    int64_t i = normalise_index(to_index(key, where), static_cast<int64_t>(items.size()), what, where);
    return items[static_cast<size_t>(i)];
  }
  if (obj.is(ObjKind::Str)) {
    // Positions count code points (utf8.h); ASCII indexes bytes directly.
    const std::string& s = obj.as<StrObj>().s;
    bool ascii = utf8::is_ascii(s);
    std::vector<size_t> starts = ascii ? std::vector<size_t>{} : utf8::starts(s);
    int64_t length = ascii ? static_cast<int64_t>(s.size()) : static_cast<int64_t>(starts.size()) - 1;
    auto piece = [&](int64_t i) {
      if (ascii) return s.substr(static_cast<size_t>(i), 1);
      size_t b = starts[static_cast<size_t>(i)];
      return s.substr(b, starts[static_cast<size_t>(i) + 1] - b);
    };
    if (key.is(ObjKind::Slice)) {
      std::string out;
      for (int64_t i : slice_positions(*this, key.as<SliceObj>(), length, where)) out += piece(i);
      return make_str(out);
    }
    if (!is_integer(key)) raise(ErrorId::str_index_type, where, type_name(key));
    return make_str(piece(normalise_index(index_value(key), length, "string", where)));
  }
  if (obj.is(ObjKind::Range)) {
    const auto& r = obj.as<RangeObj>();
    if (key.is(ObjKind::Slice)) {
      Values out;
      for (int64_t i : slice_positions(*this, key.as<SliceObj>(), r.length(), where))
        out.push_back(Value::integer(r.start + i * r.step));
      return make_list(out);
    }
    int64_t i = normalise_index(to_index(key, where), r.length(), "range object", where);
    return Value::integer(r.start + i * r.step);
  }
  if (obj.is(ObjKind::Builtin) && generic_type(obj.as<BuiltinObj>().type_tag)) return generic_alias(*this, obj, key);
  if (obj.is(ObjKind::Record)) {
    const auto& rec = obj.as<RecordObj>();
    auto m = rec.type->methods.find("__getitem__");
    if (m != rec.type->methods.end()) {
      CallArgs a;
      a.positional = {key};
      a.where = where;
      return m->second(*this, obj, a);
    }
  }
  raise(ErrorId::not_subscriptable, where, type_name(obj));
}

void Interpreter::setitem(const Value& obj, const Value& key, const Value& value, SourceRange where) {
  Value ignored;
  if (call_dunder(*this, obj, "__setitem__", Values{key, value}, ignored, where)) return;
  if (obj.is(ObjKind::Array) || obj.is(ObjKind::Ref)) {
    array_protocol().setitem(*this, obj, key, value, where);
    return;
  }
  if (obj.is(ObjKind::Dict)) {
    obj.as<DictObj>().set(key, value);
    return;
  }
  if (obj.is(ObjKind::List)) {
    Values& items = obj.as<ListObj>().items;
    if (key.is(ObjKind::Slice)) {
      int64_t start, stop, step;
      slice_indices(*this, key.as<SliceObj>(), static_cast<int64_t>(items.size()), start, stop, step, where);
      Values repl = iterate(value);
      if (step == 1) {
        if (stop < start) stop = start;
        items.erase(items.begin() + start, items.begin() + stop);
        items.insert(items.begin() + start, repl.begin(), repl.end());
        return;
      }
      auto pos = slice_positions(*this, key.as<SliceObj>(), static_cast<int64_t>(items.size()), where);
      if (pos.size() != repl.size()) raise(ErrorId::extended_slice_size, where, repl.size(), pos.size());
      for (size_t i = 0; i < pos.size(); ++i) items[static_cast<size_t>(pos[i])] = repl[i];
      return;
    }
    if (!is_integer(key)) raise(ErrorId::sequence_index_type, where, "list", type_name(key));
    int64_t n = static_cast<int64_t>(items.size()), i = index_value(key);
    if (i < 0) i += n;
    if (i < 0 || i >= n) raise(ErrorId::sequence_assign_range, where, "list");
    items[static_cast<size_t>(i)] = value;
    return;
  }
  if (obj.is(ObjKind::Tuple)) raise(ErrorId::no_item_assignment, where, type_name(obj));  // or the named tuple's class
  raise(ErrorId::no_item_assignment, where, type_name(obj));
}

// del items[key] for a list: an index, or a slice (extended slices delete
// every position they name, as CPython's list_ass_subscript does).
void list_delete(Interpreter& interp, ListObj& list, const Value& key, SourceRange where) {
  Values& items = list.items;
  int64_t n = static_cast<int64_t>(items.size());
  if (key.is(ObjKind::Slice)) {
    auto pos = slice_positions(interp, key.as<SliceObj>(), n, where);
    std::vector<bool> drop(items.size(), false);
    for (int64_t i : pos) drop[static_cast<size_t>(i)] = true;
    Values kept, removed;  // removed values die after the list is consistent
    for (size_t i = 0; i < items.size(); ++i) (drop[i] ? removed : kept).push_back(std::move(items[i]));
    items = std::move(kept);
    return;
  }
  if (!is_integer(key)) raise(ErrorId::sequence_index_type, where, "list", type_name(key));
  int64_t i = index_value(key);
  if (i < 0) i += n;
  if (i < 0 || i >= n) raise(ErrorId::sequence_assign_range, where, "list");
  Value removed = std::move(items[static_cast<size_t>(i)]);
  items.erase(items.begin() + i);
}

}  // namespace rungs::python
