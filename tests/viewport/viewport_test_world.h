#pragma once
// Fixtures of the viewport tests: seeded worlds, entities placed directly
// (test setup only: the editor itself goes through actions), and vector
// comparisons that print both sides.

#include <cstdint>
#include <memory>
#include <sstream>
#include <string>

#include <glm/gtc/epsilon.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/editor/editor_context.h"

namespace cairn::editor::testing {

// A world with the built-in components (and the TransformSystem), ids from a fixed seed.
std::unique_ptr<ecs::Coordinator> MakeWorld(std::uint64_t seed = 42);

// Editor options for tests: seeded worlds, no journal on disk.
EditorOptions TestEditorOptions(std::uint64_t seed = 42);

// A named entity with a Transform, last under `parent`.
ecs::EntityId AddEntity(ecs::Coordinator& world, const std::string& name, const ecs::Transform& transform = {},
                        ecs::EntityId parent = ecs::kNoEntityId);

// Same, with a MeshRenderer.
ecs::EntityId AddMesh(ecs::Coordinator& world, const std::string& name, ecs::MeshShape shape,
                      const ecs::Transform& transform = {}, glm::vec4 color = glm::vec4(0.8f, 0.8f, 0.8f, 1.0f),
                      ecs::EntityId parent = ecs::kNoEntityId);

ecs::Transform At(glm::vec3 position, glm::quat rotation = glm::quat(1.0f, 0.0f, 0.0f, 0.0f),
                  glm::vec3 scale = glm::vec3(1.0f));

// The entity's Transform component.
const ecs::Transform& TransformOf(const ecs::Coordinator& world, ecs::EntityId id);
// The entity's world position computed from the hierarchy.
glm::vec3 WorldPositionOf(const ecs::Coordinator& world, ecs::EntityId id);

template <typename Vector>
std::string Show(const Vector& v) {
  std::ostringstream out;
  out.precision(9);
  out << '(';
  for (int i = 0; i < Vector::length(); ++i) out << (i ? ", " : "") << v[i];
  out << ')';
  return out.str();
}

// Component-wise |a - b| <= tolerance.
template <typename Vector>
bool Near(const Vector& a, const Vector& b, float tolerance = 1e-4f) {
  for (int i = 0; i < Vector::length(); ++i) {
    if (!(std::abs(a[i] - b[i]) <= tolerance)) return false;
  }
  return true;
}

// Same rotation (q and -q are the same).
bool SameRotation(const glm::quat& a, const glm::quat& b, float tolerance = 1e-4f);

}  // namespace cairn::editor::testing

#define CHECK_NEAR_VEC(a, b)                                                               \
  do {                                                                                     \
    INFO(#a " = " << ::cairn::editor::testing::Show(a) << ", " #b " = " << ::cairn::editor::testing::Show(b)); \
    CHECK(::cairn::editor::testing::Near((a), (b)));                                     \
  } while (false)
