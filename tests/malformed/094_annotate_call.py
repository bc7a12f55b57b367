# expect error: SyntaxError: illegal target for annotation @2:1
f(): int = 1
