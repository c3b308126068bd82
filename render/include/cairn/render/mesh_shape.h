#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace cairn::render {

// The built-in meshes. All are unit sized and centred on the origin, except
// Plane, which lies on XZ at y = 0 facing +Y.
enum class MeshShape { Cube, Sphere, Plane, Cylinder, Cone };

inline constexpr std::size_t kMeshShapeCount = 5;
inline constexpr std::array<MeshShape, kMeshShapeCount> kAllMeshShapes{
    MeshShape::Cube, MeshShape::Sphere, MeshShape::Plane, MeshShape::Cylinder, MeshShape::Cone};

// Lower-case name as used in scene files ("cube", "sphere", ...).
[[nodiscard]] std::string_view MeshShapeName(MeshShape shape);
// Inverse of MeshShapeName; nullopt for an unknown name (compared exactly).
[[nodiscard]] std::optional<MeshShape> MeshShapeFromName(std::string_view name);

[[nodiscard]] constexpr std::size_t MeshShapeIndex(MeshShape shape) { return static_cast<std::size_t>(shape); }

}  // namespace cairn::render
