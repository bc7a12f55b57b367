# Indentation, implicit and explicit line joining, comments.
def f(a,
      b):  # a comment
    if a:
        return [
            1, 2,
        ]
    # a comment at another indentation

    x = a + \
        b
    return x
total = f(1,
2)
