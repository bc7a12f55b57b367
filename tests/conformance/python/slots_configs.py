# __slots__ on small kernel-config classes, as performance-minded harness
# code declares them: the listed attributes work, anything else is refused
# with CPython's AttributeError; an unslotted subclass gets a __dict__ back.
class TileConfig:
    __slots__ = ("block_m", "block_n", "num_stages")

    def __init__(self, block_m, block_n, num_stages=2):
        self.block_m = block_m
        self.block_n = block_n
        self.num_stages = num_stages

    def __repr__(self):
        return f"TileConfig({self.block_m}x{self.block_n}, stages={self.num_stages})"


cfg = TileConfig(128, 256)
print(cfg, cfg.block_m * cfg.block_n)
cfg.num_stages = 3
print(cfg)
for attr, value in [("block_k", 64), ("__repr__", None)]:
    try:
        setattr(cfg, attr, value)
    except AttributeError as e:
        print("AttributeError:", e)
try:
    print(cfg.__dict__)
except AttributeError as e:
    print("AttributeError:", e)


class Partial:
    __slots__ = ("a", "b")


p = Partial()
p.a = 1
try:
    print(p.b)
except AttributeError as e:
    print("AttributeError:", e)


class WithStages(TileConfig):
    __slots__ = ("interleave",)


w = WithStages(64, 64)
w.interleave = True
print(w, w.interleave)
try:
    w.extra = 1
except AttributeError as e:
    print("AttributeError:", e)


class Tagged(TileConfig):
    pass


t = Tagged(8, 128)
t.note = "free-form"
print(t, t.note, vars(t))


class Single:
    __slots__ = "value"


s = Single()
s.value = 5
print(s.value, getattr(s, "other", "missing"), hasattr(s, "value"))
# expect: TileConfig(128x256, stages=2) 32768
# expect: TileConfig(128x256, stages=3)
# expect: AttributeError: 'TileConfig' object has no attribute 'block_k'
# expect: AttributeError: 'TileConfig' object attribute '__repr__' is read-only
# expect: AttributeError: 'TileConfig' object has no attribute '__dict__'
# expect: AttributeError: 'Partial' object has no attribute 'b'
# expect: TileConfig(64x64, stages=2) True
# expect: AttributeError: 'WithStages' object has no attribute 'extra'
# expect: TileConfig(8x128, stages=2) free-form {'note': 'free-form'}
# expect: 5 missing True
