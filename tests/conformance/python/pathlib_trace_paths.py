# Building the paths a profiling harness writes its traces under, with
# pathlib's pure operations: joining with /, name, stem and suffixes,
# parents, relative_to and the errors of a bad suffix or operand.
import pathlib
from pathlib import Path, PurePosixPath

trace_root = Path("/tmp/jax-trace")
trace_dir = trace_root / "plugins" / "profile"
print(trace_dir, repr(trace_dir), type(trace_dir).__name__)  # expect: /tmp/jax-trace/plugins/profile PosixPath('/tmp/jax-trace/plugins/profile') PosixPath
print(trace_dir.name, trace_dir.parent, trace_dir.parts, trace_dir.is_absolute(), trace_dir.anchor)  # expect: profile /tmp/jax-trace/plugins ('/', 'tmp', 'jax-trace', 'plugins', 'profile') True /
run = trace_dir / "2026_01_01" / "host.trace.json.gz"
print(run.suffix, run.suffixes, run.stem, run.with_suffix(".json").name, run.with_name("device.xplane.pb"))  # expect: .gz ['.trace', '.json', '.gz'] host.trace.json host.trace.json.json /tmp/jax-trace/plugins/profile/2026_01_01/device.xplane.pb
print([str(p) for p in run.parents][:3], run.relative_to(trace_root), run.is_relative_to("/tmp"))  # expect: ['/tmp/jax-trace/plugins/profile/2026_01_01', '/tmp/jax-trace/plugins/profile', '/tmp/jax-trace/plugins'] plugins/profile/2026_01_01/host.trace.json.gz True
rel = Path("runs//sweep/./bm_128") / "out.csv"
print(rel, Path(""), Path("a") / "/abs", "prefix" / Path("x"), rel.joinpath("..", "y"))  # expect: runs/sweep/bm_128/out.csv . /abs prefix/x runs/sweep/bm_128/out.csv/../y
print(Path("x.py") == PurePosixPath("x.py"), sorted([Path("b"), Path("a/z"), Path("a")]))  # expect: True [PosixPath('a'), PosixPath('a/z'), PosixPath('b')]
print(Path(".bashrc").suffix, Path("a.").suffix, Path("/").name, Path("/").parent, Path("a").parent, Path("a.b.c").stem)  # expect:    / . a.b
print(pathlib.PurePath("k") .as_posix(), str(Path("/x/y")), f"{trace_dir}/x")  # expect: k /x/y /tmp/jax-trace/plugins/profile/x
problems = []
for attempt in range(5):
    try:
        if attempt == 0:
            Path(128)
        elif attempt == 1:
            run.with_suffix("json")
        elif attempt == 2:
            Path("/").with_name("x")
        elif attempt == 3:
            trace_dir / 3
        else:
            Path("a/b").relative_to("c")
    except (TypeError, ValueError) as e:
        problems.append(f"{type(e).__name__}: {e}")
print(problems[:2])  # expect: ['TypeError: expected str, bytes or os.PathLike object, not int', "ValueError: Invalid suffix 'json'"]
print(problems[2:])  # expect: ["ValueError: PosixPath('/') has an empty name", "TypeError: unsupported operand type(s) for /: 'PosixPath' and 'int'", "ValueError: 'a/b' is not in the subpath of 'c' OR one path is relative and the other is absolute."]
