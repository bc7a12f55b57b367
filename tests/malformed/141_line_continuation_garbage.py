# expect error: SyntaxError: unexpected character after line continuation character @2:10
x = 1 + \ 2
