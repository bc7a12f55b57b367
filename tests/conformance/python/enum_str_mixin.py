# Enums mixed with str or int, as kernel files declare implementation
# choices (`class Impl(str, enum.Enum)`): members compare equal to their
# values, keep str's methods, look up by value, and print as Enum members.
import enum


class TriangleSolverImpl(str, enum.Enum):
    GAUSSIAN = "gaussian"
    BLOCKED = "blocked"


class Generation(int, enum.Enum):
    V5E = 5
    V6E = 6


impl = TriangleSolverImpl("blocked")
print(impl, repr(impl), f"{impl}", impl.value, impl.name)
print(impl == "blocked", impl != "gaussian", impl.upper(), impl.startswith("blo"))
print(TriangleSolverImpl.GAUSSIAN is TriangleSolverImpl("gaussian"), list(TriangleSolverImpl))
print([m.value for m in TriangleSolverImpl], len(TriangleSolverImpl), "gaussian" in [m.value for m in TriangleSolverImpl])
gen = Generation(6)
print(gen, repr(gen), gen + 1, gen > 5, gen == 6, int(gen), sorted([Generation.V6E, Generation.V5E]))
print(isinstance(impl, TriangleSolverImpl), isinstance(impl, enum.Enum), type(impl).__name__)
TriangleSolverImpl("lu")  # expect error: ValueError: 'lu' is not a valid TriangleSolverImpl
# expect: TriangleSolverImpl.BLOCKED <TriangleSolverImpl.BLOCKED: 'blocked'> TriangleSolverImpl.BLOCKED blocked BLOCKED
# expect: True True BLOCKED True
# expect: True [<TriangleSolverImpl.GAUSSIAN: 'gaussian'>, <TriangleSolverImpl.BLOCKED: 'blocked'>]
# expect: ['gaussian', 'blocked'] 2 True
# expect: Generation.V6E <Generation.V6E: 6> 7 True True 6 [<Generation.V5E: 5>, <Generation.V6E: 6>]
# expect: True True TriangleSolverImpl
