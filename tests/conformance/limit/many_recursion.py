# Deep but within the recursion limit (200 calls).
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(150))  # expect: 150
