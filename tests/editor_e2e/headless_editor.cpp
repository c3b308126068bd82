#include "headless_editor.h"

#include <GLFW/glfw3.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cfloat>
#include <memory>
#include <stdexcept>
#include <string>

#include "cairn/editor/panels/theme.h"

namespace cairn::editor::testing {
namespace {

constexpr const char* kFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr float kFrameSeconds = 1.0f / 60.0f;

// ImGui's named keys mapped to GLFW key codes, as the GLFW backend does.
void MapKeys(ImGuiIO& io) {
  io.KeyMap[ImGuiKey_Tab] = GLFW_KEY_TAB;
  io.KeyMap[ImGuiKey_LeftArrow] = GLFW_KEY_LEFT;
  io.KeyMap[ImGuiKey_RightArrow] = GLFW_KEY_RIGHT;
  io.KeyMap[ImGuiKey_UpArrow] = GLFW_KEY_UP;
  io.KeyMap[ImGuiKey_DownArrow] = GLFW_KEY_DOWN;
  io.KeyMap[ImGuiKey_PageUp] = GLFW_KEY_PAGE_UP;
  io.KeyMap[ImGuiKey_PageDown] = GLFW_KEY_PAGE_DOWN;
  io.KeyMap[ImGuiKey_Home] = GLFW_KEY_HOME;
  io.KeyMap[ImGuiKey_End] = GLFW_KEY_END;
  io.KeyMap[ImGuiKey_Insert] = GLFW_KEY_INSERT;
  io.KeyMap[ImGuiKey_Delete] = GLFW_KEY_DELETE;
  io.KeyMap[ImGuiKey_Backspace] = GLFW_KEY_BACKSPACE;
  io.KeyMap[ImGuiKey_Space] = GLFW_KEY_SPACE;
  io.KeyMap[ImGuiKey_Enter] = GLFW_KEY_ENTER;
  io.KeyMap[ImGuiKey_Escape] = GLFW_KEY_ESCAPE;
  io.KeyMap[ImGuiKey_KeyPadEnter] = GLFW_KEY_KP_ENTER;
  io.KeyMap[ImGuiKey_A] = GLFW_KEY_A;
  io.KeyMap[ImGuiKey_C] = GLFW_KEY_C;
  io.KeyMap[ImGuiKey_V] = GLFW_KEY_V;
  io.KeyMap[ImGuiKey_X] = GLFW_KEY_X;
  io.KeyMap[ImGuiKey_Y] = GLFW_KEY_Y;
  io.KeyMap[ImGuiKey_Z] = GLFW_KEY_Z;
}

}  // namespace

HeadlessEditor::HeadlessEditor(Options options) {
  IMGUI_CHECKVERSION();
  imgui_ = ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.LogFilename = nullptr;
  io.DisplaySize = ImVec2(options.width, options.height);
  io.DeltaTime = kFrameSeconds;
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  MapKeys(io);
  ImFontConfig config;
  if (io.Fonts->AddFontFromFileTTF(kFont, 16.0f, &config) == nullptr) io.Fonts->AddFontDefault();
  unsigned char* pixels = nullptr;
  int width = 0;
  int height = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);  // builds the atlas
  ApplyEditorTheme();

  GlobalWidgetMap().Clear();
  GlobalWidgetMap().SetRecording(options.widget_map);

  EditorAppOptions app_options;
  app_options.viewport = false;
  app_options.context.journaling = options.journal_directory.has_value();
  if (options.journal_directory) app_options.context.untitled_journal_directory = *options.journal_directory;
  app_options.context.journal_writes = std::move(options.journal_writes);
  if (options.world_factory) app_options.context.world_factory = std::move(options.world_factory);
  app_options.context.untitled_asset_folder = std::move(options.untitled_asset_folder);
  app_ = std::make_unique<EditorApp>(*this, std::move(app_options));
}

HeadlessEditor::~HeadlessEditor() {
  app_.reset();
  GlobalWidgetMap().SetRecording(false);
  GlobalWidgetMap().Clear();
  ImGui::DestroyContext(imgui_);
}

void HeadlessEditor::Frame() {
  ImGuiIO& io = ImGui::GetIO();
  io.DeltaTime = kFrameSeconds;
  ImGui::NewFrame();
  app_->DrawFrame();
  ImGui::EndFrame();
  CheckDrawListSizes();
  ImGui::Render();
  io.MouseWheel = 0.0f;
}

void HeadlessEditor::CheckDrawListSizes() {
  largest_draw_list_vertices_ = 0;
  for (const ImGuiWindow* window : ImGui::GetCurrentContext()->Windows) {
    if (!window->Active || window->Hidden) continue;
    const std::size_t vertices = window->DrawList->_VtxCurrentIdx;
    largest_draw_list_vertices_ = std::max(largest_draw_list_vertices_, vertices);
    if (vertices >= (std::size_t{1} << 16)) {
      throw std::runtime_error("the draw list of window '" + std::string(window->Name) + "' indexes " +
                               std::to_string(vertices) + " vertices from one base: ImGui::Render aborts at 65,536");
    }
  }
}

void HeadlessEditor::Frames(int count) {
  for (int i = 0; i < count; ++i) Frame();
}

WidgetMap::Box HeadlessEditor::Where(std::string_view name) const {
  const auto& boxes = GlobalWidgetMap().Boxes();
  const auto found = boxes.find(name);
  if (found == boxes.end()) throw std::runtime_error("no widget '" + std::string(name) + "' was drawn");
  return found->second;
}

ImVec2 HeadlessEditor::Centre(std::string_view name) const {
  const WidgetMap::Box box = Where(name);
  return ImVec2(box.x + box.w * 0.5f, box.y + box.h * 0.5f);
}

void HeadlessEditor::Spread() { Frames(20); }

void HeadlessEditor::MoveTo(ImVec2 at) {
  ImGui::GetIO().MousePos = at;
  Frame();
}

void HeadlessEditor::Click(ImVec2 at, int button) {
  Spread();
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = at;
  Frame();
  io.MouseDown[button] = true;
  Frame();
  io.MouseDown[button] = false;
  Frame();
}

void HeadlessEditor::DoubleClick(ImVec2 at) {
  Spread();
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = at;
  Frame();
  for (int i = 0; i < 2; ++i) {
    io.MouseDown[0] = true;
    Frame();
    io.MouseDown[0] = false;
    Frame();
  }
}

void HeadlessEditor::Drag(ImVec2 from, ImVec2 to, int steps) {
  Spread();
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = from;
  Frame();
  io.MouseDown[0] = true;
  Frame();
  Frame();
  for (int i = 1; i <= steps; ++i) {
    const float t = static_cast<float>(i) / static_cast<float>(steps);
    io.MousePos = ImVec2(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t);
    Frame();
  }
  Frames(2);
  io.MouseDown[0] = false;
  Frame();
}

void HeadlessEditor::Key(int key, bool ctrl, bool shift) {
  ImGuiIO& io = ImGui::GetIO();
  io.KeyCtrl = ctrl;
  io.KeyShift = shift;
  io.KeysDown[key] = true;
  Frame();
  io.KeysDown[key] = false;
  io.KeyCtrl = false;
  io.KeyShift = false;
  Frame();
}

void HeadlessEditor::Type(std::string_view text) {
  ImGui::GetIO().AddInputCharactersUTF8(std::string(text).c_str());
  Frame();
}

}  // namespace cairn::editor::testing
