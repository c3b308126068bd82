#pragma once
// The C++ side of a game project (`cairn codegen`, docs/cli.md): a
// self-contained C++20 header declaring, for every component type the project
// defines, a struct a game reads and writes directly, and
// RegisterProjectComponents(coordinator), which registers them with the same
// names, fields, enum names, hints, descriptions and categories as the
// project's runtime definitions. A world registering either reads and writes
// the same scene and export JSON and has the same scene schema.
//
// Per component (in the project's order):
//
//   struct Door {
//     enum class Mode : ::std::int32_t { kHinged = 0, kSliding = 1 };  // one per enum field
//     ::cairn::ecs::EntityId target{};
//     float speed = 2.5f;                      // fields in order, defaults as the project's
//     Mode mode = Mode::kSliding;
//     friend bool operator==(const Door&, const Door&) = default;
//   };
//
// Field types: bool -> bool, int -> std::int32_t, float -> float, vec2/vec3/
// vec4/color/quat -> glm::vec2/vec3/vec4/vec4/quat, string and asset ->
// std::string, entity -> cairn::ecs::EntityId, enum -> a nested enum class
// named after the field in PascalCase ("pickup_kind" -> PickupKind) whose
// enumerators are "k" and the value's words in PascalCase ("two words" ->
// kTwoWords), numbered as the project lists them.
//
// After the registration, what a game module built on these types carries
// (cairn/ecs/game_module.h): kModuleComponents, each component's name and
// fingerprint, and ModuleDescriptor(name, register_systems), the descriptor
// CAIRN_GAME_MODULE returns.
//
// The text depends only on the project and the namespace: no time, path or
// version, so the same input gives the same bytes.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cairn/serialization/diagnostic.h"
#include "cairn/serialization/project.h"

namespace cairn::cli {

inline constexpr std::string_view kDefaultHeaderNamespace = "game";

struct ComponentHeaderResult {
  std::optional<std::string> text;  // set exactly when there is no error
  // Names the project cannot give to C++: errors at JSON pointers into the
  // project file ("/components/0/fields/2/name"), naming the component and
  // field, every one of them rather than the first.
  std::vector<serialization::Diagnostic> diagnostics;

  bool Ok() const { return text.has_value(); }
};

// The header for `project`, declared in `namespace_name` ("game",
// "mygame::components"), which must pass NamespaceProblem. A name is refused
// when it is a C++ keyword, a name reserved to the implementation ("__" in
// it, or "_" and a capital letter first), a macro of the standard library
// ("NULL", "errno"), or would clash inside the header: a component named
// RegisterProjectComponents, ModuleDescriptor or kModuleComponents, a field named as its struct, an enum type named
// as its struct or as another field, two enum values with one enumerator, a
// value with no letter or digit or with characters outside ASCII.
ComponentHeaderResult GenerateComponentHeader(const serialization::Project& project, std::string_view namespace_name);

// Why `name` cannot be declared by the header ("is a C++ keyword"), or
// nullopt when it can: a C++ identifier that is not a keyword, not reserved
// and not a standard macro.
std::optional<std::string> CppNameProblem(std::string_view name);

// Why `namespace_name` cannot hold the header, or nullopt: one or more names
// joined by "::", each passing CppNameProblem, the first not std, cairn or
// glm (the header names those from the global namespace).
std::optional<std::string> NamespaceProblem(std::string_view namespace_name);

}  // namespace cairn::cli
