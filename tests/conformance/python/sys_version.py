# sys as harness code checks it.
import sys
print(sys.version_info >= (3, 10), sys.version_info < (3, 11), sys.version_info[:2] == (3, 11))
print(sys.version_info.major, sys.version_info.minor, sys.version_info[0], len(sys.version_info))
major, minor, *_ = sys.version_info
print(major, minor, (3, 9) < sys.version_info, sys.version_info > (3, 11, 0, "alpha"))
print(sys.version.startswith("3.11"), sys.platform, sys.byteorder, sys.maxsize == 9223372036854775807)
print(sys.float_info.epsilon, sys.float_info.max, sys.float_info.mant_dig, 1.0 + sys.float_info.epsilon > 1.0)
print(type(sys.argv).__name__, len(sys.argv), sys.argv[0].endswith(".py"))
if sys.version_info < (3, 8):
    print("too old")
else:
    print("ok")
try:
    sys.exit(2)
except SystemExit as e:
    print("exit caught", e)
try:
    sys.exit()
except Exception:
    print("not reached: SystemExit is not an Exception")
except BaseException as e:
    print("BaseException", type(e).__name__)
sys.exit("bye")  # expect error: SystemExit: bye
# expect: True False True
# expect: 3 11 3 5
# expect: 3 11 True True
# expect: True linux little True
# expect: 2.220446049250313e-16 1.7976931348623157e+308 53 True
# expect: list 1 True
# expect: ok
# expect: exit caught 2
# expect: BaseException SystemExit
