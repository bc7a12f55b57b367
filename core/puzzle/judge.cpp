#include "core/puzzle/judge.h"

#include <cctype>

#include "core/pallas/run_params.h"
#include "core/puzzle/check_program.h"
#include "core/result/engine.h"
#include "core/result/run_options.h"

namespace rungs::puzzle {

namespace {

const char* const kRungs[] = {"interpret", "tpu", "chip"};

// Rung 2 always looks for races; a puzzle adds what it needs (cores, seeds).
result::RunOptions options_for(const Puzzle& puzzle, const std::string& rung) {
  result::RunOptions options;
  options.rung = result::parse_rung_option(rung);
  options.filename = puzzle.id + ".py";
  options.devices = puzzle.devices;
  Json params = puzzle.params.value(rung, Json::object());
  if (rung == "tpu" && !params.contains("detect_races")) params["detect_races"] = true;
  options.params = result::parse_params(params.dump());
  return options;
}

std::string place(int line, int col) { return "line " + std::to_string(line) + ", column " + std::to_string(col); }

// The innermost traceback frame inside the reader's lines: where in their
// code the failure started, even when the error surfaced in the harness.
Json reader_frame(const Json& error, int reader_lines) {
  int line = error.value("line", 0);
  if (line >= 1 && line <= reader_lines) return Json{{"line", line}, {"col", error.value("col", 0)}};
  Json best = nullptr;
  for (const Json& frame : error.value("traceback", Json::array())) {
    int l = frame.value("line", 0);
    if (l >= 1 && l <= reader_lines) best = Json{{"line", l}, {"col", frame.value("col", 0)}};
  }
  return best;
}

Json error_verdict(const Json& error, int reader_lines) {
  const std::string type = error.value("type", "Error");
  const std::string text = error.value("message", "");
  Json located = reader_frame(error, reader_lines);
  Json where{{"type", type}, {"id", error.value("id", "")}};
  std::string message;
  if (type == "AssertionError" && located.is_null()) {
    message = text;  // the harness's own verdict: a value or shape mismatch
  } else if (!located.is_null()) {
    where["line"] = located["line"];
    where["col"] = located["col"];
    bool exact = located["line"] == error.value("line", 0);
    where["end_line"] = exact ? error.value("end_line", 0) : 0;
    where["end_col"] = exact ? error.value("end_col", 0) : 0;
    message = type + " at " + place(located["line"], located["col"]) + ": " + text;
  } else {
    message = type + " while the checker ran your function: " + text;
  }
  return Json{{"ok", false}, {"message", message}, {"error", where}};
}

std::string box_text(const Json& box) {
  std::string out;
  const Json& start = box["start"];
  const Json& size = box["size"];
  for (size_t d = 0; d < start.size() && d < size.size(); ++d)
    out += (d ? ", " : "") + std::to_string(start[d].get<int64_t>()) + ":" +
           std::to_string(start[d].get<int64_t>() + size[d].get<int64_t>());
  return "[" + out + "]";
}

// "(device, core)" is how the race detector names a simulated core.
std::string race_text(const Json& race) {
  auto side = [](const Json& s) {
    std::string out = "a " + s.value("kind", "access") + " of " + box_text(s["range"]) + " by core " +
                      s.value("thread", "?");
    if (s["source"].is_object()) out += " (" + place(s["source"].value("line", 0), s["source"].value("col", 0)) + ")";
    return out;
  };
  std::string space = race["buffer_ref"].is_object() ? race["buffer_ref"].value("space", "") : "";
  for (char& c : space) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return "rung 2 found a data race in " + (space.empty() ? "a buffer" : "an " + space + " buffer") + ": " +
         side(race["first"]) + " and " + side(race["second"]) + ", with nothing ordering them";
}

Json race_verdict(const Json& race, int reader_lines) {
  Json where{{"type", "DataRace"}, {"id", ""}};
  const Json& source = race["second"]["source"];
  if (source.is_object() && source.value("line", 0) >= 1 && source.value("line", 0) <= reader_lines)
    for (const char* k : {"line", "col", "end_line", "end_col"}) where[k] = source.value(k, 0);
  return Json{{"ok", false}, {"message", race_text(race)}, {"error", where}, {"failure", nullptr}};
}

Json failure_values(const Json& doc) {
  const Json& values = doc["values"];
  if (!values.contains(kGotName) || !values.contains(kWantName)) return nullptr;
  Json failure{{"got", values[kGotName]}, {"want", values[kWantName]}};
  failure["diff"] = values.contains(kDiffName) ? values[kDiffName] : Json(nullptr);
  if (values.contains(kCaseName)) failure["case"] = values[kCaseName]["data"][0];
  return failure;
}

}  // namespace

Json judge_run(const Json& doc, int reader_lines, const std::string& rung) {
  Json verdict;
  if (!doc.value("ok", false)) {
    verdict = error_verdict(doc["error"], reader_lines);
    verdict["failure"] = verdict["error"].value("type", "") == "AssertionError" ? failure_values(doc) : Json(nullptr);
    return verdict;
  }
  for (const Json& call : doc.value("calls", Json::array()))
    for (const Json& race : call.value("races", Json::array()))
      return race_verdict(race, reader_lines);
  std::string out = doc.value("stdout", "");
  size_t last = out.rfind('\n', out.size() > 1 ? out.size() - 2 : 0);
  std::string summary = out.substr(last == std::string::npos ? 0 : last + 1);
  while (!summary.empty() && summary.back() == '\n') summary.pop_back();
  std::string what = rung == "interpret" ? "values" : rung == "tpu" ? "no race, no out-of-bounds access" : "compiles under the chip model";
  return Json{{"ok", true}, {"message", summary + " (" + what + ")"}, {"error", nullptr}, {"failure", nullptr}};
}

Json check_attempt(const Puzzle& puzzle, const std::string& reader_source) {
  CheckProgram program = check_program(puzzle, reader_source);
  Json rungs = Json::object();
  bool solved = true;
  for (const char* rung : kRungs) {
    Json doc = result::run_document(program.text, options_for(puzzle, rung));
    Json verdict = judge_run(doc, program.reader_lines, rung);
    solved = solved && verdict["ok"].get<bool>();
    rungs[rung] = std::move(verdict);
  }
  return Json{{"id", puzzle.id}, {"title", puzzle.title}, {"solved", solved}, {"rungs", rungs}};
}

}  // namespace rungs::puzzle

namespace rungs::puzzle {

std::string check_attempt_json(const std::string& id, const std::string& manifest_json, const std::string& spec_source,
                               const std::string& reader_source) {
  Puzzle puzzle = parse_puzzle(id, manifest_json, spec_source);
  return check_attempt(puzzle, reader_source).dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string check_program_text(const std::string& id, const std::string& manifest_json, const std::string& spec_source,
                               const std::string& reader_source) {
  return check_program(parse_puzzle(id, manifest_json, spec_source), reader_source).text;
}

}  // namespace rungs::puzzle
