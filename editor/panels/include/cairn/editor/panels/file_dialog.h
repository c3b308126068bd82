#pragma once
// A file dialog drawn with ImGui: the folder's sub-folders and .json files,
// a path field, and keyboard navigation.
//
//   Up / Down     move the highlight (the path field follows it)
//   Enter         in a folder: open it; on a file: choose it
//   Backspace     go up one folder (when the path field is empty or not in use)
//   Escape        cancel
//
// The path field takes a name in the current folder, a relative path or an
// absolute one ("~/" is the home folder), of at most 4,096 bytes (PATH_MAX;
// a longer paste is cut). Choosing a file to save that
// exists asks once more ("Replace"); a name without an extension gets
// ".json". The dialog only picks a path: the caller opens or writes it.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

struct ImGuiInputTextCallbackData;

namespace cairn::editor {

enum class FileDialogMode { kOpen, kSave };

struct FolderEntry {
  std::string name;
  bool is_folder = false;
  std::uintmax_t size = 0;  // files only
};

struct FolderListing {
  std::vector<FolderEntry> entries;  // folders, then .json files, each by name
  std::string error;                 // why the folder could not be read; empty when fine
};

// Lists `folder` as the dialog shows it: sub-folders then files whose
// extension is ".json" (any case), hidden (dot) entries left out, each group
// sorted by name ignoring case.
FolderListing ListFolder(const std::filesystem::path& folder);

// What the path field's text names: "~" and "~/..." relative to $HOME,
// absolute paths as they are, anything else inside `folder`; lexically normal.
std::filesystem::path ResolveTypedPath(const std::filesystem::path& folder, const std::string& text);

class FileDialog {
 public:
  struct Request {
    FileDialogMode mode = FileDialogMode::kOpen;
    std::string title = "Open Scene";
    std::string accept_label = "Open";
    std::filesystem::path folder;  // empty: the working directory
    std::string file_name;         // prefilled in the path field
    // Export only: show the "include world matrices" option.
    bool offer_world_matrices = false;
  };

  void Open(Request request);
  bool IsOpen() const { return open_; }
  const std::string& Title() const { return request_.title; }
  void Close() { open_ = false; }

  // Draws the dialog while it is open (a modal). Returns the chosen path in
  // the frame it is chosen; the dialog is closed then.
  std::optional<std::filesystem::path> Draw();

  // The option the export dialog offers.
  bool IncludeWorldMatrices() const { return include_world_matrices_; }
  const std::filesystem::path& Folder() const { return folder_; }

 private:
  void Navigate(const std::filesystem::path& folder);
  void DrawHeader();
  void DrawEntries();
  bool DrawPathField();
  void HandleKeys(bool path_field_active);
  void Highlight(int index);
  // Acts on the path field's text (or the highlighted entry when it is empty).
  void Submit();
  void Choose(const std::filesystem::path& path);

  static int OnPathFieldEdit(::ImGuiInputTextCallbackData* data);

  Request request_;
  bool open_ = false;
  std::filesystem::path folder_;
  FolderListing listing_;
  int highlighted_ = -1;
  std::string path_text_;
  std::optional<std::string> replace_path_text_;  // pushed into the field by the next callback
  bool path_was_empty_ = false;
  bool entered_this_frame_ = false;  // the field took this frame's Enter  // before this frame's typing
  bool focus_path_field_ = false;
  bool scroll_to_highlight_ = false;
  std::string message_;                           // a problem with what was typed
  std::optional<std::filesystem::path> confirm_replace_;
  std::optional<std::filesystem::path> chosen_;
  bool include_world_matrices_ = false;
};

}  // namespace cairn::editor
