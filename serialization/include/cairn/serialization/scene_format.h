#pragma once
// The names and versions of Cairn's two file formats (docs/scene-format.md,
// docs/runtime.md). A scene file can be migrated from any older version, a
// runtime file from kOldestRuntimeVersion on; a file newer than these is
// refused.

#include <string_view>

namespace cairn::serialization {

inline constexpr std::string_view kSceneFormat = "cairn.scene";
inline constexpr int kSceneVersion = 3;

inline constexpr std::string_view kRuntimeFormat = "cairn.runtime";
inline constexpr int kRuntimeVersion = 2;
// The oldest runtime version still read (migrated as a scene is).
inline constexpr int kOldestRuntimeVersion = 1;

}  // namespace cairn::serialization
