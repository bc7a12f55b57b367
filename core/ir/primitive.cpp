#include "core/ir/primitive.h"

#include <iterator>

namespace rungs::ir {

namespace {
struct PrimInfo {
  std::string_view name;
  PrimCategory category;
};
constexpr PrimInfo kPrims[] = {
#define PRIM(e, name, cat) {name, PrimCategory::cat},
#include "core/ir/primitives.def"
#undef PRIM
};
}  // namespace

std::string_view prim_name(Prim p) { return kPrims[static_cast<int>(p)].name; }
PrimCategory prim_category(Prim p) { return kPrims[static_cast<int>(p)].category; }
int prim_count() { return static_cast<int>(std::size(kPrims)); }

}  // namespace rungs::ir
