#include "cairn/platform/key_chord.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <array>
#include <stdexcept>

#include "text_parsing.h"

namespace cairn::platform {
namespace {

// A named key and, for printing keys, what a US keyboard types without and
// with shift.
struct NamedKey {
  std::string_view name;
  int code;
  char plain = 0;
  char shifted = 0;
};

constexpr NamedKey kNamedKeys[] = {
    {"enter", GLFW_KEY_ENTER},         {"return", GLFW_KEY_ENTER},
    {"escape", GLFW_KEY_ESCAPE},       {"esc", GLFW_KEY_ESCAPE},
    {"tab", GLFW_KEY_TAB},             {"space", GLFW_KEY_SPACE, ' ', ' '},
    {"backspace", GLFW_KEY_BACKSPACE}, {"delete", GLFW_KEY_DELETE},
    {"del", GLFW_KEY_DELETE},          {"insert", GLFW_KEY_INSERT},
    {"home", GLFW_KEY_HOME},           {"end", GLFW_KEY_END},
    {"pageup", GLFW_KEY_PAGE_UP},      {"pagedown", GLFW_KEY_PAGE_DOWN},
    {"up", GLFW_KEY_UP},               {"down", GLFW_KEY_DOWN},
    {"left", GLFW_KEY_LEFT},           {"right", GLFW_KEY_RIGHT},
    {"minus", GLFW_KEY_MINUS, '-', '_'},
    {"equal", GLFW_KEY_EQUAL, '=', '+'},
    {"comma", GLFW_KEY_COMMA, ',', '<'},
    {"period", GLFW_KEY_PERIOD, '.', '>'},
    {"slash", GLFW_KEY_SLASH, '/', '?'},
    {"backslash", GLFW_KEY_BACKSLASH, '\\', '|'},
    {"semicolon", GLFW_KEY_SEMICOLON, ';', ':'},
    {"apostrophe", GLFW_KEY_APOSTROPHE, '\'', '"'},
    {"grave", GLFW_KEY_GRAVE_ACCENT, '`', '~'},
    {"leftbracket", GLFW_KEY_LEFT_BRACKET, '[', '{'},
    {"rightbracket", GLFW_KEY_RIGHT_BRACKET, ']', '}'},
};

// Modifiers in canonical order; a chord presses the left key of each.
struct Modifier {
  std::string_view name;
  std::string_view alias;
  int code;
};

constexpr std::array<Modifier, 4> kModifiers = {{
    {"ctrl", "control", GLFW_KEY_LEFT_CONTROL},
    {"shift", "shift", GLFW_KEY_LEFT_SHIFT},
    {"alt", "alt", GLFW_KEY_LEFT_ALT},
    {"super", "super", GLFW_KEY_LEFT_SUPER},
}};

constexpr std::string_view kShiftedDigits = ")!@#$%^&*(";

// Index into kModifiers, or -1.
int ModifierIndex(std::string_view name) {
  for (std::size_t i = 0; i < kModifiers.size(); ++i) {
    if (kModifiers[i].name == name || kModifiers[i].alias == name) return static_cast<int>(i);
  }
  return -1;
}

const NamedKey* FindNamedKey(std::string_view name) {
  for (const NamedKey& key : kNamedKeys) {
    if (key.name == name) return &key;
  }
  return nullptr;
}

// The main key of a chord, with the spelling and characters it produces.
struct MainKey {
  int code = 0;
  std::string spelling;
  char plain = 0;
  char shifted = 0;
};

std::optional<MainKey> FindMainKey(std::string_view name) {
  if (name.size() == 1 && name[0] >= 'a' && name[0] <= 'z') {
    const char c = name[0];
    return MainKey{GLFW_KEY_A + (c - 'a'), std::string(name), c, static_cast<char>(c - 'a' + 'A')};
  }
  if (name.size() == 1 && name[0] >= '0' && name[0] <= '9') {
    const int digit = name[0] - '0';
    return MainKey{GLFW_KEY_0 + digit, std::string(name), name[0], kShiftedDigits[digit]};
  }
  if (name.size() >= 2 && name.size() <= 3 && name[0] == 'f') {
    const auto number = detail::ParseWholeInt(name.substr(1));
    if (number && *number >= 1 && *number <= 12) return MainKey{GLFW_KEY_F1 + *number - 1, std::string(name)};
  }
  if (const NamedKey* key = FindNamedKey(name)) {
    return MainKey{key->code, std::string(key->name), key->plain, key->shifted};
  }
  return std::nullopt;
}

// What is known about a chord while its parts are read.
struct ChordParts {
  std::array<bool, kModifiers.size()> modifiers{};
  std::optional<MainKey> main;
};

void AddPart(std::string_view part, std::string_view whole, ChordParts& parts) {
  const auto quoted = [](std::string_view s) { return "'" + std::string(s) + "'"; };
  if (part.empty()) throw std::invalid_argument("empty key name in " + quoted(whole));
  if (const int modifier = ModifierIndex(part); modifier >= 0) {
    if (parts.modifiers[modifier]) throw std::invalid_argument("key " + quoted(part) + " repeated in " + quoted(whole));
    parts.modifiers[modifier] = true;
    return;
  }
  std::optional<MainKey> main = FindMainKey(part);
  if (!main) throw std::invalid_argument("unknown key " + quoted(part) + " in " + quoted(whole));
  if (parts.main) {
    throw std::invalid_argument("more than one key in " + quoted(whole) + " ('" + parts.main->spelling + "' and '" +
                                std::string(part) + "')");
  }
  parts.main = std::move(main);
}

KeyChord Assemble(const ChordParts& parts) {
  KeyChord chord;
  for (std::size_t i = 0; i < kModifiers.size(); ++i) {
    if (!parts.modifiers[i]) continue;
    chord.keys.push_back(kModifiers[i].code);
    chord.spelling += std::string(kModifiers[i].name) + "+";
  }
  if (parts.main) {
    chord.keys.push_back(parts.main->code);
    chord.spelling += parts.main->spelling;
    const bool only_shift = !parts.modifiers[0] && !parts.modifiers[2] && !parts.modifiers[3];
    const char typed = parts.modifiers[1] ? parts.main->shifted : parts.main->plain;
    if (only_shift && typed != 0) chord.character = static_cast<unsigned char>(typed);
  } else {
    chord.spelling.pop_back();  // the trailing '+'
  }
  return chord;
}

}  // namespace

KeyChord ParseKeyChord(std::string_view text) {
  const std::string lower = detail::AsciiLower(text);
  if (lower.empty()) throw std::invalid_argument("empty key chord");
  ChordParts parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t plus = lower.find('+', start);
    AddPart(std::string_view(lower).substr(start, plus - start), text, parts);
    if (plus == std::string::npos) break;
    start = plus + 1;
  }
  return Assemble(parts);
}

std::optional<int> KeyCodeFromName(std::string_view name) {
  const std::string lower = detail::AsciiLower(name);
  if (const int modifier = ModifierIndex(lower); modifier >= 0) return kModifiers[modifier].code;
  if (const auto main = FindMainKey(lower)) return main->code;
  return std::nullopt;
}

bool IsModifierKey(int glfw_key) {
  switch (glfw_key) {
    case GLFW_KEY_LEFT_CONTROL:
    case GLFW_KEY_RIGHT_CONTROL:
    case GLFW_KEY_LEFT_SHIFT:
    case GLFW_KEY_RIGHT_SHIFT:
    case GLFW_KEY_LEFT_ALT:
    case GLFW_KEY_RIGHT_ALT:
    case GLFW_KEY_LEFT_SUPER:
    case GLFW_KEY_RIGHT_SUPER:
      return true;
    default:
      return false;
  }
}

}  // namespace cairn::platform
