#include "cairn/ecs/entity.h"


namespace cairn::ecs {

std::string ToString(Entity entity) {
  if (entity.IsNull()) return "null";
  return std::to_string(entity.index) + "#" + std::to_string(entity.generation);
}

void AppendHex(std::string& out, EntityId id) {
  constexpr char kDigits[] = "0123456789abcdef";
  char text[16];
  for (int i = 0; i < 16; ++i) text[15 - i] = kDigits[(id.value >> (4 * i)) & 0xF];
  out.append(text, sizeof text);
}

std::string ToHex(EntityId id) {
  std::string text;
  AppendHex(text, id);
  return text;
}

std::string ToHex(std::uint64_t value) { return ToHex(EntityId{value}); }

std::optional<EntityId> ParseEntityId(std::string_view text) {
  if (text.size() != 16) return std::nullopt;
  std::uint64_t value = 0;
  for (char c : text) {
    int digit;
    if (c >= '0' && c <= '9') digit = c - '0';
    else if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') digit = c - 'A' + 10;
    else return std::nullopt;
    value = (value << 4) | static_cast<std::uint64_t>(digit);
  }
  if (value == 0) return std::nullopt;
  return EntityId{value};
}

}  // namespace cairn::ecs
