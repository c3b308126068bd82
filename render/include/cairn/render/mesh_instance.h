#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

namespace cairn::render {

// How an instance takes part in the selection. The primary selection is the
// one the inspector and gizmo act on; it gets a distinct outline colour.
enum class SelectionState : std::uint32_t { None = 0, Selected = 1, Primary = 2 };

// One mesh to draw. `pick_id` is what Renderer::PickAt returns for its pixels;
// 0 means "nothing" and makes the instance unpickable.
//
// The renderer streams arrays of this struct to the GPU as they are, so the
// layout is part of the contract with shaders/mesh.vert.
struct MeshInstance {
  glm::mat4 world{1.0f};
  glm::vec4 color{1.0f};  // sRGB, alpha ignored (meshes are opaque)
  std::uint32_t pick_id = 0;
  SelectionState selection = SelectionState::None;
};

static_assert(std::is_standard_layout_v<MeshInstance>);
static_assert(sizeof(MeshInstance) == 88, "MeshInstance is streamed to the GPU; keep it tightly packed");

}  // namespace cairn::render
