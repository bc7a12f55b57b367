"""Annotations as kernel files write them: `from __future__ import
annotations`, names from typing, and PEP 585 generics, checked against
CPython 3.11."""
from __future__ import annotations

import typing
from typing import Any, Callable, Optional, Sequence, TypeVar

T = TypeVar("T")


def pick(xs: Sequence[int], key: Callable[[int], int] | None = None) -> Optional[int]:
    return max(xs, key=key) if xs else None


class Blocks:
    block_q: int
    block_k: Optional[int] = None

    def sizes(self) -> tuple[int, ...]:
        return (self.block_q, self.block_k)


print(pick([3, 1, 2]), pick([]), pick([1, -5], key=abs))  # expect: 3 None -5
print(typing.Optional[int], Any, typing.TYPE_CHECKING)  # expect: typing.Optional[int] typing.Any False
print(list[int], dict[str, list[float]], tuple[int, ...])  # expect: list[int] dict[str, list[float]] tuple[int, ...]
print(Callable[[int, str], float], T)  # expect: typing.Callable[[int, str], float] ~T
print(typing.cast(int, "7"))  # expect: 7
b = Blocks()
b.block_q = 128
print(b.sizes())  # expect: (128, None)
