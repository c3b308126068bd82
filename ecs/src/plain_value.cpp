#include "cairn/ecs/plain_value.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace cairn::ecs {

const PlainValue* PlainValue::Find(std::string_view key) const {
  if (!IsObject()) return nullptr;
  for (const Member& member : AsObject()) {
    if (member.first == key) return &member.second;
  }
  return nullptr;
}

std::string_view PlainValue::KindName() const {
  switch (data_.index()) {
    case 0: return "null";
    case 1: return "bool";
    case 2: return "integer";
    case 3: return "number";
    case 4: return "string";
    case 5: return "array";
    default: return "object";
  }
}

namespace {

void AppendEscaped(std::string& out, const std::string& text) {
  out += '"';
  for (const char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(c));
          out += buffer;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void AppendJson(std::string& out, const PlainValue& value) {
  if (value.IsNull()) {
    out += "null";
  } else if (value.IsBool()) {
    out += value.AsBool() ? "true" : "false";
  } else if (value.IsInteger()) {
    out += std::to_string(value.AsInteger());
  } else if (value.IsNumber()) {
    const double number = value.AsNumber();
    if (!std::isfinite(number)) {
      out += "null";
      return;
    }
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, number);
    out.append(buffer, result.ptr);
  } else if (value.IsString()) {
    AppendEscaped(out, value.AsString());
  } else if (value.IsArray()) {
    out += '[';
    bool first = true;
    for (const PlainValue& element : value.AsArray()) {
      if (!first) out += ',';
      first = false;
      AppendJson(out, element);
    }
    out += ']';
  } else {
    out += '{';
    bool first = true;
    for (const auto& [key, member] : value.AsObject()) {
      if (!first) out += ',';
      first = false;
      AppendEscaped(out, key);
      out += ':';
      AppendJson(out, member);
    }
    out += '}';
  }
}

}  // namespace

std::string PlainValue::ToJsonText() const {
  std::string out;
  AppendJson(out, *this);
  return out;
}

}  // namespace cairn::ecs
