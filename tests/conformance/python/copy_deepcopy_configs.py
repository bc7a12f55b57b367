# copy.copy and copy.deepcopy on harness state: frozen dataclass configs,
# named tuples, enum members (kept), nested lists, shared and cyclic
# references (the memo), and a __deepcopy__ hook.
import copy, dataclasses, enum
from typing import NamedTuple
@dataclasses.dataclass(frozen=True)
class Cfg:
    blocks: list
    name: str = "x"
class Mode(enum.Enum):
    A = 1
class T(NamedTuple):
    a: list
    b: int = 2
class Node:
    def __init__(self): self.children = []; self.parent = None
base = {"cfg": Cfg([1, 2]), "mode": Mode.A, "t": T([3]), "lst": [[1], [2]]}
deep = copy.deepcopy(base)
shallow = copy.copy(base)
deep["cfg"].blocks.append(9); deep["t"].a.append(4); deep["lst"][0].append(5)
print(base, deep)
print(shallow["lst"] is base["lst"], deep["mode"] is Mode.A, type(deep["t"]).__name__, deep["cfg"] == base["cfg"])
n = Node(); c = Node(); c.parent = n; n.children.append(c)
m = copy.deepcopy(n)
print(m.children[0].parent is m, m is not n, type(m).__name__)
shared = [1]; pair = [shared, shared]; p2 = copy.deepcopy(pair); print(p2[0] is p2[1], p2[0] is not shared)
class WithHook:
    def __deepcopy__(self, memo): return "hooked"
print(copy.deepcopy([WithHook()]), copy.copy((1, 2)), copy.copy(Cfg([1])))
copy.deepcopy(base, memo=[])  # expect error: AttributeError: 'list' object has no attribute 'get'
# expect: {'cfg': Cfg(blocks=[1, 2], name='x'), 'mode': <Mode.A: 1>, 't': T(a=[3], b=2), 'lst': [[1], [2]]} {'cfg': Cfg(blocks=[1, 2, 9], name='x'), 'mode': <Mode.A: 1>, 't': T(a=[3, 4], b=2), 'lst': [[1, 5], [2]]}
# expect: True True T False
# expect: True True Node
# expect: True True
# expect: ['hooked'] (1, 2) Cfg(blocks=[1], name='x')
