# JAX's private helpers that Pallas kernels and tests import by path
# (jax._src.util), with jaxlib's safe_map/safe_zip length errors.
from jax._src import util as jax_util
from jax._src.util import safe_map, safe_zip, split_list, merge_lists, partition_list, unzip2

print(safe_map(lambda a, b: a * b, [1, 2, 3], (4, 5, 6)))  # expect: [4, 10, 18]
print(safe_zip("ab", [1, 2]))  # expect: [('a', 1), ('b', 2)]
print(split_list(list(range(7)), [2, 3]))  # expect: [[0, 1], [2, 3, 4], [5, 6]]
print(partition_list([True, False, True], ["q", "k", "v"]))  # expect: (['k'], ['q', 'v'])
print(merge_lists([True, False, True], ["k"], ["q", "v"]))  # expect: ['q', 'k', 'v']
print(unzip2([(1, "a"), (2, "b")]), jax_util.unzip3([(1, 2, 3)]))  # expect: ((1, 2), ('a', 'b')) ((1,), (2,), (3,))
print(jax_util.canonicalize_axis(-1, 3), jax_util.tuple_update((1, 2, 3), 1, 9), jax_util.ceil_of_ratio(7, 2))  # expect: 2 (1, 9, 3) 4


def kernel_mask(q, k):
    return q >= k


f = jax_util.HashableFunction(kernel_mask, closure=(128,))
g = jax_util.HashableFunction(kernel_mask, closure=(128,))
print(f == g, hash(f) == hash(g), f(3, 2), f)  # expect: True True True <hashable kernel_mask with closure=(128,)>


@jax_util.cache()
def table(n):
    return tuple(range(n))


print(table(3) is table(3))  # expect: True
problems = []
for args in (([1, 2], [1]), ([1], [1, 2])):
    try:
        safe_map(lambda a, b: a, *args)
    except ValueError as e:
        problems.append(str(e))
print(problems)  # expect: ['safe_map() argument 2 is shorter than argument 1', 'safe_map() argument 2 is longer than argument 1']
try:
    jax_util.canonicalize_axis(3, 2)
except ValueError as e:
    print(e)  # expect: axis 3 is out of bounds for array of dimension 2
safe_zip([1, 2, 3], [4, 5], [6, 7, 8])  # expect error: ValueError: safe_zip() argument 1 has length 2 but argument 0 has length 3. All lengths: (3, 2, 3)
