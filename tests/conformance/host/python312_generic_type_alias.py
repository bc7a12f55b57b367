# PEP 695 type parameters (Python 3.12, which JAX at the modelled commit
# requires; its own kernels write `class PipelineCallback[T](Protocol)`):
# generic classes, functions and type aliases are accepted. Annotations are
# never evaluated, so the parameters only name types for readers.
from typing import Protocol


class Callback[T](Protocol):
    def __call__(self, arg: T, /) -> T: ...


class Box[T, *Ts, **P]:
    def __init__(self, item: T):
        self.item = item


def first[T: (int, float)](items: list[T]) -> T:
    return items[0]


type Pair[K, V: list[int]] = tuple[K, V]

print(Box(3).item, first([2.5, 1.0]))  # expect: 3 2.5
print(Pair.__name__)  # expect: Pair
print(Callback.__name__)  # expect: Callback
