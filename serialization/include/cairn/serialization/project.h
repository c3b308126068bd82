#pragma once
// A game project: the `cairn.project.json` at the root of a game's content
// folder, naming the project and defining its own component types in data
// (docs/project-format.md). Scenes below that folder use those types as they
// use the built-in ones; the editor, `cairn validate`, the schemas, the merge
// and the runtime export pick them up through the registry.

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/runtime_component.h"
#include "cairn/serialization/diagnostic.h"

namespace cairn::serialization {

inline constexpr std::string_view kProjectFileName = "cairn.project.json";
inline constexpr std::string_view kProjectFormat = "cairn.project";
inline constexpr int kProjectVersion = 1;

struct Project {
  std::string name;
  std::filesystem::path file;  // the cairn.project.json it was read from; empty when made in memory
  std::vector<ecs::RuntimeComponentDefinition> components;
  // The game module whose systems Play and the player run (a shared library,
  // relative to the project's folder, "build/libmygame.so"); empty: none.
  std::string module;

  std::filesystem::path Root() const { return file.parent_path(); }
};

struct ProjectLoadResult {
  std::optional<Project> project;  // set exactly when there is no error
  std::vector<Diagnostic> diagnostics;

  bool Ok() const { return project.has_value(); }
};

// A field type as a project file names it: "color" is a vec4 edited with a
// colour picker, "entity" an entity reference.
struct ProjectFieldType {
  std::string_view name;
  ecs::FieldType type;
  bool color = false;
};
// Every field type a project may use, in the order the documentation lists them.
std::span<const ProjectFieldType> ProjectFieldTypes();
// The name a project file gives the field's type ("color", "entity").
std::string_view ProjectFieldTypeName(const ecs::RuntimeFieldDefinition& field);

// Reads a project document. Every problem is reported with its JSON pointer
// (an unknown field type, a duplicate component or field name, a default
// outside its field's range or not of its type, an enum without values,
// unknown keys); a name that clashes with a component `registry` already
// has (the built-ins) is an error too.
ProjectLoadResult LoadProject(std::string_view text, const ecs::Coordinator& registry);
ProjectLoadResult LoadProjectFile(const std::filesystem::path& path, const ecs::Coordinator& registry);
// The same, checking names against the built-in components: what the `cairn`
// command and the editor read projects with.
ProjectLoadResult LoadProject(std::string_view text);
ProjectLoadResult LoadProjectFile(const std::filesystem::path& path);

// The cairn.project.json that governs `path` (a scene file or a folder): the
// first found walking up from it, as git finds `.git`; nullopt when none.
std::optional<std::filesystem::path> FindProjectFile(const std::filesystem::path& path);

// Registers the project's component types on `world` (after the built-ins).
// Throws ecs::ComponentRegistrationError naming the component and field.
void RegisterProjectComponents(ecs::Coordinator& world, const Project& project);

// The project as its canonical text (2-space indent, keys in a fixed order),
// what saving a project writes.
std::string ProjectToText(const Project& project);

}  // namespace cairn::serialization
