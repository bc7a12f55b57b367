// string and textwrap: the character-class constants, and the text
// reflowing harness code uses for reports (dedent, indent, wrap, fill).
// textwrap follows CPython's TextWrapper._wrap_chunks: the text is cut into
// alternating whitespace and word chunks (a word also splits after a hyphen
// between letters, "block-" "size", as CPython's wordsep_re does; em-dash
// splitting is left out), lines are filled greedily, and words longer than
// the width are broken. Widths count bytes, so they equal CPython's for
// ASCII text only.
#include <algorithm>
#include <cctype>
#include <optional>

#include "core/python/args.h"
#include "core/python/host_memory.h"
#include "core/python/modules.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
bool is_letter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

const std::string& text_arg(const Value& v, SourceRange where) {
  if (!v.is(ObjKind::Str)) raise(ErrorId::textwrap_not_string, where, type_name(v));
  return v.as<StrObj>().s;
}

// Lines with their line endings, as str.splitlines(keepends=True) for "\n".
std::vector<std::string> lines_keepends(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < s.size()) {
    size_t nl = s.find('\n', start);
    size_t end = nl == std::string::npos ? s.size() : nl + 1;
    out.push_back(s.substr(start, end - start));
    start = end;
  }
  return out;
}

// textwrap.dedent: remove the longest common leading run of spaces/tabs from
// every non-blank line; lines of only spaces/tabs become empty.
std::string dedent(const std::string& text) {
  std::vector<std::string> lines = lines_keepends(text);
  std::optional<std::string> margin;
  for (std::string& line : lines) {
    size_t ws = line.find_first_not_of(" \t");
    if (ws == std::string::npos || line[ws] == '\n') {
      line = ws == std::string::npos ? "" : line.substr(ws);  // whitespace-only: keep only the newline
      continue;
    }
    std::string indent = line.substr(0, ws);
    if (!margin) {
      margin = indent;
    } else {
      size_t k = 0;
      while (k < margin->size() && k < indent.size() && (*margin)[k] == indent[k]) ++k;
      margin->resize(k);
    }
  }
  std::string out;
  for (const std::string& line : lines)
    out += margin && line.compare(0, margin->size(), *margin) == 0 ? line.substr(margin->size()) : line;
  return out;
}

struct WrapOptions {
  Value text;
  int64_t width = 70;
  std::string initial_indent, subsequent_indent;
  bool break_long_words = true, drop_whitespace = true, expand_tabs = true, replace_whitespace = true;
  bool break_on_hyphens = true;
  int64_t tabsize = 8;
};

std::vector<std::string> chunks_of(std::string text, const WrapOptions& o) {
  if (o.expand_tabs) {
    std::string out;
    int64_t col = 0;
    for (char c : text) {
      if (c == '\t') {
        int64_t n = o.tabsize > 0 ? o.tabsize - col % o.tabsize : 0;
        check_host_alloc(n);  // tabsize=10**18 is a MemoryError, not a crash
        out.append(static_cast<size_t>(n), ' ');
        col += n;
      } else {
        out += c;
        col = c == '\n' || c == '\r' ? 0 : col + 1;
      }
    }
    text = out;
  }
  if (o.replace_whitespace)
    for (char& c : text)
      if (is_space(c)) c = ' ';
  std::vector<std::string> chunks;
  size_t i = 0;
  while (i < text.size()) {
    size_t j = i;
    bool space = is_space(text[i]);
    while (j < text.size() && is_space(text[j]) == space) {
      ++j;
      // "block-size" -> "block-", "size": a hyphen after two letters, before a letter.
      if (!space && o.break_on_hyphens && text[j - 1] == '-' && j >= 3 && is_letter(text[j - 2]) &&
          is_letter(text[j - 3]) && j < text.size() && is_letter(text[j]))
        break;
    }
    chunks.push_back(text.substr(i, j - i));
    i = j;
  }
  return chunks;
}

std::vector<std::string> wrap(const std::string& text, const WrapOptions& o) {
  std::vector<std::string> chunks = chunks_of(text, o), lines;
  std::reverse(chunks.begin(), chunks.end());
  auto blank = [](const std::string& s) { return s.find_first_not_of(' ') == std::string::npos; };
  while (!chunks.empty()) {
    const std::string& indent = lines.empty() ? o.initial_indent : o.subsequent_indent;
    int64_t width = o.width - static_cast<int64_t>(indent.size()), len = 0;
    std::vector<std::string> line;
    if (o.drop_whitespace && blank(chunks.back()) && !lines.empty()) chunks.pop_back();
    while (!chunks.empty() && len + static_cast<int64_t>(chunks.back().size()) <= width) {
      len += static_cast<int64_t>(chunks.back().size());
      line.push_back(chunks.back());
      chunks.pop_back();
    }
    if (!chunks.empty() && static_cast<int64_t>(chunks.back().size()) > width) {  // _handle_long_word
      int64_t space_left = width < 1 ? 1 : width - len;
      std::string& chunk = chunks.back();
      if (o.break_long_words) {
        size_t end = static_cast<size_t>(space_left);
        if (o.break_on_hyphens && chunk.size() > end) {
          size_t hyphen = chunk.rfind('-', end - 1);
          if (hyphen != std::string::npos && hyphen > 0 && chunk.find_first_not_of('-') < hyphen) end = hyphen + 1;
        }
        line.push_back(chunk.substr(0, end));
        len += static_cast<int64_t>(end);
        chunk = chunk.substr(end);
      } else if (line.empty()) {
        line.push_back(chunk);
        chunks.pop_back();
      }
    }
    if (o.drop_whitespace && !line.empty() && blank(line.back())) line.pop_back();
    if (!line.empty()) {
      std::string joined = indent;
      for (const std::string& c : line) joined += c;
      lines.push_back(joined);
    }
  }
  return lines;
}

// wrap/fill(text, width=70, **kwargs): the TextWrapper options by keyword.
WrapOptions wrap_options(const CallArgs& call, const std::string& fn) {
  Args a(call, fn, {"text", "width", "*", "initial_indent", "subsequent_indent", "break_long_words", "drop_whitespace",
                    "expand_tabs", "replace_whitespace", "break_on_hyphens", "tabsize", "fix_sentence_endings"}, 1);
  WrapOptions o;
  o.text = a[0];
  o.width = a.int_at(1, 70);
  o.initial_indent = a.str_at(2, "");
  o.subsequent_indent = a.str_at(3, "");
  o.break_long_words = a.bool_at(4, true);
  o.drop_whitespace = a.bool_at(5, true);
  o.expand_tabs = a.bool_at(6, true);
  o.replace_whitespace = a.bool_at(7, true);
  o.break_on_hyphens = a.bool_at(8, true);
  o.tabsize = a.int_at(9, 8);
  if (o.width <= 0) raise(ErrorId::textwrap_width, call.where, o.width);
  return o;
}

Value make_textwrap() {
  auto m = new_module("textwrap");
  def_signature(*m, "dedent", {"text"}, 1, [](Interpreter&, const Args& a) { return make_str(dedent(text_arg(a[0], a.where()))); });
  def_signature(*m, "indent", {"text", "prefix", "predicate"}, 2, [](Interpreter& ip, const Args& a) {
    std::string out;
    for (const std::string& line : lines_keepends(text_arg(a[0], a.where()))) {
      bool add = a[2].is_none() ? line.find_first_not_of(" \t\n\r\v\f") != std::string::npos
                                : ip.truthy(ip.call(a[2], Values{make_str(line)}, a.where()));
      out += (add ? a.str_at(1, "") : "") + line;
    }
    return make_str(out);
  });
  def(*m, "wrap", [](Interpreter&, CallArgs& call) {
    WrapOptions o = wrap_options(call, "wrap");
    Values out;
    for (std::string& line : wrap(text_arg(o.text, call.where), o))
      out.push_back(make_str(std::move(line)));
    return make_list(std::move(out));
  });
  def(*m, "fill", [](Interpreter&, CallArgs& call) {
    WrapOptions o = wrap_options(call, "fill");
    std::string out;
    for (const std::string& line : wrap(text_arg(o.text, call.where), o))
      out += (out.empty() ? "" : "\n") + line;
    return make_str(out);
  });
  return Value::object(m);
}

Value make_string() {
  auto m = new_module("string");
  const std::string lower = "abcdefghijklmnopqrstuvwxyz", upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ", digits = "0123456789";
  const std::string punctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", whitespace = " \t\n\r\x0b\x0c";
  def_value(*m, "ascii_lowercase", make_str(lower));
  def_value(*m, "ascii_uppercase", make_str(upper));
  def_value(*m, "ascii_letters", make_str(lower + upper));
  def_value(*m, "digits", make_str(digits));
  def_value(*m, "hexdigits", make_str(digits + "abcdefABCDEF"));
  def_value(*m, "octdigits", make_str("01234567"));
  def_value(*m, "punctuation", make_str(punctuation));
  def_value(*m, "whitespace", make_str(whitespace));
  def_value(*m, "printable", make_str(digits + lower + upper + punctuation + whitespace));
  def_signature(*m, "capwords", {"s", "sep"}, 1, [](Interpreter& ip, const Args& a) {
    Value words = ip.call(ip.getattr(a[0], "split", a.where()), a[1].is_none() ? Values{} : Values{a[1]}, a.where());
    Values caps;
    for (const Value& w : words.as<ListObj>().items) caps.push_back(ip.call(ip.getattr(w, "capitalize", a.where()), Values{}, a.where()));
    Value sep = a[1].is_none() ? make_str(" ") : a[1];
    return ip.call(ip.getattr(sep, "join", a.where()), Values{make_list(std::move(caps))}, a.where());
  });
  return Value::object(m);
}

}  // namespace

void register_module_text() {
  Interpreter::register_module("string", [](Interpreter&) { return make_string(); });
  Interpreter::register_module("textwrap", [](Interpreter&) { return make_textwrap(); });
}

}  // namespace rungs::python
