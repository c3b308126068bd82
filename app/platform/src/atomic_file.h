#pragma once

#include <filesystem>
#include <string_view>

namespace cairn::platform::detail {

// Replaces `path` with `bytes`: writes "<path>.tmp", flushes it to disk, then
// renames it over `path`, so a reader sees the old file or the new one, never
// half of one. Throws PlatformError "cannot write <what> '<path>': <reason>".
void WriteFileAtomically(const std::filesystem::path& path, std::string_view bytes, std::string_view what);

}  // namespace cairn::platform::detail
