// See mapping_update.h.
#include "core/python/mapping_update.h"

#include "core/python/classes.h"

namespace rungs::python {

namespace {
bool is_user_mapping(const Value& v) {
  auto cls = user_class_of(v);
  return cls && v.is(ObjKind::Instance) && cls->lookup("keys");
}
}  // namespace

std::shared_ptr<DictObj> dict_of_user_mapping(Interpreter& ip, const Value& source, SourceRange where) {
  if (!is_user_mapping(source)) return nullptr;
  auto out = std::make_shared<DictObj>();
  update_dict_from(ip, *out, source, where);
  return out;
}

void update_dict_from(Interpreter& ip, DictObj& target, const Value& source, SourceRange where) {
  if (source.is(ObjKind::Dict)) {
    for (const auto& [k, v] : source.as<DictObj>().entries) target.set(k, v);
    return;
  }
  if (is_user_mapping(source)) {
    Values keys = ip.iterate(ip.call(ip.getattr(source, "keys", where), Values{}, where));
    for (const Value& k : keys) target.set(k, ip.getitem(source, k, where));
    return;
  }
  Values pairs = ip.iterate(source);
  for (size_t i = 0; i < pairs.size(); ++i) {
    Values kv = ip.iterate(pairs[i]);
    if (kv.size() != 2) raise(ErrorId::dict_update_sequence, where, i, kv.size());
    target.set(kv[0], kv[1]);
  }
}

}  // namespace rungs::python
