# expect error: NotImplementedError: 'except*' (exception groups) is not supported by Rungs @4:1
try:
    pass
except* ValueError:
    pass
