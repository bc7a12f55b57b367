# Name plumbing as kernel registries write it: strip a module prefix or a
# suffix, and lay out a tab-separated table.
name = "jax.experimental.pallas.ops.tpu.flash_attention"
print(name.removeprefix("jax.experimental.pallas."), name.removesuffix("_attention"), name.removeprefix("tpu"))
# expect: ops.tpu.flash_attention jax.experimental.pallas.ops.tpu.flash jax.experimental.pallas.ops.tpu.flash_attention
print(repr("kernel_fwd".removesuffix("")), repr("".removeprefix("x")))
# expect: 'kernel_fwd' ''
rows = ["block\tbytes\tok", "8x128\t4096\tTrue", "16x256\t16384\tFalse"]
for row in rows:
    print(row.expandtabs(10) + "|")
# expect: block     bytes     ok|
# expect: 8x128     4096      True|
# expect: 16x256    16384     False|
print("a\tb\n\tc".expandtabs(4).splitlines(), "é\tx".expandtabs(3), "a\tb".expandtabs(0), "a\tb".expandtabs(tabsize=2))
# expect: ['a   b', '    c'] é  x ab a b
for bad in (lambda: name.removeprefix(1), lambda: name.removesuffix(), lambda: "a\tb".expandtabs("4")):
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
# expect: TypeError: removeprefix() argument must be str, not int
# expect: TypeError: str.removesuffix() takes exactly one argument (0 given)
# expect: TypeError: 'str' object cannot be interpreted as an integer
