# Ordered and inherited dataclasses, ClassVar and kw_only: CPython 3.11's output.
from dataclasses import dataclass, field, fields
from typing import ClassVar


@dataclass(order=True)
class Version:
    major: int
    minor: int = 0
    kind: ClassVar[str] = "semver"


@dataclass
class Release(Version):
    label: str = "stable"


print(Version(1, 2) < Version(1, 10), Version(2) >= Version(1, 99), Version(1) <= Version(1))  # expect: True True True
print(sorted([Version(2), Version(1, 5), Version(1)]))  # expect: [Version(major=1, minor=0), Version(major=1, minor=5), Version(major=2, minor=0)]
print(Release(1, 2), [f.name for f in fields(Release)], Release.kind)  # expect: Release(major=1, minor=2, label='stable') ['major', 'minor', 'label'] semver
print(Release(3) == Release(3, 0, "stable"), Release(3) == Version(3))  # expect: True False


@dataclass(kw_only=True)
class Launch:
    grid: tuple
    num_warps: int = 4


print(Launch(grid=(2, 2)), Launch(num_warps=8, grid=(1,)))  # expect: Launch(grid=(2, 2), num_warps=4) Launch(grid=(1,), num_warps=8)


@dataclass(repr=False, eq=False)
class Plain:
    x: int


p = Plain(1)
print(p == Plain(1), p == p, p.x, hash(p) == hash(p))  # expect: False True 1 True


@dataclass
class WithInit:
    n: int
    doubled: int = field(init=False)

    def __post_init__(self):
        self.doubled = 2 * self.n


print(WithInit(21), WithInit(2).doubled)  # expect: WithInit(n=21, doubled=42) 4
Launch((2, 2))  # expect error: TypeError: Launch.__init__() takes 1 positional argument but 2 were given
