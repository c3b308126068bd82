#pragma once
// The open project's game module, as the editor keeps it
// (docs/game-modules.md): loaded once this machine trusts it, loaded again
// when its file is rebuilt, and when a load is refused, the module that
// ran before keeps running and the reason is told.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "cairn/editor/message_log.h"
#include "cairn/modules/game_module_host.h"
#include "cairn/modules/module_trust.h"
#include "cairn/serialization/project.h"

namespace cairn::editor {

class ModuleSession {
 public:
  static constexpr double kCheckInterval = 1.0;  // seconds between looks at the module file

  ModuleSession(MessageLog& log, modules::ModuleTrust trust) : log_(log), trust_(std::move(trust)) {}

  // The project changed: opened, closed, or its definitions edited. A
  // module of another file is dropped; the project's is loaded when trusted
  // (or kept, when the same file already runs and the definitions still
  // match it), otherwise AwaitingTrust names it.
  void SetProject(std::shared_ptr<const serialization::Project> project);

  // The running module; null when none runs.
  const std::shared_ptr<const modules::GameModule>& Module() const { return module_; }
  // Why the project's module is not the one running (or not running): the
  // last refused load; empty when none was refused.
  const std::string& Problem() const { return problem_; }
  // The module file the project names; nullopt when it names none.
  const std::optional<std::filesystem::path>& File() const { return file_; }
  // The module file waiting for the user's word before it is loaded.
  std::optional<std::filesystem::path> AwaitingTrust() const;
  // The user trusts the waiting module: remembered on this machine, loaded.
  void Trust();
  // The user does not: the project runs without its module this session.
  void Decline();

  // Loads the module file again when it changed since the last look (a
  // rebuild), at most once every kCheckInterval seconds of `now`. Returns
  // true when a new module replaced the running one (the caller swaps the
  // systems of a world that runs it).
  bool Refresh(double now);

 private:
  // Loads the project's module file; true when it now runs.
  bool Load();

  MessageLog& log_;
  modules::ModuleTrust trust_;
  std::shared_ptr<const serialization::Project> project_;
  std::optional<std::filesystem::path> file_;
  std::shared_ptr<const modules::GameModule> module_;
  std::string problem_;
  // The stamp of the file at the last load attempt, refused or not: a
  // refused file is tried again only once it changes.
  std::optional<modules::FileStamp> tried_;
  bool declined_ = false;
  double next_check_ = 0.0;
};

}  // namespace cairn::editor
