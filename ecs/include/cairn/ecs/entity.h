#pragma once
// Entity handles (in-process) and entity ids (stable, written to files).

#include <compare>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace cairn::ecs {

// A handle to an entity inside one Coordinator: slot index plus the slot's
// generation. Destroying an entity bumps its slot's generation, so every
// handle to it becomes stale and is detected by IsAlive and every accessor.
// Handles never leave the process: files and commands use EntityId.
struct Entity {
  static constexpr std::uint32_t kInvalidIndex = std::numeric_limits<std::uint32_t>::max();

  std::uint32_t index = kInvalidIndex;
  std::uint32_t generation = 0;

  constexpr bool IsNull() const { return index == kInvalidIndex; }
  friend constexpr bool operator==(Entity, Entity) = default;
};
static_assert(sizeof(Entity) == 8, "an entity handle is 64 bits");

inline constexpr Entity kNullEntity{};

// "7#2": index 7, generation 2. For messages only.
std::string ToString(Entity entity);

// A stable, non-zero 64-bit id, unique within a scene, kept across save/load
// and undo/redo. Zero means "no entity" (a null reference).
struct EntityId {
  std::uint64_t value = 0;

  constexpr explicit operator bool() const { return value != 0; }
  friend constexpr auto operator<=>(EntityId, EntityId) = default;
};

inline constexpr EntityId kNoEntityId{};

// 16 lowercase hex digits, as written in scene files.
std::string ToHex(EntityId id);
// The same 16 digits of any 64-bit value (a hash, a fingerprint).
std::string ToHex(std::uint64_t value);
// Appends ToHex(id) to `out` without a temporary (the scene writer's path).
void AppendHex(std::string& out, EntityId id);
// Parses exactly 16 hex digits (either case) of a non-zero id; nullopt otherwise.
std::optional<EntityId> ParseEntityId(std::string_view text);

}  // namespace cairn::ecs

template <>
struct std::hash<cairn::ecs::EntityId> {
  std::size_t operator()(cairn::ecs::EntityId id) const noexcept { return std::hash<std::uint64_t>{}(id.value); }
};
