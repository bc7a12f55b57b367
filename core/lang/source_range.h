// A span of the user's program text. Every token, AST node, jaxpr equation,
// trace event and error carries one, so the editor can underline exactly the
// construct an error names (lines and columns are 1-based, end is exclusive).
#pragma once

namespace rungs {

struct SourceRange {
  int line = 0;      // first line, 1-based; 0 means "no position known"
  int col = 0;       // first column, 1-based, counted in code points
  int end_line = 0;  // last line
  int end_col = 0;   // one past the last column on end_line
  // Which of the program's files: 0 is the main program, others are the
  // modules it imported from its own files (lang::SourceFiles names them).
  int file = 0;

  bool known() const { return line > 0; }
  static SourceRange span(const SourceRange& a, const SourceRange& b) {
    return {a.line, a.col, b.end_line, b.end_col, a.file};
  }
};

}  // namespace rungs
