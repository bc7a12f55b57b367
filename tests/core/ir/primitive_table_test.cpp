// STYLE habit 11: every primitive has a name, a category, and (for the pure
// categories) both rules; the printer knows every one of them.
#include <gtest/gtest.h>

#include <set>

#include "core/ir/primitive.h"
#include "core/ir/rules.h"

namespace {

using namespace rungs::ir;

TEST(PrimitiveTable, NamesAreUniqueAndNonEmpty) {
  std::set<std::string> names;
  for (int i = 0; i < prim_count(); ++i) {
    std::string n(prim_name(static_cast<Prim>(i)));
    EXPECT_FALSE(n.empty());
    EXPECT_TRUE(names.insert(n).second) << "duplicate primitive name " << n;
  }
}

TEST(PrimitiveTable, PureCategoriesArePure) {
  for (int i = 0; i < prim_count(); ++i) {
    Prim p = static_cast<Prim>(i);
    PrimCategory c = prim_category(p);
    bool pure = c == PrimCategory::Unary || c == PrimCategory::Binary || c == PrimCategory::Compare ||
                c == PrimCategory::Pure;
    EXPECT_EQ(is_pure(p), pure) << prim_name(p);
  }
}

}  // namespace
