#pragma once
// Canonical JSON text, appended to a std::string without building a DOM.
// Used by the scene writer, the runtime export and anything else that must
// produce byte-identical output for equal content.
//
// Canonical layout: 2-space indent; an object puts one member per line; an
// array of scalars stays on one line ("[0, 1.5, -2]"), an array holding
// objects or arrays puts one element per line; "{}" and "[]" when empty.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "cairn/serialization/document.h"

namespace cairn::serialization {

// The shortest text that reads back as the same float ("0.1", not
// "0.10000000149011612"), also when read as the nearest double and then
// rounded to float, as the loaders do; -0 is written "-0.0" so it stays
// negative. Precondition: std::isfinite(value).
void AppendFloat(std::string& out, float value);
// The shortest text that reads back as the same double, with ".0" added to
// integral values so they read back as doubles, not integers.
// Precondition: std::isfinite(value).
void AppendDouble(std::string& out, double value);
void AppendInteger(std::string& out, std::int64_t value);
void AppendUnsigned(std::string& out, std::uint64_t value);
// A quoted JSON string. UTF-8 is written as is; '"', '\\' and control
// characters are escaped; each byte of an invalid UTF-8 sequence becomes
// U+FFFD, so the output is always valid JSON.
void AppendString(std::string& out, std::string_view text);
// AppendString's output on its own: "\"door.glb\"" for messages.
std::string Quoted(std::string_view text);
// The length of the valid UTF-8 sequence starting at text[i], or 0 when the
// bytes there are not one (RFC 3629: no overlong forms, no surrogates).
std::size_t Utf8SequenceLength(std::string_view text, std::size_t i);
// A newline and 2 * depth spaces.
void AppendNewline(std::string& out, int depth);
// `value` in the canonical layout, its first line continuing the current one
// and nested lines indented from `depth`. Object members are written in key
// order (Document keeps keys sorted). Precondition: every number is finite
// (ParseDocument guarantees it).
void AppendValue(std::string& out, const Document& value, int depth);

}  // namespace cairn::serialization
