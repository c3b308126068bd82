#pragma once
// The names and versions of Cairn's two file formats (docs/scene-format.md,
// docs/runtime.md). A scene file can be migrated from any older version; a
// file newer than these is refused.

#include <string_view>

namespace cairn::serialization {

inline constexpr std::string_view kSceneFormat = "cairn.scene";
inline constexpr int kSceneVersion = 1;

inline constexpr std::string_view kRuntimeFormat = "cairn.runtime";
inline constexpr int kRuntimeVersion = 1;

}  // namespace cairn::serialization
