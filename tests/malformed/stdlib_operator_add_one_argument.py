# expect error: TypeError: add expected 2 arguments, got 1 @3:9
import operator
total = operator.add(1)
