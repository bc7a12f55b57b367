# Repeating an empty sequence 10^18 times is instant, as in Python (it used
# to loop 10^18 times); a non-empty one is refused by the memory budget.
print(len("" * 10**18), len([] * 10**18), len(() * 10**18))  # expect: 0 0 0
s = "ab" * 10**18  # expect error: MemoryError: memory limit exceeded: allocating 2000000000000000000 bytes would bring the program to ...
