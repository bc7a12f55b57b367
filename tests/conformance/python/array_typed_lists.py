# array.array as kernel helpers use it: a typed list of indices or
# weights built once, then read, extended and converted back to a list.
import array

offsets = array.array("i", [i * 4 for i in range(8)])
print(offsets)  # expect: array('i', [0, 4, 8, 12, 16, 20, 24, 28])
print(len(offsets), offsets[0], offsets[-1], offsets.typecode, offsets.itemsize)  # expect: 8 0 28 i 4
print(offsets[2:5], offsets[::3], offsets.tolist()[:3])  # expect: array('i', [8, 12, 16]) array('i', [0, 12, 24]) [0, 4, 8]
offsets.append(32)
offsets.extend([36, 40])
offsets.extend(array.array("i", [44]))
offsets.insert(0, -4)
print(offsets)  # expect: array('i', [-4, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44])
print(offsets.pop(), offsets.pop(0), offsets.index(8), offsets.count(8), 8 in offsets, 9 in offsets)  # expect: 44 -4 2 1 True False
offsets[1] = 100
offsets[2:4] = array.array("i", [7])
del offsets[-1]
print(offsets)  # expect: array('i', [0, 100, 7, 16, 20, 24, 28, 32, 36])
offsets.remove(7)
offsets.reverse()
print(offsets, list(offsets), sum(offsets), max(offsets))  # expect: array('i', [36, 32, 28, 24, 20, 16, 100, 0]) [36, 32, 28, 24, 20, 16, 100, 0] 256 100

weights = array.array("f", [0.1, 0.25, 1 / 3])
print(weights)  # expect: array('f', [0.10000000149011612, 0.25, 0.3333333432674408])
print(weights[0], weights.tolist())  # expect: 0.10000000149011612 [0.10000000149011612, 0.25, 0.3333333432674408]
print(array.array("d", [0.1, 0.25, 1 / 3]))  # expect: array('d', [0.1, 0.25, 0.3333333333333333])
print(array.array("f", [1e300, -1e300, 3.4028235e38, 1e-46]))  # expect: array('f', [inf, -inf, 3.4028234663852886e+38, 0.0])
print(array.array("d", range(3)), array.array("f", [True, 2]))  # expect: array('d', [0.0, 1.0, 2.0]) array('f', [1.0, 2.0])

print(array.array("b", [-128, 127]), array.array("B", [0, 255]), array.array("h", [-32768, 32767]))  # expect: array('b', [-128, 127]) array('B', [0, 255]) array('h', [-32768, 32767])
print(array.array("H", [65535]), array.array("I", [2 ** 32 - 1]), array.array("l", [-2 ** 63]))  # expect: array('H', [65535]) array('I', [4294967295]) array('l', [-9223372036854775808])
print(array.array("L", [2 ** 64 - 1]), array.array("q", [2 ** 63 - 1]), array.array("Q", [2 ** 64 - 1]))  # expect: array('L', [18446744073709551615]) array('q', [9223372036854775807]) array('Q', [18446744073709551615])
print([array.array(c).itemsize for c in "bBhHiIlLqQfd"])  # expect: [1, 1, 2, 2, 4, 4, 8, 8, 8, 8, 4, 8]
print(array.array("i"), array.array("d", []), repr(array.array("q", [1])), str(array.array("B", [1, 2])))  # expect: array('i') array('d') array('q', [1]) array('B', [1, 2])

a = array.array("i", [1, 2, 3])
b = array.array("i", [1, 2, 4])
print(a == b, a < b, a == array.array("d", [1.0, 2.0, 3.0]), a == [1, 2, 3], a != b)  # expect: False True True False True
print(a + b, a * 2, 2 * array.array("h", [5]))  # expect: array('i', [1, 2, 3, 1, 2, 4]) array('i', [1, 2, 3, 1, 2, 3]) array('h', [5, 5])
a += b
a *= 2
print(a, len(a))  # expect: array('i', [1, 2, 3, 1, 2, 4, 1, 2, 3, 1, 2, 4]) 12
c = array.array("d", a)
print(c)  # expect: array('d', [1.0, 2.0, 3.0, 1.0, 2.0, 4.0, 1.0, 2.0, 3.0, 1.0, 2.0, 4.0])
c.fromlist([9, 10.5])
print(c[-2:], type(c).__name__, array.typecodes, isinstance(c, array.ArrayType))  # expect: array('d', [9.0, 10.5]) array bBuhHiIlLqQfd True
