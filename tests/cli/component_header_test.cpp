// The C++ header of a game project (app/cli/component_header.h): names C++
// cannot take, the names it makes, and the text of members and registrations.
// That the text compiles and matches the runtime definitions is
// generated_components_test.cpp's.

#include "component_header.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/project.h"

namespace {

using cairn::cli::ComponentHeaderResult;
using cairn::cli::CppNameProblem;
using cairn::cli::GenerateComponentHeader;
using cairn::cli::NamespaceProblem;
using cairn::serialization::Diagnostic;
using cairn::serialization::Project;

// A project holding the given component definitions (JSON text).
Project ProjectOf(const std::string& components) {
  cairn::ecs::Coordinator builtins(1);
  cairn::ecs::RegisterBuiltinComponents(builtins);
  const std::string text =
      R"({"format": "cairn.project", "version": 1, "name": "Test", "components": [)" + components + "]}";
  cairn::serialization::ProjectLoadResult loaded = cairn::serialization::LoadProject(text, builtins);
  INFO(text);
  INFO((loaded.diagnostics.empty() ? "" : loaded.diagnostics.front().ToString()));
  REQUIRE(loaded.Ok());
  return *loaded.project;
}

std::string HeaderOf(const std::string& components) {
  const ComponentHeaderResult header = GenerateComponentHeader(ProjectOf(components), "game");
  INFO((header.diagnostics.empty() ? "" : header.diagnostics.front().ToString()));
  REQUIRE(header.Ok());
  REQUIRE(header.diagnostics.empty());
  return *header.text;
}

std::vector<std::string> ProblemsOf(const std::string& components) {
  const ComponentHeaderResult header = GenerateComponentHeader(ProjectOf(components), "game");
  REQUIRE_FALSE(header.Ok());
  std::vector<std::string> problems;
  for (const Diagnostic& diagnostic : header.diagnostics) {
    REQUIRE(diagnostic.IsError());
    problems.push_back(diagnostic.ToString());
  }
  return problems;
}

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("CppNameProblem accepts identifiers and refuses keywords, reserved names and standard macros",
          "[cli][codegen]") {
  for (const char* name : {"speed", "Door", "_private", "x1", "final", "override", "module", "std", "_"}) {
    CAPTURE(name);
    REQUIRE_FALSE(CppNameProblem(name).has_value());
  }
  REQUIRE(CppNameProblem("class") == "is a C++ keyword");
  REQUIRE(CppNameProblem("co_await") == "is a C++ keyword");
  REQUIRE(CppNameProblem("and_eq") == "is a C++ keyword");
  REQUIRE(CppNameProblem("char8_t") == "is a C++ keyword");
  REQUIRE(CppNameProblem("a__b") == "is reserved to the C++ implementation (it holds \"__\")");
  REQUIRE(CppNameProblem("_Speed") == "is reserved to the C++ implementation (\"_\" and a capital letter first)");
  REQUIRE(CppNameProblem("errno") == "is a macro of the C and C++ libraries");
  REQUIRE(CppNameProblem("NULL") == "is a macro of the C and C++ libraries");
  for (const char* name : {"", "3d", "two words", "caf\xC3\xA9"}) {
    CAPTURE(name);
    REQUIRE(CppNameProblem(name) == "is not a C++ identifier (a letter or _, then letters, digits or _)");
  }
}

TEST_CASE("NamespaceProblem accepts names joined by :: and refuses std, cairn, glm and keywords", "[cli][codegen]") {
  REQUIRE_FALSE(NamespaceProblem("game").has_value());
  REQUIRE_FALSE(NamespaceProblem("my_game::components").has_value());
  REQUIRE_FALSE(NamespaceProblem("game::std").has_value());
  REQUIRE(NamespaceProblem("namespace") == "\"namespace\" is a C++ keyword");
  REQUIRE(NamespaceProblem("game::__x") == "\"__x\" is reserved to the C++ implementation (it holds \"__\")");
  REQUIRE(NamespaceProblem("std") == "the namespace std is not the game's (the header uses ::std)");
  REQUIRE(NamespaceProblem("cairn::game") == "the namespace cairn is not the game's (the header uses ::cairn)");
  for (const char* name : {"", "::game", "game::", "a:::b", "a::::b"}) {
    CAPTURE(name);
    REQUIRE(NamespaceProblem(name) == "expected names joined by \"::\", such as game or mygame::components");
  }
  const ComponentHeaderResult header = GenerateComponentHeader(ProjectOf(""), "glm");
  REQUIRE_FALSE(header.Ok());
  REQUIRE(header.diagnostics.at(0).message ==
          "cannot use the namespace \"glm\": the namespace glm is not the game's (the header uses ::glm)");
}

TEST_CASE("Every name C++ cannot take is refused at its pointer, naming the component and field", "[cli][codegen]") {
  const std::vector<std::string> problems = ProblemsOf(R"(
    {"name": "class", "fields": [{"name": "default", "type": "int"}]},
    {"name": "Door", "fields": [{"name": "a__b", "type": "bool"}, {"name": "_Open", "type": "bool"},
                                {"name": "errno", "type": "int"}, {"name": "Door", "type": "float"}]},
    {"name": "RegisterProjectComponents"},
    {"name": "_Hidden"})");

  REQUIRE(problems == std::vector<std::string>{
      "/components/0/name: cannot generate C++ for component \"class\": \"class\" is a C++ keyword; "
      "rename the component",
      "/components/0/fields/0/name: cannot generate C++ for field class.default: \"default\" is a C++ keyword; "
      "rename the field",
      "/components/1/fields/0/name: cannot generate C++ for field Door.a__b: \"a__b\" is reserved to the C++ "
      "implementation (it holds \"__\"); rename the field",
      "/components/1/fields/1/name: cannot generate C++ for field Door._Open: \"_Open\" is reserved to the C++ "
      "implementation (\"_\" and a capital letter first); rename the field",
      "/components/1/fields/2/name: cannot generate C++ for field Door.errno: \"errno\" is a macro of the C and C++ "
      "libraries; rename the field",
      "/components/1/fields/3/name: cannot generate C++ for field Door.Door: a member cannot have the name of its "
      "struct; rename the field",
      "/components/2/name: cannot generate C++ for component \"RegisterProjectComponents\": "
      "\"RegisterProjectComponents\" is the name of the generated registration function; rename the component",
      "/components/3/name: cannot generate C++ for component \"_Hidden\": \"_Hidden\" is reserved to the C++ "
      "implementation (\"_\" and a capital letter first); rename the component",
  });
}

TEST_CASE("A component cannot take the name of the module parts the header declares", "[cli][codegen][modules]") {
  REQUIRE(ProblemsOf(R"({"name": "ModuleDescriptor"}, {"name": "kModuleComponents"})") ==
          std::vector<std::string>{
              "/components/0/name: cannot generate C++ for component \"ModuleDescriptor\": \"ModuleDescriptor\" is "
              "the name of the generated module descriptor function; rename the component",
              "/components/1/name: cannot generate C++ for component \"kModuleComponents\": \"kModuleComponents\" "
              "is the name of the generated fingerprint table; rename the component",
          });
}

TEST_CASE("An enum field gets a nested enum class named in PascalCase with k-prefixed enumerators",
          "[cli][codegen]") {
  const std::string header = HeaderOf(R"(
    {"name": "Pickup", "fields": [
      {"name": "pickup_kind", "type": "enum", "values": ["coin", "two words", "3d", "big-gem", "HP"],
       "default": "3d"}]})");

  REQUIRE(Contains(header,
                   "struct Pickup {\n"
                   "  enum class PickupKind : ::std::int32_t {\n"
                   "    kCoin = 0,  // \"coin\"\n"
                   "    kTwoWords = 1,  // \"two words\"\n"
                   "    k3d = 2,  // \"3d\"\n"
                   "    kBigGem = 3,  // \"big-gem\"\n"
                   "    kHP = 4,  // \"HP\"\n"
                   "  };\n"
                   "\n"
                   "  PickupKind pickup_kind = PickupKind::k3d;\n"));
  REQUIRE(Contains(header, "      .EnumField(\"pickup_kind\", &::game::Pickup::pickup_kind, "
                           "{\"coin\", \"two words\", \"3d\", \"big-gem\", \"HP\"});\n"));
}

TEST_CASE("Enum names that clash or that C++ cannot spell are refused, each one", "[cli][codegen]") {
  const std::vector<std::string> problems = ProblemsOf(R"(
    {"name": "Door", "fields": [
      {"name": "mode", "type": "enum", "values": ["two words", "two_words", "caf\u00e9", "--"]},
      {"name": "Mode", "type": "int"},
      {"name": "door", "type": "enum", "values": ["a"]},
      {"name": "a_b", "type": "enum", "values": ["a"]},
      {"name": "aB", "type": "enum", "values": ["a"]},
      {"name": "_", "type": "enum", "values": ["a"]},
      {"name": "_3", "type": "enum", "values": ["a"]}]})");

  REQUIRE(problems == std::vector<std::string>{
      "/components/0/fields/0/name: cannot generate C++ for field Door.mode: its enum type would be named \"Mode\", "
      "as is field Door.Mode; rename one of them",
      "/components/0/fields/0/values/1: cannot generate C++ for field Door.mode: values \"two words\" and "
      "\"two_words\" would both be the enumerator kTwoWords; rename one of them",
      "/components/0/fields/0/values/2: cannot generate C++ for field Door.mode: value \"caf\xC3\xA9\" has "
      "characters outside ASCII, which a C++ enumerator cannot spell",
      "/components/0/fields/0/values/3: cannot generate C++ for field Door.mode: value \"--\" has no letter or "
      "digit to make an enumerator of",
      "/components/0/fields/2/name: cannot generate C++ for field Door.door: its enum type would be named "
      "\"Door\", the name of the struct; rename the field",
      "/components/0/fields/4/name: cannot generate C++ for field Door.aB: its enum type would be named \"AB\", "
      "as is the type of field Door.a_b; rename one of them",
      "/components/0/fields/5/name: cannot generate C++ for field Door._: cannot make the name of its enum type "
      "from \"_\" (an ASCII letter first); rename the field",
      "/components/0/fields/6/name: cannot generate C++ for field Door._3: cannot make the name of its enum type "
      "from \"_3\" (an ASCII letter first); rename the field",
  });
}

TEST_CASE("Members start with the project's defaults, written to read back exactly", "[cli][codegen]") {
  const std::string header = HeaderOf(R"(
    {"name": "Every", "fields": [
      {"name": "flag", "type": "bool", "default": true},
      {"name": "off", "type": "bool"},
      {"name": "count", "type": "int", "default": -7},
      {"name": "lowest", "type": "int", "default": -2147483648},
      {"name": "ratio", "type": "float", "default": 0.1},
      {"name": "whole", "type": "float", "default": 3},
      {"name": "tiny", "type": "float", "default": 1e-07},
      {"name": "uv", "type": "vec2"},
      {"name": "point", "type": "vec3", "default": [1, -2.5, 1e20]},
      {"name": "plane", "type": "vec4", "default": [0, 0, 1, 0]},
      {"name": "tint", "type": "color", "default": [1, 0.5, 0.25, 1]},
      {"name": "turn", "type": "quat"},
      {"name": "half", "type": "quat", "default": [0, 1, 0, 0]},
      {"name": "label", "type": "string", "default": "say \"hi\" \\ ?? \u00e9\n"},
      {"name": "blank", "type": "string"},
      {"name": "mesh", "type": "asset", "default": "meshes/a.glb"},
      {"name": "target", "type": "entity"},
      {"name": "fixed", "type": "entity", "default": "3F2A9C0D41BE7E10"}]})");

  REQUIRE(Contains(header,
                   "struct Every {\n"
                   "  bool flag = true;\n"
                   "  bool off = false;\n"
                   "  ::std::int32_t count = -7;\n"
                   "  ::std::int32_t lowest = -2147483647 - 1;\n"
                   "  float ratio = 0.1f;\n"
                   "  float whole = 3.0f;\n"
                   "  float tiny = 1e-07f;\n"
                   "  ::glm::vec2 uv{0.0f, 0.0f};\n"
                   "  ::glm::vec3 point{1.0f, -2.5f, 1e+20f};\n"
                   "  ::glm::vec4 plane{0.0f, 0.0f, 1.0f, 0.0f};\n"
                   "  ::glm::vec4 tint{1.0f, 0.5f, 0.25f, 1.0f};\n"
                   "  ::glm::quat turn{1.0f, 0.0f, 0.0f, 0.0f};  // w, x, y, z\n"
                   "  ::glm::quat half{0.0f, 0.0f, 1.0f, 0.0f};  // w, x, y, z\n"
                   "  ::std::string label = \"say \\\"hi\\\" \\\\ ?\\? \\303\\251\\n\";\n"
                   "  ::std::string blank = \"\";\n"
                   "  ::std::string mesh = \"meshes/a.glb\";\n"
                   "  ::cairn::ecs::EntityId target{};\n"
                   "  ::cairn::ecs::EntityId fixed{0x3f2a9c0d41be7e10u};\n"
                   "\n"
                   "  friend bool operator==(const Every&, const Every&) = default;\n"
                   "};\n"));
}

TEST_CASE("Registration names each field, its hints that differ from FieldHints{}, and hidden components",
          "[cli][codegen]") {
  const std::string header = HeaderOf(R"(
    {"name": "Door", "description": "Opens.", "category": "Gameplay", "fields": [
      {"name": "speed", "type": "float", "min": 0, "max": 10, "step": 0.25, "unit": "m/s"},
      {"name": "uses", "type": "int"},
      {"name": "tint", "type": "color"},
      {"name": "label", "type": "string", "max_length": 32},
      {"name": "mesh", "type": "asset", "extensions": [".glb", ".gltf"]},
      {"name": "any", "type": "asset"},
      {"name": "open", "type": "bool"}]},
    {"name": "Secret", "ui_accessible": false})");

  REQUIRE(Contains(header,
                   "  coordinator.RegisterComponent<::game::Door>(\"Door\")\n"
                   "      .Description(\"Opens.\")\n"
                   "      .Category(\"Gameplay\")\n"
                   "      .Field(\"speed\", &::game::Door::speed, ::cairn::ecs::FieldHints{.min = 0.0f, .max = 10.0f, "
                   ".speed = 0.25f, .unit = \"m/s\"})\n"
                   "      .Field(\"uses\", &::game::Door::uses, ::cairn::ecs::FieldHints{.speed = 1.0f})\n"
                   "      .Field(\"tint\", &::game::Door::tint, ::cairn::ecs::FieldHints{.color = true})\n"
                   "      .Field(\"label\", &::game::Door::label, ::cairn::ecs::FieldHints{.max_length = 32u})\n"
                   "      .AssetField(\"mesh\", &::game::Door::mesh, ::cairn::ecs::FieldHints{.extensions = "
                   "{\".glb\", \".gltf\"}})\n"
                   "      .AssetField(\"any\", &::game::Door::any)\n"
                   "      .Field(\"open\", &::game::Door::open);\n"
                   "  coordinator.RegisterComponent<::game::Secret>(\"Secret\")\n"
                   "      .HiddenFromUi();\n"));
  REQUIRE(Contains(header, "// The component \"Door\" (category \"Gameplay\"): \"Opens.\"\nstruct Door {\n"));
  REQUIRE(Contains(header, "// The component \"Secret\".\nstruct Secret {\n"
                           "  friend bool operator==(const Secret&, const Secret&) = default;\n"
                           "};\n"));
}

TEST_CASE("The header depends only on the project's definitions and the namespace", "[cli][codegen]") {
  Project project = ProjectOf(R"({"name": "Door", "fields": [{"name": "speed", "type": "float"}]})");
  const ComponentHeaderResult first = GenerateComponentHeader(project, "game");
  project.file = "/elsewhere/cairn.project.json";
  const ComponentHeaderResult second = GenerateComponentHeader(project, "game");
  const ComponentHeaderResult other = GenerateComponentHeader(project, "my_game::components");

  REQUIRE(first.Ok());
  REQUIRE(second.text == first.text);
  REQUIRE(first.text->starts_with("// The component types of the project \"Test\" as C++ types."));
  REQUIRE(Contains(*other.text, "namespace my_game::components {\n"));
  REQUIRE(Contains(*other.text, "RegisterComponent<::my_game::components::Door>(\"Door\")"));
  REQUIRE(other.text->ends_with("}  // namespace my_game::components\n"));
}

TEST_CASE("A project without components gives a registration function that registers nothing", "[cli][codegen]") {
  const std::string header = HeaderOf("");

  REQUIRE(Contains(header, "inline void RegisterProjectComponents(::cairn::ecs::Coordinator& coordinator) {\n"
                           "  static_cast<void>(coordinator);\n"
                           "}\n"));
  REQUIRE_FALSE(Contains(header, "struct "));
}
