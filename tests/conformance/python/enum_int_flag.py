# IntEnum priorities and Flag capabilities, as a dispatcher uses them.
from enum import Flag, IntEnum, IntFlag, auto


class Priority(IntEnum):
    LOW = 1
    HIGH = 2
    URGENT = 3


print(Priority.HIGH, repr(Priority.HIGH), str(Priority.URGENT), f"{Priority.LOW}")  # expect: 2 <Priority.HIGH: 2> 3 1
print(Priority.HIGH == 2, Priority.HIGH < Priority.URGENT, Priority.LOW + 1, 10 * Priority.HIGH)  # expect: True True 2 20
print(sorted([Priority.URGENT, Priority.LOW]), max(Priority), Priority(2), int(Priority.URGENT))  # expect: [<Priority.LOW: 1>, <Priority.URGENT: 3>] 3 2 3
print(Priority.HIGH in [2], Priority(2) == 2.0, Priority.URGENT - 1, -Priority.LOW)  # expect: True True 2 -1


class Caps(Flag):
    VMEM = auto()
    SMEM = auto()
    MXU = auto()


both = Caps.VMEM | Caps.MXU
print(repr(Caps.SMEM), repr(both), str(both), Caps.MXU.value, both.value)  # expect: <Caps.SMEM: 2> <Caps.VMEM|MXU: 5> Caps.VMEM|MXU 4 5
print(Caps.VMEM in both, Caps.SMEM in both, bool(Caps.VMEM & Caps.SMEM), repr(Caps(0)))  # expect: True False False <Caps: 0>
print(list(both), len(both), Caps(3), both == Caps(5), repr(Caps))  # expect: [<Caps.VMEM: 1>, <Caps.MXU: 4>] 2 Caps.VMEM|SMEM True <flag 'Caps'>
print(repr(~Caps.VMEM), repr(both ^ Caps.VMEM))  # expect: <Caps.SMEM|MXU: 6> <Caps.MXU: 4>


class Perm(IntFlag):
    R = 4
    W = 2
    X = 1


rw = Perm.R | Perm.W
print(repr(rw), rw, rw == 6, rw & 4, Perm(7), repr(Perm(8)))  # expect: <Perm.R|W: 6> 6 True 4 7 <Perm: 8>
try:
    Caps(8)
except ValueError as e:
    print(str(e).splitlines()[0])  # expect: <flag 'Caps'> invalid value 8
