# A big int used as a sequence index: CPython's IndexError, not a silent wrap.
blocks = [128, 256, 512]
print(blocks[2 ** 0], blocks[-1], 2 ** 64 in blocks, blocks.count(2 ** 70))
print(blocks[2 ** 64])  # expect error: IndexError: cannot fit 'int' into an index-sized integer
# expect: 256 512 False 0
