#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include <glm/mat4x4.hpp>

namespace cairn::render {

// Which way an instance's triangles turn seen from outside its mesh, once its
// world matrix is applied. Every mesh winds them counter-clockwise (see
// mesh_data.h); a world matrix that mirrors, such as a scale of -1 on one axis
// or on all three, turns them clockwise, so the side a renderer culls must
// turn with them.
enum class Winding : std::uint8_t { CounterClockwise, Clockwise };

inline constexpr std::size_t kWindingCount = 2;
inline constexpr std::array<Winding, kWindingCount> kAllWindings{Winding::CounterClockwise, Winding::Clockwise};

[[nodiscard]] constexpr std::size_t WindingIndex(Winding winding) { return static_cast<std::size_t>(winding); }

// Clockwise when the linear (3x3) part of `world` has a negative determinant.
// A degenerate matrix (determinant 0) counts as CounterClockwise, as in
// shaders/mesh.vert, which decides the same way which side is the outside.
[[nodiscard]] Winding WindingOf(const glm::mat4& world);

}  // namespace cairn::render
