// sys.modules: the interpreter's module cache is a real dict, the one the
// program reads and writes as `sys.modules`, so registering a module object
// under a name (`sys.modules["cutlass"] = types.ModuleType("cutlass")`)
// makes a later `import cutlass` find it, deleting an entry makes the next
// import run the module again, and unittest.mock.patch.dict works on it.
#pragma once

#include <memory>
#include <string>

#include "core/python/interpreter.h"

namespace rungs::python {

// The dict itself (created on first use, one per interpreter).
std::shared_ptr<DictObj> sys_modules(Interpreter& ip);
// The object registered under `dotted`, or null.
const Value* cached_module(Interpreter& ip, const std::string& dotted);
void cache_module(Interpreter& ip, const std::string& dotted, const Value& module);
void uncache_module(Interpreter& ip, const std::string& dotted);

}  // namespace rungs::python
