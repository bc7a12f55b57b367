// The `rungs` command line. The only place in core/ that prints or exits:
//   rungs run FILE|-m MODULE [--path DIR]... [--rung auto|interpret|tpu|chip] [--platform auto|cpu|tpu]
//                  [--devices N] [--json] [--trace] [--dump=tokens|ast|values|jaxpr|pallas|events|lowered]
//                  [--params JSON] [--max-steps N] [--max-memory BYTES]
//   (imports find the program's other files in FILE's folder, then each
//   --path DIR; -m runs MODULE from the current folder or a --path DIR, as
//   `python -m` does, so its relative imports work)
//   rungs compare FILE [--json]
//   rungs errors [--json]
//   rungs schema --json
//   rungs check FILE [--json]
//   rungs puzzle list | check ID FILE [--json] [--dir DIR]   (puzzle_command.h)
// Exit status: 0 when the program ran cleanly, 1 on a program error, 2 on
// bad usage (unknown flag, missing file).
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/cli/program_files_disk.h"
#include "core/cli/puzzle_command.h"
#include "core/result/engine.h"
#include "core/result/runner.h"
#include "core/result/schema.h"

namespace {

using Json = nlohmann::ordered_json;

// "auto|interpret|tpu|chip", from the rung table.
std::string rung_choices() {
  std::string out = "auto";
  for (const rungs::pallas::RungInfo& r : rungs::pallas::rung_table()) out += std::string("|") + r.name;
  return out;
}

int usage(const std::string& problem) {
  if (!problem.empty()) std::cerr << "rungs: " << problem << "\n";
  std::cerr << "usage: rungs run FILE|-m MODULE [--path DIR]... [--rung " << rung_choices() << "] [--platform auto|cpu|tpu]\n"
               "                     [--devices N] [--json] [--trace]\n"
               "                     [--dump=tokens|ast|values|jaxpr|pallas|events|lowered] [--params JSON]\n"
               "                     [--max-steps N] [--max-memory BYTES]\n"
               "       rungs compare FILE [--json]\n"
               "       rungs errors [--json]\n"
               "       rungs schema --json\n"
               "       rungs check FILE [--json]\n"
               "       rungs puzzle list | check ID FILE [--json] [--dir DIR]\n";
  return 2;
}

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

std::string basename(const std::string& path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Python-style report of an error document on stderr; locations without a
// "file" are in the main program.
void print_error(const Json& error, const std::string& filename) {
  std::cerr << "Traceback (most recent call last):\n";
  for (const Json& frame : error["traceback"])
    std::cerr << "  File \"" << frame.value("file", filename) << "\", line " << frame["line"].get<int>() << ", in "
              << frame["function"].get<std::string>() << "\n";
  std::cerr << error["type"].get<std::string>() << ": " << error["message"].get<std::string>() << "\n";
  std::cerr << "  (at " << error.value("file", filename) << ":" << error["line"].get<int>() << ":"
            << error["col"].get<int>() << ", error id " << error["id"].get<std::string>() << ")\n";
}

// FILE or -m MODULE, and the --path folders: the main program's text and
// name, and where its imports look (program_files_disk.h).
bool locate_program(const std::string& file, const std::string& module, const std::vector<std::string>& paths,
                    rungs::result::RunOptions& options, std::string& source, std::string& problem) {
  std::vector<std::string> dirs;
  std::string main_file = file, package, shown;
  if (!module.empty()) {
    if (!rungs::python::is_dotted_name(module)) return (problem = "-m needs a module name, got '" + module + "'"), false;
    dirs.push_back(".");
    dirs.insert(dirs.end(), paths.begin(), paths.end());
    for (std::string& d : dirs)
      while (d.size() > 1 && d.back() == '/') d.pop_back();
    std::string found_in;
    main_file = rungs::cli::find_module_file(dirs, module, found_in);
    if (main_file.empty()) return (problem = "No module named " + module), false;
    bool package_main = main_file.size() >= 11 && main_file.compare(main_file.size() - 11, 11, "__main__.py") == 0;
    shown = main_file.substr(found_in == "." ? 0 : found_in.size() + 1);  // its path in the package tree
    size_t dot = module.rfind('.');
    package = package_main ? module : dot == std::string::npos ? "" : module.substr(0, dot);
  } else {
    size_t slash = file.find_last_of('/');
    dirs.push_back(slash == std::string::npos ? "." : file.substr(0, slash));
    dirs.insert(dirs.end(), paths.begin(), paths.end());
  }
  if (!read_file(main_file, source)) return (problem = "cannot read " + main_file), false;
  options.filename = module.empty() ? basename(main_file) : shown;
  options.files = rungs::cli::files_on_disk(dirs, package);
  return true;
}

bool parse_positive(const std::string& text, int64_t& out) {
  char* end = nullptr;
  errno = 0;
  long long v = std::strtoll(text.c_str(), &end, 10);
  if (errno || end == text.c_str() || *end || v <= 0) return false;
  out = v;
  return true;
}

int run(const std::vector<std::string>& args, bool compare) {
  rungs::result::RunOptions options;
  std::string file, module, dump, rung_text = "auto", platform_text = "auto", params_text, steps_text, memory_text, devices_text;
  std::vector<std::string> paths;
  bool json = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](const std::string& flag) -> std::string {
      if (a.rfind(flag + "=", 0) == 0) return a.substr(flag.size() + 1);
      if (i + 1 < args.size()) return args[++i];
      return "";
    };
    if (a == "--json") json = true;
    else if (a == "--trace") options.trace = true;
    else if (a.rfind("--rung", 0) == 0) rung_text = value("--rung");
    else if (a.rfind("--platform", 0) == 0) platform_text = value("--platform");
    else if (a.rfind("--dump", 0) == 0) dump = value("--dump");
    else if (a.rfind("--params", 0) == 0) params_text = value("--params");
    else if (a.rfind("--max-steps", 0) == 0) steps_text = value("--max-steps");
    else if (a.rfind("--max-memory", 0) == 0) memory_text = value("--max-memory");
    else if (a.rfind("--devices", 0) == 0) devices_text = value("--devices");
    else if (a.rfind("--path", 0) == 0) paths.push_back(value("--path"));
    else if (a == "-m") module = value("-m");
    else if (!a.empty() && a[0] == '-') return usage("unknown option " + a);
    else if (file.empty() && module.empty()) file = a;
    else return usage("more than one file given");
  }
  if (file.empty() && module.empty()) return usage("no program file given");
  // Flags are typed once here; what they refuse is the engine's usage error.
  try {
    options.rung = rungs::result::parse_rung_option(rung_text);
    options.platform = rungs::result::parse_platform_option(platform_text);
    options.params = rungs::result::parse_params(params_text);
  } catch (const rungs::EngineError& e) {
    return usage(e.message);
  }
  if (!steps_text.empty() && !parse_positive(steps_text, options.max_steps))
    return usage("--max-steps must be a positive integer, got '" + steps_text + "'");
  if (!devices_text.empty() && (!parse_positive(devices_text, options.devices) || options.devices > rungs::result::kMaxDevices))
    return usage("--devices must be an integer from 1 to 64, got '" + devices_text + "'");
  if (!memory_text.empty() && !parse_positive(memory_text, options.max_memory))
    return usage("--max-memory must be a positive integer, got '" + memory_text + "'");
  std::string source, problem;
  if (!locate_program(file, module, paths, options, source, problem)) return usage(problem);

  if (!dump.empty()) {
    std::string text;
    if (!rungs::result::dump_stage(source, options, dump, text)) return usage("unknown stage for --dump: " + dump);
    std::cout << text;
    return text.find("\nerror ") != std::string::npos || text.rfind("error ", 0) == 0 ? 1 : 0;
  }
  if (compare) {
    // The summary's text is the comparison as the CLI shows it (and as the
    // golden files under tests/golden/compare/ expect it).
    Json doc = rungs::result::compare_document(source, options);
    if (json) {
      std::cout << doc.dump(1, ' ', false, Json::error_handler_t::replace) << "\n";
      return 0;
    }
    std::cout << "rungs compare " << options.filename << "\n" << doc["summary"]["text"].get<std::string>();
    return 0;
  }
  rungs::result::DocumentLimits limits;
  limits.values = json;
  Json doc = rungs::result::run_document(source, options, limits);
  if (json) {
    std::cout << doc.dump(-1, ' ', false, Json::error_handler_t::replace) << "\n";
  } else {
    std::cout << doc["stdout"].get<std::string>();
    std::cout.flush();
    for (const Json& w : doc.value("warnings", Json::array())) std::cerr << w.get<std::string>() << "\n";
    if (!doc["ok"].get<bool>()) print_error(doc["error"], options.filename);
  }
  return doc["ok"].get<bool>() ? 0 : 1;
}

int errors(const std::vector<std::string>& args) {
  bool json = !args.empty() && args[0] == "--json";
  if (!args.empty() && !json) return usage("unknown option " + args[0]);
  Json list = Json::parse(rungs::result::errors_to_json());
  if (json) {
    std::cout << list.dump(1) << "\n";
    return 0;
  }
  for (const Json& e : list)
    std::cout << e["id"].get<std::string>() << "  " << e["type"].get<std::string>() << ": "
              << e["template"].get<std::string>() << "\n";
  return 0;
}

int schema(const std::vector<std::string>& args) {
  if (args.size() != 1 || args[0] != "--json") return usage("schema takes --json");
  std::cout << Json::parse(rungs::result::schema_to_json()).dump(1) << "\n";
  return 0;
}

// Parse-only diagnostics: exit 0 when the program parses, 1 when it does not.
int check(const std::vector<std::string>& args) {
  std::string file;
  bool json = false;
  for (const std::string& a : args) {
    if (a == "--json") json = true;
    else if (!a.empty() && a[0] == '-') return usage("unknown option " + a);
    else if (file.empty()) file = a;
    else return usage("more than one file given");
  }
  std::string source;
  if (file.empty()) return usage("no program file given");
  if (!read_file(file, source)) return usage("cannot read " + file);
  Json doc = Json::parse(rungs::result::check_to_json(source, basename(file)));
  if (json) std::cout << doc.dump(1) << "\n";
  // Compiler style, one line per diagnostic: "k.py:2:5: SyntaxError: ... [id]".
  for (const Json& d : doc["diagnostics"])
    if (!json)
      std::cerr << basename(file) << ":" << d["line"].get<int>() << ":" << d["col"].get<int>() << ": "
                << d["type"].get<std::string>() << ": " << d["message"].get<std::string>() << " ["
                << d["id"].get<std::string>() << "]\n";
  return doc["ok"].get<bool>() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) return usage("");
  std::string command = args[0];
  args.erase(args.begin());
  try {
    if (command == "run") return run(args, false);
    if (command == "compare") return run(args, true);
    if (command == "errors") return errors(args);
    if (command == "schema") return schema(args);
    if (command == "check") return check(args);
    if (command == "puzzle") return rungs::cli::puzzle_command(args, usage);
  } catch (std::exception& e) {
    std::cerr << "rungs: internal error: " << e.what() << "\n";
    return 1;
  }
  return usage("unknown command " + command);
}
