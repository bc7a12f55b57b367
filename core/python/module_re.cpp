// re: the module's Python face (Pattern, Match, compile, sub, split, ...;
// re_source.cpp) over two builtins that reach the engine of
// regex_program.h: _compile(pattern, flags) and _run(id, string, pos,
// endpos, mode, must_advance). Compiled programs are kept per interpreter
// and named by an id, as re's cache keeps compiled patterns; each machine
// step is one step of the program's budget.
#include <algorithm>
#include <map>
#include <memory>

#include "core/lang/unicode.h"
#include "core/python/exceptions.h"
#include "core/python/library_sources.h"
#include "core/python/modules.h"
#include "core/python/regex_match.h"
#include "core/python/regex_parse.h"

namespace rungs::python {

namespace {

struct RegexState : StageState {
  std::vector<std::shared_ptr<const regex::RegexProgram>> programs;
  // Each (pattern, flags) is compiled once, however often re's own cache
  // evicts and recompiles it.
  std::map<std::pair<std::string, int64_t>, size_t> ids;
  // The last subject decoded to code points: finditer, sub and split run
  // the machine many times over one string.
  std::string last_subject;
  std::u32string last_decoded;
};

class BudgetMeter : public regex::StepMeter {
 public:
  explicit BudgetMeter(Interpreter& ip) : ip_(ip) {}
  void charge(uint64_t steps) override { ip_.tick(static_cast<int64_t>(steps)); }

 private:
  Interpreter& ip_;
};

const std::u32string& decoded(RegexState& state, const std::string& subject) {
  if (subject != state.last_subject || (subject.empty() && !state.last_decoded.empty())) {
    state.last_subject = subject;
    state.last_decoded.clear();
    size_t bad = 0;
    lang::decode_utf8(subject, state.last_decoded, bad);
  }
  return state.last_decoded;
}

// (id, groups, flags, {name: index} in index order) of a compiled program.
Value describe(RegexState& state, size_t id) {
  const auto& program = state.programs[id];
  std::vector<std::pair<int, std::string>> by_index;
  for (const auto& [name, index] : program->group_index) by_index.emplace_back(index, name);
  std::sort(by_index.begin(), by_index.end());
  auto names = std::make_shared<DictObj>();
  for (const auto& [index, name] : by_index) names->set(make_str(name), Value::integer(index));
  return make_tuple({Value::integer(static_cast<int64_t>(id)), Value::integer(program->groups),
                     Value::integer(program->flags), Value::object(names)});
}

// _compile(pattern, flags) -> describe(...) of its program
Value compile_builtin(Interpreter& ip, CallArgs& call) {
  Args a(call, "_compile", {"pattern", "flags"}, 2);
  if (!a[0].is(ObjKind::Str)) raise(ErrorId::re_bytes, call.where);
  auto& state = ip.state<RegexState>();
  std::pair<std::string, int64_t> key{a[0].as<StrObj>().s, a[1].as_int()};
  auto known = state.ids.find(key);
  std::shared_ptr<const regex::RegexProgram> program;
  if (known != state.ids.end()) return describe(state, known->second);
  try {
    program = regex::compile_regex(a[0].as<StrObj>().s, static_cast<int>(a[1].as_int()));
  } catch (EngineError& e) {
    if (!e.where.known()) e.where = call.where;
    throw;
  }
  state.programs.push_back(program);
  state.ids[key] = state.programs.size() - 1;
  return describe(state, state.programs.size() - 1);
}

long clamp(int64_t v, long hi) { return v < 0 ? 0 : (v > hi ? hi : static_cast<long>(v)); }

// _run(id, string, pos, endpos, mode, must_advance) -> slots tuple or None
Value run_builtin(Interpreter& ip, CallArgs& call) {
  Args a(call, "_run", {"id", "string", "pos", "endpos", "mode", "must_advance"}, 6);
  auto& state = ip.state<RegexState>();
  const auto& program = state.programs.at(static_cast<size_t>(a[0].as_int()));
  const std::u32string& subject = decoded(state, a[1].as<StrObj>().s);
  long length = static_cast<long>(subject.size());
  regex::MatchRequest request;
  request.program = program.get();
  request.subject = &subject;
  request.endpos = static_cast<size_t>(clamp(a[3].as_int(), length));
  request.pos = static_cast<size_t>(clamp(a[2].as_int(), length));
  request.mode = static_cast<regex::MatchMode>(a[4].as_int());
  request.must_advance = ip.truthy(a[5]);
  if (request.pos > request.endpos) return Value::none();
  BudgetMeter meter(ip);
  std::vector<long> slots;
  if (!regex::run_regex(request, meter, slots)) return Value::none();
  Values out;
  for (long s : slots) out.push_back(Value::integer(s));
  return make_tuple(std::move(out));
}

// _substr(string, start, end) and _length(string) in code points, as
// Python counts the positions a match reports (Rungs' own str indexing
// counts bytes, which differs once a subject holds non-ASCII text).
Value substr_builtin(Interpreter& ip, CallArgs& call) {
  Args a(call, "_substr", {"string", "start", "end"}, 3);
  const std::u32string& text = decoded(ip.state<RegexState>(), a[0].as<StrObj>().s);
  long length = static_cast<long>(text.size());
  long start = clamp(a[1].as_int(), length), end = clamp(a[2].as_int(), length);
  if (end < start) end = start;
  return make_str(lang::to_utf8(std::u32string_view(text).substr(static_cast<size_t>(start), static_cast<size_t>(end - start))));
}

Value length_builtin(Interpreter& ip, CallArgs& call) {
  Args a(call, "_length", {"string"}, 1);
  return Value::integer(static_cast<int64_t>(decoded(ip.state<RegexState>(), a[0].as<StrObj>().s).size()));
}

}  // namespace

void register_module_re() {
  Interpreter::register_module("re", [](Interpreter& ip) {
    Value error = exception_class("re.error");
    Value module = ip.define_generated_module("re", kReSource,
                                              {{"_raise_error", registered_error_raiser()},
                                               {"_compile", make_builtin("_compile", compile_builtin)},
                                               {"_run", make_builtin("_run", run_builtin)},
                                               {"_substr", make_builtin("_substr", substr_builtin)},
                                               {"_length", make_builtin("_length", length_builtin)},
                                               {"error", error}});
    def_value(module.as<ModuleObj>(), "error", error);
    return module;
  });
}

}  // namespace rungs::python
