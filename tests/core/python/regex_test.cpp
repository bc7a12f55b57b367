// The regular-expression engine of the re module (regex_parse.cpp,
// regex_compile.cpp, regex_match.cpp) on its own: pattern errors with
// CPython 3.11's messages and positions, matching and backtracking, and the
// step meter stopping a catastrophic pattern; then the module through
// programs.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "core/errors/error.h"
#include "core/lang/unicode.h"
#include "core/python/regex_match.h"
#include "core/python/regex_parse.h"
#include "tests/core/python/run_program.h"

namespace rungs::python::regex {
namespace {

class CountingMeter : public StepMeter {
 public:
  explicit CountingMeter(uint64_t limit = UINT64_MAX) : limit_(limit) {}
  void charge(uint64_t steps) override {
    used += steps;
    if (used > limit_) throw std::runtime_error("budget");
  }
  uint64_t used = 0;

 private:
  uint64_t limit_;
};

// The re.error text of compiling `pattern`, or "ok".
std::string compile_error(const std::string& pattern, int flags = 0) {
  try {
    compile_regex(pattern, flags);
  } catch (const EngineError& e) {
    return e.type + ": " + e.message;
  }
  return "ok";
}

// "start,end" of each group (whole match first) of a search, or "none".
std::string search(const std::string& pattern, const std::string& subject, MatchMode mode = MatchMode::Search,
                   int flags = 0) {
  auto program = compile_regex(pattern, flags);
  std::u32string text;
  size_t bad = 0;
  lang::decode_utf8(subject, text, bad);
  MatchRequest request;
  request.program = program.get();
  request.subject = &text;
  request.endpos = text.size();
  request.mode = mode;
  CountingMeter meter;
  std::vector<long> slots;
  if (!run_regex(request, meter, slots)) return "none";
  std::string out;
  for (size_t i = 0; i < slots.size(); i += 2)
    out += (i ? " " : "") + std::to_string(slots[i]) + "," + std::to_string(slots[i + 1]);
  return out;
}

TEST(RegexParse, MistakesReportCPythonsMessageAndPosition) {
  EXPECT_EQ(compile_error("(abc"), "re.error: missing ), unterminated subpattern at position 0");
  EXPECT_EQ(compile_error("*a"), "re.error: nothing to repeat at position 0");
  EXPECT_EQ(compile_error("a**"), "re.error: multiple repeat at position 2");
  EXPECT_EQ(compile_error("[abc"), "re.error: unterminated character set at position 0");
  EXPECT_EQ(compile_error("(?<x"), "re.error: unknown extension ?<x at position 1");
  EXPECT_EQ(compile_error("\\q"), "re.error: bad escape \\q at position 0");
  EXPECT_EQ(compile_error("a)"), "re.error: unbalanced parenthesis at position 1");
  EXPECT_EQ(compile_error("[z-a]"), "re.error: bad character range z-a at position 1");
  EXPECT_EQ(compile_error("a{2,1}"), "re.error: min repeat greater than max repeat at position 2");
  EXPECT_EQ(compile_error("(?P<n>a)(?P=m)"), "re.error: unknown group name 'm' at position 12");
  EXPECT_EQ(compile_error("(a)\\2"), "re.error: invalid group reference 2 at position 4");
  EXPECT_EQ(compile_error("(a\\1)"), "re.error: cannot refer to an open group at position 2");
  EXPECT_EQ(compile_error("(?P<1a>x)"), "re.error: bad character in group name '1a' at position 4");
  EXPECT_EQ(compile_error("(?P<n>a)(?P<n>b)"),
            "re.error: redefinition of group name 'n' as group 2; was group 1 at position 12");
  EXPECT_EQ(compile_error("(?"), "re.error: unexpected end of pattern at position 2");
  EXPECT_EQ(compile_error("\\"), "re.error: bad escape (end of pattern) at position 0");
  EXPECT_EQ(compile_error("a(?i)b"), "re.error: global flags not at the start of the expression at position 1");
  EXPECT_EQ(compile_error("[\\d-z]"), "re.error: bad character range \\d-z at position 1");
  EXPECT_EQ(compile_error("^*"), "re.error: nothing to repeat at position 1");
  EXPECT_EQ(compile_error("(?#abc"), "re.error: missing ), unterminated comment at position 0");
  EXPECT_EQ(compile_error("(?x"), "re.error: missing -, : or ) at position 3");
  EXPECT_EQ(compile_error("(?<=a+)b"), "re.error: look-behind requires fixed-width pattern");
  EXPECT_EQ(compile_error("\\x1"), "re.error: incomplete escape \\x1 at position 0");
}

TEST(RegexParse, DeepNestingIsARecursionErrorNotACrash) {
  EXPECT_EQ(compile_error(std::string(100000, '(') + std::string(100000, ')')),
            "RecursionError: maximum recursion depth exceeded during compilation");
}

TEST(RegexParse, BracesThatAreNoRepeatAreLiterals) {
  EXPECT_EQ(compile_error("x{"), "ok");
  EXPECT_EQ(search("x{", "ax{"), "1,3");
  EXPECT_EQ(search("a{,2}b", "aaab"), "1,4");
  EXPECT_EQ(search("a{2}", "aaa"), "0,2");
}

TEST(RegexMatch, LeftmostAlternativeAndGreedyOrLazyRepeats) {
  EXPECT_EQ(search("a|ab", "ab"), "0,1");
  EXPECT_EQ(search("<.*>", "<a><b>"), "0,6");
  EXPECT_EQ(search("<.*?>", "<a><b>"), "0,3");
  EXPECT_EQ(search("(a+)(a+)", "aaaa"), "0,4 0,3 3,4");
  EXPECT_EQ(search("(a+?)(a+)", "aaaa"), "0,4 0,1 1,4");
  EXPECT_EQ(search("x(a|b)*y", "xababy"), "0,6 4,5");
}

TEST(RegexMatch, EmptyIterationsEndALoop) {
  EXPECT_EQ(search("(a*)*", "b"), "0,0 0,0");
  EXPECT_EQ(search("(a?)*", "aa"), "0,2 2,2");
  EXPECT_EQ(search("(a|)+b", "aab"), "0,3 2,2");
}

TEST(RegexMatch, AnchorsClassesAndBoundaries) {
  EXPECT_EQ(search("^b", "ab"), "none");
  EXPECT_EQ(search("^b", "a\nb", MatchMode::Search, kMultiline), "2,3");
  EXPECT_EQ(search("a$", "a\n"), "0,1");
  EXPECT_EQ(search("a\\Z", "a\n"), "none");
  EXPECT_EQ(search("\\bv5\\b", "tpu v5 lite"), "4,6");
  EXPECT_EQ(search("\\d+\\s\\w+", "v5 lite"), "1,7");
  EXPECT_EQ(search("[^a-c]+", "abcdef"), "3,6");
  EXPECT_EQ(search("TPU", "tpu", MatchMode::Search, kIgnoreCase), "0,3");
  EXPECT_EQ(search("a.b", "a\nb"), "none");
  EXPECT_EQ(search("a.b", "a\nb", MatchMode::Search, kDotAll), "0,3");
}

TEST(RegexMatch, WordCharactersAndCaseBeyondAscii) {
  EXPECT_EQ(search("\\w+", "naïve"), "0,5");
  EXPECT_EQ(search("\\w+", "naïve", MatchMode::Search, kAscii), "0,2");
  EXPECT_EQ(search("é", "É", MatchMode::Search, kIgnoreCase), "0,1");
  EXPECT_EQ(search("é", "É", MatchMode::Search, kIgnoreCase | kAscii), "none");
  EXPECT_EQ(search("[а-я]+", "ЖУК", MatchMode::Search, kIgnoreCase), "0,3");
}

TEST(RegexMatch, BackreferencesAndLookarounds) {
  EXPECT_EQ(search("(\\w)\\1", "abccd"), "2,4 2,3");
  EXPECT_EQ(search("(?P<q>['\"]).*?(?P=q)", "x 'y' z"), "2,5 2,3");
  EXPECT_EQ(search("foo(?=bar)", "foobaz foobar"), "7,10");
  EXPECT_EQ(search("foo(?!bar)", "foobar foobaz"), "7,10");
  EXPECT_EQ(search("(?<=v)\\d", "tpu v5"), "5,6");
  EXPECT_EQ(search("(?<!v)\\d", "v5 7"), "3,4");
}

TEST(RegexMatch, FullMatchMustReachTheEnd) {
  EXPECT_EQ(search("a|ab", "ab", MatchMode::FullMatch), "0,2");
  EXPECT_EQ(search("a+", "aab", MatchMode::FullMatch), "none");
  EXPECT_EQ(search("b", "ab", MatchMode::Match), "none");
}

TEST(RegexMatch, CatastrophicBacktrackingStopsAtTheBudget) {
  auto program = compile_regex("(a+)+b", 0);
  std::u32string text(40, U'a');
  text += U'c';
  MatchRequest request;
  request.program = program.get();
  request.subject = &text;
  request.endpos = text.size();
  CountingMeter meter(1'000'000);
  std::vector<long> slots;
  EXPECT_THROW(run_regex(request, meter, slots), std::runtime_error);
  EXPECT_GT(meter.used, 1'000'000u);
}

TEST(ReModule, CatastrophicPatternEndsWithTheStepLimitError) {
  std::string error = test_programs::error_of("import re\nprint(re.match('(a+)+b', 'a' * 40 + 'c'))\n");
  EXPECT_EQ(error.rfind("RuntimeError: step limit exceeded", 0), 0u) << error;
}

TEST(ReModule, SubSplitAndFindallFollowPython) {
  EXPECT_EQ(test_programs::run("import re\nprint(re.sub('x*', '-', 'abxd'), re.split('x*', 'axbc'))\n"),
            "-a-b--d- ['', 'a', '', 'b', 'c', '']\n");
  EXPECT_EQ(test_programs::run("import re\nprint(re.findall(r'(\\w)=(\\d)', 'a=1 b=2'))\n"),
            "[('a', '1'), ('b', '2')]\n");
  EXPECT_EQ(test_programs::run("import re\nprint(re.sub(r'(?P<k>\\w+)', r'<\\g<k>>', 'a b', count=1))\n"), "<a> b\n");
}

}  // namespace
}  // namespace rungs::python::regex
