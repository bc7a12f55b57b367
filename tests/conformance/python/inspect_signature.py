# inspect as kernel wrappers use it: checking whether a callable accepts a
# keyword before passing it, listing a kernel's parameters, telling
# functions from classes, and binding arguments to names.
import functools
import inspect


def matmul_kernel(x_ref, y_ref, o_ref, *, block_k=128, precision=None):
    pass


def wrapper(fn, **options):
    accepted = inspect.signature(fn).parameters
    return {k: v for k, v in options.items() if k in accepted}


print(wrapper(matmul_kernel, block_k=256, interpret=True))
sig = inspect.signature(matmul_kernel)
print(sig)
print(repr(sig))
for name, p in sig.parameters.items():
    print(name, p.kind, p.default is inspect.Parameter.empty, p.default)
print(list(sig.parameters))
print(sig.parameters["block_k"], repr(sig.parameters["block_k"]))
print(sig.parameters["block_k"].kind == inspect.Parameter.KEYWORD_ONLY, int(inspect.Parameter.VAR_POSITIONAL))


class BlockSizes:
    def __init__(self, block_q, block_k=512):
        self.block_q = block_q

    def scaled(self, factor, /, *rest, **extra):
        return self


print(inspect.signature(BlockSizes), inspect.signature(BlockSizes(128).scaled))
print(inspect.signature(BlockSizes.scaled), inspect.signature(lambda a, b=2: a))


@functools.wraps(matmul_kernel)
def traced(*args, **kwargs):
    return matmul_kernel(*args, **kwargs)


print(inspect.signature(traced), inspect.signature(traced, follow_wrapped=False))


def tiles():
    yield 1


print(inspect.isfunction(matmul_kernel), inspect.isfunction(BlockSizes), inspect.isclass(BlockSizes))
print(inspect.ismethod(BlockSizes(1).scaled), inspect.isgeneratorfunction(tiles), inspect.isgenerator(tiles()))
print(inspect.ismodule(inspect), inspect.isbuiltin(len), inspect.isroutine(len), inspect.isclass(int))
bound = sig.bind(1, 2, 3, block_k=64)
print(bound.arguments, bound.args, bound.kwargs)
bound.apply_defaults()
print(bound.arguments)
try:
    sig.bind(1)
except TypeError as e:
    print("TypeError:", e)
print(inspect.getdoc(BlockSizes), inspect.Parameter.empty)
inspect.signature(3)  # expect error: TypeError: 3 is not a callable object
# expect: {'block_k': 256}
# expect: (x_ref, y_ref, o_ref, *, block_k=128, precision=None)
# expect: <Signature (x_ref, y_ref, o_ref, *, block_k=128, precision=None)>
# expect: x_ref POSITIONAL_OR_KEYWORD True <class 'inspect._empty'>
# expect: y_ref POSITIONAL_OR_KEYWORD True <class 'inspect._empty'>
# expect: o_ref POSITIONAL_OR_KEYWORD True <class 'inspect._empty'>
# expect: block_k KEYWORD_ONLY False 128
# expect: precision KEYWORD_ONLY False None
# expect: ['x_ref', 'y_ref', 'o_ref', 'block_k', 'precision']
# expect: block_k=128 <Parameter "block_k=128">
# expect: True 2
# expect: (block_q, block_k=512) (factor, /, *rest, **extra)
# expect: (self, factor, /, *rest, **extra) (a, b=2)
# expect: (x_ref, y_ref, o_ref, *, block_k=128, precision=None) (*args, **kwargs)
# expect: True False True
# expect: True True True
# expect: True True True True
# expect: {'x_ref': 1, 'y_ref': 2, 'o_ref': 3, 'block_k': 64} (1, 2, 3) {'block_k': 64}
# expect: {'x_ref': 1, 'y_ref': 2, 'o_ref': 3, 'block_k': 64, 'precision': None}
# expect: TypeError: missing a required argument: 'y_ref'
# expect: None <class 'inspect._empty'>
