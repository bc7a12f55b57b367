# rungs-args: --devices 4
# Host collectives inside jax.shard_map on four simulated devices: each
# device holds two rows of an (8, 2) array; every collective's result is
# printed so a wrong device order or a wrong axis shows up at once.
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("d",))
x = jnp.arange(16.0).reshape(8, 2)

def on_devices(fn, in_spec=P("d"), out_spec=P("d")):
    return jax.shard_map(fn, mesh=mesh, in_specs=in_spec, out_specs=out_spec)(x)

print(on_devices(lambda a: a + lax.axis_index("d") * 100)[:, 0])  # expect: [  0.   2. 104. 106. 208. 210. 312. 314.]
print(on_devices(lambda a: lax.psum(a, "d"), out_spec=P()))
# expect: [[24. 28.]
# expect:  [32. 36.]]
print(on_devices(lambda a: lax.pmean(a, "d"), out_spec=P())[0])  # expect: [6. 7.]
print(on_devices(lambda a: lax.pmax(a, "d"), out_spec=P())[1])  # expect: [14. 15.]
print(on_devices(lambda a: lax.pmin(a, "d"), out_spec=P())[1])  # expect: [2. 3.]
print(on_devices(lambda a: lax.all_gather(a, "d"), out_spec=P()).shape)  # expect: (4, 2, 2)
print(on_devices(lambda a: lax.all_gather(a, "d", axis=1, tiled=True), out_spec=P())[0])  # expect: [ 0.  1.  4.  5.  8.  9. 12. 13.]
ring = [(i, (i + 1) % 4) for i in range(4)]
print(on_devices(lambda a: lax.ppermute(a, "d", ring))[:, 0])  # expect: [12. 14.  0.  2.  4.  6.  8. 10.]
print(on_devices(lambda a: lax.ppermute(a, "d", [(0, 3)]))[:, 0])  # expect: [0. 0. 0. 0. 0. 0. 0. 2.]
print(on_devices(lambda a: lax.psum_scatter(a, "d", tiled=True), in_spec=P())[:, 1])  # expect: [ 4. 12. 20. 28. 36. 44. 52. 60.]
print(on_devices(lambda a: lax.psum_scatter(a.reshape(4), "d").reshape(1)))  # expect: [24. 28. 32. 36.]
y = jnp.arange(16.0)
print(jax.shard_map(lambda a: lax.all_to_all(a, "d", 0, 0, tiled=True), mesh=mesh, in_specs=P("d"), out_specs=P("d"))(y))
# expect: [ 0.  4.  8. 12.  1.  5.  9. 13.  2.  6. 10. 14.  3.  7. 11. 15.]
print(jax.shard_map(lambda a: lax.all_to_all(a.reshape(4, 1), "d", 0, 1), mesh=mesh, in_specs=P("d"), out_specs=P("d"))(y).reshape(-1))
# expect: [ 0.  4.  8. 12.  1.  5.  9. 13.  2.  6. 10. 14.  3.  7. 11. 15.]
print(jax.shard_map(lambda a: lax.psum(1, "d") + lax.axis_size("d"), mesh=mesh, in_specs=P(), out_specs=P())(x))  # expect: 8
