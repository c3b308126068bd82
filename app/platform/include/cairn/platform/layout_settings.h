#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "cairn/platform/fwd.h"

namespace cairn::platform {

// Where Cairn keeps per-user settings: $XDG_CONFIG_HOME/cairn when that is an
// absolute path, else $HOME/.config/cairn. Throws PlatformError when neither
// variable is usable.
std::filesystem::path ConfigDirectory();

// Named floats that shape the UI between runs: split sizes, panel widths.
// The file is plain text, one "name value" per line, sorted by name:
//
//   # cairn layout 1
//   hierarchy.width 280
//   inspector.width 320
//
// A non-persistent instance (--no-saved-layout, --replay) never touches the
// file: values live only in memory, so scripted runs start from the
// application's defaults whatever the user last did.
class LayoutSettings {
 public:
  LayoutSettings(std::filesystem::path file, bool persistent);

  // "<ConfigDirectory()>/<app_name>-layout.txt", persistent unless the run
  // options turn the saved layout off. Falls back to non-persistent when no
  // configuration directory is known.
  static LayoutSettings ForApplication(std::string_view app_name, const RunOptions& run);

  // Replaces the values with the file's. A missing file is no error. Lines
  // that cannot be read are skipped; the returned list names each one, e.g.
  // "/home/u/.config/cairn/editor-layout.txt:3: 'wide' is not a number".
  std::vector<std::string> Load();

  // Writes every value, creating the directory, and replaces the file
  // atomically (serialization's WriteFileAtomically, without a backup; a
  // symbolic link is followed). Throws PlatformError naming the file on
  // failure.
  void Save() const;

  // The stored value, or `fallback` when there is none.
  float Get(std::string_view name, float fallback) const;
  bool Contains(std::string_view name) const;

  // Names are [A-Za-z0-9_.-]+ and values finite: otherwise throws
  // std::invalid_argument naming the name or value.
  void Set(std::string_view name, float value);

  const std::map<std::string, float, std::less<>>& Values() const { return values_; }
  const std::filesystem::path& File() const { return file_; }
  bool Persistent() const { return persistent_; }

 private:
  std::filesystem::path file_;
  bool persistent_ = false;
  std::map<std::string, float, std::less<>> values_;
};

}  // namespace cairn::platform
