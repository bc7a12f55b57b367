# str's searching methods with start and end, counted in code points.
line = "block=(8, 128) grid=(4, 2) block=(16, 128)"
first = line.find("block")
second = line.find("block", first + 1)
print(first, second, line.rfind("block", 0, second))  # expect: 0 27 0
print(line.index("grid", 10), line.count("(", 15), line.count("(", 15, 30))  # expect: 15 2 1
print(line.startswith("grid", line.find("grid")), line.endswith(")", 0, 14))  # expect: True True
print(line.startswith(("shape", "block")), line.endswith(("x", "y"), 0, 5))  # expect: True False
print(line.find("", 100), line.count("", 100), line.find("", len(line)))  # expect: -1 0 42
print(line.rindex("block"), line[-6:].find("128"), line.find("(", -10, -1))  # expect: 27 2 33
arrow = "x → y → z"
print(len(arrow), arrow[2], arrow[-1], arrow[2:5], arrow.find("y"), arrow.rfind("→"))  # expect: 9 → z → y 4 6
print(arrow.index("z", 3), arrow.count("→", 3), arrow[::-1], arrow.startswith("→", 2))  # expect: 8 1 z → y → x True
try:
  line.index("missing")
except ValueError as err:
  print("ValueError:", err)  # expect: ValueError: substring not found
try:
  line.find(8)
except TypeError as err:
  print("TypeError:", err)  # expect: TypeError: must be str, not int
try:
  line.startswith(["block"])
except TypeError as err:
  print("TypeError:", err)  # expect: TypeError: startswith first arg must be str or a tuple of str, not list
try:
  line.endswith(("x", 3))
except TypeError as err:
  print("TypeError:", err)  # expect: TypeError: tuple for endswith must only contain str, not int
try:
  line.find("b", "1")
except TypeError as err:
  print("TypeError:", err)  # expect: TypeError: slice indices must be integers or None or have an __index__ method
try:
  line.count()
except TypeError as err:
  print("TypeError:", err)  # expect: TypeError: count() takes at least 1 argument (0 given)
