# rungs-args: --max-memory 10000000
# Strings count against the memory budget: doubling one is refused before
# the result is built (it used to grow until the process ran out of memory).
s = "x" * 1000
for i in range(40):
    s = s + s  # expect error: MemoryError: memory limit exceeded: allocating 8192000 bytes would bring the program to ...
