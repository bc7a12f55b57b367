# A benchmark script's command line: every flag has a default, the script
# is run with no arguments, and the defaults drive the sweep.
import argparse


def build_parser():
    parser = argparse.ArgumentParser(description="Sweep block sizes for a tiled matmul kernel.")
    parser.add_argument("--m", type=int, default=1024, help="rows of the left operand")
    parser.add_argument("--n", type=int, default=512)
    parser.add_argument("--dtype", choices=["float32", "bfloat16"], default="bfloat16")
    parser.add_argument("--block-sizes", type=int, nargs="+", default=[128, 256])
    parser.add_argument("--iters", default="3", type=int)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--no-check", dest="check", action="store_false")
    parser.add_argument("--tag", action="append")
    parser.add_argument("-v", "--verbose", action="count", default=0)
    parser.add_argument("--out", metavar="PATH", default=None)
    return parser


def main():
    args = build_parser().parse_args()
    print(args)  # expect: Namespace(m=1024, n=512, dtype='bfloat16', block_sizes=[128, 256], iters=3, profile=False, check=True, tag=None, verbose=0, out=None)
    print(args.m, args.n, args.dtype, args.block_sizes, args.iters, args.profile, args.check)  # expect: 1024 512 bfloat16 [128, 256] 3 False True
    print(type(args.iters).__name__, args.tag is None, args.verbose, args.out)  # expect: int True 0 None
    tiles = [(args.m // bs) * (args.n // bs) for bs in args.block_sizes]
    print(f"tiles per block size: {tiles}")  # expect: tiles per block size: [32, 8]
    print(sorted(vars(args)))  # expect: ['block_sizes', 'check', 'dtype', 'iters', 'm', 'n', 'out', 'profile', 'tag', 'verbose']


if __name__ == "__main__":
    main()
