#pragma once
// The editor's UI running in-process without a window or renderer: an ImGui
// context whose frames build draw data only (the Viewport is off). Input is
// fed the way the replay player feeds it — every press and release in a
// frame of its own — so tests and the frame benchmark exercise the real
// panel code quickly, under sanitizers too.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <imgui.h>

#include "cairn/editor/panels/editor_app.h"
#include "cairn/editor/panels/editor_host.h"
#include "cairn/editor/panels/widget_map.h"

namespace cairn::editor::testing {

class HeadlessEditor : public EditorHost {
 public:
  struct Options {
    float width = 1280.0f;
    float height = 720.0f;
    // Journals go here when set; otherwise journaling is off.
    std::optional<std::filesystem::path> journal_directory = std::nullopt;
    // The system calls journals write through (a disk that fills up).
    JournalWriteCalls journal_writes = JournalWriteCalls::System();
    // Record the widget map in memory (needed by Where / Click(name)).
    bool widget_map = true;
    // Makes the worlds of the session (default: the built-in components).
    std::function<std::unique_ptr<ecs::Coordinator>()> world_factory = nullptr;
    // Where an untitled scene's asset paths resolve (cairn-editor: examples/demo).
    std::optional<std::filesystem::path> untitled_asset_folder = std::nullopt;
  };

  explicit HeadlessEditor(Options options);
  HeadlessEditor() : HeadlessEditor(Options{}) {}
  ~HeadlessEditor() override;
  HeadlessEditor(const HeadlessEditor&) = delete;
  HeadlessEditor& operator=(const HeadlessEditor&) = delete;

  EditorApp& App() { return *app_; }
  EditorContext& Context() { return app_->Context(); }

  // One frame with the current input; characters queued by Type go in it.
  // Throws, instead of letting ImGui::Render abort the process, when a draw
  // list indexes 65,536 vertices or more from one base (ImGui's 16-bit
  // indices; this context sets no RendererHasVtxOffset, so that is a whole
  // window's draw list).
  void Frame();
  void Frames(int count);
  // The most vertices one draw list of the last frame indexed from one base.
  std::size_t LargestDrawListVertices() const { return largest_draw_list_vertices_; }

  // Where a named widget was last drawn (see WidgetMap); fails the test when
  // it never was.
  WidgetMap::Box Where(std::string_view name) const;
  ImVec2 Centre(std::string_view name) const;

  void MoveTo(ImVec2 at);
  void Click(ImVec2 at, int button = 0);
  void Click(std::string_view widget, int button = 0) { Click(Centre(widget), button); }
  void DoubleClick(ImVec2 at);
  // Press at `from`, move to `to` in `steps` frames, release.
  void Drag(ImVec2 from, ImVec2 to, int steps = 10);
  // A key (GLFW code) with modifiers, pressed and released.
  void Key(int key, bool ctrl = false, bool shift = false);
  void Type(std::string_view text);

  // EditorHost
  void SetTitle(const std::string& title) override { title_ = title; }
  bool CloseRequested() const override { return close_requested_; }
  void DismissCloseRequest() override { close_requested_ = false; }
  void Close() override { closed_ = true; }

  void RequestClose() { close_requested_ = true; }
  const std::string& WindowTitle() const { return title_; }
  bool Closed() const { return closed_; }

 private:
  void Spread();  // frames between presses so that no two make a double-click
  void CheckDrawListSizes();

  ImGuiContext* imgui_ = nullptr;
  std::unique_ptr<EditorApp> app_;
  std::string title_;
  bool close_requested_ = false;
  bool closed_ = false;
  std::size_t largest_draw_list_vertices_ = 0;
};

}  // namespace cairn::editor::testing
