#include "cairn/modules/game_module_host.h"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <set>
#include <system_error>
#include <utility>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/simulation.h"

namespace cairn::modules {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kCopiesPrefix = "cairn-modules-";

// The folders of loaded copies that processes which have ended left behind
// (cairn-modules-PID with no process PID), removed.
void RemoveStaleCopies(const fs::path& temporary) {
  std::error_code error;
  for (fs::directory_iterator it(temporary, error), end; !error && it != end; it.increment(error)) {
    const std::string name = it->path().filename().string();
    if (name.rfind(kCopiesPrefix, 0) != 0) continue;
    const std::string pid = name.substr(kCopiesPrefix.size());
    if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos) continue;
    std::error_code ignored;
    if (!fs::exists(fs::path("/proc") / pid, ignored)) fs::remove_all(it->path(), ignored);
  }
}

// Where loaded copies go: one folder per process under the temporary
// folder, each copy named after its file and a counter. They stay while the
// process runs (the loader and a sanitizer's symbolizer read them).
fs::path FreshCopyPath(const fs::path& file) {
  static std::atomic<unsigned> counter{0};
  std::error_code error;
  fs::path temporary = fs::temp_directory_path(error);
  if (error) temporary = "/tmp";
  if (counter == 0) RemoveStaleCopies(temporary);
  const fs::path folder = temporary / (std::string(kCopiesPrefix) + std::to_string(::getpid()));
  fs::create_directories(folder, error);
  return folder / (std::to_string(++counter) + "-" + file.filename().string());
}

std::string Joined(const std::vector<std::string>& parts, std::string_view separator) {
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : std::string(separator)) + part;
  return text;
}

// The systems `world` runs, by name, in registration order.
std::vector<std::string> SystemNames(ecs::Coordinator& world) {
  std::vector<std::string> names;
  for (const ecs::System* system : world.Systems().ExecutionOrder()) names.push_back(system->Name());
  return names;
}

// Why the descriptor cannot run with `project`; empty when it can.
std::vector<std::string> DescriptorProblems(const ecs::GameModuleDescriptor& descriptor,
                                            const serialization::Project& project) {
  if (descriptor.abi != ecs::kGameModuleAbi) {
    return {"it was built for module ABI " + std::to_string(descriptor.abi) + ", this Cairn loads ABI " +
            std::to_string(ecs::kGameModuleAbi) + ": rebuild the module"};
  }
  const std::string version = descriptor.cairn_version != nullptr ? descriptor.cairn_version : "";
  if (version != ecs::kCairnVersion) {
    return {"it was built against Cairn " + version + ", this is Cairn " + std::string(ecs::kCairnVersion) +
            ": rebuild the module"};
  }
  if (descriptor.register_components == nullptr || descriptor.register_systems == nullptr) {
    return {"its descriptor lacks a registration function"};
  }
  // The project's components as this Cairn registers them.
  ecs::Coordinator world(1);
  ecs::RegisterBuiltinComponents(world);
  serialization::RegisterProjectComponents(world, project);
  std::vector<std::string> problems;
  std::set<std::string> in_module;
  for (std::size_t i = 0; i < descriptor.component_count; ++i) {
    const ecs::ModuleComponent& component = descriptor.components[i];
    const std::string name = component.name != nullptr ? component.name : "";
    in_module.insert(name);
    const ecs::ComponentInfo* info = world.FindComponentInfo(name);
    if (info == nullptr || !info->IsRuntimeDefined()) {
      problems.push_back(name + ": in the module, missing in the project");
      continue;
    }
    for (std::string& difference :
         ecs::FingerprintDifferences(name, component.fingerprint != nullptr ? component.fingerprint : "",
                                     ecs::ComponentFingerprint(*info), "the module", "the project")) {
      problems.push_back(std::move(difference));
    }
  }
  for (const ecs::RuntimeComponentDefinition& definition : project.components) {
    if (!in_module.contains(definition.name)) problems.push_back(definition.name + ": in the project, missing in the module");
  }
  if (!problems.empty()) problems.back() += ": rebuild the module";
  return problems;
}

}  // namespace

std::optional<FileStamp> StampOf(const fs::path& file) {
  std::error_code error;
  FileStamp stamp;
  stamp.size = fs::file_size(file, error);
  if (error) return std::nullopt;
  stamp.modified = fs::last_write_time(file, error);
  if (error) return std::nullopt;
  return stamp;
}

GameModule::GameModule(fs::path file, fs::path copy, FileStamp stamp, const ecs::GameModuleDescriptor& descriptor,
                       std::vector<std::string> systems)
    : file_(std::move(file)),
      copy_(std::move(copy)),
      stamp_(stamp),
      descriptor_(descriptor),
      systems_(std::move(systems)),
      description_("the module '" + Name() + "' (" + file_.filename().string() + ")") {}

void GameModule::RegisterComponents(ecs::Coordinator& world) const {
  try {
    descriptor_.register_components(world);
  } catch (const std::exception& error) {
    throw ModuleError(description_ + ": registering its components failed: " + error.what());
  }
}

void GameModule::RegisterSystems(ecs::Coordinator& world) const {
  try {
    descriptor_.register_systems(world);
  } catch (const std::exception& error) {
    throw ModuleError(description_ + ": registering its systems failed: " + error.what());
  }
}

ModuleLoad LoadGameModule(const fs::path& file, const serialization::Project& project) {
  ModuleLoad load;
  const std::string subject = "cannot load the game module " + file.string() + ": ";
  const std::optional<FileStamp> stamp = StampOf(file);
  if (!stamp) {
    load.error = subject + "there is no such file (build the module first)";
    return load;
  }
  const fs::path copy = FreshCopyPath(file);
  std::error_code error;
  fs::copy_file(file, copy, fs::copy_options::overwrite_existing, error);
  if (error) {
    load.error = subject + "cannot copy it to " + copy.string() + ": " + error.message();
    return load;
  }
  // Never closed: see the header.
  void* library = ::dlopen(copy.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    const char* reason = ::dlerror();
    load.error = subject + (reason != nullptr ? reason : "the dynamic loader refused it");
    return load;
  }
  auto entry = reinterpret_cast<ecs::GameModuleEntry>(::dlsym(library, ecs::kGameModuleEntryPoint));
  if (entry == nullptr) {
    load.error = subject + "it has no " + std::string(ecs::kGameModuleEntryPoint) +
                 " function: is it a Cairn game module (CAIRN_GAME_MODULE)?";
    return load;
  }
  const ecs::GameModuleDescriptor* descriptor = nullptr;
  try {
    descriptor = entry();
  } catch (const std::exception& thrown) {
    load.error = subject + "its " + std::string(ecs::kGameModuleEntryPoint) + " threw: " + thrown.what();
    return load;
  }
  if (descriptor == nullptr) {
    load.error = subject + "its " + std::string(ecs::kGameModuleEntryPoint) + " returned no descriptor";
    return load;
  }
  if (const std::vector<std::string> problems = DescriptorProblems(*descriptor, project); !problems.empty()) {
    load.error = subject + Joined(problems, "; ");
    return load;
  }
  // A trial run of both registrations on a world of its own.
  const GameModule trial(file, copy, *stamp, *descriptor, {});
  std::vector<std::string> systems;
  try {
    ecs::Coordinator world(1);
    ecs::RegisterBuiltinComponents(world);
    ecs::RegisterBuiltinSystems(world);
    const std::vector<std::string> builtin = SystemNames(world);
    trial.RegisterComponents(world);
    trial.RegisterSystems(world);
    for (std::string& name : SystemNames(world)) {
      if (std::find(builtin.begin(), builtin.end(), name) == builtin.end()) systems.push_back(std::move(name));
    }
  } catch (const std::exception& thrown) {
    load.error = subject + thrown.what();
    return load;
  }
  load.module = std::make_shared<GameModule>(file, copy, *stamp, *descriptor, std::move(systems));
  return load;
}

std::string ModuleMismatch(const GameModule& module, const serialization::Project& project) {
  const std::vector<std::string> problems = DescriptorProblems(module.Descriptor(), project);
  return problems.empty() ? std::string() : module.Description() + ": " + Joined(problems, "; ");
}

std::optional<fs::path> ModuleFileOf(const serialization::Project& project) {
  if (project.module.empty()) return std::nullopt;
  const fs::path named(project.module);
  return named.is_absolute() ? named : project.Root() / named;
}

void RegisterModuleWorld(ecs::Coordinator& world, const GameModule& module) {
  ecs::RegisterBuiltinComponents(world);
  module.RegisterComponents(world);
  ecs::RegisterBuiltinSystems(world);
  module.RegisterSystems(world);
}

serialization::LoadOptions ModuleSceneOptions(std::shared_ptr<const GameModule> module,
                                              serialization::LoadOptions base) {
  base.register_components = [module = std::move(module)](ecs::Coordinator& world) {
    RegisterModuleWorld(world, *module);
  };
  return base;
}

std::vector<std::string> ComponentsNoSystemReads(ecs::Coordinator& world) {
  static const std::set<std::string, std::less<>> kNotForSystems{"Name", "Hierarchy", "Camera", "Light",
                                                                 "MeshRenderer", "Static"};
  ecs::Signature read;
  for (const ecs::System* system : world.Systems().ExecutionOrder()) {
    system->GetSignature().ForEach([&read](ecs::ComponentType type) { read.Set(type); });
  }
  ecs::Signature used;  // what the world's entities have
  world.ForEachEntity([&](ecs::Entity entity) {
    world.GetSignature(entity).ForEach([&used](ecs::ComponentType type) { used.Set(type); });
  });
  std::vector<std::string> unread;
  used.ForEach([&](ecs::ComponentType type) {
    const ecs::ComponentInfo& info = world.GetComponentInfo(type);
    if (!info.serialized || !info.ui_accessible || kNotForSystems.contains(info.name) || read.Test(type)) return;
    unread.push_back(info.name);
  });
  std::sort(unread.begin(), unread.end());
  return unread;
}

}  // namespace cairn::modules
