#pragma once

#include <filesystem>

struct ImGuiIO;

namespace cairn::platform::detail {

// Adds the UI font to io.Fonts: the TrueType file at `path` at `pixels` size,
// with Latin-1 and the symbols Cairn's panels use (dashes, bullet, ellipsis,
// arrows, check mark). Falls back to ImGui's built-in font when the file is
// missing or cannot be read. Returns true when the fallback was used.
bool AddUiFont(ImGuiIO& io, const std::filesystem::path& path, float pixels);

}  // namespace cairn::platform::detail
