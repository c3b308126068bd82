#include "cairn/editor/panels/asset_browser_panel.h"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <random>
#include <utility>

#include "cairn/assets/asset_index.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/editor_context.h"
#include "cairn/editor/panels/bounded_text.h"
#include "cairn/editor/panels/theme.h"
#include "cairn/editor/panels/widget_map.h"

namespace cairn::editor {
namespace {

constexpr const char* kMovePopup = "##asset_move";
constexpr const char* kImportPopup = "##asset_import";

// The tag before a row's name, and its colour.
struct KindStyle {
  const char* tag;
  ImVec4 colour;
};

KindStyle StyleOf(AssetKind kind) {
  switch (kind) {
    case AssetKind::kFolder: return {"dir ", theme::kLightIcon};
    case AssetKind::kMesh: return {"mesh", theme::kAxisY};
    case AssetKind::kScene: return {"scn ", theme::kCameraIcon};
    case AssetKind::kTexture: return {"tex ", theme::kAxisX};
    case AssetKind::kOther: return {"    ", theme::kTextDim};
  }
  return {"    ", theme::kTextDim};
}

constexpr std::array<AssetKind, 3> kFilterKinds{AssetKind::kMesh, AssetKind::kScene, AssetKind::kTexture};

// Starts dragging `payload` (a path or "builtin:cube") from the last item.
void DragSource(const std::string& payload, const std::string& label) {
  if (!ImGui::BeginDragDropSource()) return;
  ImGui::SetDragDropPayload(kAssetPayload, payload.data(), payload.size(), ImGuiCond_Once);
  ImGui::TextUnformatted(label.c_str());
  ImGui::EndDragDropSource();
}

std::string ParentOf(const std::string& folder) {
  const std::size_t slash = folder.rfind('/');
  return slash == std::string::npos ? std::string() : folder.substr(0, slash);
}

}  // namespace

void AssetBrowserPanel::Instantiate(const std::string& path) {
  try {
    context_.Enqueue(CreateFromAssetPayload(context_.World(), path, std::nullopt, ecs::kNoEntityId, context_.Prefabs()),
                     EnqueueOptions::SelectingCreated());
  } catch (const std::exception& error) {
    context_.Log().Warning("Instantiate: " + std::string(error.what()));
  }
}

void AssetBrowserPanel::Draw() {
  const std::optional<std::filesystem::path> root = context_.AssetFolder();
  if (root != root_) {
    root_ = root;
    query_.folder.clear();
    selected_.clear();
    stale_ = true;
  }
  if (!root_) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(theme::kTextDim, "Save the scene or open a project to see its files here.");
    ImGui::PopTextWrapPos();
    DrawBuiltins();
    return;
  }
  DrawToolbar();
  Rescan(ImGui::GetTime());
  ImGui::BeginChild("##asset_rows", ImVec2(0.0f, 0.0f), false);
  if (query_.folder.empty() && query_.search.empty()) DrawBuiltins();
  DrawFiles();
  ImGui::EndChild();
  DrawMoveDialog();
  DrawImportDialog();
}

void AssetBrowserPanel::Rescan(double now) {
  if (!stale_ && now - listed_at_ < kRescanSeconds) return;
  listing_ = ListAssets(*root_, query_);
  listed_at_ = now;
  stale_ = false;
}

void AssetBrowserPanel::DrawToolbar() {
  const bool at_root = query_.folder.empty();
  if (at_root) ImGui::BeginDisabled();
  if (ImGui::Button("Up")) {
    query_.folder = ParentOf(query_.folder);
    stale_ = true;
  }
  if (at_root) ImGui::EndDisabled();
  GlobalWidgetMap().Record("assets/up");
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("The folder above");
  ImGui::SameLine();
  const float filter_width = 92.0f;
  ImGui::SetNextItemWidth(std::max(ImGui::GetContentRegionAvail().x - filter_width - ImGui::GetStyle().ItemSpacing.x, 40.0f));
  std::string search = query_.search;
  if (BoundedInputText("##asset_search", &search, "Search files")) {
    query_.search = std::move(search);
    stale_ = true;
  }
  GlobalWidgetMap().Record("assets/search");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(filter_width);
  const char* preview = query_.kind ? AssetKindName(*query_.kind).data() : "All";
  if (ImGui::BeginCombo("##asset_kind", preview)) {
    if (ImGui::Selectable("All", !query_.kind)) {
      query_.kind.reset();
      stale_ = true;
    }
    for (const AssetKind kind : kFilterKinds) {
      if (ImGui::Selectable(AssetKindName(kind).data(), query_.kind == kind)) {
        query_.kind = kind;
        stale_ = true;
      }
      GlobalWidgetMap().Record("assets/kind/" + std::string(AssetKindName(kind)));
    }
    ImGui::EndCombo();
  }
  GlobalWidgetMap().Record("assets/kind");
  const std::string where = query_.folder.empty() ? root_->filename().string() + "/"
                                                  : root_->filename().string() + "/" + query_.folder + "/";
  ImGui::TextColored(theme::kTextDim, "%s", BoundedLabel(query_.search.empty() ? where : "Search in " + where).c_str());
}

void AssetBrowserPanel::DrawBuiltins() {
  if (query_.kind && *query_.kind != AssetKind::kMesh) return;
  const bool open = ImGui::TreeNodeEx("Built-in meshes", ImGuiTreeNodeFlags_SpanAvailWidth);
  GlobalWidgetMap().Record("assets/builtin");
  if (!open) return;
  for (const BuiltinMesh& builtin : kBuiltinMeshes) {
    const std::string name(actions::PrimitiveName(builtin.shape));
    const std::string key(builtin.key);
    ImGui::PushID(key.c_str());
    ImGui::TextColored(theme::kAxisY, "mesh");
    ImGui::SameLine();
    ImGui::Selectable((name + "  (built-in)").c_str(), false);
    DragSource(std::string(kBuiltinMeshPrefix) + key, name);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Drag into the Viewport or the Hierarchy to place a %s", name.c_str());
    GlobalWidgetMap().Record("assets/builtin/" + key);
    ImGui::PopID();
  }
  ImGui::TreePop();
}

void AssetBrowserPanel::DrawFiles() {
  if (!listing_.error.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    BoundedTextColored(theme::kError, listing_.error);
    ImGui::PopTextWrapPos();
  }
  if (listing_.files.empty() && listing_.error.empty()) {
    ImGui::TextColored(theme::kTextDim, "%s", query_.search.empty() ? "(empty folder)" : "No file matches.");
  }
  std::optional<std::string> enter;
  for (const AssetFile& file : listing_.files) {
    ImGui::PushID(file.path.c_str());
    const KindStyle style = StyleOf(file.kind);
    const std::uint32_t thumbnail = file.kind == AssetKind::kMesh && thumbnails_ ? thumbnails_(file.path) : 0;
    const ImTextureID texture = reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(thumbnail));
    if (thumbnail != 0) {
      const float side = ImGui::GetTextLineHeight();
      const ImVec2 tag_size = ImGui::CalcTextSize(style.tag);
      ImGui::Image(texture, ImVec2(side, side), ImVec2(0.0f, 1.0f), ImVec2(1.0f, 0.0f));
      ImGui::SameLine(0.0f, ImGui::GetStyle().ItemSpacing.x + std::max(tag_size.x - side, 0.0f));
    } else {
      ImGui::TextColored(style.colour, "%s", style.tag);
      ImGui::SameLine();
    }
    const std::string label = BoundedLabel(query_.search.empty() ? file.name : file.path);
    if (ImGui::Selectable(label.c_str(), selected_ == file.path, ImGuiSelectableFlags_AllowDoubleClick)) {
      selected_ = file.path;
      if (file.kind == AssetKind::kFolder && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) enter = file.path;
    }
    if (file.kind == AssetKind::kMesh || file.kind == AssetKind::kScene) DragSource(file.path, file.name);
    if (ImGui::IsItemHovered() && !ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
      ImGui::BeginTooltip();
      if (thumbnail != 0) {
        const float side = 96.0f;
        ImGui::Image(texture, ImVec2(side, side), ImVec2(0.0f, 1.0f), ImVec2(1.0f, 0.0f));
      }
      ImGui::TextUnformatted(BoundedLabel(file.path).c_str());
      if (file.kind == AssetKind::kMesh) ImGui::TextColored(theme::kTextDim, "Drag into the Viewport or the Hierarchy to place it");
      if (file.kind == AssetKind::kScene) {
        ImGui::TextColored(theme::kTextDim, "A prefab: drag into the Viewport or the Hierarchy to place an instance");
      }
      ImGui::EndTooltip();
    }
    GlobalWidgetMap().Record("assets/file/" + file.path);
    if (ImGui::BeginPopupContextItem("##asset_menu")) {
      selected_ = file.path;
      if (ImGui::MenuItem("Rename or Move...")) {
        moving_ = file.path;
        move_target_ = file.path;
        move_error_.clear();
        open_move_dialog_ = true;
      }
      GlobalWidgetMap().Record("assets/menu/move");
      if (file.kind == AssetKind::kFolder && ImGui::MenuItem("Open")) enter = file.path;
      if (file.kind == AssetKind::kScene && ImGui::MenuItem("Instantiate")) Instantiate(file.path);
      GlobalWidgetMap().Record("assets/menu/instantiate");
      if (file.kind == AssetKind::kMesh && ImGui::MenuItem("Import Settings...")) {
        importing_ = file.path;
        const assets::AssetIndex::LoadResult index = assets::AssetIndex::Load(*root_, 1);
        import_settings_ = index.index ? index.index->ImportSettingsOf(file.path) : assets::ImportSettings{};
        import_error_ = index.index ? std::string() : index.error;
        open_import_dialog_ = true;
      }
      GlobalWidgetMap().Record("assets/menu/import_settings");
      if (file.kind == AssetKind::kMesh && reimport_ && ImGui::MenuItem("Reimport")) {
        reimport_(file.path);
        context_.Log().Info("Reimporting " + file.path);
      }
      if (ImGui::MenuItem("Copy Path")) ImGui::SetClipboardText(file.path.c_str());
      ImGui::EndPopup();
    }
    ImGui::PopID();
  }
  if (enter) {
    query_.folder = *enter;
    query_.search.clear();
    stale_ = true;
  }
}

void AssetBrowserPanel::DrawMoveDialog() {
  if (open_move_dialog_) {
    ImGui::OpenPopup(kMovePopup);
    open_move_dialog_ = false;
  }
  if (!ImGui::BeginPopup(kMovePopup)) return;
  ImGui::Text("Rename or move %s to:", BoundedLabel(moving_).c_str());
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  ImGui::SetNextItemWidth(360.0f);
  const bool entered =
      BoundedInputText("##asset_move_target", &move_target_, nullptr, ImGuiInputTextFlags_EnterReturnsTrue);
  GlobalWidgetMap().Record("assets/move/target");
  ImGui::TextColored(theme::kTextDim, "A path in the project folder; references in this scene follow.");
  if (!move_error_.empty()) {
    ImGui::PushTextWrapPos(360.0f);
    BoundedTextColored(theme::kError, move_error_);
    ImGui::PopTextWrapPos();
  }
  const bool clicked = ImGui::Button("Move");
  GlobalWidgetMap().Record("assets/move/apply");
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
  if (entered || clicked) {
    AssetMoveResult result =
        MoveAsset(*root_, moving_, move_target_, context_.World(), std::random_device{}());
    if (!result.Ok()) {
      move_error_ = result.error;
    } else {
      const std::size_t references = result.references.commands.size();
      if (references > 0) context_.Enqueue(std::move(result.references));
      context_.Log().Info("Moved " + moving_ + " to " + move_target_ + " (" + std::to_string(references) +
                          (references == 1 ? " reference" : " references") + " in this scene updated)");
      selected_ = move_target_;
      stale_ = true;
      ImGui::CloseCurrentPopup();
    }
  }
  ImGui::EndPopup();
}

// A mesh's scale and up axis as the project's asset index records them:
// applied, every scene draws the mesh so (it is imported again at once).
void AssetBrowserPanel::DrawImportDialog() {
  if (open_import_dialog_) {
    ImGui::OpenPopup(kImportPopup);
    open_import_dialog_ = false;
  }
  if (!ImGui::BeginPopup(kImportPopup)) return;
  ImGui::Text("Import settings of %s", BoundedLabel(importing_).c_str());
  ImGui::SetNextItemWidth(160.0f);
  ImGui::InputFloat("Scale##import_scale", &import_settings_.scale, 0.0f, 0.0f, "%g");
  GlobalWidgetMap().Record("assets/import/scale");
  ImGui::SameLine();
  if (ImGui::SmallButton("cm")) import_settings_.scale = 0.01f;
  ImGui::SameLine();
  if (ImGui::SmallButton("mm")) import_settings_.scale = 0.001f;
  ImGui::SameLine();
  if (ImGui::SmallButton("inch")) import_settings_.scale = 0.0254f;
  int up = import_settings_.up == assets::UpAxis::kZ ? 1 : 0;
  ImGui::SetNextItemWidth(160.0f);
  if (ImGui::Combo("Up axis##import_up", &up, "Y up\0Z up (turned to Y up)\0")) {
    import_settings_.up = up == 1 ? assets::UpAxis::kZ : assets::UpAxis::kY;
  }
  GlobalWidgetMap().Record("assets/import/up");
  ImGui::TextColored(theme::kTextDim, "Kept in the project's asset index: every scene using the mesh agrees.");
  if (!import_error_.empty()) {
    ImGui::PushTextWrapPos(360.0f);
    BoundedTextColored(theme::kError, import_error_);
    ImGui::PopTextWrapPos();
  }
  const bool apply = ImGui::Button("Apply");
  GlobalWidgetMap().Record("assets/import/apply");
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
  if (apply) {
    import_error_ = SetAssetImportSettings(*root_, importing_, import_settings_, std::random_device{}());
    if (import_error_.empty()) {
      if (reimport_) reimport_(importing_);
      char scale[32];
      std::snprintf(scale, sizeof scale, "%g", static_cast<double>(import_settings_.scale));
      context_.Log().Info("Import settings of " + importing_ + ": scale " + scale + ", " +
                          std::string(assets::UpAxisName(import_settings_.up)) + " up");
      ImGui::CloseCurrentPopup();
    }
  }
  ImGui::EndPopup();
}

}  // namespace cairn::editor
