#pragma once
// The components and starting values of the ECS workloads, shared by
// ecs_bench.cpp (Cairn beside plain arrays) and entt_compare.cpp (Cairn
// beside EnTT), so both measure the same data.

#include <cstddef>

#include <glm/vec3.hpp>

#include "cairn/ecs/system.h"

namespace cairn::bench {

struct Position {
  glm::vec3 value{0.0f};
  friend bool operator==(const Position&, const Position&) = default;
};

struct Velocity {
  glm::vec3 value{0.0f};
  friend bool operator==(const Velocity&, const Velocity&) = default;
};

struct Health {
  float value = 100.0f;
  friend bool operator==(const Health&, const Health&) = default;
};

// Its entity set is every entity with Position and Velocity.
class MovementSystem : public cairn::ecs::System {};

inline constexpr float kDeltaSeconds = 1.0f / 60.0f;

inline Position StartPosition(std::size_t i) { return {glm::vec3(static_cast<float>(i), 0.0f, 1.0f)}; }
inline Velocity StartVelocity(std::size_t i) { return {glm::vec3(1.0f, static_cast<float>(i % 7), -1.0f)}; }

}  // namespace cairn::bench
