# Putting the wrong value into a typed array: CPython 3.11's messages for
# each typecode (some codes pass through a wider C type first, which shows
# in their overflow texts).
import array

problems = []
cases = [("b", 300), ("b", -300), ("b", 2 ** 31), ("B", 256), ("B", -1), ("h", 40000), ("h", -2 ** 40),
         ("H", -1), ("H", 70000), ("H", 2 ** 31), ("i", 2 ** 31), ("i", -2 ** 31 - 1), ("I", -1),
         ("I", 2 ** 32), ("I", 2 ** 64), ("l", 2 ** 63), ("L", -5), ("L", 2 ** 64), ("q", -2 ** 63 - 1),
         ("Q", -1), ("Q", 2 ** 64), ("i", 1.5), ("i", "7"), ("f", "x"), ("d", None), ("d", 2 ** 1100)]
for code, value in cases:
    try:
        array.array(code, [value])
    except (OverflowError, TypeError) as e:
        problems.append(f"{code} {type(e).__name__}: {e}")
print(problems[:6])  # expect: ['b OverflowError: signed char is greater than maximum', 'b OverflowError: signed char is less than minimum', 'b OverflowError: signed short integer is greater than maximum', 'B OverflowError: unsigned byte integer is greater than maximum', 'B OverflowError: unsigned byte integer is less than minimum', 'h OverflowError: signed short integer is greater than maximum']
print(problems[6:12])  # expect: ['h OverflowError: signed short integer is less than minimum', 'H OverflowError: unsigned short is less than minimum', 'H OverflowError: unsigned short is greater than maximum', 'H OverflowError: signed integer is greater than maximum', 'i OverflowError: signed integer is greater than maximum', 'i OverflowError: signed integer is less than minimum']
print(problems[12:18])  # expect: ["I OverflowError: can't convert negative value to unsigned int", 'I OverflowError: unsigned int is greater than maximum', 'I OverflowError: Python int too large to convert to C unsigned long', 'l OverflowError: Python int too large to convert to C long', "L OverflowError: can't convert negative value to unsigned int", 'L OverflowError: Python int too large to convert to C unsigned long']
print(problems[18:])  # expect: ['q OverflowError: int too big to convert', "Q OverflowError: can't convert negative int to unsigned", 'Q OverflowError: int too big to convert', "i TypeError: 'float' object cannot be interpreted as an integer", "i TypeError: 'str' object cannot be interpreted as an integer", 'f TypeError: must be real number, not str', 'd TypeError: must be real number, not NoneType', 'd OverflowError: int too large to convert to float']

other = []
for attempt in range(12):
    a = array.array("i", [1, 2, 3])
    try:
        if attempt == 0:
            array.array("z")
        elif attempt == 1:
            array.array(1)
        elif attempt == 2:
            array.array("ii")
        elif attempt == 3:
            a[5]
        elif attempt == 4:
            a[3] = 1
        elif attempt == 5:
            a.index(9)
        elif attempt == 6:
            a.remove(9)
        elif attempt == 7:
            a.pop(3)
        elif attempt == 8:
            a + array.array("d", [1.0])
        elif attempt == 9:
            a.extend(array.array("h", [1]))
        elif attempt == 10:
            a[0:1] = [4]
        else:
            hash(a)
    except (TypeError, ValueError, IndexError) as e:
        other.append(f"{type(e).__name__}: {e}")
print(other[:4])  # expect: ['ValueError: bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)', 'TypeError: array() argument 1 must be a unicode character, not int', 'TypeError: array() argument 1 must be a unicode character, not str', 'IndexError: array index out of range']
print(other[4:8])  # expect: ['IndexError: array assignment index out of range', 'ValueError: array.index(x): x not in array', 'ValueError: array.remove(x): x not in array', 'IndexError: pop index out of range']
print(other[8:])  # expect: ['TypeError: bad argument type for built-in operation', 'TypeError: can only extend with array of same kind', 'TypeError: can only assign array (not "list") to array slice', "TypeError: unhashable type: 'array.array'"]
empty = array.array("d")
try:
    empty.pop()
except IndexError as e:
    print(e)  # expect: pop from empty array
try:
    array.array("i", "12")
except TypeError as e:
    print(e)  # expect: cannot use a str to initialize an array with typecode 'i'
try:
    a.fromlist((1, 2))
except TypeError as e:
    print(e)  # expect: arg must be list
a.append(2.5)  # expect error: TypeError: 'float' object cannot be interpreted as an integer
