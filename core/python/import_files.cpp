// Modules imported from the program's own files (program_files.h), found
// and run as CPython's path finder and import system do: a package before a
// module of the same name, the parent package imported before its child,
// the module entered in the cache before its body runs (so circular imports
// see it, half-made), and taken out again when its body fails.
#include <algorithm>

#include "core/lang/parser.h"
#include "core/python/interpreter.h"
#include "core/python/sys_modules.h"
#include "core/python/value_ops.h"

namespace rungs::python {

void Interpreter::set_program_files(ProgramFiles files) {
  program_files_ = std::move(files);
  if (!program_files_.package.empty()) globals_->vars["__package__"] = make_str(program_files_.package);
}

const std::string& Interpreter::file_name(int id) const {
  if (id <= 0 || id >= static_cast<int>(file_names_.size())) return filename_;
  return file_names_[id];
}

std::vector<std::string> Interpreter::file_names() const {
  std::vector<std::string> names = file_names_;
  names[0] = filename_;
  return names;
}

namespace {

struct FoundModule {
  std::optional<std::string> source;  // none: a namespace package (a folder without __init__.py)
  std::string path;                   // "pkg/__init__.py", "util.py"; the folder for a namespace
  bool package = false;
};

std::optional<FoundModule> find_module_file(const ProgramFiles& files, const std::string& dotted) {
  std::string path = dotted;
  std::replace(path.begin(), path.end(), '.', '/');
  if (auto text = files.read(path + "/__init__.py")) return FoundModule{text, path + "/__init__.py", true};
  if (auto text = files.read(path + ".py")) return FoundModule{text, path + ".py", false};
  if (files.is_dir && files.is_dir(path)) return FoundModule{std::nullopt, path, true};
  return std::nullopt;
}

}  // namespace

std::optional<Value> Interpreter::import_from_files(const std::string& dotted, SourceRange where) {
  size_t dot = dotted.rfind('.');
  std::string parent_name = dot == std::string::npos ? "" : dotted.substr(0, dot);
  Value parent;
  if (!parent_name.empty()) {
    parent = import_module(parent_name, where);  // `import a.b` imports `a` first, and fails on it
    // a's __init__ may have imported a.b itself
    if (const Value* done = cached_module(*this, dotted)) return *done;
  }
  if (!program_files_.any()) return std::nullopt;
  std::optional<FoundModule> found = find_module_file(program_files_, dotted);
  if (!found) return std::nullopt;
  const std::string& shown = found->path;  // errors name it as the program's files do

  auto env = std::make_shared<Env>();
  env->globals = env.get();
  env->vars["__name__"] = make_str(dotted);
  env->vars["__package__"] = make_str(found->package ? dotted : parent_name);
  env->vars["__file__"] = found->source ? make_str(shown) : Value::none();  // None: a namespace package
  if (found->package) env->vars["__path__"] = make_list({make_str(shown)});
  auto module = std::make_shared<ModuleObj>(dotted);
  module->globals = env;
  Value value = Value::object(module);
  cache_module(*this, dotted, value);
  // The package gets its submodule as an attribute. A module of the
  // program's files keeps its names only in its globals (an Env, which the
  // heap collects), never in attrs, so modules importing each other form
  // no cycle the heap cannot break.
  std::string leaf = dotted.substr(dot + 1);
  auto parent_names = [&]() -> std::unordered_map<std::string, Value>* {
    if (!parent.is(ObjKind::Module)) return nullptr;
    auto& p = parent.as<ModuleObj>();
    return p.globals ? &p.globals->vars : &p.attrs;
  };
  if (auto* names = parent_names()) (*names)[leaf] = value;
  if (found->source) {
    try {
      run_file_module(*found->source, shown, env);
    } catch (EngineError&) {
      uncache_module(*this, dotted);
      if (auto* names = parent_names()) names->erase(leaf);
      throw;
    }
  }
  // What the body left registered: a module may replace itself in sys.modules.
  if (const Value* registered = cached_module(*this, dotted)) return *registered;
  return value;
}

void Interpreter::run_file_module(const std::string& source, const std::string& shown, const EnvPtr& env) {
  int file_id = static_cast<int>(file_names_.size());
  file_names_.push_back(shown);
  std::shared_ptr<const lang::Module> saved_module = module_;
  SourceRange saved_range = current_range_;
  // The module's frame is on the stack while it parses too: a SyntaxError
  // there is shown under the import that reached it, as CPython shows it.
  frames_.push_back({"<module>", {}, false, {}});
  Value ignored;
  try {
    std::shared_ptr<const lang::Module> parsed = lang::parse_module(source, shown, file_id);
    modules_.push_back(parsed);
    module_ = parsed;
    env->vars["__doc__"] = body_docstring(parsed->body);
    exec_block(parsed->body, env, ignored);
  } catch (EngineError& e) {
    annotate(e);
    frames_.pop_back();
    module_ = saved_module;
    throw;
  }
  frames_.pop_back();
  module_ = saved_module;
  current_range_ = saved_range;
}

// `from ..x import y` in a module of package "a.b.c" (level 2) names "a.b.x":
// CPython's importlib._bootstrap._resolve_name, with its errors.
std::string Interpreter::relative_base(const std::string& module, int level, const EnvPtr& env,
                                       SourceRange where) {
  const Env* globals = env->globals ? env->globals : globals_.get();
  auto it = globals->vars.find("__package__");
  if (it == globals->vars.end() || !it->second.is(ObjKind::Str) || it->second.as<StrObj>().s.empty())
    raise(ErrorId::relative_import_no_parent, where);
  std::string base = it->second.as<StrObj>().s;
  for (int i = 1; i < level; ++i) {
    size_t dot = base.rfind('.');
    if (dot == std::string::npos) raise(ErrorId::relative_import_beyond_top, where);
    base.resize(dot);
  }
  return module.empty() ? base : base + "." + module;
}

}  // namespace rungs::python
