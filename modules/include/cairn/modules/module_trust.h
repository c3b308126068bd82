#pragma once
// Which game modules this machine has agreed to run. A module is native
// code: opening a project whose module is not trusted here asks first, as
// an IDE asks before running a workspace's tasks. What was trusted is
// remembered per module file (its absolute, normal path), one per line, in
// a file of the user's configuration folder.

#include <filesystem>
#include <set>
#include <string>

namespace cairn::modules {

// $XDG_CONFIG_HOME/cairn/trusted-modules, or ~/.config/cairn/trusted-modules;
// empty when neither is set (then nothing is remembered).
std::filesystem::path DefaultTrustFile();

class ModuleTrust {
 public:
  // Reads `file` (missing: nothing trusted yet). With `trust_all`
  // (--trust-module, for scripted runs) every module is trusted.
  explicit ModuleTrust(std::filesystem::path file, bool trust_all = false);

  bool Trusts(const std::filesystem::path& module) const;
  // Trusts `module` from now on, writing the file (atomically). Returns the
  // error when it cannot be written; the module is trusted for this run all
  // the same.
  std::string Remember(const std::filesystem::path& module);

 private:
  std::filesystem::path file_;
  bool trust_all_;
  std::set<std::filesystem::path> trusted_;
};

}  // namespace cairn::modules
