#pragma once

#include <string>
#include <string_view>

namespace cairn::platform::detail {

// Decodes UTF-8 into code points. Throws std::invalid_argument naming the
// byte offset of the first malformed sequence: "invalid UTF-8 at byte 3".
std::u32string DecodeUtf8(std::string_view text);

}  // namespace cairn::platform::detail
