// The dunder protocol of user classes: binary operators with their reflected
// forms, rich comparisons, and the default reprs of classes, instances and
// methods. Called by operators.cpp and value_repr.cpp before their built-in
// behaviour, as CPython's type slots are.
#include <cstdio>

#include "core/python/classes.h"
#include "core/python/interpreter.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

const char* binop_dunder(lang::BinOpKind op) {
  using lang::BinOpKind;
  switch (op) {
    case BinOpKind::Add: return "add";
    case BinOpKind::Sub: return "sub";
    case BinOpKind::Mult: return "mul";
    case BinOpKind::MatMult: return "matmul";
    case BinOpKind::Div: return "truediv";
    case BinOpKind::FloorDiv: return "floordiv";
    case BinOpKind::Mod: return "mod";
    case BinOpKind::Pow: return "pow";
    case BinOpKind::LShift: return "lshift";
    case BinOpKind::RShift: return "rshift";
    case BinOpKind::BitOr: return "or";
    case BinOpKind::BitXor: return "xor";
    case BinOpKind::BitAnd: return "and";
  }
  return "";
}

// The dunder and its reflection for a comparison ("__lt__" <-> "__gt__").
std::pair<const char*, const char*> compare_dunders(lang::CmpOpKind op) {
  using lang::CmpOpKind;
  switch (op) {
    case CmpOpKind::Eq: return {"__eq__", "__eq__"};
    case CmpOpKind::NotEq: return {"__ne__", "__ne__"};
    case CmpOpKind::Lt: return {"__lt__", "__gt__"};
    case CmpOpKind::LtE: return {"__le__", "__ge__"};
    case CmpOpKind::Gt: return {"__gt__", "__lt__"};
    case CmpOpKind::GtE: return {"__ge__", "__le__"};
    default: return {nullptr, nullptr};
  }
}

bool is_not_implemented(const Value& v) {
  return v.is(ObjKind::Builtin) && v.as<BuiltinObj>().name == "NotImplemented";
}

std::string fake_address(uint64_t serial) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x7f%010llx", static_cast<unsigned long long>(0x1000 + serial * 16));
  return buf;
}

}  // namespace

bool class_binary(Interpreter& interp, lang::BinOpKind op, const Value& a, const Value& b,
                  SourceRange where, bool inplace, Value& out) {
  if (!user_class_of(a) && !user_class_of(b)) return false;
  std::string name = binop_dunder(op);
  if (inplace && call_dunder(interp, a, ("__i" + name + "__").c_str(), Values{b}, out, where) &&
      !is_not_implemented(out))
    return true;
  if (call_dunder(interp, a, ("__" + name + "__").c_str(), Values{b}, out, where) && !is_not_implemented(out))
    return true;
  if (call_dunder(interp, b, ("__r" + name + "__").c_str(), Values{a}, out, where) && !is_not_implemented(out))
    return true;
  return false;
}

bool class_compare(Interpreter& interp, lang::CmpOpKind op, const Value& a, const Value& b,
                   SourceRange where, Value& out) {
  if (!user_class_of(a) && !user_class_of(b)) return false;
  auto [name, reflected] = compare_dunders(op);
  if (!name) return false;
  if (call_dunder(interp, a, name, Values{b}, out, where) && !is_not_implemented(out)) return true;
  if (call_dunder(interp, b, reflected, Values{a}, out, where) && !is_not_implemented(out)) return true;
  if (op == lang::CmpOpKind::NotEq && call_dunder(interp, a, "__eq__", Values{b}, out, where) &&
      !is_not_implemented(out)) {
    out = Value::boolean(!interp.truthy(out));
    return true;
  }
  if (op == lang::CmpOpKind::Eq || op == lang::CmpOpKind::NotEq) {
    bool same = a.identical(b);
    out = Value::boolean(op == lang::CmpOpKind::Eq ? same : !same);
    return true;
  }
  return false;  // the caller raises "'<' not supported between instances of ..."
}

std::string class_repr(Interpreter& interp, const Value& v) {
  switch (v.obj()->kind) {
    case ObjKind::Class: {
      const Value* module = v.as<ClassObj>().dict->find(make_str("__module__"));
      std::string prefix = module && module->is(ObjKind::Str) ? module->as<StrObj>().s : "__main__";
      if (prefix == "builtins") return "<class '" + v.as<ClassObj>().qualname + "'>";  // bytes
      return "<class '" + prefix + "." + v.as<ClassObj>().qualname + "'>";
    }
    case ObjKind::Instance: {
      const auto& inst = v.as<InstanceObj>();
      return "<__main__." + inst.cls->qualname + " object at " + fake_address(inst.serial) + ">";
    }
    case ObjKind::BoundMethod: {
      const auto& m = v.as<BoundMethodObj>();
      std::string fname = m.func.is(ObjKind::Function) ? m.func.as<FunctionObj>().qualname : "?";
      return "<bound method " + fname + " of " + interp.repr(m.self) + ">";
    }
    case ObjKind::Descriptor: {
      const auto& d = v.as<DescriptorObj>();
      if (d.how == DescriptorObj::Kind::Property) return "<property object>";
      return std::string(d.how == DescriptorObj::Kind::Static ? "<staticmethod(" : "<classmethod(") +
             interp.repr(d.func) + ")>";
    }
    case ObjKind::Super: {
      const auto& s = v.as<SuperObj>();
      return "<super: <class '" + s.start->name + "'>, <" + type_name(s.self) + " object>>";
    }
    default: return "<object>";
  }
}

}  // namespace rungs::python
