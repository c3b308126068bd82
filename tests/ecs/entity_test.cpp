#include "cairn/ecs/entity.h"

#include <unordered_set>

#include <catch2/catch.hpp>

using cairn::ecs::Entity;
using cairn::ecs::EntityId;
using cairn::ecs::kNoEntityId;
using cairn::ecs::kNullEntity;
using cairn::ecs::ParseEntityId;
using cairn::ecs::ToHex;
using cairn::ecs::ToString;

TEST_CASE("An entity handle is an index and a generation in 64 bits", "[ecs][entity]") {
  STATIC_REQUIRE(sizeof(Entity) == 8);
  const Entity entity{7, 2};
  REQUIRE(entity.index == 7);
  REQUIRE(entity.generation == 2);
  REQUIRE_FALSE(entity.IsNull());
}

TEST_CASE("The null handle has the invalid index", "[ecs][entity]") {
  REQUIRE(kNullEntity.IsNull());
  REQUIRE(Entity{}.IsNull());
  REQUIRE(kNullEntity.index == Entity::kInvalidIndex);
  REQUIRE_FALSE(Entity{0, 0}.IsNull());
}

TEST_CASE("Handles are equal only when index and generation both match", "[ecs][entity]") {
  REQUIRE(Entity{3, 1} == Entity{3, 1});
  REQUIRE(Entity{3, 1} != Entity{3, 2});
  REQUIRE(Entity{3, 1} != Entity{4, 1});
}

TEST_CASE("ToString writes index#generation, or null", "[ecs][entity]") {
  REQUIRE(ToString(Entity{7, 2}) == "7#2");
  REQUIRE(ToString(Entity{0, 0}) == "0#0");
  REQUIRE(ToString(kNullEntity) == "null");
}

TEST_CASE("An entity id converts to false only when zero", "[ecs][entity]") {
  REQUIRE_FALSE(static_cast<bool>(kNoEntityId));
  REQUIRE_FALSE(static_cast<bool>(EntityId{}));
  REQUIRE(static_cast<bool>(EntityId{1}));
  REQUIRE(static_cast<bool>(EntityId{0xffffffffffffffffull}));
}

TEST_CASE("Entity ids order by value", "[ecs][entity]") {
  REQUIRE(EntityId{1} < EntityId{2});
  REQUIRE(EntityId{0x8000000000000000ull} > EntityId{0x7fffffffffffffffull});
  REQUIRE(EntityId{5} == EntityId{5});
}

TEST_CASE("Entity ids hash like their value", "[ecs][entity]") {
  std::unordered_set<EntityId> ids{EntityId{1}, EntityId{2}, EntityId{1}};
  REQUIRE(ids.size() == 2);
  REQUIRE(std::hash<EntityId>{}(EntityId{42}) == std::hash<std::uint64_t>{}(42));
}

TEST_CASE("ToHex writes 16 lowercase hex digits", "[ecs][entity]") {
  REQUIRE(ToHex(EntityId{1}) == "0000000000000001");
  REQUIRE(ToHex(EntityId{0x3f2a9c0d41be7e10ull}) == "3f2a9c0d41be7e10");
  REQUIRE(ToHex(EntityId{0xffffffffffffffffull}) == "ffffffffffffffff");
  REQUIRE(ToHex(EntityId{0xABCDEFull}) == "0000000000abcdef");
  REQUIRE(ToHex(kNoEntityId) == "0000000000000000");
}

TEST_CASE("ParseEntityId reads exactly 16 hex digits of either case", "[ecs][entity]") {
  REQUIRE(ParseEntityId("3f2a9c0d41be7e10") == EntityId{0x3f2a9c0d41be7e10ull});
  REQUIRE(ParseEntityId("3F2A9C0D41BE7E10") == EntityId{0x3f2a9c0d41be7e10ull});
  REQUIRE(ParseEntityId("3F2a9C0d41Be7E10") == EntityId{0x3f2a9c0d41be7e10ull});
  REQUIRE(ParseEntityId("0000000000000001") == EntityId{1});
  REQUIRE(ParseEntityId("ffffffffffffffff") == EntityId{0xffffffffffffffffull});
}

TEST_CASE("ParseEntityId rejects the zero id", "[ecs][entity]") {
  REQUIRE_FALSE(ParseEntityId("0000000000000000").has_value());
}

TEST_CASE("ParseEntityId rejects wrong lengths", "[ecs][entity]") {
  REQUIRE_FALSE(ParseEntityId("").has_value());
  REQUIRE_FALSE(ParseEntityId("1").has_value());
  REQUIRE_FALSE(ParseEntityId("000000000000001").has_value());    // 15 digits
  REQUIRE_FALSE(ParseEntityId("00000000000000001").has_value());  // 17 digits
}

TEST_CASE("ParseEntityId rejects characters that are not hex digits", "[ecs][entity]") {
  REQUIRE_FALSE(ParseEntityId("000000000000000g").has_value());
  REQUIRE_FALSE(ParseEntityId("0x00000000000001").has_value());
  REQUIRE_FALSE(ParseEntityId("+000000000000001").has_value());
  REQUIRE_FALSE(ParseEntityId("-000000000000001").has_value());
  REQUIRE_FALSE(ParseEntityId(" 000000000000001").has_value());
  REQUIRE_FALSE(ParseEntityId("000000000000001 ").has_value());
  REQUIRE_FALSE(ParseEntityId("00000000:0000001").has_value());
  REQUIRE_FALSE(ParseEntityId(std::string_view("000000000000000\0", 16)).has_value());
}

TEST_CASE("ToHex and ParseEntityId round-trip", "[ecs][entity]") {
  std::uint64_t value = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 1000; ++i) {
    value = value * 6364136223846793005ull + 1442695040888963407ull;
    const EntityId id{value | 1u};
    const std::string text = ToHex(id);
    REQUIRE(text.size() == 16);
    REQUIRE(ParseEntityId(text) == id);
  }
}
