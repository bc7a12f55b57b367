# collections.namedtuple: CPython 3.11's output.
import collections

Shape = collections.namedtuple("Shape", "rows cols")
Spec = collections.namedtuple("Spec", ["name", "shape", "dtype"], defaults=["float32"])
s = Shape(8, 128)
print(s, s.rows * s.cols, s._fields, Shape.__name__)  # expect: Shape(rows=8, cols=128) 1024 ('rows', 'cols') Shape
spec = Spec("x", s)
print(spec)  # expect: Spec(name='x', shape=Shape(rows=8, cols=128), dtype='float32')
print(spec.shape.cols, spec._field_defaults, spec._replace(dtype="bfloat16").dtype)  # expect: 128 {'dtype': 'float32'} bfloat16
print(Spec._make(["y", Shape(1, 1), "int8"]), Spec._fields)  # expect: Spec(name='y', shape=Shape(rows=1, cols=1), dtype='int8') ('name', 'shape', 'dtype')
print(spec == ("x", (8, 128), "float32"), hash(s) == hash((8, 128)))  # expect: True True
name, (r, c), dt = spec
print(name, r, c, dt, spec._asdict())  # expect: x 8 128 float32 {'name': 'x', 'shape': Shape(rows=8, cols=128), 'dtype': 'float32'}
Pair = collections.namedtuple("Pair", "left, right")
print(Pair(right=2, left=1), [p.left for p in map(Pair._make, [(1, 2), (3, 4)])])  # expect: Pair(left=1, right=2) [1, 3]
