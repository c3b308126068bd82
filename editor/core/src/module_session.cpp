#include "cairn/editor/module_session.h"

#include <utility>

#include "cairn/serialization/atomic_file.h"

namespace cairn::editor {

namespace {

std::string SystemsList(const modules::GameModule& module) {
  std::string list;
  for (const std::string& system : module.Systems()) list += (list.empty() ? "" : ", ") + system;
  return list.empty() ? "no systems" : list;
}

}  // namespace

void ModuleSession::SetProject(std::shared_ptr<const serialization::Project> project) {
  project_ = std::move(project);
  std::optional<std::filesystem::path> file =
      project_ ? modules::ModuleFileOf(*project_) : std::optional<std::filesystem::path>();
  if (file) file = serialization::NormalPath(*file);
  const bool same_file = file == file_;
  file_ = std::move(file);
  if (!same_file) {
    module_.reset();
    problem_.clear();
    tried_.reset();
    declined_ = false;
  }
  if (!file_ || declined_ || !trust_.Trusts(*file_)) return;
  if (module_ && modules::StampOf(*file_) == module_->Stamp()) {
    // The same module, the definitions perhaps changed: does it still fit them?
    const std::string mismatch = modules::ModuleMismatch(*module_, *project_);
    if (mismatch.empty()) return;
    problem_ = mismatch;
    log_.Error("The project's definitions changed, so its module stops: " + mismatch);
    module_.reset();
    return;
  }
  Load();
}

std::optional<std::filesystem::path> ModuleSession::AwaitingTrust() const {
  if (!file_ || declined_ || trust_.Trusts(*file_)) return std::nullopt;
  return file_;
}

void ModuleSession::Trust() {
  const std::optional<std::filesystem::path> waiting = AwaitingTrust();
  if (!waiting) return;
  if (const std::string error = trust_.Remember(*waiting); !error.empty()) {
    log_.Warning("The game module is trusted for this session only: cannot remember it: " + error);
  }
  Load();
}

void ModuleSession::Decline() {
  if (!AwaitingTrust()) return;
  declined_ = true;
  log_.Info("The game module " + file_->string() + " does not run this session: Play runs the built-in systems only");
}

bool ModuleSession::Load() {
  if (!file_ || !project_) return false;
  tried_ = modules::StampOf(*file_);
  modules::ModuleLoad load = modules::LoadGameModule(*file_, *project_);
  if (!load.Ok()) {
    problem_ = load.error;
    log_.Error(load.error + (module_ ? " (the module loaded before keeps running)" : ""));
    return false;
  }
  const bool reload = module_ != nullptr;
  module_ = std::move(load.module);
  problem_.clear();
  log_.Info(std::string(reload ? "Reloaded " : "Loaded ") + module_->Description() + ": " + SystemsList(*module_));
  return true;
}

bool ModuleSession::Refresh(double now) {
  if (!file_ || declined_ || now < next_check_ || !trust_.Trusts(*file_)) return false;
  next_check_ = now + kCheckInterval;
  const std::optional<modules::FileStamp> stamp = modules::StampOf(*file_);
  if (!stamp || stamp == tried_) return false;
  if (module_ && stamp == module_->Stamp()) return false;
  return Load();
}

}  // namespace cairn::editor
