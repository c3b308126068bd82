#pragma once
// One reflected field as an Inspector widget, the one its type's row in the
// field type table names (ecs::TraitsOf(type).widget):
//
//   kBool      checkbox                kString     text field
//   kInt       drag                    kEnum       combo of the enum's names
//   kFloat     drag with the hints' speed and range (clamped when bounded)
//   kVec2/3/4  one drag per component with coloured axis marks, or a colour
//              editor when hints.color
//   kQuat      rotation as Euler angles in degrees: the angles the Inspector
//              passes (EulerHints: as the user typed them), not a
//              decomposition that would rewrite them
//   kEntityRef the target's name; accepts an entity dragged from the
//              Hierarchy; a button clears it
//   kAsset     text field for a path; accepts a file dragged from the Assets
//              panel (kAssetPayload); a path naming no file under the asset
//              folder is shown with the missing-asset warning below it
//
// A field with a unit (hints.unit, "m/s") shows it after the value. Text that
// its field cannot hold (a string past hints.max_length, an asset path with
// an ending hints.extensions does not allow) is not applied: while typing,
// the problem shows below the field; leaving the field keeps the last valid
// value and reports what was refused (FieldEdit::refused).
//
// An edit is reported as a patch: the field's new value and the elements of it
// the user changed (the Y of a vector, the alpha of a colour; the whole value
// for other types), which the Inspector applies to every selected entity as
// exactly that. Elements that differ across the selection (FieldDisplay::mixed)
// show as a dash until they are set.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include <glm/vec3.hpp>

#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/field_value.h"
#include "cairn/editor/asset_files.h"

namespace cairn::editor {

struct FieldEdit {
  // When the field changed this frame: its new value, of which `elements`
  // are what the user changed.
  std::optional<ecs::FieldValue> value;
  ecs::ElementMask elements = ecs::kAllElements;
  // A rotation edited as Euler angles: the angles shown after the edit, of
  // which `angles` are what the user changed. `value` is their quaternion,
  // for an editor of one value; the Inspector instead gives each selected
  // entity its own quaternion from its own angles with those replaced.
  std::optional<glm::vec3> euler_degrees;
  ecs::ElementMask angles = 0;
  bool continuous = false;  // part of a drag or of typing: merge the frames into one undo step
  bool finished = false;    // a continuous edit ended this frame (the widget was released)
  // Text typed into the field and left there that the field cannot hold:
  // what was refused and why ("\"door.png\": expected a path ending in .glb").
  std::optional<std::string> refused;

};

// How a field is shown besides its value.
struct FieldDisplay {
  // The elements (ecs::ElementBit) whose values differ across the selection;
  // kAllElements for a whole value that differs.
  ecs::ElementMask mixed = 0;
  // For a rotation: the Euler angles to show (EulerHints::Shown); none: a
  // decomposition of the value (EulerDegreesOf).
  std::optional<glm::vec3> euler_degrees;
};

class FieldEditor {
 public:
  // The folder asset paths are relative to (serialization::AssetFolderFor);
  // none: missing files are not looked for.
  void SetAssetFolder(std::optional<std::filesystem::path> folder) { asset_folder_ = std::move(folder); }

  // Draws the widget for `field` of a component of type `info` whose current
  // value is `component`. `key` identifies the edited field (entity, component
  // and field) across frames. Fills the remaining width of the line.
  FieldEdit Draw(const ecs::Coordinator& world, const ecs::ComponentInfo& info, const ecs::FieldInfo& field,
                 const void* component, const std::string& key, const FieldDisplay& display = {});

 private:
  FieldEdit DrawQuat(const std::shared_ptr<const ecs::ComponentInfo>& info, const ecs::FieldInfo& field,
                     const void* component, const FieldDisplay& display);
  FieldEdit DrawText(const std::shared_ptr<const ecs::ComponentInfo>& info, const ecs::FieldInfo& field,
                     const void* component, const std::string& key, float width);
  FieldEdit DrawEntityRef(const ecs::Coordinator& world, const std::shared_ptr<const ecs::ComponentInfo>& info,
                          const ecs::FieldInfo& field, const void* component);

  std::optional<std::filesystem::path> asset_folder_;
  // The text field holding text its field cannot take, and why.
  std::string refused_key_;
  std::string refused_text_;
  std::string refused_problem_;
};

// "cone_angle" -> "Cone Angle".
std::string FieldLabel(const std::string& field_name);

// The field of `info` whose value in `component` makes `field` unused
// (hints.unused_while names it and it is a non-empty string or asset), or
// null: the Inspector dims `field` and names the other in its tooltip.
const ecs::FieldInfo* SupersedingField(const ecs::ComponentInfo& info, const ecs::FieldInfo& field,
                                       const void* component);

}  // namespace cairn::editor
