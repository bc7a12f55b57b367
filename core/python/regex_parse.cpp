// Parsing Python's regular-expression syntax (see regex_parse.h). A
// recursive-descent parser over code points: alternation > sequence >
// repeated atom. The error positions follow sre_parse's choices, which are
// not uniform (an open-group reference points at the backslash, an invalid
// group number at its digits), since programs print them.
#include "core/python/regex_parse.h"

#include "core/errors/error.h"
#include "core/lang/unicode.h"
#include "core/python/nesting.h"

namespace rungs::python::regex {

namespace {

using NodePtr = std::unique_ptr<RegexNode>;

NodePtr make_node(NodeKind kind) {
  auto n = std::make_unique<RegexNode>();
  n->kind = kind;
  return n;
}

bool is_ascii_digit(char32_t c) { return c >= '0' && c <= '9'; }
bool is_octal(char32_t c) { return c >= '0' && c <= '7'; }
bool is_ascii_letter(char32_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

int hex_value(char32_t c) {
  if (c >= '0' && c <= '9') return static_cast<int>(c - '0');
  if (c >= 'a' && c <= 'f') return static_cast<int>(c - 'a' + 10);
  if (c >= 'A' && c <= 'F') return static_cast<int>(c - 'A' + 10);
  return -1;
}

int flag_of_letter(char32_t c) {
  switch (c) {
    case 'i': return kIgnoreCase;
    case 'm': return kMultiline;
    case 's': return kDotAll;
    case 'x': return kVerbose;
    case 'a': return kAscii;
    case 'u': return kUnicode;
    case 'L': return kLocale;
    default: return 0;
  }
}

class Parser {
 public:
  Parser(const std::u32string& pattern, int flags, std::map<std::string, int>& names)
      : p_(pattern), flags_(flags), names_(names) {}

  NodePtr parse_top() {
    NodePtr root = parse_alternation();
    if (pos_ < p_.size()) raise(ErrorId::re_unbalanced_paren, {}, pos_);  // a ')' closed nothing
    return root;
  }
  int flags() const { return flags_; }
  int groups() const { return groups_; }

 private:
  const std::u32string& p_;
  size_t pos_ = 0;
  int flags_;
  int groups_ = 0;
  std::vector<int> open_groups_;
  size_t global_flags_end_ = 0;  // where the leading (?flags) groups end
  std::map<std::string, int>& names_;

  bool at_end() const { return pos_ >= p_.size(); }
  char32_t peek(size_t ahead = 0) const { return pos_ + ahead < p_.size() ? p_[pos_ + ahead] : 0; }
  std::string text(size_t from, size_t to) const { return lang::to_utf8(std::u32string_view(p_).substr(from, to - from)); }

  // VERBOSE: whitespace and #-comments between items mean nothing.
  void skip_verbose() {
    if (!(flags_ & kVerbose)) return;
    while (!at_end()) {
      char32_t c = peek();
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
        ++pos_;
      } else if (c == '#') {
        while (!at_end() && peek() != '\n') ++pos_;
      } else {
        break;
      }
    }
  }

  NodePtr parse_alternation() {
    std::vector<NodePtr> branches;
    branches.push_back(parse_sequence());
    while (peek() == '|' && !at_end()) {
      ++pos_;
      branches.push_back(parse_sequence());
    }
    if (branches.size() == 1) return std::move(branches[0]);
    auto alt = make_node(NodeKind::Alternation);
    alt->children = std::move(branches);
    return alt;
  }

  NodePtr parse_sequence() {
    auto seq = make_node(NodeKind::Concat);
    for (;;) {
      skip_verbose();
      if (at_end() || peek() == '|' || peek() == ')') break;
      size_t start = pos_;
      NodePtr atom = parse_atom();
      if (!atom) continue;  // a comment or a global flag group
      seq->children.push_back(parse_repeats(std::move(atom), start));
    }
    return seq;
  }

  // {m}, {m,}, {,n}, {m,n} at pos_ ('{'); false (and pos_ unchanged) when
  // the brace does not start a repeat, which makes it a literal.
  bool parse_braces(int& min, int& max) {
    size_t save = pos_;
    ++pos_;
    std::string lo, hi;
    while (is_ascii_digit(peek()) && !at_end()) lo += static_cast<char>(p_[pos_++]);
    bool comma = false;
    if (peek() == ',' && !at_end()) {
      comma = true;
      ++pos_;
      while (is_ascii_digit(peek()) && !at_end()) hi += static_cast<char>(p_[pos_++]);
    }
    if (peek() != '}' || at_end() || (lo.empty() && !comma)) {
      pos_ = save;
      return false;
    }
    ++pos_;
    min = lo.empty() ? 0 : std::stoi(lo.substr(0, 9));
    max = comma ? (hi.empty() ? -1 : std::stoi(hi.substr(0, 9))) : min;
    return true;
  }

  bool repeat_ahead() {
    char32_t c = peek();
    if (at_end()) return false;
    if (c == '*' || c == '+' || c == '?') return true;
    if (c != '{') return false;
    int a, b;
    size_t save = pos_;
    bool ok = parse_braces(a, b);
    pos_ = save;
    return ok;
  }

  NodePtr parse_repeats(NodePtr atom, size_t atom_start) {
    skip_verbose();
    if (!repeat_ahead()) return atom;
    size_t at = pos_;
    if (atom->kind == NodeKind::LineStart || atom->kind == NodeKind::LineEnd || atom->kind == NodeKind::TextStart ||
        atom->kind == NodeKind::TextEnd || atom->kind == NodeKind::WordBoundary ||
        atom->kind == NodeKind::NotWordBoundary)
      raise(ErrorId::re_nothing_to_repeat, {}, at);
    (void)atom_start;
    int min = 0, max = -1;
    char32_t c = peek();
    if (c == '{') {
      parse_braces(min, max);
      if (max != -1 && min > max) raise(ErrorId::re_min_greater_max, {}, at + 1);
    } else {
      ++pos_;
      if (c == '+') min = 1;
      if (c == '?') max = 1;
    }
    auto rep = make_node(NodeKind::Repeat);
    rep->min = min;
    rep->max = max;
    if (peek() == '?' && !at_end()) {
      rep->lazy = true;
      ++pos_;
    } else if (peek() == '+' && !at_end()) {
      raise(ErrorId::re_possessive, {});
    }
    rep->children.push_back(std::move(atom));
    skip_verbose();
    if (repeat_ahead()) raise(ErrorId::re_multiple_repeat, {}, pos_);
    return rep;
  }

  NodePtr literal(char32_t c) {
    auto n = make_node(NodeKind::Literal);
    n->ch = c;
    // Under ASCII only ASCII letters fold (a non-ASCII one has no ASCII pair).
    n->ignore_case = (flags_ & kIgnoreCase) && (c < 0x80 || !(flags_ & kAscii));
    return n;
  }

  NodePtr anchor(NodeKind kind) {
    auto n = make_node(kind);
    n->multiline = flags_ & kMultiline;
    n->ascii = flags_ & kAscii;
    return n;
  }

  NodePtr parse_atom() {
    size_t start = pos_;
    char32_t c = p_[pos_++];
    switch (c) {
      case '(': return parse_group(start);
      case '[': return parse_set(start);
      case '.': {
        auto n = make_node(NodeKind::Any);
        n->dot_all = flags_ & kDotAll;
        return n;
      }
      case '^': return anchor(NodeKind::LineStart);
      case '$': return anchor(NodeKind::LineEnd);
      case '\\': return parse_escape(start);
      case '*': case '+': case '?': raise(ErrorId::re_nothing_to_repeat, {}, start);
      case '{': {
        --pos_;
        int a, b;
        if (parse_braces(a, b)) raise(ErrorId::re_nothing_to_repeat, {}, start);
        ++pos_;
        return literal(c);
      }
      default: return literal(c);
    }
  }

  // \x.. \u.... \U........: exactly `digits` hex digits after the letter.
  char32_t hex_escape(size_t start, int digits) {
    char32_t value = 0;
    for (int i = 0; i < digits; ++i) {
      int h = hex_value(peek());
      if (at_end() || h < 0) raise(ErrorId::re_incomplete_escape, {}, text(start, pos_), start);
      value = value * 16 + static_cast<char32_t>(h);
      ++pos_;
    }
    return value;
  }

  // The escapes classes and the rest of a pattern share; -1 when `c` is not one.
  long common_escape(char32_t c, size_t start) {
    switch (c) {
      case 'n': return '\n';
      case 't': return '\t';
      case 'r': return '\r';
      case 'f': return '\f';
      case 'v': return '\v';
      case 'a': return '\a';
      case '\\': return '\\';
      case 'x': return static_cast<long>(hex_escape(start, 2));
      case 'u': return static_cast<long>(hex_escape(start, 4));
      case 'U': return static_cast<long>(hex_escape(start, 8));
      case 'N':
        if (peek() == '{' && !at_end()) raise(ErrorId::unsupported_feature, {}, "a named Unicode escape (\\N{...}) in a pattern");
        raise(ErrorId::re_missing_char, {}, "{", pos_);
      default: return -1;
    }
  }

  NodePtr shorthand_set(char32_t letter) {
    auto n = make_node(NodeKind::Set);
    n->set.shorthands = std::string(1, static_cast<char>(letter));
    n->set.ascii = flags_ & kAscii;
    return n;
  }

  NodePtr parse_escape(size_t start) {
    if (at_end()) raise(ErrorId::re_bad_escape_end, {}, start);
    char32_t c = p_[pos_++];
    switch (c) {
      case 'A': return anchor(NodeKind::TextStart);
      case 'Z': return anchor(NodeKind::TextEnd);
      case 'b': return anchor(NodeKind::WordBoundary);
      case 'B': return anchor(NodeKind::NotWordBoundary);
      case 'd': case 'D': case 'w': case 'W': case 's': case 'S': return shorthand_set(c);
      default: break;
    }
    if (c == '0') {
      char32_t value = 0;
      for (int i = 0; i < 2 && is_octal(peek()) && !at_end(); ++i) value = value * 8 + (p_[pos_++] - '0');
      return literal(value);
    }
    if (is_ascii_digit(c)) return parse_numbered_reference(start);
    long common = common_escape(c, start);
    if (common >= 0) return literal(static_cast<char32_t>(common));
    if (is_ascii_letter(c) || is_ascii_digit(c)) raise(ErrorId::re_bad_escape, {}, text(start, pos_), start);
    return literal(c);
  }

  // \1 .. \99, or an octal escape of three digits (\101).
  NodePtr parse_numbered_reference(size_t start) {
    size_t digits_at = start + 1;
    if (is_ascii_digit(peek()) && !at_end()) {
      if (is_octal(p_[digits_at]) && is_octal(peek()) && is_octal(peek(1)) && pos_ + 1 < p_.size()) {
        char32_t value = (p_[digits_at] - '0') * 64 + (p_[pos_] - '0') * 8 + (p_[pos_ + 1] - '0');
        pos_ += 2;
        return literal(value);
      }
      ++pos_;
    }
    int group = std::stoi(text(digits_at, pos_));
    return backreference(group, start, digits_at);
  }

  NodePtr backreference(int group, size_t backslash_at, size_t number_at) {
    if (group > groups_) raise(ErrorId::re_invalid_group_ref, {}, group, number_at);
    for (int open : open_groups_)
      if (open == group) raise(ErrorId::re_open_group_ref, {}, backslash_at);
    auto n = make_node(NodeKind::Backref);
    n->group = group;
    n->ignore_case = flags_ & kIgnoreCase;
    return n;
  }

  NodePtr parse_set(size_t start);
  bool parse_set_item(CharSet& set, size_t set_start, char32_t& single, bool& is_shorthand, std::string& item_text);
  NodePtr parse_group(size_t start);
  NodePtr parse_group_body(size_t start, int capture);
  NodePtr parse_lookaround(size_t start, bool behind, bool negated);
  std::string parse_group_name(char32_t terminator);
  NodePtr parse_flags_group(size_t start);
};

// One member of a class at pos_: a character (single) or a shorthand.
bool Parser::parse_set_item(CharSet& set, size_t set_start, char32_t& single, bool& is_shorthand,
                            std::string& item_text) {
  if (at_end()) raise(ErrorId::re_unterminated_set, {}, set_start);
  size_t start = pos_;
  char32_t c = p_[pos_++];
  is_shorthand = false;
  if (c == '\\') {
    if (at_end()) raise(ErrorId::re_unterminated_set, {}, set_start);
    char32_t e = p_[pos_++];
    if (e == 'd' || e == 'D' || e == 'w' || e == 'W' || e == 's' || e == 'S') {
      set.shorthands += static_cast<char>(e);
      is_shorthand = true;
    } else if (e == 'b') {
      single = '\b';
    } else if (is_octal(e)) {
      char32_t value = e - '0';
      for (int i = 0; i < 2 && is_octal(peek()) && !at_end(); ++i) value = value * 8 + (p_[pos_++] - '0');
      single = value;
    } else {
      long common = common_escape(e, start);
      if (common >= 0) {
        single = static_cast<char32_t>(common);
      } else if (is_ascii_letter(e) || is_ascii_digit(e)) {
        raise(ErrorId::re_bad_escape, {}, text(start, pos_), start);
      } else {
        single = e;
      }
    }
  } else {
    single = c;
  }
  item_text = text(start, pos_);
  return true;
}

NodePtr Parser::parse_set(size_t start) {
  auto n = make_node(NodeKind::Set);
  n->set.ignore_case = flags_ & kIgnoreCase;
  n->set.ascii = flags_ & kAscii;
  if (peek() == '^' && !at_end()) {
    n->set.negated = true;
    ++pos_;
  }
  bool first = true;
  for (;;) {
    if (at_end()) raise(ErrorId::re_unterminated_set, {}, start);
    if (peek() == ']' && !first) {
      ++pos_;
      break;
    }
    first = false;
    size_t item_start = pos_;
    char32_t lo = 0;
    bool lo_short = false;
    std::string lo_text;
    parse_set_item(n->set, start, lo, lo_short, lo_text);
    if (peek() == '-' && !at_end() && peek(1) != ']' && pos_ + 1 < p_.size()) {
      ++pos_;
      char32_t hi = 0;
      bool hi_short = false;
      std::string hi_text;
      parse_set_item(n->set, start, hi, hi_short, hi_text);
      if (lo_short || hi_short || hi < lo) raise(ErrorId::re_bad_range, {}, lo_text + "-" + hi_text, item_start);
      n->set.ranges.emplace_back(lo, hi);
    } else if (!lo_short) {
      n->set.ranges.emplace_back(lo, lo);
    }
  }
  return n;
}

std::string Parser::parse_group_name(char32_t terminator) {
  size_t name_at = pos_;
  while (!at_end() && peek() != terminator) ++pos_;
  if (at_end()) raise(ErrorId::re_unterminated_name, {}, std::string(1, static_cast<char>(terminator)), name_at);
  std::string name = text(name_at, pos_);
  ++pos_;
  if (name.empty()) raise(ErrorId::re_missing_group_name, {}, name_at);
  bool valid = lang::is_identifier_start(p_[name_at]);
  for (size_t i = name_at + 1; i + 1 < pos_ && valid; ++i) valid = lang::is_identifier_continue(p_[i]);
  if (!valid) raise(ErrorId::re_bad_group_name, {}, name, name_at);
  return name;
}

NodePtr Parser::parse_group_body(size_t start, int capture) {
  // Each level of parentheses is a level of native recursion here and in the
  // compiler: "(" * 10**5 must end in RecursionError, not a stack overflow.
  NestingGuard guard(ErrorId::syntax_too_deep);
  if (capture > 0) open_groups_.push_back(capture);
  NodePtr body = parse_alternation();
  if (peek() != ')' || at_end()) raise(ErrorId::re_missing_paren, {}, start);
  ++pos_;
  if (capture > 0) open_groups_.pop_back();
  auto g = make_node(NodeKind::Group);
  g->group = capture;
  g->children.push_back(std::move(body));
  return g;
}

NodePtr Parser::parse_lookaround(size_t start, bool behind, bool negated) {
  NodePtr g = parse_group_body(start, 0);
  auto look = make_node(NodeKind::Look);
  look->behind = behind;
  look->negated = negated;
  look->children = std::move(g->children);
  return look;
}

// (?aiLmsux) at the start of the pattern, or (?aiLmsux-imsx:...).
NodePtr Parser::parse_flags_group(size_t start) {
  int on = 0, off = 0;
  while (!at_end() && flag_of_letter(peek())) on |= flag_of_letter(p_[pos_++]);
  if (peek() == ')' && !at_end()) {
    ++pos_;
    // Only at the start, though several may follow each other: (?i)(?m)a.
    if (start != global_flags_end_) raise(ErrorId::re_global_flags_not_at_start, {}, start);
    global_flags_end_ = pos_;
    flags_ |= on;
    return nullptr;
  }
  if (peek() == '-' && !at_end()) {
    ++pos_;
    while (!at_end() && flag_of_letter(peek())) off |= flag_of_letter(p_[pos_++]);
    if (peek() != ':' || at_end()) raise(ErrorId::re_missing_char, {}, ":", pos_);
    if (on & off) raise(ErrorId::re_bad_inline_flag, {}, "flag turned on and off", pos_);
  }
  if (peek() != ':' || at_end()) raise(ErrorId::re_missing_flag_end, {}, pos_);
  ++pos_;
  int saved = flags_;
  flags_ = (flags_ | on) & ~off;
  NodePtr g = parse_group_body(start, 0);
  flags_ = saved;
  return g;
}

NodePtr Parser::parse_group(size_t start) {
  if (peek() != '?' || at_end()) return parse_group_body(start, ++groups_);
  ++pos_;
  if (at_end()) raise(ErrorId::re_unexpected_end, {}, pos_);
  size_t ext_at = pos_ - 1;
  char32_t c = p_[pos_++];
  switch (c) {
    case ':': return parse_group_body(start, 0);
    case '=': return parse_lookaround(start, false, false);
    case '!': return parse_lookaround(start, false, true);
    case '#':
      while (!at_end() && peek() != ')') ++pos_;
      if (at_end()) raise(ErrorId::re_unterminated_comment, {}, start);
      ++pos_;
      return nullptr;
    case '<': {
      char32_t d = peek();
      if (!at_end() && (d == '=' || d == '!')) {
        ++pos_;
        return parse_lookaround(start, true, d == '!');
      }
      raise(ErrorId::re_unknown_extension, {}, "<" + text(pos_, std::min(pos_ + 1, p_.size())), ext_at);
    }
    case 'P': {
      char32_t d = at_end() ? 0 : p_[pos_++];
      if (d == '<') {
        size_t name_at = pos_;
        std::string name = parse_group_name('>');
        int index = ++groups_;
        if (auto it = names_.find(name); it != names_.end())
          raise(ErrorId::re_group_redefined, {}, name, index, it->second, name_at);
        names_[name] = index;
        return parse_group_body(start, index);
      }
      if (d == '=') {
        size_t name_at = pos_;
        std::string name = parse_group_name(')');
        auto it = names_.find(name);
        if (it == names_.end()) raise(ErrorId::re_unknown_group_name, {}, name, name_at);
        for (int open : open_groups_)
          if (open == it->second) raise(ErrorId::re_open_group_ref, {}, name_at);
        auto n = make_node(NodeKind::Backref);
        n->group = it->second;
        n->ignore_case = flags_ & kIgnoreCase;
        return n;
      }
      if (d == 0) raise(ErrorId::re_unexpected_end, {}, pos_);
      raise(ErrorId::re_unknown_extension, {}, "P" + text(pos_ - 1, pos_), ext_at);
    }
    case '>': raise(ErrorId::re_possessive, {});
    case '(': raise(ErrorId::re_conditional, {});
    default:
      if (flag_of_letter(c) || c == '-') {
        --pos_;
        return parse_flags_group(start);
      }
      raise(ErrorId::re_unknown_extension, {}, text(pos_ - 1, pos_), ext_at);
  }
}

}  // namespace

std::unique_ptr<RegexNode> parse_regex(const std::u32string& pattern, int& flags, int& groups,
                                       std::map<std::string, int>& group_index) {
  Parser parser(pattern, flags, group_index);
  // A global inline flag such as (?x) can only open the pattern, so the
  // parser applies it to everything after it in this one pass.
  NodePtr root = parser.parse_top();
  flags = parser.flags();
  groups = parser.groups();
  return root;
}

std::shared_ptr<const RegexProgram> compile_regex(const std::string& pattern, int flags) {
  std::u32string cps;
  size_t bad = 0;
  lang::decode_utf8(pattern, cps, bad);
  if (flags & kLocale) raise(ErrorId::re_locale_flag, {});
  if ((flags & kAscii) && (flags & kUnicode)) raise(ErrorId::re_flags_incompatible, {});
  int groups = 0;
  std::map<std::string, int> names;
  std::unique_ptr<RegexNode> root = parse_regex(cps, flags, groups, names);
  if (!(flags & kAscii)) flags |= kUnicode;  // a str pattern is UNICODE unless ASCII, as CPython reports
  std::shared_ptr<RegexProgram> program = compile_tree(*root, groups);
  program->flags = flags;
  program->group_index = std::move(names);
  return program;
}

}  // namespace rungs::python::regex
