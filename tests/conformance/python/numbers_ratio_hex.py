# Exact views of the float constants a kernel's tolerances are built from:
# as_integer_ratio and hex() show every bit, as CPython prints them.
for value in (0.5, 1.5, 0.1, -2.75, 3.0, 1e-310, 2.0 ** 60, 0.0, -0.0):
    print(value.as_integer_ratio(), value.hex(), value.conjugate())
# expect: (1, 2) 0x1.0000000000000p-1 0.5
# expect: (3, 2) 0x1.8000000000000p+0 1.5
# expect: (3602879701896397, 36028797018963968) 0x1.999999999999ap-4 0.1
# expect: (-11, 4) -0x1.6000000000000p+1 -2.75
# expect: (3, 1) 0x1.8000000000000p+1 3.0
# expect: (20240225330731, 202402253307310618352495346718917307049556649764142118356901358027430339567995346891960383701437124495187077864316811911389808737385793476867013399940738509921517424276566361364466907742093216341239767678472745068562007483424692698618103355649159556340810056512358769552333414615230502532186327508646006263307707741093494784) 0x0.012688b70e62bp-1022 1e-310
# expect: (1152921504606846976, 1) 0x1.0000000000000p+60 1.152921504606847e+18
# expect: (0, 1) 0x0.0p+0 0.0
# expect: (0, 1) -0x0.0p+0 -0.0
print((7).as_integer_ratio(), True.as_integer_ratio(), (6).conjugate())
# expect: (7, 1) (1, 1) 6
for bad in (float("inf"), float("nan")):
    try:
        bad.as_integer_ratio()
    except (OverflowError, ValueError) as e:
        print(type(e).__name__ + ":", e)
# expect: OverflowError: cannot convert Infinity to integer ratio
# expect: ValueError: cannot convert NaN to integer ratio
