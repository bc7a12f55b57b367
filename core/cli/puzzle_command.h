// `rungs puzzle ...`: the practice puzzles from the command line.
//   rungs puzzle list [--dir DIR]
//   rungs puzzle check ID FILE [--json] [--dir DIR]
// The CLI only finds and reads the puzzle's files (content/puzzles/<NN-id>/
// by default); checking is core/puzzle's. Exit status: 0 when solved (list:
// always), 1 when not, 2 on bad usage (unknown puzzle, unreadable file).
#pragma once

#include <string>
#include <vector>

namespace rungs::cli {

// `usage` prints the problem plus the usage text and returns 2.
int puzzle_command(const std::vector<std::string>& args, int (*usage)(const std::string&));

}  // namespace rungs::cli
