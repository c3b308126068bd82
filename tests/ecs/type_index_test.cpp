#include "cairn/ecs/type_index.h"

#include <catch2/catch.hpp>

namespace {

struct First {};
struct Second {};

}  // namespace

TEST_CASE("A type's index is stable and distinct from other types'", "[ecs][type_index]") {
  using cairn::ecs::detail::TypeIndexOf;
  const std::size_t first = TypeIndexOf<First>();
  const std::size_t second = TypeIndexOf<Second>();
  REQUIRE(first != second);
  REQUIRE(TypeIndexOf<First>() == first);
  REQUIRE(TypeIndexOf<Second>() == second);
  REQUIRE(TypeIndexOf<const First*>() != first);
}

TEST_CASE("Type indices are handed out densely", "[ecs][type_index]") {
  using cairn::ecs::detail::NextTypeIndex;
  const std::size_t a = NextTypeIndex();
  const std::size_t b = NextTypeIndex();
  REQUIRE(b == a + 1);
}
