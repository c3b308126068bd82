#include "component_header.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <limits>
#include <memory>
#include <utility>

#include "cairn/ecs/component_value.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/errors.h"
#include "cairn/ecs/field_codec.h"
#include "cairn/ecs/game_module.h"
#include "cairn/serialization/json_text.h"

namespace cairn::cli {

namespace {

using ecs::FieldType;
using ecs::RuntimeComponentDefinition;
using ecs::RuntimeFieldDefinition;
using serialization::Diagnostic;

constexpr std::string_view kRegistrationFunction = "RegisterProjectComponents";
// The other names the header declares beside the components.
constexpr std::string_view kModuleComponentsName = "kModuleComponents";
constexpr std::string_view kModuleDescriptorFunction = "ModuleDescriptor";

// C++20's keywords and alternative tokens: none can be an identifier.
constexpr std::array<std::string_view, 92> kKeywords = {
    "alignas",      "alignof",      "and",           "and_eq",       "asm",          "auto",
    "bitand",       "bitor",        "bool",          "break",        "case",         "catch",
    "char",         "char8_t",      "char16_t",      "char32_t",     "class",        "compl",
    "concept",      "const",        "consteval",     "constexpr",    "constinit",    "const_cast",
    "continue",     "co_await",     "co_return",     "co_yield",     "decltype",     "default",
    "delete",       "do",           "double",        "dynamic_cast", "else",         "enum",
    "explicit",     "export",       "extern",        "false",        "float",        "for",
    "friend",       "goto",         "if",            "inline",       "int",          "long",
    "mutable",      "namespace",    "new",           "noexcept",     "not",          "not_eq",
    "nullptr",      "operator",     "or",            "or_eq",        "private",      "protected",
    "public",       "register",     "reinterpret_cast", "requires",  "return",       "short",
    "signed",       "sizeof",       "static",        "static_assert", "static_cast", "struct",
    "switch",       "template",     "this",          "thread_local", "throw",        "true",
    "try",          "typedef",      "typeid",        "typename",     "union",        "unsigned",
    "using",        "virtual",      "void",          "volatile",     "wchar_t",      "while",
    "xor",          "xor_eq",
};

// Object-like macros that the header's own includes (or GNU C++ modes)
// define: a member of that name would be replaced by the preprocessor.
constexpr std::array<std::string_view, 8> kStandardMacros = {"NULL",   "EOF",    "errno", "stdin",
                                                            "stdout", "stderr", "unix",  "linux"};

bool IsAsciiLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsAsciiDigit(char c) { return c >= '0' && c <= '9'; }
bool IsAsciiAlnum(char c) { return IsAsciiLetter(c) || IsAsciiDigit(c); }
char Upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

// The text as a C++ string literal with its quotes. Printable ASCII stays as
// it is; quotes, backslashes, control characters and bytes above 127 are
// escaped (octal: no later digit can extend it), and so is a "?" after a "?"
// (no trigraph), so the literal holds exactly these bytes in any source
// encoding.
std::string CppStringLiteral(std::string_view text) {
  std::string literal = "\"";
  char previous = '\0';
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      literal += '\\';
      literal += c;
    } else if (c == '\n') {
      literal += "\\n";
    } else if (c == '\t') {
      literal += "\\t";
    } else if (c == '?' && previous == '?') {
      literal += "\\?";
    } else if (byte < 0x20 || byte >= 0x7F) {
      literal += '\\';
      literal += static_cast<char>('0' + (byte >> 6));
      literal += static_cast<char>('0' + ((byte >> 3) & 7));
      literal += static_cast<char>('0' + (byte & 7));
    } else {
      literal += c;
    }
    previous = c;
  }
  return literal + "\"";
}

// The shortest text that reads back as `value`, as a float literal ("2.5f",
// "3.0f", "1e-07f").
std::string CppFloat(float value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  std::string text(buffer, result.ptr);
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return text + "f";
}

std::string CppInt(std::int32_t value) {
  // The lowest int has no literal of its own: 2147483648 is a long.
  if (value == std::numeric_limits<std::int32_t>::min()) return "-2147483647 - 1";
  return std::to_string(value);
}

// The ASCII letter-and-digit runs of `text`, each with its first letter made
// a capital ("pickup_kind" -> "PickupKind", "two words" -> "TwoWords").
// nullopt when `text` has bytes outside ASCII.
std::optional<std::string> PascalCase(std::string_view text) {
  std::string out;
  bool word_start = true;
  for (const char c : text) {
    if (static_cast<unsigned char>(c) >= 0x80) return std::nullopt;
    if (!IsAsciiAlnum(c)) {
      word_start = true;
      continue;
    }
    out += word_start ? Upper(c) : c;
    word_start = false;
  }
  return out;
}

// The C++ names the header gives one enum field.
struct EnumNames {
  std::string type;                      // "Mode"
  std::vector<std::string> enumerators;  // "kHinged", in the project's order
};

// Everything the header needs of one component.
struct ComponentPlan {
  const RuntimeComponentDefinition* definition = nullptr;
  std::shared_ptr<const ecs::ComponentInfo> info;  // the runtime registration: offsets and defaults
  ecs::ComponentValue defaults;
  std::vector<EnumNames> enums;  // by field index; empty for other fields
};

class HeaderPlanner {
 public:
  explicit HeaderPlanner(std::vector<Diagnostic>& diagnostics) : diagnostics_(diagnostics) {}

  std::vector<ComponentPlan> Plan(const serialization::Project& project) {
    std::vector<ComponentPlan> plans;
    for (std::size_t i = 0; i < project.components.size(); ++i) {
      const RuntimeComponentDefinition& component = project.components[i];
      const std::string pointer = "/components/" + std::to_string(i);
      ComponentPlan plan;
      plan.definition = &component;
      CheckComponentName(component, pointer);
      plan.enums.resize(component.fields.size());
      for (std::size_t f = 0; f < component.fields.size(); ++f) {
        CheckField(component, f, pointer + "/fields/" + std::to_string(f), plan.enums);
      }
      try {
        const ecs::ComponentInfo& registered = scratch_->RegisterRuntimeComponent(component);
        plan.info = scratch_->GetComponentInfoPtr(registered.type);
        plan.defaults = ecs::ComponentValue(plan.info);
      } catch (const ecs::EcsError& error) {
        Error(pointer, error.what());
      }
      plans.push_back(std::move(plan));
    }
    return plans;
  }

 private:
  void Error(std::string pointer, std::string message) {
    diagnostics_.push_back(Diagnostic{Diagnostic::Severity::kError, std::move(pointer), std::move(message)});
  }

  void CheckComponentName(const RuntimeComponentDefinition& component, const std::string& pointer) {
    const std::string subject = "cannot generate C++ for component " + serialization::Quoted(component.name) + ": ";
    const std::string_view taken = component.name == kRegistrationFunction      ? "the generated registration function"
                                   : component.name == kModuleDescriptorFunction ? "the generated module descriptor function"
                                   : component.name == kModuleComponentsName     ? "the generated fingerprint table"
                                                                                 : "";
    if (!taken.empty()) {
      Error(pointer + "/name", subject + serialization::Quoted(component.name) + " is the name of " +
                                   std::string(taken) + "; rename the component");
    } else if (const auto problem = CppNameProblem(component.name)) {
      Error(pointer + "/name",
            subject + serialization::Quoted(component.name) + " " + *problem + "; rename the component");
    }
  }

  void CheckField(const RuntimeComponentDefinition& component, std::size_t index, const std::string& pointer,
                  std::vector<EnumNames>& enums) {
    const RuntimeFieldDefinition& field = component.fields[index];
    const std::string subject = "cannot generate C++ for field " + component.name + "." + field.name + ": ";
    if (const auto problem = CppNameProblem(field.name)) {
      Error(pointer + "/name", subject + serialization::Quoted(field.name) + " " + *problem + "; rename the field");
    } else if (field.name == component.name) {
      Error(pointer + "/name", subject + "a member cannot have the name of its struct; rename the field");
    }
    if (field.type != FieldType::kEnum) return;

    const std::optional<std::string> type = PascalCase(field.name);
    const auto clash = [&](const RuntimeFieldDefinition& other) { return other.name == type; };
    const auto same_type = std::find_if(enums.begin(), enums.begin() + static_cast<std::ptrdiff_t>(index),
                                        [&](const EnumNames& earlier) { return earlier.type == type; });
    if (!type || type->empty() || IsAsciiDigit(type->front()) || CppNameProblem(*type)) {
      Error(pointer + "/name", subject + "cannot make the name of its enum type from " +
                                   serialization::Quoted(field.name) + " (an ASCII letter first); rename the field");
    } else if (*type == component.name) {
      Error(pointer + "/name", subject + "its enum type would be named " + serialization::Quoted(*type) +
                                   ", the name of the struct; rename the field");
    } else if (const auto other = std::find_if(component.fields.begin(), component.fields.end(), clash);
               other != component.fields.end()) {
      Error(pointer + "/name", subject + "its enum type would be named " + serialization::Quoted(*type) +
                                   ", as is field " + component.name + "." + other->name + "; rename one of them");
    } else if (same_type != enums.begin() + static_cast<std::ptrdiff_t>(index)) {
      const std::size_t earlier = static_cast<std::size_t>(same_type - enums.begin());
      Error(pointer + "/name", subject + "its enum type would be named " + serialization::Quoted(*type) +
                                   ", as is the type of field " + component.name + "." +
                                   component.fields[earlier].name + "; rename one of them");
    }
    enums[index].type = type.value_or("");
    for (std::size_t v = 0; v < field.enum_names.size(); ++v) {
      const std::string& value = field.enum_names[v];
      const std::string value_pointer = pointer + "/values/" + std::to_string(v);
      const std::optional<std::string> words = PascalCase(value);
      std::string enumerator = "k" + words.value_or("");
      if (!words) {
        Error(value_pointer, subject + "value " + serialization::Quoted(value) +
                                 " has characters outside ASCII, which a C++ enumerator cannot spell");
      } else if (words->empty()) {
        Error(value_pointer,
              subject + "value " + serialization::Quoted(value) + " has no letter or digit to make an enumerator of");
      } else {
        for (std::size_t earlier = 0; earlier < v; ++earlier) {
          if (enums[index].enumerators[earlier] != enumerator) continue;
          Error(value_pointer, subject + "values " + serialization::Quoted(field.enum_names[earlier]) + " and " +
                                   serialization::Quoted(value) + " would both be the enumerator " + enumerator +
                                   "; rename one of them");
        }
      }
      enums[index].enumerators.push_back(std::move(enumerator));
    }
  }

  std::vector<Diagnostic>& diagnostics_;
  std::unique_ptr<ecs::Coordinator> scratch_ = std::make_unique<ecs::Coordinator>(1);
};

// ---- Writing ----------------------------------------------------------------

std::string CppType(const RuntimeFieldDefinition& field, const EnumNames& names) {
  return field.type == FieldType::kEnum ? names.type : std::string(ecs::TraitsOf(field.type).cpp_type);
}

std::string FloatList(const float* values, std::size_t count) {
  std::string list;
  for (std::size_t i = 0; i < count; ++i) list += (i == 0 ? "" : ", ") + CppFloat(values[i]);
  return list;
}

// " = value;" or "{values};": the member's initialiser, equal to the default
// the runtime definition gives a new component.
std::string Initialiser(const ecs::FieldInfo& field, const void* defaults, const EnumNames& names) {
  switch (field.type) {
    case FieldType::kBool: return field.Ref<bool>(defaults) ? " = true;" : " = false;";
    case FieldType::kInt: return " = " + CppInt(field.Ref<std::int32_t>(defaults)) + ";";
    case FieldType::kFloat: return " = " + CppFloat(field.Ref<float>(defaults)) + ";";
    case FieldType::kVec2:
    case FieldType::kVec3:
    case FieldType::kVec4:
      return "{" + FloatList(&field.Ref<float>(defaults), ecs::TraitsOf(field.type).floats) + "};";
    case FieldType::kQuat: {
      const glm::quat& q = field.Ref<glm::quat>(defaults);
      const float wxyz[] = {q.w, q.x, q.y, q.z};
      return "{" + FloatList(wxyz, std::size(wxyz)) + "};  // w, x, y, z";
    }
    case FieldType::kString:
    case FieldType::kAsset: return " = " + CppStringLiteral(field.Ref<std::string>(defaults)) + ";";
    case FieldType::kEnum: {
      const std::int32_t index = field.Ref<std::int32_t>(defaults);
      return " = " + names.type + "::" + names.enumerators.at(static_cast<std::size_t>(index)) + ";";
    }
    case FieldType::kEntityRef: {
      const ecs::EntityId id = field.Ref<ecs::EntityId>(defaults);
      return id ? "{0x" + ecs::ToHex(id) + "u};" : "{};";
    }
  }
  return ";";
}

// ", ::cairn::ecs::FieldHints{.min = 0.0f, ...}" naming the hints that differ
// from FieldHints{}; "" when none does.
std::string HintsArgument(const ecs::FieldHints& hints) {
  const ecs::FieldHints plain;
  std::vector<std::string> members;
  if (hints.min != plain.min || hints.max != plain.max) {  // a range: both ends
    members.push_back(".min = " + CppFloat(hints.min));
    members.push_back(".max = " + CppFloat(hints.max));
  }
  if (hints.speed != plain.speed) members.push_back(".speed = " + CppFloat(hints.speed));
  if (hints.color != plain.color) members.push_back(std::string(".color = ") + (hints.color ? "true" : "false"));
  if (hints.unit != plain.unit) members.push_back(".unit = " + CppStringLiteral(hints.unit));
  if (hints.max_length != plain.max_length) {
    members.push_back(".max_length = " + std::to_string(hints.max_length) + "u");
  }
  if (hints.extensions != plain.extensions) {
    std::string list;
    for (const std::string& extension : hints.extensions) {
      list += (list.empty() ? "" : ", ") + CppStringLiteral(extension);
    }
    members.push_back(".extensions = {" + list + "}");
  }
  if (members.empty()) return {};
  std::string argument = ", ::cairn::ecs::FieldHints{";
  for (std::size_t i = 0; i < members.size(); ++i) argument += (i == 0 ? "" : ", ") + members[i];
  return argument + "}";
}

void WriteStruct(std::string& out, const ComponentPlan& plan) {
  const RuntimeComponentDefinition& component = *plan.definition;
  out += "\n// The component " + CppStringLiteral(component.name);
  if (!component.category.empty()) out += " (category " + CppStringLiteral(component.category) + ")";
  out += component.description.empty() ? ".\n" : ": " + CppStringLiteral(component.description) + "\n";
  out += "struct " + component.name + " {\n";
  bool any_enum = false;
  for (std::size_t f = 0; f < component.fields.size(); ++f) {
    const RuntimeFieldDefinition& field = component.fields[f];
    if (field.type != FieldType::kEnum) continue;
    out += "  enum class " + plan.enums[f].type + " : ::std::int32_t {\n";
    for (std::size_t v = 0; v < field.enum_names.size(); ++v) {
      out += "    " + plan.enums[f].enumerators[v] + " = " + std::to_string(v) + ",  // " +
             CppStringLiteral(field.enum_names[v]) + "\n";
    }
    out += "  };\n";
    any_enum = true;
  }
  if (any_enum) out += "\n";
  for (std::size_t f = 0; f < component.fields.size(); ++f) {
    const RuntimeFieldDefinition& field = component.fields[f];
    out += "  " + CppType(field, plan.enums[f]) + " " + field.name +
           Initialiser(plan.info->fields[f], plan.defaults.Data(), plan.enums[f]) + "\n";
  }
  if (!component.fields.empty()) out += "\n";
  out += "  friend bool operator==(const " + component.name + "&, const " + component.name + "&) = default;\n";
  out += "};\n";
}

void WriteRegistration(std::string& out, const ComponentPlan& plan, std::string_view namespace_name) {
  const RuntimeComponentDefinition& component = *plan.definition;
  // Qualified: a component may be named like the parameter.
  const std::string type = "::" + std::string(namespace_name) + "::" + component.name;
  out += "  coordinator.RegisterComponent<" + type + ">(" + CppStringLiteral(component.name) + ")";
  if (!component.description.empty()) out += "\n      .Description(" + CppStringLiteral(component.description) + ")";
  if (!component.category.empty()) out += "\n      .Category(" + CppStringLiteral(component.category) + ")";
  for (std::size_t f = 0; f < component.fields.size(); ++f) {
    const RuntimeFieldDefinition& field = component.fields[f];
    const std::string name = CppStringLiteral(field.name);
    const std::string member = "&" + type + "::" + field.name;
    if (field.type == FieldType::kEnum) {
      std::string names;
      for (const std::string& value : field.enum_names) names += (names.empty() ? "" : ", ") + CppStringLiteral(value);
      out += "\n      .EnumField(" + name + ", " + member + ", {" + names + "})";
    } else {
      const char* method = field.type == FieldType::kAsset ? "AssetField" : "Field";
      out += "\n      ." + std::string(method) + "(" + name + ", " + member + HintsArgument(field.hints) + ")";
    }
  }
  if (!component.ui_accessible) out += "\n      .HiddenFromUi()";
  out += ";\n";
}

// What a game module built on these types carries (cairn/ecs/game_module.h):
// the fingerprint of each component, and its descriptor.
void WriteModuleParts(std::string& out, const std::vector<ComponentPlan>& plans) {
  out += "\n"
         "// Each component's fingerprint (cairn::ecs::ComponentFingerprint): what a\n"
         "// game module built on these types tells the Cairn that loads it, which\n"
         "// refuses the module when its project's components differ.\n";
  if (!plans.empty()) {
    out += "inline constexpr ::cairn::ecs::ModuleComponent " + std::string(kModuleComponentsName) + "[] = {\n";
    for (const ComponentPlan& plan : plans) {
      out += "    {" + CppStringLiteral(plan.definition->name) + ", " +
             CppStringLiteral(ecs::ComponentFingerprint(*plan.info)) + "},\n";
    }
    out += "};\n";
  }
  const std::string components =
      plans.empty() ? "nullptr, 0" : std::string(kModuleComponentsName) + ", " + std::to_string(plans.size());
  out += "\n"
         "// The descriptor of a game module named `name` whose systems\n"
         "// `register_systems` registers: CAIRN_GAME_MODULE(" + std::string(kModuleDescriptorFunction) +
         "(\"my game\", &RegisterGameSystems)).\n"
         "inline ::cairn::ecs::GameModuleDescriptor " + std::string(kModuleDescriptorFunction) +
         "(const char* name, void (*register_systems)(::cairn::ecs::Coordinator&)) {\n"
         "  return {::cairn::ecs::kGameModuleAbi, ::cairn::ecs::kCairnVersion, name, " + components + ",\n"
         "          &" + std::string(kRegistrationFunction) + ", register_systems};\n"
         "}\n";
}

std::string WriteHeader(const serialization::Project& project, const std::vector<ComponentPlan>& plans,
                        std::string_view namespace_name) {
  const std::string name = CppStringLiteral(project.name);
  std::string out =
      "// The component types of the project " + name + " as C++ types. Generated by\n"
      "// `cairn codegen` from its cairn.project.json: do not edit; change the project\n"
      "// and generate again.\n"
      "#pragma once\n"
      "\n"
      "#include <cstdint>\n"
      "#include <string>\n"
      "\n"
      "#include <glm/gtc/quaternion.hpp>\n"
      "#include <glm/vec2.hpp>\n"
      "#include <glm/vec3.hpp>\n"
      "#include <glm/vec4.hpp>\n"
      "\n"
      "#include \"cairn/ecs/coordinator.h\"\n"
      "#include \"cairn/ecs/entity.h\"\n"
      "#include \"cairn/ecs/game_module.h\"\n"
      "#include \"cairn/ecs/reflection.h\"\n"
      "\n"
      "namespace " + std::string(namespace_name) + " {\n";
  for (const ComponentPlan& plan : plans) WriteStruct(out, plan);
  out += "\n"
         "// Registers the project's component types on `coordinator`, as the project's\n"
         "// runtime definitions would be: same names, fields, enum names and hints.\n"
         "// Throws cairn::ecs::ComponentRegistrationError when a name is taken.\n"
         "inline void " + std::string(kRegistrationFunction) + "(::cairn::ecs::Coordinator& coordinator) {\n";
  if (plans.empty()) out += "  static_cast<void>(coordinator);\n";
  for (const ComponentPlan& plan : plans) WriteRegistration(out, plan, namespace_name);
  out += "}\n";
  WriteModuleParts(out, plans);
  out += "\n"
         "}  // namespace " + std::string(namespace_name) + "\n";
  return out;
}

}  // namespace

std::optional<std::string> CppNameProblem(std::string_view name) {
  const bool identifier = !name.empty() && !IsAsciiDigit(name.front()) &&
                          std::all_of(name.begin(), name.end(), [](char c) { return IsAsciiAlnum(c) || c == '_'; });
  if (!identifier) return "is not a C++ identifier (a letter or _, then letters, digits or _)";
  if (std::find(kKeywords.begin(), kKeywords.end(), name) != kKeywords.end()) return "is a C++ keyword";
  if (name.find("__") != std::string_view::npos) {
    return "is reserved to the C++ implementation (it holds \"__\")";
  }
  if (name.size() >= 2 && name[0] == '_' && name[1] >= 'A' && name[1] <= 'Z') {
    return "is reserved to the C++ implementation (\"_\" and a capital letter first)";
  }
  if (std::find(kStandardMacros.begin(), kStandardMacros.end(), name) != kStandardMacros.end()) {
    return "is a macro of the C and C++ libraries";
  }
  return std::nullopt;
}

std::optional<std::string> NamespaceProblem(std::string_view namespace_name) {
  std::size_t begin = 0;
  for (;;) {
    const std::size_t end = namespace_name.find("::", begin);
    const std::string_view part = namespace_name.substr(begin, end == std::string_view::npos ? end : end - begin);
    if (part.empty() || part.find(':') != std::string_view::npos) {
      return "expected names joined by \"::\", such as game or mygame::components";
    }
    if (const auto problem = CppNameProblem(part)) return serialization::Quoted(part) + " " + *problem;
    if (begin == 0 && (part == "std" || part == "cairn" || part == "glm")) {
      return "the namespace " + std::string(part) + " is not the game's (the header uses ::" + std::string(part) + ")";
    }
    if (end == std::string_view::npos) return std::nullopt;
    begin = end + 2;
  }
}

ComponentHeaderResult GenerateComponentHeader(const serialization::Project& project, std::string_view namespace_name) {
  ComponentHeaderResult result;
  if (const auto problem = NamespaceProblem(namespace_name)) {
    result.diagnostics.push_back(Diagnostic{Diagnostic::Severity::kError, "",
                                            "cannot use the namespace " + serialization::Quoted(namespace_name) + ": " + *problem});
    return result;
  }
  const std::vector<ComponentPlan> plans = HeaderPlanner(result.diagnostics).Plan(project);
  if (result.diagnostics.empty()) result.text = WriteHeader(project, plans, namespace_name);
  return result;
}

}  // namespace cairn::cli
