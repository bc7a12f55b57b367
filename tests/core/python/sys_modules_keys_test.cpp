// sys.modules as the interpreter's module cache, and dict/set keys hashed
// by a class's own __hash__/__eq__ (sys_modules.h, user_keys.h).
#include <gtest/gtest.h>

#include "core/python/sys_modules.h"
#include "run_program.h"

namespace rungs::python {
namespace {

using test_programs::error_of;
using test_programs::run;

TEST(SysModules, ImportsGoThroughTheDictTheProgramSees) {
  register_python_modules();
  Interpreter ip;
  Value math = ip.import_module("math", {});
  const Value* cached = cached_module(ip, "math");
  ASSERT_NE(cached, nullptr);
  EXPECT_EQ(cached->obj(), math.obj());
  // An entry the host registers is what `import` returns.
  auto fake = std::make_shared<ModuleObj>("fast_kernels");
  cache_module(ip, "fast_kernels", Value::object(fake));
  EXPECT_EQ(ip.import_module("fast_kernels", {}).obj(), fake.get());
  uncache_module(ip, "fast_kernels");
  EXPECT_THROW(ip.import_module("fast_kernels", {}), EngineError);
  // The same dict is sys.modules.
  ip.exec_module(lang::parse_module("import sys\nprint('math' in sys.modules, 'fast_kernels' in sys.modules)\n", "t.py"));
  EXPECT_EQ(ip.stdout_text(), "True False\n");
  EXPECT_EQ(sys_modules(ip)->find(make_str("sys"))->obj(), ip.import_module("sys", {}).obj());
}

TEST(SysModules, DeletingAnEntryRunsTheFactoryAgain) {
  EXPECT_EQ(run("import sys, json\nfirst = json\ndel sys.modules['json']\nimport json\n"
                "print(json is first, 'json' in sys.modules)\n"),
            "False True\n");
}

TEST(SysModules, ModuleTypeMakesAnImportableModule) {
  EXPECT_EQ(run("import sys, types\nsys.modules['cutlass'] = types.ModuleType('cutlass')\n"
                "import cutlass\ncutlass.arch = 90\nfrom cutlass import arch\nprint(cutlass, arch, type(cutlass) is type(sys))\n"),
            "<module 'cutlass'> 90 True\n");
  EXPECT_EQ(error_of("import types\ntypes.ModuleType()\n"),
            "TypeError: module() missing required argument 'name' (pos 1)");
}

TEST(SysModules, PatchDictRestoresTheRegistry) {
  EXPECT_EQ(run("import sys, types\nfrom unittest import mock\n"
                "with mock.patch.dict(sys.modules, {'vllm': types.ModuleType('vllm')}):\n"
                "    import vllm\n    print('vllm' in sys.modules)\nprint('vllm' in sys.modules)\n"),
            "True\nFalse\n");
  EXPECT_EQ(error_of("from unittest import mock\nmock.MagicMock()\n"),
            "NotImplementedError: unittest.mock's Mock objects (pass new= to patch) is not supported by Rungs");
}

TEST(Namespaces, GlobalsWritesThroughAndLocalsIsASnapshot) {
  EXPECT_EQ(run("def define(n, v):\n    globals()[n] = v\ndefine('z', 3)\ng = globals()\nw = 4\n"
                "print(z, g['w'], 'define' in g, locals() == globals())\n"
                "def f(a):\n    b = a * 2\n    l = locals()\n    b = 0\n    return l\nprint(f(5))\n"),
            "3 4 True True\n{'a': 5, 'b': 10}\n");
  EXPECT_EQ(error_of("globals()['nope']\n"), "KeyError: 'nope'");
  EXPECT_EQ(error_of("globals(1)\n"), "TypeError: globals() takes no arguments (1 given)");
}

TEST(UserKeys, EqualInstancesAreOneKey) {
  const char* cls =
      "class K:\n"
      "    def __init__(self, v): self.v = v\n"
      "    def __hash__(self): return self.v % 3\n"
      "    def __eq__(self, o): return isinstance(o, K) and self.v == o.v\n";
  EXPECT_EQ(run(std::string(cls) + "d = {K(1): 'a', K(4): 'b'}\nd[K(1)] = 'c'\n"
                                   "print(len(d), d[K(1)], d[K(4)], K(7) in d, len({K(2), K(2), K(5)}))\n"),
            "2 c b False 2\n");
}

TEST(UserKeys, HashErrorsPropagate) {
  EXPECT_EQ(error_of("class H:\n    def __hash__(self): raise KeyError('boom')\n{H(): 1}\n"), "KeyError: 'boom'");
  EXPECT_EQ(error_of("class H:\n    def __hash__(self): return 1.5\ns = set()\ns.add(H())\n"),
            "TypeError: __hash__ method should return an integer");
  EXPECT_EQ(error_of("class E:\n    def __eq__(self, o): return True\nhash(E())\n"), "TypeError: unhashable type: 'E'");
}

TEST(UserKeys, IdentityEqualityIgnoresEqualHashes) {
  // __hash__ alone: equal hashes, distinct keys (equality is identity).
  EXPECT_EQ(run("class H:\n    def __hash__(self): return 5\na, b = H(), H()\nprint(len({a, b, a}), {a: 1}.get(b))\n"),
            "2 None\n");
}

}  // namespace
}  // namespace rungs::python
