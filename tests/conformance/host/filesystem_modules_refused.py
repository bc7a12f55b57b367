# A benchmark's trace bookkeeping: pathlib, shutil and tempfile import and
# paths are built, but each call that would touch the file system is
# refused where it is made (a Rungs program has no files).
import shutil
import tempfile
from pathlib import Path

trace_dir = Path("/tmp/trace") / "plugins" / "profile"
print(trace_dir, tempfile.tempdir)  # expect: /tmp/trace/plugins/profile None
refused = []
for call in (lambda: trace_dir.exists(), lambda: sorted(trace_dir.rglob("*.trace.json.gz")),
             lambda: Path.cwd(), lambda: tempfile.TemporaryDirectory()):
    try:
        call()
    except NotImplementedError as e:
        refused.append(str(e))
print(refused[0])  # expect: pathlib.Path.exists (the file system) is not supported by Rungs
print(refused[1])  # expect: pathlib.Path.rglob (the file system) is not supported by Rungs
print(refused[2])  # expect: pathlib.Path.cwd (the file system) is not supported by Rungs
print(refused[3])  # expect: tempfile.TemporaryDirectory (the file system) is not supported by Rungs
shutil.rmtree(trace_dir, ignore_errors=True)  # expect error: NotImplementedError: shutil.rmtree (the file system) is not supported by Rungs
