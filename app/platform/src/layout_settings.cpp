#include "cairn/platform/layout_settings.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <stdexcept>

#include "cairn/platform/platform_error.h"
#include "cairn/platform/run_options.h"
#include "cairn/serialization/atomic_file.h"
#include "text_parsing.h"

namespace cairn::platform {
namespace {

constexpr std::string_view kHeader = "# cairn layout 1";

bool IsSettingName(std::string_view name) {
  if (name.empty()) return false;
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                    c == '.' || c == '-';
    if (!ok) return false;
  }
  return true;
}

std::string_view Trim(std::string_view text) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

// Reads one "name value" line into `values`; returns a problem or "".
std::string ReadLine(std::string_view line, std::map<std::string, float, std::less<>>& values) {
  const std::size_t blank = line.find_first_of(" \t");
  if (blank == std::string_view::npos) return "expected 'name value', got '" + std::string(line) + "'";
  const std::string_view name = line.substr(0, blank);
  const std::string_view value = Trim(line.substr(blank));
  if (!IsSettingName(name)) return "'" + std::string(name) + "' is not a setting name";
  const auto number = detail::ParseFiniteFloat(value);
  if (!number) return "'" + std::string(value) + "' is not a number";
  values.insert_or_assign(std::string(name), *number);
  return "";
}

}  // namespace

std::filesystem::path ConfigDirectory() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg != nullptr && std::filesystem::path(xdg).is_absolute()) return std::filesystem::path(xdg) / "cairn";
  const char* home = std::getenv("HOME");
  if (home != nullptr && *home != '\0') return std::filesystem::path(home) / ".config" / "cairn";
  throw PlatformError("no configuration directory: neither XDG_CONFIG_HOME (absolute) nor HOME is set");
}

LayoutSettings::LayoutSettings(std::filesystem::path file, bool persistent)
    : file_(std::move(file)), persistent_(persistent) {}

LayoutSettings LayoutSettings::ForApplication(std::string_view app_name, const RunOptions& run) {
  const std::string file_name = std::string(app_name) + "-layout.txt";
  try {
    return LayoutSettings(ConfigDirectory() / file_name, run.UseSavedLayout());
  } catch (const PlatformError&) {
    return LayoutSettings(file_name, false);
  }
}

std::vector<std::string> LayoutSettings::Load() {
  std::vector<std::string> problems;
  if (!persistent_) return problems;
  std::ifstream in(file_);
  if (!in) return problems;  // no saved layout yet
  values_.clear();
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string_view text = Trim(line);
    if (text.empty() || text.front() == '#') continue;
    if (std::string problem = ReadLine(text, values_); !problem.empty()) {
      problems.push_back(file_.string() + ":" + std::to_string(number) + ": " + problem);
    }
  }
  return problems;
}

void LayoutSettings::Save() const {
  if (!persistent_) return;
  std::string text = std::string(kHeader) + "\n";
  for (const auto& [name, value] : values_) text += name + " " + detail::FormatFloat(value) + "\n";
  std::error_code error;
  if (file_.has_parent_path()) std::filesystem::create_directories(file_.parent_path(), error);
  if (error) throw PlatformError("cannot create directory '" + file_.parent_path().string() + "': " + error.message());
  const serialization::SaveResult saved = serialization::WriteFileAtomically(file_, text, {.keep_backup = false});
  if (!saved.ok) throw PlatformError("cannot write layout settings: " + saved.error);
}

float LayoutSettings::Get(std::string_view name, float fallback) const {
  const auto found = values_.find(name);
  return found == values_.end() ? fallback : found->second;
}

bool LayoutSettings::Contains(std::string_view name) const { return values_.find(name) != values_.end(); }

void LayoutSettings::Set(std::string_view name, float value) {
  if (!IsSettingName(name)) {
    throw std::invalid_argument("layout setting name '" + std::string(name) + "' is not [A-Za-z0-9_.-]+");
  }
  if (!std::isfinite(value)) throw std::invalid_argument("layout setting '" + std::string(name) + "' must be finite");
  values_.insert_or_assign(std::string(name), value);
}

}  // namespace cairn::platform
