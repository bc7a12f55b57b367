# expect error: KeyError: 'pop from an empty set' @3:18
pending = {1, 2}
pending.clear(); pending.pop()
