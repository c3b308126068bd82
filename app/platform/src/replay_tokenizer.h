#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cairn::platform::detail {

// Splits one replay script line into words. Words are separated by spaces or
// tabs; a "double-quoted" word may hold blanks and '#' and understands the
// escapes \" \\ \n \t. A '#' that starts a word outside quotes comments out
// the rest of the line. Throws std::invalid_argument: "unterminated string",
// "unknown escape '\q' in string", "missing blank after closing quote".
std::vector<std::string> TokenizeReplayLine(std::string_view line);

}  // namespace cairn::platform::detail
