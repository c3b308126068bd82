#include "cairn/editor/euler_hints.h"

#include <cmath>

namespace cairn::editor {

namespace {

// Two unit quaternions name the same rotation when they are equal up to sign.
bool SameRotation(const glm::quat& a, const glm::quat& b) {
  constexpr float kTolerance = 1e-6f;
  return std::abs(glm::dot(a, b)) >= 1.0f - kTolerance;
}

}  // namespace

glm::quat QuatFromEulerDegrees(const glm::vec3& degrees) { return glm::quat(glm::radians(degrees)); }

glm::vec3 EulerDegreesOf(const glm::quat& rotation) {
  glm::vec3 degrees = glm::degrees(glm::eulerAngles(rotation));
  for (int i = 0; i < 3; ++i) {
    if (std::abs(degrees[i]) < 0.0005f) degrees[i] = 0.0f;  // no "-0.0"
  }
  return degrees;
}

std::string EulerHints::Key(ecs::EntityId id, std::string_view field) {
  return ecs::ToHex(id) + "/" + std::string(field);
}

glm::vec3 EulerHints::Shown(ecs::EntityId id, std::string_view field, const glm::quat& rotation) const {
  if (const auto kept = kept_.find(Key(id, field)); kept != kept_.end()) {
    for (auto angles = kept->second.rbegin(); angles != kept->second.rend(); ++angles) {
      if (SameRotation(QuatFromEulerDegrees(*angles), rotation)) return *angles;
    }
  }
  return EulerDegreesOf(rotation);
}

glm::vec3 EulerHints::Edit(ecs::EntityId id, std::string_view field, const glm::quat& rotation,
                           const glm::vec3& degrees, ecs::ElementMask elements) {
  glm::vec3 angles = Shown(id, field, rotation);
  for (std::size_t i = 0; i < 3; ++i) {
    if ((elements & ecs::ElementBit(i)) != 0) angles[static_cast<glm::length_t>(i)] = degrees[static_cast<glm::length_t>(i)];
  }
  std::vector<glm::vec3>& kept = kept_[Key(id, field)];
  if (kept.empty() || kept.back() != angles) kept.push_back(angles);
  if (kept.size() > kKeptPerField) kept.erase(kept.begin());
  return angles;
}

}  // namespace cairn::editor
