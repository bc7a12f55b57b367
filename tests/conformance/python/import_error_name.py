# ImportError.name / .path as CPython sets them, read by optional-dependency
# guards that only swallow the error for the module they expected missing.
import importlib


def optional(module):
    try:
        importlib.import_module(module)
        return "present"
    except ModuleNotFoundError as e:
        if e.name != module.split(".")[0]:
            raise
        return "missing " + e.name


print(optional("json"), optional("rungs_not_a_module"), optional("nonexistent_pkg.sub"))  # expect: present missing rungs_not_a_module missing nonexistent_pkg
try:
    from json import not_a_name
except ImportError as e:
    print(type(e).__name__, e.name, e.path is None or e.path.endswith(".py"))  # expect: ImportError json True
try:
    import psutil_not_installed_here
except ImportError as e:
    print(e.name, e.path, isinstance(e, ModuleNotFoundError))  # expect: psutil_not_installed_here None True
print(ImportError("plain").name, ImportError("plain").path)  # expect: None None
