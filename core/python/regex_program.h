// The `re` module's engine, part 1 of 3: what a pattern compiles to.
//
// A pattern is parsed (regex_parse.cpp) into a tree of RegexNode, which is
// compiled (regex_compile.cpp) into a RegexProgram: instructions for a
// backtracking machine (regex_match.cpp) in the style of Thompson's and
// Pike's, run with an explicit backtrack stack, so the subject's length
// never reaches the C++ stack. The engine is our own; it follows Python's
// syntax and matching rules (leftmost alternative first, greedy or lazy
// repeats, an empty iteration ends a loop) rather than sre's code.
//
// Approximations, all for want of the Unicode database: \w takes any
// non-ASCII letter or digit that may continue a Python identifier (unless
// ASCII is set), while \d and \s are ASCII's, and IGNORECASE folds the
// ASCII, Latin-1, Greek and Cyrillic letters only.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace rungs::python::regex {

// CPython's flag values (re.I == 2, ...), so flags print and combine alike.
enum Flag : int {
  kTemplate = 1,
  kIgnoreCase = 2,
  kLocale = 4,
  kMultiline = 8,
  kDotAll = 16,
  kUnicode = 32,
  kVerbose = 64,
  kDebug = 128,
  kAscii = 256,
};

// A character class: ranges of code points, plus the \d \w \s shorthands
// (upper-case ones negated) it contains, possibly negated as a whole.
struct CharSet {
  std::vector<std::pair<char32_t, char32_t>> ranges;
  std::string shorthands;  // letters of the \d \D \w \W \s \S inside it
  bool negated = false;
  bool ignore_case = false;
  bool ascii = false;  // re.ASCII: \w is [a-zA-Z0-9_]
  bool contains(char32_t c) const;
};

bool is_word_char(char32_t c, bool ascii);
bool is_digit_char(char32_t c);
bool is_space_char(char32_t c);
bool shorthand_contains(char letter, char32_t c, bool ascii);  // 'd', 'D', 'w', ...
char32_t fold_case(char32_t c);                     // lower-case, for IGNORECASE

enum class NodeKind : uint8_t {
  Empty,
  Literal,        // ch
  Any,            // '.', dot_all decides about '\n'
  Set,            // set
  LineStart,      // '^' (multiline decides)
  LineEnd,        // '$'
  TextStart,      // \A
  TextEnd,        // \Z
  WordBoundary,   // \b
  NotWordBoundary,// \B
  Group,          // (...), capture index in `group` (0 for (?:...))
  Backref,        // \1 or (?P=name), index in `group`
  Look,           // (?=...) (?!...) (?<=...) (?<!...): `negated`, `behind`
  Alternation,    // children
  Concat,         // children
  Repeat,         // children[0] repeated min..max (max -1: unbounded), `lazy`
};

struct RegexNode {
  NodeKind kind = NodeKind::Empty;
  char32_t ch = 0;
  CharSet set;
  int group = 0;
  int min = 0, max = 0;
  bool lazy = false;
  bool negated = false;
  bool behind = false;
  bool ignore_case = false;
  bool dot_all = false;
  bool multiline = false;
  bool ascii = false;  // \b \B under re.ASCII
  std::vector<std::unique_ptr<RegexNode>> children;
};

enum class Op : uint8_t {
  Char,        // match `ch` (folded when ignore_case)
  Any,         // any but '\n'
  AnyAll,      // any
  Set,         // sets[arg]
  Assert,      // `assertion` at the position
  Split,       // try x first, then y
  Jump,        // go to x
  Save,        // slots[arg] = position
  Backref,     // the text of group arg again
  LoopMark,    // marks[arg] = position (entering one iteration)
  LoopCheck,   // an empty iteration (position == marks[arg]) leaves at x
  Look,        // run the code at x from the position (behind: `width` before
               // it) up to its own Match; go on at y if it matched (negated: if not)
  Match,
};

enum class Assertion : uint8_t { LineStart, LineEnd, MultiLineStart, MultiLineEnd, TextStart, TextEnd, WordBoundary, NotWordBoundary };

struct Inst {
  Op op = Op::Match;
  bool ignore_case = false;
  bool negated = false;  // Look: (?!...)
  bool ascii = false;    // Assert \b \B: ASCII word characters only
  Assertion assertion = Assertion::TextStart;
  char32_t ch = 0;
  int arg = 0;
  int x = 0, y = 0;
  int width = -1;  // Look behind: the fixed width looked back
};

struct RegexProgram {
  std::vector<Inst> code;
  std::vector<CharSet> sets;
  int groups = 0;                     // capturing groups
  int loop_marks = 0;                 // LoopMark registers
  int flags = 0;                      // the pattern's flags, inline ones included
  std::map<std::string, int> group_index;  // named groups
};

}  // namespace rungs::python::regex
