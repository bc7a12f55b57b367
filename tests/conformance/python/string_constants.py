# string's constants, e.g. for naming kernels and checking identifiers.
import string
print(string.ascii_lowercase)
print(string.ascii_uppercase)
print(string.ascii_letters)
print(string.digits, string.hexdigits, string.octdigits)
print(string.punctuation)
print(repr(string.whitespace), len(string.printable))
name = "matmul_kernel_2"
print(all(c in string.ascii_letters + string.digits + "_" for c in name))
print([c for c in "a1-b2" if c in string.digits])
print(string.capwords("block  spec   for tpu"), string.capwords("a-b-c", "-"))
# expect: abcdefghijklmnopqrstuvwxyz
# expect: ABCDEFGHIJKLMNOPQRSTUVWXYZ
# expect: abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ
# expect: 0123456789 0123456789abcdefABCDEF 01234567
# expect: !"#$%&'()*+,-./:;<=>?@[\]^_`{|}~
# expect: ' \t\n\r\x0b\x0c' 100
# expect: True
# expect: ['1', '2']
# expect: Block Spec For Tpu A-B-C
