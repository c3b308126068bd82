#pragma once
// ecs::DecodeField's view of a parsed Document: every reader of a field from
// JSON (scenes, exports, project defaults) decodes through this one adapter.

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "cairn/serialization/document.h"

namespace cairn::serialization::detail {

struct DocumentTree {
  using Node = Document;
  static bool IsNull(const Node& node) { return node.is_null(); }
  static bool IsBool(const Node& node) { return node.is_boolean(); }
  static bool IsString(const Node& node) { return node.is_string(); }
  static bool IsArray(const Node& node) { return node.is_array(); }
  static bool IsNumber(const Node& node) { return node.is_number(); }
  static bool IsInteger(const Node& node) { return node.is_number_integer(); }
  static std::optional<std::int64_t> Integer(const Node& node) {
    if (!node.is_number_unsigned()) return node.get<std::int64_t>();
    const auto value = node.get<std::uint64_t>();
    if (value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return std::nullopt;
    return static_cast<std::int64_t>(value);
  }
  static bool Bool(const Node& node) { return node.get<bool>(); }
  static double Number(const Node& node) { return node.get<double>(); }
  static const std::string& String(const Node& node) { return node.get_ref<const std::string&>(); }
  static std::size_t Size(const Node& node) { return node.size(); }
  static const Node& At(const Node& node, std::size_t index) { return node[index]; }
  static std::string Found(const Node& node, bool quote_strings) { return DescribeJsonValue(node, quote_strings); }
};

}  // namespace cairn::serialization::detail
