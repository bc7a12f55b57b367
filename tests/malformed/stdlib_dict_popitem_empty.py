# expect error: KeyError: 'popitem(): dictionary is empty' @3:1
blocks = {}
blocks.popitem()
