// `rungs compare` and engine.compare(): one program on every rung, side by
// side. Each rung runs the whole program (traced, so rung 1's clamped
// windows are visible); the summary then says, per pallas_call, what each
// rung did (ran / error with its class / races / compile refusal / not
// reached), where each top-level array differs between rungs (count, first
// differing index, the two values, and why when the model knows), and what
// each rung caught. Rung 2's and
// rung 3's errors are data like any other.
//
// The JSON is {"rungs": {interpret, tpu, chip: result documents},
// "summary": {verdicts, verdict_kinds, values_that_differ, calls, values, caught, text}};
// "text" is what the CLI prints (tests/golden/compare/ holds expected
// texts), so the web views can show the same words. Events are dropped from
// the per-rung documents unless the caller asked for a trace.
#include <map>
#include <set>

#include "core/result/engine.h"

namespace rungs::result {

namespace {

// The rungs' names in table order (pallas_call.h's rung table).
const std::vector<const char*> kRungs = [] {
  std::vector<const char*> names;
  for (const pallas::RungInfo& r : pallas::rung_table()) names.push_back(r.name);
  return names;
}();


std::string tuple_text(const Json& v) {
  std::string s = "(";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i].get<int64_t>());
  return s + (v.size() == 1 ? ",)" : ")");
}

std::string list_text(const Json& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i].get<int64_t>());
  return s + "]";
}

std::string scalar_text(const Json& v) {
  if (v.is_string()) return v.get<std::string>() == "NaN" ? "nan" : v.get<std::string>() == "Infinity" ? "inf" : "-inf";
  if (v.is_boolean()) return v.get<bool>() ? "True" : "False";
  if (v.is_number_integer()) return std::to_string(v.get<int64_t>());
  std::string s = v.dump();
  if (s.find_first_of(".eE") == std::string::npos) s += ".0";
  return s;
}

bool is_compile_refusal(const Json& err) {
  return err.is_object() && err["id"].get<std::string>().rfind("chip_", 0) == 0;
}

// The call a failed run stopped in: the last one, when the error or its
// traceback points inside that call's source range (or it is a chip check).
int failing_call(const Json& doc) {
  if (doc["ok"].get<bool>() || doc["calls"].empty()) return -1;
  int last = static_cast<int>(doc["calls"].size()) - 1;
  const Json& err = doc["error"];
  if (is_compile_refusal(err)) return last;
  const Json& src = doc["calls"][static_cast<size_t>(last)]["source"];
  if (!src.is_object()) return -1;
  int lo = src["line"].get<int>(), hi = src["end_line"].get<int>();
  auto inside = [&](int line) { return line >= lo && line <= hi; };
  if (inside(err["line"].get<int>())) return last;
  for (const Json& f : err["traceback"])
    if (inside(f["line"].get<int>())) return last;
  return -1;
}

std::string error_line(const Json& err) {
  return err["type"].get<std::string>() + " at line " + std::to_string(err["line"].get<int>()) + ": " +
         err["message"].get<std::string>();
}

// Rung 1's silent clamping, read from the traced steps.
std::string clamped_windows(const Json& call) {
  int64_t count = 0;
  std::string first;
  for (const Json& ev : call["events"]) {
    if (ev["kind"] != "step") continue;
    for (const Json& op : ev["operands"]) {
      if (!op["clamped"].get<bool>()) continue;
      if (count++ == 0) {
        const Json& info = call["operands"][op["operand"].get<size_t>()];
        std::string name = info["origin"].get<std::string>();
        if (!info["name"].get<std::string>().empty()) name += " (" + info["name"].get<std::string>() + ")";
        first = "window of " + name + " clamped at grid point " + tuple_text(ev["point"]) + ": asked for start " +
                list_text(op["start"]) + ", read start " + list_text(op["landed"]) + " instead (silently)";
      }
    }
  }
  if (count == 0) return "";
  return first + (count > 1 ? " (+" + std::to_string(count - 1) + " more)" : "");
}

Json call_verdict(const Json& doc, size_t c, int failed) {
  Json v;
  const Json& calls = doc["calls"];
  if (c >= calls.size()) {
    v["verdict"] = "not reached";
    return v;
  }
  const Json& call = calls[c];
  Json notes = Json::array();
  if (static_cast<int>(c) == failed) {
    v["verdict"] = is_compile_refusal(doc["error"]) ? "compile refusal" : "error";
    v["error"] = doc["error"];
  } else {
    v["verdict"] = call["races"].empty() ? "ran" : "races";
  }
  if (!call["races"].empty()) notes.push_back(std::to_string(call["races"].size()) + " race(s), first on " +
                                              call["races"][0]["buffer"].get<std::string>());
  std::string clamp = clamped_windows(call);
  if (!clamp.empty()) notes.push_back(clamp);
  const Json& n = call["notes"];
  if (n.contains("chip.out_of_bounds")) notes.push_back(n["chip.out_of_bounds"]);
  if (n.contains("cost.time") && v["verdict"] == "ran")
    notes.push_back("estimated " + n["cost.time"].get<std::string>() + " (roofline model)");
  v["notes"] = std::move(notes);
  return v;
}

// The engine's one definition of "differs", which the CLI's text and the
// page's heatmaps both use: element-wise, exact, NaN equal to NaN (the
// document's data already holds each float32 as its shortest round-trip
// text, so equal JSON means equal bits but for NaN payloads).
bool elements_differ(const Json& a, const Json& b) { return a != b; }

// At most this many differing positions are listed per pair; past it the
// view marks what it was told and says the list is incomplete.
constexpr int64_t kMaxListedDiffs = 1 << 16;

// Element-wise differences of one value between two rungs.
Json value_diff(const Json& x, const Json& y) {
  Json d;
  if (x["shape"] != y["shape"] || x["dtype"] != y["dtype"]) {
    d["shape_mismatch"] = true;
    d["count"] = -1;
    return d;
  }
  const Json& dx = x["data"];
  const Json& dy = y["data"];
  int64_t count = 0, first = -1;
  Json indices = Json::array();
  for (size_t i = 0; i < dx.size() && i < dy.size(); ++i) {
    if (!elements_differ(dx[i], dy[i])) continue;
    if (first < 0) first = static_cast<int64_t>(i);
    if (count < kMaxListedDiffs) indices.push_back(i);
    ++count;
  }
  d["count"] = count;
  d["indices"] = std::move(indices);  // flat row-major positions, at most kMaxListedDiffs
  d["indices_complete"] = count <= kMaxListedDiffs;
  d["total"] = dx.size();
  if (first >= 0) {
    Json idx = Json::array();
    const Json& shape = x["shape"];
    int64_t rest = first;
    std::vector<int64_t> multi(shape.size(), 0);
    for (size_t k = shape.size(); k-- > 0;) {
      int64_t s = shape[k].get<int64_t>();
      multi[k] = s > 0 ? rest % s : 0;
      rest = s > 0 ? rest / s : 0;
    }
    for (int64_t m : multi) idx.push_back(m);
    d["first_index"] = idx;
    d["a_value"] = dx[static_cast<size_t>(first)];
    d["b_value"] = dy[static_cast<size_t>(first)];
  }
  return d;
}

// What the model knows about why rung 3's value differs from an
// interpreter's: NaN-filled fresh buffers against stale garbage, windows
// past the array's end, bf16 matmul passes. Empty when it knows nothing.
Json why_differs(const Json& rungs, const std::string& a, const std::string& b, const Json& d) {
  Json why = Json::array();
  if (a != "chip" && b != "chip") return why;
  const std::string other = a == "chip" ? b : a;
  const Json& chip = rungs["chip"];
  const Json& name = d["name"];
  const Json& mine = rungs[other]["values"][name.get<std::string>()]["data"];
  const Json& theirs = chip["values"][name.get<std::string>()]["data"];
  bool nan_there = false;
  for (const Json& i : d["indices"]) {
    size_t k = i.get<size_t>();
    if (k < mine.size() && k < theirs.size() && mine[k] == "NaN" && theirs[k] != "NaN") nan_there = true;
  }
  bool oob = false, dots = chip.contains("host") && chip["host"]["bf16_matmuls"].get<int64_t>() > 0;
  for (const Json& c : chip["calls"]) {
    oob = oob || c["notes"].contains("chip.out_of_bounds");
    dots = dots || c["notes"].contains("chip.matmul_precision");
  }
  if (nan_there)
    why.push_back("uninitialised memory: the interpreters fill fresh outputs and scratch with NaN; rung 3 leaves stale "
                  "garbage there, as a TPU leaves whatever VMEM held");
  if (oob)
    why.push_back("out-of-bounds blocks: rung 3 reads garbage past the array's end and drops writes there (undefined "
                  "on a TPU), where rung 1 clamps the window and rung 2 pads");
  if (dots)
    why.push_back("matmul precision: rung 3 runs float32 matmuls as one bf16 pass, a TPU's default, in kernels and "
                  "on its TPU host (precision=HIGHEST keeps float32)");
  return why;
}

std::string stop_reason(const Json& doc) {
  if (doc["ok"].get<bool>()) return "not a top-level array";
  return "not computed (the program stopped with " + doc["error"]["type"].get<std::string>() + ")";
}

}  // namespace

Json compare_document(const std::string& source, const RunOptions& options) {
  Json rungs = Json::object();
  for (const pallas::RungInfo& info : pallas::rung_table()) {
    const char* r = info.name;
    RunOptions o = options;
    o.rung = info.rung;
    o.trace = true;  // rung 1's clamping is only visible in the steps
    rungs[r] = run_document(source, o);
  }
  std::map<std::string, int> failed;
  size_t ncalls = 0;
  for (const pallas::RungInfo& info : pallas::rung_table()) {
    const char* r = info.name;
    failed[r] = failing_call(rungs[r]);
    ncalls = std::max(ncalls, rungs[r]["calls"].size());
  }

  Json summary = Json::object();
  // verdicts: display text ("error: IndexError"); verdict_kinds: the same
  // as one of ok | races | error | compile_refusal, for views to branch on.
  Json verdicts = Json::object(), verdict_kinds = Json::object();
  for (const char* r : kRungs) {
    const Json& d = rungs[r];
    std::string v = "ok", kind = "ok";
    if (!d["ok"].get<bool>()) {
      bool refusal = is_compile_refusal(d["error"]);
      kind = refusal ? "compile_refusal" : "error";
      v = (refusal ? "compile refusal: " : "error: ") + d["error"]["type"].get<std::string>();
    } else {
      for (const Json& c : d["calls"])
        if (!c["races"].empty()) v = kind = "races";
    }
    verdicts[r] = v;
    verdict_kinds[r] = kind;
  }

  std::string text;
  const Json& chip = rungs["chip"];
  std::string model = "rung 3 (chip) is a model of the real chip, not its compiler";
  for (const Json& c : chip["calls"])
    if (c["notes"].contains("model")) {
      std::string m = c["notes"]["model"].get<std::string>();
      model = "rung 3 (chip) is " + m.substr(0, m.find(';'));
      break;
    }
  text += model + ".\n";

  Json calls = Json::array();
  for (size_t c = 0; c < ncalls; ++c) {
    Json entry;
    const Json* any = nullptr;
    for (const char* r : kRungs)
      if (c < rungs[r]["calls"].size() && !any) any = &rungs[r]["calls"][c];
    entry["index"] = c;
    entry["kernel"] = (*any)["kernel"];
    entry["line"] = (*any)["source"].is_object() ? (*any)["source"]["line"] : Json(nullptr);
    entry["grid"] = (*any)["grid"];
    text += "\npallas_call " + entry["kernel"].get<std::string>() +
            (entry["line"].is_null() ? "" : " (line " + std::to_string(entry["line"].get<int>()) + ")") + ", grid " +
            tuple_text(entry["grid"]) + "\n";
    Json per = Json::object();
    for (const char* r : kRungs) {
      Json v = call_verdict(rungs[r], c, failed[r]);
      std::string label = v["verdict"].get<std::string>();
      if (v.contains("error")) label = (label == "compile refusal" ? "compile refusal, " : "") + error_line(v["error"]);
      std::string head = std::string(r) + std::string(10 - std::string(r).size(), ' ');
      text += "  " + head + label + "\n";
      for (const Json& note : v["notes"]) {
        std::string s = note.get<std::string>();
        for (size_t p = s.find('\n'); p != std::string::npos; p = s.find('\n', p + 13)) s.replace(p, 1, "\n             ");
        text += "             " + s + "\n";
      }
      per[r] = std::move(v);
    }
    entry["rungs"] = std::move(per);
    calls.push_back(std::move(entry));
  }

  // Values: every top-level array any rung produced.
  std::set<std::string> names;
  for (const char* r : kRungs)
    for (auto it = rungs[r]["values"].begin(); it != rungs[r]["values"].end(); ++it) names.insert(it.key());
  Json values = Json::array(), differ = Json::array(), agree = Json::array();
  std::string vtext;
  for (const std::string& name : names) {
    Json entry;
    entry["name"] = name;
    Json diffs = Json::array();
    std::string lines;
    std::vector<const char*> have;
    for (const char* r : kRungs)
      if (rungs[r]["values"].contains(name)) have.push_back(r);
    for (size_t a = 0; a < have.size(); ++a)
      for (size_t b = a + 1; b < have.size(); ++b) {
        Json d = value_diff(rungs[have[a]]["values"][name], rungs[have[b]]["values"][name]);
        if (d["count"].get<int64_t>() == 0) continue;
        d["a"] = have[a];
        d["b"] = have[b];
        d["name"] = name;
        if (!d.contains("shape_mismatch")) d["why"] = why_differs(rungs, have[a], have[b], d);
        std::string pair = std::string(have[a]) + " vs " + have[b] + ": ";
        if (d.contains("shape_mismatch")) {
          lines += "    " + pair + "different shape or dtype\n";
        } else {
          lines += "    " + pair + std::to_string(d["count"].get<int64_t>()) + " of " +
                   std::to_string(d["total"].get<int64_t>()) + " elements differ, first at " + list_text(d["first_index"]) +
                   ": " + scalar_text(d["a_value"]) + " vs " + scalar_text(d["b_value"]) + "\n";
          for (const Json& w : d["why"]) lines += "      why: " + w.get<std::string>() + "\n";
        }
        diffs.push_back(std::move(d));
      }
    for (const char* r : kRungs)
      if (!rungs[r]["values"].contains(name)) lines += "    " + std::string(r) + ": " + stop_reason(rungs[r]) + "\n";
    entry["diffs"] = diffs;
    if (diffs.empty() && have.size() == 3) {
      agree.push_back(name);
    } else {
      const Json& v = rungs[have[0]]["values"][name];
      vtext += "  " + name + "  " + v["dtype"].get<std::string>() + " " + tuple_text(v["shape"]) + "\n" + lines;
      differ.push_back(name);
    }
    values.push_back(std::move(entry));
  }
  text += "\nvalues\n" + vtext;
  if (!agree.empty()) {
    text += "  the same on every rung:";
    for (const Json& n : agree) text += " " + n.get<std::string>();
    text += "\n";
  }

  // What each rung caught: its error, or its races; or nothing.
  Json caught = Json::object();
  text += "\nwhat each rung caught\n";
  for (const char* r : kRungs) {
    const Json& d = rungs[r];
    std::string s;
    if (!d["ok"].get<bool>()) {
      s = (is_compile_refusal(d["error"]) ? "a compile refusal: " : "") + d["error"]["type"].get<std::string>() +
          " at line " + std::to_string(d["error"]["line"].get<int>());
    } else {
      int64_t races = 0;
      for (const Json& c : d["calls"]) races += static_cast<int64_t>(c["races"].size());
      s = races ? std::to_string(races) + " race(s)" : "nothing";
    }
    if (std::string(r) == "chip" && d["ok"].get<bool>()) {
      bool oob = false;
      for (const Json& c : d["calls"]) oob = oob || c["notes"].contains("chip.out_of_bounds");
      if (oob) s += "; values read through out-of-bounds windows are undefined on a chip";
    }
    caught[r] = s;
    text += "  " + std::string(r) + std::string(10 - std::string(r).size(), ' ') + s + "\n";
  }

  if (!options.trace)
    for (const char* r : kRungs)
      for (Json& c : rungs[r]["calls"]) c["events"] = Json::array();
  summary["verdicts"] = verdicts;
  summary["verdict_kinds"] = verdict_kinds;
  summary["values_that_differ"] = differ;
  summary["calls"] = std::move(calls);
  summary["values"] = std::move(values);
  summary["caught"] = std::move(caught);
  summary["text"] = text;
  Json out;
  out["rungs"] = std::move(rungs);
  out["summary"] = std::move(summary);
  return out;
}

}  // namespace rungs::result
