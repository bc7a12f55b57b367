// The backtracking machine of regex_match.h, and the character tests the
// compiled code relies on (ASCII classes, ASCII case folding).
#include "core/python/regex_match.h"

#include "core/lang/unicode.h"
#include "core/python/host_memory.h"

namespace rungs::python::regex {

bool is_digit_char(char32_t c) { return c >= '0' && c <= '9'; }
bool is_word_char(char32_t c, bool ascii) {
  if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit_char(c) || c == '_';
  return !ascii && lang::is_identifier_continue(c);
}
bool is_space_char(char32_t c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
// Case pairs at a fixed distance: ASCII, Latin-1, Greek and Cyrillic
// capitals (the scripts whose letters the identifier tables know).
char32_t fold_case(char32_t c) {
  if ((c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7) || (c >= 0x391 && c <= 0x3AB && c != 0x3A2) ||
      (c >= 0x410 && c <= 0x42F))
    return c + 0x20;
  if (c >= 0x400 && c <= 0x40F) return c + 0x50;
  return c;
}

namespace {
char32_t upper_case(char32_t c) {
  if ((c >= 'a' && c <= 'z') || (c >= 0xE0 && c <= 0xFE && c != 0xF7) || (c >= 0x3B1 && c <= 0x3CB && c != 0x3C2) ||
      (c >= 0x430 && c <= 0x44F))
    return c - 0x20;
  if (c >= 0x450 && c <= 0x45F) return c - 0x50;
  return c;
}
}  // namespace

bool shorthand_contains(char letter, char32_t c, bool ascii) {
  switch (letter) {
    case 'd': return is_digit_char(c);
    case 'D': return !is_digit_char(c);
    case 'w': return is_word_char(c, ascii);
    case 'W': return !is_word_char(c, ascii);
    case 's': return is_space_char(c);
    case 'S': return !is_space_char(c);
    default: return false;
  }
}

bool CharSet::contains(char32_t c) const {
  auto direct = [this](char32_t ch) {
    for (const auto& [lo, hi] : ranges)
      if (ch >= lo && ch <= hi) return true;
    for (char letter : shorthands)
      if (shorthand_contains(letter, ch, ascii)) return true;
    return false;
  };
  bool folds = ignore_case && (c < 0x80 || !ascii);
  bool in = direct(c) || (folds && (direct(fold_case(c)) || direct(upper_case(c))));
  return in != negated;
}

namespace {

// Charged to the meter in batches: a call per step would cost more than the step.
constexpr uint64_t kStepBatch = 64;

struct Backtrack {
  enum Kind : uint8_t { Branch, RestoreSlot, RestoreMark } kind;
  int index;   // pc for Branch, slot or mark number otherwise
  long value;  // position for Branch, the old value otherwise
};

// The machine's backtrack stack, charged to the memory budget as it grows:
// a long subject under a pattern like (?:a|b)* keeps one entry per
// character, which the step budget alone would let reach gigabytes.
class BacktrackStack {
 public:
  void push_back(const Backtrack& b) {
    entries_.push_back(b);
    if (entries_.size() > charged_) {
      charged_ = entries_.size() * 2;
      charge_.grow_to(static_cast<int64_t>(charged_ * sizeof(Backtrack)));
    }
  }
  bool empty() const { return entries_.empty(); }
  const Backtrack& back() const { return entries_.back(); }
  void pop_back() { entries_.pop_back(); }

 private:
  std::vector<Backtrack> entries_;
  size_t charged_ = 0;
  HostCharge charge_;
};

class Machine {
 public:
  Machine(const MatchRequest& r, StepMeter& meter) : r_(r), code_(r.program->code), meter_(meter) {}

  // Runs the code at `pc` from `start`; on success the end position, else -1.
  // `required_end` >= 0 demands the run end there (full match, look-behind).
  long run(int pc, long start, long required_end, bool must_advance, std::vector<long>& slots,
           std::vector<long>& marks) {
    BacktrackStack stack;
    long sp = start;
    for (;;) {
      if (++steps_ % kStepBatch == 0) meter_.charge(kStepBatch);
      const Inst& in = code_[static_cast<size_t>(pc)];
      bool ok = true;
      switch (in.op) {
        case Op::Char: ok = sp < end() && same(at(sp), in.ch, in.ignore_case); ++sp; ++pc; break;
        case Op::Any: ok = sp < end() && at(sp) != '\n'; ++sp; ++pc; break;
        case Op::AnyAll: ok = sp < end(); ++sp; ++pc; break;
        case Op::Set: ok = sp < end() && r_.program->sets[static_cast<size_t>(in.arg)].contains(at(sp)); ++sp; ++pc; break;
        case Op::Assert: ok = holds(in.assertion, sp, in.ascii); ++pc; break;
        case Op::Split: stack.push_back({Backtrack::Branch, in.y, sp}); pc = in.x; break;
        case Op::Jump: pc = in.x; break;
        case Op::Save:
          stack.push_back({Backtrack::RestoreSlot, in.arg, slots[static_cast<size_t>(in.arg)]});
          slots[static_cast<size_t>(in.arg)] = sp;
          ++pc;
          break;
        case Op::Backref: ok = backref(in, slots, sp); ++pc; break;
        case Op::LoopMark:
          stack.push_back({Backtrack::RestoreMark, in.arg, marks[static_cast<size_t>(in.arg)]});
          marks[static_cast<size_t>(in.arg)] = sp;
          ++pc;
          break;
        case Op::LoopCheck: pc = sp == marks[static_cast<size_t>(in.arg)] ? in.x : pc + 1; break;
        case Op::Look: ok = look(in, sp, slots, marks, stack); pc = in.y; break;
        case Op::Match:
          ok = (required_end < 0 || sp == required_end) && !(must_advance && sp == start);
          if (ok) return sp;
          break;
      }
      if (ok) continue;
      // Undo to the most recent alternative.
      for (;;) {
        if (stack.empty()) return -1;
        Backtrack b = stack.back();
        stack.pop_back();
        if (b.kind == Backtrack::RestoreSlot) {
          slots[static_cast<size_t>(b.index)] = b.value;
        } else if (b.kind == Backtrack::RestoreMark) {
          marks[static_cast<size_t>(b.index)] = b.value;
        } else {
          pc = b.index;
          sp = b.value;
          break;
        }
      }
    }
  }

 private:
  const MatchRequest& r_;
  const std::vector<Inst>& code_;
  StepMeter& meter_;
  uint64_t steps_ = 0;

  long end() const { return static_cast<long>(r_.endpos); }
  char32_t at(long i) const { return (*r_.subject)[static_cast<size_t>(i)]; }
  static bool same(char32_t c, char32_t want, bool ignore_case) {
    return ignore_case ? fold_case(c) == want : c == want;
  }
  bool word_at(long i, bool ascii) const { return i >= 0 && i < end() && is_word_char(at(i), ascii); }

  bool holds(Assertion a, long sp, bool ascii) const {
    switch (a) {
      case Assertion::LineStart: return sp == 0;
      case Assertion::MultiLineStart: return sp == 0 || at(sp - 1) == '\n';
      case Assertion::LineEnd: return sp == end() || (sp == end() - 1 && at(sp) == '\n');
      case Assertion::MultiLineEnd: return sp == end() || at(sp) == '\n';
      case Assertion::TextStart: return sp == 0;
      case Assertion::TextEnd: return sp == end();
      case Assertion::WordBoundary: return word_at(sp - 1, ascii) != word_at(sp, ascii);
      case Assertion::NotWordBoundary: return word_at(sp - 1, ascii) == word_at(sp, ascii);
    }
    return false;
  }

  // A group that did not take part makes the reference fail, as in Python.
  bool backref(const Inst& in, const std::vector<long>& slots, long& sp) const {
    long s = slots[static_cast<size_t>(2 * in.arg)], e = slots[static_cast<size_t>(2 * in.arg + 1)];
    if (s < 0 || e < 0) return false;
    for (long i = s; i < e; ++i, ++sp) {
      if (sp >= end()) return false;
      char32_t a = at(i), b = at(sp);
      if (in.ignore_case ? fold_case(a) != fold_case(b) : a != b) return false;
    }
    return true;
  }

  // A lookaround runs its body as a nested machine; a positive one keeps the
  // groups its body set (undone on backtracking like any other).
  bool look(const Inst& in, long sp, std::vector<long>& slots, std::vector<long>& marks,
            BacktrackStack& stack) {
    std::vector<long> inner = slots;
    long from = sp, required = -1;
    if (in.width >= 0) {
      from = sp - in.width;
      required = sp;
    }
    bool found = from >= 0 && run(in.x, from, required, false, inner, marks) >= 0;
    if (found == in.negated) return false;
    if (!in.negated) {
      for (size_t i = 0; i < slots.size(); ++i) {
        if (inner[i] == slots[i]) continue;
        stack.push_back({Backtrack::RestoreSlot, static_cast<int>(i), slots[i]});
        slots[i] = inner[i];
      }
    }
    return true;
  }
};

}  // namespace

bool run_regex(const MatchRequest& request, StepMeter& meter, std::vector<long>& slots) {
  if (request.pos > request.endpos || request.endpos > request.subject->size()) return false;
  const RegexProgram& program = *request.program;
  size_t slot_count = 2 * static_cast<size_t>(program.groups + 1);
  Machine machine(request, meter);
  long last_start = request.mode == MatchMode::Search ? static_cast<long>(request.endpos) : static_cast<long>(request.pos);
  for (long start = static_cast<long>(request.pos); start <= last_start; ++start) {
    slots.assign(slot_count, -1);
    std::vector<long> marks(static_cast<size_t>(program.loop_marks), -1);
    long required = request.mode == MatchMode::FullMatch ? static_cast<long>(request.endpos) : -1;
    bool advance = request.must_advance && start == static_cast<long>(request.pos);
    long end = machine.run(0, start, required, advance, slots, marks);
    if (end >= 0) {
      slots[0] = start;
      slots[1] = end;
      return true;
    }
  }
  return false;
}

}  // namespace rungs::python::regex
