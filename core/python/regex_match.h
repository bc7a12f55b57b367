// The `re` module's engine, part 3 of 3: running a RegexProgram over a
// subject. A backtracking machine with an explicit stack: alternatives are
// tried in order and the first that completes wins, as Python's leftmost
// semantics require. Every step is charged to a StepMeter, so a pattern
// that backtracks catastrophically ((a+)+b on "aaaa...c") stops when the
// program's step budget runs out instead of hanging.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/python/regex_program.h"

namespace rungs::python::regex {

// Charged with the machine's steps; throws to stop a run.
class StepMeter {
 public:
  virtual ~StepMeter() = default;
  virtual void charge(uint64_t steps) = 0;
};

enum class MatchMode : uint8_t { Search, Match, FullMatch };

struct MatchRequest {
  const RegexProgram* program = nullptr;
  const std::u32string* subject = nullptr;
  size_t pos = 0;
  size_t endpos = 0;  // the subject is seen as ending here
  MatchMode mode = MatchMode::Search;
  // After an empty match, the next one may not be empty at the same place
  // (finditer, sub and split move on this way, as Python 3.7+ does).
  bool must_advance = false;
};

// On a match, `slots` holds start, end of the whole match then of each
// group (-1 for a group that did not take part); false when nothing matches.
bool run_regex(const MatchRequest& request, StepMeter& meter, std::vector<long>& slots);

}  // namespace rungs::python::regex
