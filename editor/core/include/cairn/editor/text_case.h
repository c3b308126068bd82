#pragma once
// Case-insensitive matching for searches and sorting: ASCII letters folded to
// lower case, every other byte (UTF-8 included) kept as it is.

#include <string>
#include <string_view>

namespace cairn::editor {

std::string LowerAscii(std::string_view text);

}  // namespace cairn::editor
