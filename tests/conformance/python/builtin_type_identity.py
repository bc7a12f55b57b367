# type() of built-in values is the built-in type itself, as harness code
# checks it (`type(x) is int`, dispatch tables keyed by type), bool is a
# subclass of int, and str.partition/rpartition split config strings.
handlers = {int: "int", float: "float", str: "str", list: "list", tuple: "tuple", dict: "dict", bool: "bool"}
for value in [3, 2.5, "s", [1], (1,), {}, True]:
    print(repr(value), type(value) is handlers and False or handlers[type(value)], type(value) == type(value))
print(type(1) is int, type(True) is bool, type(True) is int, type(None).__name__, type(len).__name__)
print(issubclass(bool, int), issubclass(int, bool), issubclass(bool, (str, int)), isinstance(True, int))
print(type(3)(7.9), type("a")(12), type([1])((2, 3)))
key, _, value = "block_q=128".partition("=")
print(key, value, "a.b.c".rpartition("."), "plain".partition(":"), "plain".rpartition(":"))
"x".partition("")  # expect error: ValueError: empty separator
# expect: 3 int True
# expect: 2.5 float True
# expect: 's' str True
# expect: [1] list True
# expect: (1,) tuple True
# expect: {} dict True
# expect: True bool True
# expect: True True False NoneType builtin_function_or_method
# expect: True False True True
# expect: 7 12 [2, 3]
# expect: block_q 128 ('a.b', '.', 'c') ('plain', '', '') ('', '', 'plain')
