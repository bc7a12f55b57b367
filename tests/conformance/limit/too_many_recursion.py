# Infinite recursion ends with RecursionError at the call that went too deep.
def forever(n):
    return forever(n + 1)  # expect error: RecursionError: maximum recursion depth exceeded (limit 200)
forever(0)
