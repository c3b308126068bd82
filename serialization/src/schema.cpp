#include "cairn/serialization/schema.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

#include "cairn/ecs/components/name.h"
#include "cairn/ecs/field_codec.h"
#include "cairn/serialization/diagnostic.h"
#include "cairn/serialization/plain_json.h"
#include "cairn/serialization/scene_format.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/unknown_components.h"

namespace cairn::serialization {

namespace {

using ecs::ComponentInfo;
using ecs::FieldInfo;
using ecs::FieldType;

enum class Kind { kScene, kRuntime };

// A "$ref" to a definition: the pointer token escaped, then percent-encoded
// where a URI fragment needs it.
std::string DefinitionRef(std::string_view definition) {
  constexpr char kHex[] = "0123456789ABCDEF";
  std::string ref = "#/$defs/";
  for (const char c : EscapePointerToken(definition)) {
    const auto byte = static_cast<unsigned char>(c);
    const bool plain = (byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') || (byte >= '0' && byte <= '9') ||
                       std::string_view("-._~!$&'()*+,;=:@/").find(c) != std::string_view::npos;
    if (plain) {
      ref += c;
    } else {
      ref += '%';
      ref += kHex[byte >> 4];
      ref += kHex[byte & 0xF];
    }
  }
  return ref;
}

Json Ref(std::string_view definition) { return Json{{"$ref", DefinitionRef(definition)}}; }

// Float fields: what rounds to a finite 32-bit float (ecs::FloatProblem).
Json FloatSchema() {
  return Json{{"type", "number"},
              {"exclusiveMinimum", -ecs::kFloatRoundsToInfinity},
              {"exclusiveMaximum", ecs::kFloatRoundsToInfinity}};
}

Json NumberArray(std::size_t count, std::string description) {
  return Json{{"type", "array"},
              {"description", std::move(description)},
              {"items", Ref("float")},
              {"minItems", count},
              {"maxItems", count}};
}

// "^$|(\.[gG][lL][bB])$": empty, or one of the endings in any case. Only ASCII
// letters have cases; only syntax characters are escaped, so a UTF-8 ending
// stays valid UTF-8 (an escape inside a multi-byte sequence would break it).
std::string ExtensionPattern(const std::vector<std::string>& extensions) {
  std::string pattern = "^$";
  for (const std::string& extension : extensions) {
    pattern += '|';
    for (const char c : extension) {
      const auto byte = static_cast<unsigned char>(c);
      if (std::isalpha(byte)) {
        pattern += '[';
        pattern += static_cast<char>(std::tolower(byte));
        pattern += static_cast<char>(std::toupper(byte));
        pattern += ']';
      } else if (std::string_view("^$\\.*+?()[]{}|/").find(c) != std::string_view::npos) {
        pattern += '\\';  // a regular expression's syntax character stands for itself
        pattern += c;
      } else {
        pattern += c;  // digits, '_', '-', any other character and every byte of a UTF-8 sequence as they are
      }
    }
    pattern += '$';
  }
  return pattern;
}

Json FieldSchema(const FieldInfo& field) {
  switch (field.type) {
    case FieldType::kBool: return Json{{"type", "boolean"}};
    case FieldType::kInt:
      return Json{{"type", "integer"}, {"minimum", ecs::kIntFieldMin}, {"maximum", ecs::kIntFieldMax}};
    case FieldType::kFloat:
    case FieldType::kVec2:
    case FieldType::kVec3:
    case FieldType::kVec4:
    case FieldType::kQuat: return Ref(ecs::TraitsOf(field.type).name);  // the definitions are named by type
    case FieldType::kString: {
      Json schema{{"type", "string"}};
      if (field.hints.max_length != 0) schema["maxLength"] = field.hints.max_length;
      return schema;
    }
    case FieldType::kAsset: {
      Json schema{{"type", "string"}, {"description", "A path relative to the project folder; \"\": none."}};
      if (!field.hints.extensions.empty()) schema["pattern"] = ExtensionPattern(field.hints.extensions);
      return schema;
    }
    case FieldType::kEnum: return Json{{"enum", field.enum_names}};
    case FieldType::kEntityRef: return Ref("entityRef");
  }
  return Json::object();
}

Json ComponentSchema(const ComponentInfo& info) {
  Json properties = Json::object();
  Json required = Json::array();
  for (const FieldInfo& field : info.fields) {
    properties[field.name] = FieldSchema(field);
    required.push_back(field.name);
  }
  Json schema = Json{{"type", "object"}};
  if (!info.fields.empty()) {
    schema["properties"] = std::move(properties);
    schema["required"] = std::move(required);
  }
  schema["additionalProperties"] = false;
  return schema;
}

std::string Generate(const ecs::Coordinator& registry, Kind kind) {
  const bool scene = kind == Kind::kScene;
  std::vector<const ComponentInfo*> stored;
  std::vector<std::string> forbidden{std::string(kUnknownComponentsName)};
  for (ecs::ComponentType type = 0; type < registry.ComponentTypeCount(); ++type) {
    const ComponentInfo& info = registry.GetComponentInfo(type);
    const bool is_name = registry.IsRegistered<ecs::Name>() && type == registry.GetComponentType<ecs::Name>();
    const bool is_unknown = registry.IsRegistered<UnknownComponents>() && type == registry.GetComponentType<UnknownComponents>();
    if (is_unknown) continue;
    if (is_name || !info.serialized) {
      forbidden.push_back(info.name);
    } else {
      stored.push_back(&info);
    }
  }
  std::sort(stored.begin(), stored.end(), [](const ComponentInfo* a, const ComponentInfo* b) { return a->name < b->name; });
  std::sort(forbidden.begin(), forbidden.end());

  Json component_properties = Json::object();
  for (const ComponentInfo* info : stored) component_properties[info->name] = Ref("component." + info->name);
  for (const std::string& name : forbidden) component_properties[name] = false;

  Json entity_properties = Json{
      {"id", Ref("entityId")},
      {"name", {{"type", Json::array({"string", "null"})}, {"description", "Display name; null: the entity has none."}}},
      {"parent", Ref("entityRef")},
      {"order", {{"type", "integer"}, {"minimum", 0}, {"description", "Position among the siblings (ties: by id)."}}},
      {"components",
       {{"type", "object"},
        {"description", "Keyed by registered component name. Unknown names are kept (as objects), not rejected."},
        {"properties", std::move(component_properties)},
        {"additionalProperties", {{"type", "object"}}}}}};
  if (!scene) entity_properties["world"] = NumberArray(16, "World matrix, column-major.");

  Json definitions = Json{
      {"entityId",
       {{"type", "string"},
        {"description", "A non-zero 64-bit id as 16 hex digits (written in lowercase; read in either case)."},
        {"pattern", "^(?!0{16}$)[0-9a-fA-F]{16}$"}}},
      {"entityRef", {{"anyOf", Json::array({Ref("entityId"), Json{{"type", "null"}}})}}}};
  // The float-based types, under the names FieldSchema refers to them by,
  // each as many numbers as its values hold.
  const auto define_floats = [&definitions](FieldType type, std::string description) -> Json& {
    const ecs::FieldTypeTraits& traits = ecs::TraitsOf(type);
    return definitions[std::string(traits.name)] = NumberArray(traits.floats, std::move(description));
  };
  define_floats(FieldType::kVec2, "[x, y]");
  define_floats(FieldType::kVec3, "[x, y, z]");
  define_floats(FieldType::kVec4, "[x, y, z, w] or [r, g, b, a]");
  definitions[std::string(ecs::TraitsOf(FieldType::kFloat).name)] = FloatSchema();
  define_floats(FieldType::kQuat,
                "Rotation quaternion [x, y, z, w] of length 1. A length off by more than 0.001 is normalised on load "
                "with a warning; a length of 0 (below 1e-6) is an error, which this schema states only for "
                "[0, 0, 0, 0].")["not"] = Json{{"const", Json::array({0, 0, 0, 0})}};
  definitions["entity"] = Json{{"type", "object"},
                               {"properties", std::move(entity_properties)},
                               {"required", Json::array({"id", "name", "parent", "order", "components"})},
                               {"additionalProperties", false}};
  for (const ComponentInfo* info : stored) definitions["component." + info->name] = ComponentSchema(*info);
  if (scene) {
    definitions["instanceOverride"] = {
        {"type", "object"},
        {"description", "What an instance changes in one prefab entity (docs/scene-format.md, \"Prefab instances\")."},
        {"properties",
         {{"name", {{"type", Json::array({"string", "null"})}}},
          {"parent", Ref("entityId")},
          {"order", {{"type", "integer"}, {"minimum", 0}}},
          {"components",
           {{"type", "object"},
            {"description", "Changed fields of the prefab's components; whole components the instance adds."},
            {"additionalProperties", {{"type", "object"}}}}},
          {"removed_components", {{"type", "array"}, {"items", {{"type", "string"}}}}}}},
        {"additionalProperties", false}};
    definitions["instance"] = {
        {"type", "object"},
        {"description", "A prefab placed in the scene: its path and what this instance overrides."},
        {"properties",
         {{"id", Ref("entityId")},
          {"prefab", {{"type", "string"}, {"minLength", 1}, {"description", "Relative to the project folder."}}},
          {"parent", Ref("entityRef")},
          {"order", {{"type", "integer"}, {"minimum", 0}}},
          {"overrides",
           {{"type", "object"},
            {"description", "Keyed by the prefab entity's id."},
            {"propertyNames", {{"pattern", "^(?!0{16}$)[0-9a-fA-F]{16}$"}}},
            {"additionalProperties", Ref("instanceOverride")}}},
          {"removed_entities", {{"type", "array"}, {"items", Ref("entityId")}}}}},
        {"required", Json::array({"id", "prefab", "parent", "order", "overrides", "removed_entities"})},
        {"additionalProperties", false}};
  }

  Json properties = Json{{"format", {{"const", scene ? kSceneFormat : kRuntimeFormat}}},
                         {"version", {{"const", scene ? kSceneVersion : kRuntimeVersion}}}};
  if (scene) {
    properties["editor"] = {{"type", "object"}, {"description", "Editor-only state; not part of the runtime export."}};
  }
  properties["entities"] = {{"type", "array"},
                            {"description", "Sorted by id."},
                            {"maxItems", LoadOptions{}.max_entities},
                            {"items", Ref("entity")}};
  if (scene) {
    properties["instances"] = {{"type", "array"}, {"description", "Prefab instances, sorted by id."}, {"items", Ref("instance")}};
  }

  Json schema = Json{
      {"$schema", "https://json-schema.org/draft/2020-12/schema"},
      {"title", scene ? "Cairn scene file" : "Cairn runtime export"},
      {"description", std::string(scene ? "docs/scene-format.md" : "docs/runtime.md") +
                          ". Generated from the component registry; do not edit. A file this schema accepts "
                          "can still be refused: what a JSON Schema cannot state is checked by `cairn validate` "
                          "(duplicate ids, parents that name no entity, parent cycles, an integer written with a "
                          "fraction such as 1.0, a quaternion of length below 1e-6, the size and nesting limits "
                          "of the file, and bytes after the document)."},
      {"type", "object"},
      {"properties", std::move(properties)},
      {"required", Json::array({"format", "version", "entities"})},
      {"additionalProperties", false},
      {"$defs", std::move(definitions)}};
  return schema.dump(2) + "\n";
}

}  // namespace

std::string GenerateSceneSchema(const ecs::Coordinator& registry) { return Generate(registry, Kind::kScene); }
std::string GenerateRuntimeSchema(const ecs::Coordinator& registry) { return Generate(registry, Kind::kRuntime); }

}  // namespace cairn::serialization
