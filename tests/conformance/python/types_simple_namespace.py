# types.SimpleNamespace as harness code uses it: a kernel's tiling config
# with attribute access, added fields, equality and CPython's repr.
import types

cfg = types.SimpleNamespace(block_m=128, block_n=256, name="fwd")
print(cfg)                                 # expect: namespace(block_m=128, block_n=256, name='fwd')
print(cfg.block_m * 2, cfg.name.upper())  # expect: 256 FWD
cfg.block_k = 64
print(cfg == types.SimpleNamespace(block_m=128, block_n=256, name="fwd", block_k=64), cfg == 3)  # expect: True False
print(sorted(vars(cfg)))                  # expect: ['block_k', 'block_m', 'block_n', 'name']
print(getattr(cfg, "block_q", 32))        # expect: 32
types.SimpleNamespace(8)                  # expect error: TypeError: no positional arguments expected
