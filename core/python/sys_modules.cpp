// sys.modules (sys_modules.h). The dict joins the run's heap like any
// other; the state also empties it when the interpreter goes, since a dict
// made outside a run (a test importing before exec) is in no heap, and it
// holds the sys module, whose `modules` attribute holds the dict.
#include "core/python/sys_modules.h"

#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

struct SysModulesState : StageState {
  std::shared_ptr<DictObj> dict = std::make_shared<DictObj>();
  ~SysModulesState() override { dict->drop_references(); }
};

}  // namespace

std::shared_ptr<DictObj> sys_modules(Interpreter& ip) { return ip.state<SysModulesState>().dict; }

const Value* cached_module(Interpreter& ip, const std::string& dotted) {
  return ip.state<SysModulesState>().dict->find(make_str(dotted));
}

void cache_module(Interpreter& ip, const std::string& dotted, const Value& module) {
  ip.state<SysModulesState>().dict->set(make_str(dotted), module);
}

void uncache_module(Interpreter& ip, const std::string& dotted) {
  ip.state<SysModulesState>().dict->erase(make_str(dotted));
}

}  // namespace rungs::python
