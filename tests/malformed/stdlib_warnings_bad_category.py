# expect error: TypeError: category must be a Warning subclass, not 'str' @3:1
import warnings
warnings.warn("slow", "UserWarning")
