# expect error: SyntaxError: 'function call' is an illegal expression for augmented assignment @2:1
f() += 1
