#include "cairn/ecs/game_module.h"

#include <algorithm>
#include <utility>

#include "cairn/ecs/field_codec.h"

namespace cairn::ecs {

namespace {

struct FingerprintField {
  std::string name;
  std::string type;  // "int/4", "enum(a,b)/4"
};

// An enum's name as the fingerprint holds it: the characters that separate
// parts are escaped with a backslash.
void AppendEscaped(std::string& out, std::string_view name) {
  for (const char c : name) {
    if (c == '\\' || c == '|' || c == ',' || c == ')') out += '\\';
    out += c;
  }
}

// "Door|open:bool/1|..." back into its fields (the name is skipped): split
// at each '|' that no backslash escapes.
std::vector<FingerprintField> Fields(std::string_view fingerprint) {
  std::vector<std::string> parts(1);
  for (std::size_t i = 0; i < fingerprint.size(); ++i) {
    if (fingerprint[i] == '\\' && i + 1 < fingerprint.size()) {
      parts.back() += fingerprint.substr(i, 2);
      ++i;
    } else if (fingerprint[i] == '|') {
      parts.emplace_back();
    } else {
      parts.back() += fingerprint[i];
    }
  }
  std::vector<FingerprintField> fields;
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const std::size_t colon = parts[i].find(':');
    fields.push_back({parts[i].substr(0, colon), colon == std::string::npos ? std::string() : parts[i].substr(colon + 1)});
  }
  return fields;
}

// "int/4" as a user reads it: "int".
std::string_view Shown(std::string_view type) { return type.substr(0, type.rfind('/')); }

}  // namespace

std::string ComponentFingerprint(const ComponentInfo& info) {
  std::string text = info.name;
  for (const FieldInfo& field : info.fields) {
    text += '|';
    text += field.name;
    text += ':';
    text += TraitsOf(field.type).name;
    if (field.type == FieldType::kEnum) {
      text += '(';
      for (std::size_t i = 0; i < field.enum_names.size(); ++i) {
        if (i != 0) text += ',';
        AppendEscaped(text, field.enum_names[i]);
      }
      text += ')';
    }
    text += '/';
    text += std::to_string(FieldSize(field.type));
  }
  return text;
}

std::vector<std::string> FingerprintDifferences(std::string_view name, std::string_view ours, std::string_view theirs,
                                                std::string_view ours_side, std::string_view theirs_side) {
  std::vector<std::string> differences;
  if (ours == theirs) return differences;
  const std::vector<FingerprintField> mine = Fields(ours);
  const std::vector<FingerprintField> other = Fields(theirs);
  const auto find = [](const std::vector<FingerprintField>& fields, const std::string& field) {
    return std::find_if(fields.begin(), fields.end(), [&](const FingerprintField& f) { return f.name == field; });
  };
  const std::string prefix = std::string(name) + ".";
  for (const FingerprintField& field : mine) {
    const auto match = find(other, field.name);
    if (match == other.end()) {
      differences.push_back(prefix + field.name + ": " + std::string(Shown(field.type)) + " in " +
                            std::string(ours_side) + ", missing in " + std::string(theirs_side));
    } else if (match->type != field.type) {
      differences.push_back(prefix + field.name + ": " + std::string(Shown(field.type)) + " in " +
                            std::string(ours_side) + ", " + std::string(Shown(match->type)) + " in " +
                            std::string(theirs_side));
    }
  }
  for (const FingerprintField& field : other) {
    if (find(mine, field.name) == mine.end()) {
      differences.push_back(prefix + field.name + ": " + std::string(Shown(field.type)) + " in " +
                            std::string(theirs_side) + ", missing in " + std::string(ours_side));
    }
  }
  if (differences.empty()) {  // the same fields, in another order
    const auto names = [](const std::vector<FingerprintField>& fields) {
      std::string list;
      for (const FingerprintField& field : fields) list += (list.empty() ? "" : ", ") + field.name;
      return list;
    };
    differences.push_back(std::string(name) + ": its fields are in another order (" + std::string(ours_side) + ": " +
                          names(mine) + "; " + std::string(theirs_side) + ": " + names(other) + ")");
  }
  return differences;
}

}  // namespace cairn::ecs
