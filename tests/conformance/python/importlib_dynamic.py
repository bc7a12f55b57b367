# Loading a module whose name is built at run time, probing for optional
# packages, and reading a distribution's metadata, as kernel utilities do
# to pick a tuned-block-size table or gate on an installed version.
import importlib
import importlib.metadata
import importlib.util
import json
import math

backend = "json"
mod = importlib.import_module(backend)
print(mod is json, mod.__name__, mod.dumps({"bm": 128}))  # expect: True json {"bm": 128}
print(importlib.import_module("collections.abc").__name__, importlib.import_module("math") is math)  # expect: collections.abc True
print(importlib.import_module(".abc", "collections").__name__, importlib.import_module("..abc", "collections.x").__name__)  # expect: collections.abc collections.abc
print(importlib.reload(math) is math)  # expect: True

spec = importlib.util.find_spec("collections.abc")
print(spec is not None, spec.name, spec.parent)  # expect: True collections.abc collections
print(importlib.util.find_spec("json").name, importlib.util.find_spec("surely_not_installed_pkg"))  # expect: json None
print(importlib.util.resolve_name(".abc", "collections"), importlib.util.resolve_name("math", None))  # expect: collections.abc math

problems = []
for attempt in ("missing", "dotted", "relative", "reload", "parent", "dist"):
    try:
        if attempt == "missing":
            importlib.import_module("tuned_block_sizes_v7")
        elif attempt == "dotted":
            importlib.import_module("json.tuned_tables")
        elif attempt == "relative":
            importlib.import_module(".tables")
        elif attempt == "reload":
            importlib.reload("math")
        elif attempt == "parent":
            importlib.util.find_spec("no_parent_pkg.child")
        else:
            importlib.metadata.version("surely-not-installed-dist")
    except (ImportError, TypeError) as e:
        problems.append(f"{type(e).__name__}: {e}")
print(problems[:3])  # expect: ["ModuleNotFoundError: No module named 'tuned_block_sizes_v7'", "ModuleNotFoundError: No module named 'json.tuned_tables'", "TypeError: the 'package' argument is required to perform a relative import for '.tables'"]
print(problems[3:])  # expect: ['TypeError: reload() argument must be a module', "ModuleNotFoundError: No module named 'no_parent_pkg'", 'PackageNotFoundError: No package metadata was found for surely-not-installed-dist']
try:
    importlib.metadata.version("surely-not-installed-dist")
except importlib.metadata.PackageNotFoundError as e:
    print(isinstance(e, ModuleNotFoundError), e.name, e.args)  # expect: True surely-not-installed-dist ('surely-not-installed-dist',)
