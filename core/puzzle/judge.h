// Judging an attempt: the check program (check_program.h) runs once per rung,
// each with the puzzle's settings for it (rung 2 always with detect_races), and
// each run's result document becomes a verdict {ok, message, ...}. A puzzle is
// solved only when every rung's verdict is ok. The CLI's `rungs puzzle check`
// and the page's rungs.puzzles.check() both print or show exactly this.
//
//   {"id", "title", "solved": bool,
//    "rungs": {"interpret" | "tpu" | "chip": {
//        "ok": bool, "message": str,            // what the reader reads
//        "error": null | {type, id, line, col, end_line, end_col},  // located in the reader's code when it can be
//        "failure": null | {"case": n, "got", "want", "diff"}}}}   // values as in the result document
#pragma once

#include <string>

#include "core/puzzle/puzzle.h"

namespace rungs::puzzle {

Json check_attempt(const Puzzle& puzzle, const std::string& reader_source);

// The verdict of one rung from its run's result document (exposed for tests).
Json judge_run(const Json& doc, int reader_lines, const std::string& rung);

}  // namespace rungs::puzzle

namespace rungs::puzzle {

// The hosts' front door (CLI, wasm): puzzle files as text in, JSON text out.
// A malformed puzzle throws the EngineError of parse_puzzle.
std::string check_attempt_json(const std::string& id, const std::string& manifest_json, const std::string& spec_source,
                               const std::string& reader_source);
// The check program's text, for the notebook export.
std::string check_program_text(const std::string& id, const std::string& manifest_json, const std::string& spec_source,
                               const std::string& reader_source);

}  // namespace rungs::puzzle
