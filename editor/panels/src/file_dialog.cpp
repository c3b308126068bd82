#include "cairn/editor/panels/file_dialog.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdlib>
#include <system_error>

#include "cairn/editor/panels/bounded_text.h"
#include "cairn/editor/panels/modal_frame.h"
#include "cairn/editor/panels/theme.h"
#include "cairn/editor/panels/widget_map.h"
#include "cairn/editor/text_case.h"

namespace cairn::editor {
namespace {

bool LessIgnoringCase(const FolderEntry& a, const FolderEntry& b) {
  const std::string la = LowerAscii(a.name);
  const std::string lb = LowerAscii(b.name);
  return la != lb ? la < lb : a.name < b.name;
}

std::string HumanSize(std::uintmax_t bytes) {
  char buffer[32];
  if (bytes < 1024) {
    std::snprintf(buffer, sizeof buffer, "%ju B", bytes);
  } else if (bytes < 1024 * 1024) {
    std::snprintf(buffer, sizeof buffer, "%.1f KB", static_cast<double>(bytes) / 1024.0);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.1f MB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  }
  return buffer;
}

bool IsFolder(const std::filesystem::path& path) {
  std::error_code error;
  return std::filesystem::is_directory(path, error);
}

bool IsFile(const std::filesystem::path& path) {
  std::error_code error;
  return std::filesystem::is_regular_file(path, error);
}

constexpr const char* kParentEntry = "..";

// The longest path the path field holds, in bytes: Linux's PATH_MAX.
constexpr std::size_t kMaxPathBytes = 4096;

}  // namespace

FolderListing ListFolder(const std::filesystem::path& folder) {
  FolderListing listing;
  std::error_code error;
  std::filesystem::directory_iterator it(folder, std::filesystem::directory_options::skip_permission_denied, error);
  if (error) {
    listing.error = "cannot read the folder " + folder.string() + ": " + error.message();
    return listing;
  }
  std::vector<FolderEntry> folders;
  std::vector<FolderEntry> files;
  for (; it != std::filesystem::directory_iterator(); it.increment(error)) {
    if (error) {
      listing.error = "cannot read the folder " + folder.string() + ": " + error.message();
      break;
    }
    const std::filesystem::path& path = it->path();
    std::string name = path.filename().string();
    if (name.empty() || name.front() == '.') continue;
    std::error_code status_error;
    if (it->is_directory(status_error)) {
      folders.push_back({std::move(name), true, 0});
    } else if (it->is_regular_file(status_error) && LowerAscii(path.extension().string()) == ".json") {
      std::error_code size_error;
      const std::uintmax_t size = it->file_size(size_error);
      files.push_back({std::move(name), false, size_error ? 0 : size});
    }
  }
  std::sort(folders.begin(), folders.end(), LessIgnoringCase);
  std::sort(files.begin(), files.end(), LessIgnoringCase);
  listing.entries = std::move(folders);
  listing.entries.insert(listing.entries.end(), files.begin(), files.end());
  return listing;
}

std::filesystem::path ResolveTypedPath(const std::filesystem::path& folder, const std::string& text) {
  if (text == "~" || text.rfind("~/", 0) == 0) {
    const char* home = std::getenv("HOME");
    if (home != nullptr && *home != '\0') {
      return (std::filesystem::path(home) / (text.size() > 2 ? text.substr(2) : std::string())).lexically_normal();
    }
  }
  const std::filesystem::path typed(text);
  if (typed.is_absolute()) return typed.lexically_normal();
  return (folder / typed).lexically_normal();
}

// ---- The dialog -------------------------------------------------------------------

void FileDialog::Open(Request request) {
  request_ = std::move(request);
  open_ = true;
  message_.clear();
  confirm_replace_.reset();
  chosen_.reset();
  std::filesystem::path folder = request_.folder;
  std::error_code error;
  if (folder.empty() || !IsFolder(folder)) folder = std::filesystem::current_path(error);
  Navigate(folder);
  path_text_ = request_.file_name;
  replace_path_text_ = path_text_;
}

void FileDialog::Navigate(const std::filesystem::path& folder) {
  std::error_code error;
  std::filesystem::path absolute = std::filesystem::absolute(folder, error);
  folder_ = (error ? folder : absolute).lexically_normal();
  if (folder_.has_filename() == false && folder_ != folder_.root_path()) folder_ = folder_.parent_path();
  listing_ = ListFolder(folder_);
  if (folder_ != folder_.root_path()) listing_.entries.insert(listing_.entries.begin(), FolderEntry{kParentEntry, true, 0});
  highlighted_ = -1;
  path_text_ = request_.mode == FileDialogMode::kSave ? request_.file_name : std::string();
  replace_path_text_ = path_text_;
  focus_path_field_ = true;
  confirm_replace_.reset();
  message_ = listing_.error;
}

void FileDialog::Highlight(int index) {
  if (listing_.entries.empty()) return;
  highlighted_ = std::clamp(index, 0, static_cast<int>(listing_.entries.size()) - 1);
  const FolderEntry& entry = listing_.entries[static_cast<std::size_t>(highlighted_)];
  path_text_ = entry.name;
  replace_path_text_ = path_text_;
  scroll_to_highlight_ = true;
  confirm_replace_.reset();
  message_.clear();
}

std::optional<std::filesystem::path> FileDialog::Draw() {
  chosen_.reset();
  if (!open_) return std::nullopt;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const ImVec2 size(std::min(780.0f, display.x - 40.0f), std::min(520.0f, display.y - 40.0f));
  if (BeginModal(request_.title.c_str(), size)) {
    DrawHeader();
    DrawEntries();
    const bool path_field_active = DrawPathField();
    HandleKeys(path_field_active);

    // The footer: the export option at the left, the buttons at the right.
    const float button_y = ImGui::GetWindowSize().y - ImGui::GetStyle().WindowPadding.y - ImGui::GetFrameHeight();
    if (request_.offer_world_matrices) {
      ImGui::SetCursorPos(ImVec2(ImGui::GetStyle().WindowPadding.x, button_y));
      ImGui::Checkbox("Include world matrices", &include_world_matrices_);
    }
    const char* accept = confirm_replace_ ? "Replace" : request_.accept_label.c_str();
    const int clicked = ModalButtons("file_dialog", {accept, "Cancel"}, -1, -1);
    if (clicked == 0) Submit();
    if (clicked == 1) open_ = false;
    if (!open_) ImGui::CloseCurrentPopup();
    EndModal();
  }
  return chosen_;
}

void FileDialog::DrawHeader() {
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(theme::kTextDim, "Folder");
  ImGui::SameLine();
  const float up_width = 64.0f;
  const float text_width = ImGui::GetContentRegionAvail().x - up_width - ImGui::GetStyle().ItemSpacing.x;
  // Long paths keep their end (the folder's own name) in view.
  std::string shown = folder_.string();
  while (shown.size() > 4 && ImGui::CalcTextSize(shown.c_str()).x > text_width) shown = "..." + shown.substr(4);
  ImGui::TextUnformatted(shown.c_str());
  ImGui::SameLine(ImGui::GetContentRegionMax().x - up_width);
  const bool at_root = folder_ == folder_.root_path();
  if (at_root) ImGui::BeginDisabled();
  if (ImGui::Button("Up", ImVec2(up_width, 0.0f))) Navigate(folder_.parent_path());
  if (at_root) ImGui::EndDisabled();
  GlobalWidgetMap().Record("file_dialog/up");
}

void FileDialog::DrawEntries() {
  const ImGuiStyle& style = ImGui::GetStyle();
  // Below: the path field, the message line and the button row.
  const float below = 3.0f * (ImGui::GetFrameHeight() + style.ItemSpacing.y);
  const float height = std::max(ImGui::GetContentRegionAvail().y - below, ImGui::GetFrameHeight() * 3.0f);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.0f, 0.0f, 0.0f, 0.18f));
  ImGui::BeginChild("##entries", ImVec2(0.0f, height), true);
  GlobalWidgetMap().RecordBox("file_dialog/list", {ImGui::GetWindowPos().x, ImGui::GetWindowPos().y,
                                                   ImGui::GetWindowSize().x, ImGui::GetWindowSize().y});
  if (listing_.entries.empty()) ImGui::TextColored(theme::kTextDim, "No folders or .json files here.");
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(listing_.entries.size()));
  if (scroll_to_highlight_ && highlighted_ >= 0) clipper.ForceDisplayRangeByIndices(highlighted_, highlighted_ + 1);
  std::optional<int> activated;
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const FolderEntry& entry = listing_.entries[static_cast<std::size_t>(i)];
      ImGui::PushID(i);
      const std::string label = entry.is_folder ? entry.name + "/" : entry.name;
      if (entry.is_folder) ImGui::PushStyleColor(ImGuiCol_Text, theme::kCameraIcon);
      if (ImGui::Selectable(BoundedLabel(label).c_str(), i == highlighted_, ImGuiSelectableFlags_AllowDoubleClick)) {
        Highlight(i);
        if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) activated = i;
      }
      if (entry.is_folder) ImGui::PopStyleColor();
      if (!entry.is_folder) {
        const std::string size = HumanSize(entry.size);
        ImGui::SameLine(ImGui::GetContentRegionMax().x - ImGui::CalcTextSize(size.c_str()).x);
        ImGui::TextColored(theme::kTextDim, "%s", size.c_str());
      }
      if (scroll_to_highlight_ && i == highlighted_) {
        ImGui::SetScrollHereY(0.5f);
        scroll_to_highlight_ = false;
      }
      ImGui::PopID();
    }
  }
  ImGui::EndChild();
  ImGui::PopStyleColor();
  if (activated) Submit();
}

int FileDialog::OnPathFieldEdit(ImGuiInputTextCallbackData* data) {
  auto* dialog = static_cast<FileDialog*>(data->UserData);
  if (dialog->replace_path_text_) {
    data->DeleteChars(0, data->BufTextLen);
    data->InsertChars(0, dialog->replace_path_text_->c_str());
    data->SelectAll();
    dialog->replace_path_text_.reset();
  }
  KeepWithinBytes(data, kMaxPathBytes);
  return 0;
}

bool FileDialog::DrawPathField() {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(request_.mode == FileDialogMode::kSave ? "Save as" : "Path");
  ImGui::SameLine(72.0f);
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (focus_path_field_) {
    ImGui::SetKeyboardFocusHere();
    focus_path_field_ = false;
  }
  const ImGuiInputTextFlags flags =
      ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll | ImGuiInputTextFlags_CallbackAlways;
  const std::string before = path_text_;
  path_was_empty_ = before.empty();
  const bool entered = ImGui::InputText("##path", &path_text_, flags, &FileDialog::OnPathFieldEdit, this);
  const bool active = ImGui::IsItemActive();
  GlobalWidgetMap().Record("file_dialog/path");
  if (path_text_ != before) {
    confirm_replace_.reset();
    message_.clear();
  }
  if (!active && replace_path_text_) replace_path_text_.reset();  // an inactive field shows path_text_ as is
  if (!message_.empty()) {
    BoundedTextColored(theme::kError, message_);
  } else if (confirm_replace_) {
    BoundedTextColored(theme::kWarning, confirm_replace_->filename().string() + " already exists. Replace it?");
  } else {
    ImGui::TextColored(theme::kTextDim, "Up/Down to move, Enter to open, Backspace to go up.");
  }
  entered_this_frame_ = entered;
  if (entered) {
    Submit();
    if (open_) focus_path_field_ = true;  // Enter let go of the field; keep typing in it
  }
  return active;
}

void FileDialog::HandleKeys(bool path_field_active) {
  if (ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) {
    open_ = false;
    return;
  }
  if (ImGui::IsKeyPressed(GLFW_KEY_DOWN)) Highlight(highlighted_ + 1);
  if (ImGui::IsKeyPressed(GLFW_KEY_UP)) Highlight(highlighted_ < 0 ? 0 : highlighted_ - 1);
  const bool enter = ImGui::IsKeyPressed(GLFW_KEY_ENTER, false) || ImGui::IsKeyPressed(GLFW_KEY_KP_ENTER, false);
  if (!path_field_active && enter && !entered_this_frame_ && !chosen_) Submit();
  const bool backspace = ImGui::IsKeyPressed(GLFW_KEY_BACKSPACE, false);
  if (backspace && (!path_field_active || path_was_empty_) && folder_ != folder_.root_path()) {
    // A field that was already empty gets the key too: it deletes nothing, so it goes up.
    Navigate(folder_.parent_path());
  }
}

void FileDialog::Submit() {
  if (!open_) return;
  std::string text = path_text_;
  if (text.empty() && highlighted_ >= 0) text = listing_.entries[static_cast<std::size_t>(highlighted_)].name;
  if (text.empty()) {
    message_ = request_.mode == FileDialogMode::kSave ? "Type a file name." : "Choose a file.";
    return;
  }
  if (text == kParentEntry) {
    Navigate(folder_.parent_path());
    return;
  }
  std::filesystem::path path = ResolveTypedPath(folder_, text);
  if (IsFolder(path)) {
    Navigate(path);
    return;
  }
  if (request_.mode == FileDialogMode::kOpen) {
    if (!IsFile(path)) {
      message_ = "There is no file " + path.string() + ".";
      return;
    }
    Choose(path);
    return;
  }
  if (!path.has_extension()) path += ".json";
  if (!IsFolder(path.parent_path())) {
    message_ = "There is no folder " + path.parent_path().string() + ".";
    return;
  }
  if (IsFile(path) && confirm_replace_ != path) {
    confirm_replace_ = path;
    return;
  }
  Choose(path);
}

void FileDialog::Choose(const std::filesystem::path& path) {
  chosen_ = path;
  open_ = false;
}

}  // namespace cairn::editor
