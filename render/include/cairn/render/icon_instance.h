#pragma once

#include <cstdint>
#include <type_traits>

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "cairn/render/mesh_instance.h"

namespace cairn::render {

enum class IconKind : std::uint32_t { Light = 0, Camera = 1 };

// A screen-aligned, constant-size symbol for an entity that has no mesh of its
// own (lights, cameras). Icons draw over the scene and are pickable.
//
// Streamed to the GPU as it is; the layout is part of the contract with
// shaders/icon.vert.
struct IconInstance {
  glm::vec3 position{0.0f};
  IconKind kind = IconKind::Light;
  glm::vec4 color{1.0f};  // sRGB tint of the symbol
  std::uint32_t pick_id = 0;
  SelectionState selection = SelectionState::None;
};

static_assert(std::is_standard_layout_v<IconInstance>);
static_assert(sizeof(IconInstance) == 40, "IconInstance is streamed to the GPU; keep it tightly packed");

}  // namespace cairn::render
