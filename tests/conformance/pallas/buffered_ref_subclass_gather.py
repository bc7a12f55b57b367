# A BufferedRef subclass in the style of vLLM's and SGLang-JAX's kernels:
# a frozen dataclass adding static fields, built from a standard ref's
# fields (dataclasses.fields(pltpu.BufferedRef)), registered as a pytree,
# allocated with pl.with_scoped and passed to emit_pipeline. Its copy_in
# gathers the rows an SMEM table names, one DMA per row on the slot's
# semaphore; its wait_in waits for all of them with one window-sized wait.
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

ROWS, STEPS = 8, 4


@dataclasses.dataclass(frozen=True, kw_only=True)
class RowGatherBase(pltpu.BufferedRef):
    rows: int = dataclasses.field(metadata=dict(static=True))
    table: object = dataclasses.field(metadata=dict(static=True))

    @classmethod
    def create(cls, spec, dtype_or_type, buffer_type, buffer_count, rows, table):
        plain = pltpu.BufferedRef.create(spec=spec, dtype_or_type=dtype_or_type, buffer_type=buffer_type,
                                         buffer_count=buffer_count, grid_rank=1, use_lookahead=False)
        fields = {f.name: getattr(plain, f.name) for f in dataclasses.fields(pltpu.BufferedRef)}
        return cls(rows=rows, table=table, **fields)


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True, kw_only=True)
class RowGatherRef(RowGatherBase):

    def copy_in(self, src_ref, grid_indices):
        slot = self.current_copy_in_slot
        step = grid_indices[0]
        for r in range(self.rows):
            row = self.table[step * self.rows + r]
            pltpu.make_async_copy(src_ref.at[pl.ds(row, 1)], self.window_ref.at[slot, pl.ds(r, 1)],
                                  self.sem_recvs.at[slot]).start()

    def wait_in(self, src_ref, grid_indices):
        slot = self.current_wait_in_slot
        window = self.window_ref.at[slot]
        pltpu.make_async_copy(window, window, self.sem_recvs.at[slot]).wait()


def add_one(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


def gather_kernel(table_ref, x_hbm, o_hbm):
    spec = pl.BlockSpec((ROWS, 128), lambda i: (i, 0), pipeline_mode=pl.Buffered(buffer_count=2))
    x_alloc = RowGatherRef.input(spec=spec, dtype_or_type=x_hbm, rows=ROWS, table=table_ref)
    o_alloc = pltpu.BufferedRef.output(spec, jnp.float32)
    pipeline = pltpu.emit_pipeline(add_one, grid=(STEPS,), in_specs=(x_alloc.spec,), out_specs=(o_alloc.spec,))

    @pl.with_scoped(allocations=(x_alloc, o_alloc))
    def _run(allocations):
        pipeline(x_hbm, o_hbm, allocations=allocations)

    _run()


x = jnp.arange(ROWS * STEPS * 128, dtype=jnp.float32).reshape(ROWS * STEPS, 128)
order = jnp.array([(7 * i + 3) % 32 for i in range(32)], jnp.int32)
out = pl.pallas_call(
    gather_kernel,
    in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM), pl.BlockSpec(memory_space=pltpu.ANY)],
    out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
)(order, x)
print(bool(jnp.array_equal(out, x[order] + 1.0)))  # expect: True
print(float(out[1, 0]))  # expect: 1281.0
