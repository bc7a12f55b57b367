// The abstract syntax tree of the Python subset Rungs accepts.
//
// Shaped like CPython's `ast` module (same node names, same field names) so a
// reader who knows Python's grammar can read this file cold. Every node has a
// `kind` tag and a SourceRange; the evaluator switches on `kind` and
// static_casts, the way clang and LibJS walk their trees. Nodes are owned by
// their parent through unique_ptr; the Module owns the whole tree and is kept
// alive (shared_ptr) by every function value created from it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/lang/source_range.h"

namespace rungs::lang {

enum class NodeKind : uint8_t {
  // expressions
  Name, Constant, JoinedStr, FormattedValue, Tuple, List, Dict, Set,
  BinOp, UnaryOp, BoolOp, Compare, Call, Attribute, Subscript, Slice,
  Starred, Lambda, IfExp, NamedExpr, ListComp, SetComp, DictComp, GeneratorExp,
  Yield, YieldFrom,
  // statements
  ExprStmt, Assign, AugAssign, AnnAssign, FunctionDef, ClassDef, Return, Pass, Break,
  Continue, If, For, While, Try, Raise, Assert, With, Import, ImportFrom,
  Global, Nonlocal, Delete, Match,
};

const char* node_kind_name(NodeKind kind);

struct Node {
  explicit Node(NodeKind k) : kind(k) {}
  virtual ~Node() = default;
  NodeKind kind;
  SourceRange range;
};

struct Expr : Node {
  using Node::Node;
};
struct Stmt : Node {
  using Node::Node;
  // A `yield` of its own function is inside (set by the resolver): a
  // generator runs such statements resumably (core/python/generators.cpp),
  // every other statement as an ordinary function would.
  bool has_yield = false;
};
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;
using Body = std::vector<StmtPtr>;

// ---- expressions ---------------------------------------------------------

// Load/store/delete context, as in CPython: the same node type is read in an
// expression and written as an assignment target.
enum class Ctx : uint8_t { Load, Store, Del };

struct Name : Expr {
  Name() : Expr(NodeKind::Name) {}
  std::string id;
  Ctx ctx = Ctx::Load;
};

enum class ConstantKind : uint8_t { None, True, False, Int, Float, Str, Ellipsis };

struct Constant : Expr {
  Constant() : Expr(NodeKind::Constant) {}
  ConstantKind value_kind = ConstantKind::None;
  int64_t int_value = 0;   // Int within int64; beyond it str_value holds the literal's text
  double float_value = 0;  // Float (also the real part of nothing: no complex)
  std::string str_value;   // Str, escapes already decoded
};

// f"...": alternating literal pieces (Constant Str) and FormattedValue nodes.
struct JoinedStr : Expr {
  JoinedStr() : Expr(NodeKind::JoinedStr) {}
  std::vector<ExprPtr> values;
};

struct FormattedValue : Expr {
  FormattedValue() : Expr(NodeKind::FormattedValue) {}
  ExprPtr value;
  char conversion = 0;  // 0, 'r', 's' or 'a'
  ExprPtr format_spec;  // a JoinedStr, or null
  bool self_documenting = false;  // f"{x=}": prints "x=" before the value
  std::string source_text;        // the text of `value`, for f"{x=}": verbatim from
                                  // after '{' up to the '=' (" x " in f"{ x = }");
                                  // conversion is then 'r' unless one or a format
                                  // spec was given, as in CPython
};

struct Tuple : Expr {
  Tuple() : Expr(NodeKind::Tuple) {}
  std::vector<ExprPtr> elts;  // may contain Starred
  Ctx ctx = Ctx::Load;
};

struct List : Expr {
  List() : Expr(NodeKind::List) {}
  std::vector<ExprPtr> elts;
  Ctx ctx = Ctx::Load;
};

struct Dict : Expr {
  Dict() : Expr(NodeKind::Dict) {}
  std::vector<ExprPtr> keys;  // a null key means `**values[i]`
  std::vector<ExprPtr> values;
};

struct Set : Expr {
  Set() : Expr(NodeKind::Set) {}
  std::vector<ExprPtr> elts;
};

enum class BinOpKind : uint8_t {
  Add, Sub, Mult, MatMult, Div, FloorDiv, Mod, Pow, LShift, RShift, BitOr, BitXor, BitAnd
};
const char* binop_symbol(BinOpKind op);  // "+", "@", "//", ...

struct BinOp : Expr {
  BinOp() : Expr(NodeKind::BinOp) {}
  ExprPtr left;
  BinOpKind op = BinOpKind::Add;
  ExprPtr right;
};

enum class UnaryOpKind : uint8_t { Invert, Not, UAdd, USub };

struct UnaryOp : Expr {
  UnaryOp() : Expr(NodeKind::UnaryOp) {}
  UnaryOpKind op = UnaryOpKind::Not;
  ExprPtr operand;
};

enum class BoolOpKind : uint8_t { And, Or };

struct BoolOp : Expr {
  BoolOp() : Expr(NodeKind::BoolOp) {}
  BoolOpKind op = BoolOpKind::And;
  std::vector<ExprPtr> values;  // two or more
};

enum class CmpOpKind : uint8_t { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };
const char* cmpop_symbol(CmpOpKind op);

// a < b <= c: left=a, ops=[<, <=], comparators=[b, c]
struct Compare : Expr {
  Compare() : Expr(NodeKind::Compare) {}
  ExprPtr left;
  std::vector<CmpOpKind> ops;
  std::vector<ExprPtr> comparators;
};

struct Keyword {
  std::string arg;  // empty means `**value`
  ExprPtr value;
  SourceRange range;
};

struct Call : Expr {
  Call() : Expr(NodeKind::Call) {}
  ExprPtr func;
  std::vector<ExprPtr> args;  // may contain Starred (`*xs`)
  std::vector<Keyword> keywords;
};

struct Attribute : Expr {
  Attribute() : Expr(NodeKind::Attribute) {}
  ExprPtr value;
  std::string attr;
  SourceRange attr_range;  // just the attribute name, for precise errors
  Ctx ctx = Ctx::Load;
};

// x[i], x[i, j], x[a:b, ..., None]: `slice` is a Tuple when there are commas.
struct Subscript : Expr {
  Subscript() : Expr(NodeKind::Subscript) {}
  ExprPtr value;
  ExprPtr slice;
  Ctx ctx = Ctx::Load;
};

struct Slice : Expr {
  Slice() : Expr(NodeKind::Slice) {}
  ExprPtr lower, upper, step;  // each may be null
};

struct Starred : Expr {
  Starred() : Expr(NodeKind::Starred) {}
  ExprPtr value;
  Ctx ctx = Ctx::Load;
};

enum class ParamKind : uint8_t {
  PositionalOnly,  // before a `/`
  Positional,      // ordinary
  VarPositional,   // *args
  KeywordOnly,     // after `*` or `*args`
  VarKeyword,      // **kwargs
};

struct Param {
  std::string name;
  ParamKind kind = ParamKind::Positional;
  ExprPtr default_value;  // null when there is none
  ExprPtr annotation;     // parsed and ignored
  SourceRange range;
};

// Scope facts the evaluator needs, computed by the parser (resolver pass) for
// each function and lambda body: which names are local, declared global or
// nonlocal. Comprehensions are evaluated in a scope of their own.
struct Scope {
  std::vector<std::string> locals;     // assigned in the body (params included)
  std::vector<std::string> globals;    // `global x`
  std::vector<std::string> nonlocals;  // `nonlocal x`
  bool generator = false;              // the body has a `yield` of its own
  // An `async def`: calling it makes a coroutine, which the interpreter
  // runs as a generator (generator is set too), `await` being its yield from.
  bool coroutine = false;
};

struct Lambda : Expr {
  Lambda() : Expr(NodeKind::Lambda) {}
  std::vector<Param> params;
  ExprPtr body;
  Scope scope;
};

struct IfExp : Expr {
  IfExp() : Expr(NodeKind::IfExp) {}
  ExprPtr test, body, orelse;
};

// `target := value` (PEP 572). Inside a comprehension the name binds in the
// nearest enclosing function or module scope, not the comprehension's.
struct NamedExpr : Expr {
  NamedExpr() : Expr(NodeKind::NamedExpr) {}
  ExprPtr target;  // a Name in Store context
  ExprPtr value;
};

struct Comprehension {
  ExprPtr target;  // Store context
  ExprPtr iter;
  std::vector<ExprPtr> ifs;
};

// ListComp, SetComp, GeneratorExp use `elt`; DictComp uses `key` and `value`.
struct Comp : Expr {
  explicit Comp(NodeKind k) : Expr(k) {}
  ExprPtr elt;
  ExprPtr key, value;
  std::vector<Comprehension> generators;
};

// `yield value` (value may be null) and `yield from value`. The checker
// admits them only where a generator can suspend (core/lang/checks.cpp): a
// yield anywhere in a simple statement, a yield from as a whole statement or
// an assignment's whole value.
struct Yield : Expr {
  Yield() : Expr(NodeKind::Yield) {}
  ExprPtr value;  // null for a bare `yield`
};

// `yield from value`, or `await value` (is_await): the same delegation,
// to value.__await__() for an await.
struct YieldFrom : Expr {
  YieldFrom() : Expr(NodeKind::YieldFrom) {}
  ExprPtr value;
  bool is_await = false;
};

// ---- statements ----------------------------------------------------------

struct ExprStmt : Stmt {
  ExprStmt() : Stmt(NodeKind::ExprStmt) {}
  ExprPtr value;
};

// a = b = value; targets may be Name, Tuple/List (unpacking, with one
// Starred), Attribute or Subscript.
struct Assign : Stmt {
  Assign() : Stmt(NodeKind::Assign) {}
  std::vector<ExprPtr> targets;
  ExprPtr value;
};

struct AugAssign : Stmt {
  AugAssign() : Stmt(NodeKind::AugAssign) {}
  ExprPtr target;
  BinOpKind op = BinOpKind::Add;
  ExprPtr value;
};

struct AnnAssign : Stmt {
  AnnAssign() : Stmt(NodeKind::AnnAssign) {}
  ExprPtr target;
  ExprPtr annotation;  // evaluated never
  ExprPtr value;       // may be null
};

struct FunctionDef : Stmt {
  FunctionDef() : Stmt(NodeKind::FunctionDef) {}
  std::string name;
  std::vector<Param> params;
  Body body;
  std::vector<ExprPtr> decorators;  // outermost first, as written
  ExprPtr returns;                  // annotation, ignored
  Scope scope;
  SourceRange name_range;
};

// class NAME(bases, keywords): body. The body runs once, in a scope of its
// own whose bindings become the class namespace; functions defined in it do
// not see those names (CPython's class scope rule).
struct ClassDef : Stmt {
  ClassDef() : Stmt(NodeKind::ClassDef) {}
  std::string name;
  std::vector<ExprPtr> bases;       // may contain Starred
  std::vector<Keyword> keywords;    // `metaclass=` is refused at run time
  Body body;
  std::vector<ExprPtr> decorators;  // outermost first, as written
  Scope scope;                      // locals: the names the body binds
  SourceRange name_range;
};

struct Return : Stmt {
  Return() : Stmt(NodeKind::Return) {}
  ExprPtr value;  // may be null
};

struct Pass : Stmt {
  Pass() : Stmt(NodeKind::Pass) {}
};
struct Break : Stmt {
  Break() : Stmt(NodeKind::Break) {}
};
struct Continue : Stmt {
  Continue() : Stmt(NodeKind::Continue) {}
};

struct If : Stmt {
  If() : Stmt(NodeKind::If) {}
  ExprPtr test;
  Body body;
  Body orelse;  // `elif` is an If nested alone in orelse, as in CPython
};

struct For : Stmt {
  For() : Stmt(NodeKind::For) {}
  ExprPtr target;
  ExprPtr iter;
  Body body;
  Body orelse;
};

struct While : Stmt {
  While() : Stmt(NodeKind::While) {}
  ExprPtr test;
  Body body;
  Body orelse;
};

// match statements (PEP 634). A pattern is one struct whose fields each
// kind uses as noted; values and literals are expressions evaluated at run
// time (a literal compares with == or, for None/True/False, with is).
enum class PatternKind : uint8_t { Wildcard, Capture, Value, Literal, Or, As, Sequence, Star, Mapping, Class };
struct Pattern {
  PatternKind kind = PatternKind::Wildcard;
  SourceRange range;
  std::string name;   // Capture, As, Star (empty for `*_`), Mapping's `**rest`
  ExprPtr value;      // Value and Literal: the expression; Class: the class
  std::vector<std::unique_ptr<Pattern>> items;  // Or: alternatives; As: [sub]; Sequence, Mapping
                                                // values, Class positionals
  std::vector<ExprPtr> keys;                    // Mapping: the keys
  std::vector<std::string> kwd_names;           // Class: keyword names, with
  std::vector<std::unique_ptr<Pattern>> kwd_items;
};
using PatternPtr = std::unique_ptr<Pattern>;

struct MatchCase {
  PatternPtr pattern;
  ExprPtr guard;  // null without `if`
  Body body;
  SourceRange range;
};

struct Match : Stmt {
  Match() : Stmt(NodeKind::Match) {}
  ExprPtr subject;
  std::vector<MatchCase> cases;
};

struct ExceptHandler {
  ExprPtr type;      // null for a bare `except:`; may be a Tuple
  std::string name;  // `as name`, or empty
  Body body;
  SourceRange range;
};

struct Try : Stmt {
  Try() : Stmt(NodeKind::Try) {}
  Body body;
  std::vector<ExceptHandler> handlers;
  Body orelse;
  Body finalbody;
};

struct Raise : Stmt {
  Raise() : Stmt(NodeKind::Raise) {}
  ExprPtr exc;    // null for a bare `raise`
  ExprPtr cause;  // `from cause`, or null
};

struct Assert : Stmt {
  Assert() : Stmt(NodeKind::Assert) {}
  ExprPtr test;
  ExprPtr msg;  // may be null
};

struct WithItem {
  ExprPtr context_expr;
  ExprPtr optional_vars;  // `as target`, or null
};

struct With : Stmt {
  With() : Stmt(NodeKind::With) {}
  std::vector<WithItem> items;
  Body body;
};

struct Alias {
  std::string name;    // dotted: "jax.numpy"
  std::string asname;  // empty when there is no `as`
  SourceRange range;
};

struct Import : Stmt {
  Import() : Stmt(NodeKind::Import) {}
  std::vector<Alias> names;
};

struct ImportFrom : Stmt {
  ImportFrom() : Stmt(NodeKind::ImportFrom) {}
  std::string module;  // dotted
  int level = 0;       // leading dots of a relative import
  std::vector<Alias> names;  // name "*" for `from m import *`
};

struct Global : Stmt {
  Global() : Stmt(NodeKind::Global) {}
  std::vector<std::string> names;
};

struct Nonlocal : Stmt {
  Nonlocal() : Stmt(NodeKind::Nonlocal) {}
  std::vector<std::string> names;
};

struct Delete : Stmt {
  Delete() : Stmt(NodeKind::Delete) {}
  std::vector<ExprPtr> targets;
};

// A whole program: the source text (for error snippets and f"{x=}") and its
// statements.
struct Module {
  std::string filename;  // shown in tracebacks, e.g. "kernel.py"
  int file_id = 0;       // SourceRange::file of every range in it (0: the main program)
  std::string source;
  Body body;
};

}  // namespace rungs::lang
