# expect error: TypeError: attribute name must be a string @3:9
import operator
shape = operator.attrgetter(0)
