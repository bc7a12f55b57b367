# A benchmark that reads its profiler trace back (gzip-compressed JSON):
# the module imports and the script runs up to the read, which is refused
# where it is called, since a Rungs program has no files.
import gzip
import json

compressed_trace = None

print(gzip.READ, issubclass(gzip.BadGzipFile, OSError))  # expect: rb True
try:
    gzip.decompress(compressed_trace)
except NotImplementedError as e:
    print(e)  # expect: gzip.decompress is not supported by Rungs
with gzip.open("/tmp/trace/plugins/profile/host.trace.json.gz", "rb") as f:  # expect error: NotImplementedError: gzip.open (reading or writing a file) is not supported by Rungs
    events = json.load(f)["traceEvents"]
