# expect error: SyntaxError: keyword argument repeated: block_shape @2:32
pl.BlockSpec(block_shape=(8,), block_shape=(8,))
