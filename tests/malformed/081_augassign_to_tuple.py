# expect error: SyntaxError: 'tuple' is an illegal expression for augmented assignment @2:1
a, b += 1
