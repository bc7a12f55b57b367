# A generic `type` statement (PEP 695 type parameters) is valid Python 3.12
# outside what Rungs runs: a located NotImplementedError, never a SyntaxError.
type Pair[T] = tuple[T, T]  # expect error: NotImplementedError: a generic 'type' statement (PEP 695 type parameters) is not supported by Rungs
print("unreachable")
