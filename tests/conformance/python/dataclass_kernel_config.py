# dataclasses as kernel configs: CPython 3.11's output.
import dataclasses
from dataclasses import dataclass, field


@dataclass
class KernelConfig:
    name: str
    grid: tuple = (1,)
    block_shape: list = field(default_factory=lambda: [8, 128])
    interpret: bool = True
    tags: dict = field(default_factory=dict, repr=False)

    def describe(self):
        return f"{self.name}: grid={self.grid} blocks={self.block_shape}"


cfg = KernelConfig("add")
print(cfg)  # expect: KernelConfig(name='add', grid=(1,), block_shape=[8, 128], interpret=True)
print(cfg.describe(), cfg.tags)  # expect: add: grid=(1,) blocks=[8, 128] {}
other = KernelConfig("add")
other.block_shape.append(1)
print(cfg.block_shape, other.block_shape, cfg == KernelConfig("add"), cfg == other)  # expect: [8, 128] [8, 128, 1] True False
print(KernelConfig("mm", (4, 4), [128, 128], False))  # expect: KernelConfig(name='mm', grid=(4, 4), block_shape=[128, 128], interpret=False)
print(KernelConfig(name="mm", interpret=False).interpret, KernelConfig.grid)  # expect: False (1,)
print([f.name for f in dataclasses.fields(KernelConfig)])  # expect: ['name', 'grid', 'block_shape', 'interpret', 'tags']
print(dataclasses.asdict(cfg))  # expect: {'name': 'add', 'grid': (1,), 'block_shape': [8, 128], 'interpret': True, 'tags': {}}
print(dataclasses.astuple(KernelConfig("z", (2,), [1])))  # expect: ('z', (2,), [1], True, {})
print(dataclasses.replace(cfg, grid=(2, 2)))  # expect: KernelConfig(name='add', grid=(2, 2), block_shape=[8, 128], interpret=True)
print(dataclasses.is_dataclass(cfg), dataclasses.is_dataclass(KernelConfig), dataclasses.is_dataclass(1))  # expect: True True False
cfg.grid = (3,)
print(cfg.grid, cfg != KernelConfig("add"), cfg == 3)  # expect: (3,) True False
print(type(cfg).__name__, KernelConfig.__init__.__qualname__)  # expect: KernelConfig KernelConfig.__init__
