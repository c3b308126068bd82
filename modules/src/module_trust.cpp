#include "cairn/modules/module_trust.h"

#include <cstdlib>
#include <string>
#include <utility>

#include "cairn/serialization/atomic_file.h"

namespace cairn::modules {

namespace fs = std::filesystem;

fs::path DefaultTrustFile() {
  if (const char* config = std::getenv("XDG_CONFIG_HOME"); config != nullptr && *config == '/') {
    return fs::path(config) / "cairn" / "trusted-modules";
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return fs::path(home) / ".config" / "cairn" / "trusted-modules";
  }
  return {};
}

ModuleTrust::ModuleTrust(fs::path file, bool trust_all) : file_(std::move(file)), trust_all_(trust_all) {
  if (file_.empty()) return;
  const serialization::ReadResult read = serialization::ReadFileText(file_, std::size_t{1} << 20);
  if (!read.text) return;  // none yet, or unreadable: nothing trusted
  std::size_t start = 0;
  while (start < read.text->size()) {
    std::size_t end = read.text->find('\n', start);
    if (end == std::string::npos) end = read.text->size();
    if (end > start) trusted_.insert(fs::path(read.text->substr(start, end - start)));
    start = end + 1;
  }
}

bool ModuleTrust::Trusts(const fs::path& module) const {
  return trust_all_ || trusted_.contains(serialization::NormalPath(module));
}

std::string ModuleTrust::Remember(const fs::path& module) {
  trusted_.insert(serialization::NormalPath(module));
  if (file_.empty()) return "no configuration folder to remember it in (set HOME)";
  std::error_code error;
  fs::create_directories(file_.parent_path(), error);
  std::string text;
  for (const fs::path& path : trusted_) text += path.string() + "\n";
  const serialization::SaveResult saved = serialization::WriteFileAtomically(file_, text);
  return saved.ok ? std::string() : saved.error;
}

}  // namespace cairn::modules
