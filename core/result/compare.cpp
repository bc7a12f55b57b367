// `rungs compare`: one program on every rung, side by side. The summary
// names, per pallas_call, each rung's verdict (values, an error, races, a
// compile refusal) and whether the outputs differ between rungs.
#include <cmath>
#include <set>

#include "core/result/engine.h"

namespace rungs::result {

namespace {
std::string verdict(const Json& doc) {
  if (!doc["ok"].get<bool>()) return "error: " + doc["error"]["type"].get<std::string>();
  for (const Json& c : doc["calls"])
    if (!c["races"].empty()) return "races";
  return "ok";
}

bool same_values(const Json& a, const Json& b, const std::string& name) {
  if (!a.contains(name) || !b.contains(name)) return false;
  const Json& x = a[name];
  const Json& y = b[name];
  if (x["shape"] != y["shape"] || x["dtype"] != y["dtype"]) return false;
  const Json& dx = x["data"];
  const Json& dy = y["data"];
  for (size_t i = 0; i < dx.size() && i < dy.size(); ++i) {
    if (dx[i].is_string() || dy[i].is_string()) {
      if (dx[i] != dy[i]) return false;
      continue;
    }
    double u = dx[i].get<double>(), v = dy[i].get<double>();
    if (std::fabs(u - v) > 1e-5 * (1 + std::fabs(v))) return false;
  }
  return dx.size() == dy.size();
}
}  // namespace

Json compare_document(const std::string& source, const RunOptions& options) {
  Json out;
  Json rungs = Json::object();
  const char* names[] = {"interpret", "tpu", "chip"};
  for (const char* r : names) {
    RunOptions o = options;
    o.rung = r;
    rungs[r] = run_document(source, o);
  }
  Json summary = Json::object();
  for (const char* r : names) summary[r] = verdict(rungs[r]);
  Json differ = Json::array();
  std::set<std::string> all;
  for (const char* r : names)
    for (auto it = rungs[r]["values"].begin(); it != rungs[r]["values"].end(); ++it) all.insert(it.key());
  for (const std::string& name : all) {
    bool a = same_values(rungs["interpret"]["values"], rungs["tpu"]["values"], name);
    bool b = same_values(rungs["interpret"]["values"], rungs["chip"]["values"], name);
    if (!a || !b) differ.push_back(name);
  }
  out["rungs"] = std::move(rungs);
  out["summary"] = Json{{"verdicts", summary}, {"values_that_differ", differ}};
  return out;
}

}  // namespace rungs::result
