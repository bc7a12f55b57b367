# parse_args over explicit lists, as tests drive a benchmark's parser:
# positionals with every nargs, option forms (--x=v, -xV, -vvv), append,
# dest, mutually exclusive groups and parse_known_args.
import argparse

parser = argparse.ArgumentParser(prog="bench_attention")
parser.add_argument("kernel", choices=["flash", "splash", "paged"])
parser.add_argument("shape", type=int, nargs=2)
parser.add_argument("extra", nargs="*")
parser.add_argument("-b", "--batch", type=int, default=1)
parser.add_argument("--seq-len", dest="seq", type=int, default=2048)
parser.add_argument("--scale", type=float)
parser.add_argument("-v", action="count", default=0)
parser.add_argument("--causal", action="store_true")
parser.add_argument("--head", action="append", type=int, default=[])
parser.add_argument("--window", nargs="?", const=128, type=int, default=None)
mode = parser.add_mutually_exclusive_group()
mode.add_argument("--fwd", action="store_true")
mode.add_argument("--bwd", action="store_true")

a = parser.parse_args(["flash", "8", "16"])
print(a)  # expect: Namespace(kernel='flash', shape=[8, 16], extra=[], batch=1, seq=2048, scale=None, v=0, causal=False, head=[], window=None, fwd=False, bwd=False)
a = parser.parse_args(["--batch=4", "splash", "1", "2", "x", "y", "-vvv", "--causal"])
print(a.kernel, a.shape, a.extra, a.batch, a.v, a.causal)  # expect: splash [1, 2] ['x', 'y'] 4 3 True
a = parser.parse_args(["paged", "3", "4", "--head", "1", "--head=2", "-b8", "--seq-len", "4096", "--scale", "0.125"])
print(a.head, a.batch, a.seq, a.scale)  # expect: [1, 2] 8 4096 0.125
a = parser.parse_args(["flash", "1", "1", "--window"])
print(a.window, a.fwd, a.bwd)  # expect: 128 False False
a = parser.parse_args(["flash", "1", "1", "--window", "64", "--bwd"])
print(a.window, a.fwd, a.bwd)  # expect: 64 False True
a = parser.parse_args(["flash", "1", "1", "--seq", "7"])
print(a.seq)  # expect: 7
a = parser.parse_args(["flash", "1", "--", "-5", "-q"])
print(a.shape, a.extra)  # expect: [1, -5] ['-q']
ns, rest = parser.parse_known_args(["flash", "2", "2", "--unknown", "--causal", "--other=1"])
print(ns.causal, rest)  # expect: True ['--unknown', '--other=1']

p2 = argparse.ArgumentParser(prog="tune")
p2.add_argument("--steps", type=int, default=10)
p2.add_argument("files", nargs="+")
print(p2.parse_args(["a.py", "b.py", "--steps", "3"]))  # expect: Namespace(steps=3, files=['a.py', 'b.py'])
print(p2.parse_known_args(["a.py", "--zz", "b.py"]))  # expect: (Namespace(steps=10, files=['a.py']), ['--zz', 'b.py'])
ns = argparse.Namespace(steps=5)
print(p2.parse_args(["c.py"], namespace=ns) is ns, ns)  # expect: True Namespace(steps=5, files=['c.py'])
p2.set_defaults(mode="sweep", steps=20)
print(p2.parse_args(["d.py"]))  # expect: Namespace(steps=20, files=['d.py'], mode='sweep')
print(p2.get_default("steps"), p2.get_default("mode"), p2.get_default("nothing"))  # expect: 20 sweep None

ns = argparse.Namespace(a=1, b="x")
print(ns, ns.a, vars(ns), "a" in ns, "c" in ns)  # expect: Namespace(a=1, b='x') 1 {'a': 1, 'b': 'x'} True False
print(ns == argparse.Namespace(a=1, b="x"), ns == argparse.Namespace(a=1))  # expect: True False
ns.c = [1, 2]
print(ns)  # expect: Namespace(a=1, b='x', c=[1, 2])
print(argparse.Namespace(**{"block-size": 128}, tile=8))  # expect: Namespace(tile=8, **{'block-size': 128})
print(argparse.Namespace())  # expect: Namespace()
