// Compiling a parsed pattern (regex_parse.h) into backtracking-machine code
// (regex_program.h). Counted repeats are unrolled: x{2,4} is x x (x (x)?)?,
// so the machine needs no counters; an unbounded loop checks, after each
// iteration, that the iteration consumed something, and leaves otherwise --
// which is how (a*)* ends instead of looping on the empty string, and why
// (a?)* on "b" still sets its group to '' as in Python.
#include "core/errors/error.h"
#include "core/python/regex_parse.h"

namespace rungs::python::regex {

namespace {

// Unrolled repeats are capped so that a{1000000} cannot eat the memory budget.
constexpr size_t kMaxInstructions = 200000;

class Compiler {
 public:
  explicit Compiler(RegexProgram& program) : program_(program) {}

  void emit_node(const RegexNode& node) {
    if (program_.code.size() > kMaxInstructions)
      raise(ErrorId::unsupported_feature, {}, "a regular expression unrolling to over 200000 steps");
    switch (node.kind) {
      case NodeKind::Empty: return;
      case NodeKind::Literal: {
        Inst& i = emit(Op::Char);
        i.ch = node.ignore_case ? fold_case(node.ch) : node.ch;
        i.ignore_case = node.ignore_case;
        return;
      }
      case NodeKind::Any: emit(node.dot_all ? Op::AnyAll : Op::Any); return;
      case NodeKind::Set:
        program_.sets.push_back(node.set);
        emit(Op::Set).arg = static_cast<int>(program_.sets.size() - 1);
        return;
      case NodeKind::LineStart: assertion(node.multiline ? Assertion::MultiLineStart : Assertion::LineStart); return;
      case NodeKind::LineEnd: assertion(node.multiline ? Assertion::MultiLineEnd : Assertion::LineEnd); return;
      case NodeKind::TextStart: assertion(Assertion::TextStart); return;
      case NodeKind::TextEnd: assertion(Assertion::TextEnd); return;
      case NodeKind::WordBoundary: assertion(Assertion::WordBoundary).ascii = node.ascii; return;
      case NodeKind::NotWordBoundary: assertion(Assertion::NotWordBoundary).ascii = node.ascii; return;
      case NodeKind::Group: group(node); return;
      case NodeKind::Backref: {
        Inst& i = emit(Op::Backref);
        i.arg = node.group;
        i.ignore_case = node.ignore_case;
        return;
      }
      case NodeKind::Look: look(node); return;
      case NodeKind::Alternation: alternation(node); return;
      case NodeKind::Concat:
        for (const auto& child : node.children) emit_node(*child);
        return;
      case NodeKind::Repeat: repeat(node); return;
    }
  }

 private:
  RegexProgram& program_;

  Inst& emit(Op op) {
    program_.code.emplace_back();
    program_.code.back().op = op;
    return program_.code.back();
  }
  int here() const { return static_cast<int>(program_.code.size()); }
  Inst& assertion(Assertion a) {
    Inst& i = emit(Op::Assert);
    i.assertion = a;
    return i;
  }

  void group(const RegexNode& node) {
    if (node.group > 0) emit(Op::Save).arg = 2 * node.group;
    emit_node(*node.children[0]);
    if (node.group > 0) emit(Op::Save).arg = 2 * node.group + 1;
  }

  void look(const RegexNode& node) {
    int at = here();
    emit(Op::Look);
    program_.code[at].negated = node.negated;
    program_.code[at].x = at + 1;
    if (node.behind) {
      int width = 0;
      for (const auto& child : node.children) {
        int w = fixed_width(*child);
        width = (w < 0 || width < 0) ? -1 : width + w;
      }
      if (width < 0) raise(ErrorId::re_lookbehind_width, {});
      program_.code[at].width = width;
    }
    for (const auto& child : node.children) emit_node(*child);
    emit(Op::Match);
    program_.code[at].y = here();
  }

  void alternation(const RegexNode& node) {
    std::vector<int> jumps_to_end;
    for (size_t b = 0; b < node.children.size(); ++b) {
      bool last = b + 1 == node.children.size();
      int split = -1;
      if (!last) {
        split = here();
        emit(Op::Split).x = split + 1;
      }
      emit_node(*node.children[b]);
      if (!last) {
        jumps_to_end.push_back(here());
        emit(Op::Jump);
        program_.code[split].y = here();
      }
    }
    for (int j : jumps_to_end) program_.code[j].x = here();
  }

  void repeat(const RegexNode& node) {
    const RegexNode& body = *node.children[0];
    for (int i = 0; i < node.min; ++i) emit_node(body);
    if (node.max < 0) {
      star(body, node.lazy);
      return;
    }
    // (max - min) optional copies, each nested in the previous one.
    std::vector<int> splits;
    for (int i = node.min; i < node.max; ++i) {
      splits.push_back(here());
      emit(Op::Split);
      emit_node(body);
    }
    int end = here();
    for (int s : splits) prefer(s, s + 1, end, node.lazy);
  }

  void prefer(int split, int body, int skip, bool lazy) {
    program_.code[split].x = lazy ? skip : body;
    program_.code[split].y = lazy ? body : skip;
  }

  void star(const RegexNode& body, bool lazy) {
    int mark = program_.loop_marks++;
    int head = here();
    emit(Op::Split);
    emit(Op::LoopMark).arg = mark;
    emit_node(body);
    int check = here();
    emit(Op::LoopCheck).arg = mark;
    emit(Op::Jump).x = head;
    int exit = here();
    program_.code[check].x = exit;
    prefer(head, head + 1, exit, lazy);
  }

  // The number of characters `node` always matches, or -1 when it varies.
  static int fixed_width(const RegexNode& node) {
    switch (node.kind) {
      case NodeKind::Literal: case NodeKind::Any: case NodeKind::Set: return 1;
      case NodeKind::Backref: return -1;
      case NodeKind::Repeat: {
        int w = fixed_width(*node.children[0]);
        return (w < 0 || node.min != node.max) ? -1 : w * node.min;
      }
      case NodeKind::Alternation: {
        int w = fixed_width(*node.children[0]);
        for (const auto& c : node.children)
          if (fixed_width(*c) != w) return -1;
        return w;
      }
      case NodeKind::Group: case NodeKind::Concat: {
        int total = 0;
        for (const auto& c : node.children) {
          int w = fixed_width(*c);
          if (w < 0) return -1;
          total += w;
        }
        return total;
      }
      default: return 0;  // anchors, lookarounds and empty
    }
  }
};

}  // namespace

std::shared_ptr<RegexProgram> compile_tree(const RegexNode& root, int groups) {
  auto program = std::make_shared<RegexProgram>();
  program->groups = groups;
  Compiler compiler(*program);
  compiler.emit_node(root);
  program->code.emplace_back();  // Op::Match
  return program;
}

}  // namespace rungs::python::regex
