#include "cairn/serialization/project.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <memory>
#include <set>
#include <utility>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/component_value.h"
#include "cairn/ecs/errors.h"
#include "cairn/ecs/field_codec.h"
#include "cairn/serialization/atomic_file.h"
#include "cairn/serialization/document.h"
#include "cairn/serialization/json_text.h"
#include "cairn/serialization/plain_json.h"
#include "document_tree.h"

namespace cairn::serialization {

namespace {

namespace fs = std::filesystem;
using ecs::FieldType;
using ecs::RuntimeComponentDefinition;
using ecs::RuntimeFieldDefinition;

constexpr std::size_t kMaxProjectBytes = std::size_t{16} << 20;

using NamedFieldType = ProjectFieldType;
constexpr NamedFieldType kFieldTypes[] = {
    {"bool", FieldType::kBool},   {"int", FieldType::kInt},       {"float", FieldType::kFloat},
    {"vec2", FieldType::kVec2},   {"vec3", FieldType::kVec3},     {"vec4", FieldType::kVec4},
    {"color", FieldType::kVec4, true}, {"quat", FieldType::kQuat}, {"string", FieldType::kString},
    {"enum", FieldType::kEnum},   {"entity", FieldType::kEntityRef}, {"asset", FieldType::kAsset},
};

std::string FieldTypeList() {
  std::string list;
  for (const NamedFieldType& named : kFieldTypes) list += (list.empty() ? "" : ", ") + std::string(named.name);
  return list;
}

bool IsNumeric(FieldType type) { return ecs::TraitsOf(type).Ranged(); }

// The keys of a field definition that give each kind of limit (FieldHint);
// unused places are empty.
struct HintKeys {
  ecs::FieldHint hint;
  std::array<std::string_view, 3> keys;
};
constexpr HintKeys kHintKeys[] = {
    {ecs::FieldHint::kRange, {"min", "max", "step"}},       {ecs::FieldHint::kUnit, {"unit"}},
    {ecs::FieldHint::kMaxLength, {"max_length"}},           {ecs::FieldHint::kExtensions, {"extensions"}},
    {ecs::FieldHint::kEnumValues, {"values"}},
};

// Whether `key` gives a limit to some type (and so is known, even where the
// field's own type takes no such limit).
bool IsHintKey(std::string_view key) {
  return std::any_of(std::begin(kHintKeys), std::end(kHintKeys), [key](const HintKeys& entry) {
    return !key.empty() && std::find(entry.keys.begin(), entry.keys.end(), key) != entry.keys.end();
  });
}

// A name usable as a JSON key, a C++ identifier and a label: a letter or
// underscore, then letters, digits and underscores.
bool IsIdentifier(std::string_view name) {
  if (name.empty() || name.size() > 64) return false;
  if (!std::isalpha(static_cast<unsigned char>(name[0])) && name[0] != '_') return false;
  return std::all_of(name.begin(), name.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// Field problems reported at a fixed JSON pointer.
class PointerReport final : public ecs::FieldReport {
 public:
  PointerReport(DiagnosticSink& sink, std::string pointer) : sink_(sink), pointer_(std::move(pointer)) {}
  void Error(std::size_t element, std::string message) override { sink_.Error(At(element), std::move(message)); }
  void Warning(std::size_t element, std::string message) override { sink_.Warning(At(element), std::move(message)); }

 private:
  std::string At(std::size_t element) const {
    return element == ecs::kWholeValue ? pointer_ : pointer_ + "/" + std::to_string(element);
  }
  DiagnosticSink& sink_;
  std::string pointer_;
};

class ProjectReader {
 public:
  ProjectReader(const ecs::Coordinator& registry, DiagnosticSink& sink) : registry_(registry), sink_(sink) {}

  Project Read(const Document& document) {
    Project project;
    if (!document.is_object()) {
      sink_.Error("", "the document must be a JSON object, found " + DescribeJsonValue(document));
      return project;
    }
    CheckKeys(document, "", {"format", "version", "name", "module", "components"});
    const auto format = document.find("format");
    if (format == document.end()) {
      sink_.Error("", "missing key \"format\" (expected \"cairn.project\")");
    } else if (!format->is_string() || *format != kProjectFormat) {
      sink_.Error("/format", "expected \"cairn.project\", found " + DescribeJsonValue(*format, true));
    }
    const auto version = document.find("version");
    if (version == document.end()) {
      sink_.Error("", "missing key \"version\"");
    } else if (!version->is_number_integer() || *version != kProjectVersion) {
      const bool newer = version->is_number_integer() && version->get<std::int64_t>() > kProjectVersion;
      sink_.Error("/version", newer ? "version " + DescribeJsonValue(*version) +
                                          " is newer than this build supports (1); open it with a newer Cairn"
                                    : "expected 1, found " + DescribeJsonValue(*version, true));
    }
    project.name = String(document, "", "name", true);
    project.module = String(document, "", "module", false);
    if (document.contains("module") && document["module"].is_string() && project.module.empty()) {
      sink_.Error("/module", "expected the path of the game module's library, found \"\"");
    }
    const auto components = document.find("components");
    if (components != document.end()) {
      if (!components->is_array()) {
        sink_.Error("/components", "expected an array of component definitions, found " + DescribeJsonValue(*components));
      } else {
        for (std::size_t i = 0; i < components->size(); ++i) {
          ReadComponent((*components)[i], "/components/" + std::to_string(i), project.components);
        }
      }
    }
    return project;
  }

 private:
  void CheckKeys(const Document& object, const std::string& pointer, std::initializer_list<std::string_view> known) {
    std::string list;
    for (std::string_view key : known) list += (list.empty() ? "" : ", ") + std::string(key);
    for (auto it = object.begin(); it != object.end(); ++it) {
      if (std::find(known.begin(), known.end(), it.key()) != known.end()) continue;
      sink_.Error(pointer + "/" + EscapePointerToken(it.key()),
                  "unknown key " + Quoted(it.key()) + " (expected " + list + ")");
    }
  }

  std::string String(const Document& object, const std::string& pointer, const char* key, bool required) {
    const auto it = object.find(key);
    if (it == object.end()) {
      if (required) sink_.Error(pointer, "missing key " + Quoted(key));
      return {};
    }
    if (!it->is_string()) {
      sink_.Error(pointer + "/" + key, "expected a string, found " + DescribeJsonValue(*it));
      return {};
    }
    return it->get<std::string>();
  }

  std::optional<double> Number(const Document& object, const std::string& pointer, const char* key) {
    const auto it = object.find(key);
    if (it == object.end()) return std::nullopt;
    if (!it->is_number() || ecs::FloatProblem(it->get<double>())) {
      sink_.Error(pointer + "/" + key, "expected a number in the range of a 32-bit float, found " + DescribeJsonValue(*it));
      return std::nullopt;
    }
    return it->get<double>();
  }

  std::vector<std::string> Strings(const Document& object, const std::string& pointer, const char* key) {
    std::vector<std::string> strings;
    const auto it = object.find(key);
    if (it == object.end()) return strings;
    if (!it->is_array()) {
      sink_.Error(pointer + "/" + key, "expected an array of strings, found " + DescribeJsonValue(*it));
      return strings;
    }
    for (std::size_t i = 0; i < it->size(); ++i) {
      const Document& element = (*it)[i];
      const std::string place = pointer + "/" + key + "/" + std::to_string(i);
      if (!element.is_string() || element.get_ref<const std::string&>().empty()) {
        sink_.Error(place, "expected a non-empty string, found " + DescribeJsonValue(element, true));
      } else if (std::find(strings.begin(), strings.end(), element.get<std::string>()) != strings.end()) {
        sink_.Error(place, Quoted(element.get<std::string>()) + " is listed twice");
      } else {
        strings.push_back(element.get<std::string>());
      }
    }
    return strings;
  }

  void ReadComponent(const Document& object, const std::string& pointer, std::vector<RuntimeComponentDefinition>& out) {
    if (!object.is_object()) {
      sink_.Error(pointer, "expected a component definition (an object), found " + DescribeJsonValue(object));
      return;
    }
    CheckKeys(object, pointer, {"name", "description", "category", "ui_accessible", "fields"});
    RuntimeComponentDefinition component;
    component.name = String(object, pointer, "name", true);
    component.description = String(object, pointer, "description", false);
    component.category = String(object, pointer, "category", false);
    if (const auto ui = object.find("ui_accessible"); ui != object.end()) {
      if (ui->is_boolean()) {
        component.ui_accessible = ui->get<bool>();
      } else {
        sink_.Error(pointer + "/ui_accessible", "expected true or false, found " + DescribeJsonValue(*ui));
      }
    }
    if (object.contains("name") && object["name"].is_string()) {
      const std::string name_pointer = pointer + "/name";
      if (!IsIdentifier(component.name)) {
        sink_.Error(name_pointer, Quoted(component.name) +
                                      " is not a valid component name (a letter or _, then letters, digits or _; "
                                      "at most 64 characters)");
      } else if (registry_.FindComponentInfo(component.name) != nullptr) {
        sink_.Error(name_pointer, Quoted(component.name) + " is the name of a built-in component");
      } else if (std::any_of(out.begin(), out.end(),
                             [&](const RuntimeComponentDefinition& other) { return other.name == component.name; })) {
        sink_.Error(name_pointer, "another component is also named " + Quoted(component.name));
      }
    }
    const auto fields = object.find("fields");
    if (fields != object.end()) {
      if (!fields->is_array()) {
        sink_.Error(pointer + "/fields", "expected an array of fields, found " + DescribeJsonValue(*fields));
      } else {
        for (std::size_t i = 0; i < fields->size(); ++i) {
          ReadField(component.name, (*fields)[i], pointer + "/fields/" + std::to_string(i), component.fields);
        }
      }
    }
    out.push_back(std::move(component));
  }

  void ReadField(const std::string& component, const Document& object, const std::string& pointer,
                 std::vector<RuntimeFieldDefinition>& out) {
    if (!object.is_object()) {
      sink_.Error(pointer, "expected a field definition (an object), found " + DescribeJsonValue(object));
      return;
    }
    RuntimeFieldDefinition field;
    field.name = String(object, pointer, "name", true);
    const std::string type = String(object, pointer, "type", true);
    if (object.contains("name") && object["name"].is_string()) {
      if (!IsIdentifier(field.name)) {
        sink_.Error(pointer + "/name", Quoted(field.name) +
                                           " is not a valid field name (a letter or _, then letters, digits or _; "
                                           "at most 64 characters)");
      } else if (std::any_of(out.begin(), out.end(), [&](const RuntimeFieldDefinition& other) {
                   return other.name == field.name ||
                          std::find(other.previous_names.begin(), other.previous_names.end(), field.name) !=
                              other.previous_names.end();
                 })) {
        sink_.Error(pointer + "/name", "another field of " + component + " is also named " + Quoted(field.name));
      }
    }
    const auto named = std::find_if(std::begin(kFieldTypes), std::end(kFieldTypes),
                                    [&](const NamedFieldType& candidate) { return candidate.name == type; });
    if (named == std::end(kFieldTypes)) {
      if (object.contains("type") && object["type"].is_string()) {
        sink_.Error(pointer + "/type", "unknown field type " + Quoted(type) + " (expected one of " + FieldTypeList() + ")");
      }
      return;
    }
    field.type = named->type;
    field.hints.color = named->color;

    const ecs::FieldTypeTraits& traits = ecs::TraitsOf(field.type);
    std::vector<std::string_view> keys{"name", "type", "default", "previous_names"};
    for (const HintKeys& entry : kHintKeys) {
      if (!traits.Takes(entry.hint)) continue;
      for (const std::string_view key : entry.keys) {
        if (!key.empty()) keys.push_back(key);
      }
    }
    for (auto it = object.begin(); it != object.end(); ++it) {
      if (std::find(keys.begin(), keys.end(), it.key()) != keys.end()) continue;
      const bool known = IsHintKey(it.key());
      sink_.Error(pointer + "/" + EscapePointerToken(it.key()),
                  known ? "a " + std::string(named->name) + " field has no " + Quoted(it.key())
                        : "unknown key " + Quoted(it.key()));
    }

    const std::optional<double> min = Number(object, pointer, "min");
    const std::optional<double> max = Number(object, pointer, "max");
    if (min && max && *min > *max) sink_.Error(pointer + "/max", "max is below min");
    if (min && max && *min < *max) {
      field.hints.min = static_cast<float>(*min);
      field.hints.max = static_cast<float>(*max);
    }
    if (const auto step = Number(object, pointer, "step")) {
      if (*step > 0.0) {
        field.hints.speed = static_cast<float>(*step);
      } else {
        sink_.Error(pointer + "/step", "expected a step above 0");
      }
    } else {
      field.hints.speed = traits.default_step;
    }
    field.hints.unit = String(object, pointer, "unit", false);
    if (const auto length = object.find("max_length"); length != object.end()) {
      if (length->is_number_unsigned() && *length >= 1 && *length <= 1'000'000) {
        field.hints.max_length = length->get<std::uint32_t>();
      } else {
        sink_.Error(pointer + "/max_length", "expected an integer from 1 to 1000000, found " + DescribeJsonValue(*length));
      }
    }
    field.enum_names = Strings(object, pointer, "values");
    if (traits.Takes(ecs::FieldHint::kEnumValues) && field.enum_names.empty() && !object.contains("values")) {
      sink_.Error(pointer, "an enum field needs \"values\", the names it can take");
    } else if (traits.Takes(ecs::FieldHint::kEnumValues) && field.enum_names.empty()) {
      sink_.Error(pointer + "/values", "an enum needs at least one value");
    }
    field.hints.extensions = Strings(object, pointer, "extensions");
    for (std::size_t i = 0; i < field.hints.extensions.size(); ++i) {
      if (field.hints.extensions[i].size() < 2 || field.hints.extensions[i][0] != '.') {
        sink_.Error(pointer + "/extensions/" + std::to_string(i),
                    "expected a file ending such as \".glb\", found " + Quoted(field.hints.extensions[i]));
      }
    }
    field.previous_names = Strings(object, pointer, "previous_names");
    if (const auto value = object.find("default"); value != object.end()) ReadDefault(field, *value, pointer + "/default");
    out.push_back(std::move(field));
  }

  // Decodes the default as a scene's value would be, then checks its range.
  void ReadDefault(RuntimeFieldDefinition& field, const Document& value, const std::string& pointer) {
    RuntimeComponentDefinition single;
    single.name = "default";
    RuntimeFieldDefinition bare = field;
    bare.default_value = ecs::PlainValue();
    single.fields.push_back(bare);
    auto info = std::make_shared<ecs::ComponentInfo>();
    try {
      info->runtime = std::make_shared<const ecs::RuntimeLayout>(single, info->fields);
    } catch (const ecs::ComponentRegistrationError&) {
      return;  // the field's own problems are reported already
    }
    info->name = single.name;
    info->size = info->runtime->Size();
    info->alignment = info->runtime->Alignment();
    ecs::ComponentValue scratch(info);
    void* memory = scratch.Data();
    const ecs::FieldInfo& decoded = info->fields[0];
    PointerReport report(sink_, pointer);
    if (ecs::DecodeField<detail::DocumentTree>(decoded, value, memory, report)) {
      if (field.hints.min < field.hints.max && IsNumeric(field.type)) {
        const ecs::PlainValue plain = ecs::FieldToPlain(decoded, memory);
        const auto outside = [&field](double number) { return number < field.hints.min || number > field.hints.max; };
        bool out_of_range = plain.IsNumber() && outside(plain.AsNumber());
        if (plain.IsArray()) {
          for (const ecs::PlainValue& element : plain.AsArray()) out_of_range = out_of_range || outside(element.AsNumber());
        }
        if (out_of_range) {
          const auto shortest = [](float number) {
            char buffer[32];
            return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, number).ptr);
          };
          const std::string range = shortest(field.hints.min) + " to " + shortest(field.hints.max);
          sink_.Error(pointer, "the default " + DescribeJsonValue(value) + " is outside the field's range, " + range);
        }
      }
      field.default_value = DocumentToPlain(value);
    }
  }

  const ecs::Coordinator& registry_;
  DiagnosticSink& sink_;
};

}  // namespace

ProjectLoadResult LoadProject(std::string_view text, const ecs::Coordinator& registry) {
  DiagnosticSink sink(100);
  ProjectLoadResult result;
  const std::optional<Document> document = ParseDocument(text, ParseLimits{kMaxProjectBytes, 64}, sink);
  if (document) {
    Project project = ProjectReader(registry, sink).Read(*document);
    if (!sink.HasErrors()) result.project = std::move(project);
  }
  result.diagnostics = sink.Take();
  return result;
}

ProjectLoadResult LoadProjectFile(const fs::path& path, const ecs::Coordinator& registry) {
  const ReadResult read = ReadFileText(path, kMaxProjectBytes);
  if (!read.text) return {std::nullopt, {Diagnostic{Diagnostic::Severity::kError, "", read.error}}};
  ProjectLoadResult result = LoadProject(*read.text, registry);
  if (result.project) result.project->file = path;
  return result;
}

namespace {

// A registry of the built-in components alone, for name clashes.
std::unique_ptr<ecs::Coordinator> BuiltinRegistry() {
  auto registry = std::make_unique<ecs::Coordinator>(1);
  ecs::RegisterBuiltinComponents(*registry);
  return registry;
}

}  // namespace

ProjectLoadResult LoadProject(std::string_view text) { return LoadProject(text, *BuiltinRegistry()); }

ProjectLoadResult LoadProjectFile(const fs::path& path) { return LoadProjectFile(path, *BuiltinRegistry()); }

std::span<const ProjectFieldType> ProjectFieldTypes() { return kFieldTypes; }

std::string_view ProjectFieldTypeName(const ecs::RuntimeFieldDefinition& field) {
  for (const NamedFieldType& named : kFieldTypes) {
    if (named.type == field.type && named.color == (field.type == FieldType::kVec4 && field.hints.color)) return named.name;
  }
  return ecs::FieldTypeName(field.type);
}

std::optional<fs::path> FindProjectFile(const fs::path& path) {
  std::error_code error;
  // Normal first: the parent of "game/.." is "game" lexically, not the folder
  // "game/.." names.
  fs::path folder = NormalPath(path);
  if (!fs::is_directory(folder, error)) folder = folder.parent_path();
  for (;;) {
    const fs::path candidate = folder / kProjectFileName;
    if (fs::is_regular_file(candidate, error)) return candidate;
    if (!folder.has_parent_path() || folder.parent_path() == folder) return std::nullopt;
    folder = folder.parent_path();
  }
}

void RegisterProjectComponents(ecs::Coordinator& world, const Project& project) {
  for (const RuntimeComponentDefinition& component : project.components) world.RegisterRuntimeComponent(component);
}

std::string ProjectToText(const Project& project) {
  using Ordered = nlohmann::ordered_json;
  const auto ordered = [](const ecs::PlainValue& plain) { return Ordered::parse(PlainToDocument(plain).dump()); };
  Ordered components = Ordered::array();
  for (const RuntimeComponentDefinition& component : project.components) {
    Ordered fields = Ordered::array();
    for (const RuntimeFieldDefinition& field : component.fields) {
      Ordered written = {{"name", field.name}, {"type", ProjectFieldTypeName(field)}};
      if (!field.default_value.IsNull()) written["default"] = ordered(field.default_value);
      if (field.hints.min < field.hints.max) {
        written["min"] = field.hints.min;
        written["max"] = field.hints.max;
      }
      if (IsNumeric(field.type) && field.hints.speed != ecs::TraitsOf(field.type).default_step) {
        written["step"] = field.hints.speed;
      }
      if (!field.hints.unit.empty()) written["unit"] = field.hints.unit;
      if (field.hints.max_length != 0) written["max_length"] = field.hints.max_length;
      if (!field.enum_names.empty()) written["values"] = field.enum_names;
      if (!field.hints.extensions.empty()) written["extensions"] = field.hints.extensions;
      if (!field.previous_names.empty()) written["previous_names"] = field.previous_names;
      fields.push_back(std::move(written));
    }
    Ordered written = {{"name", component.name}};
    if (!component.description.empty()) written["description"] = component.description;
    if (!component.category.empty()) written["category"] = component.category;
    if (!component.ui_accessible) written["ui_accessible"] = false;
    written["fields"] = std::move(fields);
    components.push_back(std::move(written));
  }
  Ordered document = {{"format", kProjectFormat}, {"version", kProjectVersion}, {"name", project.name}};
  if (!project.module.empty()) document["module"] = project.module;
  document["components"] = std::move(components);
  return document.dump(2) + "\n";
}

}  // namespace cairn::serialization
