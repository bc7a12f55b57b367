# Three-argument pow as hashing and index-swizzling helpers use it:
# modular powers, negative moduli, modular inverses (pow(x, -1, m)), and
# CPython's errors for a zero modulus and a base without an inverse.
print(pow(3, 4, 5), pow(2, 62, 1000000007), pow(-3, 3, 7), pow(3, 3, -7), pow(7, 0, 5), pow(7, 0, 1))
print(pow(3, -1, 7), pow(3, -1, -7), pow(5, -2, 13), pow(123456789, 987654321, 2**61 - 1))
print(pow(True, 5, 3), pow(2, 10, None), pow(2, -1))
for args in [(2, 3, 0), (2, 1, 4.0), (4, -1, 128)]:
    try:
        pow(*args)
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
pow(6, -1, 9)  # expect error: ValueError: base is not invertible for the given modulus
# expect: 1 145586002 1 -1 1 0
# expect: 5 -2 12 50357601586279104
# expect: 1 1024 0.5
# expect: ValueError: pow() 3rd argument cannot be 0
# expect: TypeError: pow() 3rd argument not allowed unless all arguments are integers
# expect: ValueError: base is not invertible for the given modulus
