#include "cairn/editor/panels/shortcuts.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include "cairn/editor/editor_context.h"
#include "cairn/editor/panels/editor_commands.h"
#include "cairn/editor/panels/scene_files.h"
#include "cairn/editor/viewport_panel.h"

namespace cairn::editor {
namespace {

bool Pressed(int key) { return ImGui::IsKeyPressed(key, false); }

}  // namespace

void HandleShortcuts(EditorCommands& commands, SceneFiles& files, ViewportPanel* viewport) {
  if (files.DialogOpen() || ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel)) return;
  const ImGuiIO& io = ImGui::GetIO();
  const bool ctrl = io.KeyCtrl && !io.KeyAlt;
  if (ctrl) {
    if (Pressed(GLFW_KEY_N)) return files.RequestNew();
    if (Pressed(GLFW_KEY_O)) return files.RequestOpen();
    if (Pressed(GLFW_KEY_S)) return io.KeyShift ? files.RequestSaveAs() : files.RequestSave();
    if (Pressed(GLFW_KEY_Q)) return files.RequestQuit();
    if (Pressed(GLFW_KEY_P)) {
      EditorContext& context = commands.Context();
      if (context.IsPlaying()) {
        context.StopPlay();
      } else {
        context.StartPlay();
      }
      return;
    }
  }
  if (io.WantTextInput) return;
  EditorContext& context = commands.Context();
  if (ctrl) {
    if (Pressed(GLFW_KEY_Z)) return io.KeyShift ? context.Redo() : context.Undo();
    if (Pressed(GLFW_KEY_Y)) return context.Redo();
    if (Pressed(GLFW_KEY_C)) return commands.CopySelection();
    if (Pressed(GLFW_KEY_V)) return commands.Paste();
    if (Pressed(GLFW_KEY_D)) return commands.DuplicateSelection();
    if (Pressed(GLFW_KEY_A)) return commands.SelectAll();
    return;
  }
  if (io.KeyAlt || io.KeyShift || io.KeySuper) return;
  if (Pressed(GLFW_KEY_DELETE)) return commands.DeleteSelection();
  if (Pressed(GLFW_KEY_F2)) return commands.RenameSelection();
  if (Pressed(GLFW_KEY_F)) return commands.FrameSelected();
  if (viewport != nullptr) {
    if (Pressed(GLFW_KEY_END)) viewport->DropSelectionToFloor();
    // Choosing a gizmo tool leaves the scatter brush or the Measure tool.
    ViewportTools& tools = viewport->Tools();
    const auto choose = [&tools](GizmoTool tool) {
      tools.tool = tool;
      tools.pointer = PointerTool::kSelect;
    };
    if (Pressed(GLFW_KEY_W)) choose(GizmoTool::kTranslate);
    if (Pressed(GLFW_KEY_E)) choose(GizmoTool::kRotate);
    if (Pressed(GLFW_KEY_R)) choose(GizmoTool::kScale);
  }
}

}  // namespace cairn::editor
