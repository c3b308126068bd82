#pragma once
// The Euler angles the Inspector shows for a rotation, kept as the user typed
// them.
//
// A quaternion has many Euler forms: decomposing quat(0, 135, 0) gives
// (180, 45, 180), so showing the decomposition rewrites what the user typed,
// and an edit of one angle then rotates about something else. The editor
// therefore remembers, per entity and rotation field, the angles last set
// through the Inspector, and shows them for as long as they still give the
// field's value; once the rotation changed some other way (a gizmo, a paste,
// an undo past the edit) it shows the decomposition again. The last few
// angle sets are kept, so undoing an Inspector edit brings back the angles
// that were shown before it.
//
// Hints belong to the editing session, never to the scene: the scene file and
// the runtime export hold only the quaternion.

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/field_codec.h"

namespace cairn::editor {

// The Inspector's convention: XYZ angles in degrees, as glm's Euler
// constructor and glm::eulerAngles use them.
glm::quat QuatFromEulerDegrees(const glm::vec3& degrees);
// One Euler form of `rotation`, in degrees, with -0 shown as 0.
glm::vec3 EulerDegreesOf(const glm::quat& rotation);

class EulerHints {
 public:
  // Angle sets kept per entity and field.
  static constexpr std::size_t kKeptPerField = 8;

  // The angles to show for the rotation field `field` ("Transform.rotation")
  // of entity `id`, whose value is `rotation`: the newest remembered set
  // that still gives it, else its decomposition.
  glm::vec3 Shown(ecs::EntityId id, std::string_view field, const glm::quat& rotation) const;
  // An edit of the angles `elements` picks (ecs::ElementBit(0) is X) to those
  // of `degrees`: the entity's shown angles with those replaced. Remembers the
  // result, which the caller sets as the field's quaternion
  // (QuatFromEulerDegrees).
  glm::vec3 Edit(ecs::EntityId id, std::string_view field, const glm::quat& rotation, const glm::vec3& degrees,
                 ecs::ElementMask elements);
  void Forget() { kept_.clear(); }

 private:
  static std::string Key(ecs::EntityId id, std::string_view field);

  std::unordered_map<std::string, std::vector<glm::vec3>> kept_;  // oldest first
};

}  // namespace cairn::editor
