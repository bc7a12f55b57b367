# globals() as kernel registries use it: defining functions by generated
# names, looking names up, and reading a function's locals().
KERNELS = ["matmul", "softmax"]


def make_runner(name):
    def runner(x):
        return f"{name}({x})"
    return runner


for kernel in KERNELS:
    globals()[f"run_{kernel}"] = make_runner(kernel)
print(run_matmul(1), run_softmax(2))
# expect: matmul(1) softmax(2)

namespace = globals()
print("KERNELS" in namespace, namespace["KERNELS"], namespace.get("run_gelu", "missing"))
# expect: True ['matmul', 'softmax'] missing
block = 128
print(namespace["block"], locals()["block"], sorted(k for k in namespace if k.startswith("run_")))
# expect: 128 128 ['run_matmul', 'run_softmax']
namespace.update(debug=True)
print(debug)
# expect: True
del namespace["debug"]
try:
    debug
except NameError as e:
    print(e)
# expect: name 'debug' is not defined


def tile_config(rows, cols=128):
    tiles = rows // 8
    return locals()


print(tile_config(64))
# expect: {'rows': 64, 'cols': 128, 'tiles': 8}


def register(name, value):
    globals()[name] = value


register("VMEM_LIMIT", 16 << 20)
print(VMEM_LIMIT, globals().pop("VMEM_LIMIT"), "VMEM_LIMIT" in globals())
# expect: 16777216 16777216 False
globals()["missing_kernel"]  # expect error: KeyError: 'missing_kernel'
