#pragma once
// The editor's commands on entities, shared by the main menu, the
// Hierarchy's context menu, the toolbar and keyboard shortcuts, so that every
// path to "Duplicate" does the same thing. Each builds an action with the
// action factory and queues it on the EditorContext; a request the factory
// refuses (ActionError) is reported in the Console, never thrown.

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec3.hpp>

#include "cairn/ecs/command.h"
#include "cairn/ecs/entity.h"
#include "cairn/editor/editor_context.h"

namespace cairn::editor {

class ViewportPanel;

// What Entity > Create offers.
enum class CreateKind {
  kEmpty,
  kCube,
  kSphere,
  kPlane,
  kCylinder,
  kCone,
  kDirectionalLight,
  kPointLight,
  kSpotLight,
  kCamera,
};

struct CreateMenuItem {
  CreateKind kind;
  const char* label;  // "Cube", "Point Light", ...
};

// In menu order.
std::span<const CreateMenuItem> CreateMenuItems();

class EditorCommands {
 public:
  explicit EditorCommands(EditorContext& context) : context_(context) {}

  // Optional parts: without a viewport, Frame Selected does nothing.
  void SetViewport(ViewportPanel* viewport) { viewport_ = viewport; }
  // Called by Rename to start editing a name in place (the Hierarchy).
  void SetRenameHandler(std::function<void(ecs::EntityId)> handler) { rename_handler_ = std::move(handler); }

  // Creates an entity of `kind` under `parent` (kNoEntityId: a root) and
  // selects it.
  void Create(CreateKind kind, ecs::EntityId parent);
  // The parent Entity > Create uses: the primary selection, if any.
  ecs::EntityId CreationParent() const;

  void DuplicateSelection();
  void DeleteSelection();
  // Starts renaming the primary selection.
  void RenameSelection();
  void CopySelection();
  // Pastes the copied entities right after the primary selection (as its
  // siblings), or at the end of the roots when nothing is selected.
  void Paste();
  void SelectAll();
  void FrameSelected();

  // ---- Prefabs (prefab_actions.h) ----
  // Places the prefab file `path` (relative to the scene's folder) under
  // `parent`, its root at `position` when given, and selects it.
  void Instantiate(std::string_view path, ecs::EntityId parent, std::optional<glm::vec3> position = std::nullopt);
  // Saves the primary selection's subtree as prefabs/<Name>.scene (the first
  // free name) and makes it an instance of it.
  void CreatePrefabFromSelection();
  // The scene files of the scene's folder that can be placed as prefabs
  // (every one but the open scene itself), as paths relative to the folder.
  std::vector<std::string> PrefabFiles() const;
  void UnpackSelection();
  // Whether the primary selection is the root of a prefab instance.
  bool SelectionIsInstanceRoot() const;
  // A member's field (or whole component, when `field` is none) back to
  // the prefab's value, or into the prefab file (every instance follows).
  void RevertToPrefab(ecs::EntityId id, std::string_view component, std::optional<std::string_view> field);
  void ApplyToPrefab(ecs::EntityId id, std::string_view component, std::optional<std::string_view> field);

  bool HasSelection() const { return !context_.GetSelection().Empty(); }
  bool CanPaste() const { return context_.GetClipboard().HasEntities(); }

  // Builds an action and queues it; an ActionError (or any ECS error raised
  // while building) is logged as a warning naming `what`.
  void Queue(std::string_view what, const std::function<ecs::Action()>& build, EnqueueOptions options = {});

  EditorContext& Context() { return context_; }

 private:
  EditorContext& context_;
  ViewportPanel* viewport_ = nullptr;
  std::function<void(ecs::EntityId)> rename_handler_;
};

}  // namespace cairn::editor
