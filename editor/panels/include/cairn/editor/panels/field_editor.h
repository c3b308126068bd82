#pragma once
// One reflected field as an Inspector widget, the one its type's row in the
// field type table names (ecs::TraitsOf(type).widget):
//
//   kBool      checkbox                kString     text field
//   kInt       drag                    kEnum       combo of the enum's names
//   kFloat     drag with the hints' speed and range (clamped when bounded)
//   kVec2/3/4  one drag per component with coloured axis marks, or a colour
//              editor when hints.color
//   kQuat      rotation as Euler angles in degrees (the values being dragged
//              are kept while the drag lasts, so they do not jump)
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
// The widget edits a copy: the editor reports the component with the field
// changed, a typed value the Inspector hands to its action as it is.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include <glm/vec3.hpp>

#include "cairn/ecs/component_value.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/plain_value.h"
#include "cairn/editor/asset_files.h"

namespace cairn::editor {

struct FieldEdit {
  // When the field changed this frame: a copy of the component holding the
  // new value in the field (its other fields as they were).
  std::optional<ecs::ComponentValue> edited;
  bool continuous = false;  // part of a drag or of typing: merge the frames into one undo step
  bool finished = false;    // a continuous edit ended this frame (the widget was released)
  // Text typed into the field and left there that the field cannot hold:
  // what was refused and why ("\"door.png\": expected a path ending in .glb").
  std::optional<std::string> refused;
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
                 const void* component, const std::string& key);

 private:
  FieldEdit DrawQuat(const std::shared_ptr<const ecs::ComponentInfo>& info, const ecs::FieldInfo& field,
                     const void* component, const std::string& key);
  FieldEdit DrawText(const std::shared_ptr<const ecs::ComponentInfo>& info, const ecs::FieldInfo& field,
                     const void* component, const std::string& key, float width);
  FieldEdit DrawEntityRef(const ecs::Coordinator& world, const std::shared_ptr<const ecs::ComponentInfo>& info,
                          const ecs::FieldInfo& field, const void* component);

  std::optional<std::filesystem::path> asset_folder_;
  // The Euler angles shown while a rotation is being dragged.
  std::string euler_key_;
  glm::vec3 euler_degrees_{0.0f};
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
