#pragma once
// A file an undoable step changes beside the scene (Apply to Prefab writes
// the prefab): its whole bytes on either side of the step. History writes
// one side back on undo and the other on redo (history.h).

#include <filesystem>
#include <string>

namespace cairn::editor {

struct FileStep {
  std::filesystem::path path;
  std::string before;
  std::string after;
};

}  // namespace cairn::editor
