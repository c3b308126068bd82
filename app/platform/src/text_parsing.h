#pragma once

// Small, locale-independent parsers shared by the option and script parsers.

#include <optional>
#include <string>
#include <string_view>

namespace cairn::platform::detail {

// The whole of `text` as a decimal integer (optional leading '-'); nullopt
// for anything else, including overflow and surrounding blanks.
std::optional<int> ParseWholeInt(std::string_view text);

// The whole of `text` as a finite decimal number ("12", "-3.5", "1e2").
std::optional<float> ParseFiniteFloat(std::string_view text);

// ASCII lower case; other bytes unchanged.
std::string AsciiLower(std::string_view text);

// Shortest text that reads back as the same float.
std::string FormatFloat(float value);

// `text` in single quotes, for messages: 'Ctrl+S'.
std::string Quoted(std::string_view text);

}  // namespace cairn::platform::detail
