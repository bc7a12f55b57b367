# What --help shows for a kernel benchmark's parser: usage (wrapped when
# long), description, sections, argument groups, help with %(default)s,
# and the ArgumentDefaultsHelpFormatter variant; printed through
# format_usage/format_help so the text lands on stdout.
import argparse

parser = argparse.ArgumentParser(prog="bench_gmm", description="Benchmark grouped matmul over a sweep of tile sizes and group counts.")
parser.add_argument("config", help="name of the model config")
parser.add_argument("--tiling", type=int, nargs=3, default=[128, 128, 128], metavar=("TM", "TK", "TN"), help="tile sizes")
parser.add_argument("--groups", type=int, default=8, help="number of expert groups (default: %(default)s)")
parser.add_argument("-d", "--dtype", choices=["float32", "bfloat16"], default="bfloat16", help="operand dtype, one of %(choices)s")
parser.add_argument("--trace-dir", help=argparse.SUPPRESS)
parser.add_argument("--very-long-option-name-for-layout", type=str, default="x", help="a long option pushes its help text onto the next line")
exclusive = parser.add_mutually_exclusive_group(required=True)
exclusive.add_argument("--fwd", action="store_true", help="forward only")
exclusive.add_argument("--bwd", action="store_true", help="backward only")
extra = parser.add_argument_group("profiling", "Options that control tracing.")
extra.add_argument("--warmup", type=int, default=2)
extra.add_argument("--repeat", type=int, default=5, help="timed repetitions")
print(parser.format_usage(), end="")  # expect: usage: bench_gmm [-h] [--tiling TM TK TN] [--groups GROUPS]
# expect:                  [-d {float32,bfloat16}]
# expect:                  [--very-long-option-name-for-layout VERY_LONG_OPTION_NAME_FOR_LAYOUT]
# expect:                  (--fwd | --bwd) [--warmup WARMUP] [--repeat REPEAT]
# expect:                  config
print(parser.format_help(), end="")  # expect: usage: bench_gmm [-h] [--tiling TM TK TN] [--groups GROUPS]
# expect:                  [-d {float32,bfloat16}]
# expect:                  [--very-long-option-name-for-layout VERY_LONG_OPTION_NAME_FOR_LAYOUT]
# expect:                  (--fwd | --bwd) [--warmup WARMUP] [--repeat REPEAT]
# expect:                  config
# expect: 
# expect: Benchmark grouped matmul over a sweep of tile sizes and group counts.
# expect: 
# expect: positional arguments:
# expect:   config                name of the model config
# expect: 
# expect: options:
# expect:   -h, --help            show this help message and exit
# expect:   --tiling TM TK TN     tile sizes
# expect:   --groups GROUPS       number of expert groups (default: 8)
# expect:   -d {float32,bfloat16}, --dtype {float32,bfloat16}
# expect:                         operand dtype, one of float32, bfloat16
# expect:   --very-long-option-name-for-layout VERY_LONG_OPTION_NAME_FOR_LAYOUT
# expect:                         a long option pushes its help text onto the next line
# expect:   --fwd                 forward only
# expect:   --bwd                 backward only
# expect: 
# expect: profiling:
# expect:   Options that control tracing.
# expect: 
# expect:   --warmup WARMUP
# expect:   --repeat REPEAT       timed repetitions

short = argparse.ArgumentParser(prog="tiny")
short.add_argument("n", type=int, nargs="?")
short.add_argument("--items", nargs="*")
print(short.format_usage(), end="")  # expect: usage: tiny [-h] [--items [ITEMS ...]] [n]
print(short.format_help(), end="")  # expect: usage: tiny [-h] [--items [ITEMS ...]] [n]
# expect: 
# expect: positional arguments:
# expect:   n
# expect: 
# expect: options:
# expect:   -h, --help           show this help message and exit
# expect:   --items [ITEMS ...]

defaults = argparse.ArgumentParser(prog="flash", formatter_class=argparse.ArgumentDefaultsHelpFormatter, add_help=False)
defaults.add_argument("--block-q", type=int, default=512, help="query block")
defaults.add_argument("--block-k", type=int, default=1024)
defaults.add_argument("heads", nargs="*", default=[8], help="head counts")
print(defaults.format_help(), end="")  # expect: usage: flash [--block-q BLOCK_Q] [--block-k BLOCK_K] [heads ...]
# expect: 
# expect: positional arguments:
# expect:   heads              head counts (default: [8])
# expect: 
# expect: options:
# expect:   --block-q BLOCK_Q  query block (default: 512)
# expect:   --block-k BLOCK_K
print(repr(argparse.ArgumentParser(prog="z", description="d")))  # expect: ArgumentParser(prog='z', usage=None, description='d', formatter_class=<class 'argparse.HelpFormatter'>, conflict_handler='error', add_help=True)
print(argparse.SUPPRESS, argparse.OPTIONAL, argparse.ZERO_OR_MORE, argparse.ONE_OR_MORE)  # expect: ==SUPPRESS== ? * +
