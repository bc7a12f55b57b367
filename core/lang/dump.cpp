#include "core/lang/dump.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace rungs::lang {

std::string python_float_repr(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  // The shortest digits that round-trip, then Python's layout: positional
  // for exponents in [-4, 16), scientific with a 2-digit exponent otherwise.
  char buf[40];
  for (int precision = 0; precision <= 16; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*e", precision, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  std::string s = buf;
  bool negative = s[0] == '-';
  size_t e = s.find('e');
  int exp = std::atoi(s.c_str() + e + 1);
  std::string digits;
  for (size_t k = negative ? 1 : 0; k < e; ++k) {
    if (s[k] != '.') digits += s[k];
  }
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  std::string out = negative ? "-" : "";
  if (exp >= -4 && exp < 16) {
    if (exp < 0) {
      out += "0." + std::string(static_cast<size_t>(-exp - 1), '0') + digits;
    } else {
      size_t int_len = static_cast<size_t>(exp) + 1;
      if (digits.size() < int_len) digits.append(int_len - digits.size(), '0');
      std::string frac = digits.substr(int_len);
      out += digits.substr(0, int_len) + "." + (frac.empty() ? "0" : frac);
    }
    return out;
  }
  out += digits.substr(0, 1);
  if (digits.size() > 1) out += "." + digits.substr(1);
  char e_buf[16];
  std::snprintf(e_buf, sizeof e_buf, "e%c%02d", exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
  return out + e_buf;
}

std::string python_repr(const std::string& text) {
  bool has_single = text.find('\'') != std::string::npos;
  bool has_double = text.find('"') != std::string::npos;
  char quote = has_single && !has_double ? '"' : '\'';
  std::string out(1, quote);
  for (unsigned char c : text) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c == static_cast<unsigned char>(quote)) {
          out += '\\';
          out += static_cast<char>(c);
        } else if (c < 0x20 || c == 0x7F) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);  // UTF-8 passes through, as repr keeps letters
        }
    }
  }
  out += quote;
  return out;
}

namespace {

std::string range_text(const SourceRange& r) {
  return std::to_string(r.line) + ":" + std::to_string(r.col) + "-" + std::to_string(r.end_line) +
         ":" + std::to_string(r.end_col);
}

}  // namespace

std::string dump_tokens(const std::vector<Token>& tokens) {
  std::string out;
  for (const Token& t : tokens) {
    out += range_text(t.range) + " " + token_kind_name(t.kind) + " " + python_repr(t.text);
    if (t.kind == TokenKind::Number) {
      switch (t.number_kind) {
        case NumberKind::Int: out += " int=" + std::to_string(t.int_value); break;
        case NumberKind::BigInt: out += " bigint"; break;
        case NumberKind::Float: out += " float=" + python_float_repr(t.float_value); break;
        case NumberKind::Imaginary: out += " imaginary"; break;
      }
    }
    if (t.kind == TokenKind::String) {
      if (t.str.fstring) out += " f";
      if (t.str.raw) out += " raw";
      if (t.str.bytes) out += " bytes";
    }
    out += '\n';
  }
  return out;
}

namespace {

const char* ctx_name(Ctx c) {
  return c == Ctx::Load ? "Load" : c == Ctx::Store ? "Store" : "Del";
}

const char* unary_symbol(UnaryOpKind op) {
  switch (op) {
    case UnaryOpKind::Invert: return "~";
    case UnaryOpKind::Not: return "not";
    case UnaryOpKind::UAdd: return "+";
    case UnaryOpKind::USub: return "-";
  }
  return "?";
}

const char* param_kind_name(ParamKind k) {
  switch (k) {
    case ParamKind::PositionalOnly: return "PositionalOnly";
    case ParamKind::Positional: return "Positional";
    case ParamKind::VarPositional: return "VarPositional";
    case ParamKind::KeywordOnly: return "KeywordOnly";
    case ParamKind::VarKeyword: return "VarKeyword";
  }
  return "?";
}

std::string name_list(const std::vector<std::string>& names) {
  std::string out = "[";
  for (size_t k = 0; k < names.size(); ++k) out += (k ? ", " : "") + python_repr(names[k]);
  return out + "]";
}

class AstPrinter {
 public:
  std::string out;

  void module(const Module& m) {
    out += "Module\n";
    body(1, "body", m.body);
  }

 private:
  void line(int indent, const std::string& text) {
    out.append(static_cast<size_t>(indent) * 2, ' ');
    out += text;
    out += '\n';
  }
  static std::string label(const std::string& field, int index) {
    return index < 0 ? field : field + "[" + std::to_string(index) + "]";
  }

  void body(int indent, const char* field, const Body& b) {
    for (size_t k = 0; k < b.size(); ++k) stmt(indent, label(field, static_cast<int>(k)), *b[k]);
  }
  void exprs(int indent, const char* field, const std::vector<ExprPtr>& es) {
    for (size_t k = 0; k < es.size(); ++k) {
      if (es[k]) expr(indent, label(field, static_cast<int>(k)), *es[k]);
    }
  }
  void opt(int indent, const char* field, const ExprPtr& e) {
    if (e) expr(indent, field, *e);
  }
  static std::string head(const std::string& field, const Node& n) {
    return field + ": " + node_kind_name(n.kind) + " @" + range_text(n.range);
  }

  void scope(int indent, const Scope& s) {
    line(indent, "scope: locals=" + name_list(s.locals) + " globals=" + name_list(s.globals) +
                     " nonlocals=" + name_list(s.nonlocals) + (s.generator ? " generator" : ""));
  }

  void params(int indent, const std::vector<Param>& ps) {
    for (size_t k = 0; k < ps.size(); ++k) {
      const Param& p = ps[k];
      line(indent, label("params", static_cast<int>(k)) + ": arg @" + range_text(p.range) +
                       " name=" + python_repr(p.name) + " kind=" + param_kind_name(p.kind));
      opt(indent + 1, "annotation", p.annotation);
      opt(indent + 1, "default", p.default_value);
    }
  }

  void stmt(int indent, const std::string& field, const Stmt& s);
  void expr(int indent, const std::string& field, const Expr& e);
};

void AstPrinter::stmt(int in, const std::string& field, const Stmt& s) {
  std::string h = head(field, s);
  switch (s.kind) {
    case NodeKind::ExprStmt:
      line(in, h);
      return expr(in + 1, "value", *static_cast<const ExprStmt&>(s).value);
    case NodeKind::Assign: {
      const auto& a = static_cast<const Assign&>(s);
      line(in, h);
      exprs(in + 1, "targets", a.targets);
      return expr(in + 1, "value", *a.value);
    }
    case NodeKind::AugAssign: {
      const auto& a = static_cast<const AugAssign&>(s);
      line(in, h + " op=" + binop_symbol(a.op));
      expr(in + 1, "target", *a.target);
      return expr(in + 1, "value", *a.value);
    }
    case NodeKind::AnnAssign: {
      const auto& a = static_cast<const AnnAssign&>(s);
      line(in, h);
      expr(in + 1, "target", *a.target);
      expr(in + 1, "annotation", *a.annotation);
      return opt(in + 1, "value", a.value);
    }
    case NodeKind::FunctionDef: {
      const auto& f = static_cast<const FunctionDef&>(s);
      line(in, h + " name=" + python_repr(f.name));
      exprs(in + 1, "decorators", f.decorators);
      params(in + 1, f.params);
      opt(in + 1, "returns", f.returns);
      scope(in + 1, f.scope);
      return body(in + 1, "body", f.body);
    }
    case NodeKind::ClassDef: {
      const auto& c = static_cast<const ClassDef&>(s);
      line(in, h + " name=" + python_repr(c.name));
      exprs(in + 1, "decorators", c.decorators);
      exprs(in + 1, "bases", c.bases);
      for (size_t k = 0; k < c.keywords.size(); ++k) {
        line(in + 1, "keywords[" + std::to_string(k) + "]: arg=" + python_repr(c.keywords[k].arg));
        expr(in + 2, "value", *c.keywords[k].value);
      }
      scope(in + 1, c.scope);
      return body(in + 1, "body", c.body);
    }
    case NodeKind::Return:
      line(in, h);
      return opt(in + 1, "value", static_cast<const Return&>(s).value);
    case NodeKind::If: {
      const auto& i = static_cast<const If&>(s);
      line(in, h);
      expr(in + 1, "test", *i.test);
      body(in + 1, "body", i.body);
      return body(in + 1, "orelse", i.orelse);
    }
    case NodeKind::For: {
      const auto& f = static_cast<const For&>(s);
      line(in, h);
      expr(in + 1, "target", *f.target);
      expr(in + 1, "iter", *f.iter);
      body(in + 1, "body", f.body);
      return body(in + 1, "orelse", f.orelse);
    }
    case NodeKind::While: {
      const auto& w = static_cast<const While&>(s);
      line(in, h);
      expr(in + 1, "test", *w.test);
      body(in + 1, "body", w.body);
      return body(in + 1, "orelse", w.orelse);
    }
    case NodeKind::Try: {
      const auto& t = static_cast<const Try&>(s);
      line(in, h);
      body(in + 1, "body", t.body);
      for (size_t k = 0; k < t.handlers.size(); ++k) {
        const ExceptHandler& eh = t.handlers[k];
        std::string name = eh.name.empty() ? "" : " name=" + python_repr(eh.name);
        line(in + 1, label("handlers", static_cast<int>(k)) + ": ExceptHandler @" +
                         range_text(eh.range) + name);
        opt(in + 2, "type", eh.type);
        body(in + 2, "body", eh.body);
      }
      body(in + 1, "orelse", t.orelse);
      return body(in + 1, "finalbody", t.finalbody);
    }
    case NodeKind::Raise: {
      const auto& r = static_cast<const Raise&>(s);
      line(in, h);
      opt(in + 1, "exc", r.exc);
      return opt(in + 1, "cause", r.cause);
    }
    case NodeKind::Assert: {
      const auto& a = static_cast<const Assert&>(s);
      line(in, h);
      expr(in + 1, "test", *a.test);
      return opt(in + 1, "msg", a.msg);
    }
    case NodeKind::With: {
      const auto& w = static_cast<const With&>(s);
      line(in, h);
      for (size_t k = 0; k < w.items.size(); ++k) {
        line(in + 1, label("items", static_cast<int>(k)) + ": withitem");
        expr(in + 2, "context_expr", *w.items[k].context_expr);
        opt(in + 2, "optional_vars", w.items[k].optional_vars);
      }
      return body(in + 1, "body", w.body);
    }
    case NodeKind::Import:
    case NodeKind::ImportFrom: {
      bool from = s.kind == NodeKind::ImportFrom;
      const auto& names = from ? static_cast<const ImportFrom&>(s).names
                               : static_cast<const Import&>(s).names;
      line(in, from ? h + " module=" + python_repr(static_cast<const ImportFrom&>(s).module) : h);
      for (size_t k = 0; k < names.size(); ++k) {
        const Alias& a = names[k];
        std::string as = a.asname.empty() ? "" : " asname=" + python_repr(a.asname);
        line(in + 1, label("names", static_cast<int>(k)) + ": alias @" + range_text(a.range) +
                         " name=" + python_repr(a.name) + as);
      }
      return;
    }
    case NodeKind::Global:
      return line(in, h + " names=" + name_list(static_cast<const Global&>(s).names));
    case NodeKind::Nonlocal:
      return line(in, h + " names=" + name_list(static_cast<const Nonlocal&>(s).names));
    case NodeKind::Delete:
      line(in, h);
      return exprs(in + 1, "targets", static_cast<const Delete&>(s).targets);
    case NodeKind::Match: {
      const auto& m = static_cast<const Match&>(s);
      line(in, h);
      expr(in + 1, "subject", *m.subject);
      for (size_t k = 0; k < m.cases.size(); ++k) {
        const MatchCase& c = m.cases[k];
        line(in + 1, label("cases", static_cast<int>(k)) + ": match_case @" + range_text(c.range));
        line(in + 2, "pattern: Pattern @" + range_text(c.pattern->range));
        opt(in + 2, "guard", c.guard);
        body(in + 2, "body", c.body);
      }
      return;
    }
    default:
      return line(in, h);  // Pass, Break, Continue
  }
}

void AstPrinter::expr(int in, const std::string& field, const Expr& e) {
  std::string h = head(field, e);
  switch (e.kind) {
    case NodeKind::Name: {
      const auto& n = static_cast<const Name&>(e);
      return line(in, h + " id=" + python_repr(n.id) + " ctx=" + ctx_name(n.ctx));
    }
    case NodeKind::Constant: {
      const auto& c = static_cast<const Constant&>(e);
      std::string v;
      switch (c.value_kind) {
        case ConstantKind::None: v = "None"; break;
        case ConstantKind::True: v = "True"; break;
        case ConstantKind::False: v = "False"; break;
        case ConstantKind::Ellipsis: v = "Ellipsis"; break;
        case ConstantKind::Int: v = std::to_string(c.int_value); break;
        case ConstantKind::Float: v = python_float_repr(c.float_value); break;
        case ConstantKind::Str: v = python_repr(c.str_value); break;
      }
      return line(in, h + " value=" + v);
    }
    case NodeKind::JoinedStr:
      line(in, h);
      return exprs(in + 1, "values", static_cast<const JoinedStr&>(e).values);
    case NodeKind::FormattedValue: {
      const auto& f = static_cast<const FormattedValue&>(e);
      std::string extra;
      if (f.conversion) extra += std::string(" conversion='") + f.conversion + "'";
      if (f.self_documenting) extra += " self_documenting=" + python_repr(f.source_text);
      line(in, h + extra);
      expr(in + 1, "value", *f.value);
      return opt(in + 1, "format_spec", f.format_spec);
    }
    case NodeKind::Tuple:
    case NodeKind::List: {
      bool tuple = e.kind == NodeKind::Tuple;
      Ctx ctx = tuple ? static_cast<const Tuple&>(e).ctx : static_cast<const List&>(e).ctx;
      line(in, h + " ctx=" + ctx_name(ctx));
      return exprs(in + 1, "elts",
                   tuple ? static_cast<const Tuple&>(e).elts : static_cast<const List&>(e).elts);
    }
    case NodeKind::Set:
      line(in, h);
      return exprs(in + 1, "elts", static_cast<const Set&>(e).elts);
    case NodeKind::Dict: {
      const auto& d = static_cast<const Dict&>(e);
      line(in, h);
      for (size_t k = 0; k < d.values.size(); ++k) {
        if (d.keys[k]) {
          expr(in + 1, label("keys", static_cast<int>(k)), *d.keys[k]);
        } else {
          line(in + 1, label("keys", static_cast<int>(k)) + ": None  (** unpacking)");
        }
        expr(in + 1, label("values", static_cast<int>(k)), *d.values[k]);
      }
      return;
    }
    case NodeKind::BinOp: {
      const auto& b = static_cast<const BinOp&>(e);
      line(in, h + " op=" + binop_symbol(b.op));
      expr(in + 1, "left", *b.left);
      return expr(in + 1, "right", *b.right);
    }
    case NodeKind::UnaryOp: {
      const auto& u = static_cast<const UnaryOp&>(e);
      line(in, h + " op=" + unary_symbol(u.op));
      return expr(in + 1, "operand", *u.operand);
    }
    case NodeKind::BoolOp: {
      const auto& b = static_cast<const BoolOp&>(e);
      line(in, h + " op=" + (b.op == BoolOpKind::And ? "and" : "or"));
      return exprs(in + 1, "values", b.values);
    }
    case NodeKind::Compare: {
      const auto& c = static_cast<const Compare&>(e);
      std::string ops;
      for (size_t k = 0; k < c.ops.size(); ++k) ops += (k ? ", " : "") + std::string(cmpop_symbol(c.ops[k]));
      line(in, h + " ops=[" + ops + "]");
      expr(in + 1, "left", *c.left);
      return exprs(in + 1, "comparators", c.comparators);
    }
    case NodeKind::Call: {
      const auto& c = static_cast<const Call&>(e);
      line(in, h);
      expr(in + 1, "func", *c.func);
      exprs(in + 1, "args", c.args);
      for (size_t k = 0; k < c.keywords.size(); ++k) {
        const Keyword& kw = c.keywords[k];
        std::string arg = kw.arg.empty() ? "None" : python_repr(kw.arg);
        line(in + 1, label("keywords", static_cast<int>(k)) + ": keyword @" + range_text(kw.range) +
                         " arg=" + arg);
        expr(in + 2, "value", *kw.value);
      }
      return;
    }
    case NodeKind::Attribute: {
      const auto& a = static_cast<const Attribute&>(e);
      line(in, h + " attr=" + python_repr(a.attr) + " ctx=" + ctx_name(a.ctx));
      return expr(in + 1, "value", *a.value);
    }
    case NodeKind::Subscript: {
      const auto& s = static_cast<const Subscript&>(e);
      line(in, h + " ctx=" + ctx_name(s.ctx));
      expr(in + 1, "value", *s.value);
      return expr(in + 1, "slice", *s.slice);
    }
    case NodeKind::Slice: {
      const auto& s = static_cast<const Slice&>(e);
      line(in, h);
      opt(in + 1, "lower", s.lower);
      opt(in + 1, "upper", s.upper);
      return opt(in + 1, "step", s.step);
    }
    case NodeKind::Starred: {
      const auto& s = static_cast<const Starred&>(e);
      line(in, h + " ctx=" + ctx_name(s.ctx));
      return expr(in + 1, "value", *s.value);
    }
    case NodeKind::Lambda: {
      const auto& l = static_cast<const Lambda&>(e);
      line(in, h);
      params(in + 1, l.params);
      scope(in + 1, l.scope);
      return expr(in + 1, "body", *l.body);
    }
    case NodeKind::IfExp: {
      const auto& i = static_cast<const IfExp&>(e);
      line(in, h);
      expr(in + 1, "test", *i.test);
      expr(in + 1, "body", *i.body);
      return expr(in + 1, "orelse", *i.orelse);
    }
    case NodeKind::NamedExpr: {
      const auto& n = static_cast<const NamedExpr&>(e);
      line(in, h);
      expr(in + 1, "target", *n.target);
      return expr(in + 1, "value", *n.value);
    }
    case NodeKind::ListComp:
    case NodeKind::SetComp:
    case NodeKind::DictComp:
    case NodeKind::GeneratorExp: {
      const auto& c = static_cast<const Comp&>(e);
      line(in, h);
      opt(in + 1, "elt", c.elt);
      opt(in + 1, "key", c.key);
      opt(in + 1, "value", c.value);
      for (size_t k = 0; k < c.generators.size(); ++k) {
        const Comprehension& g = c.generators[k];
        line(in + 1, label("generators", static_cast<int>(k)) + ": comprehension");
        expr(in + 2, "target", *g.target);
        expr(in + 2, "iter", *g.iter);
        exprs(in + 2, "ifs", g.ifs);
      }
      return;
    }
    case NodeKind::Yield:
      line(in, h);
      return opt(in + 1, "value", static_cast<const Yield&>(e).value);
    case NodeKind::YieldFrom:
      line(in, h);
      return expr(in + 1, "value", *static_cast<const YieldFrom&>(e).value);
    default:
      return line(in, h);
  }
}

}  // namespace

std::string dump_ast(const Module& module) {
  AstPrinter p;
  p.module(module);
  return p.out;
}

}  // namespace rungs::lang
