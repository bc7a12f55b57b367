// Names and symbols for the AST's enumerations (printers and error messages).
#include "core/lang/ast.h"

namespace rungs::lang {

const char* node_kind_name(NodeKind kind) {
  switch (kind) {
    case NodeKind::Name: return "Name";
    case NodeKind::Constant: return "Constant";
    case NodeKind::JoinedStr: return "JoinedStr";
    case NodeKind::FormattedValue: return "FormattedValue";
    case NodeKind::Tuple: return "Tuple";
    case NodeKind::List: return "List";
    case NodeKind::Dict: return "Dict";
    case NodeKind::Set: return "Set";
    case NodeKind::BinOp: return "BinOp";
    case NodeKind::UnaryOp: return "UnaryOp";
    case NodeKind::BoolOp: return "BoolOp";
    case NodeKind::Compare: return "Compare";
    case NodeKind::Call: return "Call";
    case NodeKind::Attribute: return "Attribute";
    case NodeKind::Subscript: return "Subscript";
    case NodeKind::Slice: return "Slice";
    case NodeKind::Starred: return "Starred";
    case NodeKind::Lambda: return "Lambda";
    case NodeKind::IfExp: return "IfExp";
    case NodeKind::NamedExpr: return "NamedExpr";
    case NodeKind::ListComp: return "ListComp";
    case NodeKind::SetComp: return "SetComp";
    case NodeKind::DictComp: return "DictComp";
    case NodeKind::GeneratorExp: return "GeneratorExp";
    case NodeKind::Yield: return "Yield";
    case NodeKind::YieldFrom: return "YieldFrom";
    case NodeKind::ExprStmt: return "Expr";  // CPython's name for an expression statement
    case NodeKind::Assign: return "Assign";
    case NodeKind::AugAssign: return "AugAssign";
    case NodeKind::AnnAssign: return "AnnAssign";
    case NodeKind::FunctionDef: return "FunctionDef";
    case NodeKind::ClassDef: return "ClassDef";
    case NodeKind::Return: return "Return";
    case NodeKind::Pass: return "Pass";
    case NodeKind::Break: return "Break";
    case NodeKind::Continue: return "Continue";
    case NodeKind::If: return "If";
    case NodeKind::For: return "For";
    case NodeKind::While: return "While";
    case NodeKind::Match: return "Match";
    case NodeKind::Try: return "Try";
    case NodeKind::Raise: return "Raise";
    case NodeKind::Assert: return "Assert";
    case NodeKind::With: return "With";
    case NodeKind::Import: return "Import";
    case NodeKind::ImportFrom: return "ImportFrom";
    case NodeKind::Global: return "Global";
    case NodeKind::Nonlocal: return "Nonlocal";
    case NodeKind::Delete: return "Delete";
  }
  return "?";
}

const char* binop_symbol(BinOpKind op) {
  switch (op) {
    case BinOpKind::Add: return "+";
    case BinOpKind::Sub: return "-";
    case BinOpKind::Mult: return "*";
    case BinOpKind::MatMult: return "@";
    case BinOpKind::Div: return "/";
    case BinOpKind::FloorDiv: return "//";
    case BinOpKind::Mod: return "%";
    case BinOpKind::Pow: return "**";
    case BinOpKind::LShift: return "<<";
    case BinOpKind::RShift: return ">>";
    case BinOpKind::BitOr: return "|";
    case BinOpKind::BitXor: return "^";
    case BinOpKind::BitAnd: return "&";
  }
  return "?";
}

const char* cmpop_symbol(CmpOpKind op) {
  switch (op) {
    case CmpOpKind::Eq: return "==";
    case CmpOpKind::NotEq: return "!=";
    case CmpOpKind::Lt: return "<";
    case CmpOpKind::LtE: return "<=";
    case CmpOpKind::Gt: return ">";
    case CmpOpKind::GtE: return ">=";
    case CmpOpKind::Is: return "is";
    case CmpOpKind::IsNot: return "is not";
    case CmpOpKind::In: return "in";
    case CmpOpKind::NotIn: return "not in";
  }
  return "?";
}

}  // namespace rungs::lang
