// Parser tests: precedence, every statement form, f-strings, and the
// specific CPython 3.11 syntax errors with their positions.
#include "core/lang/parser.h"

#include <gtest/gtest.h>

#include <string>

#include "core/errors/error.h"
#include "core/lang/dump.h"

namespace rungs::lang {
namespace {

std::string error_of(const std::string& src) {
  try {
    parse_module(src);
  } catch (const EngineError& e) {
    return e.type + ": " + e.message + " @" + std::to_string(e.where.line) + ":" +
           std::to_string(e.where.col);
  }
  return "no error";
}

// The dump of the first statement's value (or the statement), minus ranges,
// as a compact shape check.
std::string shape(const std::string& src) {
  std::string out = dump_ast(*parse_module(src));
  std::string compact;
  for (size_t k = 0; k < out.size(); ++k) {
    if (out[k] == '@') {
      while (k < out.size() && out[k] != ' ' && out[k] != '\n') ++k;
      if (k < out.size() && out[k] == ' ') continue;
    }
    if (k < out.size()) compact += out[k];
  }
  return compact;
}

const Expr& value_of(const Module& m) {
  return *static_cast<const ExprStmt&>(*m.body.at(0)).value;
}

TEST(Parser, PowerBindsTighterThanUnaryMinusOnItsLeft) {
  auto m = parse_module("-2**2");
  const auto& neg = static_cast<const UnaryOp&>(value_of(*m));
  ASSERT_EQ(neg.kind, NodeKind::UnaryOp);
  EXPECT_EQ(neg.operand->kind, NodeKind::BinOp);
  auto m2 = parse_module("2**-1");
  const auto& pow = static_cast<const BinOp&>(value_of(*m2));
  EXPECT_EQ(pow.op, BinOpKind::Pow);
  EXPECT_EQ(pow.right->kind, NodeKind::UnaryOp);
}

TEST(Parser, ClassDefinitionsKeepBasesDecoratorsAndTheirOwnScope) {
  auto m = parse_module("@reg\nclass A(B, C):\n  x = 1\n  def f(self):\n    y = x\n");
  const auto& c = static_cast<const ClassDef&>(*m->body.at(0));
  ASSERT_EQ(c.kind, NodeKind::ClassDef);
  EXPECT_EQ(c.name, "A");
  EXPECT_EQ(c.bases.size(), 2u);
  EXPECT_EQ(c.decorators.size(), 1u);
  EXPECT_EQ(c.range.line, 2);  // the `class` line, as CPython's ClassDef.lineno
  EXPECT_EQ(c.scope.locals, (std::vector<std::string>{"x", "f"}));
  const auto& f = static_cast<const FunctionDef&>(*c.body.at(1));
  EXPECT_EQ(f.scope.locals, (std::vector<std::string>{"self", "y"}));
  // `class A():` and `class A(object):` are ordinary classes, not syntax errors.
  EXPECT_EQ(error_of("class A():\n  pass\nclass B(object): pass\n"), "no error");
  EXPECT_EQ(error_of("class A:\n  return 1\n"), "SyntaxError: 'return' outside function @2:3");
  EXPECT_NE(shape("class A: pass").find("ClassDef name='A'"), std::string::npos);
}

TEST(Parser, PowerIsRightAssociative) {
  auto m = parse_module("a ** b ** c");
  const auto& top = static_cast<const BinOp&>(value_of(*m));
  EXPECT_EQ(top.left->kind, NodeKind::Name);
  EXPECT_EQ(top.right->kind, NodeKind::BinOp);
}

TEST(Parser, ArithmeticIsLeftAssociative) {
  auto m = parse_module("a - b - c");
  const auto& top = static_cast<const BinOp&>(value_of(*m));
  EXPECT_EQ(top.left->kind, NodeKind::BinOp);
  EXPECT_EQ(top.right->kind, NodeKind::Name);
}

TEST(Parser, PrecedenceLadder) {
  // not > and > or; comparison > not; | > ^ > & > shifts > + > * > unary > **
  auto m = parse_module("not a == b or c and d | e ^ f & g << h + i * -j ** k");
  const auto& orop = static_cast<const BoolOp&>(value_of(*m));
  ASSERT_EQ(orop.op, BoolOpKind::Or);
  EXPECT_EQ(orop.values[0]->kind, NodeKind::UnaryOp);
  EXPECT_EQ(static_cast<const UnaryOp&>(*orop.values[0]).operand->kind, NodeKind::Compare);
  const auto& andop = static_cast<const BoolOp&>(*orop.values[1]);
  const auto& bor = static_cast<const BinOp&>(*andop.values[1]);
  EXPECT_EQ(bor.op, BinOpKind::BitOr);
  EXPECT_EQ(static_cast<const BinOp&>(*bor.right).op, BinOpKind::BitXor);
}

TEST(Parser, ChainedComparison) {
  auto m = parse_module("a < b <= c is not d not in e");
  const auto& c = static_cast<const Compare&>(value_of(*m));
  ASSERT_EQ(c.ops.size(), 4u);
  EXPECT_EQ(c.ops[2], CmpOpKind::IsNot);
  EXPECT_EQ(c.ops[3], CmpOpKind::NotIn);
}

TEST(Parser, MatMulAndAugmentedMatMul) {
  std::string s = dump_ast(*parse_module("a @ b\na @= b\n"));
  EXPECT_NE(s.find("BinOp @1:1-1:6 op=@"), std::string::npos) << s;
  EXPECT_NE(s.find("AugAssign @2:1-2:7 op=@"), std::string::npos) << s;
}

TEST(Parser, Subscripts) {
  std::string s = shape("x[:, None, ::2]\n");
  EXPECT_NE(s.find("slice: Tuple ctx=Load"), std::string::npos) << s;
  EXPECT_NE(s.find("elts[1]: Constant value=None"), std::string::npos) << s;
  EXPECT_NE(s.find("step: Constant value=2"), std::string::npos) << s;
  EXPECT_NE(shape("x[..., 0]\n").find("Constant value=Ellipsis"), std::string::npos);
}

TEST(Parser, StarredAssignmentTargets) {
  auto m = parse_module("a, *b = xs\nfor i, (j, k) in ys: pass\n");
  const auto& assign = static_cast<const Assign&>(*m->body[0]);
  const auto& tuple = static_cast<const Tuple&>(*assign.targets[0]);
  EXPECT_EQ(tuple.ctx, Ctx::Store);
  EXPECT_EQ(tuple.elts[1]->kind, NodeKind::Starred);
  const auto& loop = static_cast<const For&>(*m->body[1]);
  EXPECT_EQ(static_cast<const Tuple&>(*loop.target).elts[1]->kind, NodeKind::Tuple);
}

TEST(Parser, EveryStatementForm) {
  const char* src =
      "import jax.numpy as jnp\nfrom jax.experimental import pallas as pl\n"
      "x: int = 3\nx += 1; del x\nif a: b = 1\nelif c: pass\nelse: pass\n"
      "while a:\n  break\nelse:\n  pass\nfor i in r:\n  continue\n"
      "try:\n  raise E from F\nexcept (E, F) as e:\n  pass\nelse:\n  pass\nfinally:\n  pass\n"
      "with a as b, c:\n  pass\nwith (a as b,\n      c as d):\n  pass\n"
      "assert a, 'm'\n@jax.jit\n@functools.partial(jax.jit, static_argnames=['n'])\n"
      "def f(a, /, b=1, *args, c, d=2, **kw) -> int:\n  global g\n  return lambda *p, **k: 0\n";
  std::string s = shape(src);
  for (const char* kind : {"Import", "ImportFrom", "AnnAssign", "AugAssign", "Delete", "If",
                           "While", "For", "Try", "Raise", "With", "Assert", "FunctionDef",
                           "Global", "Return", "Lambda", "Break", "Continue"}) {
    EXPECT_NE(s.find(std::string(": ") + kind), std::string::npos) << kind;
  }
}

TEST(Parser, ElifNestsInOrelse) {
  auto m = parse_module("if a:\n  pass\nelif b:\n  pass\n");
  const auto& i = static_cast<const If&>(*m->body[0]);
  ASSERT_EQ(i.orelse.size(), 1u);
  EXPECT_EQ(i.orelse[0]->kind, NodeKind::If);
  EXPECT_EQ(i.orelse[0]->range.line, 3);
}

TEST(Parser, Comprehensions) {
  std::string s = shape("[x for x in a if x for y in b]\n{k: v for k, v in d}\n{s for s in t}\n"
                        "f(x for x in y)\n");
  EXPECT_NE(s.find("ListComp"), std::string::npos);
  EXPECT_NE(s.find("DictComp"), std::string::npos);
  EXPECT_NE(s.find("SetComp"), std::string::npos);
  EXPECT_NE(s.find("GeneratorExp"), std::string::npos);
  EXPECT_NE(s.find("generators[1]"), std::string::npos);
}

TEST(Parser, DisplaysWithUnpacking) {
  std::string s = shape("[*a, 1]\n{**m, 'k': 2}\n{*s}\n(*t,)\n");
  EXPECT_NE(s.find("keys[0]: None  (** unpacking)"), std::string::npos) << s;
  EXPECT_NE(s.find("Starred"), std::string::npos);
}

TEST(Parser, FStrings) {
  auto m = parse_module("f'a{x!r:>{w}}b{y=}'\n");
  const auto& j = static_cast<const JoinedStr&>(value_of(*m));
  ASSERT_EQ(j.values.size(), 4u);
  const auto& fv = static_cast<const FormattedValue&>(*j.values[1]);
  EXPECT_EQ(fv.conversion, 'r');
  ASSERT_TRUE(fv.format_spec);
  EXPECT_EQ(fv.value->range.col, 5);  // the real column of `x`
  const auto& self_doc = static_cast<const FormattedValue&>(*j.values[3]);
  EXPECT_TRUE(self_doc.self_documenting);
  EXPECT_EQ(self_doc.source_text, "y");
  EXPECT_EQ(self_doc.conversion, 'r');
}

TEST(Parser, StringConcatenationAndEscapes) {
  auto m = parse_module("'a\\n' r'\\n' '\\x41\\u00e9'\n");
  EXPECT_EQ(static_cast<const Constant&>(value_of(*m)).str_value, "a\n\\nA\xc3\xa9");
}

TEST(Parser, OneLineCompoundAndSemicolons) {
  auto m = parse_module("if x: y = 1; z = 2\n");
  EXPECT_EQ(static_cast<const If&>(*m->body[0]).body.size(), 2u);
}

TEST(ParserErrors, CPythonTexts) {
  EXPECT_EQ(error_of("if x\n  pass"), "SyntaxError: expected ':' @1:5");
  EXPECT_EQ(error_of("x = (1 2)"), "SyntaxError: invalid syntax. Perhaps you forgot a comma? @1:6");
  EXPECT_EQ(error_of(" x = 1"), "IndentationError: unexpected indent @1:1");
  EXPECT_EQ(error_of("if x:\npass"),
            "IndentationError: expected an indented block after 'if' statement on line 1 @2:1");
  EXPECT_EQ(error_of("f() = 1"),
            "SyntaxError: cannot assign to function call here. Maybe you meant '==' instead of "
            "'='? @1:1");
  EXPECT_EQ(error_of("(a, f()) = 1"), "SyntaxError: cannot assign to function call @1:5");
  EXPECT_EQ(error_of("f() += 1"),
            "SyntaxError: 'function call' is an illegal expression for augmented assignment @1:1");
  EXPECT_EQ(error_of("def f(a=1, b): pass"),
            "SyntaxError: non-default argument follows default argument @1:12");
  EXPECT_EQ(error_of("f(x=1, y)"), "SyntaxError: positional argument follows keyword argument @1:9");
  EXPECT_EQ(error_of("a = 1 if b"), "SyntaxError: expected 'else' after 'if' expression @1:5");
  EXPECT_EQ(error_of("try:\n  pass\nx=1"), "SyntaxError: expected 'except' or 'finally' block @3:1");
  EXPECT_EQ(error_of("x = 1 +* 2"), "SyntaxError: invalid syntax @1:8");
  EXPECT_EQ(error_of("f'{'"), "SyntaxError: f-string: expecting '}' @1:5");
  EXPECT_EQ(error_of("'\\x1'"),
            "SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position "
            "0-2: truncated \\xXX escape @1:6");
}

TEST(ParserErrors, LaterLexicalErrorWins) {
  // CPython tokenizes the rest of the file after a syntax error.
  EXPECT_EQ(error_of("x = (1,\ny = 'abc"),
            "SyntaxError: unterminated string literal (detected at line 2) @2:5");
  EXPECT_EQ(error_of("x = (1 2\ny = 3"), "SyntaxError: '(' was never closed @1:5");
}

TEST(ParserErrors, AssignmentExpressionsAsCPython) {
  EXPECT_EQ(error_of("(a.b := 1)"), "SyntaxError: cannot use assignment expressions with attribute @1:2");
  EXPECT_EQ(error_of("(a[0] := 1)"), "SyntaxError: cannot use assignment expressions with subscript @1:2");
  EXPECT_EQ(error_of("ys = [(i := 0) for i in range(3)]"),
            "SyntaxError: assignment expression cannot rebind comprehension iteration variable 'i' @1:8");
  EXPECT_EQ(error_of("class A:\n    xs = [(y := 1) for _ in range(2)]"),
            "SyntaxError: assignment expression within a comprehension cannot be used in a class body @2:12");
  EXPECT_EQ(error_of("x := 1"), "SyntaxError: invalid syntax @1:3");
}

TEST(ParserErrors, UnsupportedConstructsNameThemselves) {
  EXPECT_EQ(error_of("class A(B, metaclass=M):\n  pass"),
            "NotImplementedError: metaclasses are not supported by Rungs @1:12");
  EXPECT_EQ(error_of("z = 1j"), "NotImplementedError: complex numbers are not supported @1:5");
  // Relative imports parse (their ImportError comes at run time, as CPython's
  // for a script), and so do int literals beyond 64 bits.
  EXPECT_EQ(error_of("from .. import x\nfrom .pkg.mod import y"), "no error");
  EXPECT_EQ(error_of("x = 123456789012345678901234567890 + 0xFFFFFFFFFFFFFFFFFF"), "no error");
  // ... but only once the file has parsed: a real syntax error wins.
  EXPECT_EQ(error_of("class A(metaclass=M): pass\nx = )"), "SyntaxError: unmatched ')' @2:5");
}

TEST(ParserErrors, DeepNestingEndsCleanly) {
  EXPECT_EQ(error_of("x = " + std::string(10000, '(')),
            "SyntaxError: too many nested parentheses @1:205");
  std::string minus(100000, '-');
  EXPECT_EQ(error_of("x = " + minus + "1").substr(0, 14), "RecursionError");
  std::string chain = "x = 1";
  for (int k = 0; k < 50000; ++k) chain += "+1";
  EXPECT_EQ(error_of(chain).substr(0, 14), "RecursionError");
  std::string ok = "x = " + std::string(150, '(') + "1" + std::string(150, ')');
  EXPECT_EQ(error_of(ok), "no error");
}

}  // namespace
}  // namespace rungs::lang
