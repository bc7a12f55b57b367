// collections and collections.abc, as far as kernel files use them:
// `from collections.abc import Callable, Sequence` for annotations, and
// collections.namedtuple for configs (named_tuples.h). The abstract base
// classes are annotation markers: they subscript and print as CPython's
// (collections.abc.Callable[[int], int]); isinstance against them is not
// modelled. defaultdict, Counter, deque and OrderedDict are Python classes
// (collections_source.cpp).
#include "core/python/library_sources.h"
#include "core/python/modules.h"
#include "core/python/named_tuples.h"

namespace rungs::python {

namespace {
const char* const kAbstractClasses[] = {
    "Awaitable", "Coroutine", "AsyncIterable", "AsyncIterator", "AsyncGenerator", "Hashable", "Iterable",
    "Iterator", "Generator", "Reversible", "Sized", "Container", "Callable", "Collection", "Set", "MutableSet",
    "Mapping", "MutableMapping", "MappingView", "KeysView", "ItemsView", "ValuesView", "Sequence",
    "MutableSequence", "ByteString", "Buffer"};
}  // namespace

void register_module_collections() {
  Interpreter::register_module("collections.abc", [](Interpreter&) {
    auto m = new_module("collections.abc");
    for (const char* name : kAbstractClasses) def_value(*m, name, annotation_marker(std::string("collections.abc.") + name));
    return Value::object(m);
  });
  Interpreter::register_module("collections", [](Interpreter& ip) {
    Value module = ip.define_generated_module("collections", kCollectionsSource,
                                              {{"_raise_error", registered_error_raiser()}});
    auto& m = module.as<ModuleObj>();
    def(m, "namedtuple", namedtuple_function);
    // `import collections` then `collections.abc.Sequence`, as CPython's package exposes it.
    def_value(m, "abc", ip.import_module("collections.abc", {}));
    return module;
  });
}

}  // namespace rungs::python
