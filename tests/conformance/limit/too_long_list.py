# rungs-args: --max-memory 1000000
# A list materialised from a huge range is refused once it outgrows the
# memory budget, long before the step limit (it used to take gigabytes).
xs = list(range(10**9))  # expect error: MemoryError: memory limit exceeded: ...
