# collections.abc and typing in annotations, as kernel files use them: CPython 3.11's output.
from __future__ import annotations

import collections
from collections.abc import Callable, Sequence, Mapping
import functools
from typing import Any, NamedTuple, Optional


def apply_all(fns: Sequence[Callable[[int], int]], x: int) -> list[int]:
    return [f(x) for f in fns]


class Entry(NamedTuple):
    name: str
    fn: Optional[Callable[..., Any]] = None


registry: Mapping[str, Entry] = {"neg": Entry("neg", lambda v: -v)}
print(apply_all([abs, lambda v: v * 2], -3))  # expect: [3, -6]
print(registry["neg"].fn(5), Entry("x").fn, Entry("x"))  # expect: -5 None Entry(name='x', fn=None)
print(Callable[[int], int], Sequence[int])  # expect: collections.abc.Callable[[int], int] collections.abc.Sequence[int]
print(collections.abc.Mapping is Mapping, collections.OrderedDict(a=1)["a"])  # expect: True 1
print(functools.reduce(lambda a, e: a + len(e.name), [Entry("ab"), Entry("cde")], 0))  # expect: 5
