# Code from strings is outside the subset Rungs runs: exec, eval and compile
# are refused where they are called, naming the builtin (a NameError would
# call valid Python invalid).
source = "total = sum(range(4))"
try:
    eval("1 + 1")
except NotImplementedError as e:
    print(e)  # expect: eval() is not supported by Rungs
exec(source)  # expect error: NotImplementedError: exec() is not supported by Rungs
