# expect error: SyntaxError: name 'x' is parameter and global @3:5
def f(x):
    global x
