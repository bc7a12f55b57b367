// gzip: importable, so benchmark scripts that read profiler traces
// (`with gzip.open(trace_path, "rb")`) load and run up to that point. A
// Rungs program has no file system, so everything that would read or
// write a file refuses with a located NotImplementedError at the call;
// in-memory compress/decompress are left out too (no zlib here).
#include "core/python/modules.h"

namespace rungs::python {

namespace {

const char* const kGzipSource = R"PY(
READ, WRITE = "rb", "wb"


class BadGzipFile(OSError):
    pass


def open(filename, mode="rb", compresslevel=9, encoding=None, errors=None, newline=None):
    _raise_error("unsupported_feature", "gzip.open (reading or writing a file)")


class GzipFile:
    def __init__(self, filename=None, mode=None, compresslevel=9, fileobj=None, mtime=None):
        _raise_error("unsupported_feature", "gzip.GzipFile (reading or writing a file)")


def compress(data, compresslevel=9, *, mtime=None):
    _raise_error("unsupported_feature", "gzip.compress")


def decompress(data):
    _raise_error("unsupported_feature", "gzip.decompress")
)PY";

}  // namespace

void register_module_gzip() {
  Interpreter::register_module("gzip", [](Interpreter& ip) {
    return ip.define_generated_module("gzip", kGzipSource, {{"_raise_error", registered_error_raiser()}});
  });
}

}  // namespace rungs::python
