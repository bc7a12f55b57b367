// A practice puzzle as the checker sees it: which function the reader must
// write, the plain-jnp spec it is held to, the seeded cases it is run on and
// the settings each rung runs with. A puzzle is content (content/puzzles/
// <NN-id>/): its puzzle.json and spec.py arrive here as text, read by the host
// (the CLI from disk, the page from its bundle), so the same checker runs
// natively and in wasm without a file system.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace rungs::puzzle {

using Json = nlohmann::ordered_json;

struct Puzzle {
  std::string id;          // the folder name, e.g. "01-add"
  std::string title;       // shown in the list and the page heading
  std::string entry;       // the function the reader defines, called as entry(*inputs)
  std::string spec;        // spec.py: defines puzzle_inputs(**case) and puzzle_spec(*inputs)
  std::vector<Json> cases; // keyword arguments of puzzle_inputs, one object per case
  double atol = 1e-5;      // np.isclose tolerances for float outputs
  double rtol = 1e-5;
  Json params;             // {"interpret": {...}, "tpu": {...}, "chip": {...}}: run params per rung
  int64_t devices = 0;     // simulated devices (a jax.shard_map puzzle); 0: one
};

// Reads puzzle.json's text (title, entry, cases, optional tolerance,
// params and devices) and spec.py's text. A missing or mistyped field is a usage error
// (bad_run_option) naming the puzzle and the field.
Puzzle parse_puzzle(const std::string& id, const std::string& manifest_json, const std::string& spec_source);

}  // namespace rungs::puzzle
