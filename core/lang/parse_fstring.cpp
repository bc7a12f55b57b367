// String atoms: adjacent literals concatenated, and f-strings split into
// literal pieces and FormattedValue nodes.
//
// Like CPython 3.11 (Parser/string_parser.c), an f-string is one STRING token
// whose body is scanned here: `{{`/`}}`, `{expr!r:spec}`, nested format
// specs (two levels at most), `=` self-documentation. The expression text is
// lexed and parsed as "(" + text + ")" by a child Parser, its token positions
// shifted to where the text sits in the file, so nodes inside f-strings
// carry real positions. Scanner errors point at the token after the strings,
// where CPython's parser stood when it raised them.
#include <utility>

#include "core/lang/literal.h"
#include "core/lang/parser_impl.h"
#include "core/lang/unicode.h"

namespace rungs::lang {

namespace {

struct FStringScanner {
  Parser& parser;
  const Token& token;
  std::u32string body;
  std::vector<SourceRange> where;  // position of each body code point (and one past)
  SourceRange error_at;            // the token after the strings
  int depth;                       // parser nesting, inherited by child parsers
  size_t i = 0;

  [[noreturn]] void fail(ErrorId id) { raise(id, error_at); }

  // Appends a literal piece, merging with a previous literal.
  static void add_literal(std::vector<ExprPtr>& out, const std::string& text,
                          const SourceRange& range) {
    if (text.empty()) return;
    if (!out.empty() && out.back()->kind == NodeKind::Constant) {
      static_cast<Constant&>(*out.back()).str_value += text;
      return;
    }
    auto c = make_node<Constant>(range);
    c->value_kind = ConstantKind::Str;
    c->str_value = text;
    out.push_back(std::move(c));
  }

  // fstring_find_literal: text up to a '{' that opens an expression, or a
  // '}' that closes a format spec. Doubled braces count only at level 0.
  void literal(std::vector<ExprPtr>& out, int level) {
    std::u32string raw;
    while (i < body.size()) {
      char32_t c = body[i];
      if (!token.str.raw && c == '\\' && i + 1 < body.size()) {
        raw += c;
        raw += body[++i];
        // "\N{...}": its braces are not an expression
        if (body[i] == 'N' && i + 1 < body.size() && body[i + 1] == '{') {
          ++i;
          while (i < body.size() && body[i] != '}') raw += body[i++];
          if (i < body.size()) raw += body[i];  // the '}'
        }
        ++i;
        continue;
      }
      if (c == '{' || c == '}') {
        if (level == 0) {
          if (i + 1 < body.size() && body[i + 1] == c) {
            raw += c;
            i += 2;
            continue;
          }
          if (c == '}') fail(ErrorId::fstring_single_brace);
        }
        break;
      }
      raw += c;
      ++i;
    }
    std::string text;
    if (token.str.raw) {
      text = to_utf8(raw);
    } else {
      EscapeFailure failure;
      if (!decode_escapes(raw, text, failure)) {
        if (failure.id == ErrorId::unsupported_unicode_name) raise(failure.id, token.range, failure.name);
        raise(failure.id, error_at, failure.first, failure.last, failure.reason);
      }
    }
    add_literal(out, text, token.range);
  }

  // fstring_parse: literal and expression pieces until the end of the body
  // (level 0) or the '}' that ends a format spec (level 1).
  void pieces(std::vector<ExprPtr>& out, int level) {
    for (;;) {
      literal(out, level);
      if (i >= body.size() || body[i] == '}') return;
      out.push_back(expression(level));
    }
  }

  // fstring_find_expr: the part between '{' and '}'.
  ExprPtr expression(int level) {
    if (level >= 2) fail(ErrorId::fstring_nested_too_deeply);
    ++i;  // '{'
    size_t start = i;
    char32_t quote = 0;
    int quote_size = 0;
    std::vector<char32_t> brackets;
    for (; i < body.size(); ++i) {
      char32_t c = body[i];
      if (c == '\\') fail(ErrorId::fstring_backslash);
      if (quote) {
        if (c != quote) continue;
        if (quote_size == 3) {
          if (i + 2 < body.size() && body[i + 1] == quote && body[i + 2] == quote) {
            i += 2;
            quote = 0;
          }
          continue;
        }
        quote = 0;
        continue;
      }
      if (c == '\'' || c == '"') {
        quote = c;
        quote_size = 1;
        if (i + 2 < body.size() && body[i + 1] == c && body[i + 2] == c) {
          quote_size = 3;
          i += 2;
        }
      } else if (c == '[' || c == '{' || c == '(') {
        brackets.push_back(c);
      } else if (c == '#') {
        fail(ErrorId::fstring_hash);
      } else if (brackets.empty() && (c == '!' || c == ':' || c == '=' || c == '}' ||
                                      c == '<' || c == '>')) {
        char32_t next = i + 1 < body.size() ? body[i + 1] : 0;
        if (next == '=' && c != ':' && c != '}') {
          ++i;  // "!=", "==", "<=", ">="
          continue;
        }
        if (c == '<' || c == '>') continue;
        break;
      } else if (c == ']' || c == '}' || c == ')') {
        std::string close(1, static_cast<char>(c));
        if (brackets.empty()) raise(ErrorId::fstring_inner, error_at, "unmatched '" + close + "'");
        char32_t open = brackets.back();
        brackets.pop_back();
        if ((open == '(') != (c == ')') || (open == '[') != (c == ']')) {
          std::string o(1, static_cast<char>(open));
          raise(ErrorId::fstring_inner, error_at,
                "closing parenthesis '" + close + "' does not match opening parenthesis '" + o + "'");
        }
      }
    }
    if (quote) raise(ErrorId::fstring_inner, error_at, "unterminated string");
    if (!brackets.empty()) {
      raise(ErrorId::fstring_inner, error_at,
            "unmatched '" + std::string(1, static_cast<char>(brackets.back())) + "'");
    }
    if (i >= body.size()) fail(ErrorId::fstring_expecting_brace);
    size_t end = i;
    auto fv = make_node<FormattedValue>(token.range);
    fv->value = compile(start, end);
    if (body[i] == '=') {
      // The evaluator prints source_text + "=" (blanks after the '=' are dropped).
      fv->self_documenting = true;
      fv->source_text = to_utf8(std::u32string_view(body).substr(start, i - start));
      ++i;
      while (i < body.size() && (body[i] == ' ' || body[i] == '\t' || body[i] == '\n')) ++i;
      if (i >= body.size()) fail(ErrorId::fstring_expecting_brace);
    }
    if (body[i] == '!') {
      if (++i >= body.size()) fail(ErrorId::fstring_expecting_brace);
      char32_t conv = body[i++];
      if (conv != 's' && conv != 'r' && conv != 'a') fail(ErrorId::fstring_conversion);
      fv->conversion = static_cast<char>(conv);
    }
    if (i < body.size() && body[i] == ':') {
      if (++i >= body.size()) fail(ErrorId::fstring_expecting_brace);
      auto spec = make_node<JoinedStr>(token.range);
      pieces(spec->values, level + 1);
      fv->format_spec = std::move(spec);
    }
    if (i >= body.size() || body[i] != '}') fail(ErrorId::fstring_expecting_brace);
    ++i;
    // f"{x=}" shows repr(x) unless a conversion or format spec says otherwise.
    if (fv->self_documenting && !fv->format_spec && !fv->conversion) fv->conversion = 'r';
    return fv;
  }

  // fstring_compile_expr: parse body[start, end) as "(" + text + ")".
  ExprPtr compile(size_t start, size_t end) {
    bool blank = true;
    for (size_t k = start; k < end; ++k) {
      if (body[k] != ' ' && body[k] != '\t' && body[k] != '\n' && body[k] != '\f') blank = false;
    }
    if (blank) fail(ErrorId::fstring_empty_expression);
    std::string text = "(" + to_utf8(std::u32string_view(body).substr(start, end - start)) + ")";
    LexResult lexed = lex(text);
    // Shift positions: line 1 column 2 of `text` is where body[start] sits.
    SourceRange origin = where[start];
    auto shift = [&](int& line, int& col) {
      if (line == 1) col += origin.col - 2;
      line += origin.line - 1;
    };
    for (Token& t : lexed.tokens) {
      shift(t.range.line, t.range.col);
      shift(t.range.end_line, t.range.end_col);
      t.range.file = origin.file;
    }
    if (lexed.error) shift(lexed.error->where.line, lexed.error->where.col);
    Parser child(std::move(lexed), depth + 1);
    try {
      ExprPtr e = child.parse_fstring_group();
      if (child.unsupported()) throw *child.unsupported();
      return e;
    } catch (EngineError& e) {
      if (e.type != "SyntaxError" || e.id == ErrorId::fstring_inner) throw;
      // CPython 3.11 reports these at the column within "(" + text + ")".
      SourceRange at = e.where;
      if (at.line == origin.line) at.col -= origin.col - 2, at.end_col -= origin.col - 2;
      throw make_error(ErrorId::fstring_inner, at, e.message);
    }
  }
};

}  // namespace

// fstring: star_expressions  (the child parser's entry point)
ExprPtr Parser::parse_fstring_group() {
  ExprPtr e = at_kw("yield") ? yield_expr() : star_expressions();
  if (!at(TokenKind::Newline)) fail_here();
  return e;
}

// strings: STRING+
ExprPtr Parser::strings() {
  std::vector<Token> parts;
  while (at(TokenKind::String)) parts.push_back(advance());
  SourceRange range = SourceRange::span(parts.front().range, parts.back().range);
  bool any_f = false;
  size_t n_bytes = 0;
  for (const Token& t : parts) {
    any_f = any_f || t.str.fstring;
    n_bytes += t.str.bytes ? 1 : 0;
  }
  SourceRange error_at = tok().range;
  if (n_bytes != 0 && n_bytes != parts.size())  // CPython points past the literals
    throw EngineError(ErrorId::syntax_invalid, "SyntaxError", "cannot mix bytes and nonbytes literals", error_at);
  if (!any_f) {
    auto c = make_node<Constant>(range);
    c->value_kind = ConstantKind::Str;
    for (const Token& t : parts) {
      SourceRange end = {t.range.end_line, t.range.end_col, t.range.end_line, t.range.end_col, t.range.file};
      c->str_value += n_bytes ? bytes_token_value(t, end) : string_token_value(t, end);
    }
    if (!n_bytes) return c;
    // b"...": `__rungs_bytes__(text)`, a builtin of the interpreter that
    // builds the bytes object from one code point per byte (bytes_type.h).
    auto callee = make_node<Name>(range);
    callee->id = "__rungs_bytes__";
    auto call = make_node<Call>(range);
    call->func = std::move(callee);
    call->args.push_back(std::move(c));
    return call;
  }
  auto joined = make_node<JoinedStr>(range);
  for (const Token& t : parts) {
    if (!t.str.fstring) {
      SourceRange end = {t.range.end_line, t.range.end_col, t.range.end_line, t.range.end_col, t.range.file};
      FStringScanner::add_literal(joined->values, string_token_value(t, end), t.range);
      continue;
    }
    FStringScanner scan{*this, t, string_token_body(t), {}, error_at, depth_, 0};
    // Where each body code point sits in the file.
    int line = t.range.line, col = t.range.col + t.str.prefix_len + t.str.quote_len;
    for (char32_t c : scan.body) {
      scan.where.push_back({line, col, line, col + 1, t.range.file});
      if (c == '\n') ++line, col = 1;
      else ++col;
    }
    scan.where.push_back({line, col, line, col, t.range.file});
    scan.pieces(joined->values, 0);
  }
  return joined;
}

}  // namespace rungs::lang
