// The program's other files on disk, for `rungs run`: FILE's own folder is
// searched first, then each --path folder, as CPython searches sys.path.
#pragma once

#include <string>
#include <vector>

#include "core/python/program_files.h"

namespace rungs::cli {

// Modules below `dirs`, first match wins. Errors name a file by its path
// below the folder it was found in ("util.py", "jax/experimental/...py"),
// as the browser's `files` name them.
python::ProgramFiles files_on_disk(std::vector<std::string> dirs, std::string package);

// `-m pkg.mod`: the file that module is (pkg/mod.py, or pkg/mod/__main__.py
// for a package) below the first of `dirs` that has it, and that folder in
// `found_in`; empty when none.
std::string find_module_file(const std::vector<std::string>& dirs, const std::string& dotted, std::string& found_in);

}  // namespace rungs::cli
