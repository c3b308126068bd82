#pragma once
// The Inspector: the selected entity's name and components, each field drawn
// from the component's reflection (see FieldEditor), every edit an action on
// the EditorContext's queue. A continuous edit (a drag, typing) is one undo
// step: its frames share a merge key and the release ends the merge.
//
// With several entities selected it shows the components they all have, the
// primary entity's values (a field whose values differ is marked), and an
// edit sets the field on all of them as one action.
//
// Names and string values longer than a text field holds (kMaxEditableBytes)
// are shown elided and read-only, with Copy and Replace... (see
// BoundedInputText); a replacement is one Rename or field edit.
//
// Per component: a header with a remove button and a context menu (copy
// values, paste values, reset, remove). An entity of a prefab instance shows
// which instance it belongs to; the fields it overrides are drawn bold in the
// prefab colour with a bar, a component it added says so, one it removed is
// listed, and each offers Revert to Prefab and Apply to Prefab. Below the components: "Add
// Component" (see AddComponentPopup) and, when the clipboard holds a
// component, "Paste <Component>".

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cairn/ecs/coordinator.h"
#include "cairn/editor/euler_hints.h"
#include "cairn/editor/panels/add_component_popup.h"
#include "cairn/editor/panels/field_editor.h"
#include "cairn/serialization/prefab.h"

namespace cairn::editor {

class EditorCommands;
class EditorContext;
class WorldWatch;

class InspectorPanel {
 public:
  InspectorPanel(EditorContext& context, EditorCommands& commands, const WorldWatch& watch);

  // Fills the current window.
  void Draw();

 private:
  void RefreshSelectionCache();
  void DrawHeader(ecs::Entity primary);
  void DrawComponent(ecs::Entity primary, ecs::ComponentType type);
  void DrawComponentMenu(const ecs::ComponentInfo& info, ecs::EntityId primary_id);
  void DrawFields(ecs::Entity primary, const ecs::ComponentInfo& info);
  void DrawUnknownComponents(ecs::Entity primary);
  // An instance's entity: what the prefab has that the instance removed, with
  // Revert and Apply; and the menu items both offer for a field or component.
  void DrawRemovedComponents(ecs::Entity primary);
  void DrawPrefabMenuItems(ecs::EntityId id, const std::string& component, std::optional<std::string> field);
  void DrawFooter();
  // Queues the edit as a patch of the field on every selected entity.
  void Apply(const ecs::ComponentInfo& info, const ecs::FieldInfo& field, const FieldEdit& edit);
  // Each selected entity's rotation with the edited angles replaced in the
  // angles it shows (EulerHints), as one action.
  ecs::Action RotationEdit(const ecs::ComponentInfo& info, const ecs::FieldInfo& field, const glm::vec3& degrees,
                           ecs::ElementMask angles);
  // The elements that differ across the selection, and a rotation's angles.
  FieldDisplay Display(const ecs::ComponentInfo& info, const ecs::FieldInfo& field, const void* primary_value) const;
  ecs::EntityId PrimaryId() const;

  EditorContext& context_;
  EditorCommands& commands_;
  const WorldWatch& watch_;
  FieldEditor fields_;
  // The Euler angles typed into rotation fields, shown as typed.
  EulerHints euler_hints_;
  AddComponentPopup add_component_;

  // Derived from the selection; refreshed when it or the world's structure changes.
  std::uint64_t cached_selection_ = ~std::uint64_t{0};
  std::uint64_t cached_structure_ = ~std::uint64_t{0};
  std::vector<ecs::EntityId> ids_;            // live selected entities, in selection order
  std::vector<ecs::Entity> entities_;         // their handles
  std::vector<ecs::ComponentType> shared_;    // UI components all of them have, in registration order
  std::vector<ComponentChoice> offered_;      // what Add Component offers

  // The primary entity's place in a prefab instance (one entity selected, not playing).
  std::optional<serialization::InstanceMember> member_;

  std::string name_text_;
  bool name_editing_ = false;
};

}  // namespace cairn::editor
