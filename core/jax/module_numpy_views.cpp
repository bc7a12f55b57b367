// numpy's functions about memory: the ones that return views of an ndarray
// argument (np.reshape, np.transpose, np.ravel, np.squeeze, np.swapaxes, as
// the methods do), np.shares_memory / np.may_share_memory, np.copyto, and
// a ufunc's out= argument (the result written into an existing array).
#include "core/jax/module_jnp_parts.h"
#include "core/jax/numpy_values.h"
#include "core/jax/numpy_views.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

bool is_ndarray(const Value& v) {
  return v.is(ObjKind::Array) && v.as<ArrayObj>().numpy && !v.as<ArrayObj>().numpy_scalar &&
         !v.as<ArrayObj>().traced();
}

// np.f(a, rest...) as a.f(rest...) for an ndarray a; `fallback` otherwise.
Value as_method(const std::string& name, const Value& fallback) {
  return make_builtin("numpy." + name, [name, fallback](Interpreter& ip, CallArgs& c) {
    const Value* a = c.positional.empty() ? c.keyword("a") : &c.positional[0];
    if (!a || !is_ndarray(*a)) return ip.call(fallback, std::move(c));
    CallArgs rest;
    rest.where = c.where;
    rest.positional.assign(c.positional.begin() + (c.positional.empty() ? 0 : 1), c.positional.end());
    for (const auto& kw : c.keywords) {
      if (kw.first == "a") continue;
      // np.reshape(a, shape) / np.reshape(a, newshape=...) / np.transpose(a, axes=...)
      if (kw.first == "shape" || kw.first == "newshape" || kw.first == "axes") rest.positional.push_back(kw.second);
      else rest.keywords.push_back(kw);
    }
    Value self = *a;
    return ip.call(ip.getattr(self, name, c.where), std::move(rest));
  });
}

std::string ufunc_name(const std::string& fn) {
  if (fn == "true_divide") return "divide";
  if (fn == "mod") return "remainder";
  if (fn == "abs") return "absolute";
  return fn;
}

}  // namespace

Value numpy_with_out(const std::string& name, const Value& fn) {
  return make_builtin("numpy." + name, [name, fn](Interpreter& ip, CallArgs& c) {
    Value out;
    for (auto it = c.keywords.begin(); it != c.keywords.end(); ++it)
      if (it->first == "out") {
        out = it->second;
        c.keywords.erase(it);
        break;
      }
    if (out.is(ObjKind::Tuple) && out.as<TupleObj>().items.size() == 1) out = out.as<TupleObj>().items[0];
    if (out.is_none()) return ip.call(fn, std::move(c));
    if (!is_ndarray(out)) raise(ErrorId::np_out_type, c.where);
    SourceRange where = c.where;
    Value r = ip.call(fn, std::move(c));
    numpy_write_output(ip, out, r, ufunc_name(name), where);
    return out;
  });
}

void add_numpy_view_functions(ModuleObj& m) {
  for (const char* name : {"reshape", "transpose", "ravel", "squeeze", "swapaxes"})
    if (m.attrs.count(name)) m.attrs[name] = as_method(name, m.attrs[name]);
  auto share = [](bool exact) {
    return [exact](Interpreter&, const Args& a) { return Value::boolean(numpy_shares_memory(a[0], a[1], exact)); };
  };
  defn(m, "shares_memory", {"a", "b", "max_work"}, 2, share(true));
  defn(m, "may_share_memory", {"a", "b", "max_work"}, 2, share(false));
  defn(m, "copyto", {"dst", "src", "casting", "where"}, 2, [](Interpreter& ip, const Args& a) {
    if (!is_ndarray(a[0])) raise(ErrorId::np_copyto_dst, a.where(), type_name(a[0]));
    array_setitem(ip, a[0], ellipsis_value(), a[1], a.where());
    return Value::none();
  });
}

}  // namespace rungs::jax
