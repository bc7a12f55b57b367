# A third-party module Rungs does not have: ModuleNotFoundError names it in
# .name, as the optional-dependency guards of serving stacks check.
try:
  import psutil
  HAVE_PSUTIL = True
except ModuleNotFoundError as e:
  HAVE_PSUTIL = False
  print(e.name, e.path)  # expect: psutil None
print(HAVE_PSUTIL)  # expect: False
