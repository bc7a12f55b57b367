# Command-line mistakes end the parse with SystemExit(2) (the usage and
# "prog: error: ..." go to stderr); with exit_on_error=False the same
# mistakes raise ArgumentError carrying CPython's message. Mistakes in
# building the parser raise at add_argument.
import argparse


def make(exit_on_error=True):
    p = argparse.ArgumentParser(prog="bench", exit_on_error=exit_on_error)
    p.add_argument("kernel", choices=["flash", "paged"])
    p.add_argument("--iters", type=int, default=3)
    p.add_argument("--dims", type=int, nargs="+")
    p.add_argument("--pair", nargs=2)
    p.add_argument("--ratio", type=float)
    p.add_argument("--profile", action="store_true")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--fwd", action="store_true")
    g.add_argument("--bwd", action="store_true")
    return p


codes = []
for argv in (["flash", "--iters", "x"], ["mamba"], [], ["flash", "extra"], ["flash", "--dims"],
             ["flash", "--fwd", "--bwd"], ["flash", "--nope"], ["flash", "--iters"]):
    try:
        make().parse_args(argv)
    except SystemExit as e:
        codes.append(e.code)
print(codes)  # expect: [2, 2, 2, 2, 2, 2, 2, 2]

quiet = make(exit_on_error=False)
messages = []
for argv in (["flash", "--iters", "x"], ["mamba"], ["flash", "--dims"], ["flash", "--pair", "a"],
             ["flash", "--ratio", "fast"], ["flash", "--profile=yes"], ["flash", "--fwd", "--bwd"],
             ["flash", "--iters"]):
    try:
        quiet.parse_args(argv)
    except argparse.ArgumentError as e:
        messages.append(str(e))
print(messages[0])  # expect: argument --iters: invalid int value: 'x'
print(messages[1])  # expect: argument kernel: invalid choice: 'mamba' (choose from 'flash', 'paged')
print(messages[2])  # expect: argument --dims: expected at least one argument
print(messages[3])  # expect: argument --pair: expected 2 arguments
print(messages[4])  # expect: argument --ratio: invalid float value: 'fast'
print(messages[5])  # expect: argument --profile: ignored explicit argument 'yes'
print(messages[6])  # expect: argument --bwd: not allowed with argument --fwd
print(messages[7])  # expect: argument --iters: expected one argument
try:
    quiet.parse_args(["flash", "--ratio", "fast"])
except argparse.ArgumentError as e:
    print(e.argument_name, "|", e.message)  # expect: --ratio | invalid float value: 'fast'


def positive(text):
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{value} is not a positive block size")
    return value


typed = argparse.ArgumentParser(prog="t", exit_on_error=False)
typed.add_argument("--block", type=positive)
print(typed.parse_args(["--block", "64"]).block)  # expect: 64
try:
    typed.parse_args(["--block", "-4"])
except argparse.ArgumentError as e:
    print(e)  # expect: argument --block: -4 is not a positive block size

build = argparse.ArgumentParser(prog="b")
build.add_argument("--a")
problems = []
for attempt in ("required", "conflict", "action", "nargs0", "const", "type", "prefix"):
    try:
        if attempt == "required":
            build.add_argument("x", required=True)
        elif attempt == "conflict":
            build.add_argument("--a")
        elif attempt == "action":
            build.add_argument("--b", action="keep")
        elif attempt == "nargs0":
            build.add_argument("--c", nargs=0)
        elif attempt == "const":
            build.add_argument("--d", const=1)
        elif attempt == "type":
            build.add_argument("--e", type="int")
        else:
            build.add_argument("--f", "g")
    except (TypeError, ValueError, argparse.ArgumentError) as e:
        problems.append(f"{type(e).__name__}: {e}")
print(problems[0])  # expect: TypeError: 'required' is an invalid argument for positionals
print(problems[1])  # expect: ArgumentError: argument --a: conflicting option string: --a
print(problems[2])  # expect: ValueError: unknown action "keep"
print(problems[3])  # expect: ValueError: nargs for store actions must be != 0; if you have nothing to store, actions such as store true or store const may be more appropriate
print(problems[4])  # expect: ValueError: nargs must be '?' to supply const
print(problems[5])  # expect: ValueError: 'int' is not callable
print(problems[6])  # expect: ValueError: invalid option string 'g': must start with a character '-'
print(issubclass(argparse.ArgumentError, Exception), issubclass(argparse.ArgumentTypeError, Exception))  # expect: True True

