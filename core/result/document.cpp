#include "core/result/document.h"

#include <algorithm>
#include <cmath>

#include "core/jax/array_value.h"
#include "core/pallas/mode.h"
#include "core/python/warnings_log.h"
#include "core/result/float_digits.h"

namespace rungs::result {

namespace {

Json number(const array::Array& a, int64_t i) {
  array::DType t = a.dtype();
  if (array::is_bool(t)) return a.get_bool(i);
  if (array::is_integer(t)) return a.get_int(i);
  double v = a.get_double(i);
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  // Whole numbers (the common case) need no digit search.
  if (std::fabs(v) < 9007199254740992.0 && v == std::floor(v)) return v;
  // float32 values print with float32's shortest digits, not double noise.
  if (t == array::DType::Float32 || t == array::DType::BFloat16 || t == array::DType::Float16 ||
      array::is_narrow_float(t))
    return shortest_float32_decimal(static_cast<float>(v));
  return v;
}

Json box_json(const exec::Box& b) { return Json{{"start", b.start}, {"size", b.size}}; }

// Locations in the main program say nothing of their file, as before
// programs had several; others name it.
void add_file(Json& located, const SourceRange& r, const FileNames& files) {
  if (r.file > 0 && r.file < static_cast<int>(files.size())) located["file"] = files[r.file];
}

Json source_json(const SourceRange& r, const FileNames& files) {
  if (!r.known()) return nullptr;
  Json out{{"line", r.line}, {"col", r.col}, {"end_line", r.end_line}, {"end_col", r.end_col}};
  add_file(out, r, files);
  return out;
}

struct EventValueJson {
  template <typename T>
  Json operator()(const T& x) const { return x; }
  Json operator()(const exec::BufferRef& b) const {
    return Json{{"space", b.space}, {"id", b.id}, {"device", b.device}, {"core", b.core}};
  }
  Json operator()(const exec::WindowBox& w) const {
    return Json{{"start", w.start}, {"size", w.size}, {"stride", w.stride}, {"index", w.index}};
  }
};

Json event_value(const exec::EventValue& v) { return std::visit(EventValueJson{}, v); }

}  // namespace

Json array_json(const array::Array& a, int64_t& budget) {
  Json out;
  out["dtype"] = array::dtype_name(a.dtype());
  out["shape"] = a.shape();
  Json data = Json::array();
  int64_t n = std::min<int64_t>(a.size(), std::max<int64_t>(budget, 0));
  for (int64_t i = 0; i < n; ++i) data.push_back(number(a, i));
  budget -= n;
  out["data"] = std::move(data);
  if (n < a.size()) out["truncated"] = true;
  return out;
}

namespace {

// Arrays a top-level variable holds, directly or inside tuples, lists and
// dicts ("outs[0]", "stats['max']"), a few levels and items deep: every
// array the program kept, under the path it is reachable by.
void collect_arrays(const std::string& path, const python::Value& v, int depth,
                    std::vector<std::pair<std::string, const array::Array*>>& out) {
  constexpr int kMaxDepth = 3;
  constexpr size_t kMaxItems = 64;
  if (v.is(python::ObjKind::Array)) {
    if (!v.as<jax::ArrayObj>().traced()) out.emplace_back(path, &v.as<jax::ArrayObj>().op.value);
    return;
  }
  if (depth >= kMaxDepth) return;
  if (v.is(python::ObjKind::Tuple) || v.is(python::ObjKind::List)) {
    const python::Values& items =
        v.is(python::ObjKind::Tuple) ? v.as<python::TupleObj>().items : v.as<python::ListObj>().items;
    for (size_t i = 0; i < items.size() && i < kMaxItems; ++i)
      collect_arrays(path + "[" + std::to_string(i) + "]", items[i], depth + 1, out);
  } else if (v.is(python::ObjKind::Dict)) {
    size_t n = 0;
    for (const auto& [key, item] : v.as<python::DictObj>().entries) {
      if (n++ >= kMaxItems) break;
      if (key.is(python::ObjKind::Str)) collect_arrays(path + "['" + key.as<python::StrObj>().s + "']", item, depth + 1, out);
      else if (key.is_int()) collect_arrays(path + "[" + std::to_string(key.as_int()) + "]", item, depth + 1, out);
    }
  }
}

}  // namespace

Json values_json(python::Interpreter& interp, const DocumentLimits& limits) {
  std::vector<std::pair<std::string, const array::Array*>> found;
  for (const auto& [name, v] : interp.globals()->vars)
    if (name.rfind("__", 0) != 0) collect_arrays(name, v, 0, found);
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  Json out = Json::object();
  int64_t budget = limits.max_value_elements;
  for (const auto& [path, array] : found) out[path] = array_json(*array, budget);
  return out;
}

Json error_json(const EngineError& e, const FileNames& files) {
  Json tb = Json::array();
  for (const TracebackEntry& t : e.traceback) {
    Json frame{{"function", t.function}, {"line", t.where.line}, {"col", t.where.col}};
    add_file(frame, t.where, files);
    tb.push_back(std::move(frame));
  }
  Json out{{"type", e.type},
           {"message", e.message},
           {"line", e.where.line},
           {"col", e.where.col},
           {"end_line", e.where.end_line},
           {"end_col", e.where.end_col},
           {"id", error_info(e.id).name},
           {"traceback", tb}};
  add_file(out, e.where, files);
  return out;
}

Json call_json(const exec::CallRecord& c, bool with_events, const FileNames& files) {
  Json call;
  call["kernel"] = c.kernel;
  call["rung"] = c.rung;
  call["fn_src"] = c.fn_src;
  call["source"] = source_json(c.where, files);
  call["grid"] = c.grid;
  call["jaxpr"] = c.jaxpr;
  if (!c.autodiff.empty()) call["autodiff"] = c.autodiff;
  Json operands = Json::array();
  for (const exec::OperandInfo& o : c.operands)
    operands.push_back(Json{{"name", o.name},
                            {"origin", o.origin},
                            {"role", o.role},
                            {"dtype", o.dtype},
                            {"shape", o.shape},
                            {"block_shape", o.block_shape},
                            {"padded_shape", o.padded_shape},
                            {"pad_lo", o.pad_lo},
                            {"pad_hi", o.pad_hi},
                            {"memory_space", o.memory_space}});
  call["operands"] = std::move(operands);
  // Under jax.shard_map: the devices that ran the call; cores in events
  // are global (device * cores_per_device + core), and events also name
  // their device and core on it (buffer refs use the core on the device).
  bool devices = !c.mesh_axes.empty();
  if (devices)
    call["devices"] = Json{{"count", c.devices},
                           {"cores_per_device", c.cores_per_device},
                           {"mesh", Json{{"axes", c.mesh_axes}, {"shape", c.mesh_shape}}}};
  auto device_of = [&](int64_t core) { return core / std::max<int64_t>(c.cores_per_device, 1); };
  if (!c.lowered.empty()) {
    Json lines = Json::array();
    for (const auto& [text, line] : c.lowered) lines.push_back(Json{{"text", text}, {"line", line}});
    call["lowered"] = Json{{"platform", "tpu"}, {"lines", std::move(lines)}};
  }
  Json events = Json::array();
  if (with_events) {
    for (const exec::StepEvent& s : c.steps) {
      Json ops = Json::array();
      for (const exec::OperandStep& o : s.operands) {
        Json reads = Json::array(), writes = Json::array();
        for (const exec::Box& b : o.reads) reads.push_back(box_json(b));
        for (const exec::Box& b : o.writes) writes.push_back(box_json(b));
        ops.push_back(Json{{"operand", o.operand},
                           {"block_index", o.block_index},
                           {"start", o.start},
                           {"landed", o.landed},
                           {"clamped", o.clamped},
                           {"reads", reads},
                           {"writes", writes}});
      }
      Json step{{"kind", "step"},
                {"step", s.step},
                {"point", s.point},
                {"core", s.core},
                {"stdout", s.stdout_offset},
                {"operands", ops}};
      if (devices) {
        step["device"] = device_of(s.core);
        step["core_on_device"] = s.core - device_of(s.core) * c.cores_per_device;
      }
      events.push_back(std::move(step));
    }
    for (const exec::Event& e : c.events) {
      Json ev{{"kind", e.kind}, {"step", e.step}, {"core", e.core}, {"source", source_json(e.source, files)}};
      for (const auto& [k, v] : e.fields) ev[k] = event_value(v);
      if (devices) {
        ev["device"] = device_of(e.core);
        ev["core_on_device"] = e.core - device_of(e.core) * c.cores_per_device;
      }
      events.push_back(std::move(ev));
    }
  }
  call["events"] = std::move(events);
  Json races = Json::array();
  for (const exec::Race& r : c.races)
    races.push_back(Json{{"buffer", r.buffer},
                         {"buffer_ref", event_value(r.buffer_ref)},
                         {"first", {{"kind", r.first_kind}, {"range", box_json(r.first_range)}, {"thread", r.first_thread},
                                    {"source", source_json(r.first_source, files)}, {"clock", r.first_clock}}},
                         {"second", {{"kind", r.second_kind}, {"range", box_json(r.second_range)}, {"thread", r.second_thread},
                                     {"source", source_json(r.second_source, files)}, {"clock", r.second_clock}}},
                         {"step", r.step}});
  call["races"] = std::move(races);
  call["truncated"] = c.truncated;
  Json notes = Json::object();
  for (const auto& [k, v] : c.notes) notes[k] = v;
  call["notes"] = std::move(notes);
  return call;
}

Json document(python::Interpreter& interp, const std::optional<EngineError>& error, bool trace,
              const DocumentLimits& limits) {
  Json doc;
  doc["ok"] = !error.has_value();
  doc["stdout"] = interp.stdout_text();
  // Warnings the program's warnings.warn showed, in CPython's form (which
  // CPython writes to stderr): "kernel.py:4: DeprecationWarning: ...".
  const std::vector<std::string>& warnings = python::warnings_shown(interp);
  if (!warnings.empty()) doc["warnings"] = warnings;
  doc["values"] = limits.values ? values_json(interp, limits) : Json::object();
  FileNames files = interp.file_names();
  doc["error"] = error ? error_json(*error, files) : Json(nullptr);
  // The host platform the run modelled (core/result/platform.h) and how many
  // host float32 matmuls it ran as bf16 passes there.
  const pallas::RunMode& mode = pallas::run_mode(interp);
  doc["host"] = Json{{"platform", mode.platform}, {"bf16_matmuls", mode.host_bf16_dots}};
  Json calls = Json::array();
  for (const exec::CallRecord& c : exec::call_log(interp).calls) calls.push_back(call_json(c, trace, files));
  doc["calls"] = std::move(calls);
  return doc;
}

}  // namespace rungs::result
