#pragma once
// Where named widgets were drawn, for tests that drive the editor with real X
// input (xdotool) or aim replay scripts, and for checking the layout.
//
// Panels record the rectangle of a widget right after drawing it
// (`Record("menu/Entity")`). EndFrame closes the frame: its boxes become
// Boxes(), so the map always describes exactly what the last frame drew (a
// closed menu's items are gone, a renamed entity's row has its new name).
// When a file is set, it is rewritten (temporary file, then rename) whenever
// that changed, as lines sorted by name:
//
//   menu/Entity 64 0 52 24        (name x y width height, window pixels)
//
// Names use '/' to separate parts and contain no blanks. Without a file or
// in-memory recording, recording costs one branch.

#include <filesystem>
#include <map>
#include <string>
#include <string_view>

namespace cairn::editor {

class WidgetMap {
 public:
  struct Box {
    float x = 0.0f;
    float y = 0.0f;
    float w = 0.0f;
    float h = 0.0f;
    friend bool operator==(const Box&, const Box&) = default;
  };

  // Records and publishes to `file`; an empty path stops publishing.
  void SetFile(std::filesystem::path file) { file_ = std::move(file); }
  // Records in memory only (for in-process tests), or stops recording.
  void SetRecording(bool on) { recording_ = on; }
  bool Enabled() const { return recording_ || !file_.empty(); }
  void Clear() {
    boxes_.clear();
    frame_.clear();
  }

  // The last ImGui item's rectangle under `name` (blanks become '_').
  void Record(std::string_view name);
  void RecordBox(std::string_view name, Box box);

  // Ends the frame: what it recorded becomes Boxes(), and the file (if set) is
  // rewritten when that differs from what it holds. A write that fails is
  // retried at the next frame; it never throws.
  void EndFrame();

  // The boxes of the last completed frame.
  const std::map<std::string, Box, std::less<>>& Boxes() const { return boxes_; }
  // The file's text for the current boxes.
  std::string Text() const;

 private:
  std::filesystem::path file_;
  bool recording_ = false;
  std::map<std::string, Box, std::less<>> frame_;  // being recorded
  std::map<std::string, Box, std::less<>> boxes_;  // the last complete frame
  bool written_ = false;                           // the file holds boxes_
};

// The map panels record into; owned by the application.
WidgetMap& GlobalWidgetMap();

}  // namespace cairn::editor
