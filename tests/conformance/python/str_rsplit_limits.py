# str.rsplit with a limit splits from the right; split keeps the rest as is.
target = "tpu_inference.kernels.quantized_matmul.kernel"
package, leaf = target.rsplit(".", 1)
print(package, leaf, target.rsplit(".", 2)[0])
# expect: tpu_inference.kernels.quantized_matmul kernel tpu_inference.kernels
print("a::b::c".rsplit("::", 1), "abc".rsplit("b", 0), "a,b,".rsplit(",", 1))
# expect: ['a::b', 'c'] ['abc'] ['a,b', '']
print("  q k  v ".rsplit(None, 1), "  q k  v ".split(None, 1), "x  ".rsplit(maxsplit=5))
# expect: ['  q k', 'v'] ['q', 'k  v '] ['x']
