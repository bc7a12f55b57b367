# expect error: TypeError: __format__ must return a str, not int @5:1
class P:
    def __format__(self, spec):
        return 0
f'{P()}'
