#include "core/python/library_iterators.h"

#include <cstdio>

#include "core/python/host_memory.h"

namespace rungs::python {

namespace {
// Per-run counter behind the fake addresses; a separate range (0x7e...) from
// class instances' (0x7f...) so the two never print the same address.
struct LibraryIteratorState : StageState {
  uint64_t next_serial = 1;
};
}  // namespace

Value library_iterator(Interpreter& ip, const std::string& module, const std::string& name, Iterator next) {
  uint64_t serial = ip.state<LibraryIteratorState>().next_serial++;
  char address[32];
  std::snprintf(address, sizeof address, "0x7e%010llx", static_cast<unsigned long long>(0x1000 + serial * 16));
  std::string text = "<" + (module.empty() ? name : module + "." + name) + " object at " + address + ">";
  return library_iterator(name, std::move(next), [text](Interpreter&) { return text; });
}

Value library_iterator(const std::string& name, Iterator next, std::function<std::string(Interpreter&)> repr) {
  auto obj = std::make_shared<IteratorObj>(std::move(next));
  obj->type_name = name;
  obj->repr = std::move(repr);
  return Value::object(obj);
}

Values collect(Interpreter& ip, const Value& iterable, SourceRange where) {
  if (iterable.is(ObjKind::List)) return iterable.as<ListObj>().items;
  if (iterable.is(ObjKind::Tuple)) return iterable.as<TupleObj>().items;
  Iterator it = make_iterator(ip, iterable, where);
  Values out;
  Value v;
  while (it(v)) {
    ip.tick();
    out.push_back(v);
    if ((out.size() & 4095) == 0) check_host_alloc(kValueBytes * static_cast<int64_t>(out.size()));
  }
  return out;
}

}  // namespace rungs::python
