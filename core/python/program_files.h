// The program's own files beside the main one: `import util`, `from pkg
// import mod` and `from . import common` find modules here, as CPython's
// path finder finds them on sys.path. The CLI reads them from disk (the
// script's folder, then --path folders); the browser passes them in the run
// options' `files`. Modules the engine provides (jax, numpy, math, ...) are
// found first; a dotted name under one of them that the engine lacks
// (jax.experimental.pallas.ops.tpu.megablox) is looked up here too, so a
// JAX source tree supplies JAX's pure-Python kernel library.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace rungs::python {

struct ProgramFiles {
  // The text of `path` ("util.py", "pkg/__init__.py"), if the program has it.
  std::function<std::optional<std::string>(const std::string& path)> read;
  // Whether `path` ("pkg") is a folder of the program: a namespace package
  // when it has no __init__.py.
  std::function<bool(const std::string& path)> is_dir;
  // The main program's __package__ (as `python -m pkg.main` sets it), so its
  // relative imports resolve; empty: the main program is a plain script.
  std::string package;

  bool any() const { return static_cast<bool>(read); }
};

// "pkg.sub": identifiers joined by dots.
bool is_dotted_name(const std::string& text);
// "util.py", "pkg/__init__.py": a relative path of folders and a .py file
// whose names are identifiers (what an import can reach).
bool is_module_path(const std::string& path);

// Files held in memory, keyed by relative path (the browser's `files`).
ProgramFiles files_in_memory(std::map<std::string, std::string> files, std::string package = "");

}  // namespace rungs::python
