#pragma once
// The editor's clipboard: one component value (Inspector "Copy"/"Paste
// values") and one group of entity subtrees (Hierarchy Ctrl+C / Ctrl+V).
//
// Contents are kept as plain data with component names, not as handles or
// registrations of one world, so they survive New and Open: pasting resolves
// the names against the world pasted into. Pasting builds an action; the
// clipboard itself never changes a world.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cairn/ecs/command.h"
#include "cairn/ecs/fwd.h"
#include "cairn/ecs/plain_value.h"

namespace cairn::serialization {
class PrefabLibrary;
}

namespace cairn::editor {

class Clipboard {
 public:
  // A component value as plain data: {"component": name, "value": {fields}}.
  struct PlainComponent {
    std::string component;
    ecs::PlainValue value;

    friend bool operator==(const PlainComponent&, const PlainComponent&) = default;
  };

  // One copied entity: its id when copied, its parent among the copied
  // entities (kNoEntityId for a copied root), its sibling position, components.
  struct PlainEntity {
    ecs::EntityId id;
    ecs::EntityId parent;
    std::uint32_t position = ecs::kAppendPosition;
    std::vector<PlainComponent> components;
  };

  // ---- Component values ------------------------------------------------------

  // Copies the entity's component. Throws ActionError when the entity does not
  // exist or lacks the component.
  void CopyComponent(const ecs::Coordinator& world, ecs::EntityId id, std::string_view component);
  void CopyComponent(const ecs::ComponentValue& value);
  bool HasComponent() const { return component_.has_value(); }
  // The copied component's name; empty when none.
  std::string ComponentName() const { return component_ ? component_->component : std::string(); }
  const std::optional<PlainComponent>& Component() const { return component_; }
  // The copied value as a component of `world`; throws ActionError when the
  // clipboard holds none or the world has no such component.
  ecs::ComponentValue ComponentValueFor(const ecs::Coordinator& world) const;
  // "Paste Light": sets the value where the entity has the component, adds it
  // where it lacks it (see actions::PasteComponentValue).
  ecs::Action PasteComponent(const ecs::Coordinator& world, std::span<const ecs::EntityId> ids) const;

  // ---- Entities ----------------------------------------------------------------

  // Copies the subtrees of the root-most listed entities, in the given order.
  // Throws ActionError when nothing is listed or an id does not exist.
  void CopyEntities(const ecs::Coordinator& world, std::span<const ecs::EntityId> ids);
  bool HasEntities() const { return !subtrees_.empty(); }
  // How many subtrees (copied roots) and entities in all the clipboard holds.
  std::size_t SubtreeCount() const { return subtrees_.size(); }
  std::size_t EntityCount() const;
  const std::vector<std::vector<PlainEntity>>& Subtrees() const { return subtrees_; }
  // "Paste 'Crate'" or "Paste 3 entities": recreates the copied subtrees with
  // fresh ids, as consecutive children of `parent` (kNoEntityId: roots)
  // starting at `position` (kAppendPosition: last), in copy order. References
  // between copied entities are remapped to the copies; references to other
  // entities stay when such an entity exists in `world` and become none
  // otherwise. Throws ActionError when the clipboard holds no entities, the
  // parent does not exist, or a component is not registered in `world`.
  // With `prefabs`, a copied prefab instance is pasted as a new instance.
  ecs::Action PasteEntities(ecs::Coordinator& world, ecs::EntityId parent = ecs::kNoEntityId,
                            std::uint32_t position = ecs::kAppendPosition,
                            serialization::PrefabLibrary* prefabs = nullptr) const;

  // Clears the references (entity-reference fields) to entities that neither
  // were copied nor exist in `world`: after a world replacement they would
  // name entities of another scene. Returns how many were cleared.
  std::size_t DropDanglingReferences(const ecs::Coordinator& world);

  void Clear();

 private:
  std::optional<PlainComponent> component_;
  std::vector<std::vector<PlainEntity>> subtrees_;
};

}  // namespace cairn::editor
